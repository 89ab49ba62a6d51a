"""Issue 30: a spectator on a phone (390 x 844) follows a game while a player types its moves.

The spectator opens the round's live boards and the public game page; the player, signed in on their own
phone, types moves in the game's move box and saves them ("Save the moves so far"). Within 5 s, without
reloading, both spectator pages show the new last move (static/js/live.js polls the fragments; the
server's 2 s micro-cache is on, as in production). In English, German, Dutch and French; no page scrolls
sideways; screenshots in test-artifacts/e2e/.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
HEADING = {"en": "Live boards, round 1", "de": "Live-Bretter, Runde 1", "nl": "Live borden, ronde 1",
           "fr": "Damiers en direct, ronde 1"}
LAST_MOVE = {"en": "Last move: 2… 14x23", "de": "Letzter Zug: 2… 14x23", "nl": "Laatste zet: 2… 14x23",
             "fr": "Dernier coup : 2… 14x23"}


def _no_sideways_scroll(page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
@pytest.mark.django_db(transaction=True)
def test_a_spectator_sees_a_typed_move_within_five_seconds(browser: Browser, live_server, settings, tournament,
                                                          published_round, player, shot, lang):
    from games.services.games import game_for_board

    settings.PUBLIC_PAGE_REUSE = 2  # the production micro-cache: a render may be served for 2 s
    game = game_for_board(published_round.boards.get(number=1))
    game_for_board(published_round.boards.get(number=2))
    url = live_server.url
    headers = {"Accept-Language": lang}

    boards = browser.new_context(**PHONE, locale=lang, extra_http_headers=headers).new_page()
    boards.goto(f"{url}/t/{tournament.slug}/round/1/boards/")
    expect(boards.locator("h1")).to_have_text(HEADING[lang])
    expect(boards.locator(".live-board")).to_have_count(2)
    _no_sideways_scroll(boards, "the live boards")
    shot(boards, f"{lang} live boards before")

    viewer = browser.new_context(**PHONE, locale=lang, extra_http_headers=headers).new_page()
    viewer.goto(f"{url}/g/{game.pk}/view/")
    expect(viewer.locator("#game-live[data-live-url]")).to_have_count(1)
    _no_sideways_scroll(viewer, "the live game page")

    typist = browser.new_context(**PHONE, locale=lang, extra_http_headers=headers).new_page()
    typist.goto(f"{url}/accounts/login/")
    typist.fill("#id_username", player.username)
    typist.fill("#id_password", PASSWORD)
    typist.locator("#id_password").press("Enter")
    typist.wait_for_load_state()
    typist.goto(f"{url}/g/{game.pk}/")
    typist.fill("#id_moves", "1. 32-28 19-23 2. 28x19 14x23")
    _no_sideways_scroll(typist, "the move entry")
    typist.locator("button[name=save_moves]").click()
    typist.wait_for_load_state()
    saved_at = time.monotonic()
    expect(typist.locator("ul.messages")).to_contain_text("4")
    shot(typist, f"{lang} moves saved")

    first = boards.locator(".live-board").first
    expect(first).to_contain_text("2… 14x23", timeout=5000)
    seen_boards = time.monotonic() - saved_at
    expect(viewer.locator(".live-status")).to_contain_text(LAST_MOVE[lang], timeout=5000)
    seen_game = time.monotonic() - saved_at
    assert seen_boards < 5 and seen_game < 5, (seen_boards, seen_game)
    # The board on the game page shows the position after the last move (four plies replayed).
    expect(viewer.locator(".board-box")).to_have_attribute("data-ply", "4")
    _no_sideways_scroll(boards, "the live boards after a move")
    _no_sideways_scroll(viewer, "the live game page after a move")
    shot(boards, f"{lang} live boards after")
    shot(viewer, f"{lang} live game after")


@pytest.mark.django_db(transaction=True)
def test_the_projector_shows_every_board_and_follows_a_move(browser: Browser, live_server, settings, tournament,
                                                             arbiter, shot):
    """The hall's projector (1920 x 1080): 15 boards all on one screen (8 columns, two rows), and a move
    saved by the arbiter shows within 5 s."""
    from games.services.games import game_for_board
    from games.services.live_moves import save_moves
    from tournaments.models import Board, Entry, Player, Round

    settings.PUBLIC_PAGE_REUSE = 2
    players = Player.objects.bulk_create([Player(name=f"Spieler {i:02d}, Halle") for i in range(30)])
    entries = Entry.objects.bulk_create([Entry(tournament=tournament, player=p, name=p.name, start_number=i + 1)
                                         for i, p in enumerate(players)])
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    boards = Board.objects.bulk_create([Board(round=rnd, number=b + 1, white=entries[2 * b],
                                              black=entries[2 * b + 1]) for b in range(15)])
    games = [game_for_board(b) for b in boards]
    screen = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de",
                                 extra_http_headers={"Accept-Language": "de"}).new_page()
    screen.goto(f"{live_server.url}/t/{tournament.slug}/round/1/boards/?screen=projector")
    expect(screen.locator(".live-board")).to_have_count(15)
    bottoms = screen.evaluate("[...document.querySelectorAll('.live-board')]"
                              ".map(e => e.getBoundingClientRect().bottom)")
    assert max(bottoms) <= 1080, f"boards below the screen: {max(bottoms)}"
    save_moves(games[14], "32-28 19-23", user=arbiter)
    saved_at = time.monotonic()
    expect(screen.locator(".live-board").nth(14)).to_contain_text("1… 19-23", timeout=5000)
    assert time.monotonic() - saved_at < 5
    shot(screen, "projector 15 boards")


@pytest.mark.django_db(transaction=True)
def test_save_each_move_as_typed_reaches_the_spectator(browser: Browser, live_server, settings, tournament,
                                                       published_round, player, shot):
    """The player ticks "Save each move as I enter it" and types; each clean check is saved, an illegal
    move is not (the box says why), and the spectator's live boards follow within 5 s."""
    from games.services.games import game_for_board

    settings.PUBLIC_PAGE_REUSE = 2
    game = game_for_board(published_round.boards.get(number=1))
    game_for_board(published_round.boards.get(number=2))
    url = live_server.url
    # The round page tells how to broadcast the round on lidraughts; its long address wraps on a phone.
    boards = browser.new_context(**PHONE, locale="en-GB").new_page()
    boards.goto(f"{url}/t/{tournament.slug}/round/1/")
    boards.get_by_text("Broadcast this round on lidraughts").click()
    expect(boards.locator(".relay-help code")).to_have_text(f"{url}/t/{tournament.slug}/round/1/live.pdn")
    _no_sideways_scroll(boards, "the round page with the broadcast help")
    shot(boards, "round page broadcast help")
    boards.get_by_role("link", name="Live boards").click()
    expect(boards.locator(".live-board")).to_have_count(2)
    typist = browser.new_context(**PHONE, locale="en-GB").new_page()
    typist.goto(f"{url}/accounts/login/")
    typist.fill("#id_username", player.username)
    typist.fill("#id_password", PASSWORD)
    typist.locator("#id_password").press("Enter")
    typist.wait_for_load_state()
    typist.goto(f"{url}/g/{game.pk}/")
    typist.check("#live-save")
    typist.locator("#id_moves").press_sequentially("32-28 19-23", delay=30)
    expect(typist.locator("#live-save-status")).to_contain_text("Saved: 2 half-moves", timeout=5000)
    saved_at = time.monotonic()
    expect(boards.locator(".live-board").first).to_contain_text("1… 19-23", timeout=5000)
    assert time.monotonic() - saved_at < 5
    typist.locator("#id_moves").press_sequentially(" 28-22", delay=30)
    expect(typist.locator("#moves-check .irregular")).to_have_count(1)
    typist.wait_for_timeout(1000)
    expect(typist.locator("#live-save-status")).to_contain_text("Saved: 2 half-moves")
    _no_sideways_scroll(typist, "the move entry with live saving")
    shot(typist, "save each move")
    game.refresh_from_db()
    assert game.moves == "32-28 19-23"
