"""The games pages on a 375 px phone in headless Chromium: nothing wider than the screen, big targets.

Marked ``browser`` (deselected by default; run with ``-m browser``). Unlike a check of the page's
scroll width, this also catches a table scrolling sideways inside its own box.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import PASSWORD
from tests.games.conftest import OPENING

pytestmark = pytest.mark.browser
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's loop runs in this thread

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"viewport": {"width": 375, "height": 800}, "is_mobile": True, "has_touch": True}
# Elements sticking out past the right edge of the screen (fixed elements and hidden ones aside).
TOO_WIDE = """() => [...document.querySelectorAll('main *')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.right > window.innerWidth + 1; })
  .map(e => e.tagName.toLowerCase() + '.' + e.className)"""
SMALL_TARGETS = """() => [...document.querySelectorAll('main button, main a.button, main select, main textarea')]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height < 44; })
  .map(e => e.tagName.toLowerCase() + ' ' + (e.textContent || e.name || '').trim().slice(0, 20))"""


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ["--no-sandbox", "--disable-gpu"],
            "headless": True}


def _page(browser, live_server, user=None):
    page = browser.new_context(**PHONE).new_page()
    if user is not None:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", user.username)
        page.fill("#id_password", PASSWORD)
        page.locator("#id_password").press("Enter")
        page.wait_for_load_state()
    return page


def _fits(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state()
    assert page.evaluate(TOO_WIDE) == [], f"{url} is wider than a 375 px phone"
    assert page.evaluate(SMALL_TARGETS) == [], f"{url} has targets under 44 px"


@pytest.mark.django_db(transaction=True)
def test_game_page_with_submissions_and_the_arbiters_overview_fit_a_phone(browser, live_server, published_round,
                                                                          player, opponent, arbiter, tournament):
    from games.services.games import game_for_board
    from games.services.results import submit_result

    game = game_for_board(published_round.boards.get(number=1))
    game_for_board(published_round.boards.get(number=2))
    long_moves = " ".join([OPENING] * 8)  # a long line of moves in the submissions table
    submit_result(game, "2-0", user=player, moves=long_moves)
    submit_result(game, "0-2", user=opponent, moves=OPENING)
    _fits(_page(browser, live_server, player), f"{live_server.url}/g/{game.pk}/")
    _fits(_page(browser, live_server, arbiter), f"{live_server.url}/g/t/{tournament.slug}/results/")


@pytest.mark.django_db(transaction=True)
def test_a_link_holder_types_moves_and_sends_a_result_on_a_phone(browser, live_server, published_round, entries,
                                                                 arbiter, tournament):
    from games.models import ResultSubmission
    from games.services.games import game_for_board
    from games.services.links import create_link

    game = game_for_board(published_round.boards.get(number=2))
    link = create_link(tournament, entries[3], arbiter)
    page = _page(browser, live_server)
    _fits(page, f"{live_server.url}/g/l/{link.token}/")
    _fits(page, f"{live_server.url}/g/l/{link.token}/{game.pk}/")
    page.fill("#id_moves", "1. 32-28 19-23 2. 31-27")
    page.locator("#id_moves").dispatch_event("change")
    page.locator(".ply.irregular").wait_for()
    assert "capturing is compulsory" in page.locator("#moves-check").inner_text()
    with page.expect_navigation():
        page.locator(".result-buttons button", has_text="0-2").tap()
    sub = ResultSubmission.objects.get(game=game)
    assert (sub.result, sub.moves, sub.via_link) == ("0-2", "1. 32-28 19-23 2. 31-27", True)
