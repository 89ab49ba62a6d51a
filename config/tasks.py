"""Site-wide background tasks.

``selftest`` proves the task path end to end: the status page queues it after its
transaction commits, a worker (or the web process itself, in inline mode) executes it and
marks the ``TaskRun`` row done, and the status page shows the result.
"""

from __future__ import annotations

import os
import socket

from celery import shared_task
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone

from tournaments.models import TaskRun
from tournaments.tasks import queue_after_commit

SELFTEST_KIND = "selftest"


def queue_selftest(user: User | AnonymousUser) -> TaskRun:
    """Create a queued self-test ``TaskRun`` and send the task once the row is committed.

    The task receives only the id: a worker never sees a row that does not exist yet.
    """
    run = TaskRun.objects.create(kind=SELFTEST_KIND, created_by=user if user.is_authenticated else None)
    queue_after_commit(run, selftest, run.pk)
    return run


@shared_task(name="config.tasks.selftest")
def selftest(run_id: int) -> dict[str, object]:
    """Mark the self-test run ``run_id`` done and record who executed it (host and process)."""
    report: dict[str, object] = {
        "host": socket.gethostname(),
        "pid": os.getpid(),
        "finished_at": timezone.now().isoformat(),
    }
    with transaction.atomic():
        run = TaskRun.objects.select_for_update().get(pk=run_id)
        run.status = TaskRun.Status.DONE
        run.progress = 100
        run.message = "self-test executed"
        run.report = report
        run.save(update_fields=["status", "progress", "message", "report", "updated_at"])
    return report
