"""Rating lists (issue 12): import the FMJD list or a federation's with a column mapping, find players
by name or id, register one from its line. Fixtures: tests/fixtures/ratings (hand-written lines in
the FMJD list's column layout, a Dutch club export in Windows-1252, a file whose columns need a
mapping)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from tournaments.models import AuditEntry, Board, Entry, RatingList, RatingListPlayer
from tournaments.services.errors import ServiceError
from tournaments.services.pairing import pair_round
from tournaments.services.rating_lists import find_players, import_rating_list, register_from_list
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "ratings"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    """Uploaded lists wait for their "Save" in the media folder: a fresh one per test."""
    settings.MEDIA_ROOT = tmp_path / "media"


def _read(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def test_the_fmjd_list_is_read_by_its_column_names(tournament, chief_arbiter):
    report = import_rating_list(chief_arbiter, tournament, "FMJD 2026-11", "fmjd", _read("fmjd_sample.csv"))
    # 5 data lines: 3 good, "abc" is not a rating (line 5), a line without a name (line 6).
    assert report.rows == 3 and report.skipped_count == 2
    assert [line for line, _why in report.skipped] == [5, 6]
    assert "abc" in report.skipped[0][1]
    amelie = RatingListPlayer.objects.get(player_id="15001")
    assert (amelie.name, amelie.country, amelie.sex, amelie.rating, amelie.women_title, amelie.women_rating) == (
        "Lefèvre, Amélie", "FRA", "F", 2105, "MFF", 2150)
    assert RatingList.objects.get(name="FMJD 2026-11").rows == 3
    assert AuditEntry.objects.filter(tournament=tournament, action="ratinglist.import").exists()


def test_a_list_imported_again_replaces_the_old_one_and_a_bad_file_keeps_it(tournament, chief_arbiter):
    import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd", _read("fmjd_sample.csv"))
    import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd", b"ID;Surname;Rating\n1;Solo;1000\n")
    assert list(RatingListPlayer.objects.values_list("last_name", flat=True)) == ["Solo"]
    with pytest.raises(ServiceError, match="No column with the players' names"):
        import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd", b"ID;Elo\n1;1000\n")
    assert list(RatingListPlayer.objects.values_list("last_name", flat=True)) == ["Solo"]


def test_a_federation_list_in_windows_1252_and_a_list_that_needs_a_mapping(tournament, chief_arbiter):
    import_rating_list(chief_arbiter, tournament, "KNDB", "national", _read("national_cp1252.csv"))
    noel = RatingListPlayer.objects.get(player_id="7002")
    assert (noel.last_name, noel.first_name, noel.rating) == ("Smit", "Noël", 1520)
    with pytest.raises(ServiceError, match="Achternaam speler"):
        import_rating_list(chief_arbiter, tournament, "Club", "national", _read("mapped.csv"))
    report = import_rating_list(chief_arbiter, tournament, "Club", "national", _read("mapped.csv"),
                                {"last_name": "Achternaam speler", "player_id": "Lidnr"})
    assert report.rows == 1 and report.columns["rating"] == "Elo"
    eva = RatingListPlayer.objects.get(player_id="9001")
    assert (eva.name, eva.rating) == ("Visser, Eva", 1700)
    with pytest.raises(ServiceError, match="not in the file"):
        import_rating_list(chief_arbiter, tournament, "Club", "national", _read("mapped.csv"), {"rating": "Punten"})


def test_find_by_name_without_accents_or_by_id_and_register(tournament, chief_arbiter, add_entries):
    import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd", _read("fmjd_sample.csv"))
    assert [r.player_id for r in find_players("lefevre")] == ["15001"]
    assert [r.player_id for r in find_players("amélie LEF")] == ["15001"]
    assert [r.player_id for r in find_players("15000")] == ["15000"]
    assert list(find_players("   ")) == []
    entry = register_from_list(chief_arbiter, tournament, RatingListPlayer.objects.get(player_id="15001"))
    p = entry.player
    assert (p.name, p.federation, p.title, p.rating, p.fmjd_id) == ("Lefèvre, Amélie", "FRA", "MFF", 2105, "15001")
    with pytest.raises(ServiceError, match="already registered"):
        register_from_list(chief_arbiter, tournament, RatingListPlayer.objects.get(player_id="15001"))


def test_the_players_page_finds_and_registers_a_late_entry_with_a_half_point_bye(tournament, chief_arbiter,
                                                                                 add_entries, login):
    add_entries(tournament, 4)
    publish_round(chief_arbiter, pair_round(tournament, chief_arbiter).round)
    client = login(chief_arbiter)
    lists = reverse("tournaments:rating_lists", args=[tournament.slug])
    with FIXTURES.joinpath("fmjd_sample.csv").open("rb") as fh:
        preview = client.post(lists, {"name": "FMJD", "kind": "fmjd", "file": fh})
    token = preview.context["form"].initial["upload"]
    upload = client.post(lists, {"name": "FMJD", "kind": "fmjd", "upload": token, "action": "save"}, follow=True)
    assert "3 players stored, 2 lines skipped" in upload.content.decode()
    players = reverse("tournaments:players", args=[tournament.slug])
    page = client.get(players, {"find": "scholten"}).content.decode()
    assert "Scholten, Henk" in page and 'name="missed_rounds"' in page
    row = RatingListPlayer.objects.get(player_id="15000")
    client.post(players, {"action": "register_from_list", "row": row.pk, "missed_rounds": "half"})
    entry = Entry.objects.get(tournament=tournament, player__fmjd_id="15000")
    assert entry.joined_in_round == 2 and entry.rating == 2410
    assert Board.objects.get(white=entry).bye_kind == Board.ByeKind.HALF


def test_the_bounds_refuse_and_store_nothing(tournament, chief_arbiter, monkeypatch):
    from tournaments.services import rating_lists

    with pytest.raises(ServiceError, match="too large"):
        import_rating_list(chief_arbiter, tournament, "Big", "fmjd", b"x" * (rating_lists.MAX_BYTES + 1))
    monkeypatch.setattr(rating_lists, "MAX_ROWS", 2)
    with pytest.raises(ServiceError, match="more than 2 players"):
        import_rating_list(chief_arbiter, tournament, "Long", "fmjd", _read("fmjd_sample.csv"))
    assert not RatingList.objects.exists() and not RatingListPlayer.objects.exists()


def test_unreadable_lines_refuse_the_file_with_their_line_and_control_characters_skip_a_line(tournament,
                                                                                            chief_arbiter):
    """A field over the csv module's size limit refuses the file naming line 2, storing nothing; a
    NUL or a bell character in a name skips that line only (names with control characters are
    refused everywhere else too)."""
    huge = b"ID;Surname\n1;" + b"x" * 200_000 + b"\n"
    with pytest.raises(ServiceError, match="line 2"):
        import_rating_list(chief_arbiter, tournament, "Huge", "fmjd", huge)
    assert not RatingList.objects.exists()
    report = import_rating_list(chief_arbiter, tournament, "Bell", "fmjd",
                                b"ID;Surname\n1;Ok\n2;Ring\x07er\n3;Nul\x00l\n")
    assert report.rows == 1
    assert report.skipped == [(3, "control characters (U+0007)"), (4, "control characters (U+0000)")]


def test_a_surname_and_name_header_gives_first_names_and_a_preview_before_saving(tournament, chief_arbiter, login,
                                                                                  settings):
    """Issue 24, item 2: the FMJD/KNDB header ``ID;Country;Surname;Name;...`` has the first names in
    "Name"; they were read as full names and every player was stored without a first name ("0 lines
    skipped"). The upload now shows which column became what and the first players, and stores
    nothing until "Save the list"."""
    client = login(chief_arbiter)
    url = reverse("tournaments:rating_lists", args=[tournament.slug])
    with FIXTURES.joinpath("kndb_surname_name.csv").open("rb") as fh:
        page = client.post(url, {"name": "KNDB 2026", "kind": "national", "file": fh})
    body = page.content.decode()
    assert "the last name = “Surname”" in body and "the first name = “Name”" in body
    assert "<td>de Vries</td><td>Sanne</td>" in body and "<td>Boomstra</td><td>Roel</td>" in body
    assert not RatingList.objects.exists()  # a preview stores nothing
    token = page.context["form"].initial["upload"]
    assert f'value="{token}"' in body
    saved = client.post(url, {"name": "KNDB 2026", "kind": "national", "upload": token, "action": "save"},
                        follow=True).content.decode()
    assert "3 players stored, 0 lines skipped" in saved and "the first name = “Name”" in saved
    assert sorted(RatingListPlayer.objects.values_list("last_name", "first_name")) == [
        ("Boomstra", "Roel"), ("Lefèvre", "Amélie"), ("de Vries", "Sanne")]
    assert "first_name=Name" in AuditEntry.objects.get(action="ratinglist.import").after
    # Saved once: the kept file is gone, a second "Save" says so.
    again = client.post(url, {"name": "KNDB 2026", "kind": "national", "upload": token, "action": "save"},
                        follow=True).content.decode()
    assert "upload it again" in again


def test_a_name_column_written_last_first_stays_the_full_name(tournament, chief_arbiter):
    data = b"ID;Surname;Name;Rating\n1;Dijkstra;Dijkstra, Jan;1650\n"
    import_rating_list(chief_arbiter, tournament, "Odd", "national", data)
    assert RatingListPlayer.objects.get().first_name == "Jan"


def test_preview_again_with_another_column(tournament, chief_arbiter, login):
    client = login(chief_arbiter)
    url = reverse("tournaments:rating_lists", args=[tournament.slug])
    with FIXTURES.joinpath("mapped.csv").open("rb") as fh:
        first = client.post(url, {"name": "Club", "kind": "national", "file": fh}, follow=True)
    assert "Achternaam speler" in first.content.decode()  # no name column found: the refusal names the columns
    with FIXTURES.joinpath("mapped.csv").open("rb") as fh:
        page = client.post(url, {"name": "Club", "kind": "national", "file": fh, "col_last_name": "Achternaam speler"})
    assert "<td>Visser</td><td>Eva</td>" in page.content.decode()


# --- issue 23, Medium 1: owners, versions, audited replacements ------------------------------------

def _upload(client, tournament, name, data: bytes):
    """Upload ``data`` as the list ``name``: the preview, then "Save the list" (the page it answers)."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("tournaments:rating_lists", args=[tournament.slug])
    preview = client.post(url, {"name": name, "kind": "fmjd", "file": SimpleUploadedFile("list.csv", data)},
                          follow=True)
    token = preview.context["form"].initial.get("upload") if preview.context and "form" in preview.context else None
    if not token:
        return preview.content.decode()  # refused at the preview already
    return client.post(url, {"name": name, "kind": "fmjd", "upload": token, "action": "save"},
                       follow=True).content.decode()


def _rows(name: str) -> list[tuple[int, str]]:
    return list(RatingListPlayer.objects.filter(rating_list__name=name).order_by("pk").values_list("pk", "last_name"))


def test_another_arbiter_cannot_replace_or_empty_a_list_and_the_refusal_is_audited(
        tournament, other_tournament, chief_arbiter, foreign_arbiter, login):
    """The finding: any arbiter replaced (or emptied, with a file of no readable line) the list of
    another by uploading a file under the same name."""
    page = _upload(login(chief_arbiter), tournament, "FMJD", _read("fmjd_sample.csv"))
    assert "3 players stored" in page
    before = _rows("FMJD")
    listed = RatingList.objects.get(name="FMJD")
    assert listed.owner == chief_arbiter
    client = login(foreign_arbiter)
    for data in (b"ID;Surname;Rating\n1;Solo;1000\n", b"ID;Surname;Rating\n"):
        page = _upload(client, other_tournament, "FMJD", data)
        assert "The list “FMJD” belongs to chief: only they or the site&#x27;s staff replace it" in page
        assert _rows("FMJD") == before
    refused = AuditEntry.objects.filter(action="ratinglist.refused")
    assert refused.count() == 2
    assert {(e.actor, e.tournament) for e in refused} == {(foreign_arbiter, other_tournament)}
    assert refused[0].object_id == str(listed.pk) and "players=3" in refused[0].before
    # Under another name the foreign arbiter imports their own list, which they own.
    assert "1 players stored" in _upload(client, other_tournament, "Mine", b"ID;Surname\n1;Solo\n")
    assert RatingList.objects.get(name="Mine").owner == foreign_arbiter


def test_the_owner_and_staff_replace_a_list_audited_and_staff_keep_the_owner(tournament, chief_arbiter, staff,
                                                                             login):
    _upload(login(chief_arbiter), tournament, "FMJD", _read("fmjd_sample.csv"))
    assert "1 players stored" in _upload(login(chief_arbiter), tournament, "FMJD", b"ID;Surname\n1;Solo\n")
    assert [n for _pk, n in _rows("FMJD")] == ["Solo"]
    replaced = AuditEntry.objects.get(action="ratinglist.replace")
    assert replaced.actor == chief_arbiter and replaced.tournament == tournament
    assert replaced.before.startswith("list=FMJD; kind=fmjd; players=3; imported=")
    assert replaced.before.endswith("by=chief")
    assert replaced.after == "list=FMJD; players=1; skipped=0; columns=player_id=ID, last_name=Surname"
    import_rating_list(staff, tournament, "FMJD", "fmjd", b"ID;Surname\n1;Duo\n2;Trio\n")
    assert [n for _pk, n in _rows("FMJD")] == ["Duo", "Trio"]
    lst = RatingList.objects.get(name="FMJD")
    assert (lst.owner, lst.imported_by, lst.rows) == (chief_arbiter, staff, 2)
    assert AuditEntry.objects.filter(action="ratinglist.replace").count() == 2


def test_a_list_from_before_owners_is_replaced_by_staff_only(tournament, chief_arbiter, staff):
    RatingList.objects.create(name="Old", rows=0)
    with pytest.raises(ServiceError, match="belongs to the site's staff"):
        import_rating_list(chief_arbiter, tournament, "Old", "fmjd", b"ID;Surname\n1;Solo\n")
    import_rating_list(staff, tournament, "Old", "fmjd", b"ID;Surname\n1;Solo\n")
    assert [n for _pk, n in _rows("Old")] == ["Solo"]


@pytest.mark.parametrize(("data", "why"), [
    (b"ID;Elo\n1;1000\n", "No column with the players' names"),
    (b"ID;Surname;Rating\n1;A;x\n2;B;y\n", "Not one line of the file could be read"),
    (b"ID;Surname\n" + b"".join(b"%d;P%d\n" % (i, i) for i in range(8)), "more than 5 players"),
    (b"ID;Surname\n1;" + b"x" * 200_000 + b"\n", "cannot be read at line 2"),
])
def test_a_failed_replacement_leaves_the_old_list_untouched_and_is_audited(data, why, tournament, chief_arbiter,
                                                                          monkeypatch):
    from tournaments.services import rating_lists

    import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd", _read("fmjd_sample.csv"))
    before, listed = _rows("FMJD"), RatingList.objects.get(name="FMJD")
    monkeypatch.setattr(rating_lists, "MAX_ROWS", 5)
    monkeypatch.setattr(rating_lists, "BATCH", 2)  # several batches of the new version are stored first
    with pytest.raises(ServiceError, match=why):
        import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd", data)
    assert _rows("FMJD") == before
    assert list(RatingList.objects.values_list("pk", "rows", "complete")) == [(listed.pk, 3, True)]
    assert RatingListPlayer.objects.count() == 3  # nothing of the failed version is left
    assert AuditEntry.objects.filter(action="ratinglist.refused", actor=chief_arbiter).count() == 1


def test_the_old_version_is_the_one_in_use_until_the_new_one_is_read_completely(tournament, chief_arbiter,
                                                                               monkeypatch):
    """While the new file is read (here in batches of one line), searches and the players page see
    the old list only; then the new one, whole."""
    from tournaments.services import rating_lists

    import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd", _read("fmjd_sample.csv"))
    monkeypatch.setattr(rating_lists, "BATCH", 1)
    seen: list[list[str]] = []
    real = RatingListPlayer.objects.bulk_create

    def spy(rows, *args, **kwargs):
        out = real(rows, *args, **kwargs)
        seen.append(sorted(r.last_name for r in find_players("15000") or []) +
                    sorted(r.last_name for r in find_players("new")))
        return out

    monkeypatch.setattr(RatingListPlayer.objects, "bulk_create", spy)
    import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd",
                       b"ID;Surname;First name\n15000;Newman;A\n7;Newton;B\n8;Newer;C\n")
    assert len(seen) >= 3 and all(s == ["Scholten"] for s in seen)
    assert sorted(r.last_name for r in find_players("new")) == ["Newer", "Newman", "Newton"]
    assert [r.last_name for r in find_players("15000")] == ["Newman"]
