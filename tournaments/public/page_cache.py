"""Public pages rendered once per tournament version, served from the cache to everyone else.

A hall of spectators polling the standings while results come in must cost one render per change,
not one per spectator. For a request that sees nothing personal (anonymous, GET, no message
waiting), ``shared_page`` keys the response by tournament, version, language, page and query:

* a hit is served from the cache (Redis when ``REDIS_URL`` is set, local memory by default);
* a render younger than ``PUBLIC_PAGE_REUSE`` seconds is served as it is when only results or entries
  changed since (the app's own micro-cache: at most one render per page every few seconds however
  fast results come in; a change of the tournament's settings, e.g. a page switched off, is never
  served stale);
* on a miss one request renders (a lock in the cache, ``add`` is atomic); concurrent requests for
  the same page wait up to ``WAIT_SECONDS`` for it, then get the previous version if there is one,
  and render themselves only when there is nothing to show at all;
* every shared response carries ``Cache-Control: public, max-age=PUBLIC_MAX_AGE`` and the ETag (a
  matching ``If-None-Match`` is answered 304 before anything is rendered), so nginx's micro-cache and
  the browsers help too. Signed-in users get the page rendered for them, ``private``.

Shared pages hold no CSRF token (``shares_no_token``): their only form, the language menu, posts to
``set_language``, which needs none. A new version makes new keys: nothing is ever invalidated, old
entries expire after ``PAGE_TTL``.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, cast

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language

from tournaments import throttle
from tournaments.models import Tournament
from tournaments.public.version import etag_for, loaded_tournament, tournament_for_request, tournament_version

PAGE_TTL = 600  # seconds a rendered version stays in the cache
LOCK_SECONDS = 10  # a render that takes longer lets the next request render too
WAIT_SECONDS = 2.0  # how long a request waits for another one's render
MAX_QUERY = 300  # longer query strings are rendered for the request, never cached
SHARED = "_shared_page"  # request attribute: this render goes to everyone (no CSRF token)

View = Callable[..., HttpResponse]


@dataclass(frozen=True)
class Page:
    """A rendered page as the cache keeps it."""

    status: int
    content_type: str
    body: bytes
    etag: str
    rendered_at: float = 0.0  # time.time() of the render
    stamp: str = ""  # the tournament's settings when rendered (``settings_stamp``)


def settings_stamp(tournament: Tournament) -> str:
    """A digest of the tournament row but its version: a page rendered under other settings (a page
    switched off, a tie-break changed) is never reused as fresh."""
    values = [f"{f.attname}={getattr(tournament, f.attname)!r}" for f in Tournament._meta.concrete_fields
              if f.attname not in ("version", "updated_at")]
    return hashlib.sha1("|".join(values).encode(), usedforsecurity=False).hexdigest()[:16]


def shares_no_token(request: HttpRequest) -> bool:
    """True while rendering a page for everyone: templates get no CSRF token."""
    return bool(getattr(request, SHARED, False))


def _shareable(request: HttpRequest) -> bool:
    if request.method not in ("GET", "HEAD") or len(request.META.get("QUERY_STRING", "")) > MAX_QUERY:
        return False
    if request.user.is_authenticated or "messages" in request.COOKIES:
        return False
    session = getattr(request, "session", None)
    return not (settings.SESSION_COOKIE_NAME in request.COOKIES and session is not None and session.get("_messages"))


def _key(etag: str, slug: str) -> str:
    return f"page:{slug}:{etag}"


def _latest_key(request: HttpRequest, name: str, slug: str) -> str:
    where = hashlib.sha1(f"{name}|{get_language()}|{request.get_full_path()}".encode(),
                         usedforsecurity=False).hexdigest()[:24]
    return f"page-latest:{slug}:{where}"


def _headers(response: HttpResponse, etag: str, shared: bool) -> HttpResponse:
    """The ETag, and ``public, max-age`` for a shared page or ``private, no-cache`` for a personal one."""
    if response.status_code in (200, 304):
        response["ETag"] = f'"{etag}"'
    if shared:
        patch_cache_control(response, public=True, max_age=settings.PUBLIC_MAX_AGE)
    else:
        patch_cache_control(response, private=True, no_cache=True)
    return response


def _not_modified(request: HttpRequest, etag: str) -> bool:
    sent = request.headers.get("If-None-Match", "")
    return bool(sent) and (sent.strip() == "*" or f'"{etag}"' in sent or etag in sent.split(","))


def render_count_key(slug: str) -> str:
    """Where the number of shared renders of a tournament's pages is counted (the load test reads it)."""
    return f"page-renders:{slug}"


def _render(view: View, request: HttpRequest, slug: str, kwargs: dict[str, Any], etag: str
            ) -> tuple[Page | None, HttpResponse]:
    """The view's response, rendered for everyone, and the page to keep (None: an error, a download,
    anything but a plain HTML 200 is served to this request only)."""
    setattr(request, SHARED, True)
    try:
        response = view(request, slug, **kwargs)
    finally:
        setattr(request, SHARED, False)
    keep = (response.status_code == 200 and not response.streaming and not response.cookies
            and response.get("Content-Type", "").startswith("text/html")
            and not response.has_header("Content-Disposition"))
    if not keep:
        return None, response
    throttle.count_in_cache(render_count_key(slug), PAGE_TTL)
    loaded = loaded_tournament(request)
    stamp = settings_stamp(loaded) if loaded is not None else ""
    return Page(200, response["Content-Type"], response.content, etag, time.time(), stamp), response


