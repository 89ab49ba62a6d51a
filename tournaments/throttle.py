"""Counting in a time window, shared by all web processes through the cache (local memory by default,
Redis with ``REDIS_URL``): the sign-in limit, the private-link lookups, the public pages' renders."""

from __future__ import annotations

import contextlib
import hashlib

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The client's address: ``REMOTE_ADDR``, or the header the reverse proxy sets (``REAL_IP_HEADER``)."""
    header = getattr(settings, "REAL_IP_HEADER", "")
    if header:
        value: str = request.META.get(header, "")
        if value:
            # X-Forwarded-For may hold a chain; the proxy appends the address it saw last.
            return value.split(",")[-1].strip()
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def key(kind: str, *parts: str) -> str:
    """A cache key for ``kind`` and ``parts``, hashed: keys must be short and free of control characters."""
    return f"throttle:{kind}:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()[:40]


def count(cache_key: str, window: int) -> int:
    """Add one attempt to ``cache_key`` atomically (``add``/``incr`` are atomic in Redis and in the
    local-memory cache); the count after it. The window starts at the first attempt."""
    if cache.add(cache_key, 1, window):
        return 1
    try:
        return int(cache.incr(cache_key))
    except ValueError:  # expired between add and incr
        cache.set(cache_key, 1, window)
        return 1


def current(cache_key: str) -> int:
    """The attempts counted on ``cache_key`` in its window."""
    return int(cache.get(cache_key) or 0)


def give_back(cache_key: str) -> None:
    """Take one attempt off ``cache_key`` (a successful one)."""
    with contextlib.suppress(ValueError):  # expired meanwhile
        cache.decr(cache_key)


def forget(cache_key: str) -> None:
    cache.delete(cache_key)
