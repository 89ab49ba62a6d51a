"""Background jobs of the tournaments app: the Celery edge (inline without a broker).

Tasks receive ids only, load their objects themselves and are queued after the transaction that
asks for them commits. Services never import this module: the views decide what runs in the
background (``start_pairing``), and ``tournaments.signals`` asks for document rebuilds when a
tournament's version changes.
"""

from __future__ import annotations

import secrets

from celery import shared_task
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import TaskRun, Tournament
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
    transaction.on_commit(lambda: pair_round_task.delay(run.pk, override))
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
    transaction.on_commit(lambda: import_csv_task.delay(run.pk))
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


def schedule_document_rebuild(tournament_id: int) -> None:
    """Queue one rebuild of the tournament's outdated documents (sent after commit by the signals).

    Inline (no broker) nothing is queued: a document is rebuilt when it is next downloaded, so no
    request ever waits for a PDF it did not ask for. With workers, a burst of changes queues one
    rebuild ``DOCUMENT_REBUILD_DELAY`` seconds after the first.
    """
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    if cache.add(_rebuild_key(tournament_id), 1, timeout=DOCUMENT_REBUILD_DELAY * 6):
        rebuild_documents.apply_async((tournament_id,), countdown=DOCUMENT_REBUILD_DELAY)


@shared_task(name="tournaments.tasks.rebuild_documents")
def rebuild_documents(tournament_id: int) -> int:
    """Rebuild the tournament's documents that are older than its version; returns how many."""
    cache.delete(_rebuild_key(tournament_id))
    return rebuild_outdated(tournament_id)