def _render_once(view: View, request: HttpRequest, slug: str, kwargs: dict[str, Any], name: str,
                 etag: str) -> Page | HttpResponse:
    key, latest = _key(etag, slug), _latest_key(request, name, slug)
    lock = key + ":lock"
    if cache.add(lock, 1, LOCK_SECONDS):
        try:
            page, response = _render(view, request, slug, kwargs, etag)
            if page is None:
                return response
            cache.set_many({key: page, latest: page}, PAGE_TTL)
            return page
        finally:
            cache.delete(lock)
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(0.05)
        found = cache.get(key)
        if found is not None:
            return cast(Page, found)
        if cache.get(lock) is None:
            break
    previous = cache.get(latest)
    return cast(Page, previous) if previous is not None else view(request, slug, **kwargs)


def _stamp_key(tournament_id: int, version: int) -> str:
    return f"page-stamp:{tournament_id}:{version}"


def _current_stamp(request: HttpRequest, slug: str, kept: str | None) -> str:
    """``settings_stamp`` of the tournament as it is now: ``kept`` (the one the cache holds for its
    current version) unless this request loaded the row anyway; else from the row, then kept for the
    version it was read at. The settings change only with the version (every change is audited and
    bumps it), so a poll that finds the stamp of its version needs no whole row (issue 30)."""
    loaded = loaded_tournament(request)
    if kept is not None and (loaded is None or loaded.slug != slug):
        return kept
    t = tournament_for_request(request, slug)
    stamp = settings_stamp(t)
    if kept is None:
        cache.set(_stamp_key(t.pk, t.version), stamp, PAGE_TTL)
    return stamp


def _fresh(request: HttpRequest, name: str, slug: str) -> Page | None:
    """The page's latest render if it is younger than ``PUBLIC_PAGE_REUSE`` seconds and was made under
    the same tournament settings, whatever the version (results, entries).

    While results pour in the version changes every few hundred milliseconds; a spectator polling every
    few seconds needs no render per change, only one as fresh as a proxy's micro-cache would give."""
    reuse = settings.PUBLIC_PAGE_REUSE
    if reuse <= 0:
        return None
    latest = _latest_key(request, name, slug)
    stamp_key = _stamp_key(*tournament_version(request, slug))
    found = cache.get_many([latest, stamp_key])
    page = found.get(latest)
    if (isinstance(page, Page) and time.time() - page.rendered_at < reuse
            and page.stamp == _current_stamp(request, slug, found.get(stamp_key))):
        return page
    return None


def shared_page(name: str, stamp: Callable[..., str] | None = None) -> Callable[[View], View]:
    """Cache the public view ``name`` per tournament version, language, URL arguments and query
    string (see the module docstring). ``stamp(request, slug, **kwargs)``: what else the page shows
    that changes without the tournament's version (the moves of live games: ``Game.version``), a part
    of its ETag."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, slug: str, **kwargs: Any) -> HttpResponse:
            # 404 for an unknown tournament, before any key. A conditional request (a poll) reads only the
            # id and version first: answered 304, it loads nothing more (issue 30); any other loads the row.
            if not request.headers.get("If-None-Match"):
                tournament_for_request(request, slug)
            # The page's own stamp first: one that reads the whole row (the projector's) spares the version query.
            extra = (stamp(request, slug, **kwargs),) if stamp is not None else ()
            tournament_version(request, slug)
            shared = _shareable(request)
            # A signed-in visitor's pages differ (navigation, drafts for an arbiter): their own ETag.
            who = () if shared else ("user", request.user.pk)
            parts = (name, *kwargs.values(), request.META.get("QUERY_STRING", ""), *who, *extra)
            etag = etag_for(request, slug, *parts)
            if _not_modified(request, etag):
                return _headers(HttpResponseNotModified(), etag, shared)
            fresh = _fresh(request, name, slug) if shared else None
            if fresh is not None:  # rendered a moment ago under the same settings: good enough for everyone
                if _not_modified(request, fresh.etag):
                    return _headers(HttpResponseNotModified(), fresh.etag, shared=True)
                return _headers(HttpResponse(fresh.body, status=fresh.status, content_type=fresh.content_type),
                                fresh.etag, shared=True)
            # This version's page from the cache needs no more of the tournament than its version either.
            page = cache.get(_key(etag, slug)) if shared else None
            if page is None:
                # The whole row from here on, and the ETag of the version it holds (the same unless a change
                # came in between the two reads: then the page is keyed by what it shows).
                tournament_for_request(request, slug)
                looked, etag = etag, etag_for(request, slug, *parts)
                if _not_modified(request, etag):
                    return _headers(HttpResponseNotModified(), etag, shared)
                if not shared:
                    return _headers(view(request, slug, **kwargs), etag, shared=False)
                if etag != looked:
                    page = cache.get(_key(etag, slug))
            if page is None:
                page = _render_once(view, request, slug, kwargs, name, etag)
            if isinstance(page, HttpResponse):
                return page
            return _headers(HttpResponse(page.body, status=page.status, content_type=page.content_type),
                            page.etag, shared=True)

        return wrapper

    return decorate
