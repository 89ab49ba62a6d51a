"""Issue 14 item 14: a Content-Security-Policy without 'unsafe-inline' and nothing on the pages breaks
under it: no violation reported by Chromium on the pages that have scripts and styles (the board,
the projector, the language menu, the print button), and those scripts still work."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser


def _watch(page: Page) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.add_init_script("""document.addEventListener("securitypolicyviolation",
        e => console.error("CSP violation: " + e.violatedDirective + " " + e.blockedURI));""")
    return problems


@pytest.mark.django_db(transaction=True)
def test_pages_run_under_the_policy_without_a_violation(browser: Browser, live_server, published_round, arbiter,
                                                        tournament):
    from games.services.games import game_for_board

    game = game_for_board(published_round.boards.get(number=1))
    game.moves = "1. 32-28 19-23 2. 28x19 14x23"
    game.save()
    page = browser.new_context().new_page()
    problems = _watch(page)
    response = page.goto(f"{live_server.url}/accounts/login/")
    policy = response.headers["content-security-policy"]
    assert "'unsafe-inline'" not in policy and "script-src 'self'" in policy and "style-src 'self'" in policy
    page.fill("#id_username", arbiter.username)
    page.fill("#id_password", PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_load_state()

    # The language menu switches at once (site.js, no inline onchange).
    with page.expect_navigation():
        page.select_option("#lang-select", "de")
    assert page.locator("html").get_attribute("lang") == "de"
    with page.expect_navigation():
        page.select_option("#lang-select", "en")

    # The board viewer (board.js) steps through the moves.
    page.goto(f"{live_server.url}/g/{game.pk}/view/")
    assert page.locator(".board-svg").count() >= 1
    # The games pages take their styles from a file now: the layout rule applies.
    assert page.evaluate("getComputedStyle(document.querySelector('.board-nav')).display") == "flex"

    # The projector cycles its slides (projector.js reads its settings from data attributes).
    page.goto(f"{live_server.url}/t/{tournament.slug}/projector/?seconds=3")
    page.wait_for_timeout(300)
    assert page.locator("#clock").inner_text().strip() != ""

    # The print button of the QR sheet is wired by site.js.
    page.goto(f"{live_server.url}/g/t/{tournament.slug}/links/print/")
    page.evaluate("window.print = () => { window.printed = true; }")
    page.locator("[data-print]").click()
    assert page.evaluate("window.printed === true")
    assert problems == []
