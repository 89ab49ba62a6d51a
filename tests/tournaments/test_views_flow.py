"""The arbiter's workflow through the pages: create, register, import, number, pair, edit, publish."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments import tasks as pairing_tasks
from tournaments.models import Absence, AuditEntry, Entry, Role, Round, TaskRun, Tournament

pytestmark = pytest.mark.django_db


def test_staff_creates_a_tournament_and_becomes_chief_arbiter(login, staff):
    client = login(staff)
    response = client.post(
        reverse("tournaments:create"),
        {"slug": "winter-open", "name": "Winter Open", "pairing_system": "dutch", "rounds_planned": 7,
         "rule_profile": "international"},
    )  # fmt: skip
    assert response.status_code == 302
    t = Tournament.objects.get(slug="winter-open")
    assert Role.objects.filter(tournament=t, user=staff, kind="chief_arbiter").exists()
    assert response["Location"] == reverse("tournaments:manage", args=["winter-open"])


def test_create_form_rejects_reserved_slug_and_bad_dates(login, staff):
    response = login(staff).post(
        reverse("tournaments:create"),
        {"slug": "new", "name": "X", "pairing_system": "keizer", "rounds_planned": 0, "rule_profile": "international",
         "start_date": "2026-12-02", "end_date": "2026-12-01"},
    )  # fmt: skip
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "slug" in errors and "end_date" in errors and "rounds_planned" in errors
    assert not Tournament.objects.filter(name="X").exists()


def _posted(form) -> dict:
    """The form's values as a browser posts them (unticked boxes are not sent)."""
    data = {}
    for name, field in form.fields.items():
        value = form.initial.get(name, field.initial)
        if value is None or value is False:
            continue
        data[name] = "on" if value is True else value
    return data


def test_keizer_parameters_are_fields_stored_as_what_differs(make_tournament, login, make_user):
    """Issue 12: the Keizer parameters as fields (not raw JSON); only a Keizer tournament shows them."""
    from tournaments.models import Role

    t = make_tournament("club-keizer", pairing_system="keizer", rounds_planned=10)
    chief = make_user("kchief")
    Role.objects.create(tournament=t, user=chief, kind="chief_arbiter")
    url = reverse("tournaments:settings", args=[t.slug])
    client = login(chief)
    page = client.get(url)
    assert "Value of the top player" in page.content.decode() and "JSON" not in page.content.decode()
    data = _posted(page.context["form"])
    response = client.post(url, {**data, "option_top_value": "0"})
    assert "option_top_value" in response.context["form"].errors
    response = client.post(url, {**data, "option_top_value": "40", "option_rematch_rounds": "2"})
    assert response.status_code == 302
    t.refresh_from_db()
    assert t.system_options == {"top_value": 40.0, "rematch_rounds": 2}
    assert AuditEntry.objects.filter(action="tournament.update").exists()


def test_a_swiss_settings_page_has_no_keizer_fields_and_sections(tournament, login, chief_arbiter):
    page = login(chief_arbiter).get(reverse("tournaments:settings", args=[tournament.slug])).content.decode()
    assert "Value of the top player" not in page
    for legend in ("Event", "System", "Scoring", "Tie-breaks", "Draw rules", "Publishing"):
        assert f"<legend>{legend}</legend>" in page


def test_a_round_robin_refuses_more_rounds_than_its_table(make_tournament, login, make_user):
    from tournaments.models import Entry, Player, Role

    t = make_tournament("club-rr", pairing_system="berger", rounds_planned=5)
    chief = make_user("rchief")
    Role.objects.create(tournament=t, user=chief, kind="chief_arbiter")
    for i in range(6):
        Entry.objects.create(tournament=t, player=Player.objects.create(name=f"P{i}, X"), start_number=i + 1)
    url = reverse("tournaments:settings", args=[t.slug])
    client = login(chief)
    data = _posted(client.get(url).context["form"])
    response = client.post(url, {**data, "rounds_planned": "6"})
    assert "A round robin of 6 players has 5 rounds: plan at most 5." in response.content.decode()
    assert client.post(url, {**data, "rounds_planned": "5"}).status_code == 302


