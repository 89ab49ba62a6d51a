"""Signal wiring of the tournaments app (connected in ``TournamentsConfig.ready``).

Every change of a model a tournament's pages or documents show bumps the tournament's version
(``tournaments.versioning``); a changed tournament gets its stale documents rebuilt in the
background (``tournaments.tasks.schedule_document_rebuild``).
"""

from __future__ import annotations

from typing import Any

from django.db.models.signals import post_delete, post_save

from tournaments import tasks
from tournaments.models import Absence, Board, Entry, Role, Round, Tournament
from tournaments.versioning import bump, tournament_changed


def _tournament_saved(sender: type, instance: Tournament, created: bool = False, **kwargs: Any) -> None:
    if not created:
        bump(instance.pk)


def _own_tournament(sender: type, instance: Entry | Round | Role, **kwargs: Any) -> None:
    bump(instance.tournament_id)


def _board_changed(sender: type, instance: Board, **kwargs: Any) -> None:
    bump(Round.objects.filter(pk=instance.round_id).values_list("tournament_id", flat=True))


def _absence_changed(sender: type, instance: Absence, **kwargs: Any) -> None:
    bump(Entry.objects.filter(pk=instance.entry_id).values_list("tournament_id", flat=True))


def _rebuild_documents(sender: type, tournament_id: int, **kwargs: Any) -> None:
    tasks.schedule_document_rebuild(tournament_id)


def connect() -> None:
    """Connect the receivers (idempotent: each has a dispatch uid)."""
    post_save.connect(_tournament_saved, sender=Tournament, dispatch_uid="version_tournament")
    for model in (Entry, Round, Role):
        for signal in (post_save, post_delete):
            uid = f"version_{model.__name__}_{signal is post_save}"
            signal.connect(_own_tournament, sender=model, dispatch_uid=uid)
    # Boards are only deleted with their round (unpairing), which bumps once for all of them.
    post_save.connect(_board_changed, sender=Board, dispatch_uid="version_board")
    for signal in (post_save, post_delete):
        signal.connect(_absence_changed, sender=Absence, dispatch_uid=f"version_absence_{signal is post_save}")
    tournament_changed.connect(_rebuild_documents, dispatch_uid="rebuild_documents")
