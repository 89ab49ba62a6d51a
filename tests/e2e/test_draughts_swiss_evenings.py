"""Issue 26 in a real browser on a phone (390 px), in English and in Dutch: a 9-player club evening on
resistance points and a 12-player FMJD open on Solkoff with a draw agreed before move 40 scored 0-0.

The arbiter chooses the system, its options, the result rules and the tie-breaks on the settings page,
pairs and publishes each round, enters the results (quick buttons; the early draw on the game page, with
its moves), finishes the rounds; the public standings show the system's tie-break columns and the ties
explained. Setup outside the browser: the accounts, the tournament shell and the registrations (no page
of this issue does them).

Oracles: the 0-0 is the rule of the reference (Rotterdam: "offering and/or accepting a draw before 40
moves are played ... both players zero points"); OPENING has five moves each, so it is before move 40.
A 9-player Swiss gives one pairing-allocated bye per round (9 is odd), never twice to the same player
in three rounds; each bye scores 2 (points_pab).
"""

from __future__ import annotations

import pytest
from django.utils import translation
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import sign_in

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
OPENING = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 34-30 5-10 5. 40-34 20-24"
NAMES = ["Bakker, Ruud", "de Vries, Pieter", "Jansen, Kees", "Visser, Femke", "van Dijk, Joost", "Smit, Marieke",
         "Meijer, Bram", "Mulder, Teun", "Dijkstra, Wim", "Brouwer, Anouk", "Hendriks, Sjoerd", "Peeters, Jozef"]


def _setup(slug: str, chief, n_players: int):
    from tournaments.models import Player
    from tournaments.services.registration import create_tournament, freeze_start_numbers, register_player

    t = create_tournament(chief, slug=slug, name=f"Issue 26 {slug}", place="Utrecht", rounds_planned=5)
    for i, name in enumerate(NAMES[:n_players]):
        player = Player.objects.create(name=name, federation="NED", club="DC Utrecht", rating=2200 - 37 * i)
        register_player(chief, t, {}, player=player)
    freeze_start_numbers(chief, t, "rating")
    return t


def _no_sideways_scroll(page: Page, where: str) -> None:
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 1, f"{where} scrolls sideways by {overflow}px on a phone"


def _save_settings(page: Page, url: str, slug: str, shot, label: str, **fields: str | bool) -> None:
    page.goto(f"{url}/t/{slug}/manage/settings/")
    for name, value in fields.items():
        if isinstance(value, bool):
            page.locator(f"#id_{name}").set_checked(value)
        elif page.locator(f"select#id_{name}").count():
            page.select_option(f"#id_{name}", value)
        else:
            page.fill(f"#id_{name}", value)
    shot(page, label)
    page.locator("form.settings button[type=submit]").click()
    page.wait_for_load_state()
    assert page.locator(".errorlist").count() == 0, page.locator(".errorlist").all_inner_texts()


def _pair_and_publish(page: Page, url: str, slug: str, number: int) -> None:
    page.goto(f"{url}/t/{slug}/manage/rounds/")
    page.locator("form[action$='/pair/'] button[type=submit]").click()
    page.wait_for_load_state()
    assert f"/t/{slug}/manage/rounds/{number}/" in page.url, page.url
    details = page.locator("details.confirm", has=page.locator("form[action*='/publish/']"))
    details.locator("summary").click()
    details.locator("form[action*='/publish/'] button[type=submit]").click()
    page.wait_for_load_state()


def _enter_all(page: Page, url: str, slug: str, number: int, results: list[str]) -> None:
    """Every open game of round ``number`` by the quick buttons of the results overview, in board order."""
    overview = f"{url}/g/t/{slug}/results/?round={number}"
    page.goto(overview)
    i = 0
    while page.locator("td.quick-entry form[action*='/submit/']").count():
        form = page.locator("td.quick-entry form[action*='/submit/']").first
        form.locator(f"button[value='{results[i % len(results)]}']").click()
        page.wait_for_load_state()
        i += 1
        assert i < 20, "the quick entry does not record results"


