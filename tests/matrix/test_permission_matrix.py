"""The permission matrix: every named URL pattern x every persona gets exactly the expected answer.

``test_every_url_pattern_has_a_row`` walks the project's URL resolver: a new view without a row in
``tests/matrix/table.py`` fails it (and so does a row for a pattern that no longer exists).
``test_permission_matrix`` calls every case as every persona, each in its own rolled-back
transaction, and reports all mismatches at once as a table.
"""

from __future__ import annotations

import traceback

import pytest
from django.conf import settings
from django.db import transaction
from django.shortcuts import resolve_url
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tests.matrix.table import DONE, LOGIN, TABLE, Case
from tests.matrix.world import PERSONAS, World, build_world

# Namespaces that belong to Django itself, not to this project.
FOREIGN_NAMESPACES = {"admin"}


def project_patterns() -> set[str]:
    """Every named URL pattern of the project, as ``namespace:name`` (or ``name`` at the top)."""
    found: set[str] = set()

    def walk(patterns, prefix: str) -> None:
        for p in patterns:
            if isinstance(p, URLResolver):
                if p.namespace in FOREIGN_NAMESPACES:
                    continue
                walk(p.url_patterns, f"{prefix}{p.namespace}:" if p.namespace else prefix)
            elif isinstance(p, URLPattern) and p.name:
                found.add(prefix + p.name)

    walk(get_resolver().url_patterns, "")
    return found


def test_every_url_pattern_has_a_row():
    patterns = project_patterns()
    missing = sorted(patterns - TABLE.keys())
    stale = sorted(TABLE.keys() - patterns)
    assert not missing, f"URL patterns without a row in tests/matrix/table.py: {missing}"
    assert not stale, f"rows in tests/matrix/table.py for patterns that no longer exist: {stale}"


def test_every_row_names_every_persona():
    for name, cases in TABLE.items():
        for case in cases:
            assert set(case.expected) == set(PERSONAS), f"{name} {case.method}: personas {sorted(case.expected)}"


def _answer(response) -> int | str:
    """The response as a matrix value: the status, or LOGIN/DONE for redirects."""
    if response.status_code in (301, 302, 303):
        location = response.headers.get("Location", "")
        return LOGIN if location.startswith(resolve_url(settings.LOGIN_URL)) else DONE
    return response.status_code


def call(world: World, persona: str, name: str, case: Case, *, csrf: bool = False, query: str = "",
         htmx: bool = False):
    """Call one case as one persona (``query``: a query string to append); the response (never
    raises: a crash is a 500)."""
    client = Client(raise_request_exception=False, enforce_csrf_checks=csrf)
    user = world.users[persona]
    if user is not None:
        client.force_login(user)
    url = reverse(name, kwargs=case.kwargs(world)) + query
    headers = {"HX-Request": "true"} if htmx else {}
    if case.method == "GET":
        return client.get(url, headers=headers)
    return client.post(url, case.data(world), headers=headers)


@pytest.mark.django_db
def test_permission_matrix(request):
    world = build_world(request)
    mismatches: list[str] = []
    for name in sorted(TABLE):
        for case in TABLE[name]:
            for persona in PERSONAS:
                with transaction.atomic():
                    response = call(world, persona, name, case)
                    transaction.set_rollback(True)
                got, want = _answer(response), case.expected[persona]
                if got != want:
                    detail = ""
                    exc_info = getattr(response, "exc_info", None)
                    if exc_info:
                        detail = " | " + "".join(traceback.format_exception(*exc_info)[-2:]).strip()
                    mismatches.append(f"{name:32} {case.method:4} {persona:16} want {want!s:9} got {got}{detail}")
    assert not mismatches, "permission matrix mismatches:\n" + "\n".join(mismatches)


# The one POST without a token: the language menu of the public pages, which are rendered once for
# every visitor and so carry no visitor's token (issue 18; a forged request can only change the
# language). Nothing else may join this set.
CSRF_EXEMPT = {"set_language"}


@pytest.mark.django_db
def test_every_post_view_refuses_a_request_without_csrf_token(request):
    """CSRF everywhere: every POST case of the matrix, as the persona allowed to act, without token -> 403."""
    world = build_world(request)
    failures: list[str] = []
    for name in sorted(set(TABLE) - CSRF_EXEMPT):
        for case in TABLE[name]:
            if case.method != "POST":
                continue
            allowed = [p for p in PERSONAS if case.expected[p] not in (LOGIN, 403, 404, 405)]
            for persona in allowed[:2] or ["anonymous"]:
                with transaction.atomic():
                    response = call(world, persona, name, case, csrf=True)
                    transaction.set_rollback(True)
                if response.status_code != 403:
                    failures.append(f"{name} as {persona}: {response.status_code} without a CSRF token")
    assert not failures, "\n".join(failures)


