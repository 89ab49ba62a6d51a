"""A team evening on phones (issue 27), in Dutch and in German: a captain hands in the line-up on a
phone (390 x 844), the round is published, the captain enters a board result, the other captain
confirms it, and the public match page, team standings and team crosstable show it.

Hand computation: two teams of two boards (WB: the home team White on board 1). Board 1 home wins
2-0, board 2 (home Black) is a draw 1-1: home 2 + 1 = 3 board points, away 0 + 1 = 1; 3 > N = 2, so
the home team takes the match, 2 match points to 0.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.conftest import PASSWORD

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}

WORDS = {
    "nl": {"hand_in": "Opstelling inleveren", "saved": "Opstelling voor ronde 1 opgeslagen", "confirm": "Bevestig",
           "standings": "Teamstand", "log_in": "Inloggen"},
    "de": {"hand_in": "Aufstellung abgeben", "saved": "Aufstellung für Runde 1 gespeichert", "confirm": "Bestätig",
           "standings": "Mannschaftswertung", "log_in": "Anmelden"},
}


def _no_sideways_scroll(page, what: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"{what} scrolls sideways by {overflow}px on a phone"


def _sign_in(page, url: str, username: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("#id_password").press("Enter")
    page.wait_for_load_state()
    assert "/accounts/login/" not in page.url, f"{username} could not sign in"


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.django_db(transaction=True)
def test_captains_line_up_and_board_result_on_phones(browser: Browser, live_server, make_tournament, make_user,
                                                     chief_arbiter, shot, lang):
    from games.models import Game
    from tournaments.models import Entry, Player, Role
    from tournaments.services import teams as team_service
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import publish_round

    words = WORDS[lang]
    t = make_tournament("viertallen", name="Viertallen", competitors="teams", boards_per_match=2,
                        pairing_system="berger", rounds_planned=1)
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    captains, players = {}, {}
    for n, club in ((1, "Hoofddorp"), (2, "Heerhugowaard")):
        captains[n] = make_user(f"captain{n}")
        team = team_service.create_team(chief_arbiter, t, name=f"DC {club}", captain=captains[n])
        roster = [Entry.objects.create(tournament=t, player=Player.objects.create(name=f"{club} {i}"),
                                       name=f"{club} {i}", rating=1500 - 100 * n - i, start_number=3 * n + i)
                  for i in (1, 2, 3)]
        team_service.set_roster(chief_arbiter, team, roster)
        players[n] = (team, roster)
    url = live_server.url
    home_team, home_roster = players[1]

    # Captain 1 hands in the line-up on a phone: the reserve (roster 3) plays board 2.
    phone = browser.new_context(**PHONE, locale=lang).new_page()
    _sign_in(phone, url, "captain1")
    phone.goto(f"{url}/t/{t.slug}/my-team/")
    expect(phone.locator("h1")).to_contain_text("DC Hoofddorp")
    phone.select_option("#board1", str(home_roster[0].pk))
    phone.select_option("#board2", str(home_roster[2].pk))
    shot(phone, f"{lang} captain chooses the line-up")
    _no_sideways_scroll(phone, "the line-up page")
    with phone.expect_navigation():
        phone.get_by_role("button", name=words["hand_in"]).tap()
    expect(phone.locator("body")).to_contain_text(words["saved"])
    shot(phone, f"{lang} line-up handed in")

    # Team 2 hands in nothing: its roster's first two play. The arbiter pairs and publishes round 1.
    rnd = pair_round(t, chief_arbiter).round
    publish_round(chief_arbiter, rnd)
    match = rnd.boards.get()
    assert match.white_team == home_team
    g1, g2 = Game.objects.filter(board=match).order_by("number")
    assert (g1.white.name, g2.black.name) == ("Hoofddorp 1", "Hoofddorp 3")

    # Captain 1 enters board 1 (home White wins 2-0) and board 2 (a draw) from the phone.
    for game, result in ((g1, "2-0"), (g2, "1-1")):
        phone.goto(f"{url}/g/{game.pk}/")
        _no_sideways_scroll(phone, "the game page")
        with phone.expect_navigation():
            phone.locator(f"#result-form button[name=result][value='{result}']").tap()
    shot(phone, f"{lang} captain sent the board results")

    # Captain 2 confirms both on their phone.
    other = browser.new_context(**PHONE, locale=lang).new_page()
    _sign_in(other, url, "captain2")
    for game in (g1, g2):
        other.goto(f"{url}/g/{game.pk}/")
        confirm = other.get_by_role("button", name=words["confirm"], exact=False).first
        expect(confirm).to_be_visible()
        with other.expect_navigation():
            confirm.tap()
    shot(other, f"{lang} other captain confirmed")

    desk = browser.new_context(**PHONE, locale=lang).new_page()
    _sign_in(desk, url, chief_arbiter.username)
    desk.goto(f"{url}/t/{t.slug}/manage/rounds/1/")
    expect(desk.locator("#match-1")).to_contain_text("DC Heerhugowaard")
    _no_sideways_scroll(desk, "the arbiter's round page")
    shot(desk, f"{lang} arbiter round page")

    spectator = browser.new_context(**PHONE, locale=lang).new_page()
    spectator.goto(f"{url}/t/{t.slug}/teams/round/1/")
    expect(spectator.locator("#match-1")).to_contain_text("3–1")
    _no_sideways_scroll(spectator, "the match page")
    shot(spectator, f"{lang} match board by board")
    spectator.goto(f"{url}/t/{t.slug}/teams/standings/")
    expect(spectator.locator("h1")).to_contain_text(words["standings"])
    first = spectator.locator("table.team-standings tbody tr").first.inner_text().split()
    assert first[:3] == ["1", "DC", "Hoofddorp"] and "2" in first and "3" in first, first
    _no_sideways_scroll(spectator, "the team standings")
    shot(spectator, f"{lang} team standings")
    spectator.goto(f"{url}/t/{t.slug}/teams/crosstable/")
    expect(spectator.locator("table.team-crosstable")).to_contain_text("3–1")
    shot(spectator, f"{lang} team crosstable")


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
@pytest.mark.django_db(transaction=True)
def test_arbiter_makes_a_team_and_its_roster_on_a_phone(browser: Browser, live_server, make_tournament, make_user,
                                                        chief_arbiter, shot, lang):
    """The chief arbiter, on a 390 px phone, creates a team with its captain's account and sets its
    roster (board order, a reserve) from the registered players; the pages do not scroll sideways."""
    from tournaments.models import Entry, Player, Role, Team
    from tournaments.services import teams as team_service

    t = make_tournament("clubcompetitie", name="Clubcompetitie", competitors="teams", boards_per_match=2,
                        pairing_system="berger", rounds_planned=1)
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    make_user("kapitein", email="kapitein@club.test")
    entries = [Entry.objects.create(tournament=t, player=Player.objects.create(name=n), name=n, rating=r)
               for n, r in (("Jansen, Piet", 1500), ("Visser, Femke", 1450), ("Bakker, Jan", 1400))]
    url = live_server.url
    phone = browser.new_context(**PHONE, locale=lang).new_page()
    _sign_in(phone, url, chief_arbiter.username)
    phone.goto(f"{url}/t/{t.slug}/manage/teams/")
    phone.fill("#id_name", "DC Utrecht 1")
    phone.fill("#id_captain", "kapitein@club.test")
    _no_sideways_scroll(phone, "the teams page")
    shot(phone, f"{lang} arbiter new team")
    with phone.expect_navigation():
        phone.locator("form.form button[type=submit]").last.tap()
    team = Team.objects.get(tournament=t, name="DC Utrecht 1")
    assert team.captain.username == "kapitein"
    phone.select_option("#player1", str(entries[1].pk))
    phone.select_option("#player2", str(entries[0].pk))
    phone.select_option("#player3", str(entries[2].pk))
    with phone.expect_navigation():
        phone.locator("form.roster button[type=submit]").tap()
    assert [e.name for e in team_service.roster(team)] == ["Visser, Femke", "Jansen, Piet", "Bakker, Jan"]
    _no_sideways_scroll(phone, "the team page")
    shot(phone, f"{lang} arbiter roster saved")
