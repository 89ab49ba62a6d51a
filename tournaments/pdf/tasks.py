"""Celery tasks that build the PDFs (inline without a broker). They receive ids only.

Registered by import from ``tournaments.public.signals`` (loaded in ``TournamentsConfig.ready``).
"""

from __future__ import annotations

from celery import shared_task


@shared_task(name="tournaments.pdf.rebuild_documents")
def rebuild_documents(tournament_id: int) -> int:
    """Rebuild the stale documents of a tournament; returns how many were rebuilt."""
    from tournaments.services.documents import rebuild_stale

    return rebuild_stale(tournament_id)


@shared_task(name="tournaments.pdf.build_document")
def build_document(tournament_id: int, kind: str, round_number: int | None = None) -> int:
    """Build and store one document; returns its ``Document`` id."""
    from tournaments.models import Tournament
    from tournaments.services.documents import store_document

    t = Tournament.objects.get(pk=tournament_id)
    return store_document(t, kind, round_number).pk
