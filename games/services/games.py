"""Finding and creating games for boards, and who is who in a game."""

from __future__ import annotations

from django.db import transaction

from games.services import User
from tournaments.models import Board, Entry, Game, Round, Tournament


def game_for_board(board: Board) -> Game:
    """The game of ``board``, created (empty) on first use. Byes have no game: ValueError."""
    if board.is_bye or board.black_id is None:
        raise ValueError(f"board {board.number} is a bye and has no game")
    try:
        return board.game
    except Game.DoesNotExist:
        pass
    with transaction.atomic():
        game, _created = Game.objects.get_or_create(board=board)
    return game


def entry_of_user(game: Game, user: User) -> Entry | None:
    """The entry (White or Black) played by ``user`` in ``game``, or None."""
    if user is None or not user.is_authenticated:
        return None
    for entry in (game.board.white, game.board.black):
        if entry is not None and entry.user_id == user.pk:
            return entry
    return None


def side_of_entry(game: Game, entry: Entry | None) -> str | None:
    """'W' or 'B' for the entry's colour in ``game``; None if it does not play it."""
    if entry is None:
        return None
    if game.board.white_id == entry.pk:
        return "W"
    if game.board.black_id == entry.pk:
        return "B"
    return None


def games_of_entry(entry: Entry, *, published_only: bool = True) -> list[Game]:
    """The entry's games (not byes), newest round first, creating missing Game rows."""
    boards = (
        Board.objects.filter(round__tournament=entry.tournament, black__isnull=False)
        .filter(bye_kind="")
        .select_related("round", "white", "black", "game")
        .order_by("-round__number", "number")
    )
    boards = boards.filter(white=entry) | boards.filter(black=entry)
    if published_only:
        boards = boards.exclude(round__status=Round.Status.DRAFT)
    return [game_for_board(b) for b in boards]


def entries_of_user(tournament: Tournament, user: User) -> list[Entry]:
    """The user's entries in ``tournament`` (usually one)."""
    if user is None or not user.is_authenticated:
        return []
    return list(Entry.objects.filter(tournament=tournament, user=user).select_related("player"))


def profile_name(game: Game) -> str:
    """The rule profile of the game's tournament (e.g. 'international')."""
    return game.board.round.tournament.rule_profile or "international"