def _finish(page: Page, url: str, slug: str, number: int) -> None:
    page.goto(f"{url}/t/{slug}/manage/rounds/{number}/")
    page.locator("form[action*='/finish/'] button[type=submit]").first.click()
    page.wait_for_load_state()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_club_evening_on_resistance_points_on_a_phone(browser: Browser, live_server, make_user, shot, lang):
    from games.models import ResultSubmission
    from tournaments.models import Board, Round, Tournament

    chief = make_user("chief", is_staff=True)
    slug = f"club-evening-{lang}"
    _setup(slug, chief, 9)
    url = live_server.url
    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    sign_in(page, url, "chief")
    _save_settings(page, url, slug, shot, f"club evening settings system {lang}", pairing_system="resistance")
    page.goto(f"{url}/t/{slug}/manage/settings/")
    expect(page.locator("#id_option_adjacent")).to_be_visible()  # the system's own options, from the registry
    _save_settings(page, url, slug, shot, f"club evening tie-breaks {lang}", tiebreak_preset="toernooimanager")
    t = Tournament.objects.get(slug=slug)
    assert (t.pairing_system, t.tiebreaks) == ("resistance", "WP,SB")
    for number in (1, 2, 3):
        _pair_and_publish(page, url, slug, number)
        _enter_all(page, url, slug, number, ["2-0", "1-1", "0-2"])
        if number == 1:
            shot(page, f"club evening results round 1 {lang}")
        _finish(page, url, slug, number)
    assert list(Round.objects.filter(tournament=t).values_list("status", flat=True)) == ["finished"] * 3
    assert ResultSubmission.objects.confirmed().for_tournament(t).count() == 12  # 4 games x 3 rounds
    byes = list(Board.objects.filter(round__tournament=t, bye_kind="pab").values_list("white_id", flat=True))
    assert len(byes) == 3 and len(set(byes)) == 3  # one bye a round, never the same player twice
    page.goto(f"{url}/t/{slug}/standings/")
    header = page.locator("table thead").first.inner_text()
    assert "WP" in header and "SB" in header, header
    assert page.locator("details.tie").count() >= 1  # "why A is above B", in the reader's language
    with translation.override(lang):
        why = translation.gettext("Tie-breaks")
    shot(page, f"club evening standings {lang}")
    assert why in page.locator("body").inner_text()
    _no_sideways_scroll(page, f"the club evening's standings ({lang})")
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_an_fmjd_open_on_solkoff_with_an_early_draw_scored_0_0(browser: Browser, live_server, make_user, shot, lang):
    from games.models import ResultSubmission
    from tournaments.history import build_history
    from tournaments.models import Board, Tournament

    chief = make_user("chief", is_staff=True)
    slug = f"fmjd-open-{lang}"
    _setup(slug, chief, 12)
    url = live_server.url
    context = browser.new_context(**PHONE, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    sign_in(page, url, "chief")
    _save_settings(page, url, slug, shot, f"open settings system {lang}", pairing_system="solkoff")
    _save_settings(page, url, slug, shot, f"open settings rules {lang}", option_solkoff_variant="full",
                   draw_offer_min_move="40", early_draw_scores_zero=True, default_time_minutes="30",
                   tiebreak_preset="fmjd_solkoff")
    t = Tournament.objects.get(slug=slug)
    assert (t.pairing_system, t.draw_offer_min_move, t.early_draw_scores_zero, t.tiebreaks) == (
        "solkoff", 40, True, "SOLK/T,RTNG")

    _pair_and_publish(page, url, slug, 1)
    board1 = Board.objects.get(round__tournament=t, round__number=1, number=1)
    from games.services.games import game_for_board

    game = game_for_board(board1)
    page.goto(f"{url}/g/{game.pk}/")
    page.fill("#id_moves", OPENING)
    page.select_option("#id_termination", "agreement")
    page.select_option("#id_result", "1-1")
    shot(page, f"open early draw entered {lang}")
    page.locator("#result-form button[type=submit].primary").click()
    page.wait_for_load_state()
    with translation.override(lang):
        said = translation.gettext(
            "A draw agreed before move %(n)s scores 0-0 for both players in this tournament (FMJD rule). %(why)s"
        ).split("%(why)s")[0] % {"n": 40}
    expect(page.locator("body")).to_contain_text(said.strip())
    shot(page, f"open early draw scored 0-0 {lang}")
    _no_sideways_scroll(page, f"the game page ({lang})")
    sub = ResultSubmission.objects.confirmed().get(game=game)
    assert (sub.result, sub.termination) == ("0-0", "agreement")

    _enter_all(page, url, slug, 1, ["2-0", "0-2", "1-1"])
    _finish(page, url, slug, 1)
    points = {p.id: p.points for p in build_history(t).players}
    white, black = board1.white.start_number, board1.black.start_number
    assert points[white] == 0 and points[black] == 0  # 0-0, not a draw's 1 each
    assert sum(points.values()) == 5 * 2 - 0  # five other games worth 2 points each, the early draw nothing

    _pair_and_publish(page, url, slug, 2)
    _enter_all(page, url, slug, 2, ["2-0", "1-1", "0-2"])
    _finish(page, url, slug, 2)
    page.goto(f"{url}/t/{slug}/standings/")
    header = page.locator("table thead").first.inner_text()
    assert "SOLK/T" in header and "RTNG" in header, header
    assert page.locator("details.tie").count() >= 1
    shot(page, f"open standings after round 2 {lang}")
    _no_sideways_scroll(page, f"the open's standings ({lang})")
    page.goto(f"{url}/t/{slug}/crosstable/")
    row = page.locator("tr", has_text=board1.white.name).first.inner_text()
    assert f"{black}" in row, row
    shot(page, f"open crosstable {lang}")
    context.close()
