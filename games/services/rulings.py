"""The arbiter's rulings on flagged plies: the move "stands" or is "corrected to <legal move>".

The arbiter package decides what is allowed (``arbiter.rulings``): a correction must be a legal
move in the position before the ply, and after a further move only if the opponent demanded it in
time (FMJD 5.4). A refused ruling is not stored; its reason is raised as GameError. A stored ruling
re-validates the game and is audit-logged in the same transaction.
"""

from __future__ import annotations

from typing import cast

from django.db import transaction
from django.utils.translation import gettext as _

from arbiter.validator import Ruling
from games.models import Game, IrregularityRuling
from games.permissions import is_game_arbiter
from games.services import GameError, User
from games.services.games import profile_name
from games.services.validation import Decision, check_moves, rulings_of, translate_message, validate_game
from tournaments.audit import record
from tournaments.versioning import game_moved


def rule_irregularity(
    game: Game,
    ply: int,
    decision: str,
    user: User,
    *,
    corrected_move: str = "",
    comment: str = "",
    demanded_in_time: bool = False,
) -> IrregularityRuling:
    """Store (or replace) the ruling on ``ply`` after the validator accepts it; re-validate the game.

    Raises GameError (translated reason) when ``user`` is not an arbiter of the tournament or the
    validator refuses the ruling (no irregularity at that ply, an illegal correction, too late).
    """
    if not is_game_arbiter(user, game):
        raise GameError(_("Only an arbiter of this tournament may rule on irregularities."))
    if decision not in IrregularityRuling.Decision.values:
        raise GameError(_("The decision must be 'stands' or 'corrected'."))
    corrected_move = corrected_move.strip() if decision == IrregularityRuling.Decision.CORRECTED else ""
    new = Ruling(ply, cast(Decision, decision), corrected_move or None, comment,  # one of the two, checked above
                 demanded_in_time=demanded_in_time)
    others = [r for r in rulings_of(game) if r.ply != ply]
    chk = check_moves(game.moves, profile_name(game), game.start_fen, rulings=[*others, new])
    if chk.report is None:
        raise GameError("; ".join(str(e["message"]) for e in chk.errors))
    for err in chk.report.ruling_errors:
        if err.ruling.ply == ply:
            raise GameError(translate_message(err.message_template, err.params))
    with transaction.atomic():
        previous = IrregularityRuling.objects.filter(game=game, ply=ply).first()
        before = "" if previous is None else (f"ply={ply}; decision={previous.decision}; "
                                              f"corrected_move={previous.corrected_move}; comment={previous.comment}")
        ruling, _created = IrregularityRuling.objects.update_or_create(
            game=game,
            ply=ply,
            defaults={
                "decision": decision,
                "corrected_move": chk.report.corrections.get(ply, corrected_move),
                "comment": comment,
                "demanded_in_time": demanded_in_time,
                "ruled_by": user,
            },
        )
        game.validation = validate_game(game)
        game.save(update_fields=["validation", "updated_at"])
        game_moved(game.pk)
        record(user, game.board.round.tournament, "irregularity_ruling", game, before=before,
               after=f"ply={ply}; decision={decision}; corrected_move={ruling.corrected_move}; comment={comment}")
    return ruling
