"""CSV player lists: idempotent, bounded, strict about the shape of each line (issue 14, items 6, 7, 11)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import Entry, TaskRun
from tournaments.services import csv_import
from tournaments.services.csv_import import MAX_LINES, import_players_csv, parse_players_csv
from tournaments.services.errors import ServiceError
from tournaments.services.registration import register_player

pytestmark = pytest.mark.django_db


def _names(tournament) -> list[str]:
    return sorted(Entry.objects.filter(tournament=tournament).values_list("player__name", flat=True))


def test_a_stray_quote_never_merges_lines_into_one_player():
    """Item 11: ``"Jansen`` opened a quote that swallowed the next lines: "1 imported, 0 rejected"."""
    data = b'name;rating\nAnker, Ann;1500\n"Jansen, Piet;1800\nDe Vries, Anna;1700\nLast, Lou;1600\n'
    good, rejected = parse_players_csv(data)
    assert [g[1]["name"] for g in good] == ["Anker, Ann"]
    assert len(rejected) == 1 and rejected[0].line == 3
    assert "stray quote" in rejected[0].reason and "3-5" in rejected[0].reason


def test_a_line_with_the_wrong_number_of_fields_is_rejected_with_its_number():
    data = b"name;rating;club\nGood, Gus;1500;DC\nShort, Sam;1400\nLong, Lia;1300;DC;extra\n"
    good, rejected = parse_players_csv(data)
    assert [g[1]["name"] for g in good] == ["Good, Gus"]
    assert [(r.line, r.reason) for r in rejected] == [(3, "2 fields, expected 3"), (4, "4 fields, expected 3")]


def test_a_file_over_the_line_limit_is_refused_before_anything_is_stored(tournament, staff):
    """Item 7: 100,000 lines under the 2 MB limit ran for 15 minutes in one request."""
    data = b"name\n" + b"".join(b"P%06d\n" % i for i in range(100_000))
    assert len(data) < csv_import.MAX_BYTES
    with pytest.raises(ServiceError, match=f"at most {MAX_LINES} players"):
        import_players_csv(staff, tournament, data)
    assert not Entry.objects.filter(tournament=tournament).exists()


def test_the_same_file_imported_twice_registers_everyone_once(tournament, staff):
    """Item 6: a double click, or a retry after a proxy timeout."""
    data = b"name;rating;fmjd_id\nOne, Ola;1500;\nTwo, Tom;1400;T2\n"
    first = import_players_csv(staff, tournament, data)
    second = import_players_csv(staff, tournament, data)
    assert first.imported == ["One, Ola", "Two, Tom"] and second.imported == []
    assert [r.reason for r in second.rejected] == ["already registered", "already registered"]
    assert _names(tournament) == ["One, Ola", "Two, Tom"]


def test_the_player_form_posted_twice_registers_once(tournament, login, arbiter):
    url = reverse("tournaments:players", args=[tournament.slug])
    data = {"name": "Twice, Tina", "rating": "1500"}
    client = login(arbiter)
    client.post(url, data)
    response = client.post(url, data, follow=True)
    assert "already registered" in response.content.decode()
    assert _names(tournament) == ["Twice, Tina"]


def test_a_player_with_the_same_name_differently_spaced_or_cased_is_the_same(tournament, staff):
    register_player(staff, tournament, {"name": "de Vries, Anna"})
    with pytest.raises(ServiceError, match="already registered"):
        register_player(staff, tournament, {"name": "De  Vries,  anna"})


def test_a_big_file_is_imported_in_the_background_in_short_batches(tournament, login, arbiter, settings,
                                                                   django_capture_on_commit_callbacks,
                                                                   monkeypatch, tmp_path):
    """Item 7: beyond BACKGROUND_LINES the import is a task with progress; it stores the lines in
    batches of BATCH, each its own transaction, so other requests go on between them."""
    settings.MEDIA_ROOT = tmp_path
    batches: list[int] = []
    real = csv_import._import_batch
    monkeypatch.setattr(csv_import, "_import_batch",
                        lambda actor, t, batch, report: (batches.append(len(batch)), real(actor, t, batch, report)))
    lines = csv_import.BACKGROUND_LINES + 50
    data = b"name;rating\n" + b"".join(b"Player %04d, Pat;%d\n" % (i, 1000 + i) for i in range(lines))
    client = login(arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("tournaments:import_csv", args=[tournament.slug]),
                               {"file": SimpleUploadedFile("big.csv", data)})
    run = TaskRun.objects.get(tournament=tournament, kind="csv_import")
    assert response["Location"] == reverse("tournaments:task", args=[tournament.slug, run.pk])
    run.refresh_from_db()
    assert run.status == "done" and run.progress == 100 and run.deliveries == 1
    assert len(run.report["csv"]["imported"]) == lines
    assert batches == [csv_import.BATCH] * (lines // csv_import.BATCH) + [lines % csv_import.BATCH]
    assert Entry.objects.filter(tournament=tournament).count() == lines
    assert not list(tmp_path.rglob("*.csv")), "the upload is deleted once read"
    page = client.get(reverse("tournaments:players", args=[tournament.slug]) + f"?csv_run={run.pk}")
    assert page.status_code == 200


def test_a_job_that_killed_its_worker_is_not_started_a_third_time(tournament):
    """Item 8: a task that kills its worker (out of memory) is redelivered by the broker; count
    deliveries and fail it with a message after the second."""
    run = TaskRun.objects.create(tournament=tournament, kind="csv_import", status="running", deliveries=2)
    assert TaskRun.begin(run.pk) is None
    run.refresh_from_db()
    assert run.status == "failed" and "stopped its worker" in run.message


def test_a_line_with_control_characters_is_rejected_with_its_line():
    """Item 12: the same rule as the player form (``tournaments.models.event.printable``)."""
    data = b"name;club\nAnker, Ann;DC\nBell\x07, Ringer;DC\nClub, Carl;\x1bX\n"
    good, rejected = parse_players_csv(data)
    assert [g[1]["name"] for g in good] == ["Anker, Ann"]
    assert [(r.line, r.reason) for r in rejected] == [
        (3, "control characters are not allowed (U+0007)"), (4, "control characters are not allowed (U+001B)")]
