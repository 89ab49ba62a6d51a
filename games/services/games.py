"""Finding and creating games for boards, and who is who in a game."""

from __future__ import annotations

from django.db import transaction
from django.db.models import BooleanField, Q
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _

from games.models import Game
from games.permissions import captained_colour
from games.services import User
from tournaments.models import Board, Entry, Round, Tournament
from tournaments.services.rounds import make_games


def draft_refusal(rnd: Round) -> str | None:
    """Why the games of ``rnd`` take no result, moves or game file yet (a draft: games attach to published
    boards only), or None when they do. The one wording of the rule for every service that stores."""
    if not rnd.is_draft:
        return None
    return _("Round %(n)s is a draft: results can only be stored once it is published.") % {"n": rnd.number}


def games_of_board(board: Board) -> list[Game]:
    """The games ``board`` holds, in order, created on first use (``make_games``). A bye holds none."""
    if not board.is_encounter:
        return []
    games = list(board.games.select_related("white", "black").order_by("number"))
    if not games:
        with transaction.atomic():
            make_games(board.round.tournament, [board])
        games = list(board.games.select_related("white", "black").order_by("number"))
    return games


def game_for_board(board: Board, number: int = 1) -> Game:
    """Game ``number`` of ``board`` (the only game of an individual pairing), created on first use.
    A bye, or a number the pairing does not hold: ValueError."""
    for game in games_of_board(board):
        if game.number == number:
            return game
    raise ValueError(f"board {board.number} holds no game {number}")


def entry_of_user(game: Game, user: User) -> Entry | None:
    """The entry (White or Black) played by ``user`` in ``game``, or, in a team match, the entry of the
    team ``user`` captains (``games.permissions.captained_colour``); None otherwise."""
    if user is None or not user.is_authenticated:
        return None
    for entry in (game.white, game.black):
        if entry is not None and entry.user_id == user.pk:
            return entry
    colour = captained_colour(user, game)
    if colour is not None:
        return game.white if colour == "w" else game.black
    return None


def side_of_entry(game: Game, entry: Entry | None) -> str | None:
    """'W' or 'B' for the entry's colour in ``game``; None if it does not play it."""
    if entry is None:
        return None
    if game.white_id == entry.pk:
        return "W"
    if game.black_id == entry.pk:
        return "B"
    return None


# Whether an entry has a pairing of a (published) round whose games were never made: an encounter (no bye,
# two players) without a game row. Parameters: the tournament, whether drafts count, the draft status, the
# entry twice. Written out and asked inside the games' own query: as an ORM query of its own it cost My
# games a second query (0.9 ms of Python) for a check that almost never finds anything (issue 30).
_BARE_BOARDS_SQL = (
    "EXISTS (SELECT 1 FROM tournaments_board b JOIN tournaments_round r ON r.id = b.round_id"
    " LEFT JOIN games_game g ON g.board_id = b.id"
    " WHERE r.tournament_id = %s AND (%s OR r.status <> %s) AND b.bye_kind = '' AND b.black_id IS NOT NULL"
    " AND (b.white_id = %s OR b.black_id = %s) AND g.id IS NULL)"
)


def games_of_entry(entry: Entry, *, published_only: bool = True) -> list[Game]:
    """The entry's games (not byes), newest round first, then board and game order (one query; two when
    the entry has no games). A pairing of the entry's whose games were never made (a draft) gets them first."""
    tournament = entry.tournament  # the caller's object when it loaded the entry with it (no query)
    rounds = Round.objects.filter(tournament_id=entry.tournament_id)
    if published_only:
        rounds = rounds.exclude(status=Round.Status.DRAFT)
    mine = Q(white=entry) | Q(black=entry)
    # Sorted here rather than by the database: an ORDER BY over the joined round and board cost a
    # third of the query's Python (issue 30); a player has a game or two per round.
    read = (Game.objects.filter(board__round__in=rounds).filter(mine).select_related("board__round", "white", "black")
            .order_by())
    # Every row says whether bare pairings exist (the same answer on each); no row: asked on its own.
    params = (entry.tournament_id, not published_only, Round.Status.DRAFT.value, entry.pk, entry.pk)
    checked = read.annotate(bare_boards=RawSQL(_BARE_BOARDS_SQL, params, BooleanField()))  # noqa: S611 (constant)
    games: list[Game] = list(checked)
    if not games or getattr(games[0], "bare_boards", True):
        bare = list(Board.objects.filter(round__in=rounds, bye_kind="", black__isnull=False, games__isnull=True)
                    .filter(mine).select_related("round"))
        if bare:
            with transaction.atomic():
                make_games(tournament, bare)
            games = list(read)
    # The tournament is not joined again (58 columns per game): every game gets the one already loaded.
    for game in games:
        game.board.round.tournament = tournament
    games.sort(key=lambda g: (-g.board.round.number, g.board.number, g.number))
    return games


def entries_of_user(tournament: Tournament, user: User) -> list[Entry]:
    """The user's entries in ``tournament`` (usually one)."""
    if user is None or not user.is_authenticated:
        return []
    return list(Entry.objects.filter(tournament=tournament, user=user).select_related("player"))


def profile_name(game: Game) -> str:
    """The rule profile of the game's tournament (e.g. 'international')."""
    return game.board.round.tournament.rule_profile or "international"
