"""Issue 28 on a 390 px phone: the arbiter sees the drawn openings, prints the ballot sheet, draws again,
publishes, types both games of a micro-match; the public pairings show both games, the micro-match score
and the opening; a game page names its place in the micro-match. No page scrolls sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import ARTIFACTS, sign_in
from tournaments.models import AuditEntry, Round
from tournaments.services.pairing import pair_round
from tournaments.services.registration import update_tournament

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

WORDS = {  # what each language calls the ballot sheet button, the redraw button and game 2 (the catalogs)
    "en": ("Ballot sheet (print)", "Draw the openings again", "Game 2 of 2 of the micro-match"),
    "de": ("Auslosungsblatt (drucken)", "Eröffnungen neu auslosen", "Partie 2 von 2 des Mini-Wettkampfs"),
    "nl": ("Lotingsblad (afdrukken)", "Openingen opnieuw loten", "Partij 2 van 2 van de minimatch"),
    "fr": ("Feuille de tirage (imprimer)", "Tirer à nouveau les ouvertures", "Partie 2 sur 2 du micro-match"),
}


def _no_sideways(page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_micro_match_round_on_a_phone(browser: Browser, live_server, tournament, entries, chief_arbiter, shot, lang):
    update_tournament(chief_arbiter, tournament, {
        "rule_profile": "russian", "pairing_system": "berger", "rounds_planned": 3, "games_per_pairing": 2,
        "opening_deck": "fmjd64", "opening_draw": "pairing"})
    rnd = pair_round(tournament, chief_arbiter).round
    rnd.refresh_from_db()
    first_seed = rnd.opening_seed
    sheet_word, redraw_word, game_two = WORDS[lang]
    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    sign_in(page, live_server.url, "chief")
    base = f"{live_server.url}/t/{tournament.slug}/manage/rounds/1/"

    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/settings/")
    deck = page.locator("#id_opening_deck")
    assert deck.input_value() == "fmjd64" and deck.locator("option").count() == 3  # none, fmjd64, idf150
    page.locator("fieldset", has=deck).scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"micro_match_phone-settings-section-{lang}.png"))  # what the phone shows
    shot(page, f"settings micro-match {lang}")
    _no_sideways(page, f"the settings ({lang})")

    page.goto(base)
    board = rnd.boards.filter(bye_kind="").order_by("number").first()
    assert board.opening in page.locator("main").inner_text()
    shot(page, f"draft round {lang}")
    _no_sideways(page, f"the draft round ({lang})")

    page.get_by_role("link", name=sheet_word).click()
    assert first_seed in page.inner_text("main") and board.opening in page.inner_text("main")
    shot(page, f"ballot sheet {lang}")
    _no_sideways(page, f"the ballot sheet ({lang})")
    page.get_by_role("button", name=redraw_word).click()
    page.wait_for_load_state()
    rnd.refresh_from_db()
    assert rnd.opening_seed != first_seed
    assert AuditEntry.objects.filter(tournament=tournament, action="round.draw_openings").count() == 2

    page.goto(base)
    page.locator("details.confirm summary").first.tap()
    page.locator("details.confirm form button").first.click()
    page.wait_for_load_state()
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.PUBLISHED

    page.goto(f"{live_server.url}/g/t/{tournament.slug}/results/?round=1")
    page.fill("#id_typed", "1 2-0 1-1")
    page.locator("#id_typed").press("Enter")
    page.wait_for_load_state()
    shot(page, f"typed results {lang}")
    _no_sideways(page, f"the results page ({lang})")

    board.refresh_from_db()
    page.goto(f"{live_server.url}/t/{tournament.slug}/round/1/")
    row = page.locator("table.pairings tbody tr").first
    text = row.inner_text()
    assert "3–1" in text and "2-0" in text and "1-1" in text, text
    assert board.opening in text
    shot(page, f"public round {lang}")
    _no_sideways(page, f"the public round ({lang})")

    game = board.games.get(number=2)
    page.goto(f"{live_server.url}/g/{game.pk}/")
    assert game_two in page.inner_text("main")
    shot(page, f"game 2 {lang}")
    context.close()
