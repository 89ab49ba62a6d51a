"""The public pages' view of a tournament's version (``Tournament.version``, see ``tournaments.versioning``).

It is the ETag of the live fragments (htmx polls answered 304 while nothing changed) and the key
of the cached results and standings.
"""

from __future__ import annotations

import hashlib

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language

from tournaments.models import Tournament

_ATTR = "_public_tournament"


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


def etag_for(request: HttpRequest, slug: str, *parts: object) -> str:
    """The ETag of a live fragment: tournament and version, language and the fragment's own parts."""
    t = tournament_for_request(request, slug)
    raw = "|".join([str(t.pk), str(t.version), get_language() or "", *map(str, parts)])
    return hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()[:24]
