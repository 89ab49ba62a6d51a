"""Issue 23 on tournament archives: bounded reading (Medium 2), no forged history or roles, web
addresses unique whatever their case (Low 5), e-mail addresses only for an audited reason (Low 4).

Each test builds its archive by hand (or exports one) and imports it through the real service and
views; "stored nothing" is checked against every table an import writes.
"""

from __future__ import annotations

import copy
import io
import json
import zipfile

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import IntegrityError, transaction
from django.urls import reverse

from games.services import archive_schema, archive_zip
from games.services.archive import export_archive, import_archive, read_archive, tournament_document
from games.services.archive_read import plies
from games.services.archive_zip import ArchiveError
from tests.games.test_archive import _doc_of, _move_away, _state, _zip
from tournaments.forms import TournamentCreateForm
from tournaments.models import AuditEntry, Role, Tournament
from tournaments.reports.audit import read as audit_line
from tournaments.services.errors import ServiceError
from tournaments.services.registration import create_tournament

pytestmark = pytest.mark.django_db


def _refused(raw: bytes, expect: str) -> str:
    before = _state()
    with pytest.raises(ArchiveError) as info:
        import_archive(raw)
    assert expect.lower() in str(info.value).lower(), str(info.value)
    assert _state() == before, "a refused archive stored something"
    return str(info.value)


# --- Medium 2: bounds before parsing, rows checked while reading -----------------------------------

def test_rows_over_a_sections_bound_are_refused_while_reading(full_tournament, monkeypatch):
    doc = _doc_of(export_archive(full_tournament))
    _move_away(full_tournament)
    monkeypatch.setitem(archive_schema.MAX_ROWS, "boards", 1)
    message = _refused(_zip(doc), "boards holds more than 1 rows")
    assert "bound" in message


def test_a_row_over_its_byte_bound_is_refused(full_tournament):
    doc = _doc_of(export_archive(full_tournament))
    _move_away(full_tournament)
    doc["absences"][0]["note"] = "x" * (archive_schema.MAX_ROW_BYTES + 10)
    _refused(_zip(doc), "absences[0] is longer than")


def test_a_game_over_the_half_move_bound_is_refused(full_tournament):
    """1,001 half-moves (``1. 32-28 19-23 2. ...``) in a submission: refused, naming the row."""
    doc = _doc_of(export_archive(full_tournament))
    _move_away(full_tournament)
    moves = " ".join(f"{i}. 32-28 19-23" for i in range(1, 502))
    assert plies(moves) == 1002 and plies("1. 32-28 19-23 2. 28x19 14x23") == 4
    doc["submissions"][0]["moves"] = moves
    _refused(_zip(doc), "submissions[0]: 1002 half-moves; a game has at most 1000")


def test_the_issue_s_small_zip_that_inflated_to_740_mb_is_refused_early_and_small(monkeypatch):
    """A zip of one JSON document of 15 million tiny rows (``{"boards":[{}, {}, ...]}``, 45 MB inflated;
    parsed whole, such a document cost the worker 740 MB): refused as a zip bomb from the zip's own
    directory; and with the ratio check out of the way, by the section's row bound after 30,001 rows,
    read one at a time (the peak stays a few MB)."""
    from bench.bench_archive_import import measured

    body = b'{"boards":[' + b"{}," * 15_000_000 + b"{}]}"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("tournament.json", body)
    raw = buf.getvalue()
    assert len(raw) < 300 * 1024 and len(body) > 40 * 1024 * 1024
    error, seconds, peak = measured(lambda: _read_error(raw))
    print(f"{len(raw) // 1024} KB zip of tiny rows: refused in {seconds:.2f} s, peak {peak:.1f} MB: {error}")
    assert "would expand more than 200 times" in error and peak < 5
    monkeypatch.setattr(archive_zip, "MAX_RATIO", 10**6)
    error, seconds, peak = measured(lambda: _read_error(raw))
    print(f"... within the ratio: refused in {seconds:.2f} s, peak {peak:.1f} MB: {error}")
    assert "boards holds more than 30000 rows" in error and peak < 20


def _read_error(raw: bytes) -> str:
    try:
        read_archive(raw).close()
    except ArchiveError as exc:
        return str(exc)
    return ""


