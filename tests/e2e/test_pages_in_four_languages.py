"""Issue 12 (phones, four languages): the arbiter's player edit and publish confirmation and the
public standings and pairings, at 390 px, in English, German, Dutch and French: no sideways
scrolling, the words of the language, screenshots in test-artifacts/e2e/ to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
WORDS = {  # a word of each page in each language: the page is really translated
    "en": ("Remove from the tournament", "Yes, publish round 1", "Standings", "Save the roll call",
           "Rounds already played"),
    "de": ("Aus dem Turnier entfernen", "Ja, Runde 1 veröffentlichen", "Tabelle", "Anwesenheit speichern",
           "Bereits gespielte Runden"),
    "nl": ("Uit het toernooi verwijderen", "Ja, ronde 1 publiceren", "Stand", "Presentielijst opslaan",
           "Al gespeelde ronden"),
    "fr": ("Retirer du tournoi", "Oui, publier la ronde 1", "Classement", "Enregistrer l'appel",
           "Rondes déjà jouées"),
}


# The elements wider than the screen that do not clip: where a sideways scroll comes from.
WIDEST = """() => [...document.querySelectorAll('body, body *')]
    .filter(e => e.scrollWidth > document.documentElement.clientWidth + 1
                 && getComputedStyle(e).overflowX === 'visible')
    .slice(-4).map(e => e.tagName + '.' + e.className + ' ' + e.scrollWidth)"""


def _right_edge(page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, f"{selector} is not shown"
    return float(box["x"] + box["width"])


def _no_sideways_scroll(page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone: {page.evaluate(WIDEST)}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_arbiter_and_public_pages_on_a_phone(browser: Browser, live_server, tournament, entries, chief_arbiter,
                                            shot, lang):
    from tournaments.models import Absence, Board, Round

    url = live_server.url
    page = browser.new_context(**PHONE, locale=lang, extra_http_headers={"Accept-Language": lang}).new_page()
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", chief_arbiter.username)
    page.fill("#id_password", PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_load_state()
    remove, publish, standings, save_roll_call, already_played = WORDS[lang]

    page.goto(f"{url}/t/{tournament.slug}/manage/players/{entries[3].pk}/")
    assert remove in page.content()
    _no_sideways_scroll(page, "the player edit page")
    shot(page, f"{lang} player edit")

    page.goto(f"{url}/t/{tournament.slug}/manage/settings/")
    assert page.locator("fieldset legend").count() >= 6
    _no_sideways_scroll(page, "the settings page")
    shot(page, f"{lang} settings in sections")

    # A rating list: find a player by name and register him from his line.
    from pathlib import Path

    from tournaments.models import Entry
    from tournaments.services.rating_lists import import_rating_list

    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "ratings" / "fmjd_sample.csv"
    import_rating_list(chief_arbiter, tournament, "FMJD", "fmjd", fixture.read_bytes())
    page.goto(f"{url}/t/{tournament.slug}/manage/players/?find=scholten#find-player")
    _no_sideways_scroll(page, "the rating-list search")
    shot(page, f"{lang} rating list search")
    page.locator("form:has(input[name=action][value=register_from_list]) button").click()
    page.wait_for_load_state()
    assert Entry.objects.get(tournament=tournament, player__fmjd_id="15000").player.name == "Scholten, Henk"

    # Roll call: the fourth player is not in the hall; only that is stored.
    page.goto(f"{url}/t/{tournament.slug}/manage/roll-call/")
    page.locator(f"#present-{entries[3].pk}").uncheck()
    _no_sideways_scroll(page, "the roll call")
    shot(page, f"{lang} roll call")
    page.get_by_role("button", name=save_roll_call).click()
    page.wait_for_load_state()
    assert list(Absence.objects.values_list("entry_id", "round_number", "kind")) == [(entries[3].pk, 1, "absent")]

    page.goto(f"{url}/t/{tournament.slug}/manage/rounds/")
    page.locator("form[action$='/rounds/pair/'] button[type=submit]").click()
    page.wait_for_load_state()
    page.locator("details.confirm > summary").first.click()
    assert page.get_by_role("button", name=publish).is_visible()
    shot(page, f"{lang} publish asks")
    _no_sideways_scroll(page, "the draft round page")
    page.get_by_role("button", name=publish).click()
    page.wait_for_load_state()
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.PUBLISHED
    assert Board.objects.get(round__number=1, white=entries[3]).bye_kind == Board.ByeKind.ABSENT

    # A late entry now chooses what the missed round is worth.
    page.goto(f"{url}/t/{tournament.slug}/manage/players/")
    assert already_played in page.content()
    page.locator("#add-player").scroll_into_view_if_needed()
    _no_sideways_scroll(page, "the late entry form")
    shot(page, f"{lang} late entry")

    public = browser.new_context(**PHONE, locale=lang, extra_http_headers={"Accept-Language": lang}).new_page()
    for path, what in ((f"/t/{tournament.slug}/standings/", "standings"), (f"/t/{tournament.slug}/pairings/",
                                                                          "pairings")):
        public.goto(url + path)
        _no_sideways_scroll(public, f"the public {what}")
        shot(public, f"{lang} public {what}")
    public.goto(f"{url}/t/{tournament.slug}/standings/")
    assert standings in public.content()
    # What must stay in view on a phone (issue 12): rank, name, points; board, White, result, Black.
    assert _right_edge(public, "table.standings tbody tr:first-child td.points") <= 390, "points out of view"
    public.goto(f"{url}/t/{tournament.slug}/pairings/")
    assert _right_edge(public, "table.pairings tbody tr:first-child td:last-child") <= 390, "Black out of view"
