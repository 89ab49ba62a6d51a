"""Issue 24, items 17 and 20-24, looked at in Chromium as their users see them: the arbiter's round page
and the public standings on a 390 px phone in four languages, the cursor after "Register" and after
typed results, the projector at 1920 x 1080, the public pairings' search and own-board highlight, the
players page on a laptop, a forfeit asked once. The data is the demo (``seed_demo``: a 30-player Swiss,
round 5 of 15 boards published with some results still open). Screenshots in test-artifacts/e2e/."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from playwright.sync_api import Browser

from tests.e2e.conftest import sign_in

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SWISS = "amersfoort-autumn-open-2026"
LANGS = ("en", "de", "nl", "fr")


@pytest.fixture
def demo(db):
    call_command("seed_demo", stdout=io.StringIO())


@pytest.fixture
def new_page(browser: Browser):
    """``new_page(lang, **size)``: a page in its own context (a phone unless a size is given); every
    context is closed at the end, so no page keeps polling the live server after its test."""
    contexts = []

    def make(lang: str, **size):
        context = browser.new_context(**(size or PHONE), locale=lang, extra_http_headers={"Accept-Language": lang})
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def _fits(page, selector: str) -> list[str]:
    """The elements of ``selector`` wider than their box (a clipped name or reason), as text."""
    return page.evaluate("""sel => [...document.querySelectorAll(sel)]
        .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
        .map(e => e.textContent.trim().slice(0, 40))""", selector)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", LANGS)
def test_the_round_page_fits_a_phone_with_one_line_of_why_per_board(live_server, demo, new_page, shot, lang):
    page = new_page(lang)
    sign_in(page, live_server.url, "arbiter", "arbiter-demo")
    page.goto(f"{live_server.url}/t/{SWISS}/manage/rounds/5/")
    wrap = page.locator(".table-wrap").first
    overflow = wrap.evaluate("w => w.scrollWidth - w.clientWidth")
    assert overflow <= 0, f"the boards scroll sideways by {overflow}px in {lang}"
    assert not _fits(page, "table td"), "a name or reason is clipped"
    rows = page.locator("tr.why-row")
    assert rows.count() == 15
    for i in range(15):  # one short line per board: a summary of at most two lines on a phone
        line = rows.nth(i).locator("summary, div.muted").first
        box = line.bounding_box()
        assert box and box["height"] <= 3 * 20, f"board {i + 1}: the Why takes {box} in {lang}"
    first = rows.first.locator("details.why")
    first.locator("summary").click()
    assert first.locator("li").count() >= 2 and first.locator("li").first.is_visible()
    shot(page, f"{lang} round page on a phone, one board opened")

    # A draft round (swap buttons, an edited board, a bye) fits too.
    page.goto(f"{live_server.url}/t/{_draft_event()}/manage/rounds/1/")
    overflow = page.locator(".table-wrap").first.evaluate("w => w.scrollWidth - w.clientWidth")
    assert overflow <= 0, f"the draft round scrolls sideways by {overflow}px in {lang}"
    assert page.locator("button.swap").first.is_visible()
    shot(page, f"{lang} draft round on a phone")


def _draft_event() -> str:
    """Seven demo players, round 1 drafted, board 1's colours swapped by the arbiter."""
    import datetime

    from django.contrib.auth import get_user_model

    from tournaments.models import Board, Player
    from tournaments.services.pairing import pair_round
    from tournaments.services.registration import create_tournament, freeze_start_numbers, register_player
    from tournaments.services.rounds import swap_colours

    arbiter = get_user_model().objects.get(username="arbiter")
    cup = create_tournament(arbiter, slug="donderdagavond", name="Donderdagavond", place="Zeist", rounds_planned=3,
                            start_date=datetime.date(2026, 12, 3))
    for player in Player.objects.order_by("pk")[:7]:
        register_player(arbiter, cup, {}, player=player)
    freeze_start_numbers(arbiter, cup)
    pair_round(cup, arbiter)
    swap_colours(arbiter, Board.objects.filter(round__tournament=cup, bye_kind="").first())
    return cup.slug


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_cursor_comes_back_after_register_and_typed_results(live_server, demo, new_page, shot, lang):
    page = new_page(lang)
    sign_in(page, live_server.url, "arbiter", "arbiter-demo")
    page.goto(f"{live_server.url}/t/{SWISS}/manage/players/")
    page.fill("#id_name", "Nieuw, Nel")
    page.locator("#add-player ~ form button[type=submit], section[aria-labelledby=add-player] form button.primary") \
        .first.click()
    page.wait_for_load_state()
    assert page.evaluate("document.activeElement.id") == "id_name"
    assert page.locator("section[aria-labelledby=add-player] .message").is_visible()  # said where the eyes are
    shot(page, f"{lang} back in the name field")
    page.goto(f"{live_server.url}/g/t/{SWISS}/results/?round=5")
    page.fill("#id_typed", "3 1-1")
    page.locator("form#typed button[type=submit]").click()
    page.wait_for_load_state()
    assert page.evaluate("document.activeElement.id") == "id_typed"
    assert page.locator("form#typed .message").first.is_visible()
    shot(page, f"{lang} back in the typed-results box")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", LANGS)