def test_reading_spools_rows_and_parses_one_row_at_a_time(full_tournament):
    """The document read back row by row equals the exported one (the streaming parser is an exact
    reader), its header is the document's, and the outline checks still name missing sections."""
    doc = tournament_document(full_tournament)
    raw = _zip(doc)
    with read_archive(raw) as read:
        assert read["tournament"] == doc["tournament"] and read["format"] == doc["format"]
        for section in archive_schema.SECTIONS:
            assert [row for _i, row in read.rows(section.name)] == doc[section.name], section.name
        assert read.counts["entries"] == len(doc["entries"])
    broken = copy.deepcopy(doc)
    del broken["boards"]
    _refused(_zip(broken), "section boards")


def test_an_archive_import_runs_as_a_task_whose_failure_stores_nothing(client, full_tournament, staff, settings,
                                                                      django_capture_on_commit_callbacks, tmp_path):
    """A row that fails late (a submission of a game that is not there, after every entry and board
    was written inside the transaction): the task fails with the row named, nothing stays."""
    from tournaments.models import TaskRun

    settings.MEDIA_ROOT = tmp_path
    doc = _doc_of(export_archive(full_tournament))
    _move_away(full_tournament)
    doc["submissions"][-1]["game"] = [9, 9]
    client.force_login(staff)
    before = _state()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:archive_import"), {"file": _named(_zip(doc))})
    run = TaskRun.objects.get(kind="archive_import")
    assert response["Location"] == reverse("games:archive_import_status", args=[run.pk])
    assert run.status == "failed" and "submissions[" in run.message and "not in the archive" in run.message
    page = client.get(response["Location"]).content.decode()
    assert "Nothing was imported" in page
    state = _state()
    state.pop("tournaments.TaskRun", None)
    assert state == before


def test_progress_is_shown_while_the_import_runs(full_tournament, staff):
    """The task writes its progress to the cache while its one transaction runs; the page reads it."""
    from django.core.cache import cache

    from games.tasks import _progress_key, task_progress
    from tournaments.models import TaskRun

    run = TaskRun.objects.create(kind="archive_import", created_by=staff, status="running", progress=5)
    cache.set(_progress_key(run.pk), (63, "Importing boards"), 60)
    assert task_progress(run) == (63, "Importing boards")
    run.status = "done"
    assert task_progress(run)[0] == 5  # a finished run shows its own row


# --- Low 5: no forged history, no roles, web addresses whatever their case ---------------------------

def test_imported_audit_rows_are_history_never_acts_of_local_users(full_tournament, make_user):
    """An archive says the server's staff member "root" changed a result: the row arrives marked
    imported, with "root" as text, and no local account is its actor."""
    root = make_user("root")
    root.is_staff = True
    root.save()
    doc = _doc_of(export_archive(full_tournament))
    _move_away(full_tournament)
    doc["audit"].append({**doc["audit"][0], "actor": "root", "action": "result.enter", "after": "result=2-0",
                         "created_at": "2020-01-01T00:00:00+00:00"})
    doc["users"].append({"username": "root", "first_name": "", "last_name": ""})
    import_archive(_zip(doc))
    imported = Tournament.objects.get(slug=full_tournament.slug)
    forged = AuditEntry.objects.get(tournament=imported, action="result.enter", after="result=2-0")
    assert forged.actor is None and forged.imported and forged.imported_actor == "root"
    assert not AuditEntry.objects.filter(tournament=imported, actor=root).exists()
    assert audit_line(forged).who == "root (imported from another server)"
    assert not AuditEntry.objects.filter(tournament=imported, imported=False).exclude(action="import_archive").exists()


def test_roles_are_never_imported_and_the_importer_becomes_chief_arbiter(full_tournament, make_user):
    """An archive of an older version lists roles (a stranger as chief arbiter of the new event):
    none is granted; the account that imports becomes chief arbiter, and the report says so."""
    stranger, importer = make_user("stranger"), make_user("importer")
    doc = _doc_of(export_archive(full_tournament))
    assert "roles" not in doc
    _move_away(full_tournament)
    doc["roles"] = [{"user": "stranger", "kind": "chief_arbiter", "created_at": "2026-01-01T00:00:00+00:00"}]
    doc["users"].append({"username": "stranger", "first_name": "", "last_name": ""})
    report = import_archive(_zip(doc), importer)
    imported = Tournament.objects.get(slug=full_tournament.slug)
    assert not Role.objects.filter(tournament=imported, user=stranger).exists()
    assert list(Role.objects.filter(tournament=imported).values_list("user__username", "kind")) == [
        ("importer", "chief_arbiter")]
    text = "\n".join(report.lines())
    assert "Roles in the archive not imported: 1" in text and "Chief arbiter on this server: importer" in text


