"""A task queued by a web request is executed by a real worker process, and the result shows.

Run by ``.ci/run`` with Redis and PostgreSQL: ``pytest -m worker tests/integration``.
"""

from __future__ import annotations

import os
import time

import pytest
from django.urls import reverse

pytestmark = pytest.mark.worker

RESULT_TIMEOUT = 60  # seconds


def _wait_for_done(client, url: str) -> dict:
    deadline = time.monotonic() + RESULT_TIMEOUT
    data: dict = {}
    while time.monotonic() < deadline:
        data = client.get(url).json()
        if data["status"] in ("done", "failed"):
            return data
        time.sleep(0.2)
    pytest.fail(f"the self-test task was not executed within {RESULT_TIMEOUT} s: {data}")


def test_status_page_shows_the_worker_answering(celery_worker_process, client, make_user):
    client.force_login(make_user("ops", is_staff=True))
    data = client.get(reverse("status") + "?format=json").json()
    assert data["tasks"]["mode"] == "broker"
    assert any(name.startswith(celery_worker_process) for name in data["tasks"]["workers"])
    assert data["database"]["engine"] == "postgresql"


def test_selftest_queued_by_the_web_is_executed_by_the_worker(celery_worker_process, client, make_user):
    client.force_login(make_user("ops", is_staff=True))
    response = client.post(reverse("status_selftest"), HTTP_ACCEPT="application/json")
    assert response.status_code == 202
    run_id = response.json()["id"]

    data = _wait_for_done(client, reverse("status_selftest_detail", args=[run_id]))
    assert data["status"] == "done"
    assert data["report"]["pid"] != os.getpid()  # executed by another process: the worker
    # The status page shows the finished run.
    page = client.get(reverse("status")).content.decode()
    assert "Done" in page and f"pid {data['report']['pid']}" in page
