"""The pages of a team event's rules on a phone (390 x 844) in English, German, Dutch and French (issue 27):
the team standings with a withdrawn team, the crosstable with its byes column, the results by board (board
prizes), a player's page, a round's matches, and the arbiter's team page (withdrawal, byes), round page
(start time), settings (the team rules) and the confirmation page of a team's withdrawal (asking changes
nothing; confirming withdraws); none may scroll sideways, and a match's board table fits the screen (not
just its scrolling frame) with a long team name and long player names. Screenshots in test-artifacts/e2e/.

The league: four teams of four boards (Berger 4: round 1 A-D, B-C; round 2 D-C, A-B), every board 1-1
(4-4 matches, 1 match point each), D withdrawn from round 2 under the rule "keep": C wins their match
8-0 by forfeit.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import sign_in

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
WITHDRAWN = {"en": "withdrawn from round 2", "de": "ab Runde 2 zurückgezogen", "nl": "teruggetrokken vanaf ronde 2",
             "fr": "retirée à partir de la ronde 2"}


def _no_sideways_scroll(page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"
    # A table in a scrolling frame does not move the page but still scrolls sideways within its frame.
    wider = page.locator(".table-wrap table.match-boards").evaluate_all(
        "ts => ts.map(t => t.parentElement.scrollWidth - t.parentElement.clientWidth).filter(d => d > 0)")
    assert wider == [], f"a match table on {what} scrolls sideways by {wider}px on a phone"


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
@pytest.mark.django_db(transaction=True)
def test_team_rule_pages_on_a_phone(browser: Browser, live_server, make_tournament, make_user, chief_arbiter, shot,
                                    lang):
    from games.models import Game
    from games.services.results import enter_result
    from tournaments.models import Entry, Player, Role
    from tournaments.services import teams as team_service
    from tournaments.services.pairing import pair_round
    from tournaments.services.registration import update_tournament
    from tournaments.services.rounds import publish_round

    t = make_tournament("liga", name="Bondscompetitie", competitors="teams", boards_per_match=4,
                        pairing_system="berger", rounds_planned=3)
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    update_tournament(chief_arbiter, t, {"withdrawal_rule": "keep", "line_up_deadline_minutes": 30,
                                         "team_no_show_penalty": 1})
    teams = []
    for i, club in enumerate(("Hoofddorp", "Heerhugowaard", "Franeker", "Wageningen")):
        # The second team's name and players' names are long (they pushed the board table 16-37 px
        # past a 390 px screen in German and French).
        name = "Damvereniging Heerhugowaard" if club == "Heerhugowaard" else f"DC {club}"
        person = "Vermeulen-Zandvoort, Marijke" if club == "Heerhugowaard" else f"{club}, Speler"
        team = team_service.create_team(chief_arbiter, t, name=name, club=club)
        roster = [Entry.objects.create(tournament=t, player=Player.objects.create(name=f"{person} {j}"),
                                       name=f"{person} {j}", rating=1600 - 100 * i - j,
                                       start_number=5 * i + j) for j in range(1, 6)]
        team_service.set_roster(chief_arbiter, team, roster)
        teams.append(team)
    for number in (1, 2):
        if number == 2:
            team_service.withdraw_team(chief_arbiter, teams[3], 2)
        rnd = pair_round(t, chief_arbiter).round
        publish_round(chief_arbiter, rnd)
        for g in Game.objects.filter(board__round=rnd):
            enter_result(g, "1-1", chief_arbiter)
    player = teams[0].members.order_by("order").first().entry
    url = live_server.url
    context = browser.new_context(**PHONE, locale=lang)
    context.add_cookies([{"name": "django_language", "value": lang, "url": url}])
    page = context.new_page()
    public = {
        "team standings": f"/t/{t.slug}/teams/standings/",
        "team crosstable": f"/t/{t.slug}/teams/crosstable/",
        "results by board": f"/t/{t.slug}/teams/boards/",
        "player page": f"/t/{t.slug}/teams/player/{player.pk}/",
        "round 2": f"/t/{t.slug}/teams/round/2/",
    }
    for what, path in public.items():
        page.goto(url + path)
        shot(page, f"{lang} {what}")
        _no_sideways_scroll(page, f"{what} ({lang})")
    page.goto(url + public["team standings"])
    assert WITHDRAWN[lang] in page.locator("main").inner_text()
    sign_in(page, url, chief_arbiter.username)
    arbiter = {
        "arbiter team page": f"/t/{t.slug}/manage/teams/{teams[1].pk}/",
        "arbiter round page": f"/t/{t.slug}/manage/rounds/2/",
        "settings": f"/t/{t.slug}/manage/settings/",
    }
    for what, path in arbiter.items():
        page.goto(url + path)
        shot(page, f"{lang} {what}")
        _no_sideways_scroll(page, f"{what} ({lang})")
    # Withdrawing a team asks first, on its own page, what will happen (round 3 is the next to pair).
    page.goto(url + arbiter["arbiter team page"])
    page.locator("form[action$='/withdraw/'] button").click()
    page.wait_for_url("**/withdraw/?round=3")
    assert "Damvereniging Heerhugowaard" in page.locator("h1").inner_text() and "3" in page.locator("h1").inner_text()
    assert page.locator("ul.consequences li").count() >= 3
    shot(page, f"{lang} withdraw team confirmation")
    _no_sideways_scroll(page, f"withdraw confirmation ({lang})")
    teams[1].refresh_from_db()
    assert teams[1].withdrawn_from_round is None  # asking changed nothing
    page.locator("form input[name=confirm] ~ button").click()
    page.wait_for_url(f"**/manage/teams/{teams[1].pk}/")
    assert page.locator("form[action$='/reinstate/']").count() == 1
    teams[1].refresh_from_db()
    assert teams[1].withdrawn_from_round == 3
    context.close()
