"""The arbiter's cockpit (issue 24, "The cockpit", and item 6).

The overview is the page an arbiter keeps open all evening: the current round's state (games
without a result, waiting confirmations, conflicts, claims to rule, corrections asked), each a link
to act; the next step as one button ("Finish round 1", "Pair round 2", "Publish round 2") with
what blocks it; rounds left published although complete are offered for finishing; a finished
event offers no pairing. Its counts come from one set of queries, whatever the number of boards.

Item 6: an open correction request blocks pairing the next round like a missing result (or "pair
anyway" names it) and blocks finishing its round, and the last round (so the event never reads
"finished" with a request still open).
"""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.services.claims import claim_draw
from games.services.games import game_for_board
from games.services.results import enter_result, request_correction, submit_result
from tournaments.models import AuditEntry, Entry, Role, Round, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.pairing import PairingRefused, pair_round
from tournaments.services.rounds import finish_round, publish_round

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _section(html: str, ident: str) -> str:
    """The HTML of the element with ``id=ident`` up to the next tile or section."""
    start = html.index(f'id="{ident}"')
    return html[start:start + 3000]


@pytest.fixture
def evening(make_tournament, add_entries, make_user):
    """A Swiss of 3 rounds with ``n`` players (accounts for players 1 and 2), its chief arbiter signed in."""

    def make(n: int = 8, slug: str = "cockpit", rounds: int = 3):
        t = make_tournament(slug, rounds_planned=rounds)
        chief = make_user(f"chief-{slug}")
        Role.objects.create(tournament=t, user=chief, kind="chief_arbiter")
        entries = add_entries(t, n)
        for e in entries[:2]:
            user = make_user(f"{slug}-p{e.start_number}")
            Entry.objects.filter(pk=e.pk).update(user=user)
            Role.objects.create(tournament=t, user=user, kind="player")
        return t, chief

    return make


def _boards(rnd):
    from tournaments.models import Board

    boards = Board.objects.filter(round_id=rnd.pk).select_related("round", "white__user", "black__user")
    return [b for b in boards.order_by("number") if not b.bye_kind]


def _round_of_everything(t, chief):
    """Round 1 published: board 1 without a result, board 2 waiting, board 3 a conflict (with a
    claim the validator rejected), board 4 confirmed (and a correction asked)."""
    rnd = pair_round(t, chief).round
    publish_round(chief, rnd)
    b = _boards(rnd)
    users = {e.pk: e.user for board in b for e in (board.white, board.black)}
    from django.contrib.auth import get_user_model

    make = get_user_model().objects.create_user
    for board in b[1:4]:  # accounts for both players of boards 2-4
        for e in (board.white, board.black):
            if users.get(e.pk) is None:
                users[e.pk] = make(f"u{t.slug}{e.start_number}", password="x")
                Entry.objects.filter(pk=e.pk).update(user=users[e.pk])
                Role.objects.get_or_create(tournament=t, user=users[e.pk], kind="player")
    g = [game_for_board(board) for board in b]
    for game in g:
        game.board.refresh_from_db()
    submit_result(g[1], "2-0", user=users[b[1].white_id])
    submit_result(g[2], "2-0", user=users[b[2].white_id])
    submit_result(g[2], "0-2", user=users[b[2].black_id])
    claim_draw(g[2], None, users[b[2].white_id], "threefold_repetition", moves="32-28 19-23")
    enter_result(g[3], "2-0", chief)
    request_correction(g[3], "0-2", "He resigned, I wrote it wrong", user=users[b[3].black_id])
    return rnd, g


def test_the_current_round_state_each_a_link_to_act(evening, client):
    t, chief = evening()
    rnd, g = _round_of_everything(t, chief)
    client.force_login(chief)
    html = client.get(reverse("tournaments:manage", args=[t.slug])).content.decode()
    tiles = {name: _text(_section(html, f"tile-{name}")) for name in
             ("none", "waiting", "conflict", "claims", "corrections")}
    assert "No result yet 1 " in tiles["none"] and "Board 1" in tiles["none"]
    assert "Waiting for confirmation 1 " in tiles["waiting"] and "Board 2" in tiles["waiting"]
    assert "Conflicting results 1 " in tiles["conflict"] and "Board 3" in tiles["conflict"]
    assert "Draw claims to rule 1 " in tiles["claims"] and "rejected by the validator" in tiles["claims"]
    assert "Corrections asked 1 " in tiles["corrections"] and "asks for 0-2" in tiles["corrections"]
    for game in g[:3]:
        assert f'href="{reverse("games:game", args=[game.pk])}' in html
    assert "1 of 4 results confirmed" in _text(html)
    # The next step: finish round 1, blocked by the three games and the correction.
    nxt = _text(_section(html, "next-step"))
    assert "Finish round 1" in nxt and "3 games have no confirmed result." in nxt
    assert "1 correction request waits for your decision." in nxt
    assert re.search(r'<button type="button" class="button primary big" disabled[^>]*>\s*Finish round 1', html)
    assert 'action="/t/cockpit/manage/rounds/1/finish/"' not in html  # no way to finish it yet


def test_the_counts_come_from_a_constant_number_of_queries(evening, client):
    """The same page for 8 and for 40 players (4 and 20 boards, the same mix of states)."""
    counts = []
    for n, slug in ((8, "small"), (40, "large")):
        t, chief = evening(n, slug)
        _round_of_everything(t, chief)
        client.force_login(chief)
        url = reverse("tournaments:manage", args=[t.slug])
        client.get(url)  # warm the session and the permission caches
        with CaptureQueriesContext(connection) as ctx:
            assert client.get(url).status_code == 200
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts


