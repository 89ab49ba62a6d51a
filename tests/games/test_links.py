"""Private submission links: unguessable, scoped to one tournament and one player, revocable, never auto-confirmed."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import ResultSubmission
from games.services import GameError
from games.services.links import create_link, link_by_token, revoke_link
from games.services.results import submit_result


@pytest.fixture
def link(tournament, entries, arbiter, published_round):
    # Entry 4 (no account) plays Black on board 2.
    return create_link(tournament, entries[3], arbiter)


def test_link_token_is_long_and_random(link, tournament, entries, arbiter):
    """A token is at least 256 bits (43 characters of 6 bits) of the URL-safe alphabet, so it goes into a
    link unescaped, and shares no prefix with another link's (60 tokens: tests/matrix/test_security.py)."""
    other = create_link(tournament, entries[2], arbiter)
    for token in (link.token, other.token):
        assert len(token) >= 43 and re.fullmatch(r"[A-Za-z0-9_-]+", token), token
        assert reverse("games:link_home", args=[token]) == f"/g/l/{token}/"
    assert link.token[:8] != other.token[:8]


def test_link_page_lists_the_players_games_and_submits_pending(client, link, other_game):
    body = client.get(reverse("games:link_home", args=[link.token])).content.decode()
    assert "Иванов, Сергей" in body
    assert reverse("games:link_submit", args=[link.token, other_game.pk]) in body
    r = client.post(reverse("games:link_submit", args=[link.token, other_game.pk]), {"result": "0-2"})
    assert r.status_code == 302
    sub = ResultSubmission.objects.get(game=other_game)
    assert (sub.result, sub.status, sub.via_link, sub.submitted_by) == ("0-2", "pending", True, None)


def test_link_cannot_submit_for_a_game_of_another_player(client, link, game):
    client.post(reverse("games:link_submit", args=[link.token, game.pk]), {"result": "0-2"})
    assert not ResultSubmission.objects.filter(game=game).exists()


def test_link_submission_is_confirmed_by_the_opponent_account(link, other_game, other_player):
    from games.services.results import confirm_submission

    sub = submit_result(other_game, "0-2", link=link)
    confirm_submission(sub, other_player)
    assert ResultSubmission.objects.confirmed().get(game=other_game).result == "0-2"


def test_revoked_or_unknown_link_gives_404(client, link, arbiter, other_game):
    revoke_link(link, arbiter)
    assert client.get(reverse("games:link_home", args=[link.token])).status_code == 404
    assert client.get(reverse("games:link_home", args=["not-a-token"])).status_code == 404
    r = client.post(reverse("games:link_submit", args=[link.token, other_game.pk]), {"result": "0-2"})
    assert r.status_code == 404
    assert link_by_token(link.token) is None


def test_link_of_another_tournament_cannot_submit(link, other_tournament, make_user):
    from games.services.games import game_for_board
    from tournaments.models import Board, Entry, Player, Round

    p1 = Entry.objects.create(tournament=other_tournament, player=Player.objects.create(name="A, B"), start_number=1)
    p2 = Entry.objects.create(tournament=other_tournament, player=Player.objects.create(name="C, D"), start_number=2)
    rnd = Round.objects.create(tournament=other_tournament, number=1, status="published")
    g = game_for_board(Board.objects.create(round=rnd, number=1, white=p1, black=p2))
    with pytest.raises(GameError, match="not valid for this tournament"):
        submit_result(g, "2-0", link=link)


def test_recreating_a_revoked_link_gives_a_new_token(link, tournament, entries, arbiter):
    old = link.token
    revoke_link(link, arbiter)
    fresh = create_link(tournament, entries[3], arbiter)
    assert fresh.token != old and not fresh.revoked


def test_print_page_shows_full_urls(login, arbiter, link, tournament):
    body = login(arbiter).get(reverse("games:links_print", args=[tournament.slug])).content.decode()
    assert f"http://testserver/g/l/{link.token}/" in body


MISSED = "1. 32-28 19-23 2. 31-27 23x32"  # ply 3 ignores the compulsory 28x19


def test_link_holder_enters_moves_validated_as_typed_like_a_signed_in_player(client, link, other_game):
    page = client.get(reverse("games:link_submit", args=[link.token, other_game.pk])).content.decode()
    check_url = reverse("games:link_check", args=[link.token, other_game.pk])
    assert f'hx-post="{check_url}"' in page and 'name="result" value="0-2"' in page
    assert 'data-flipped="1"' in page  # the link's player has Black on this board
    assert reverse("games:link_submit", args=[link.token, other_game.pk]) in client.get(
        reverse("games:link_home", args=[link.token])).content.decode()
    body = client.post(check_url, {"moves": MISSED}, HTTP_HX_REQUEST="true").content.decode()
    assert "Move 2, White 31-27 does not capture, but capturing is compulsory: 28x19" in body
    assert 'hx-swap-oob="true"' in body
    board_url = reverse("games:link_board", args=[link.token, other_game.pk])
    assert f'hx-post="{board_url}"' in body
    r = client.post(board_url, {"moves": MISSED, "ply": 1})
    assert "After 1. White 32-28" in r.content.decode()


