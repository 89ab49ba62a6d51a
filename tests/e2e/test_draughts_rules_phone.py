"""Issue 26 on a phone (390 px) in German, Dutch and French: the live move check warns that a draw agreed
now would score 0-0 (before any result is sent), and the arbiter records a play-off that orders the
public standings ("decided by play-off").

Oracles: OPENING has five moves each, before move 40 (the rule of the reference, 1.6), so the warning
names 40 and 5/5; the event (as in tests/tournaments/test_playoffs.py): 1 and 2 have 3 points each
(1-2 drawn, each beat another), tied on PMD and DE for place 1: a play-off, won here by 2.
"""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import sign_in

PLACES_1_AND_2 = {"en": "1 and 2", "de": "1 und 2", "nl": "1 en 2", "fr": "1 et 2"}  # two places: "and", not "to"

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
OPENING = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 34-30 5-10 5. 40-34 20-24"


def _no_sideways_scroll(page: Page, where: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 1, f"{where} scrolls sideways by {overflow}px on a phone"


def _event(slug: str, chief):
    from games.models import Game, ResultSubmission
    from tournaments.models import Board, Entry, Player, Role, Round, Tournament

    t = Tournament.objects.create(slug=slug, name=f"KNDB {slug}", place="Utrecht", rounds_planned=3,
                                  pairing_system="dutch", tiebreaks="PMD,DE,RRO", playoff_places="1",
                                  draw_offer_min_move=40, early_draw_scores_zero=True, public_players=True)
    Role.objects.create(user=chief, tournament=t, kind="chief_arbiter")
    names = ["Bakker, Ruud", "de Vries, Pieter", "Jansen, Kees", "Visser, Femke"]
    e = [Entry.objects.create(tournament=t, player=Player.objects.create(name=n, rating=2100 - i),
                              rating=2100 - i, start_number=i + 1) for i, n in enumerate(names)]
    games = {1: [(1, 2, "1-1"), (3, 4, "2-0")], 2: [(1, 3, "2-0"), (2, 4, "2-0")], 3: [(1, 4, None), (2, 3, None)]}
    open_game = None
    for number, pairs in games.items():
        rnd = Round.objects.create(tournament=t, number=number, status="finished" if number < 3 else "published")
        for n, (w, b, result) in enumerate(pairs, start=1):
            game = Game.objects.create(board=Board.objects.create(round=rnd, number=n, white=e[w - 1], black=e[b - 1]))
            if result:
                ResultSubmission.objects.create(game=game, result=result, status="confirmed")
            elif open_game is None:
                open_game = game
    return t, open_game


@pytest.mark.parametrize("lang", ["de", "nl", "fr"])
def test_early_draw_warning_and_play_off_on_a_phone(browser: Browser, live_server, make_user, shot, lang):
    from tournaments.reports.standings import standings_for

    chief = make_user("chief")
    t, game = _event(f"kndb-{lang}", chief)
    url = live_server.url
    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    sign_in(page, url, "chief")

    page.goto(f"{url}/g/{game.pk}/")
    page.fill("#id_moves", OPENING)
    page.locator("#id_moves").press("End")
    with translation.override(lang):
        words = translation.gettext(
            "A draw agreed now would score 0-0 for both players: draws count from move %(n)s; moves made so far: "
            "White %(white)s, Black %(black)s.") % {"n": 40, "white": 5, "black": 5}
    expect(page.locator(".early-draw-warning")).to_have_text(words)
    shot(page, f"early draw warning {lang}")
    _no_sideways_scroll(page, f"the game page ({lang})")

    page.goto(f"{url}/t/{t.slug}/manage/play-offs/")
    page.select_option("select[name=place_1]", "2")
    page.select_option("select[name=place_2]", "1")
    page.fill("textarea[name=games]", "2-0")
    page.locator("section.playoff button[type=submit]").click()
    page.wait_for_load_state()
    shot(page, f"play-off recorded {lang}")
    _no_sideways_scroll(page, f"the play-off page ({lang})")
    assert [r.start_number for r in standings_for(t).rows][:2] == [2, 1]

    page.goto(f"{url}/t/{t.slug}/standings/")
    with translation.override(lang):
        decided = translation.gettext("places %(places)s decided by play-off: %(order)s") % {
            "places": PLACES_1_AND_2[lang], "order": "1. de Vries, Pieter, 2. Bakker, Ruud"}
    expect(page.locator("body")).to_contain_text(decided)
    shot(page, f"standings decided by play-off {lang}")
    _no_sideways_scroll(page, f"the standings ({lang})")
    context.close()
