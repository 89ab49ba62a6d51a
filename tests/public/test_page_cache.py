"""Issue 18: public pages rendered once per tournament version and shared by every anonymous visitor;
signed-in visitors get their own, private; concurrent misses render once."""

from __future__ import annotations

import threading
import time

import pytest
from django.core.cache import cache
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse

from tests.versions import changed
from tournaments.public import page_cache
from tournaments.public.page_cache import render_count_key

pytestmark = pytest.mark.django_db


def renders(tournament) -> int:
    return cache.get(render_count_key(tournament.slug)) or 0


def test_a_page_is_rendered_once_per_version_for_all_spectators(client, tournament, two_rounds, play):
    live = reverse("public:standings_live", args=[tournament.slug])
    bodies = {client.get(live).content for _ in range(20)}
    assert len(bodies) == 1 and renders(tournament) == 1
    a, _b, c, _d = two_rounds
    play(tournament, 3, [(a, c, "2-0")])  # a change: a new version
    after = {client.get(live).content for _ in range(20)}
    assert renders(tournament) == 2 and after != bodies


@pytest.mark.parametrize("name", ["public:standings", "public:crosstable", "public:tournament", "public:pairings"])
def test_shared_pages_are_public_for_a_few_seconds_and_carry_no_token_or_cookie(client, tournament, two_rounds,
                                                                                 name):
    response = client.get(reverse(name, args=[tournament.slug]))
    assert response.status_code == 200
    assert response["Cache-Control"] == "public, max-age=2" and response.has_header("ETag")
    assert "csrftoken" not in response.cookies and not response.cookies
    body = response.content.decode()
    assert 'name="csrfmiddlewaretoken"' not in body and '"X-CSRFToken": ""' in body
    # Second visitor: the same bytes from the cache, 304 with the ETag.
    again = client.get(reverse(name, args=[tournament.slug]), headers={"if-none-match": response["ETag"]})
    assert again.status_code == 304 and again["Cache-Control"] == "public, max-age=2"


def test_the_language_menu_works_from_a_shared_page_without_a_token(tournament, two_rounds):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("public:standings", args=[tournament.slug]))
    assert 'name="csrfmiddlewaretoken"' not in page.content.decode()
    switched = client.post(reverse("set_language"), {"language": "de", "next": "/"})
    assert switched.status_code == 302
    german = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert '<html lang="de">' in german


def test_signed_in_visitors_get_their_own_private_page(login, arbiter, client, tournament, two_rounds):
    url = reverse("public:standings", args=[tournament.slug])
    anonymous = client.get(url)
    mine = login(arbiter).get(url)
    assert mine["Cache-Control"] == "private, no-cache" and mine["ETag"] != anonymous["ETag"]
    assert arbiter.username in mine.content.decode() and arbiter.username not in anonymous.content.decode()
    assert 'name="csrfmiddlewaretoken"' in mine.content.decode()  # their own token, for their forms
    assert renders(tournament) == 1  # the anonymous render only
    from django.test import Client

    assert Client().get(url).content == anonymous.content


def test_the_query_string_and_the_language_name_different_pages(client, tournament, two_rounds):
    url = reverse("public:standings", args=[tournament.slug])
    plain, by_name = client.get(url), client.get(url + "?sort=name")
    german = client.get(url, headers={"accept-language": "de"})
    assert len({plain["ETag"], by_name["ETag"], german["ETag"]}) == 3
    assert renders(tournament) == 3 and '<html lang="de">' in german.content.decode()


def test_a_visitor_with_a_message_waiting_is_not_served_the_shared_page(client, tournament, two_rounds):
    client.cookies["messages"] = "anything"
    assert client.get(reverse("public:standings", args=[tournament.slug]))["Cache-Control"] == "private, no-cache"


def test_downloads_and_missing_pages_are_never_kept(client, tournament, two_rounds):
    csv = client.get(reverse("public:standings", args=[tournament.slug]) + "?_export=csv")
    assert csv["Content-Disposition"].startswith("attachment") and renders(tournament) == 0
    assert client.get(reverse("public:round", args=[tournament.slug, 9])).status_code == 404
    assert renders(tournament) == 0


def _slow_view(calls: list[int]):
    def view(request, slug):
        calls.append(1)
        time.sleep(0.3)
        return HttpResponse(f"<p>render {len(calls)}</p>", content_type="text/html; charset=utf-8")

    return view


