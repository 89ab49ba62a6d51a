"""The hall laptop mirrored to the public server (issue 30.3), server side in one database.

The laptop's tournament is ``full_tournament`` (a row in every archived section); its archive is taken,
then the laptop is "moved away" (another uid and address) so that this database can play the server. The
oracle for "equal" is the archive document: the server's export must equal the laptop's, audit aside
(the server records each push itself, and the laptop's audit rows arrive as imported history).
"""

from __future__ import annotations

import copy
import hashlib

import pytest
from django.urls import reverse

from games.models import SubmissionLink
from games.services.archive import export_archive, tournament_document
from games.services.links import link_by_token
from games.services.mirror import MAX_PUSH_BYTES, MirrorRefused, create_token, receive, revoke_token
from tests.games.test_archive import _doc_of, _move_away, _state, _zip
from tournaments.models import AuditEntry, Board, Entry, MirrorToken, Role, Round, Tournament
from tournaments.reports.audit import ACTIONS

pytestmark = pytest.mark.django_db


def _without_audit(doc: dict) -> dict:
    """The document but its audit rows (and the server's own chief, named by them) and the address."""
    out = {k: v for k, v in doc.items() if k not in ("audit", "exported_at")}
    out["tournament"] = {k: v for k, v in doc["tournament"].items() if k != "slug"}
    out["users"] = [u for u in doc["users"] if u["username"] != "server-chief"]
    return out


@pytest.fixture
def laptop_archive(full_tournament) -> bytes:
    raw = export_archive(full_tournament)
    _move_away(full_tournament)
    return raw


@pytest.fixture
def server(make_tournament, make_user):
    """The server's own tournament (another address) and its chief arbiter, with a live key."""
    t = make_tournament("club-open-live", name="Club Open (live)")
    chief = make_user("server-chief")
    Role.objects.create(tournament=t, user=chief, kind="chief_arbiter")
    row, token = create_token(t, chief, "hall laptop")
    return t, chief, row, token


def test_a_key_is_shown_once_stored_as_its_digest_audited_and_revocable(server):
    t, chief, row, token = server
    assert token.startswith("mir_") and len(token) >= 40
    assert row.digest == hashlib.sha256(token.encode()).hexdigest()
    stored = str(list(MirrorToken.objects.values()))
    assert token not in stored and token[8:] not in stored
    created = AuditEntry.objects.get(tournament=t, action="mirror_token.create")
    assert token not in created.after and row.hint in created.after
    assert str(ACTIONS["mirror_token.create"])
    revoke_token(row, chief)
    with pytest.raises(MirrorRefused) as refused:
        receive(token, b"PK")
    assert refused.value.status == 403
    assert AuditEntry.objects.filter(tournament=t, action="mirror_token.revoke").exists()


def test_pushes_make_the_server_equal_to_the_laptop_and_a_resend_changes_nothing(server, laptop_archive):
    t, _chief, row, token = server
    first = receive(token, laptop_archive)
    assert first.changed
    t.refresh_from_db()
    assert t.slug == "club-open-live", "the server's web address stays"
    assert _without_audit(tournament_document(t)) == _without_audit(_doc_of(laptop_archive))
    assert Entry.objects.filter(tournament=t).count() == 4
    row.refresh_from_db()
    assert row.pushes == 1 and row.last_used_at is not None
    assert AuditEntry.objects.filter(tournament=t, action="mirror_received").count() == 1
    # The same push again (a resend after a lost answer): nothing changes, not even the audit log.
    before = _state()
    assert not receive(token, laptop_archive).changed
    assert _state() == before


def test_what_the_laptop_removed_or_changed_is_removed_and_changed_on_the_server(server, laptop_archive):
    """The laptop unpaired board 2 of round 1 and changed a player's rating; a server value the laptop
    did not change is overwritten too (a mirror is a replica, not a merge)."""
    t, _chief, _row, token = server
    receive(token, laptop_archive)
    Tournament.objects.filter(pk=t.pk).update(public_crosstable=not t.public_crosstable)
    newer = copy.deepcopy(_doc_of(laptop_archive))
    gone = [b for b in newer["boards"] if b["number"] == 2]
    assert gone, "the fixture has a board 2"
    newer["boards"] = [b for b in newer["boards"] if b["number"] != 2]
    for section in ("games", "submissions", "corrections", "draw_claims", "rulings"):
        newer[section] = [r for r in newer.get(section, []) if not str(r.get("board") or r.get("game")).count(", 2")]
    newer["entries"][0]["rating"] = 1999
    received = receive(token, _zip(newer))
    assert received.changed and any("removed" in line for line in received.lines), received.lines
    assert not Board.objects.filter(round__tournament=t, number=2).exists()
    assert Entry.objects.get(tournament=t, uid=newer["entries"][0]["uid"]).rating == 1999
    t.refresh_from_db()
    assert t.public_crosstable == newer["tournament"]["public_crosstable"]
    assert _without_audit(tournament_document(t)) == _without_audit(newer | {"exported_at": None})


