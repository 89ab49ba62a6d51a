"""Background jobs of the tournaments app: the Celery edge (inline without a broker).

Tasks receive ids only, load their objects themselves and are queued after the transaction that
asks for them commits. Services never import this module: the views decide what runs in the
background (``start_pairing``), and ``tournaments.signals`` asks for document rebuilds when a
tournament's version changes.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import uuid
from typing import Any

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from tournaments.models import Document, TaskRun, Tournament
from tournaments.services.csv_import import (
    BACKGROUND_LINES,
    MAX_BYTES,
    ImportReport,
    import_players_csv,
    parse_players_csv,
)
from tournaments.services.documents import rebuild_outdated
from tournaments.services.errors import ServiceError
from tournaments.services.pairing import PairingOutcome, pair_round

log = logging.getLogger(__name__)
CSV_IMPORT = "csv_import"
LARGE_PAIRING = 100  # players: above this, pairing runs as a background task with progress
# A burst of results (a round ending) rebuilds the documents once, this many seconds after the first.
DOCUMENT_REBUILD_DELAY = 10


def start_pairing(
    tournament: Tournament, actor: User | AnonymousUser, *, override: bool = False
) -> PairingOutcome | TaskRun:
    """Pair inline, or for more than ``LARGE_PAIRING`` players queue a task and return its ``TaskRun``."""
    if tournament.entries.count() <= LARGE_PAIRING:
        return pair_round(tournament, actor, override=override)
    run = TaskRun.objects.create(
        tournament=tournament, kind="pair_round", created_by=actor if actor.is_authenticated else None
    )
    queue_after_commit(run, pair_round_task, run.pk, override)
    return run


def _update(run_id: int, **fields: object) -> None:
    TaskRun.objects.filter(pk=run_id).update(**fields)


@shared_task(name="tournaments.tasks.pair_round_task")
def pair_round_task(run_id: int, override: bool = False) -> dict[str, object]:
    """Pair the next round of the run's tournament; the report holds the round number or the refusal."""
    run = TaskRun.begin(run_id)
    if run is None or run.tournament is None:
        return {"error": "not started"}
    tournament = run.tournament
    _update(run_id, progress=1, message=_("Started"))

    def progress(pct: int, message: str) -> None:
        _update(run_id, progress=max(1, min(pct, 99)), message=message)

    try:
        outcome = pair_round(tournament, run.created_by, override=override, progress=progress)
    except ServiceError as exc:
        report: dict[str, object] = {"error": str(exc), "details": exc.details}
        _update(run_id, status=TaskRun.Status.FAILED, progress=100, message=str(exc), report=report)
        return report
    except Exception:
        # A bug, not a refusal: the run must not stay "running" for ever on the arbiter's page.
        # Nothing was stored (pair_round is one transaction); the error is re-raised for the logs.
        message = _("Pairing failed because of an internal error; nothing was stored. Please try again or report it.")
        _update(run_id, status=TaskRun.Status.FAILED, progress=100, message=message, report={"error": message})
        raise
    report = {"round": outcome.round.number, "warnings": list(outcome.warnings)}
    _update(
        run_id,
        status=TaskRun.Status.DONE,
        progress=100,
        message=_("Round %(n)s paired") % {"n": outcome.round.number},
        report=report,
    )
    return report


def start_csv_import(
    tournament: Tournament, actor: User | AnonymousUser, data: bytes, filename: str
) -> ImportReport | TaskRun:
    """Import a CSV player list inline, or, beyond ``BACKGROUND_LINES`` lines, as a task with progress.

    The file is kept (private storage) only until the task has read it.
    """
    if data.count(b"\n") <= BACKGROUND_LINES:
        return import_players_csv(actor, tournament, data)
    parse_players_csv(data)  # a file that cannot be read at all is refused here, before queueing
    path = default_storage.save(f"csv-imports/{secrets.token_hex(12)}.csv", ContentFile(data))
    run = TaskRun.objects.create(
        tournament=tournament, kind=CSV_IMPORT, report={"source": path, "file": filename[:200]},
        created_by=actor if isinstance(actor, User) else None,
    )
    queue_after_commit(run, import_csv_task, run.pk)
    return run


