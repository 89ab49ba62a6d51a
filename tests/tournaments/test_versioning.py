"""The version counters: every audited change a tournament's pages show advances its version (the audit
call does it, no model signal); a new waiting result or a typed move does not; a move advances its game's
own version."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.services.games import game_for_board
from games.services.results import confirm_submission, enter_result, submit_result
from tournaments.audit import record
from tournaments.models import AuditEntry, Entry, Tournament
from tournaments.services.registration import set_absence, update_player, update_tournament
from tournaments.services.rounds import finish_round
from tournaments.versioning import game_moved

pytestmark = pytest.mark.django_db


def version(t: Tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=t.pk)


def test_each_audited_change_a_page_shows_bumps_the_version(
    tournament, entries, published_round, chief_arbiter, player, opponent
):
    seen = [version(tournament)]

    def changed() -> None:
        now = version(tournament)
        assert now > seen[-1]
        seen.append(now)

    update_tournament(chief_arbiter, tournament, {"place": "Zeist"})
    changed()
    update_player(chief_arbiter, entries[0], {"rating": 1500})
    changed()
    set_absence(chief_arbiter, entries[2], 2, "half")
    changed()
    game = game_for_board(published_round.boards.get(number=1))
    sub = submit_result(game, "2-0", user=player)
    assert version(tournament) == seen[-1]  # a new waiting result shows nowhere public
    confirm_submission(sub, opponent)
    changed()
    enter_result(game_for_board(published_round.boards.get(number=2)), "1-1", chief_arbiter)
    changed()
    finish_round(chief_arbiter, published_round)
    changed()


def test_an_action_that_shows_nothing_leaves_the_version(tournament, chief_arbiter):
    before = version(tournament)
    record(chief_arbiter, tournament, "archive.export_with_email", tournament, after="reason=federation")
    assert version(tournament) == before
    record(chief_arbiter, tournament, "tournament.update", tournament, after="place=Zeist")
    assert version(tournament) == before + 1


def test_an_entry_change_bumps_its_own_tournament_only(tournament, other_tournament, entries, chief_arbiter):
    """Issue 23: each tournament shows its entries' own details, so renaming the player in one tournament
    changes nothing another one shows (and the shared player row is no page's business)."""
    player = entries[0].player
    elsewhere = Entry.objects.create(tournament=other_tournament, player=player, start_number=1)
    before = version(tournament), version(other_tournament)
    update_player(chief_arbiter, entries[0], {"name": "Renamed, Player"})
    assert version(tournament) > before[0] and version(other_tournament) == before[1]
    elsewhere.refresh_from_db()
    assert elsewhere.name == player.name != "Renamed, Player"


def test_a_stale_copy_saved_never_sets_the_counter_back(tournament, entries, chief_arbiter):
    stale = Tournament.objects.get(pk=tournament.pk)
    for rating in (1501, 1502, 1503):
        update_player(chief_arbiter, entries[0], {"rating": rating})
    high = version(tournament)
    stale.name = "Renamed"
    stale.save()  # its in-memory version is older than the database's
    assert version(tournament) == high
    assert Tournament.objects.get(pk=tournament.pk).name == "Renamed"


def test_a_move_advances_its_game_and_not_the_tournament(tournament, published_round):
    game = game_for_board(published_round.boards.get(number=1))
    before = version(tournament), game.version
    game_moved(game.pk)
    game.refresh_from_db()
    assert game.version == before[1] + 1 and version(tournament) == before[0]


def _admin_form(client, url: str) -> dict[str, str]:
    """The admin change form's current values, as the browser would post them back."""
    html = client.get(url).content.decode()
    data: dict[str, str] = {}
    for name, value in re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', html):
        data.setdefault(name, value)
    for name, body in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        chosen = re.search(r'<option value="([^"]*)"[^>]*selected', body)
        data[name] = chosen.group(1) if chosen else ""
    for name, body in re.findall(r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', html, re.S):
        data[name] = body.strip()
    return data


def test_an_edit_in_the_admin_site_is_audited_and_bumps_the_version(
    client, make_user, tournament, entries, published_round
):
    """Staff changing an entry's rating or deleting a board's row in the admin site: each writes an audit
    entry with the field before and after, and the tournament's pages move on (their version advances)."""
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    entry = entries[0]
    url = reverse("admin:tournaments_entry_change", args=[entry.pk])
    data = _admin_form(client, url)
    data["rating"] = "1999"
    start = version(tournament)
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    entry.refresh_from_db()
    assert entry.rating == 1999
    audit = AuditEntry.objects.get(action="admin.change")
    assert audit.tournament == tournament
    assert "rating=1999" in audit.after and "rating=1999" not in audit.before
    assert version(tournament) > start

    start = version(tournament)
    round_url = reverse("admin:tournaments_round_delete", args=[published_round.pk])
    assert client.post(round_url, {"post": "yes"}).status_code == 302
    assert AuditEntry.objects.filter(action="admin.delete", tournament=tournament).count() == 1
    assert version(tournament) > start
