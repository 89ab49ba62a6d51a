"""Issue 23, fault 3: a lost document rebuild comes back, and a page says when a document is older
than the tournament. (The worker killed with SIGKILL while holding the task is reproduced with real
processes in tests/integration/test_worker_faults.py, marker ``worker``.)"""

from __future__ import annotations

import time
from unittest import mock

import pytest
from django.urls import reverse

from tournaments import tasks
from tournaments.models import Document, Tournament
from tournaments.services.documents import store_document
from tournaments.versioning import bump

pytestmark = pytest.mark.django_db


def test_the_rebuild_guard_lives_only_as_long_as_its_task_should(tournament, settings, monkeypatch):
    """Before: the guard kept later changes from queuing another rebuild while the lost one sat in
    Redis for the visibility timeout (an hour). Now it expires a minute after the countdown, and only
    its own task clears it early."""
    from django.core.cache import cache

    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(tasks, "REBUILD_GUARD_SECONDS", 1)
    with mock.patch.object(tasks.rebuild_documents, "apply_async") as queued:
        tasks.schedule_document_rebuild(tournament.pk)
        tasks.schedule_document_rebuild(tournament.pk)
        assert queued.call_count == 1
        lost_id = queued.call_args.kwargs["task_id"]
        time.sleep(1.1)  # the task was lost with its worker: the guard expires
        tasks.schedule_document_rebuild(tournament.pk)
        assert queued.call_count == 2
        # The lost task delivered late (after the visibility timeout) does not free the new guard.
        tasks.rebuild_documents.apply((tournament.pk,), task_id=lost_id)
        assert cache.get(tasks._rebuild_key(tournament.pk)) == queued.call_args.kwargs["task_id"]


def test_an_unreachable_broker_never_fails_the_change_and_the_sweep_builds_later(tournament, two_rounds, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    doc = store_document(tournament, "crosstable")
    bump(tournament.pk)
    with mock.patch.object(tasks.rebuild_documents, "apply_async", side_effect=OSError("Connection refused")):
        tasks.schedule_document_rebuild(tournament.pk)  # no exception: the change is stored
    assert tasks._queue_failed[0]
    with (mock.patch.object(tasks.rebuild_documents, "apply_async"),
          mock.patch.object(tasks.sweep_outdated_documents, "delay") as sweep):
        tasks.schedule_document_rebuild(tournament.pk)  # the broker answers again: a sweep is queued
        assert sweep.call_count == 1 and not tasks._queue_failed[0]
    from django.core.cache import cache

    assert tasks.sweep_outdated_documents() == 0, "a rebuild is queued for it: the sweep leaves it alone"
    cache.delete(tasks._rebuild_key(tournament.pk))  # that rebuild was lost (its guard expired)
    assert tasks.sweep_outdated_documents() == 1
    doc.refresh_from_db()
    assert doc.version == Tournament.objects.get(pk=tournament.pk).version


def test_the_overview_says_when_the_stored_crosstable_is_older_than_the_tournament(tournament, two_rounds, login,
                                                                                   chief_arbiter):
    store_document(tournament, "crosstable")
    client = login(chief_arbiter)
    url = reverse("tournaments:manage", args=[tournament.slug])
    assert "stale-document" not in client.get(url).content.decode()
    bump(tournament.pk)
    page = client.get(url).content.decode()
    assert "stale-document" in page and "before the tournament's last change" in page
    assert Document.objects.get(tournament=tournament).version < Tournament.objects.get(pk=tournament.pk).version


def test_a_task_that_cannot_be_queued_fails_with_a_message(tournament, staff):
    from config.tasks import selftest
    from tournaments.models import TaskRun

    run = TaskRun.objects.create(kind="selftest", created_by=staff)
    with mock.patch.object(selftest, "delay", side_effect=OSError("Error 111 connecting to redis")):
        tasks.send_or_fail(run, selftest, run.pk)
    run.refresh_from_db()
    assert run.status == "failed" and "not reachable" in run.message


def test_the_27_nov_layout_migration_marks_stored_documents_outdated_and_the_sweep_rebuilds_them(
        tournament, two_rounds):
    """Migration 0041: a PDF stored by the code before it (the match sheet's empty date, the broken
    French "Couleur") must not be served for ever in a tournament that does not change any more. The
    migration sets every stored document's version to 0 (file kept), so it is outdated (0 < the
    tournament's version) and the sweep, or the next download, builds it again with today's layout."""
    from importlib import import_module

    from django.apps import apps

    doc = store_document(tournament, "crosstable")
    current = Tournament.objects.get(pk=tournament.pk).version
    assert doc.version == current and tasks.sweep_outdated_documents() == 0  # up to date: nothing to do
    migration = import_module("tournaments.migrations.0041_documents_outdated_27nov")
    migration.mark_documents_outdated(apps, None)
    doc.refresh_from_db()
    assert doc.version == 0 and doc.file  # outdated, its file still there until it is rebuilt
    assert tasks.sweep_outdated_documents() == 1
    doc.refresh_from_db()
    assert doc.version == current
