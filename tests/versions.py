"""For tests that change rows directly (not through an audited service action): announce the change as
the services do (``tournaments.audit.record`` bumps the version of the tournament the row belongs to)."""

from __future__ import annotations

from games.models import Game, ResultSubmission
from tournaments.models import Board, Entry, Round, Tournament
from tournaments.versioning import bump


def changed(obj: object) -> None:
    """Advance the version of the tournament ``obj`` (a tournament or one of its rows) belongs to."""
    if isinstance(obj, Tournament):
        bump(obj.pk)
    elif isinstance(obj, Entry | Round):
        bump(obj.tournament_id)
    elif isinstance(obj, Board):
        bump(obj.round.tournament_id)
    elif isinstance(obj, Game):
        bump(obj.board.round.tournament_id)
    elif isinstance(obj, ResultSubmission):
        bump(obj.game.board.round.tournament_id)
    else:
        raise TypeError(f"no tournament for {obj!r}")
