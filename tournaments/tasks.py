"""Background jobs of the tournament arbiter pages (Celery; inline without a broker).

Tasks receive ids only and load their objects themselves; progress goes to the ``TaskRun`` row,
which the arbiter's page polls (htmx).
"""

from __future__ import annotations

from celery import shared_task
from django.utils.translation import gettext as _

from tournaments.models import TaskRun


def _update(run_id: int, **fields) -> None:
    TaskRun.objects.filter(pk=run_id).update(**fields)


@shared_task(name="tournaments.tasks.pair_round_task")
def pair_round_task(run_id: int, override: bool = False) -> dict[str, object]:
    """Pair the next round of the run's tournament; the report holds the round number or the refusal."""
    from tournaments.services.errors import ServiceError
    from tournaments.services.pairing import pair_round

    run = TaskRun.objects.select_related("tournament", "created_by").get(pk=run_id)
    _update(run_id, status=TaskRun.Status.RUNNING, progress=1, message=_("Started"))

    def progress(pct: int, message: str) -> None:
        _update(run_id, progress=max(1, min(pct, 99)), message=message)

    try:
        outcome = pair_round(run.tournament, run.created_by, override=override, progress=progress)
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
