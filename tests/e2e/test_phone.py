"""Result entry on a phone (390 x 844): no horizontal scrolling, big touch targets, one screen per task."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@pytest.mark.django_db(transaction=True)
def test_a_player_enters_a_result_on_a_phone_without_scrolling_sideways(browser: Browser, live_server, published_round,
                                                                         player, tournament, shot):
    from games.models import ResultSubmission
    from games.services.games import game_for_board

    game = game_for_board(published_round.boards.get(number=1))
    page = browser.new_context(**PHONE).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", player.username)
    page.fill("#id_password", PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_load_state()
    for path in (f"/g/t/{tournament.slug}/my/", f"/g/{game.pk}/"):
        page.goto(live_server.url + path)
        overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
        shot(page, f"phone {path}")
        assert overflow <= 0, f"{path} scrolls sideways by {overflow}px on a phone"
    page.goto(f"{live_server.url}/g/t/{tournament.slug}/my/")
    buttons = page.locator(".result-buttons button")
    assert buttons.count() >= 3
    for i in range(3):
        box = buttons.nth(i).bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, f"result button {i} too small to tap: {box}"
    buttons.filter(has_text="1-1").first.tap()
    page.wait_for_load_state()
    shot(page, "phone result sent")
    assert ResultSubmission.objects.get(game=game).result == "1-1"
