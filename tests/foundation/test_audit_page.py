"""The audit log page of a tournament: readable by its arbiters, paginated."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments import audit
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _url(tournament):
    return reverse("tournament_audit", args=[tournament.slug])


def test_arbiter_reads_who_what_and_before_after(login, arbiter, chief_arbiter, tournament, published_round):
    audit.record(chief_arbiter, tournament, "publish_round", published_round, before="draft", after="published")
    body = login(arbiter).get(_url(tournament)).content.decode()
    assert "publish_round" in body
    assert "Clara Chef" in body  # who: the chief arbiter's full name
    assert "draft" in body and "published" in body
    assert "Club Open – round 1" in body


def test_entries_of_other_tournaments_are_not_shown(login, arbiter, tournament, other_tournament):
    audit.record(arbiter, other_tournament, "secret_action", other_tournament)
    audit.record(arbiter, tournament, "visible_action", tournament)
    body = login(arbiter).get(_url(tournament)).content.decode()
    assert "visible_action" in body and "secret_action" not in body


def test_audit_log_is_paginated_newest_first(login, arbiter, tournament):
    for i in range(55):
        audit.record(arbiter, tournament, f"action_{i:02d}", tournament)
    client = login(arbiter)
    first = client.get(_url(tournament)).content.decode()
    assert "<code>action_54</code>" in first and "<code>action_04</code>" not in first
    assert "Page 1 of 2" in first
    second = client.get(_url(tournament) + "?page=2").content.decode()
    assert "<code>action_04</code>" in second and "<code>action_54</code>" not in second


def test_audit_log_filters_by_action(login, arbiter, tournament):
    audit.record(arbiter, tournament, "pair_round", tournament)
    audit.record(arbiter, tournament, "confirm_result", tournament)
    body = login(arbiter).get(_url(tournament) + "?action=pair_round").content.decode()
    assert "<code>pair_round</code>" in body and "<code>confirm_result</code>" not in body


def test_a_bad_page_number_shows_the_last_page_not_an_error(login, arbiter, tournament):
    audit.record(arbiter, tournament, "only_action", tournament)
    response = login(arbiter).get(_url(tournament) + "?page=99")
    assert response.status_code == 200 and "only_action" in response.content.decode()


def test_appointing_shows_up_in_the_audit_log(login, chief_arbiter, outsider, tournament):
    client = login(chief_arbiter)
    client.post(
        reverse("tournament_arbiters", args=[tournament.slug]),
        {"action": "appoint", "username": "outsider", "kind": "arbiter"},
    )
    assert AuditEntry.objects.filter(action="appoint_arbiter").count() == 1
    assert "appoint_arbiter" in client.get(_url(tournament)).content.decode()


def test_the_log_reads_in_plain_words(login, chief_arbiter, tournament, settings):
    """Issue 12: "Henk Scholten changed the start date from 4 Sep 2026 to (empty)", no codes, no "slug"."""
    import datetime

    from tournaments.services.registration import update_tournament

    update_tournament(chief_arbiter, tournament, {"start_date": None, "place": "Zeist"})
    body = login(chief_arbiter).get(_url(tournament)).content.decode()
    assert "Changed the settings" in body and "Clara Chef" in body
    assert "Start date from Nov. 20, 2026 to (empty)" in body  # the English date format
    assert "Place from Utrecht to Zeist" in body
    assert "start_date=" not in body
    assert datetime.date(2026, 11, 20)  # the fixture's start date, written out above


def test_the_log_reads_in_german(login, chief_arbiter, tournament):
    from tournaments.services.registration import update_tournament

    update_tournament(chief_arbiter, tournament, {"place": "Zeist"})
    body = login(chief_arbiter).get(_url(tournament), headers={"accept-language": "de"}).content.decode()
    assert "Hat die Einstellungen geändert" in body
    assert "Ort von Utrecht zu Zeist" in body
