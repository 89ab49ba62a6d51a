"""Helpers for the tournament web/services tests: entries, rounds, results."""

from __future__ import annotations

import pytest


@pytest.fixture
def add_entries(db):
    """``add_entries(tournament, n)`` creates n numbered entries (ratings descending)."""
    from tournaments.models import Entry, Player

    def make(tournament, n: int, *, start: int = 1, numbered: bool = True):
        out = []
        for i in range(start, start + n):
            p = Player.objects.create(name=f"Player {i:03d}", rating=2000 - i)
            out.append(
                Entry.objects.create(
                    tournament=tournament, player=p, rating=p.rating, start_number=i if numbered else None
                )
            )
        return out

    return make


@pytest.fixture
def set_result(db):
    """``set_result(board, result, status="confirmed")`` stores a submission for the board's game."""
    from games.models import Game, ResultSubmission

    def do(board, result: str, status: str = "confirmed"):
        game, _ = Game.objects.get_or_create(board=board)
        version = game.submissions.count() + 1
        return ResultSubmission.objects.create(game=game, version=version, result=result, status=status)

    return do
