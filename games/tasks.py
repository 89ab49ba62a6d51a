"""Background jobs of the games app (Celery; inline without a broker).

Tasks receive ids and load their objects; progress and the final report live on ``TaskRun``.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.cache import cache
from django.core.files.storage import default_storage
from django.utils.translation import gettext as _

from games.services.archive import ArchiveDocument, import_archive, may_import
from games.services.archive_zip import ArchiveError
from games.services.pdn_import import decode_upload, import_pdn_text
from tournaments.models import TaskRun, Tournament
from tournaments.tasks import queue_after_commit

log = logging.getLogger(__name__)
PDN_IMPORT = "pdn_import"


def queue_pdn_import(task: TaskRun) -> None:
    """Queue the import once the TaskRun row is committed."""
    queue_after_commit(task, import_pdn_task, task.pk)


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


def _delete_upload(path: str | None, folder: str = "pdn-imports/") -> None:
    """Delete an uploaded file under ``folder``; a missing file or a storage error is only logged."""
    if not path or not str(path).startswith(folder):
        return
    try:
        default_storage.delete(path)
    except OSError:
        log.warning("could not delete the upload %s", path, exc_info=True)


ARCHIVE_IMPORT = "archive_import"
PROGRESS_SECONDS = 600


def _progress_key(run_id: int) -> str:
    return f"taskrun-progress:{run_id}"


def task_progress(run: TaskRun) -> tuple[int, str]:
    """(percent, message) of a run: while it runs, what its worker last said through the cache (an import
    writes inside its one transaction, where the run's own row cannot show progress to others)."""
    if run.status == TaskRun.Status.RUNNING:
        said = cache.get(_progress_key(run.pk))
        if isinstance(said, tuple) and len(said) == 2 and int(said[0]) >= run.progress:
            return int(said[0]), str(said[1])
    return run.progress, run.message


def queue_archive_import(run: TaskRun) -> None:
    """Queue the archive import of ``run`` once its row is committed."""
    queue_after_commit(run, import_archive_task, run.pk)


@shared_task(name="games.tasks.import_archive_task")
def import_archive_task(run_id: int) -> None:
    """Import the archive of TaskRun ``run_id`` (report keys: source, file); the report, the lines to
    show and the tournament land on the run. A refused archive stores nothing and fails the run with
    the reason; the uploaded file is deleted either way."""
    run = TaskRun.begin(run_id)
    if run is None:
        return
    meta = dict(run.report or {})
    source = str(meta.get("source", ""))
    actor = run.created_by

    def progress(pct: int, message: str) -> None:
        cache.set(_progress_key(run_id), (max(1, min(pct, 99)), message), PROGRESS_SECONDS)

    def allowed(doc: ArchiveDocument) -> None:
        if not may_import(actor, doc):
            raise ArchiveError(_("You may not import this archive: a chief arbiter updates only their own "
                                 "tournament; creating one needs the right to create tournaments."))

    try:
        with default_storage.open(source, "rb") as fh:
            report = import_archive(fh, actor, check=allowed, progress=progress)
    except (ArchiveError, OSError) as exc:
        message = str(exc) if isinstance(exc, ArchiveError) else _("The uploaded file is gone: %(error)s") % {
            "error": exc}
        TaskRun.objects.filter(pk=run_id).update(status=TaskRun.Status.FAILED, progress=100, message=message[:2000],
                                                 report={**meta, "error": message[:2000]})
        return
    except Exception:
        message = _("The import failed because of an internal error; nothing was stored. Please report it.")
        TaskRun.objects.filter(pk=run_id).update(status=TaskRun.Status.FAILED, progress=100, message=message,
                                                 report={**meta, "error": message})
        raise
    finally:
        _delete_upload(source, "archive-imports/")
        cache.delete(_progress_key(run_id))
    tournament = Tournament.objects.filter(slug=report.slug).first()
    TaskRun.objects.filter(pk=run_id).update(
        status=TaskRun.Status.DONE, progress=100, tournament=tournament, message="; ".join(report.lines())[:2000],
        report={**meta, **report.as_dict()})
