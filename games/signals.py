"""Signal wiring of the games app (connected in ``GamesConfig.ready``): a result, a game's moves, a
claim or a ruling that changes bumps its tournament's version (``tournaments.versioning``).

A new pending or a rejected submission changes nothing shown outside the game's players and
arbiters; games, submissions, claims and rulings are deleted only with their board's round,
which bumps for all of them.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_save

from games.models import DrawClaim, IrregularityRuling
from tournaments.models import Board, Game, ResultSubmission
from tournaments.versioning import bump


def _bump_for_game(game_id: int, game: Game | None = None) -> None:
    """Bump the game's tournament; a game already loaded with its board and round saves the lookup."""
    if game is not None and game.pk == game_id and Game.board.is_cached(game) and Board.round.is_cached(game.board):
        bump(game.board.round.tournament_id)
        return
    bump(Board.objects.filter(games=game_id).values_list("round__tournament_id", flat=True))


def _loaded_game(instance: ResultSubmission | DrawClaim | IrregularityRuling) -> Game | None:
    return instance.game if type(instance).game.is_cached(instance) else None


def _submission_saved(sender: type, instance: ResultSubmission, created: bool = False, **kwargs: Any) -> None:
    if instance.status == ResultSubmission.Status.REJECTED or (
        created and instance.status == ResultSubmission.Status.PENDING
    ):
        return
    _bump_for_game(instance.game_id, _loaded_game(instance))


def _game_saved(sender: type, instance: Game, **kwargs: Any) -> None:
    bump(Board.objects.filter(pk=instance.board_id).values_list("round__tournament_id", flat=True))


def _game_part_saved(sender: type, instance: DrawClaim | IrregularityRuling, **kwargs: Any) -> None:
    _bump_for_game(instance.game_id, _loaded_game(instance))


def connect() -> None:
    """Connect the receivers (idempotent: each has a dispatch uid)."""
    post_save.connect(_submission_saved, sender=ResultSubmission, dispatch_uid="version_submission")
    post_save.connect(_game_saved, sender=Game, dispatch_uid="version_game")
    post_save.connect(_game_part_saved, sender=DrawClaim, dispatch_uid="version_draw_claim")
    post_save.connect(_game_part_saved, sender=IrregularityRuling, dispatch_uid="version_ruling")
