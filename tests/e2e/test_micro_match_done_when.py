"""Issue 28, done when (the browser part), on a 390 px phone: the arbiter draws the openings and prints the
ballot sheet; two players submit both games of their micro-match with moves from the balloted position;
the validator flags an illegal move in game 2; the crosstable shows both games.

The opening is then fixed to FMJD 64 opening 1-I for a hand analysis (see
``tests/games/test_micro_match_pages.py``): from its position White's only legal move is the capture
b4:d6, Black retakes c7:e5 or e7:c5; the quiet move c3-d4 is illegal (capture is compulsory).
"""

from __future__ import annotations

import io

import pytest
from playwright.sync_api import Browser, expect
from pypdf import PdfReader

from games.models import Game, ResultSubmission
from tests.e2e.conftest import sign_in
from tournaments.models import Board, Round
from tournaments.services.registration import update_tournament
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
DRAW = {"en": "Draw the openings", "fr": "Tirer les ouvertures"}
SHEET = {"en": "Ballot sheet (print)", "fr": "Feuille de tirage (imprimer)"}
PDF = {"en": "Ballot sheet (PDF)", "fr": "Feuille de tirage (PDF)"}
LEGAL = {"en": "all legal", "fr": "tous réguliers"}


def _phone(browser: Browser, live_server, username: str, lang: str):
    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    sign_in(page, live_server.url, username)
    return context, page


def _moves(page, text: str) -> None:
    page.fill("#id_moves", text)
    page.locator("#id_moves").dispatch_event("change")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_micro_match_from_ballot_to_crosstable(browser: Browser, live_server, tournament, entries, chief_arbiter,
                                               shot, lang):
    update_tournament(chief_arbiter, tournament, {
        "rule_profile": "russian", "games_per_pairing": 2, "opening_deck": "fmjd64", "opening_draw": "round"})
    rnd = Round.objects.create(tournament=tournament, number=1)  # a draft: board 1 Jansen (1) v Müller (2)
    Board.objects.create(round=rnd, number=1, white=entries[0], black=entries[1])
    Board.objects.create(round=rnd, number=2, white=entries[2], black=entries[3])
    url = live_server.url

    # The arbiter draws the round's opening and opens the ballot sheet.
    arb_ctx, arb = _phone(browser, live_server, "chief", lang)
    arb.goto(f"{url}/t/{tournament.slug}/manage/rounds/1/")
    arb.get_by_role("button", name=DRAW[lang], exact=True).click()
    arb.wait_for_load_state()
    rnd.refresh_from_db()
    assert rnd.opening_seed and rnd.opening_deck == "fmjd64"
    arb.get_by_role("link", name=SHEET[lang]).click()
    drawn = rnd.boards.get(number=1).opening
    expect(arb.locator("table.ballot")).to_contain_text(drawn)
    expect(arb.locator("main")).to_contain_text(rnd.opening_seed)
    shot(arb, f"ballot sheet {lang}")
    # ... and prints it: the PDF linked from the sheet names the seed and the drawn opening.
    href = arb.get_by_role("link", name=PDF[lang]).get_attribute("href")
    printed = arb.request.get(href if href.startswith("http") else f"{url}{href}")
    assert printed.ok and printed.headers["content-type"] == "application/pdf"
    text = " ".join("".join(p.extract_text() for p in PdfReader(io.BytesIO(printed.body())).pages).split())
    assert rnd.opening_seed in text and drawn in text
    arb_ctx.close()

    rnd.boards.update(opening="1-I")  # the draw's outcome, fixed for the hand analysis above
    publish_round(chief_arbiter, rnd)
    game1, game2 = Game.objects.filter(board__round=rnd, board__number=1).order_by("number")

    # Jansen (White in game 1, Black in game 2) submits both games from the balloted position.
    p_ctx, player = _phone(browser, live_server, "player", lang)
    player.goto(f"{url}/g/{game1.pk}/")
    _moves(player, "1. b4:d6 c7:e5")
    expect(player.locator("#moves-check")).to_contain_text(LEGAL[lang], timeout=10_000)
    shot(player, f"game 1 from the ballot {lang}")
    player.locator("#result-form button[name=result][value='1-1']").click()
    player.wait_for_load_state()
    player.locator("nav.micro-match-nav a", has_text="2").click()
    player.wait_for_load_state()
    assert player.url.rstrip("/").endswith(str(game2.pk))
    _moves(player, "1. c3-d4")
    flagged = player.locator("#moves-check .irregular-msg").first
    expect(flagged).to_be_visible(timeout=10_000)
    shot(player, f"game 2 illegal move flagged {lang}")
    _moves(player, "1. b4:d6 e7:c5")
    expect(player.locator("#moves-check")).to_contain_text(LEGAL[lang], timeout=10_000)
    player.locator("#result-form button[name=result][value='1-1']").click()
    player.wait_for_load_state()
    overflow = player.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"game 2 scrolls sideways by {overflow}px"
    p_ctx.close()

    # Müller confirms both games.
    o_ctx, opponent = _phone(browser, live_server, "opponent", lang)
    for game in (game1, game2):
        opponent.goto(f"{url}/g/{game.pk}/")
        opponent.locator("form[action*='/confirm/'] button.primary").first.click()
        opponent.wait_for_load_state()
    o_ctx.close()
    confirmed = ResultSubmission.objects.confirmed()
    assert [confirmed.get(game=g).moves for g in (game1, game2)] == ["1. b4:d6 c7:e5", "1. b4:d6 e7:c5"]

    # The public crosstable shows both games in the cell: two draws, 1+1 (every game counts: 2 points).
    pub_ctx = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    public = pub_ctx.new_page()
    public.goto(f"{url}/t/{tournament.slug}/crosstable/")
    expect(public.locator("main")).to_contain_text("(1+1)")
    shot(public, f"crosstable both games {lang}")
    pub_ctx.close()