def test_the_standings_on_a_phone_say_there_is_more(live_server, demo, new_page, shot, lang):
    from django.contrib.auth import get_user_model

    from tournaments.models import Entry
    from tournaments.services.registration import withdraw

    withdraw(get_user_model().objects.get(username="arbiter"), Entry.objects.get(tournament__slug=SWISS,
                                                                                 start_number=30), 6)
    page = new_page(lang)
    page.goto(f"{live_server.url}/t/{SWISS}/standings/")
    first_row = page.locator("table.standings tbody tr").first.bounding_box()
    assert first_row and first_row["y"] <= 844 * 0.5, f"the first row starts at {first_row}"  # was 57 %
    hint, frame = page.locator("p.scroll-hint"), page.locator(".scroll-frame")
    assert hint.is_visible() and "more" in (frame.get_attribute("class") or "")
    shot(page, f"{lang} standings on a phone")
    page.locator(".table-wrap[data-scroll-hint]").evaluate("w => { w.scrollLeft = w.scrollWidth; }")
    page.wait_for_timeout(100)
    assert "more" not in (frame.get_attribute("class") or "")  # at the end: no more shade
    assert page.locator("abbr.badge.withdrawn").count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_projector_fits_fifteen_boards_on_one_screen(live_server, demo, new_page, shot):
    page = new_page("en", viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/t/{SWISS}/projector/?seconds=120")
    page.wait_for_timeout(300)
    seen = []
    for _ in range(page.locator("#slides .slide").count()):
        slide = page.locator("#slides .slide:not([hidden])")
        rows = slide.locator("tbody tr")
        last = rows.nth(rows.count() - 1).bounding_box()
        assert last and last["y"] + last["height"] <= 1080, "a row is below the screen"
        seen.append((slide.get_attribute("class"), rows.count()))
        shot(page, f"projector {len(seen)}")
        page.keyboard.press("ArrowRight")
    assert seen == [("slide pairings", 15), ("slide standings", 15), ("slide standings", 15)]


@pytest.mark.django_db(transaction=True)
def test_a_player_finds_their_board_and_anyone_searches_the_pairings(live_server, demo, new_page, shot):
    page = new_page("nl")
    sign_in(page, live_server.url, "pieter", "pieter-demo")
    page.goto(f"{live_server.url}/t/{SWISS}/round/5/")
    mine = page.locator("table.pairings tr.mine")
    assert mine.count() == 1 and "de Vries, Pieter" in mine.inner_text()
    page.fill("#find-player", "aissatou")  # accents and case do not matter: Sow, Aïssatou
    visible = page.locator("table.pairings tbody tr:visible")
    assert visible.count() == 1 and "Aïssatou" in visible.inner_text()
    shot(page, "nl pairings searched")
    page.fill("#find-player", "")
    assert page.locator("table.pairings tbody tr:visible").count() == 15


@pytest.mark.django_db(transaction=True)
def test_players_take_one_line_each_on_a_laptop(live_server, demo, new_page, shot):
    page = new_page("de", viewport={"width": 1280, "height": 900})
    sign_in(page, live_server.url, "arbiter", "arbiter-demo")
    page.goto(f"{live_server.url}/t/{SWISS}/manage/players/")
    heights = page.locator("table tbody tr").evaluate_all("rows => rows.map(r => r.getBoundingClientRect().height)")
    # One line each: the row is as high as its buttons (44 px, a finger's size) and its padding.
    assert len(heights) == 30 and max(heights) < 64, f"rows of {max(heights)}px"
    shot(page, "de players page")


@pytest.mark.django_db(transaction=True)
def test_a_forfeit_names_the_winner_and_asks_once(live_server, demo, new_page, shot):
    from games.models import Game, ResultSubmission

    game = next(g for g in Game.objects.filter(board__round__tournament__slug=SWISS, board__round__number=5)
                .select_related("board__black__player") if not ResultSubmission.objects.filter(game=g).exists())
    page = new_page("fr", viewport={"width": 1280, "height": 900})
    sign_in(page, live_server.url, "arbiter", "arbiter-demo")
    page.goto(f"{live_server.url}/g/{game.pk}/")
    choice = page.locator("details.forfeit").nth(1)
    assert game.board.black.player.name in choice.locator("summary").inner_text()
    assert not choice.locator("button").is_visible()  # nothing is recorded by the first click
    choice.locator("summary").click()
    shot(page, "fr forfeit asks once")
    choice.locator("button").click()
    page.wait_for_load_state()
    assert ResultSubmission.objects.confirmed().get(game=game).result == "-+"
