"""The relay feed lidraughts broadcasts (issue 30): ``/t/<slug>/round/<n>/live.pdn`` and its JSON twin
``live.json``; ``?section=2`` for games 65-128 (``games.services.relay_feed`` writes the document).

Answered from the cache: the ETag is the tournament's version plus the round's games stamp (their
number and the sum of their versions, one query: a typed move changes it, nothing else of the
tournament's does), a matching ``If-None-Match`` gets 304, and each version of a section is written
once for every poller. Always ``200 text/plain; charset=utf-8`` (never a redirect: lidraughts counts
only a 200), ``Cache-Control: public, max-age=RELAY_MAX_AGE``. Errors are short plain-text messages:
404 for a tournament, round or section without a public feed, 400 for a section that is not a number.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from games.services.relay_feed import (
    MAX_SECTION,
    feed_json,
    feed_pdn,
    feed_round,
    feed_stamp,
    feed_texts,
    section_count,
)
from tournaments.models import Tournament

RELAY_MAX_AGE = 1  # seconds; lidraughts polls every 2 s at the fastest
RELAY_TTL = 600  # seconds a written section stays in the cache (a new version makes a new key)
PLAIN = "text/plain; charset=utf-8"
KINDS = {"pdn": PLAIN, "json": "application/json; charset=utf-8"}


def _plain(message: str, status: int) -> HttpResponse:
    response = HttpResponse(message + "\n", status=status, content_type=PLAIN)
    patch_cache_control(response, no_cache=True)
    return response


def _section(request: HttpRequest) -> int | None:
    raw = request.GET.get("section", "1").strip()
    if not raw.isascii() or not raw.isdecimal() or len(raw) > 4:
        return None
    number = int(raw)
    return number if 1 <= number <= MAX_SECTION else None


def _not_modified(request: HttpRequest, etag: str) -> bool:
    sent = request.headers.get("If-None-Match", "")
    return bool(sent) and (sent.strip() == "*" or f'"{etag}"' in sent)


def feed(request: HttpRequest, slug: str, number: int, kind: str) -> HttpResponse:
    t = Tournament.objects.filter(slug=slug).first()
    rnd = feed_round(t, number) if t is not None else None
    if t is None or rnd is None:
        return _plain(f"No public live feed for round {number} of {slug!r}: the tournament, its games or the "
                      "round are not public (a round has a feed once it is published).", 404)
    section = _section(request)
    if section is None:
        return _plain(f"section must be a whole number from 1 to {MAX_SECTION} (boards 1-64 are section 1, "
                      "65-128 section 2, ...).", 400)
    stamp = feed_stamp(rnd)
    n_games = int(stamp.split("-", 1)[0])
    if section > section_count(n_games):
        return _plain(f"Round {number} of {slug!r} has {n_games} games: section {section} is empty "
                      f"(sections 1-{section_count(n_games)}).", 404)
    raw = f"relay|{t.pk}|{t.version}|{number}|{section}|{kind}|{stamp}"
    etag = hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()[:24]
    if _not_modified(request, etag):
        response: HttpResponse = HttpResponseNotModified()
    else:
        key = f"relay:{slug}:{etag}"
        body = cache.get(key)
        if body is None:
            texts = feed_texts(rnd, section)
            body = feed_pdn(texts) if kind == "pdn" else feed_json(texts)
            cache.set(key, body, RELAY_TTL)
        response = HttpResponse(body, content_type=KINDS[kind])
    response["ETag"] = f'"{etag}"'
    response["Access-Control-Allow-Origin"] = "*"
    patch_cache_control(response, public=True, max_age=RELAY_MAX_AGE)
    return response


@require_safe
def live_pdn(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's games as one multi-game PDN document (lidraughts' broadcast source URL)."""
    return feed(request, slug, number, "pdn")


@require_safe
def live_json(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The same games as ``{"games": [{"pdn": "..."}]}``."""
    return feed(request, slug, number, "json")