def test_csv_upload_shows_the_rejected_lines(tournament, login, arbiter):
    client = login(arbiter)
    upload = SimpleUploadedFile("players.csv", b"name;rating\nA, Anna;1500\nB, Bert;x\n", content_type="text/csv")
    response = client.post(reverse("tournaments:import_csv", args=[tournament.slug]), {"file": upload}, follow=True)
    body = response.content.decode()
    assert "Players imported: 1. Lines rejected: 1." in body
    assert "rating “x” is not a whole number" in body and "<td>3</td>" in body
    assert Entry.objects.filter(tournament=tournament).count() == 1


def test_a_broken_csv_gives_a_message_not_a_500(tournament, login, arbiter):
    upload = SimpleUploadedFile("players.csv", b"\xff\xfe\x00name", content_type="text/csv")
    response = login(arbiter).post(
        reverse("tournaments:import_csv", args=[tournament.slug]), {"file": upload}, follow=True
    )
    assert response.status_code == 200 and "not UTF-8" in response.content.decode()


def test_pair_preview_edit_publish_through_the_pages(make_tournament, add_entries, login, make_user):
    t = make_tournament("rr-web", pairing_system="berger")
    add_entries(t, 6, numbered=False)
    arb = make_user("arb")
    Role.objects.create(tournament=t, user=arb, kind="arbiter")
    client = login(arb)
    client.post(reverse("tournaments:start_numbers", args=[t.slug]), {"method": "lot", "seed": 42})
    assert set(Entry.objects.filter(tournament=t).values_list("start_number", flat=True)) == set(range(1, 7))
    response = client.post(reverse("tournaments:pair", args=[t.slug]), follow=True)
    body = response.content.decode()
    assert "Berger table for 6 players, round 1" in body and "Draft" in body
    client.post(reverse("tournaments:swap_colours", args=[t.slug, 1, 1]))
    board = Round.objects.get(tournament=t, number=1).boards.get(number=1)
    assert board.overridden
    response = client.post(reverse("tournaments:publish", args=[t.slug, 1]), follow=True)
    assert Round.objects.get(tournament=t, number=1).status == "published"
    response = client.post(reverse("tournaments:unpair", args=[t.slug]), follow=True)
    assert "already published" in response.content.decode()


def test_pair_refusal_lists_the_boards_waiting_for_results(tournament, published_round, login, chief_arbiter):
    tournament.pairing_system = "berger"
    tournament.rounds_planned = 3  # four players: the Berger table's three rounds
    tournament.save()
    response = login(chief_arbiter).post(reverse("tournaments:pair", args=[tournament.slug]), follow=True)
    body = response.content.decode()
    assert "no confirmed result" in body and "Round 1, board 2: Lefèvre, Amélie (3) – Иванов, Сергей (4)" in body
    assert not Round.objects.filter(tournament=tournament, number=2).exists()


def test_absence_form_records_a_requested_bye(tournament, entries, login, arbiter):
    login(arbiter).post(
        reverse("tournaments:absences", args=[tournament.slug]),
        {"entry": entries[0].pk, "round_number": 1, "kind": "half", "note": "exam"},
    )
    assert Absence.objects.get(entry=entries[0]).kind == "half"


def test_withdraw_page_withdraws_from_the_given_round(tournament, entries, login, arbiter):
    login(arbiter).post(reverse("tournaments:withdraw", args=[tournament.slug, entries[1].pk]), {"from_round": 3})
    entries[1].refresh_from_db()
    assert entries[1].status == "withdrawn" and entries[1].withdrawn_from_round == 3


def test_large_pairing_shows_a_progress_page(make_tournament, add_entries, login, make_user, monkeypatch):
    monkeypatch.setattr(pairing_tasks, "LARGE_PAIRING", 2)
    t = make_tournament("big", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    arb = make_user("arb")
    Role.objects.create(tournament=t, user=arb, kind="arbiter")
    client = login(arb)
    response = client.post(reverse("tournaments:pair", args=[t.slug]))
    run = TaskRun.objects.get(tournament=t)
    assert response["Location"] == reverse("tournaments:task", args=[t.slug, run.pk])
    partial = client.get(response["Location"], HTTP_HX_REQUEST="true")
    assert b"<progress" in partial.content and b"<html" not in partial.content
