"""A real Celery worker process for the integration tests (marker ``worker``).

Needs ``CELERY_BROKER_URL`` (Redis) and ``DATABASE_URL`` (PostgreSQL): the worker is a separate
process, so it must reach the same test database through the network, which an in-memory
SQLite database cannot offer. ``.ci/run`` sets both.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
WORKER_START_TIMEOUT = 60  # seconds: a cold worker imports Django and all apps


def _database_url() -> str:
    """The URL of the test database this pytest process uses (test_<name>)."""
    s = connection.settings_dict
    auth = quote(s["USER"] or "", safe="")
    if s.get("PASSWORD"):
        auth += ":" + quote(s["PASSWORD"], safe="")
    host = s["HOST"] or "127.0.0.1"
    port = s["PORT"] or "5432"
    return f"postgres://{auth}@{host}:{port}/{s['NAME']}"


@pytest.fixture
def celery_worker_process(transactional_db):
    """Start ``celery -A config worker`` on a private queue against the test database; stop it after.

    Yields the queue name. The web side's Celery app sends its tasks to that queue meanwhile, so
    no other worker on the same broker can take them.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.skip("CELERY_BROKER_URL is not set: tasks run inline, there is no worker to test")
    if connection.vendor != "postgresql":
        pytest.skip("the worker integration test needs DATABASE_URL (PostgreSQL) shared with the worker")
    from config.celery import app

    queue = f"ci-{uuid.uuid4().hex[:12]}"
    env = dict(os.environ)
    env["DATABASE_URL"] = _database_url()
    env["DB_CONN_MAX_AGE"] = "0"  # let the test database be dropped as soon as the worker stops
    log_path = ROOT / "test-artifacts" / f"worker-{queue}.log"
    log_path.parent.mkdir(exist_ok=True)
    log = log_path.open("w")
    process = subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker",
            "--pool", "solo", "--queues", queue, "--hostname", f"{queue}@%h",
            "--without-gossip", "--without-mingle", "--loglevel", "INFO",
        ],
        cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    previous_queue = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    try:
        deadline = time.monotonic() + WORKER_START_TIMEOUT
        while time.monotonic() < deadline:
            if process.poll() is not None:
                pytest.fail(f"the worker exited with code {process.returncode}; see {log_path}")
            replies = app.control.ping(timeout=1.0)  # [{"<name>": {"ok": "pong"}}, ...]
            if any(name.startswith(f"{queue}@") for reply in replies for name in reply):
                break
        else:
            pytest.fail(f"the worker did not answer a ping within {WORKER_START_TIMEOUT} s; see {log_path}")
        yield queue
    finally:
        app.conf.task_default_queue = previous_queue
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()
