"""Issue 30: the round page and the hall projector follow the results as they are entered.

Both used to reload their table every 30 s (htmx). They now poll through static/js/live.js like the live
boards: a conditional request every few seconds (``POLL_SECONDS``), answered 304 while the tournament's
version is the same, the table replaced only when its ``data-live-version`` changed. A spectator on a
phone (390 px) keeps the round page open, the hall screen (1920 x 1080) the projector; an arbiter enters
a result; within 6 s (one poll of 3 s plus the server's 2 s micro-cache, as in production) both show it,
without a reload. In English and Dutch; screenshots in test-artifacts/e2e/.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SCREEN = {"viewport": {"width": 1920, "height": 1080}}
IN = {"en": "1 of 2 results in.", "nl": "1 van 2 uitslagen binnen."}


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.django_db(transaction=True)
def test_round_page_and_projector_show_a_result_within_six_seconds(browser: Browser, live_server, settings,
                                                                   tournament, published_round, arbiter,
                                                                   shot, lang):
    from games.services.games import game_for_board
    from games.services.results import enter_result

    settings.PUBLIC_PAGE_REUSE = 2  # the production micro-cache
    game = game_for_board(published_round.boards.get(number=1))
    game_for_board(published_round.boards.get(number=2))
    url = live_server.url
    headers = {"Accept-Language": lang}

    phone = browser.new_context(**PHONE, locale=lang, extra_http_headers=headers).new_page()
    phone.goto(f"{url}/t/{tournament.slug}/round/1/")
    phone.evaluate("window.__stillTheSamePage = true")
    expect(phone.locator("#round-live[data-live-url]")).to_have_count(1)
    hall = browser.new_context(**SCREEN, locale=lang, extra_http_headers=headers).new_page()
    hall.goto(f"{url}/t/{tournament.slug}/projector/")
    hall.evaluate("window.__stillTheSamePage = true")
    expect(hall.locator(".slide.pairings")).to_be_visible()
    assert "2-0" not in phone.locator("#round-live tbody tr").first.inner_text()

    enter_result(game, "2-0", arbiter)
    entered = time.monotonic()

    expect(phone.locator("#round-live")).to_contain_text(IN[lang], timeout=6000)
    expect(phone.locator("#round-live tbody tr").first).to_contain_text("2-0", timeout=1000)
    seen_phone = time.monotonic() - entered
    expect(hall.locator(".slide.pairings tbody tr").first).to_contain_text("2-0", timeout=6000)
    seen_hall = time.monotonic() - entered
    assert seen_phone < 6 and seen_hall < 6, (seen_phone, seen_hall)
    assert phone.evaluate("window.__stillTheSamePage === true"), "the round page was reloaded, not updated"
    assert hall.evaluate("window.__stillTheSamePage === true"), "the projector was reloaded, not updated"
    overflow = phone.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"the round page scrolls sideways by {overflow}px on a phone"
    shot(phone, f"{lang} round page after a result")
    shot(hall, f"{lang} projector after a result")
