"""Issue 30.3 on a phone, in four languages: the server's chief arbiter creates a mirror key (shown once,
with the command to type on the laptop) and sees it listed by its first characters; on the laptop, the
round page says whether the public server is up to date. No page scrolls sideways at 390 px."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import sign_in

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
WORDS = {  # language -> (shown once, the laptop waits)
    "en": ("shown only now", "not mirrored since"),
    "de": ("nur jetzt angezeigt", "nicht gespiegelt"),
    "nl": ("alleen nu getoond", "niet gespiegeld"),
    "fr": ("affichée une seule fois", "pas envoyé depuis"),
}


def _no_sideways_scroll(page: Page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
@pytest.mark.django_db(transaction=True)
def test_a_mirror_key_is_made_on_a_phone_and_the_laptop_says_what_waits(lang, browser: Browser, live_server,
                                                                        tournament, published_round,
                                                                        chief_arbiter, shot):
    from tournaments.audit import record
    from tournaments.models import MirrorState, MirrorToken

    url = live_server.url
    page = browser.new_context(**PHONE, locale=lang, extra_http_headers={"Accept-Language": lang}).new_page()
    sign_in(page, url, chief_arbiter.username)
    page.goto(f"{url}/g/t/{tournament.slug}/mirror/")
    page.fill("#id_label", "Laptop zaal 1")
    with page.expect_navigation():
        page.locator("form.form button.primary").tap()
    shown, waiting = WORDS[lang]
    assert shown in page.content()
    token = page.locator("#mirror-token").inner_text()
    assert token.startswith("mir_") and MirrorToken.objects.get(tournament=tournament).hint == token[:8]
    _no_sideways_scroll(page, "the mirror keys page")
    shot(page, f"{lang} mirror key shown once")
    page.goto(f"{url}/g/t/{tournament.slug}/mirror/")
    assert token not in page.content() and token[:8] in page.content()

    # The laptop side: pushed at 20:14, two changes since, the server down.
    sent = timezone.now() - datetime.timedelta(minutes=5)
    from tournaments.models import AuditEntry

    state = MirrorState.objects.create(tournament=tournament, target="https://draughts.example.org", sent_at=sent,
                                       sent_audit_id=AuditEntry.objects.order_by("-id").first().id,
                                       error="HTTP 502")
    record(chief_arbiter, tournament, "note", tournament, after="one")
    record(chief_arbiter, tournament, "note", tournament, after="two")
    page.goto(f"{url}/t/{tournament.slug}/manage/rounds/1/")
    status = page.locator(".mirror-status").inner_text()
    assert waiting in status and "2" in status and state.target in status, status
    _no_sideways_scroll(page, "the round page with the mirror status")
    shot(page, f"{lang} round page says what waits")
