"""The staff status page: database engine, task mode, cache, and the task self-test."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import TaskRun

pytestmark = pytest.mark.django_db


def test_staff_sees_database_task_mode_and_cache(login, staff):
    response = login(staff).get(reverse("status"))
    assert response.status_code == 200
    body = response.content.decode()
    assert 'data-testid="db-engine">sqlite<' in body or 'data-testid="db-engine">postgresql<' in body
    assert "inline (executed in the web process)" in body
    assert "LocMemCache" in body or "RedisCache" in body


def test_status_json_reports_inline_tasks_and_a_working_cache(login, staff, settings):
    data = login(staff).get(reverse("status") + "?format=json").json()
    assert data["tasks"] == {"mode": "inline", "workers": [], "ok": True}
    assert data["cache"]["ok"] is True
    assert data["database"]["engine"] in {"sqlite", "postgresql"}


def test_outsider_is_refused_the_status_page(login, outsider):
    assert login(outsider).get(reverse("status")).status_code == 403


def test_chief_arbiter_is_refused_the_status_page(login, chief_arbiter):
    assert login(chief_arbiter).get(reverse("status")).status_code == 403


def test_anonymous_is_sent_to_login_from_the_status_page(client):
    response = client.get(reverse("status"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_selftest_runs_inline_and_shows_done(login, staff, django_capture_on_commit_callbacks):
    client = login(staff)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(reverse("status_selftest"), HTTP_ACCEPT="application/json")
    assert response.status_code == 202
    assert len(callbacks) == 1
    run = TaskRun.objects.get(pk=response.json()["id"])
    assert run.status == TaskRun.Status.DONE
    assert run.report["pid"] > 0
    detail = client.get(reverse("status_selftest_detail", args=[run.pk])).json()
    assert detail["status"] == "done"
    page = client.get(reverse("status")).content.decode()
    assert 'data-testid="selftests"' in page and "Done" in page


def test_selftest_is_not_sent_before_its_row_is_committed(login, staff, django_capture_on_commit_callbacks):
    # Without executing the on-commit callbacks the task never ran: the row stays queued.
    with django_capture_on_commit_callbacks(execute=False):
        response = login(staff).post(reverse("status_selftest"), HTTP_ACCEPT="application/json")
    assert TaskRun.objects.get(pk=response.json()["id"]).status == TaskRun.Status.QUEUED


def test_outsider_cannot_queue_a_selftest(login, outsider):
    assert login(outsider).post(reverse("status_selftest")).status_code == 403
    assert not TaskRun.objects.exists()


def test_selftest_refuses_get(login, staff):
    assert login(staff).get(reverse("status_selftest")).status_code == 405


def test_healthz_answers_ok(client):
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    assert response.content.decode().splitlines() == [
        "ok", "database: ok (sqlite)" if "sqlite" in response.content.decode() else "database: ok (postgresql)",
        "cache: ok (LocMemCache)", "broker: ok (inline)"]
    assert response["X-Health"] == "ok"


def test_broker_without_workers_is_reported_not_hidden(login, staff, settings, monkeypatch):
    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False

    class NoAnswer:
        def ping(self):
            return None

    monkeypatch.setattr(app.control, "inspect", lambda timeout: NoAnswer())
    response = login(staff).get(reverse("status"))
    assert "no worker answers" in response.content.decode()
    data = login(staff).get(reverse("status") + "?format=json").json()
    assert data["tasks"] == {"mode": "broker", "workers": [], "ok": False}


def test_unreachable_broker_is_reported_with_its_error(login, staff, settings, monkeypatch):
    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False

    def refuse(timeout):
        raise ConnectionRefusedError("Error 111 connecting to 127.0.0.1:6379")

    monkeypatch.setattr(app.control, "inspect", refuse)
    data = login(staff).get(reverse("status") + "?format=json").json()
    assert data["tasks"]["ok"] is False and "6379" in data["tasks"]["error"]


def test_answering_workers_are_listed(login, staff, settings, monkeypatch):
    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False

    class Answer:
        def ping(self):
            return {"celery@hall": {"ok": "pong"}}

    monkeypatch.setattr(app.control, "inspect", lambda timeout: Answer())
    body = login(staff).get(reverse("status")).content.decode()
    assert "celery@hall" in body and "no worker answers" not in body
