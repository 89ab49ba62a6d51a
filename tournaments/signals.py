"""The edge's one listener (connected in ``TournamentsConfig.ready``): a tournament whose version moved
(``tournaments.versioning.tournament_changed``, sent after commit) gets its stale documents rebuilt in the
background (``tournaments.tasks.schedule_document_rebuild``).

No model signal is used: what changes a tournament's pages is an audited service action, and the audit
call advances the version (``tournaments.audit.record``)."""

from __future__ import annotations

from typing import Any

from tournaments import tasks
from tournaments.versioning import tournament_changed


def _rebuild_documents(sender: type, tournament_id: int, **kwargs: Any) -> None:
    tasks.schedule_document_rebuild(tournament_id)


def connect() -> None:
    """Connect the receiver (idempotent: it has a dispatch uid)."""
    tournament_changed.connect(_rebuild_documents, dispatch_uid="rebuild_documents")
