"""Issue 29 on a 390 px phone, in four languages: the organiser makes the finals of a finished round
robin from the event page, sets the prizes, and the public reads the event page and the prize list,
prints it (PDF) and reads the rating changes and norms. No page scrolls sideways.

By hand (see tests/stages/test_event_app.py): a 10-player round robin where the lower start number
always wins ranks the players 1-10 by start number; finals of 4 with a short last final filled:
A = 1-4, B = 5-8, C = 9-10 with 2 bye seats. Prizes 1000, 500, 300 by place: 1000.00 to Player 01.
"""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import Browser
from pypdf import PdfReader

from tests.e2e.conftest import sign_in
from tests.stages.play import make_stage, play
from tournaments.models import Tournament

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
STAGE_2 = {"en": "Stage 2", "de": "Stufe 2", "nl": "Fase 2", "fr": "Phase 2"}
BYES = {"en": "2 bye seats", "de": "2 Freilosplätze", "nl": "2 vrije plaatsen (bye)", "fr": "2 places d'exempt"}


def _no_sideways_scroll(page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_finals_and_prize_list_on_a_phone(browser: Browser, live_server, make_user, shot, lang):
    organiser = make_user("organiser")
    players = [(f"Player {i:02d}", 2000 - 10 * i, {}) for i in range(1, 11)]
    play(organiser, make_stage(organiser, "nk-rapid", players, pairing_system="berger", rounds_planned=9,
                               name="NK Rapid 2026"))
    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    sign_in(page, live_server.url, "organiser")

    page.goto(f"{live_server.url}/t/nk-rapid/manage/event/")
    page.select_option("#id_kind", "rank_blocks")
    page.fill("#id_group_size", "4")
    page.select_option("#id_short_last", "fill")
    shot(page, f"event manage before {lang}")
    _no_sideways_scroll(page, f"the manage event page ({lang})")
    with page.expect_navigation():
        page.locator("#next-stage button[type=submit]").tap()
    assert page.locator(f"text={STAGE_2[lang]}").count() >= 1
    assert Tournament.objects.filter(event__slug="nk-rapid", stage=2).count() == 3

    page.goto(f"{live_server.url}/t/nk-rapid/manage/prizes/")
    page.fill("#id_lists", "Main: 1000, 500, 300")
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").tap()
    assert "1000.00" in page.content()
    _no_sideways_scroll(page, f"the manage prizes page ({lang})")

    public = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    reader = public.new_page()
    reader.goto(f"{live_server.url}/t/nk-rapid/event/")
    body = reader.content()
    assert STAGE_2[lang] in body and BYES[lang] in body
    reader.locator("details").first.locator("summary").tap()
    shot(reader, f"event public {lang}")
    _no_sideways_scroll(reader, f"the public event page ({lang})")

    reader.goto(f"{live_server.url}/t/nk-rapid/prizes/")
    assert "Player 01" in reader.content() and "1000.00" in reader.content()
    shot(reader, f"prizes public {lang}")
    _no_sideways_scroll(reader, f"the public prize list ({lang})")
    pdf = reader.request.get(f"{live_server.url}/t/nk-rapid/prizes/pdf/", headers={"Accept-Language": lang})
    assert pdf.headers["content-type"] == "application/pdf"
    text = PdfReader(io.BytesIO(pdf.body())).pages[0].extract_text()
    assert "Player 01" in text and "1000.00" in text and "300.00" in text
    reader.goto(f"{live_server.url}/t/nk-rapid/ratings/")
    assert "Player 01" in reader.content()
    shot(reader, f"ratings public {lang}")
    _no_sideways_scroll(reader, f"the rating changes and norms ({lang})")
    public.close()
    context.close()
