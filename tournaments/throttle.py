"""Counting attempts in a time window: the sign-in limit and the private-link lookups in the database
(a lock-out survives a Redis restart and holds while Redis is down: issue 23, fault 4), the public
pages' render counter in the cache (a statistic, many times a second).

Keys are short hashes (``key``); a window starts at the first attempt and ends ``window`` seconds
later, when the count starts again at one. Counting is atomic on PostgreSQL and SQLite alike: a
row is locked (``select_for_update``; SQLite serialises writers) or created once (the unique key
decides between two first attempts).
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import time

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from tournaments.models import ThrottleCount

PURGE_EVERY = 200  # new windows between two deletions of expired rows
LOCK_RETRIES = 100


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
    """A key for ``kind`` and ``parts``, hashed: keys must be short and free of control characters."""
    return f"throttle:{kind}:" + hashlib.sha256("\n".join(parts).encode()).hexdigest()[:40]


_new_windows = [0]


def count(counter: str, window: int) -> int:
    """Add one attempt to ``counter``; the count in its window after it."""
    now = timezone.now()
    ends = now + datetime.timedelta(seconds=window)
    for attempt in range(LOCK_RETRIES):
        try:
            with transaction.atomic():
                row = ThrottleCount.objects.select_for_update().filter(key=counter).first()
                if row is None:
                    ThrottleCount.objects.create(key=counter, count=1, expires_at=ends)
                    _purge_now_and_then(now)
                    return 1
                if row.expires_at <= now:
                    ThrottleCount.objects.filter(pk=row.pk).update(count=1, expires_at=ends)
                    return 1
                ThrottleCount.objects.filter(pk=row.pk).update(count=F("count") + 1)
                return row.count + 1
        except IntegrityError:  # two first attempts at once: the other one created the row; count again
            continue
        except OperationalError:  # SQLite: another writer held the lock past the busy timeout
            if attempt == LOCK_RETRIES - 1:
                raise
            time.sleep(0.02)
    return current(counter)


def current(counter: str) -> int:
    """The attempts counted on ``counter`` in its window."""
    row = ThrottleCount.objects.filter(key=counter, expires_at__gt=timezone.now()).values_list("count", flat=True)
    return int(row.first() or 0)


def give_back(counter: str) -> None:
    """Take one attempt off ``counter`` (a successful one)."""
    ThrottleCount.objects.filter(key=counter, count__gt=0).update(count=F("count") - 1)


def forget(counter: str) -> None:
    ThrottleCount.objects.filter(key=counter).delete()


def _purge_now_and_then(now: datetime.datetime) -> None:
    _new_windows[0] += 1
    if _new_windows[0] % PURGE_EVERY == 0:
        ThrottleCount.objects.filter(expires_at__lte=now).delete()


def count_in_cache(cache_key: str, window: int) -> int:
    """Add one to a counter kept in the cache only (statistics such as the public pages' renders):
    ``add``/``incr`` are atomic in Redis and in the local-memory cache; a lost count harms nobody."""
    if cache.add(cache_key, 1, window):
        return 1
    with contextlib.suppress(ValueError):  # expired between add and incr, or the cache unreachable
        return int(cache.incr(cache_key))
    cache.set(cache_key, 1, window)
    return 1
