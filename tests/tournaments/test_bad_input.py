"""Bad input on the tournament pages: a clear message or a 404, never a 500, and nothing stored."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import AuditEntry, Entry, Round

pytestmark = pytest.mark.django_db

HUGE = 99999999999999999999  # beyond any database integer


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("public:round", (HUGE,)),
        ("public:round_live", (HUGE,)),
        ("public:player", (HUGE,)),
        ("public:round_document", ("pairings", HUGE)),
        ("public:document", ("no-such-document",)),
        ("public:round", (7,)),
    ],
)
def test_public_urls_with_unknown_or_huge_numbers_are_404(client, tournament, published_round, name, args):
    assert client.get(reverse(name, args=[tournament.slug, *args])).status_code == 404


@pytest.mark.parametrize(
    ("query", "status"),
    [("_export=pdf", 404), ("_export=", 200), ("sort=no-such-column", 200), ("sort=-rank&_export=xlsx", 200)],
)
def test_standings_with_odd_query_strings_answer_without_error(client, tournament, published_round, query, status):
    response = client.get(reverse("public:standings", args=[tournament.slug]) + "?" + query)
    assert response.status_code == status


@pytest.mark.parametrize("value", ["²", "-5", "abc", "1e3", str(HUGE), "٣"])
def test_projector_timing_parameters_are_clamped_or_ignored(client, tournament, published_round, value):
    response = client.get(reverse("public:projector", args=[tournament.slug]), {"seconds": value, "start": value})
    assert response.status_code == 200
    assert 3 <= response.context["seconds"] <= 120 and 0 <= response.context["start"] <= 999


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("tournaments:round", (HUGE,)),
        ("tournaments:round", (5,)),
        ("tournaments:withdraw", (HUGE,)),
        ("tournaments:task", (HUGE,)),
    ],
)
def test_arbiter_urls_with_unknown_or_huge_numbers_are_404(tournament, login, arbiter, name, args):
    assert login(arbiter).get(reverse(name, args=[tournament.slug, *args])).status_code == 404


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("tournaments:publish", (HUGE,)),
        ("tournaments:finish_round", (HUGE,)),
        ("tournaments:swap_players", (HUGE,)),
        ("tournaments:swap_colours", (1, HUGE)),
        ("tournaments:reinstate", (HUGE,)),
        ("tournaments:absence_delete", (HUGE,)),
        ("tournaments:prohibited_delete", (HUGE,)),
    ],
)
def test_arbiter_actions_on_unknown_objects_are_404(tournament, published_round, login, arbiter, name, args):
    assert login(arbiter).post(reverse(name, args=[tournament.slug, *args])).status_code == 404


def test_swap_with_start_numbers_that_do_not_exist_is_refused_with_a_message(tournament, entries, login, arbiter):
    Round.objects.create(tournament=tournament, number=1)
    url = reverse("tournaments:swap_players", args=[tournament.slug, 1])
    body = login(arbiter).post(url, {"first": str(HUGE), "second": "1"}, follow=True).content.decode()
    assert f"Player {HUGE} has no board in round 1." in body
    body = login(arbiter).post(url, {"first": "x", "second": ""}, follow=True).content.decode()
    assert "Give two start numbers." in body


@pytest.mark.parametrize(
    ("field", "value"),
    [("from_round", str(HUGE)), ("from_round", "0"), ("from_round", "two")],
)
def test_withdraw_form_rejects_bad_rounds(tournament, entries, login, arbiter, field, value):
    url = reverse("tournaments:withdraw", args=[tournament.slug, entries[0].pk])
    response = login(arbiter).post(url, {field: value})
    assert response.status_code == 200 and response.context["form"].errors[field]
    entries[0].refresh_from_db()
    assert entries[0].status == Entry.Status.ACTIVE


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"entry": str(HUGE), "round_number": "2", "kind": "absent"}, "entry"),
        ({"entry": "x", "round_number": "2", "kind": "absent"}, "entry"),
        ({"round_number": str(HUGE), "kind": "absent"}, "round_number"),
        ({"round_number": "2", "kind": "vacation"}, "kind"),
    ],
)
def test_absence_form_rejects_bad_values(tournament, entries, login, arbiter, data, field):
    data = {"entry": str(entries[0].pk), **data}
    response = login(arbiter).post(reverse("tournaments:absences", args=[tournament.slug]), data)
    assert response.status_code == 200 and response.context["form"].errors[field]


def test_absence_form_refuses_a_player_of_another_tournament(tournament, other_tournament, entries, login, arbiter):
    stranger = Entry.objects.create(tournament=other_tournament, player=entries[0].player, start_number=1)
    data = {"entry": str(stranger.pk), "round_number": "2", "kind": "absent"}
    response = login(arbiter).post(reverse("tournaments:absences", args=[tournament.slug]), data)
    assert response.context["form"].errors["entry"]


def test_start_numbers_with_a_huge_seed_are_refused(tournament, entries, login, arbiter):
    url = reverse("tournaments:start_numbers", args=[tournament.slug])
    body = login(arbiter).post(url, {"method": "lot", "seed": str(HUGE)}, follow=True).content.decode()
    assert "Choose how to number the players." in body
    assert not AuditEntry.objects.filter(tournament=tournament).exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"\xff\xfe\x00n\x00a", "not UTF-8 text (line 1"),
        (b"", "Choose a CSV file"),
        (b"   \n\n", "The file is empty."),
        (b"name;colour\nA;red\n", "unknown column colour"),
    ],
)
def test_csv_upload_of_a_bad_file_says_why_and_stores_nothing(tournament, login, arbiter, content, message):
    upload = SimpleUploadedFile("players.csv", content, content_type="text/csv")
    url = reverse("tournaments:import_csv", args=[tournament.slug])
    body = login(arbiter).post(url, {"file": upload}, follow=True).content.decode()
    assert message in body
    assert not Entry.objects.filter(tournament=tournament).exists()


def test_csv_line_with_a_nul_character_is_rejected_with_its_line(tournament, login, arbiter):
    upload = SimpleUploadedFile("players.csv", b"name;rating\nGood, Anna;1500\nBad\x00, Bert;1400\n")
    url = reverse("tournaments:import_csv", args=[tournament.slug])
    login(arbiter).post(url, {"file": upload})
    report = login(arbiter).get(reverse("tournaments:players", args=[tournament.slug])).context["report"]
    assert [r["line"] for r in report["rejected"]] == [3]
    assert "NUL" in report["rejected"][0]["reason"]
    assert list(Entry.objects.filter(tournament=tournament).values_list("player__name", flat=True)) == ["Good, Anna"]


def _settings_data(client, tournament):
    form = client.get(reverse("tournaments:settings", args=[tournament.slug])).context["form"]
    return {k: v for k, v in form.initial.items() if v is not None}


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"tiebreaks": "BH, XX"}, "tiebreaks", "unknown tie-break code 'XX'"),
        ({"tiebreaks": "BH", "pairing_system": "berger"}, "tiebreaks", "not used in round robins"),
        ({"rounds_planned": "0"}, "rounds_planned", "at least one round"),
        ({"start_date": "2026-12-02", "end_date": "2026-12-01"}, "end_date", "before the start date"),
    ],
)
def test_settings_refuse_a_bad_tiebreak_order_round_count_or_dates(
    tournament, login, chief_arbiter, changes, field, message
):
    client = login(chief_arbiter)
    data = {**_settings_data(client, tournament), **changes}
    response = client.post(reverse("tournaments:settings", args=[tournament.slug]), data)
    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors[field])
    assert not AuditEntry.objects.filter(action="tournament.update").exists()


def test_settings_accept_a_valid_tiebreak_order(tournament, login, chief_arbiter):
    client = login(chief_arbiter)
    data = {**_settings_data(client, tournament), "tiebreaks": " bh/c1 , SB ,WIN"}
    assert client.post(reverse("tournaments:settings", args=[tournament.slug]), data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.tiebreaks == "bh/c1,SB,WIN"


@pytest.mark.parametrize("role", ["abc", "", str(HUGE), "1.5"])
def test_removing_an_arbiter_role_given_as_garbage_says_it_no_longer_exists(
    tournament, login, chief_arbiter, arbiter, role
):
    url = reverse("tournament_arbiters", args=[tournament.slug])
    body = login(chief_arbiter).post(url, {"action": "remove", "role": role}, follow=True).content.decode()
    assert "That role no longer exists." in body


@pytest.mark.parametrize("page", ["abc", "0", "-1", str(HUGE)])
def test_audit_log_with_a_bad_page_number_shows_a_page(tournament, login, chief_arbiter, page):
    url = reverse("tournament_audit", args=[tournament.slug])
    assert login(chief_arbiter).get(url, {"page": page}).status_code == 200


def test_csv_upload_larger_than_the_limit_is_refused_without_storing(tournament, login, arbiter):
    from tournaments.services.csv_import import MAX_BYTES

    line = b"Name, Someone;1500\n"
    upload = SimpleUploadedFile("players.csv", b"name;rating\n" + line * (MAX_BYTES // len(line) + 2))
    body = login(arbiter).post(
        reverse("tournaments:import_csv", args=[tournament.slug]), {"file": upload}, follow=True
    ).content.decode()
    assert "The file is too large (more than 2 MB)." in body
    assert not Entry.objects.filter(tournament=tournament).exists()


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [  # the limits are those of the CSV import (csv_import.RATING_RANGE, FIRST_BIRTH_YEAR), up to this year
        ({"rating": "-5"}, "rating", "Ensure this value is greater than or equal to 0."),
        ({"rating": "4001"}, "rating", "Ensure this value is less than or equal to 4000."),
        ({"rating": str(HUGE)}, "rating", "Ensure this value is less than or equal to 4000."),
        ({"birth_year": "1850"}, "birth_year", "Ensure this value is greater than or equal to 1900."),
        ({"birth_year": "3000"}, "birth_year", f"Ensure this value is less than or equal to {date.today().year}."),
        ({"name": "Bad\x00Name"}, "name", "Null characters are not allowed."),
        ({"federation": "NEDX"}, "federation", "Ensure this value has at most 3 characters (it has 4)."),
    ],
)
def test_player_form_holds_rating_and_birth_year_to_the_csv_limits(tournament, login, arbiter, data, field, message):
    """Each value just past a limit is refused on its field, with the message naming the limit."""
    from tournaments.services.csv_import import FIRST_BIRTH_YEAR, RATING_RANGE

    assert RATING_RANGE == (0, 4000) and FIRST_BIRTH_YEAR == 1900  # the limits the messages name
    response = login(arbiter).post(reverse("tournaments:players", args=[tournament.slug]), {"name": "A, Anna", **data})
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    assert not Entry.objects.filter(tournament=tournament).exists()


def test_player_form_accepts_a_plausible_player(tournament, login, arbiter):
    data = {"name": "A, Anna", "rating": "1850", "birth_year": "1990", "federation": "NED"}
    assert login(arbiter).post(reverse("tournaments:players", args=[tournament.slug]), data).status_code == 302
    assert Entry.objects.get(tournament=tournament).player.rating == 1850
