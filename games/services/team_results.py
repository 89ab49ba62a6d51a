"""A team that does not show (issue 27): it loses every board of the match by forfeit.

``record_no_show(board, team, user)``: an arbiter records that ``team`` (one of the match's two teams)
did not show: each board game of the match gets the present player's forfeit win (``+-`` or ``-+`` by
the colour the sequence gave the absent team on that board, ``vocabulary.board_colour``), entered and
confirmed at once through the result workflow (each audited as a result entry). Refused when a board
of the match already has a result (change those boards one by one), for a team not in the match, or a
match of a draft round. A match lost without any board played scores the event's "absent" match points
(``vocabulary.match_points``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import ResultSubmission
from games.services import GameError, User
from games.services.results import record_forfeit
from tournaments.models import Board, Team
from tournaments.vocabulary import BLACK_WINS_FORFEIT, WHITE_WINS_FORFEIT, board_colour


@transaction.atomic
def record_no_show(board: Board, team: Team, user: User) -> list[ResultSubmission]:
    """Every board of the match lost by ``team`` by forfeit (see the module docstring)."""
    if board.round.is_draft:
        raise GameError(_("Round %(n)s is a draft: results can only be stored once it is published.")
                        % {"n": board.round.number})
    if team.pk not in (board.white_team_id, board.black_team_id) or board.bye_kind:
        raise GameError(_("%(team)s does not play this match.") % {"team": team.name})
    games = list(board.games.order_by("number"))
    if ResultSubmission.objects.filter(game__in=games).exists():
        raise GameError(_("A board of this match already has a result: change the boards one by one."))
    sequence = board.round.tournament.board_colours
    out = []
    for game in games:
        home = board_colour(game.number, sequence)
        absent_colour = home if team.pk == board.white_team_id else ("b" if home == "w" else "w")
        result = BLACK_WINS_FORFEIT if absent_colour == "w" else WHITE_WINS_FORFEIT
        out.append(record_forfeit(game, result, user))
    return out