def test_web_addresses_are_unique_whatever_their_case(tournament, make_user):
    """/t/Open-2026/ beside /t/open-2026/: refused by the database, the create form, the create service,
    the TRF import and the archive import."""
    arbiter = make_user("creator")
    Tournament.objects.filter(pk=tournament.pk).update(slug="open-2026")
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.create(slug="Open-2026", name="Twin")
    form = TournamentCreateForm(data={"slug": "OPEN-2026", "name": "Twin", "pairing_system": "dutch",
                                      "rounds_planned": 5, "rule_profile": "international"})
    assert not form.is_valid() and "capitals" in str(form.errors["slug"])
    with pytest.raises(ServiceError):
        create_tournament(arbiter, slug="Open-2026", name="Twin")
    from games.services.trf_io import import_trf
    from tournaments.trf import TrfError

    with pytest.raises(TrfError):
        import_trf("012 Twin\n001    1      A, B" + " " * 30 + "1500" + " " * 29 + "0.0    1\n", slug="OPEN-2026")
    doc = tournament_document(tournament)
    doc["tournament"]["uid"] = "00000000-0000-4000-8000-0000000000aa"
    doc["tournament"]["slug"] = "Open-2026"
    _refused(_zip(doc), "differing only in capitals")


@pytest.mark.django_db(transaction=True)
def test_the_migration_renames_addresses_that_differ_only_in_case():
    """0014: before the constraint, of /t/Club/ and /t/club/ the older keeps its address, the other
    becomes club-2 (or the next free one)."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    executor = MigrationExecutor(connection)
    target = [("tournaments", "0013_rating_lists")]
    executor.migrate(target)
    old = executor.loader.project_state(target).apps.get_model("tournaments", "Tournament")
    first = old.objects.create(slug="Club", name="First")
    second = old.objects.create(slug="club", name="Second")
    old.objects.create(slug="club-2", name="Taken")
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert Tournament.objects.get(pk=first.pk).slug == "Club"
    assert Tournament.objects.get(pk=second.pk).slug == "club-3"


# --- Low 4: e-mail addresses only for an audited reason -----------------------------------------------

def test_the_archive_leaves_out_e_mail_unless_the_chief_arbiter_says_why(client, full_tournament, chief_arbiter,
                                                                         arbiter, player):
    player.email = "speler@example.org"
    player.save()
    url = reverse("games:archive_export", args=[full_tournament.slug])
    client.force_login(arbiter)
    plain = _doc_of(client.get(url).content)
    assert plain["users"] and all("email" not in u for u in plain["users"])
    assert b"speler@example.org" not in client.get(url).content
    assert client.post(url, {"include_email": "on", "reason": "federation report"}).status_code == 403
    client.force_login(chief_arbiter)
    refused = client.post(url, {"include_email": "on", "reason": "  "})
    assert refused.status_code == 400 and "Say why" in refused.content.decode()
    assert not AuditEntry.objects.filter(action="archive.export_with_email").exists()
    with_email = _doc_of(client.post(url, {"include_email": "on", "reason": "Meldung an den Verband"}).content)
    assert {u["username"]: u.get("email") for u in with_email["users"]}["player"] == "speler@example.org"
    entry = AuditEntry.objects.get(action="archive.export_with_email")
    assert entry.actor == chief_arbiter and entry.after == "Meldung an den Verband"
    page = client.get(reverse("tournaments:manage", args=[full_tournament.slug])).content.decode()
    assert "Without the accounts" in page and 'name="reason"' in page


def test_the_export_command_needs_a_reason_for_e_mail(full_tournament, player, tmp_path):
    player.email = "speler@example.org"
    player.save()
    out = tmp_path / "a.zip"
    call_command("export_tournament", full_tournament.slug, "-o", str(out), stdout=io.StringIO())
    assert b"speler@example.org" not in zipfile.ZipFile(out).read("tournament.json")
    call_command("export_tournament", full_tournament.slug, "-o", str(out), "--with-email", "Vereinsarchiv",
                 stdout=io.StringIO())
    users = json.loads(zipfile.ZipFile(out).read("tournament.json"))["users"]
    assert "speler@example.org" in {u.get("email") for u in users}
    assert AuditEntry.objects.get(action="archive.export_with_email").after == "Vereinsarchiv"


def _named(data: bytes) -> io.BytesIO:
    f = io.BytesIO(data)
    f.name = "event.zip"
    return f


def test_users_section_is_still_required():
    assert get_user_model() is not None
    with pytest.raises(ArchiveError):
        read_archive(_zip({"format": archive_zip.FORMAT, "version": 1, "tournament": {}})).close()
