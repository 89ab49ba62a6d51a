"""Issue 12: results typed by board number on the arbiter's results page (``4 2-0``)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.services.games import game_for_board
from games.services.results import confirmed_submission, enter_result
from games.services.typed_results import enter_typed_results
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def confirmed(published_round, number):
    sub = confirmed_submission(game_for_board(published_round.boards.get(number=number)))
    return sub.result if sub else None


def test_typed_results_are_entered_confirmed_and_audited(published_round, arbiter):
    entries = enter_typed_results(published_round, "1 2-0; 2: ½-½", arbiter)
    assert [(e.board, e.ok) for e in entries] == [(1, True), (2, True)]
    assert entries[0].message == "Board 1: Jansen, Piet – Müller, Jürgen 2-0."
    assert (confirmed(published_round, 1), confirmed(published_round, 2)) == ("2-0", "1-1")
    assert AuditEntry.objects.filter(action="result.enter").count() == 2


def test_forfeits_are_typed_too(published_round, arbiter):
    (entry,) = enter_typed_results(published_round, "2 -+", arbiter)
    assert entry.ok and confirmed(published_round, 2) == "-+"


@pytest.mark.parametrize(("typed", "message"), [
    ("9 2-0", "Board 9: there is no such board in this round."),
    ("1 3-0", "Board 1: “3-0” is no result; use 2-0, 1-1, 0-2, +-, -+, -- or 0-0."),
    ("2-0", "“2-0”: write the board number, then the result, e.g. 4 2-0."),
])
def test_a_slip_is_refused_with_its_board_and_nothing_changes(published_round, arbiter, typed, message):
    (entry,) = enter_typed_results(published_round, typed, arbiter)
    assert not entry.ok and entry.message == message
    assert confirmed(published_round, 1) is None


def test_a_typed_result_never_overwrites_a_confirmed_one(published_round, arbiter):
    enter_result(game_for_board(published_round.boards.get(number=1)), "0-2", arbiter)
    same, other = enter_typed_results(published_round, "1 0-2\n1 2-0", arbiter)
    assert same.ok and "already the result" in same.message
    assert not other.ok and other.message == "Board 1 already has the result 0-2: open the game to change it."
    assert confirmed(published_round, 1) == "0-2"


def test_the_results_page_box_gives_back_the_refused_entries_with_the_cursor(login, arbiter, tournament,
                                                                             published_round):
    client = login(arbiter)
    page = client.get(reverse("games:results", args=[tournament.slug])).content.decode()
    assert 'name="typed"' in page and "Type results of round 1 by board number" in page
    response = client.post(reverse("games:typed_results", args=[tournament.slug, 1]), {"typed": "1 2-0; 7 1-1"})
    assert response["Location"].endswith("?round=1&typed=1")  # no fragment: it would defeat autofocus (item 21)
    after = client.get(response["Location"]).content.decode()
    assert "Board 1: Jansen, Piet – Müller, Jürgen 2-0." in after and "Board 7: there is no such board" in after
    assert 'value="7 1-1"' in after and "autofocus" in after
    assert confirmed(published_round, 1) == "2-0"


def test_players_cannot_type_results(login, player, tournament, published_round):
    response = login(player).post(reverse("games:typed_results", args=[tournament.slug, 1]), {"typed": "1 2-0"})
    assert response.status_code == 403 and confirmed(published_round, 1) is None


@pytest.mark.parametrize("name", ["games:results", "games:links", "games:import"])
def test_the_arbiters_games_pages_keep_the_tournament_menu(login, arbiter, tournament, published_round, name):
    page = login(arbiter).get(reverse(name, args=[tournament.slug])).content.decode()
    assert 'class="subnav"' in page and reverse("tournaments:rounds", args=[tournament.slug]) in page