def test_link_submission_carries_the_moves_and_waits_for_confirmation(client, link, other_game):
    r = client.post(reverse("games:link_submit", args=[link.token, other_game.pk]), {"result": "1-1", "moves": MISSED})
    assert r.status_code == 302 and r["Location"] == reverse("games:link_home", args=[link.token])
    sub = ResultSubmission.objects.get(game=other_game)
    assert (sub.moves, sub.status, sub.via_link) == (MISSED, "pending", True)
    # Back on the entry page the box holds what was sent, checked.
    page = client.get(reverse("games:link_submit", args=[link.token, other_game.pk])).content.decode()
    assert f">{MISSED}</textarea>" in page and "does not capture" in page


@pytest.mark.parametrize("name", ["games:link_submit", "games:link_check", "games:link_board"])
def test_link_entry_pages_refuse_other_games_revoked_links_and_draft_rounds(name, client, link, game, other_game,
                                                                            arbiter):
    post = name != "games:link_submit"
    fetch = (lambda url: client.post(url, {"moves": "32-28"})) if post else client.get
    assert fetch(reverse(name, args=[link.token, game.pk])).status_code == 404  # another player's game
    rnd = other_game.board.round
    rnd.status = "draft"
    rnd.save()
    assert fetch(reverse(name, args=[link.token, other_game.pk])).status_code == 404
    rnd.status = "published"
    rnd.save()
    assert fetch(reverse(name, args=[link.token, other_game.pk])).status_code == 200
    revoke_link(link, arbiter)
    assert fetch(reverse(name, args=[link.token, other_game.pk])).status_code == 404


def test_guessing_tokens_is_paused_but_real_links_from_the_same_address_are_not(client, link, settings):
    """Item 14: a throttle on private-link lookups. Only misses count: 30 phones of a hall behind one
    address opening their real links are never paused; a guesser is after the address's limit."""
    settings.LINK_LOOKUP_LIMIT_ADDRESS = 3
    home = reverse("games:link_home", args=[link.token])
    for _ in range(10):
        assert client.get(home).status_code == 200
    for i in range(3):
        assert client.get(reverse("games:link_home", args=[f"guess-{i}"])).status_code == 404
    paused = client.get(reverse("games:link_home", args=["guess-4"]))
    assert paused.status_code == 429 and "too many links that do not exist" in paused.content.decode()
    # Issue 23, Low 1: the pause never covers a valid link, from that address or any other.
    assert client.get(home).status_code == 200
    assert client.get(home, REMOTE_ADDR="10.7.7.7").status_code == 200
    assert client.get(reverse("games:link_home", args=["guess-5"]), REMOTE_ADDR="10.7.7.7").status_code == 404


def test_thirty_bad_tokens_in_a_hall_never_block_the_valid_links_behind_the_same_address(
        client, link, tournament, entries, other_game, arbiter):
    """Issue 23, Low 1: thirty mistyped tokens from one address (a hall shares one) blocked every
    valid link behind it. With the default limits, 40 players' typos (each their own link's
    characters changed near the end, each typed three times) pause nobody's valid link; every page
    of a link (home, game, move check, board) answers its holder."""
    from games.services.links import create_link
    from tournaments.models import Entry, Player

    links = [link]
    for i in range(3):
        extra = Entry.objects.create(tournament=tournament, player=Player.objects.create(name=f"Gast, {i}"),
                                     start_number=10 + i)
        links.append(create_link(tournament, extra, arbiter))
    for n in range(40):
        typo = links[n % len(links)].token[:-3] + f"{n:03d}"
        for _ in range(3):
            assert client.get(reverse("games:link_home", args=[typo])).status_code in (404, 429)
    for lk in links:
        assert client.get(reverse("games:link_home", args=[lk.token])).status_code == 200
    assert client.get(reverse("games:link_submit", args=[link.token, other_game.pk])).status_code == 200
    assert client.post(reverse("games:link_check", args=[link.token, other_game.pk]),
                       {"moves": "32-28"}).status_code == 200
    assert client.post(reverse("games:link_board", args=[link.token, other_game.pk]),
                       {"moves": "32-28", "ply": "1"}).status_code == 200


def test_misses_are_counted_per_token_prefix_from_every_address(client, link, settings):
    """Someone completing a token they saw the start of, from many addresses, is paused on that
    prefix after ``LINK_LOOKUP_LIMIT`` misses; other prefixes and the valid link are not."""
    settings.LINK_LOOKUP_LIMIT = 3
    start = link.token[:8]
    for i in range(3):
        url = reverse("games:link_home", args=[f"{start}guess{i}"])
        assert client.get(url, REMOTE_ADDR=f"10.0.0.{i}").status_code == 404
    assert client.get(reverse("games:link_home", args=[f"{start}guess9"]), REMOTE_ADDR="10.0.0.9").status_code == 429
    assert client.get(reverse("games:link_home", args=["other-prefix-guess"]), REMOTE_ADDR="10.0.0.9"
                      ).status_code == 404
    assert client.get(reverse("games:link_home", args=[link.token]), REMOTE_ADDR="10.0.0.9").status_code == 200
