"""A player's submission is short work: a bounded number of queries, and the version bump of the
right tournament without looking the game up again (issue 18: submissions stay fast while the hall
watches)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game, ResultSubmission
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def _game(published_round):
    board = published_round.boards.get(number=1)
    return Game.objects.get_or_create(board=board)[0]


def test_replacing_ones_own_waiting_version_is_bounded_and_moves_no_version(
        published_round, player, other_tournament, login, django_assert_max_num_queries):
    """The second submission replaces the player's first (audited) and, like a first submission, moves
    no tournament's version: waiting results are on no page its version keys (issue 30's load test).
    Queries, hand-counted: game (with board, round, tournament and both players), session, user, role;
    the transaction (a savepoint inside the test's): savepoint, the game's lock, one read of its waiting and
    confirmed versions with the highest version and the newest moves (no moves sent: the game keeps them),
    savepoint, insert, release, the replaced version's update, the audit insert, release: 13 (17 before
    issue 30's headroom work: the confirmed-result check, the newest moves, the opponent's waiting version,
    the highest version and this side's waiting ones were five reads)."""
    game = _game(published_round)
    client = login(player)
    url = reverse("games:submit", args=[game.pk])
    client.post(url, {"result": "2-0", "termination": "normal"})
    client.post(url, {"result": "2-0", "termination": "normal"})  # a first replacement warms the caches
    before = Tournament.objects.get(pk=published_round.tournament_id).version
    other_before = Tournament.objects.get(pk=other_tournament.pk).version
    with django_assert_max_num_queries(13):
        response = client.post(url, {"result": "1-1", "termination": "normal"})
    assert response.status_code == 302
    statuses = list(ResultSubmission.objects.filter(game=game).order_by("version").values_list("status", "result"))
    assert statuses[-1] == (ResultSubmission.Status.PENDING, "1-1")
    assert all(s == ResultSubmission.Status.SUPERSEDED for s, _r in statuses[:-1])
    assert Tournament.objects.get(pk=published_round.tournament_id).version == before
    assert Tournament.objects.get(pk=other_tournament.pk).version == other_before
