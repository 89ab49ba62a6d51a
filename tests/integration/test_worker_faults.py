"""Issue 23, faults 2 and 3, with real processes (marker ``worker``; PostgreSQL shared with the worker):

* fault 2: Redis goes away while the worker holds a delayed task (every document rebuild is queued
  with a countdown). Before, the worker stopped with "Unrecoverable error" (kombu's channel failed to
  hand the task back); now it stays up, reconnects when Redis is back, and the delayed task it held
  still runs (Redis kept it, with its append-only file, as the compose file runs it);
* fault 3: a worker killed with SIGKILL while holding a task: another worker runs it once the
  visibility timeout has passed (set short here, ``CELERY_VISIBILITY_TIMEOUT``; 15 minutes by
  default instead of kombu's hour).

Each test runs its own ``redis-server`` on a port of its own and its own worker processes.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid

import pytest
from django.db import connection

from tests.integration.conftest import ROOT, _database_url
from tests.integration.test_redis_faults import Redis, celery_conf

pytestmark = [
    pytest.mark.worker,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
]
VISIBILITY = 8  # seconds, for these tests


class Worker:
    def __init__(self, redis: Redis, queue: str, name: str) -> None:
        env = dict(os.environ)
        env.update({"DATABASE_URL": _database_url(), "DB_CONN_MAX_AGE": "0", "CELERY_BROKER_URL": f"{redis.url}/0",
                    "CELERY_RESULT_BACKEND": "cache+memory://", "CELERY_VISIBILITY_TIMEOUT": str(VISIBILITY),
                    "REDIS_URL": ""})
        self.log_path = ROOT / "test-artifacts" / f"worker-fault-{queue}-{name}.log"
        self.log_path.parent.mkdir(exist_ok=True)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool", "prefork", "--concurrency", "1",
             "--queues", queue, "--hostname", f"{name}-{queue}@%h", "--without-gossip", "--without-mingle",
             "--loglevel", "INFO"],
            cwd=ROOT, env=env, stdout=self.log_path.open("w"), stderr=subprocess.STDOUT, start_new_session=True)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_for(self, text: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if text in self.log():
                return
            if self.process.poll() is not None:
                pytest.fail(f"the worker exited ({self.process.returncode}):\n{self.log()[-3000:]}")
            time.sleep(0.2)
        pytest.fail(f"{text!r} not in the worker's log within {seconds} s:\n{self.log()[-3000:]}")

    def kill(self) -> None:
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def broker(transactional_db, tmp_path):
    """A private Redis (append-only, as compose runs it) as the web side's broker, and a queue name."""
    if connection.vendor != "postgresql":
        pytest.skip("the worker fault tests need DATABASE_URL (PostgreSQL) shared with the worker")
    from config.celery import app

    redis = Redis(tmp_path)
    redis.persistent = True  # type: ignore[attr-defined]
    _start(redis)
    queue = f"fault-{uuid.uuid4().hex[:10]}"
    url = f"{redis.url}/0"
    try:
        with celery_conf(app, broker_url=url, broker_write_url=url, broker_read_url=url, task_always_eager=False,
                         broker_transport="config.broker:Transport", task_default_queue=queue,
                         broker_transport_options={"visibility_timeout": VISIBILITY}):
            yield redis, queue
    finally:
        redis.stop()


def _start(redis: Redis) -> None:
    """Start redis-server with an append-only file in its folder (kept across a stop and start)."""
    redis.process = subprocess.Popen(
        ["redis-server", "--port", str(redis.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
         "--dir", str(redis.folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    import socket

    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", redis.port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


def _selftest(countdown: int = 0):
    from config.tasks import selftest
    from tournaments.models import TaskRun

    run = TaskRun.objects.create(kind="selftest")
    result = selftest.apply_async((run.pk,), countdown=countdown) if countdown else selftest.delay(run.pk)
    return run, result.id


def _done_within(run, seconds: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        run.refresh_from_db()
        if run.status == "done":
            return time.monotonic() - start
        time.sleep(0.5)
    pytest.fail(f"task run {run.pk} not done within {seconds} s (status {run.status})")


def test_the_worker_survives_redis_going_away_while_it_holds_a_delayed_task(broker):
    redis, queue = broker
    worker = Worker(redis, queue, "w1")
    try:
        worker.wait_for("ready.", 60)
        held, task_id = _selftest(countdown=20)
        worker.wait_for(f"[{task_id}] received", 30)
        redis.stop()
        time.sleep(5)
        assert worker.process.poll() is None, f"the worker stopped:\n{worker.log()[-3000:]}"
        assert "Unrecoverable error" not in worker.log()
        _start(redis)
        fresh, _id = _selftest()
        print(f"a new task after Redis came back: done in {_done_within(fresh, 60):.1f} s")
        print(f"the delayed task held while Redis was away: done in {_done_within(held, 90):.1f} s")
    finally:
        worker.stop()


def test_a_task_held_by_a_worker_killed_with_sigkill_comes_back(broker):
    redis, queue = broker
    first = Worker(redis, queue, "w1")
    second = None
    try:
        first.wait_for("ready.", 60)
        run, task_id = _selftest(countdown=4)
        first.wait_for(f"[{task_id}] received", 30)
        first.kill()
        killed_at = time.monotonic()
        second = Worker(redis, queue, "w2")
        second.wait_for("ready.", 60)
        _done_within(run, VISIBILITY * 6 + 30)
        print(f"the task of the killed worker ran {time.monotonic() - killed_at:.1f} s after the kill "
              f"(visibility timeout {VISIBILITY} s)")
    finally:
        first.stop()
        if second is not None:
            second.stop()
