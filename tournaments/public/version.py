"""The public pages' view of a tournament's version (``Tournament.version``, see ``tournaments.versioning``).

It is the ETag of the live fragments (htmx polls answered 304 while nothing changed) and the key
of the cached results and standings.
"""

from __future__ import annotations

import hashlib

from django.db import connection
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language

from tournaments.models import Tournament

_ATTR = "_public_tournament"
_VERSION_ATTR = "_public_tournament_version"
# Written out once: building this query with the ORM cost a 304 poll more than all the rest of it.
_VERSION_SQL = "SELECT id, version FROM tournaments_tournament WHERE slug = %s"


def tournament_for_request(request: HttpRequest, slug: str) -> Tournament:
    """The tournament ``slug`` (404 if unknown), loaded once per request (ETag function and view share it)."""
    found: Tournament | None = getattr(request, _ATTR, None)
    if found is None or found.slug != slug:
        found = get_object_or_404(Tournament, slug=slug)
        setattr(request, _ATTR, found)
    return found


def loaded_tournament(request: HttpRequest) -> Tournament | None:
    """The tournament ``tournament_for_request`` loaded for this request, if any."""
    found: Tournament | None = getattr(request, _ATTR, None)
    return found


def tournament_version(request: HttpRequest, slug: str) -> tuple[int, int]:
    """The id and version of the tournament ``slug`` (404 if unknown): from the row this request loaded,
    else from a two-column query, kept for the request.

    A spectator's poll answered 304 needs nothing more: loading the whole row (about 70 columns) was
    most of its cost (issue 30)."""
    found = loaded_tournament(request)
    if found is not None and found.slug == slug:
        return found.pk, found.version
    kept: tuple[str, tuple[int, int]] | None = getattr(request, _VERSION_ATTR, None)
    if kept is None or kept[0] != slug:
        with connection.cursor() as cursor:
            cursor.execute(_VERSION_SQL, [slug])
            row = cursor.fetchone()
        if row is None:
            raise Http404(f"no tournament {slug}")
        kept = (slug, (int(row[0]), int(row[1])))
        setattr(request, _VERSION_ATTR, kept)
    return kept[1]


def etag_for(request: HttpRequest, slug: str, *parts: object) -> str:
    """The ETag of a live fragment: tournament and version, language and the fragment's own parts
    (the version of the row this request loaded, if it loaded one: the ETag of what it renders)."""
    pk, version = tournament_version(request, slug)
    raw = "|".join([str(pk), str(version), get_language() or "", *map(str, parts)])
    return hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()[:24]
