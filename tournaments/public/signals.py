"""Keep built documents current: a changed result or round marks them stale and queues a rebuild.

Connected on import (``tournaments.apps.TournamentsConfig.ready`` imports this module).
Each handler costs one UPDATE, and queues nothing when the tournament has no documents yet.
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import Document, Round
from tournaments.pdf import tasks  # noqa: F401 - registers the Celery tasks


def mark_stale(tournament_id: int, round_number: int | None = None) -> int:
    # Imported late: building documents pulls in reportlab, not needed to load the app.
    from tournaments.services.documents import mark_stale as mark

    return mark(tournament_id, round_number)


@receiver(post_save, sender=Round, dispatch_uid="public_docs_round_saved")
@receiver(post_delete, sender=Round, dispatch_uid="public_docs_round_deleted")
def round_changed(sender: type, instance: Round, **kwargs: Any) -> None:
    """A round was published, finished, changed or removed: its documents and the crosstable go stale."""
    # Also for drafts: a round set back to draft leaves the crosstable (the stale rebuild then
    # drops that round's own documents).
    mark_stale(instance.tournament_id, instance.number)


def _result_changed(sender: type, instance: Any, **kwargs: Any) -> None:
    """A confirmed result changed (confirmed, superseded, deleted): the tournament's documents go stale."""
    from games.models import ResultSubmission

    created = kwargs.get("created", False)
    if instance.status == ResultSubmission.Status.PENDING and created:
        return  # a new pending submission changes nothing printed
    if instance.status in (ResultSubmission.Status.PENDING, ResultSubmission.Status.REJECTED):
        return
    # One UPDATE through the joins: no need to load the game, board or round.
    docs = Document.objects.filter(tournament__rounds__boards__game=instance.game_id, stale=False)
    ids = list(docs.values_list("tournament_id", flat=True).distinct()[:1])
    if ids:
        mark_stale(ids[0])


def connect() -> None:
    """Connect the result handlers (games is a separate app; import it late)."""
    from games.models import ResultSubmission

    post_save.connect(_result_changed, sender=ResultSubmission, dispatch_uid="public_docs_result_saved")
    post_delete.connect(_result_changed, sender=ResultSubmission, dispatch_uid="public_docs_result_deleted")


connect()