def test_concurrent_misses_render_once_and_wait_for_it():
    calls: list[int] = []
    view = _slow_view(calls)
    results: list[object] = []
    barrier = threading.Barrier(8)

    def visit():
        request = RequestFactory().get("/t/x/standings/")
        barrier.wait()
        results.append(page_cache._render_once(view, request, "x", {}, "standings", "etag-1"))

    threads = [threading.Thread(target=visit) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1
    assert {r.body for r in results} == {b"<p>render 1</p>"}  # type: ignore[attr-defined]


def test_while_a_new_version_renders_too_long_the_others_get_the_previous_one(monkeypatch):
    monkeypatch.setattr(page_cache, "WAIT_SECONDS", 0.2)
    request = RequestFactory().get("/t/x/standings/")
    old = page_cache._render_once(_slow_view([]), request, "x", {}, "standings", "etag-1")
    cache.add(page_cache._key("etag-2", "x") + ":lock", 1, 10)  # someone is rendering version 2
    calls: list[int] = []
    served = page_cache._render_once(_slow_view(calls), request, "x", {}, "standings", "etag-2")
    assert served == old and not calls


def test_while_results_pour_in_a_page_is_rendered_at_most_once_per_reuse_window(client, tournament, two_rounds,
                                                                                 play, settings, monkeypatch):
    """Results change the tournament several times a second in a hall; spectators get the page
    rendered a moment ago (at most PUBLIC_PAGE_REUSE seconds old), not one render per change. A
    change of the settings (a page switched off) is never served stale."""
    settings.PUBLIC_PAGE_REUSE = 2
    clock = {"now": 1000.0}
    monkeypatch.setattr(page_cache.time, "time", lambda: clock["now"])
    live = reverse("public:standings_live", args=[tournament.slug])
    first = client.get(live)
    a, b, c, d = two_rounds
    play(tournament, 3, [(a, c, "2-0")])  # a new version...
    clock["now"] += 1
    assert client.get(live).content == first.content and renders(tournament) == 1  # ...not rendered yet
    clock["now"] += 1.5
    assert client.get(live).content != first.content and renders(tournament) == 2  # 2.5 s: rendered again
    tournament.public_standings = False
    tournament.save()
    changed(tournament)
    assert client.get(live).status_code == 404  # settings changed: never stale


def test_a_poll_answered_304_reads_the_tournament_id_and_version_only(client, tournament, two_rounds):
    """Issue 30: a spectator's conditional poll costs one two-column query. The ETag it gets is the one a
    poll that loads the whole row computes (same id, version, language), so 304s keep matching; a
    404 still answers an unknown slug, and a changed version still gets the page."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Tournament

    live = reverse("public:standings_live", args=[tournament.slug])
    etag = client.get(live)["ETag"]  # no If-None-Match: the whole row, as before
    with CaptureQueriesContext(connection) as ctx:
        again = client.get(live, headers={"if-none-match": etag})
    assert again.status_code == 304 and again["ETag"] == etag
    assert len(ctx.captured_queries) == 1
    sql = ctx.captured_queries[0]["sql"]
    assert sql.startswith("SELECT id, version FROM tournaments_tournament WHERE slug")
    # The names written out are the model's (a renamed column would fail here, not in production).
    meta = Tournament._meta
    assert (meta.db_table, meta.pk.column, meta.get_field("version").column, meta.get_field("slug").column) == (
        "tournaments_tournament", "id", "version", "slug")
    unknown = reverse("public:standings_live", args=["no-such-event"])
    assert client.get(unknown, headers={"if-none-match": etag}).status_code == 404
    changed(tournament)
    assert client.get(live, headers={"if-none-match": etag}).status_code == 200


def test_polls_of_one_version_in_the_reuse_window_load_the_row_once(client, tournament, two_rounds, play, settings,
                                                                    monkeypatch):
    """Issue 30: while results pour in, the page rendered a moment ago answers the polls of later
    versions. The first poll of a version reads the whole row (the settings' stamp, kept for that
    version); the next polls of it read only id and version: 1 query instead of 2. A settings change
    makes a new version whose stamp is read from the row: never served stale."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.PUBLIC_PAGE_REUSE = 2
    clock = {"now": 1000.0}
    monkeypatch.setattr(page_cache.time, "time", lambda: clock["now"])
    live = reverse("public:standings_live", args=[tournament.slug])
    etag = client.get(live)["ETag"]
    changed(tournament)  # a result elsewhere: a new version, the page not rendered again yet
    clock["now"] += 1
    counts = []
    for _ in range(3):
        with CaptureQueriesContext(connection) as ctx:
            answer = client.get(live, headers={"if-none-match": etag})
        assert answer.status_code == 304 and answer["ETag"] == etag  # the kept render is the one they have
        counts.append(len(ctx.captured_queries))
    assert counts == [2, 1, 1] and renders(tournament) == 1
    tournament.public_standings = False
    tournament.save()
    changed(tournament)
    assert client.get(live, headers={"if-none-match": etag}).status_code == 404


def test_a_poll_served_the_cached_page_of_a_new_version_reads_only_the_version(client, tournament, two_rounds,
                                                                               settings):
    """Issue 30: after a change every spectator's poll gets the new version's page once; when it is in
    the cache already (another spectator had it rendered), the poll reads only id and version: 1 query."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.PUBLIC_PAGE_REUSE = 0  # no micro-cache: the page of exactly this version
    live = reverse("public:standings_live", args=[tournament.slug])
    old = client.get(live)["ETag"]
    changed(tournament)
    new = client.get(live)  # the first visitor of the new version has it rendered
    assert new["ETag"] != old and renders(tournament) == 2
    with CaptureQueriesContext(connection) as ctx:
        poll = client.get(live, headers={"if-none-match": old})
    assert poll.status_code == 200 and poll.content == new.content and poll["ETag"] == new["ETag"]
    assert len(ctx.captured_queries) == 1 and renders(tournament) == 2
