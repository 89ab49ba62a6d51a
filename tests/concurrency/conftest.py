"""Concurrency tests run only on PostgreSQL (real row locks and constraint waits); skipped on SQLite.

``race(*fns)`` runs the callables in separate threads (each with its own database connection),
released together by a barrier, and returns each one's ``Outcome`` (value or exception).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.db import connection, connections


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/concurrency/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.postgres)


@pytest.fixture(autouse=True)
def _postgres_only(request):
    if "django_db_setup" not in request.fixturenames and not request.node.get_closest_marker("django_db"):
        return
    if connection.vendor != "postgresql":
        pytest.skip("concurrency tests need PostgreSQL (set DATABASE_URL=postgres://...)")


@dataclass
class Outcome:
    value: Any = None
    error: BaseException | None = None


def race(*fns: Callable[[], Any], timeout: float = 60) -> list[Outcome]:
    """Run ``fns`` at the same moment in threads; every outcome, in order. Never hangs past ``timeout``."""
    barrier = threading.Barrier(len(fns))
    outcomes = [Outcome() for _ in fns]

    def runner(i: int, fn: Callable[[], Any]) -> None:
        try:
            barrier.wait(timeout=timeout)
            outcomes[i].value = fn()
        except BaseException as exc:  # noqa: BLE001 - reported to the test, which asserts on it
            outcomes[i].error = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=runner, args=(i, fn), daemon=True) for i, fn in enumerate(fns)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout)
        assert not t.is_alive(), "a racing thread hung (deadlock?)"
    return outcomes