def test_wrong_revoked_and_foreign_keys_change_nothing(server, laptop_archive, make_tournament, make_user):
    t, chief, row, token = server
    receive(token, laptop_archive)
    other = make_tournament("other-club", name="Other club")
    Role.objects.create(tournament=other, user=chief, kind="chief_arbiter")
    _other_row, other_token = create_token(other, chief)
    before = _state()
    for bad, status in ((token + "x", 403), ("", 403), (other_token, 409)):
        with pytest.raises(MirrorRefused) as refused:
            receive(bad, laptop_archive)
        assert refused.value.status == status, (bad, refused.value.message)
    assert _state() == before
    revoke_token(row, chief)
    before = _state()
    with pytest.raises(MirrorRefused):
        receive(token, laptop_archive)
    assert _state() == before
    assert not Entry.objects.filter(tournament=other).exists()


def test_a_key_of_a_tournament_with_its_own_players_cannot_take_a_laptop_in(make_tournament, make_user,
                                                                            laptop_archive, entries):
    """``entries`` belong to the moved-away laptop tournament here; a server tournament with its own entry
    refuses a first push (it would replace them)."""
    target = make_tournament("has-players")
    chief = make_user("c2")
    Role.objects.create(tournament=target, user=chief, kind="chief_arbiter")
    Entry.objects.create(tournament=target, player=entries[0].player, name="Someone, Else")
    _row, token = create_token(target, chief)
    with pytest.raises(MirrorRefused) as refused:
        receive(token, laptop_archive)
    assert refused.value.status == 409 and "already holds" in refused.value.message


def test_a_mirrored_tournament_is_read_only_on_the_server(server, laptop_archive, make_user):
    t, chief, row, token = server
    receive(token, laptop_archive)
    entry = Entry.objects.filter(tournament=t, user__isnull=False).first()
    assert entry is not None
    game = Board.objects.filter(round__tournament=t, white=entry).first().games.first()
    assert not entry.user.has_perm("games.submit_result", game)
    assert not chief.has_perm("tournaments.pair_round", t) and not chief.has_perm("games.enter_final_result", game)
    link = SubmissionLink.objects.filter(tournament=t).first()
    assert link is not None and link_by_token(link.token) is None, "the laptop's links work on the laptop only"
    revoke_token(row, chief)  # the server takes over: writable again
    t.refresh_from_db()
    game = type(game).objects.select_related("board__round__tournament").get(pk=game.pk)
    assert chief.has_perm("tournaments.pair_round", t)
    assert entry.user.has_perm("games.submit_result", game) == (not Round.objects.get(pk=game.board.round_id).is_draft)


def test_the_push_endpoint_answers_in_json_with_bounds(client, server, laptop_archive):
    t, _chief, _row, token = server
    url = reverse("games:mirror_push")
    ok = client.post(url, laptop_archive, content_type="application/zip", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert ok.status_code == 200 and ok.json()["changed"] is True
    assert client.post(url, laptop_archive, content_type="application/zip").status_code == 403
    big = client.post(url, b"x", content_type="application/zip", HTTP_AUTHORIZATION=f"Bearer {token}",
                      CONTENT_LENGTH=str(MAX_PUSH_BYTES + 1))
    assert big.status_code == 413 and "MB" in big.json()["error"]
    damaged = client.post(url, b"not a zip", content_type="application/zip", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert damaged.status_code == 400 and damaged.json()["error"]
    assert client.get(url).status_code == 405


def test_the_keys_page_is_the_chief_arbiters(client, server, make_user):
    t, chief, _row, _token = server
    url = reverse("games:mirror_keys", args=[t.slug])
    client.force_login(make_user("nobody"))
    assert client.get(url).status_code in (403, 404)
    client.force_login(chief)
    page = client.post(url, {"action": "create", "label": "laptop 2"})
    assert page.status_code == 200
    shown = page.context["shown"]
    assert shown and shown in page.content.decode()
    assert shown not in client.get(url).content.decode(), "the key is shown once"
