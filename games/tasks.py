"""Background jobs of the games app (Celery; inline without a broker).

Tasks receive ids and load their objects; progress and the final report live on ``TaskRun``.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.files.storage import default_storage
from django.db import transaction

from games.services.pdn_import import decode_upload, import_pdn_text
from tournaments.models import TaskRun

log = logging.getLogger(__name__)
PDN_IMPORT = "pdn_import"


def queue_pdn_import(task: TaskRun) -> None:
    """Queue the import once the TaskRun row is committed."""
    transaction.on_commit(lambda: import_pdn_task.delay(task.pk))


@shared_task
def import_pdn_task(task_id: int) -> None:
    """Run a PDN import recorded in TaskRun ``task_id`` (report keys: file, source, round)."""

    task = TaskRun.begin(task_id)
    if task is None or task.tournament is None:
        return  # finished already, or delivered too often (it failed with a message)
    meta = dict(task.report or {})
    last = [-1]

    def progress(done: int, total: int) -> None:
        pct = 100 if not total else int(done * 100 / total)
        if pct != last[0]:
            last[0] = pct
            TaskRun.objects.filter(pk=task.pk).update(progress=pct)

    try:
        with default_storage.open(meta["source"], "rb") as fh:
            text = decode_upload(fh.read())
        report = import_pdn_text(task.tournament, text, task.created_by, default_round=meta.get("round"),
                                 progress=progress)
    except Exception as exc:  # the report must say what went wrong instead of leaving the task running
        log.exception("PDN import %s failed", task_id)
        TaskRun.objects.filter(pk=task.pk).update(status=TaskRun.Status.FAILED, message=str(exc)[:500])
        return
    finally:
        # The upload is read once; the report (kept in TaskRun) is what stays, so MEDIA_ROOT does not fill up.
        _delete_upload(meta.get("source"))
    report.update({"file": meta.get("file", ""), "round": meta.get("round")})
    try:
        TaskRun.objects.filter(pk=task.pk).update(status=TaskRun.Status.DONE, progress=100, report=report,
                                                  message=f"{len(report['stored'])}/{report['total']}")
    except Exception as exc:  # e.g. a report the database cannot store: the task must not stay "running"
        log.exception("PDN import %s: the report could not be saved", task_id)
        TaskRun.objects.filter(pk=task.pk).update(status=TaskRun.Status.FAILED, message=str(exc)[:500])


def _delete_upload(path: str | None) -> None:
    """Delete an uploaded file under ``pdn-imports/``; a missing file or a storage error is only logged."""
    if not path or not str(path).startswith("pdn-imports/"):
        return
    try:
        default_storage.delete(path)
    except OSError:
        log.warning("could not delete the PDN upload %s", path, exc_info=True)
