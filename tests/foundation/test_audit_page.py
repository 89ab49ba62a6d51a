"""The audit log page of a tournament: readable by its arbiters, paginated."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.english import english_in, identifiers, page_texts
from tournaments import audit
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _url(tournament):
    return reverse("tournament_audit", args=[tournament.slug])


def test_arbiter_reads_who_what_and_before_after(login, arbiter, chief_arbiter, tournament, published_round):
    audit.record(chief_arbiter, tournament, "round.publish", published_round, before="status=draft",
                 after="status=published")
    body = login(arbiter).get(_url(tournament)).content.decode()
    assert "Published a round" in body and "round.publish" not in " ".join(page_texts(body).texts)
    assert "Clara Chef" in body  # who: the chief arbiter's full name
    assert "Status from Draft to Published" in body
    assert "Published a round</strong>: round 1" in body


def test_entries_of_other_tournaments_are_not_shown(login, arbiter, tournament, other_tournament):
    audit.record(arbiter, other_tournament, "secret_action", other_tournament)
    audit.record(arbiter, tournament, "visible_action", tournament)
    body = login(arbiter).get(_url(tournament)).content.decode()
    assert "visible_action" in body and "secret_action" not in body


def test_audit_log_is_paginated_newest_first(login, arbiter, tournament):
    """Unknown codes (an entry of another version) are shown as stored: a handle for this test."""
    for i in range(55):
        audit.record(arbiter, tournament, f"action_{i:02d}", tournament)
    client = login(arbiter)
    first = client.get(_url(tournament)).content.decode()
    assert "<strong>Action_54</strong>" in first and "<strong>Action_04</strong>" not in first
    assert "Page 1 of 2" in first
    second = client.get(_url(tournament) + "?page=2").content.decode()
    assert "<strong>Action_04</strong>" in second and "<strong>Action_54</strong>" not in second


def test_audit_log_filters_by_action(login, arbiter, tournament):
    audit.record(arbiter, tournament, "round.pair", tournament)
    audit.record(arbiter, tournament, "result.confirm", tournament)
    body = login(arbiter).get(_url(tournament) + "?action=round.pair").content.decode()
    assert "<strong>Paired a round</strong>" in body and "<strong>Confirmed a result</strong>" not in body


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
    body = client.get(_url(tournament)).content.decode()
    assert "Appointed an arbiter" in body and "Role: Arbiter" in body
    assert "appoint_arbiter" not in " ".join(page_texts(body).texts)


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


def _record_calls():
    """The action codes of every ``record(...)`` call in the program: constants, and the constant
    start of f-strings (``f"result.correction_{verdict}"``)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    found = []
    for folder in ("tournaments", "games", "config"):
        for path in (root / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or len(node.args) < 3:
                    continue
                name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
                code = node.args[2]
                if name != "record":
                    continue
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    found.append((code.value, False, f"{path.name}:{node.lineno}"))
                elif isinstance(code, ast.JoinedStr) and isinstance(code.values[0], ast.Constant):
                    found.append((str(code.values[0].value), True, f"{path.name}:{node.lineno}"))
    return found


def test_every_action_the_program_records_has_words():
    """Issue 24, item 18: no filter option or entry reads ``Create_submission_link``: every action
    code written anywhere (found in the source, not listed by hand) has a translated label."""
    from tournaments.reports.audit import ACTIONS

    calls = _record_calls()
    assert len(calls) > 30, "the scan found too few record() calls"
    missing = [(code, where) for code, prefix, where in calls
               if not (any(a.startswith(code) for a in ACTIONS) if prefix else code in ACTIONS)]
    assert not missing, f"actions without words: {missing}"


def test_a_result_reads_in_german_without_codes(login, chief_arbiter, player, opponent, published_round):
    """Issue 24, item 18: "v1: 1-1 (pending)" and "version 1: Draw (1-1), normal, waiting for confirmation"
    become the board and the values in German; the object is named as it is now."""
    from games.models import Game
    from games.services.results import confirm_submission, submit_result

    game = Game.objects.create(board=published_round.boards.get(number=1))
    sub = submit_result(game, "1-1", user=player, moves="32-28 19-23")
    confirm_submission(sub, opponent)
    body = login(chief_arbiter).get(_url(published_round.tournament),
                                    headers={"accept-language": "de"}).content.decode()
    texts = page_texts(body).texts
    shown = " ".join(texts)
    assert "Hat ein Ergebnis bestätigt" in shown
    assert "Runde 1, Brett 1: Jansen, Piet – Müller, Jürgen, Version 1" in shown
    assert "Ergebnis: Remis" in shown and "Status: Bestätigt" in shown
    assert "(pending)" not in shown and "confirmed" not in shown and not identifiers(shown)
    people = ["Club Open", "Clara Chef", "Jansen, Piet", "Müller, Jürgen", "chief", "opponent", "Draughts Arbiter"]
    assert not english_in(texts, "de", people)


def test_objects_gone_keep_their_stored_words_translated(login, chief_arbiter, tournament):
    """An entry whose object was deleted shows what was stored with it, English words translated."""
    AuditEntry.objects.create(tournament=tournament, actor=chief_arbiter, action="result.enter",
                              object_type="games.ResultSubmission", object_id="999999",
                              object_repr="3: 5. Jansen, Piet – 6. Visser, Femke v2: 1-1 (pending)")
    AuditEntry.objects.create(tournament=tournament, actor=chief_arbiter, action="round.unpair",
                              object_type="tournaments.Round", object_id="999999",
                              object_repr="Club Open – round 4", before="1: 1-4; 2: 5 bye(pab)")
    body = login(chief_arbiter).get(_url(tournament), headers={"accept-language": "fr"}).content.decode()
    shown = " ".join(page_texts(body).texts)
    assert "3: 5. Jansen, Piet – 6. Visser, Femke, version 2" in shown and "(pending)" not in shown
    assert ": ronde 4" in shown and "5 (Exempt attribué par l’appariement)" in shown
