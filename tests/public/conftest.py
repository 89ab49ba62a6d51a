"""Fixtures of the public pages: rounds with confirmed results, isolated media and cache."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.versions import changed


@pytest.fixture(autouse=True)
def _isolated(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def play(db):
    """``play(tournament, number, [(white, black, result), ...], byes=[entry], status=...)`` stores a round.

    Every game gets a Game and one submission: confirmed unless its result is given as
    ``("pending", "2-0")``.
    """
    from games.models import Game, ResultSubmission
    from tournaments.models import Board, Round

    def do(tournament, number, games, byes=(), status=Round.Status.PUBLISHED):
        rnd = Round.objects.create(tournament=tournament, number=number, status=status)
        n = 0
        for n, (white, black, result) in enumerate(games, start=1):
            board = Board.objects.create(round=rnd, number=n, white=white, black=black)
            game = Game.objects.create(board=board)
            state = ResultSubmission.Status.CONFIRMED
            if isinstance(result, tuple):
                state, result = result
            ResultSubmission.objects.create(game=game, result=result, status=state)
        for i, entry in enumerate(byes, start=n + 1):
            Board.objects.create(round=rnd, number=i, white=entry, bye_kind=Board.ByeKind.PAB)
        changed(tournament)  # what an arbiter's audited pairing and results do
        return rnd

    return do


@pytest.fixture
def two_rounds(tournament, entries, play):
    """Round 1: Jansen 2-0 Müller, Lefèvre 1-1 Иванов; round 2: Иванов 0-2 Jansen, Müller 2-0 Lefèvre.

    Scores: Jansen 4, Müller 2, Lefèvre 1, Иванов 1.
    """
    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, "1-1")])
    play(tournament, 2, [(d, a, "0-2"), (b, c, "2-0")])
    return entries
