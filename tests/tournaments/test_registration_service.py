"""Registration services: creating tournaments, CSV import, start numbers, late entries, absences."""

from __future__ import annotations

import pytest

from tournaments.models import AuditEntry, Entry, Role, Round
from tournaments.services.csv_import import import_players_csv
from tournaments.services.errors import ServiceError
from tournaments.services.registration import (
    add_prohibited_pair,
    create_tournament,
    freeze_start_numbers,
    register_player,
    set_absence,
    update_tournament,
    withdraw,
)

pytestmark = pytest.mark.django_db


def test_creator_becomes_chief_arbiter_and_creation_is_logged(staff):
    t = create_tournament(staff, slug="new-open", name="New Open")
    assert Role.objects.filter(tournament=t, user=staff, kind="chief_arbiter").exists()
    assert AuditEntry.objects.filter(tournament=t, action="tournament.create", actor=staff).exists()
    with pytest.raises(ServiceError, match="already in use"):
        create_tournament(staff, slug="new-open", name="Again")


def test_update_logs_before_and_after(tournament, staff):
    update_tournament(staff, tournament, {"name": "Renamed", "rounds_planned": 9})
    entry = AuditEntry.objects.get(action="tournament.update")
    assert "name=Club Open" in entry.before and "name=Renamed" in entry.after and "rounds_planned=9" in entry.after


def test_csv_import_keeps_good_lines_and_reports_bad_ones(tournament, staff):
    data = (
        "\ufeffname;title;federation;club;fmjd_id;national_id;rating;birth_year\n"
        "Jansen, Piet;MF;NED;DC Utrecht;111;;1450;1990\n"
        ";;NED;;;;;\n"
        "Müller, Jürgen;;GER;;222;;abc;1985\n"
        "Lefèvre, Amélie;GMIF;FRA;;333;;2300;1800\n"
        "Jansen, Piet;;;;;;;\n"
        "Иванов, Сергей;;RUS;;;;1300;\n"
    ).encode()
    report = import_players_csv(staff, tournament, data)
    assert report.imported == ["Jansen, Piet", "Иванов, Сергей"]
    assert [(r.line, r.reason) for r in report.rejected] == [
        (3, "the name is empty"),
        (4, "rating “abc” is not a whole number"),
        (5, "birth_year 1800 is outside 1900–2026".replace("2026", str(__import__("datetime").date.today().year))),
        (6, "same player as line 2"),
    ]
    assert Entry.objects.filter(tournament=tournament).count() == 2
    again = import_players_csv(staff, tournament, data)
    assert again.imported == [] and (2, "already registered") in [(r.line, r.reason) for r in again.rejected]


def test_csv_with_commas_and_no_header_is_read_positionally(tournament, staff):
    report = import_players_csv(staff, tournament, b"Jansen, Piet,MF,NED\n\"Smit, Anna\",,NED,,,,1200,2001\n")
    # The unquoted comma splits "Jansen, Piet": 4 fields are still allowed, so it is read as name "Jansen".
    assert "Smit, Anna" in report.imported


def test_csv_that_is_not_utf8_stores_nothing_and_names_the_line(tournament, staff):
    with pytest.raises(ServiceError, match="line 2"):
        import_players_csv(staff, tournament, "name\nM\u00fcller\n".encode("latin-1"))
    assert not Entry.objects.filter(tournament=tournament).exists()


def test_csv_with_unknown_columns_is_refused(tournament, staff):
    with pytest.raises(ServiceError, match="unknown column"):
        import_players_csv(staff, tournament, b"name,colour\nA,w\n")


def test_start_numbers_by_rating_then_title_then_name(tournament, staff):
    for name, title, rating in [("B", "", 1500), ("A", "", 1500), ("C", "MI", 1500), ("D", "", 1600)]:
        register_player(staff, tournament, {"name": name, "title": title, "rating": rating})
    freeze_start_numbers(staff, tournament, "rating")
    numbered = Entry.objects.filter(tournament=tournament).order_by("start_number")
    order = list(numbered.values_list("player__name", flat=True))
    assert order == ["D", "C", "A", "B"]


def test_start_numbers_by_lot_are_reproducible_from_the_logged_seed(tournament, staff):
    for i in range(8):
        register_player(staff, tournament, {"name": f"P{i}", "rating": 1000 + i})
    seed = freeze_start_numbers(staff, tournament, "lot")
    first = list(Entry.objects.order_by("start_number").values_list("player__name", flat=True))
    assert f"seed={seed}" in AuditEntry.objects.filter(action="entry.start_numbers").first().after
    freeze_start_numbers(staff, tournament, "lot", seed=seed)
    assert list(Entry.objects.order_by("start_number").values_list("player__name", flat=True)) == first


def test_start_numbers_are_frozen_once_a_round_exists(tournament, entries, staff):
    Round.objects.create(tournament=tournament, number=1)
    with pytest.raises(ServiceError, match="frozen"):
        freeze_start_numbers(staff, tournament)


def test_late_entry_joins_the_next_round_with_the_next_number(tournament, published_round, staff):
    entry = register_player(staff, tournament, {"name": "Late, Lou"})
    assert entry.joined_in_round == 2 and entry.start_number == 5
    assert AuditEntry.objects.filter(action="entry.late").exists()


def test_withdraw_defaults_to_the_next_round(tournament, published_round, entries, staff):
    withdraw(staff, entries[2])
    entries[2].refresh_from_db()
    assert entries[2].status == "withdrawn" and entries[2].withdrawn_from_round == 2


def test_absence_for_a_published_round_is_refused(tournament, published_round, entries, staff):
    with pytest.raises(ServiceError, match="already published"):
        set_absence(staff, entries[0], 1, "half")
    set_absence(staff, entries[0], 2, "half")
    assert entries[0].absences.get().kind == "half"


def test_prohibited_pair_needs_two_different_entries(tournament, entries, staff):
    with pytest.raises(ServiceError):
        add_prohibited_pair(staff, tournament, entries[0], entries[0])
    add_prohibited_pair(staff, tournament, entries[0], entries[1], "brothers")
    with pytest.raises(ServiceError, match="already"):
        add_prohibited_pair(staff, tournament, entries[1], entries[0])


def test_round_robin_refuses_late_entries(make_tournament, add_entries, staff):
    t = make_tournament("rr", pairing_system="berger")
    add_entries(t, 4)
    Round.objects.create(tournament=t, number=1)
    with pytest.raises(ServiceError, match="no late entries"):
        register_player(staff, t, {"name": "Late, Lou"})
    assert t.entries.count() == 4
