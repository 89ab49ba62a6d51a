"""Issue 29 (the rest) on a 390 px phone in German, Dutch and French: the organiser makes the finals
carrying the points scored among qualifiers, orders the final ranking, sets the event's rating
settings with a federation's norm table, and reads the federation report's refusals; the public reads
the rating changes (and their CSV) and the crosstable PDF with its rating page. No page scrolls
sideways; the PDF pages are rendered to PNG (pdftoppm) beside the screenshots.

By hand: a 6-player round robin where the lower start number always wins ranks them 1-6; finals of
3: A = 1-3, B = 4-6. Carried among qualifiers: 1 beat 2 and 3 -> 4 points; 2 beat 3 -> 2; 3 -> 0.
"""

from __future__ import annotations

import shutil
import subprocess

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import ARTIFACTS, sign_in
from tests.stages.play import make_stage, play
from tournaments.models import RatingSetup, StageSeat, Tournament

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
NORMS = b"""name = "myfed"
title = "Federation norms (test)"
status = "published"
source = "test"

[[titles]]
code = "MF"
min_games = 3
min_performance = 1800
"""
BAD_NORMS = b'name = "x"\ntitle = "t"\nstatus = "s"\nsource = "s"\n\n[[titles]]\ncode = "MF"\n'
LINE = {"de": "Zeile 6", "nl": "regel 6", "fr": "ligne 6"}
PLACE_MISSING = {"de": "Veranstaltung: Ort fehlt.", "nl": "Evenement: Plaats ontbreekt.",
                 "fr": "Épreuve : Lieu manque."}


def _no_sideways_scroll(page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["de", "nl", "fr"])
def test_carry_order_ratings_and_report_on_a_phone(browser: Browser, live_server, make_user, shot, lang):
    organiser = make_user("organiser")
    players = [(f"Player {i:02d}", 2000 - 10 * i, {}) for i in range(1, 7)]
    play(organiser, make_stage(organiser, "rapid", players, pairing_system="berger", rounds_planned=5,
                               name="NK Rapid 2026", place=""))
    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    sign_in(page, live_server.url, "organiser")
    url = live_server.url

    page.goto(f"{url}/t/rapid/manage/event/")
    page.select_option("#id_kind", "rank_blocks")
    page.fill("#id_group_size", "3")
    page.select_option("#id_carry", "among")
    _no_sideways_scroll(page, f"the event page ({lang})")
    with page.expect_navigation():
        page.locator("#next-stage button[type=submit]").tap()
    finals = list(Tournament.objects.filter(event__slug="rapid", stage=2).order_by("group"))
    assert [f.group for f in finals] == ["A", "B"]
    carried = {s.entry.name: s.carried_points for s in StageSeat.objects.filter(entry__tournament=finals[0])}
    assert carried == {"Player 01": 4.0, "Player 02": 2.0, "Player 03": 0.0}
    for final in finals:
        play(organiser, final)
    page.goto(f"{url}/t/rapid/manage/event/")
    page.fill("#id_ranking_order", "B, A")
    with page.expect_navigation():
        page.locator("#ranking-order button[type=submit]").tap()
    shot(page, f"event order {lang}")
    _no_sideways_scroll(page, f"the event page with the order ({lang})")
    page.goto(f"{url}/t/rapid/event/")
    rows = page.locator("#event-ranking tbody tr")
    assert "Player 04" in rows.first.inner_text()
    shot(page, f"public event {lang}")
    _no_sideways_scroll(page, f"the public event page ({lang})")

    a = finals[0].slug
    page.goto(f"{url}/t/{a}/manage/ratings/")
    page.select_option("#id_preset", "fide")
    page.set_input_files("#id_norms", {"name": "bad.toml", "mimeType": "text/plain", "buffer": BAD_NORMS})
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").tap()
    assert LINE[lang] in page.content() and not RatingSetup.objects.exists()
    page.set_input_files("#id_norms", {"name": "myfed.toml", "mimeType": "text/plain", "buffer": NORMS})
    with page.expect_navigation():
        page.locator("form.form button[type=submit]").tap()
    assert RatingSetup.objects.get().norms_name == "myfed"
    shot(page, f"rating settings {lang}")
    _no_sideways_scroll(page, f"the rating settings ({lang})")
    page.goto(f"{url}/t/{a}/ratings/")
    assert "Federation norms (test)" in page.content()
    shot(page, f"ratings {lang}")
    _no_sideways_scroll(page, f"the public ratings ({lang})")
    csv = page.request.get(f"{url}/t/{a}/ratings.csv")
    assert csv.ok and csv.text().startswith("start_number,name,")

    page.goto(f"{url}/t/{a}/manage/federation-report/?download=1")
    assert PLACE_MISSING[lang] in page.content()
    shot(page, f"federation report {lang}")
    _no_sideways_scroll(page, f"the federation report page ({lang})")

    pdf = page.request.get(f"{url}/t/{a}/pdf/crosstable/")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target = ARTIFACTS / f"event_rest_phone-crosstable-{lang}.pdf"
    target.write_bytes(pdf.body())
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(target), str(target.with_suffix(""))], check=True,
                       timeout=60)
    context.close()
