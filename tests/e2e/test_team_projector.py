"""The hall projector of a team event (issue 27) at 1920 x 1080 in Dutch and German: a 10-team round robin
on 8 boards shows round 1's five matches on one slide (team names, board points once a match is complete,
each board's players and result) and then the team standings (match points, board points, the event's
tie-breaks); nothing is cut off below the screen or inside a match card (not even the long name of the
second team, "Damvereniging Heerhugowaard", nor its players' double names), and a result entered while the
projector runs appears without a reload (``static/js/live.js``). Screenshots in test-artifacts/e2e/.

Round 1 (Berger 10: 1-10, 2-9, 3-8, 4-7, 5-6; the home team White on the odd boards): match 1 every
board won by the home team's player (8 x 2 = 16-0 board points), match 2 every board drawn (8-8), match 3
every board won by White (4 x 2 home + 4 x 2 away = 8-8), match 4 half its boards in, match 5 none.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

SCREEN = {"viewport": {"width": 1920, "height": 1080}}
CLUBS = ("Hoofddorp", "Heerhugowaard", "Franeker", "Wageningen", "Amersfoort", "Den Haag", "Rotterdam",
         "Ureterp", "Zeist", "IJmuiden")
HEADING = {"nl": "Ronde 1", "de": "Runde 1"}
# The names wider than their cell, to the fraction of a pixel (scrollWidth is rounded; the ellipsis is not).
CUT = """cells => cells.filter(c => {
    const range = document.createRange(), style = getComputedStyle(c);
    range.selectNodeContents(c);
    const room = c.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return range.getBoundingClientRect().width > room + 0.01;
}).map(c => c.textContent)"""


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.django_db(transaction=True)
def test_team_projector_on_the_hall_screen(browser: Browser, live_server, settings, make_tournament, chief_arbiter,
                                           shot, lang):
    from games.models import Game
    from games.services.results import enter_result
    from tournaments.models import Entry, Player, Role
    from tournaments.services import teams as team_service
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import publish_round

    settings.PUBLIC_PAGE_REUSE = 2  # the production micro-cache
    t = make_tournament("bondscompetitie", name="Bondscompetitie Hoofdklasse 2026", competitors="teams",
                        boards_per_match=8, pairing_system="berger", rounds_planned=9)
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    for i, club in enumerate(CLUBS):
        name = "Damvereniging Heerhugowaard" if club == "Heerhugowaard" else f"DC {club}"
        person = "Vermeulen-Zandvoort, Marijke" if club == "Heerhugowaard" else f"{club}, Speler"
        team = team_service.create_team(chief_arbiter, t, name=name, club=club)
        roster = [Entry.objects.create(tournament=t, player=Player.objects.create(name=f"{person} {j}"),
                                       name=f"{person} {j}", rating=2000 - 100 * i - j,
                                       start_number=9 * i + j) for j in range(1, 10)]
        team_service.set_roster(chief_arbiter, team, roster)
    rnd = pair_round(t, chief_arbiter).round
    publish_round(chief_arbiter, rnd)
    matches = list(rnd.boards.order_by("number"))
    assert len(matches) == 5

    def games(match):
        return list(Game.objects.filter(board=match).order_by("number"))

    for g in games(matches[0]):
        enter_result(g, "2-0" if g.number % 2 else "0-2", chief_arbiter)  # the home team wins every board
    for g in games(matches[1]):
        enter_result(g, "1-1", chief_arbiter)
    for g in games(matches[2]):
        enter_result(g, "2-0", chief_arbiter)
    for g in games(matches[3])[:4]:
        enter_result(g, "1-1", chief_arbiter)

    context = browser.new_context(**SCREEN, locale=lang, extra_http_headers={"Accept-Language": lang})
    try:
        hall = context.new_page()
        hall.goto(f"{live_server.url}/t/{t.slug}/projector/?seconds=120")
        hall.evaluate("window.__stillTheSamePage = true")
        slides = hall.locator("#slides .slide")
        assert slides.count() == 2
        first = hall.locator("#slides .slide:not([hidden])")
        assert first.get_attribute("class") == "slide matches"
        assert HEADING[lang] in first.locator("h1").inner_text()
        cards = first.locator(".match")
        assert cards.count() == 5
        scores = [cards.nth(i).locator(".score").inner_text() for i in range(5)]
        assert scores == ["16–0", "8–8", "8–8", "–", "–"]
        for i in range(5):
            card = cards.nth(i).bounding_box()
            rows = cards.nth(i).locator("tbody tr")
            assert rows.count() == 8
            last = rows.nth(7).bounding_box()
            assert card and last and last["y"] + last["height"] <= card["y"] + card["height"] <= 1080, f"match {i + 1}"
        cut = first.locator("td.player, h2 .team").evaluate_all(CUT)
        assert cut == [], f"names cut off: {cut}"
        shot(hall, f"{lang} team projector matches")

        enter_result(games(matches[4])[0], "2-0", chief_arbiter)
        entered = time.monotonic()
        expect(cards.nth(4).locator("tbody tr").first).to_contain_text("2–0", timeout=6000)
        assert time.monotonic() - entered < 6
        assert hall.evaluate("window.__stillTheSamePage === true"), "the projector was reloaded, not updated"

        hall.keyboard.press("ArrowRight")
        standings = hall.locator("#slides .slide:not([hidden])")
        assert standings.get_attribute("class") == "slide team_standings"
        rows = standings.locator("tbody tr")
        assert rows.count() == 10
        last = rows.nth(9).bounding_box()
        assert last and last["y"] + last["height"] <= 1080
        # Match 1's home team leads: 2 match points, 16 board points.
        leader = rows.first.locator("td")
        assert (leader.nth(2).inner_text(), leader.nth(3).inner_text()) == ("2", "16")
        shot(hall, f"{lang} team projector standings")
    finally:
        context.close()
