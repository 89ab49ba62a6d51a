"""Issue 23 on a phone, in four languages: an arbiter asks to link an account to a player (the page
says the same whether or not the account exists), the account's owner accepts on their home page;
the rating lists page names each list's owner. No page scrolls sideways at 390 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import sign_in

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
WORDS = {  # language -> (request sent, the owner's question, linked)
    "en": ("Request sent", "Link your account?", "Your account is now linked"),
    "de": ("Anfrage gesendet", "Ihr Konto verknüpfen?", "Ihr Konto ist jetzt mit"),
    "nl": ("Verzoek verstuurd", "Uw account koppelen?", "Uw account is nu gekoppeld"),
    "fr": ("Demande envoyée", "Associer votre compte ?", "Votre compte est maintenant associé"),
}


def _no_sideways_scroll(page: Page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
@pytest.mark.django_db(transaction=True)
def test_an_account_link_is_asked_for_and_accepted_on_phones(lang, browser: Browser, live_server, tournament,
                                                              entries, chief_arbiter, make_user, shot):
    from tournaments.models import Entry
    from tournaments.services.rating_lists import import_rating_list

    import_rating_list(chief_arbiter, tournament, "FMJD 2026-11", "fmjd", b"ID;Surname;First name\n1;Smit;Jan\n")
    owner = make_user(f"jan-{lang}")
    url = live_server.url
    context = {"locale": lang, "extra_http_headers": {"Accept-Language": lang}}
    sent, question, linked = WORDS[lang]

    arbiter = browser.new_context(**PHONE, **context).new_page()
    sign_in(arbiter, url, chief_arbiter.username)
    arbiter.goto(f"{url}/t/{tournament.slug}/manage/players/")
    # One line per player (issue 24): the account forms open from the player's "No account" summary.
    arbiter.locator(f"#username-{entries[3].pk}").locator("xpath=ancestor::details[1]/summary").click()
    arbiter.fill(f"#username-{entries[3].pk}", owner.username)
    with arbiter.expect_navigation():
        arbiter.locator(f"#username-{entries[3].pk}").press("Enter")
    assert sent in arbiter.content()
    _no_sideways_scroll(arbiter, "the players page")
    shot(arbiter, f"{lang} players page after a link request")
    arbiter.goto(f"{url}/t/{tournament.slug}/manage/rating-lists/")
    assert "chief" in arbiter.locator("table").inner_text()
    _no_sideways_scroll(arbiter, "the rating lists page")
    shot(arbiter, f"{lang} rating lists with their owner")

    phone = browser.new_context(**PHONE, **context).new_page()
    sign_in(phone, url, owner.username)
    phone.goto(f"{url}/")
    assert question in phone.content()
    _no_sideways_scroll(phone, "the home page with a request")
    shot(phone, f"{lang} home page asks the owner")
    with phone.expect_navigation():
        phone.locator("#link-requests button.primary").tap()
    assert linked in phone.content()
    shot(phone, f"{lang} account linked")
    assert Entry.objects.get(pk=entries[3].pk).user == owner
