"""Issue 23 (High): what a tournament shows of a player belongs to that tournament's entry, frozen at
registration. An edit, an archive import or a rating-list refresh in one tournament never alters another
one; an import writes only the importing tournament's entries and audits each change; private details
(national id, birth year) are seen only by the tournament that recorded them.

Before this, an archive import matched players by FMJD id... and rewrote the shared ``Player`` row that
every tournament showed (name, rating, club, federation), with nothing in those tournaments' audit logs.
"""

from __future__ import annotations

import copy
import io
import json
import uuid
import zipfile

import pytest
from django.urls import reverse

from games.services import archive_zip
from games.services.archive import export_archive, import_archive
from tournaments.models import AuditEntry, Entry, Player, RatingList, RatingListPlayer, Tournament
from tournaments.services.registration import register_player

pytestmark = pytest.mark.django_db


def _zip(doc: dict) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(archive_zip.JSON_NAME, json.dumps(doc))
        zf.writestr(archive_zip.PDN_NAME, "")
    return buf.getvalue()


def _doc(raw: bytes) -> dict:
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        return json.loads(zf.read(archive_zip.JSON_NAME))


@pytest.fixture
def shared_player(arbiter, tournament, other_tournament):
    """One person (FMJD id 16001) registered in two tournaments by their own arbiters."""
    data = {"name": "Jansen, Piet", "fmjd_id": "16001", "federation": "NED", "club": "DC Utrecht",
            "rating": 1450, "title": "MF", "national_id": "NL-777", "birth_year": 1990}
    here = register_player(arbiter, tournament, data)
    there = register_player(arbiter, other_tournament, {"fmjd_id": "16001", "name": "Jansen, Piet"})
    return here, there


def test_a_second_tournament_gets_the_public_details_not_the_private_ones(shared_player):
    here, there = shared_player
    assert here.player_id == there.player_id  # one person across events
    assert (there.name, there.club, there.federation, there.title, there.rating) == (
        "Jansen, Piet", "DC Utrecht", "NED", "MF", 1450)
    assert (there.national_id, there.birth_year) == ("", None)
    assert (here.national_id, here.birth_year) == ("NL-777", 1990)
    player = Player.objects.get(pk=here.player_id)
    assert (player.national_id, player.birth_year) == ("", None), "private details never sit on the shared row"


def test_an_archive_import_never_changes_another_tournament(shared_player, other_tournament, chief_arbiter):
    """An archive of the other tournament, edited to rename and re-rate FMJD id 16001, is imported as a new
    event: our tournament's entry, page and audit log stay as they were; the player row is not written."""
    here, _there = shared_player
    doc = _doc(export_archive(other_tournament))
    doc["tournament"].update(slug="imported-open", uid=str(uuid.uuid4()))
    for entry in doc["entries"]:
        entry.update(name="Jansen, Pieter", rating=2222, club="Elsewhere", federation="BEL")
        entry["player"].update(name="Jansen, Pieter", rating=2222, club="Elsewhere", federation="BEL")
    version = Tournament.objects.get(pk=here.tournament_id).version
    audit = AuditEntry.objects.filter(tournament=here.tournament_id).count()
    player = Player.objects.values().get(pk=here.player_id)

    import_archive(_zip(doc), chief_arbiter)

    imported = Entry.objects.get(tournament__slug="imported-open")
    assert (imported.name, imported.rating, imported.club) == ("Jansen, Pieter", 2222, "Elsewhere")
    assert imported.player_id == here.player_id, "tied to the same person by FMJD id"
    here.refresh_from_db()
    assert (here.name, here.rating, here.club, here.federation) == ("Jansen, Piet", 1450, "DC Utrecht", "NED")
    assert Player.objects.values().get(pk=here.player_id) == player
    assert Tournament.objects.get(pk=here.tournament_id).version == version
    assert AuditEntry.objects.filter(tournament=here.tournament_id).count() == audit


