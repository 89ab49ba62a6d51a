"""A board card in the hall: the arbiter prints the round's board cards, a player scans the QR code
of their board on a phone (390 x 844), submits, the opponent scans the same card and confirms, and
the public standings change.

The "scan" is the card's own address read from the downloaded PDF with pypdf (the link the QR code
carries; tests/games/test_board_cards.py decodes the printed codes themselves with ZBar).
"""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import Browser, expect
from pypdf import PdfReader

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True,
         "locale": "en-GB"}


def _card_urls(pdf: bytes) -> list[str]:
    urls = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for annot in page.get("/Annots") or []:
            action = annot.get_object().get("/A")
            if action and "/URI" in action:
                urls.append(str(action["/URI"]))
    return urls


def _sign_in_from(page, username: str) -> None:
    page.get_by_role("link", name="Log in").last.click()
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_load_state()


def _no_sideways_scroll(page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"


@pytest.mark.django_db(transaction=True)
def test_scan_a_board_card_submit_confirm_and_the_standings_change(browser: Browser, live_server, tournament,
                                                                   published_round, chief_arbiter, player, opponent,
                                                                   shot):
    url = live_server.url
    # The chief arbiter downloads the round's board cards from the round page.
    desk = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True).new_page()
    desk.goto(f"{url}/accounts/login/")
    desk.fill("#id_username", chief_arbiter.username)
    desk.fill("#id_password", PASSWORD)
    desk.locator("#id_password").press("Enter")
    desk.wait_for_load_state()
    desk.goto(f"{url}/t/{tournament.slug}/manage/rounds/1/")
    with desk.expect_download() as download:
        desk.get_by_role("link", name="Board cards (PDF)").click()
    pdf = open(download.value.path(), "rb").read()  # noqa: SIM115 - read at once
    cards = _card_urls(pdf)
    assert cards == [f"{url}/g/t/{tournament.slug}/round/1/board/{n}/" for n in (1, 2)], cards
    card = cards[0]  # board 1: player (White) v opponent (Black)

    spectator = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    spectator.goto(f"{url}/t/{tournament.slug}/standings/")
    row_before = spectator.locator("tr", has_text="Jansen, Piet").inner_text()

    # The player scans the card: the board's page asks them to sign in, then opens their game.
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(card)
    expect(phone.locator("h1")).to_contain_text("Round 1, board 1")
    expect(phone.locator("main")).to_contain_text("Sign in to send the result")
    shot(phone, "phone board card scanned")
    _no_sideways_scroll(phone, "the board page")
    _sign_in_from(phone, player.username)
    assert "/g/" in phone.url and "/board/" not in phone.url, phone.url
    _no_sideways_scroll(phone, "the game page")
    phone.locator("#result-form button[name=result][value='2-0']").tap()  # "I win 2-0" (words first)
    phone.wait_for_load_state()
    expect(phone.locator("body")).to_contain_text("counts once your opponent")
    shot(phone, "phone result sent")

    # The opponent scans the same card on their phone and confirms.
    other = browser.new_context(**PHONE).new_page()
    other.goto(card)
    _sign_in_from(other, opponent.username)
    confirm = other.get_by_role("button", name="Confirm", exact=False).first
    expect(confirm).to_be_visible()
    shot(other, "opponent sees the submission")
    confirm.tap()
    other.wait_for_load_state()
    expect(other.locator("body")).to_contain_text("confirmed")
    shot(other, "opponent confirmed")

    spectator.goto(f"{url}/t/{tournament.slug}/standings/")
    row_after = spectator.locator("tr", has_text="Jansen, Piet").inner_text()
    shot(spectator, "standings after the confirmed result")
    assert row_after != row_before, (row_before, row_after)
    assert "2" in row_after.split()
    # The card now shows the confirmed result to anyone who scans it.
    anyone = browser.new_context(**PHONE).new_page()
    anyone.goto(card)
    expect(anyone.locator(".board-result")).to_contain_text("2-0")
    shot(anyone, "board card after the result")
