"""Tournament archives: everything of a tournament travels, exactly, and a bad file stores nothing.

Oracles: the document exported by *another instance* (a ``seed_demo`` database made in a
subprocess on SQLite) must come back identical from this database (SQLite, or PostgreSQL in the
PostgreSQL pass of CI: ``DATABASE_URL=postgres://...``) after an import; the state of every
covered table is compared before and after each refused file.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import subprocess
import sys
import uuid
import zipfile
from pathlib import Path

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.urls import reverse

from games.models import (
    ResultSubmission,
    SubmissionLink,
    TournamentImport,
    new_link_token,
)
from games.services import archive_schema, archive_zip
from games.services.archive import ArchiveError, export_archive, import_archive, read_archive, tournament_document
from tournaments.models import AuditEntry, Entry, Player, Role, Tournament

ROOT = Path(__file__).resolve().parents[2]
DEMO_SLUGS = ("utrecht-club-championship-2026", "amersfoort-autumn-open-2026")


# --- helpers ------------------------------------------------------------------------------------

def _zip(doc: dict | list | str, *, pdn: str = "", extra: dict[str, bytes] | None = None) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(archive_zip.JSON_NAME, doc if isinstance(doc, str) else json.dumps(doc))
        zf.writestr(archive_zip.PDN_NAME, pdn)
        for name, data in (extra or {}).items():
            zf.writestr(name, data)
    return buf.getvalue()


def _doc_of(raw: bytes) -> dict:
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        return json.loads(zf.read(archive_zip.JSON_NAME))


def _same(a: dict, b: dict, *, imported: bool = False) -> None:
    """The same document; with ``imported``, ``a`` is an archive and ``b`` the export of the server that
    imported it: its audit rows came as history marked imported (actor kept as text, never a local
    account), and the server's own entry of the import is left aside."""
    a, b = dict(a), dict(b)
    a.pop("exported_at"), b.pop("exported_at")
    if imported:
        a["audit"] = [{**r, "actor": None, "imported": True, "imported_actor": r.get("imported_actor") or r["actor"]
                       or ""} for r in a["audit"]]
        b["audit"] = [r for r in b["audit"] if r["imported"] or r["action"] != "import_archive"]
    for key in sorted(set(a) | set(b)):
        assert a.get(key) == b.get(key), f"section {key} differs"


def _state() -> dict[str, object]:
    """Every row of every table an import may write (ids included): the oracle for 'stored nothing'."""
    models = [s.model for s in archive_schema.SECTIONS] + [Tournament, Player, TournamentImport, get_user_model()]
    return {m._meta.label: sorted(map(str, m._default_manager.values_list())) for m in models}


def _move_away(tournament: Tournament) -> None:
    """Make the original another event, so that importing its archive here acts as on a new instance
    (the original's private link tokens, unique on a server, are renewed)."""
    Tournament.objects.filter(pk=tournament.pk).update(slug=tournament.slug + "-orig", uid=uuid.uuid4())
    for link in SubmissionLink.objects.filter(tournament=tournament):
        link.token = new_link_token()
        link.save()


# --- coverage -----------------------------------------------------------------------------------

def _reaches_tournament(model, seen=frozenset()) -> bool:
    for f in model._meta.concrete_fields:
        if not f.is_relation or f.related_model in seen or f.related_model is get_user_model():
            continue
        if f.related_model is Tournament or _reaches_tournament(f.related_model, seen | {model}):
            return True
    return False


def test_every_model_tied_to_a_tournament_is_archived_or_deliberately_left_out():
    """A model added later with a path to Tournament (check-ins, correction requests...) fails here
    until it gets a section in games.services.archive_schema.SECTIONS (or a reason in NOT_ARCHIVED)."""
    tied = {m for m in apps.get_models() if _reaches_tournament(m)}
    covered = {s.model for s in archive_schema.SECTIONS}
    assert tied, "the walk found nothing: it is broken"
    missing = tied - covered - set(archive_schema.NOT_ARCHIVED)
    assert not missing, f"not in the tournament archive: {sorted(m._meta.label for m in missing)}"
    assert not covered & set(archive_schema.NOT_ARCHIVED)


