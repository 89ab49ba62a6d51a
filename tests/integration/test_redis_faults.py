"""Issue 23, faults 1 and 4: Redis stopped, paused and started again under a signed-in site.

A real ``redis-server`` on a port of its own is the cache (``config.cache.ResilientRedisCache``), the
session store's cache (``cached_db``) and the Celery broker (the web only queues; no worker needed).
Skipped where ``redis-server`` is not installed (``.ci/run`` installs it).

* Redis down: signed-in pages, the standings and a result submission answer as usual (the
  submission is stored and answered with its redirect, not a 500 from the rebuild queued after
  commit); ``/healthz`` says the cache and the broker are down; documents are still built on download.
* Redis paused (``SIGSTOP``: connections hang rather than fail) while a player signs out: when it
  answers again, the session it still holds does not sign anybody in.
* Sign-in lock-out: counted in the database, so a Redis that restarts empty does not lift it.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
]


class Redis:
    """A throw-away redis-server (no persistence: a restart starts empty, the worst case)."""

    def __init__(self, folder: Path) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def pause(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)


@pytest.fixture
def redis_site(settings, tmp_path) -> Iterator[Redis]:
    """The site configured as in production for its Redis parts, on a private redis-server."""
    from config import cache as resilient
    from tournaments import tasks

    server = Redis(tmp_path)
    server.start()
    settings.CACHES = {"default": {"BACKEND": "config.cache.ResilientRedisCache", "LOCATION": f"{server.url}/1"}}
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = f"{server.url}/0"
    from config.celery import app

    url = f"{server.url}/0"
    # task_publish_retry off: fail at once when Redis is down (production retries briefly).
    with celery_conf(app, broker_url=url, broker_write_url=url, broker_read_url=url, task_always_eager=False,
                     broker_transport="config.broker:Transport", task_publish_retry=False):
        old_retry = resilient.RETRY_SECONDS
        resilient.RETRY_SECONDS = 0.5
        tasks._queue_failed[0] = False
        try:
            yield server
        finally:
            resilient.RETRY_SECONDS = old_retry
            server.stop()


@pytest.fixture
def game(published_round):
    from games.services.games import game_for_board

    return game_for_board(published_round.boards.get(number=1))


def _fresh_pools(app) -> None:
    """Forget the app's broker connection pools: the next task is sent with the current settings."""
    app._pool = None
    app.amqp._producer_pool = None


@contextlib.contextmanager
def celery_conf(app, **values) -> Iterator[None]:
    """The Celery app's settings ``values`` inside, the previous ones after (and fresh pools each time)."""
    changes = app.conf.changes  # the layer over Django's settings that setattr writes to
    previous = {name: changes[name] for name in values if name in changes}
    for name, value in values.items():
        setattr(app.conf, name, value)
    _fresh_pools(app)
    try:
        yield
    finally:
        for name in values:  # back to what the settings say (or to an earlier change)
            if name in previous:
                changes[name] = previous[name]
            else:
                changes.pop(name, None)
        _fresh_pools(app)


def _pages(client, tournament, game) -> dict[str, int]:
    return {
        "home": client.get(reverse("home")).status_code,
        "my games": client.get(reverse("games:my_games", args=[tournament.slug])).status_code,
        "standings": client.get(reverse("public:standings", args=[tournament.slug])).status_code,
        "game": client.get(reverse("games:game", args=[game.pk])).status_code,
    }


def test_the_site_works_from_the_database_while_redis_is_down(redis_site, client, tournament, player, game,
                                                              django_capture_on_commit_callbacks):
    from games.models import ResultSubmission
    from tournaments.models import Document

    client.force_login(player)
    assert set(_pages(client, tournament, game).values()) == {200}
    assert client.get(reverse("healthz")).content.decode().splitlines()[2:] == [
        "cache: ok (redis)", "broker: ok (redis)"]
    redis_site.stop()
    assert set(_pages(client, tournament, game).values()) == {200}, "signed-in pages while Redis is down"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("games:submit", args=[game.pk]), {"result": "2-0"})
    assert response.status_code == 302, "a stored submission is answered as usual"
    assert ResultSubmission.objects.filter(game=game, result="2-0").exists()
    health = client.get(reverse("healthz"))
    text = health.content.decode()
    assert health.status_code == 200 and text.startswith("ok\n")
    assert "cache: down" in text and "broker: down" in text and health["X-Health"] == "degraded: cache, broker"
    pdf = client.get(reverse("public:document", args=[tournament.slug, "crosstable"]))
    assert pdf.status_code in (200, 404)  # built on download (404 only where the crosstable is not public)
    redis_site.start()  # back, and empty
    time.sleep(0.6)
    assert set(_pages(client, tournament, game).values()) == {200}
    assert "cache: ok" in client.get(reverse("healthz")).content.decode()
    assert Document.objects.count() >= 0


def test_a_session_ended_while_redis_hung_does_not_come_back(redis_site, client, player, tournament, game):
    """Signed in (the session cached in Redis), Redis paused, signed out (the database forgets the
    session; Redis cannot be told), Redis resumed with its data: the old cookie is not signed in."""
    client.force_login(player)
    assert client.get(reverse("games:my_games", args=[tournament.slug])).status_code == 200
    cookie = client.cookies["sessionid"].value
    redis_site.pause()
    try:
        client.post(reverse("logout"))
    finally:
        redis_site.resume()
    time.sleep(0.6)
    client.cookies["sessionid"] = cookie
    response = client.get(reverse("games:my_games", args=[tournament.slug]))
    assert response.status_code == 302 and "login" in response["Location"], "the ended session signed in again"


def test_a_sign_in_lock_out_survives_redis_restarting_empty(redis_site, client, make_user, settings):
    """Fault 4: the failed attempts are counted in the database; a Redis restart changes nothing."""
    settings.LOGIN_RATE_LIMIT = 3
    make_user("victim")

    def attempt(password: str) -> int:
        return client.post(reverse("login"), {"username": "victim", "password": password}).status_code

    for _ in range(3):
        assert attempt("wrong") == 200
    assert attempt("wrong") == 429
    redis_site.stop()
    redis_site.start()
    time.sleep(0.6)
    assert attempt("wrong") == 429, "the lock-out was lifted by a Redis restart"
