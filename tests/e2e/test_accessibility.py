"""Issue 12 (accessibility): every page a player, an arbiter or the public opens passes axe-core
(the npm package in tests/e2e/axe, installed by ``.ci/run`` with ``npm ci``) in Debian's Chromium,
with no serious or critical violation. Labels on every form field, names on every button and link,
the board's text alternative and the colour contrast are among axe's rules.

axe runs inside the page; the context bypasses the site's Content-Security-Policy only so that the
test can inject axe's script (the policy itself is tested in test_csp.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page
from playwright.sync_api import Error as PlaywrightError

from tests.e2e.conftest import sign_in

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def _violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n')[1])}));
    }""")
    return [f"{v['id']} ({v['impact']}): {v['help']} -> {v['nodes']}" for v in result if v["impact"] in SERIOUS]


def _check(page: Page, url: str, paths: list[str], found: dict[str, list[str]]) -> None:
    for path in paths:
        response = page.goto(url + path)
        assert response is not None and response.status == 200, (path, response and response.status)
        page.wait_for_load_state("networkidle")  # fragments loaded by htmx (the board, live tables) included
        problems = _violations(page)
        if problems:
            found[path] = problems


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: npm ci --prefix tests/e2e/axe")
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_every_page_passes_axe(browser: Browser, live_server, tournament, published_round, chief_arbiter, player,
                               lang):
    from games.models import Game, ResultSubmission

    url = live_server.url
    slug = tournament.slug
    # The check itself works: a bare input without a label is a violation axe reports.
    probe = browser.new_context(bypass_csp=True).new_page()
    probe.set_content("<html lang='en'><head><title>t</title></head><body><main><input></main></body></html>")
    assert any(v.startswith("label ") for v in _violations(probe)), "axe-core did not run"
    board1 = published_round.boards.get(number=1)
    game = Game.objects.get_or_create(board=board1)[0]
    other = Game.objects.get_or_create(board=published_round.boards.get(number=2))[0]
    ResultSubmission.objects.create(game=other, version=1, result="1-1", status="confirmed")
    # Issue 26: board 1 offers the default time, board 2's draw the plus/minus marks.
    tournament.default_time_minutes = 30
    tournament.save(update_fields=["default_time_minutes"])
    options = {"locale": lang, "extra_http_headers": {"Accept-Language": lang}, "bypass_csp": True}
    found: dict[str, list[str]] = {}

    public = browser.new_context(**options).new_page()
    _check(public, url, [
        "/", "/accounts/login/", reverse("public:list"), reverse("public:tournament", args=[slug]),
        reverse("public:standings", args=[slug]), reverse("public:pairings", args=[slug]),
        reverse("public:round", args=[slug, 1]), reverse("public:crosstable", args=[slug]),
        reverse("public:player", args=[slug, 1]), reverse("public:projector", args=[slug]),
        reverse("games:view", args=[game.pk]), reverse("invitation_done"),
        reverse("invitation", args=["MQ", "no-longer-valid"]),
    ], found)

    arbiter = browser.new_context(**options).new_page()
    sign_in(arbiter, url, chief_arbiter.username)
    entry = board1.white
    _check(arbiter, url, [
        reverse("tournaments:dashboard"), reverse("tournaments:manage", args=[slug]),
        reverse("tournaments:players", args=[slug]), reverse("tournaments:edit_player", args=[slug, entry.pk]),
        reverse("tournaments:settings", args=[slug]), reverse("tournaments:roll_call", args=[slug]),
        reverse("tournaments:rating_lists", args=[slug]),
        reverse("tournaments:absences", args=[slug]), reverse("tournaments:prohibited", args=[slug]),
        reverse("tournaments:rounds", args=[slug]), reverse("tournaments:round", args=[slug, 1]),
        reverse("games:results", args=[slug]), reverse("games:links", args=[slug]),
        reverse("games:import", args=[slug]), reverse("tournament_arbiters", args=[slug]),
        reverse("tournament_audit", args=[slug]), reverse("games:game", args=[game.pk]),
        reverse("games:game", args=[other.pk]), reverse("tournaments:create"),
    ], found)

    phone = browser.new_context(**options, viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    sign_in(phone, url, player.username)
    _check(phone, url, [reverse("games:my_games", args=[slug]), reverse("games:game", args=[game.pk])], found)

    assert not found, "\n".join(f"{path}:\n  " + "\n  ".join(v) for path, v in found.items())


# Who opens a page in the sweep below: the first persona of this order the permission matrix lets in.
SWEEP_ORDER = ("chief", "staff", "player", "anonymous", "arbiter", "opponent", "other_player", "outsider")


@pytest.mark.skipif(not AXE.exists(), reason="axe-core is not installed: npm ci --prefix tests/e2e/axe")
@pytest.mark.django_db(transaction=True)
def test_every_html_page_of_the_url_table_passes_axe(browser: Browser, live_server, request):
    """Every URL of the permission matrix (tests/matrix/table.py, which a test keeps complete) that
    answers GET with a whole HTML page, opened by a persona allowed to see it: no serious or critical
    violation. Downloads (PDF, CSV, TRF, PDN, zip) and htmx fragments are not pages and are skipped."""
    from tests.matrix.table import TABLE
    from tests.matrix.world import build_world

    world = build_world(request)
    url = live_server.url
    pages: dict[str, Page] = {}

    def page_of(persona: str) -> Page:
        if persona not in pages:
            pages[persona] = browser.new_context(bypass_csp=True).new_page()
            if persona != "anonymous":
                sign_in(pages[persona], url, world.users[persona].username)
        return pages[persona]

    found: dict[str, list[str]] = {}
    checked: list[str] = []
    for name in sorted(TABLE):
        for case in TABLE[name]:
            if case.method != "GET":
                continue
            persona = next((p for p in SWEEP_ORDER if case.expected.get(p) == 200), None)
            if persona is None:
                continue
            path = reverse(name, kwargs=case.kwargs(world))
            page = page_of(persona)
            try:
                response = page.goto(url + path)
            except PlaywrightError as exc:  # a download (zip, PDF served as attachment) is no page
                if "Download is starting" in str(exc):
                    continue
                raise
            if response is None or "text/html" not in response.headers.get("content-type", ""):
                continue
            if not page.evaluate("!!document.querySelector('html[lang]') && !!document.title"):
                continue  # an htmx fragment
            page.wait_for_load_state("networkidle")
            checked.append(f"{name} ({persona})")
            problems = _violations(page)
            if problems:
                found[f"{name} {path} as {persona}"] = problems
    print(f"axe: {len(checked)} pages checked: {', '.join(checked)}")
    assert len(checked) >= 40, checked
    assert not found, "\n".join(f"{path}:\n  " + "\n  ".join(v) for path, v in found.items())