def test_every_field_of_a_covered_model_travels_unless_declared(full_tournament):
    """Fields are taken generically: a field added to a covered model appears in the document."""
    doc = tournament_document(full_tournament)
    for section in archive_schema.SECTIONS:
        rows = doc[section.name]
        assert rows, f"the fixture has no {section.name}: this test would prove nothing for it"
        expected = {f.name for f in section.model._meta.concrete_fields
                    if not f.primary_key and f.name not in section.skip
                    and not (f.name == section.parent and f.related_model is Tournament)}
        assert set(rows[0]) - {"player"} == expected, section.name
    # The player travels as the person's identity; the private details stay on the entry (issue 23).
    player_fields = {f.name for f in Player._meta.concrete_fields
                     if not f.primary_key and f.name not in archive_schema.PLAYER_SKIP}
    assert set(doc["entries"][0]["player"]) == player_fields
    assert {"national_id", "birth_year"} <= set(doc["entries"][0]) and archive_schema.PLAYER_SKIP
    assert set(doc["tournament"]) == {
        f.name for f in Tournament._meta.concrete_fields
        if not f.primary_key and f.name not in archive_schema.TOURNAMENT_SKIP
    }
    for section in archive_schema.SECTIONS:
        for f in section.model._meta.concrete_fields:
            if f.is_relation and f.name not in section.skip:
                target = f.related_model
                assert target in {get_user_model(), Tournament} | {s.model for s in archive_schema.SECTIONS}, \
                    f"{section.model._meta.label}.{f.name} -> {target._meta.label} is not covered"


