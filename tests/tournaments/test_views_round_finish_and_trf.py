"""Arbiter pages: finishing a round (sign-off, audit-logged) and downloading the tournament as TRF."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import AuditEntry, Round, Tournament
from tournaments.trf.reader import read_trf

pytestmark = pytest.mark.django_db


def _finish(client, tournament, number=1):
    return client.post(reverse("tournaments:finish_round", args=[tournament.slug, number]), follow=True)


def test_chief_arbiter_finishes_a_round_whose_games_all_have_confirmed_results(
    tournament, published_round, set_result, login, chief_arbiter
):
    set_result(published_round.boards.get(number=1), "2-0")
    set_result(published_round.boards.get(number=2), "1-1")
    response = _finish(login(chief_arbiter), tournament)
    assert "Round 1 finished." in response.content.decode()
    published_round.refresh_from_db()
    assert published_round.status == Round.Status.FINISHED
    entry = AuditEntry.objects.get(action="round.finish")
    assert (entry.actor, entry.before, entry.after) == (chief_arbiter, "status=published", "status=finished")


def test_a_round_with_a_pending_result_is_not_finished_and_the_board_is_named(
    tournament, published_round, set_result, login, chief_arbiter
):
    set_result(published_round.boards.get(number=1), "2-0")
    set_result(published_round.boards.get(number=2), "1-1", status="pending")
    body = _finish(login(chief_arbiter), tournament).content.decode()
    assert "Round 1 cannot be finished: 1 game has no confirmed result." in body  # issue 24: no "game(s)"
    assert "Board 2: Lefèvre, Amélie (3) – Иванов, Сергей (4) has no confirmed result." in body
    published_round.refresh_from_db()
    assert published_round.status == Round.Status.PUBLISHED
    assert not AuditEntry.objects.filter(action="round.finish").exists()


def test_a_draft_round_cannot_be_finished(tournament, published_round, login, chief_arbiter):
    published_round.status = Round.Status.DRAFT
    published_round.save()
    body = _finish(login(chief_arbiter), tournament).content.decode()
    assert "publish it before finishing it" in body
    published_round.refresh_from_db()
    assert published_round.status == Round.Status.DRAFT


def test_finishing_the_last_planned_round_finishes_the_tournament(
    tournament, published_round, set_result, login, arbiter
):
    tournament.rounds_planned = 1
    tournament.save()
    for board in published_round.boards.all():
        set_result(board, "0-2")
    _finish(login(arbiter), tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert AuditEntry.objects.filter(action="tournament.finish", after="status=finished").exists()
    body = _finish(login(arbiter), tournament).content.decode()
    assert "Round 1 is already finished." in body


def test_round_page_counts_the_games_still_missing_a_result(
    tournament, published_round, set_result, login, arbiter
):
    set_result(published_round.boards.get(number=1), "2-0")
    url = reverse("tournaments:round", args=[tournament.slug, 1])
    response = login(arbiter).get(url)
    assert response.context["n_missing"] == 1
    assert "1 game still has no confirmed result." in response.content.decode()


def test_outsider_and_player_cannot_finish_a_round(tournament, published_round, login, outsider, player):
    for user in (outsider, player):
        response = login(user).post(reverse("tournaments:finish_round", args=[tournament.slug, 1]))
        assert response.status_code == 403
    published_round.refresh_from_db()
    assert published_round.status == Round.Status.PUBLISHED


@pytest.mark.parametrize("flavour", ["trf26", "trf16"])
def test_arbiter_downloads_the_tournament_as_trf(tournament, published_round, set_result, login, arbiter, flavour):
    set_result(published_round.boards.get(number=1), "2-0")
    set_result(published_round.boards.get(number=2), "1-1")
    response = login(arbiter).get(reverse("tournaments:export_trf", args=[tournament.slug, flavour]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="{tournament.slug}-{flavour}-r1.trf"'
    trf = read_trf(response.content.decode("utf-8"))
    by_start = {p.start: p for p in trf.players}
    assert by_start[1].cells[0].opponent == 2 and by_start[1].cells[0].result == "1"
    assert by_start[4].name == "Иванов, Сергей" and by_start[4].cells[0].result == "="
    assert [by_start[n].points for n in (1, 2, 3, 4)] == [2.0, 0.0, 1.0, 1.0]
    has_bb = any(line.startswith("BBW") for line in response.content.decode().splitlines())
    assert has_bb == (flavour == "trf16")


def test_unknown_trf_flavour_is_a_404_and_outsiders_are_refused(tournament, login, arbiter, outsider):
    assert login(arbiter).get(reverse("tournaments:export_trf", args=[tournament.slug, "trf99"])).status_code == 404
    assert login(outsider).get(reverse("tournaments:export_trf", args=[tournament.slug, "trf26"])).status_code == 403