def test_a_newer_import_updates_its_own_entries_and_audits_each_change(tournament, entries, chief_arbiter):
    raw = export_archive(tournament)
    doc = _doc(raw)
    Tournament.objects.filter(pk=tournament.pk).update(slug="moved-away", uid=uuid.uuid4())
    import_archive(raw, chief_arbiter)
    imported = Tournament.objects.get(slug=tournament.slug)
    newer = copy.deepcopy(doc)
    jansen = next(e for e in newer["entries"] if e["name"] == "Jansen, Piet")
    jansen.update(name="Jansen, Pieter", rating=1500)

    import_archive(_zip(newer), chief_arbiter)

    entry = Entry.objects.get(tournament=imported, uid=jansen["uid"])
    assert (entry.name, entry.rating) == ("Jansen, Pieter", 1500)
    edit = AuditEntry.objects.get(tournament=imported, action="entry.edit")
    assert "name=Jansen, Piet;" in edit.before and "name=Jansen, Pieter" in edit.after
    assert "rating=1450" in edit.before and "rating=1500" in edit.after
    original = Entry.objects.get(tournament__slug="moved-away", uid=entry.uid)
    assert (original.name, original.rating) == ("Jansen, Piet", 1450)


def test_an_old_archive_without_entry_details_still_fills_them(tournament, entries, chief_arbiter):
    """Archives written before entries kept their own details carry them in ``player`` only."""
    doc = _doc(export_archive(tournament))
    doc["tournament"].update(slug="old-format", uid=str(uuid.uuid4()))
    for entry in doc["entries"]:
        for field in ("name", "title", "federation", "club", "fmjd_id", "national_id", "birth_year", "sex",
                      "national_rating"):
            entry.pop(field, None)
    import_archive(_zip(doc), chief_arbiter)
    names = set(Entry.objects.filter(tournament__slug="old-format").values_list("name", flat=True))
    assert names == {e.name for e in entries}


def test_a_rating_list_refresh_changes_no_registered_entry(arbiter, tournament):
    lst = RatingList.objects.create(name="FMJD 2026-10", kind=RatingList.Kind.FMJD, imported_by=arbiter)
    row = RatingListPlayer.objects.create(rating_list=lst, player_id="16002", country="NED", last_name="Visser",
                                          first_name="Femke", rating=1752, search_name="visser femke")
    entry = register_player(arbiter, tournament, {"name": row.name, "fmjd_id": "16002", "rating": row.rating})
    RatingListPlayer.objects.filter(pk=row.pk).update(rating=1999, last_name="Other")
    entry.refresh_from_db()
    assert (entry.name, entry.rating) == ("Visser, Femke", 1752)


def test_another_tournaments_arbiter_never_sees_the_private_details(login, arbiter, foreign_arbiter, shared_player,
                                                                    other_tournament):
    _here, there = shared_player
    page = login(foreign_arbiter).get(
        reverse("tournaments:edit_player", args=[other_tournament.slug, there.pk])).content.decode()
    assert "NL-777" not in page and "1990" not in page


def test_the_player_page_across_events_reads_the_entries(client, shared_player, tournament, other_tournament):
    here, there = shared_player
    Entry.objects.filter(pk=there.pk).update(name="Jansen, P.", rating=1470)
    page = client.get(reverse("player_history", args=["16001"])).content.decode()
    assert tournament.name in page and other_tournament.name in page
    assert "Jansen, Piet" in page and "Jansen, P." in page and "1470" in page
    assert "NL-777" not in page and "1990" not in page
    assert client.get(reverse("player_history", args=["99999"])).status_code == 404


def test_only_the_linked_account_itself_links_the_player_across_events(login, arbiter, shared_player, player,
                                                                      make_user):
    """The link of an account to the person (across events) is the account's own act, audited; the arbiter
    who linked the account to one entry cannot make it for them, another account cannot claim it."""
    here, _there = shared_player
    from tournaments.services.registration import link_user

    link_user(arbiter, here, player)
    url = reverse("claim_player", args=[here.pk])
    assert login(make_user("stranger")).post(url).status_code == 404
    assert login(arbiter).post(url).status_code == 404
    assert Player.objects.get(pk=here.player_id).user_id is None
    response = login(player).post(url)
    assert response.status_code == 302
    assert Player.objects.get(pk=here.player_id).user_id == player.pk
    audit = AuditEntry.objects.get(action="player.claim")
    assert audit.actor == player and audit.tournament_id == here.tournament_id and "FMJD id 16001" in audit.after