# --- round trips --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def demo_archives(tmp_path_factory) -> dict[str, bytes]:
    """Both demo tournaments exported by another instance: seed_demo on its own SQLite file."""
    folder = tmp_path_factory.mktemp("demo-instance")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "DATABASE_", "CELERY_", "REDIS_", "VENUE"))}
    env["SQLITE_PATH"] = str(folder / "db.sqlite3")
    for cmd in (["migrate", "-v0"], ["seed_demo"], *(["export_tournament", s, "-o", str(folder / f"{s}.zip")]
                                                     for s in DEMO_SLUGS)):
        done = subprocess.run([sys.executable, "manage.py", *cmd], cwd=ROOT, env=env, capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, done.stderr
    return {s: (folder / f"{s}.zip").read_bytes() for s in DEMO_SLUGS}


@pytest.mark.django_db
@pytest.mark.parametrize("slug", DEMO_SLUGS)
def test_demo_tournament_round_trip_gives_the_same_document(demo_archives, slug, django_assert_max_num_queries):
    raw = demo_archives[slug]
    original = _doc_of(raw)
    assert original["entries"] and original["submissions"] and original["audit"]
    report = import_archive(raw)
    assert report.created and report.slug == slug
    tournament = Tournament.objects.get(slug=slug)
    again = _doc_of(export_archive(tournament))
    _same(original, again, imported=True)
    # The users came with it, inactive and without a usable password.
    for name in ("arbiter", "pieter", "anja"):
        user = get_user_model().objects.get(username=name)
        assert not user.is_active and not user.has_usable_password()
    # Roles never travel (issue 23, Low 5): the command imported without --user, so nobody is chief here yet.
    assert not Role.objects.filter(tournament=tournament).exists()
    # Importing the same file again changes nothing at all.
    before = _state()
    report = import_archive(raw)
    assert report.unchanged and not report.created
    assert _state() == before
    print(f"{connection.vendor}: {slug}: {len(original['entries'])} entries, {len(original['boards'])} boards, "
          f"{len(original['submissions'])} submissions, {len(original['audit'])} audit entries: same document")


@pytest.mark.django_db
def test_round_trip_of_every_section_and_existing_users_kept(full_tournament, player):
    raw = export_archive(full_tournament)
    original = _doc_of(raw)
    _move_away(full_tournament)
    player.first_name = "Kept"
    player.save()
    report = import_archive(raw)
    assert report.created and not report.users_created, "existing users are matched by username"
    imported = Tournament.objects.get(slug=full_tournament.slug)
    assert imported.pk != full_tournament.pk
    for user in original["users"]:  # the server's account keeps its own name
        if user["username"] == "player":
            user["first_name"] = "Kept"
    _same(original, tournament_document(imported), imported=True)
    assert get_user_model().objects.get(username="player").first_name == "Kept"
    assert Entry.objects.filter(tournament=imported).count() == 4
    assert ResultSubmission.objects.filter(game__board__round__tournament=imported).count() == 3


@pytest.mark.django_db
def test_a_newer_export_updates_the_event_and_keeps_what_this_server_changed(full_tournament, chief_arbiter,
                                                                             make_user):
    raw = export_archive(full_tournament)
    first = _doc_of(raw)
    _move_away(full_tournament)
    import_archive(raw)
    imported = Tournament.objects.get(slug=full_tournament.slug)
    # On the server: the public crosstable switched off, a server-only arbiter appointed.
    Tournament.objects.filter(pk=imported.pk).update(public_crosstable=False)
    server_arbiter = make_user("server-arbiter")
    Role.objects.create(tournament=imported, user=server_arbiter, kind="arbiter")
    # On the laptop, later: the place corrected, the opponent's submission confirmed, a new submission.
    newer = copy.deepcopy(first)
    newer["tournament"]["place"] = "Utrecht (zaal 2)"
    for sub in newer["submissions"]:
        if sub["result"] == "1-1":
            sub["status"], sub["confirmed_by"] = "confirmed", "chief"
        else:
            sub["status"] = "superseded"
    newer["submissions"].append({**newer["submissions"][0], "version": 3, "result": "0-2", "status": "pending",
                                 "confirmed_by": None, "confirmed_at": None})
    report = import_archive(_zip(newer))
    assert not report.created and not report.unchanged
    imported.refresh_from_db()
    assert imported.place == "Utrecht (zaal 2)"
    assert imported.public_crosstable is False, "the server's own change is kept"
    assert Role.objects.filter(tournament=imported, user=server_arbiter).exists(), "server additions are kept"
    subs = {s.version: s for s in ResultSubmission.objects.filter(game__board__round__tournament=imported)}
    assert subs[2].status == "confirmed" and subs[2].confirmed_by.username == "chief"
    assert subs[1].status == "superseded" and subs[3].result == "0-2"
    text = "\n".join(report.lines())
    assert "submissions: 1 added" in text and "place" in text and "public_crosstable" in text, text
    assert AuditEntry.objects.filter(tournament=imported, action="import_archive", imported=False).count() == 2
    # The same newer file again: nothing changes.
    before = _state()
    assert import_archive(_zip(newer)).unchanged
    assert _state() == before


# --- refused files ------------------------------------------------------------------------------

def _refused(raw: bytes, expect: str) -> None:
    before = _state()
    with pytest.raises(ArchiveError) as info:
        import_archive(raw)
    assert expect.lower() in str(info.value).lower(), str(info.value)
    assert _state() == before, "a refused archive stored something"


@pytest.mark.django_db
def test_damaged_foreign_and_newer_files_are_refused_naming_the_problem(full_tournament):
    raw = export_archive(full_tournament)
    doc = _doc_of(raw)
    _move_away(full_tournament)
    _refused(b"[Event \"x\"]\n1. 32-28 *", "not a readable zip")
    _refused(raw[: len(raw) // 2], "not a readable zip")
    _refused(_zip(doc, extra={"evil.sh": b"rm -rf /"}), "unexpected files")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("games.pdn", "")
    _refused(buf.getvalue(), "no tournament.json")
    _refused(_zip("{not json"), "not valid JSON")
    _refused(_zip([1, 2]), "not a tournament archive")
    _refused(_zip({"format": "chess-results", "version": 1}), "not a tournament archive")
    _refused(_zip({**doc, "version": 2}), "newer version")
    _refused(_zip({**doc, "version": 0}), "unknown archive format version")
    _refused(_zip({**doc, "version": "1"}), "no format version")
    _refused(_zip({**doc, "boards": "many"}), "section boards")
    bad = copy.deepcopy(doc)
    bad["boards"][1]["round"] = 99  # a board of a round that is not in the archive, after valid entries
    _refused(_zip(bad), "round 99")
    bad = copy.deepcopy(doc)
    bad["submissions"][0]["result"] = "9-9"
    _refused(_zip(bad), "submissions[")
    bad = copy.deepcopy(doc)
    bad["entries"][0]["start_number"] = "first"
    _refused(_zip(bad), "entries[")
    bad = copy.deepcopy(doc)
    bad["users"].append({"username": "bad name with spaces"})
    bad["submissions"][0]["submitted_by"] = "bad name with spaces"
    _refused(_zip(bad), "bad name with spaces")


@pytest.mark.django_db
def test_zip_bombs_and_oversized_archives_are_refused(full_tournament, monkeypatch):
    doc = _doc_of(export_archive(full_tournament))
    _move_away(full_tournament)
    # 200 MB of spaces after the JSON compress to about 200 KB: the ratio check stops the reading early.
    buf = io.BytesIO()
    with (zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf,
          zf.open(archive_zip.JSON_NAME, "w", force_zip64=True) as fh):
        fh.write(json.dumps(doc).encode())
        for _ in range(200):
            fh.write(b" " * (1024 * 1024))
    assert len(buf.getvalue()) < 2 * 1024 * 1024
    _refused(buf.getvalue(), "zip bomb")
    # Declared sizes beyond the bound are refused before reading anything.
    monkeypatch.setattr(archive_zip, "MAX_JSON_BYTES", 1000)
    _refused(_zip(doc), "at most 1000 are read")
    monkeypatch.undo()
    _refused(_zip(doc, extra={f"x{i}.txt": b"" for i in range(10)}), "at most 2 files")
    monkeypatch.setattr(archive_zip, "MAX_ZIP_BYTES", 100)
    _refused(_zip(doc), "larger than")


class _Undo(Exception):
    pass


@pytest.mark.django_db(transaction=False)
def test_fuzzed_archives_store_nothing_partial(full_tournament):
    """Truncations and bit flips (fixed seed): each file is either refused with nothing stored, or
    (a flip in a byte the zip does not check, such as a timestamp) imported whole and exactly."""
    raw = export_archive(full_tournament)
    original = _doc_of(raw)
    _move_away(full_tournament)
    rng = random.Random(13)
    blobs = [raw[: rng.randrange(len(raw))] for _ in range(60)]
    for _ in range(140):
        data = bytearray(raw)
        for _flip in range(rng.choice((1, 1, 2, 8))):
            pos = rng.randrange(len(data))
            data[pos] ^= 1 << rng.randrange(8)
        blobs.append(bytes(data))
    outcomes = {"refused": 0, "imported": 0}
    before = _state()
    for blob in blobs:
        try:
            with transaction.atomic():
                try:
                    import_archive(blob)
                except ArchiveError:
                    assert _state() == before, "a refused archive stored something"
                    outcomes["refused"] += 1
                else:
                    _same(original, tournament_document(Tournament.objects.get(slug=full_tournament.slug)),
                          imported=True)
                    outcomes["imported"] += 1
                raise _Undo
        except _Undo:
            pass
    print(f"fuzz: {outcomes}")
    assert outcomes["refused"] >= 150


@pytest.mark.django_db
def test_read_archive_reads_its_own_export(full_tournament):
    doc = read_archive(export_archive(full_tournament))
    assert doc["format"] == archive_zip.FORMAT and doc["version"] == archive_zip.VERSION
    assert doc["tournament"]["uid"] == str(full_tournament.uid)


# --- web ----------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_arbiters_download_the_archive_others_do_not(client, full_tournament, chief_arbiter, outsider):
    url = reverse("games:archive_export", args=[full_tournament.slug])
    assert client.get(url).status_code == 302  # anonymous: sign in
    client.force_login(outsider)
    assert client.get(url).status_code == 403
    client.force_login(chief_arbiter)
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    assert _doc_of(response.content)["tournament"]["slug"] == full_tournament.slug


@pytest.mark.django_db
def test_upload_page_imports_for_staff_and_refuses_others(client, full_tournament, staff, player, chief_arbiter,
                                                           settings, django_capture_on_commit_callbacks, tmp_path):
    """The upload is checked at once (a broken zip is refused on the form), then imported by a task
    whose page shows the refusal or the report (issue 23, Medium 2: not parsed inside the request)."""
    settings.MEDIA_ROOT = tmp_path
    raw = export_archive(full_tournament)
    _move_away(full_tournament)
    url = reverse("games:archive_import")
    client.force_login(player)
    assert client.get(url).status_code == 403
    # A chief arbiter may not create an event this server does not have where arbiters may not create
    # tournaments (staff do).
    settings.ARBITERS_MAY_CREATE_TOURNAMENTS = False
    client.force_login(chief_arbiter)
    before = _state()
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"file": _named(raw)})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Nothing was imported" in page and "may not import" in page, page[:3000]
    assert _state() == before
    client.force_login(staff)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"file": _named(raw)})
    assert response.status_code == 302
    status = client.get(response["Location"])
    assert status.status_code == 200 and "created" in status.content.decode()
    assert Tournament.objects.filter(slug=full_tournament.slug).exists()
    assert not list((Path(settings.MEDIA_ROOT) / "archive-imports").glob("*")), "the upload is deleted"
    response = client.post(url, {"file": _named(b"PK\x03\x04 broken")})
    assert response.status_code == 400 and "not a readable zip" in response.content.decode()
    client.force_login(player)
    assert client.get(status.request["PATH_INFO"]).status_code == 403, "another user's import is not shown"


def test_an_arbiter_who_may_create_tournaments_never_updates_another_ones_event(full_tournament, make_user,
                                                                                other_tournament):
    """Creating tournaments (issue 12) gives no hold on someone else's: an archive of an event this
    server has is imported only by its chief arbiter or staff."""
    from games.services.archive import may_import, tournament_document
    from tournaments.models import Role

    stranger = make_user("stranger")
    Role.objects.create(user=stranger, tournament=other_tournament, kind="chief_arbiter")
    doc = tournament_document(full_tournament)
    assert stranger.has_perm("tournaments.create_tournament")
    assert not may_import(stranger, doc)
    new_event = {**doc, "tournament": {**doc["tournament"], "uid": "00000000-0000-4000-8000-000000000001"}}
    assert may_import(stranger, new_event)


def _named(data: bytes) -> io.BytesIO:
    f = io.BytesIO(data)
    f.name = "event.zip"
    return f
