"""The Redis cache, degrading to "nothing cached" when Redis is unreachable (issue 23, fault 1).

Everything the cache holds can be rebuilt from the database: rendered public pages, computed
standings, sessions (``cached_db``: the database keeps them). So a connection error is a cache miss,
not an error page: a read answers "not there", a write is dropped, ``add`` answers "added" (the caller
goes ahead as if it held the lock: it renders, it queues), ``incr`` answers "no such key". After an
error the process leaves Redis alone for ``RETRY_SECONDS`` (each request would otherwise wait for
its own failed connection), then tries again.

Keys written or deleted while Redis was unreachable may hold stale values there when it comes back
with its data (a session ended meanwhile, a page of an older version): the process remembers them
(at most ``MAX_REMEMBERED``) and deletes them first thing when Redis answers again.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0
MAX_REMEMBERED = 10_000
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, ConnectionError, TimeoutError, OSError)
T = TypeVar("T")


class ResilientRedisCache(RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` that never raises for an unreachable Redis."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        options = dict(params.get("OPTIONS") or {})
        # Fail fast: a request must not wait seconds for a Redis that is not there.
        options.setdefault("socket_connect_timeout", 0.5)
        options.setdefault("socket_timeout", 1.0)
        super().__init__(server, {**params, "OPTIONS": options})
        self._lock = threading.Lock()
        self._down_until = 0.0
        self._stale: set[str] = set()
        self.last_error = ""

    # state -------------------------------------------------------------------------------
    def available(self) -> bool:
        """Whether Redis answers a PING now (the health endpoint asks; ignores the pause)."""
        try:
            self._client().get_client(write=True).ping()
        except UNREACHABLE as exc:
            self.last_error = str(exc)
            return False
        return True

    def _failed(self, exc: BaseException, keys: Iterable[str] = ()) -> None:
        with self._lock:
            if time.monotonic() >= self._down_until:
                log.warning("Redis cache unreachable, serving without it for %s s: %s", RETRY_SECONDS, exc)
            self._down_until = time.monotonic() + RETRY_SECONDS
            self.last_error = str(exc)
            for key in keys:
                if len(self._stale) < MAX_REMEMBERED:
                    self._stale.add(key)

    def _run(self, default: T, work: Callable[[], T], keys: Iterable[str] = ()) -> T:
        if time.monotonic() < self._down_until:
            with self._lock:
                for key in keys:
                    if len(self._stale) < MAX_REMEMBERED:
                        self._stale.add(key)
            return default
        try:
            if self._stale:
                self._forget_stale()
            return work()
        except UNREACHABLE as exc:
            self._failed(exc, keys)
            return default

    def _forget_stale(self) -> None:
        with self._lock:
            keys, self._stale = list(self._stale), set()
        try:
            if keys:
                self._client().delete_many(keys)  # already made keys
        except UNREACHABLE:
            with self._lock:
                self._stale.update(keys[:MAX_REMEMBERED])
            raise
        log.info("Redis cache answers again; %d key(s) written or deleted meanwhile were deleted", len(keys))

    def _client(self) -> Any:
        """Django's RedisCacheClient (``RedisCache._cache``, which the type stubs do not declare)."""
        return self.__dict__.get("_cache") or getattr(self, "_cache")  # noqa: B009

    def _made(self, key: str, version: int | None) -> str:
        return self.make_and_validate_key(key, version=version)

    # the cache API -----------------------------------------------------------------------
    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        return self._run(default, lambda: super(ResilientRedisCache, self).get(key, default, version))

    def set(self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        self._run(None, lambda: super(ResilientRedisCache, self).set(key, value, timeout, version),
                  [self._made(key, version)])

    def add(self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._run(True, lambda: super(ResilientRedisCache, self).add(key, value, timeout, version),
                         [self._made(key, version)])

    def touch(self, key: str, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._run(False, lambda: super(ResilientRedisCache, self).touch(key, timeout, version))

    def delete(self, key: str, version: int | None = None) -> bool:
        return self._run(False, lambda: super(ResilientRedisCache, self).delete(key, version),
                         [self._made(key, version)])

    def get_many(self, keys: Iterable[str], version: int | None = None) -> dict[str, Any]:
        return self._run({}, lambda: super(ResilientRedisCache, self).get_many(keys, version))

    def set_many(self, data: dict[str, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> list[str]:
        return self._run(list(data), lambda: super(ResilientRedisCache, self).set_many(data, timeout, version),
                         [self._made(k, version) for k in data])

    def delete_many(self, keys: Iterable[str], version: int | None = None) -> None:
        keys = list(keys)
        self._run(None, lambda: super(ResilientRedisCache, self).delete_many(keys, version),
                  [self._made(k, version) for k in keys])

    def has_key(self, key: str, version: int | None = None) -> bool:
        return self._run(False, lambda: super(ResilientRedisCache, self).has_key(key, version))

    def incr(self, key: str, delta: int = 1, version: int | None = None) -> int:
        def work() -> int:
            return super(ResilientRedisCache, self).incr(key, delta, version)

        if time.monotonic() < self._down_until:
            raise ValueError(f"Key '{key}' not found (the Redis cache is unreachable)")
        try:
            return work()
        except UNREACHABLE as exc:
            self._failed(exc, [self._made(key, version)])
            raise ValueError(f"Key '{key}' not found (the Redis cache is unreachable)") from exc

    def clear(self) -> None:
        self._run(None, lambda: super(ResilientRedisCache, self).clear())