# Pages open to everyone whatever the tournament's public switches say. ``public:tournament`` is
# the announcement (facts and the list of entrants): by design reachable by URL even when unlisted
# and every ``public_*`` switch is off (it then links to nothing).
ALWAYS_OPEN = {"home", "healthz", "login", "logout", "set_language", "invitation", "invitation_done", "public:list",
               "public:tournament",
               "games:link_home", "games:link_submit", "games:link_check", "games:link_board"}


@pytest.mark.django_db
def test_pages_open_to_everyone_close_when_the_tournament_switches_its_public_pages_off(request):
    """With every ``public_*`` switch off (and not listed), anonymous visitors and outsiders get 404
    on every page the matrix opens to everyone; the game's players and arbiters keep their games."""
    world = build_world(request)
    t = world.tournament
    for switch in ("is_public", "public_pairings", "public_standings", "public_crosstable", "public_games",
                   "public_players"):
        setattr(t, switch, False)
    t.save()
    mismatches: list[str] = []
    for name in sorted(set(TABLE) - ALWAYS_OPEN):
        for case in TABLE[name]:
            if case.expected["anonymous"] != 200:
                continue
            for persona in ("anonymous", "outsider", "foreign_arbiter"):
                with transaction.atomic():
                    got = _answer(call(world, persona, name, case))
                    transaction.set_rollback(True)
                if (name, persona) == ("games:board_result", "anonymous"):
                    # A board card's QR code scanned by a phone: asked to sign in (issue 13), not a dead end.
                    if got != LOGIN:
                        mismatches.append(f"{name} as anonymous: {got}, want the login page")
                    continue
                if got != 404:
                    mismatches.append(f"{name} {case.kwargs(world)} as {persona}: {got}, want 404")
    assert not mismatches, "\n".join(mismatches)


# While round 1 is a draft, its games belong to the arbiters alone.
DRAFT_EXPECTATIONS = {
    ("games:submit", "POST"): {"player": 403, "opponent": 403, "arbiter": DONE, "chief": DONE, "anonymous": LOGIN},
    ("games:claim", "POST"): {"player": 403, "opponent": 403, "arbiter": DONE},
    ("games:confirm", "POST"): {"opponent": 403, "arbiter": DONE},
    # Its own players too (issue 23, Low 6): the game viewer, the board and the PDN download.
    ("games:view", "GET"): {"anonymous": 404, "outsider": 404, "other_player": 404, "player": 404, "opponent": 404,
                            "arbiter": 200, "chief": 200},
    ("games:board", "GET"): {"anonymous": 404, "outsider": 404, "player": 404, "opponent": 404, "arbiter": 200},
    ("games:export_game", "GET"): {"anonymous": 404, "player": 404, "opponent": 404, "other_player": 404,
                                   "arbiter": 200, "chief": 200},
    ("games:export_round", "GET"): {"anonymous": 404, "player": 404, "arbiter": 200},
    ("public:round", "GET"): {"anonymous": 404, "player": 404, "chief": 404},
    ("public:round_live", "GET"): {"anonymous": 404},
    # Issue 30: a draft round has no feed and no live boards, not even for its arbiters (they see the draft
    # pairings; the feed is what lidraughts broadcasts).
    ("public:relay_pdn", "GET"): {"anonymous": 404, "player": 404, "chief": 404},
    ("public:relay_json", "GET"): {"anonymous": 404, "chief": 404},
    ("public:round_boards", "GET"): {"anonymous": 404, "player": 404},
    ("public:game_live", "GET"): {"anonymous": 404, "player": 404},
    ("games:my_games", "GET"): {"player": 200},
}


@pytest.mark.django_db
def test_a_draft_round_is_for_arbiters_only(request):
    from tournaments.models import Round

    world = build_world(request)
    Round.objects.filter(pk=world.round.pk).update(status=Round.Status.DRAFT)
    mismatches: list[str] = []
    for (name, method), expected in DRAFT_EXPECTATIONS.items():
        case = next(c for c in TABLE[name] if c.method == method)
        for persona, want in expected.items():
            with transaction.atomic():
                response = call(world, persona, name, case)
                transaction.set_rollback(True)
            if _answer(response) != want:
                mismatches.append(f"{name} {method} as {persona}: {_answer(response)}, want {want}")
    page = Client()
    page.force_login(world.users["player"])
    html = page.get(reverse("games:my_games", args=[world.tournament.slug])).content.decode()
    if "Müller" in html:
        mismatches.append("games:my_games shows the draft round's opponent to the player")
    assert not mismatches, "\n".join(mismatches)