def _finish_with_results(chief, rnd, result="1-1"):
    for board in _boards(rnd):
        enter_result(game_for_board(board), result, chief)
    return finish_round(chief, Round.objects.get(pk=rnd.pk))


def test_next_step_publish_finish_pair_and_nothing_once_finished(evening, client):
    t, chief = evening(4, "steps", rounds=2)
    client.force_login(chief)
    url = reverse("tournaments:manage", args=[t.slug])
    nxt = lambda: _text(_section(client.get(url).content.decode(), "next-step"))  # noqa: E731
    assert "Pair round 1" in nxt()
    rnd = pair_round(t, chief).round
    assert "Publish round 1" in nxt()
    publish_round(chief, rnd)
    for board in _boards(rnd):
        enter_result(game_for_board(board), "1-1", chief)
    html = client.get(url).content.decode()
    assert 'action="/t/steps/manage/rounds/1/finish/"' in html and "Finish round 1" in _text(html)
    finish_round(chief, Round.objects.get(pk=rnd.pk))
    html = client.get(url).content.decode()
    assert 'action="/t/steps/manage/rounds/pair/"' in html and "Pair round 2" in _text(html)
    r2 = pair_round(t, chief).round
    publish_round(chief, r2)
    _finish_with_results(chief, r2)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    html = client.get(url).content.decode()
    assert "The tournament is finished" in _text(html)
    assert "/rounds/pair/" not in html and "Pair round" not in _text(html)
    rounds_page = client.get(reverse("tournaments:rounds", args=[t.slug])).content.decode()
    assert "/rounds/pair/" not in rounds_page and "All 2 planned rounds have been paired" in rounds_page


def test_a_round_left_published_although_complete_is_offered_for_finishing(evening, client):
    t, chief = evening(4, "left", rounds=3)
    r1 = pair_round(t, chief).round
    publish_round(chief, r1)
    for board in _boards(r1):
        enter_result(game_for_board(board), "2-0", chief)
    r2 = pair_round(t, chief).round  # paired without finishing round 1
    publish_round(chief, r2)
    client.force_login(chief)
    html = client.get(reverse("tournaments:manage", args=[t.slug])).content.decode()
    attention = _text(_section(html, "attention"))
    assert "Round 1 has every result but is still published." in attention
    assert 'action="/t/left/manage/rounds/1/finish/"' in html
    client.post("/t/left/manage/rounds/1/finish/")
    assert Round.objects.get(pk=r1.pk).status == Round.Status.FINISHED


def test_the_cockpit_on_a_phone_is_the_same_page(evening, client):
    """One page for both (the layout is CSS): the phone gets every tile and the next step."""
    t, chief = evening()
    _round_of_everything(t, chief)
    client.force_login(chief)
    url = reverse("tournaments:manage", args=[t.slug])
    laptop = client.get(url).content.decode()
    phone = client.get(url, HTTP_USER_AGENT="Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)").content.decode()
    assert _text(laptop) == _text(phone)
    assert "cockpit.css" in phone


# --- item 6 ----------------------------------------------------------------------------------------------------

def _round_one_with_a_correction(t, chief):
    rnd = pair_round(t, chief).round
    publish_round(chief, rnd)
    boards = _boards(rnd)
    for board in boards:
        enter_result(game_for_board(board), "2-0", chief)
    player = next(b for b in boards if b.black.user is not None or b.white.user is not None)
    side = player.black if player.black.user is not None else player.white
    req = request_correction(game_for_board(player), "1-1", "We agreed a draw", user=side.user)
    return rnd, req


def test_an_open_correction_blocks_pairing_unless_paired_anyway_which_names_it(evening):
    t, chief = evening(4, "corr", rounds=3)
    rnd, req = _round_one_with_a_correction(t, chief)
    with pytest.raises(ServiceError, match="asked for a correction"):
        finish_round(chief, Round.objects.get(pk=rnd.pk))
    with pytest.raises(PairingRefused, match="A correction request of an earlier round waits") as exc:
        pair_round(t, chief)
    assert exc.value.details == [f"Round 1, board {req.game.board.number}: {req.requested_for.player.name} asks for "
                                 "1-1 (correction request)"]
    assert not Round.objects.filter(tournament=t, number=2).exists()
    r2 = pair_round(t, chief, override=True).round
    assert r2.number == 2
    assert "1 open correction request(s)" in AuditEntry.objects.get(tournament=t, action="round.pair",
                                                                      object_id=str(r2.pk)).after


def test_the_last_round_is_not_finished_while_any_correction_waits(evening):
    t, chief = evening(4, "corr-last", rounds=2)
    r1, req = _round_one_with_a_correction(t, chief)
    r1.status = Round.Status.FINISHED  # finished before the request came (players ask after the round)
    r1.save()
    r2 = pair_round(t, chief, override=True).round
    publish_round(chief, r2)
    with pytest.raises(ServiceError, match="asked for a correction"):
        _finish_with_results(chief, r2)
    t.refresh_from_db()
    assert t.status != Tournament.Status.FINISHED


def test_the_pairing_refusal_on_the_page_names_the_correction(evening, client):
    t, chief = evening(4, "corr-page", rounds=3)
    rnd, req = _round_one_with_a_correction(t, chief)
    rnd.status = Round.Status.FINISHED
    rnd.save()
    client.force_login(chief)
    body = _text(client.post(reverse("tournaments:pair", args=[t.slug]), follow=True).content.decode())
    assert "asks for 1-1 (correction request)" in body
    html = client.get(reverse("tournaments:manage", args=[t.slug])).content.decode()
    nxt = _text(_section(html, "next-step"))
    assert "Pair round 2 anyway" in nxt and "1 correction request waits for your decision." in nxt
    assert "asks for 1-1" in _text(_section(html, "tile-corrections"))