@shared_task(name="tournaments.tasks.import_csv_task")
def import_csv_task(run_id: int) -> None:
    """Run a CSV import recorded in TaskRun ``run_id``; the report lands on the run."""
    run = TaskRun.begin(run_id)
    if run is None or run.tournament is None:
        return
    source = str(run.report.get("source", ""))

    def progress(done: int, total: int) -> None:
        _update(run_id, progress=max(1, min(99, done * 100 // max(total, 1))),
                message=_("%(done)s of %(total)s lines") % {"done": done, "total": total})

    try:
        with default_storage.open(source, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
        report = import_players_csv(run.created_by, run.tournament, data, progress)
    except ServiceError as exc:
        _update(run_id, status=TaskRun.Status.FAILED, progress=100, message=str(exc),
                report={**run.report, "error": str(exc)})
        return
    finally:
        if source.startswith("csv-imports/"):
            default_storage.delete(source)
    _update(run_id, status=TaskRun.Status.DONE, progress=100,
            message=_("Players imported: %(ok)s. Lines rejected: %(bad)s.")
            % {"ok": len(report.imported), "bad": len(report.rejected)},
            report={**run.report, "csv": report.as_dict()})


def _rebuild_key(tournament_id: int) -> str:
    return f"documents:rebuild-queued:{tournament_id}"


# The "rebuild queued" guard lives as long as its task should: the countdown, and a minute for the
# worker to take it. A rebuild lost with its worker (killed, out of memory) frees the guard then, and
# ``sweep_outdated_documents`` (every ``SWEEP_SECONDS`` on the beat, and when a worker starts) builds
# what it left outdated; the broker itself hands the task to another worker after the visibility
# timeout (``CELERY_VISIBILITY_TIMEOUT``).
REBUILD_GUARD_SECONDS = DOCUMENT_REBUILD_DELAY + 60
SWEEP_SECONDS = 120
_queue_failed = [False]  # this process could not queue a rebuild (broker unreachable) since the last success


def schedule_document_rebuild(tournament_id: int) -> None:
    """Queue one rebuild of the tournament's outdated documents (sent after commit by the signals).

    Inline (no broker) nothing is queued: a document is rebuilt when it is next downloaded, so no
    request ever waits for a PDF it did not ask for. With workers, a burst of changes queues one
    rebuild ``DOCUMENT_REBUILD_DELAY`` seconds after the first. Never raises: this runs after the
    change has been committed, and an unreachable broker or cache must not turn a stored result into
    an error page (issue 23, fault 1); the documents then stay outdated until the next sweep (they are
    rebuilt on download meanwhile).
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    key = _rebuild_key(tournament_id)
    task_id = uuid.uuid4().hex
    try:
        if not cache.add(key, task_id, timeout=REBUILD_GUARD_SECONDS):
            return
        rebuild_documents.apply_async((tournament_id,), countdown=DOCUMENT_REBUILD_DELAY, task_id=task_id)
        if _queue_failed[0]:
            _queue_failed[0] = False
            sweep_outdated_documents.delay()
    except Exception as exc:  # noqa: BLE001 - whatever the broker or cache raised, the change is stored
        _queue_failed[0] = True
        with contextlib.suppress(Exception):
            cache.delete(key)
        log.warning("document rebuild of tournament %s not queued (%s); the sweep will build it", tournament_id,
                    exc)


@shared_task(name="tournaments.tasks.rebuild_documents", bind=True)
def rebuild_documents(self: Any, tournament_id: int) -> int:
    """Rebuild the tournament's documents that are older than its version; returns how many. Frees
    the guard only if it is this task's own (a newer one may have been queued meanwhile)."""
    key = _rebuild_key(tournament_id)
    if cache.get(key) == self.request.id:
        cache.delete(key)
    return rebuild_outdated(tournament_id)


@shared_task(name="tournaments.tasks.sweep_outdated_documents")
def sweep_outdated_documents() -> int:
    """Rebuild the outdated documents of every tournament without a rebuild queued; how many."""
    ids = (Document.objects.filter(version__lt=F("tournament__version"))
           .values_list("tournament_id", flat=True).distinct())
    done = 0
    for tournament_id in sorted(set(ids)):
        if cache.get(_rebuild_key(tournament_id)) is None:
            done += rebuild_outdated(tournament_id)
    return done


@worker_ready.connect(dispatch_uid="sweep_outdated_documents_on_start")
def _sweep_on_start(sender: Any = None, **kwargs: Any) -> None:
    """A worker that starts (after a crash, a deploy, Redis coming back) builds what was left outdated."""
    with contextlib.suppress(Exception):
        sweep_outdated_documents.delay()


def send_or_fail(run: TaskRun, task: Any, *args: Any) -> None:
    """Send ``task(*args)`` now (call it after commit); when the broker is unreachable mark ``run``
    failed with a message the page shows, instead of a 500 after the commit and a run queued for ever."""
    try:
        task.delay(*args)
    except Exception as exc:  # noqa: BLE001 - the broker's own errors vary (kombu, redis, OSError)
        log.warning("task %s of run %s not queued: %s", getattr(task, "name", task), run.pk, exc)
        message = _("The background task queue is not reachable; nothing was done. Please try again in a minute.")
        TaskRun.objects.filter(pk=run.pk).update(status=TaskRun.Status.FAILED, progress=100, message=message,
                                                 report={**(run.report or {}), "error": message})


def queue_after_commit(run: TaskRun, task: Any, *args: Any) -> None:
    """``send_or_fail`` once the transaction that created ``run`` commits."""
    transaction.on_commit(lambda: send_or_fail(run, task, *args))
