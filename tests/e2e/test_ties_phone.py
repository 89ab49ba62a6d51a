"""The ties of the public standings open on a phone without JavaScript and do not scroll sideways."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from games.models import Game, ResultSubmission
from tournaments.models import Board, Round

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def _rounds(tournament, entries) -> None:
    """Round 1: 1 beats 2, 3 beats 4; round 2: 1 has the PAB, 3 beats 2 (see test_standings_explained)."""
    a, b, c, d = entries
    for number, games, bye in ((1, [(a, b, "2-0"), (c, d, "2-0")], None), (2, [(b, c, "0-2")], a)):
        rnd = Round.objects.create(tournament=tournament, number=number, status=Round.Status.PUBLISHED)
        for n, (white, black, result) in enumerate(games, start=1):
            game = Game.objects.create(board=Board.objects.create(round=rnd, number=n, white=white, black=black))
            ResultSubmission.objects.create(game=game, result=result, status=ResultSubmission.Status.CONFIRMED)
        if bye is not None:
            Board.objects.create(round=rnd, number=len(games) + 1, white=bye, bye_kind=Board.ByeKind.PAB)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_a_tie_opens_on_a_phone_without_javascript(browser: Browser, live_server, tournament, entries, shot, lang):
    _rounds(tournament, entries)
    context = browser.new_context(**PHONE, java_script_enabled=False, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.slug}/standings/")
    tie = page.locator("details.tie").first
    assert not tie.evaluate("el => el.open")
    tie.locator("summary").tap()
    assert tie.evaluate("el => el.open"), "the tie does not open without JavaScript"
    assert tie.locator(".tie-step.decides").count() == 1
    tie.scroll_into_view_if_needed()
    shot(page, f"ties {lang}")
    overflow = page.evaluate("document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth")
    assert overflow <= 0, f"the standings scroll sideways by {overflow}px on a phone ({lang})"
    context.close()
