"""One version counter per tournament, bumped in one place.

``Tournament.version`` changes whenever anything a tournament's pages or documents show changes:
settings, entries and players, rounds and boards, absences, results, games, claims and rulings,
roles. It is the ETag of the public pages, the key of their caches and of the cached standings,
and tells a built document whether it is current.

``bump`` is the only writer. The model signals of both apps call it (``tournaments.signals``,
``games.signals``); services call it after bulk writes, which send no signals. After the
transaction commits, ``tournament_changed`` is sent once per changed tournament (the edge
listens to it: documents are rebuilt in the background).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable, Iterator

from django.db import transaction
from django.db.models import F
from django.dispatch import Signal

from tournaments.models import Tournament

# Sent after commit with ``tournament_id``; once per tournament and transaction.
tournament_changed = Signal()


_quiet = threading.local()


@contextlib.contextmanager
def quiet_bumps() -> Iterator[None]:
    """Inside, ``bump`` does nothing (the model signals look nothing up): a bulk writer that saves
    thousands of rows one by one (an archive import) bumps once itself, after, for every tournament
    it changed. Per thread; nests."""
    _quiet.depth = getattr(_quiet, "depth", 0) + 1
    try:
        yield
    finally:
        _quiet.depth -= 1


def bump(tournament_ids: int | Iterable[int]) -> None:
    """Advance the version of the tournament(s) and announce the change after commit (nothing
    inside ``quiet_bumps``; a query set of ids is not even evaluated there)."""
    if getattr(_quiet, "depth", 0):
        return
    ids = sorted({tournament_ids} if isinstance(tournament_ids, int) else set(tournament_ids))
    if not ids:
        return
    Tournament.objects.filter(pk__in=ids).update(version=F("version") + 1)
    for tournament_id in ids:
        _announce_after_commit(tournament_id)


class _Announcement:
    """The after-commit callback for one tournament (recognisable, so a transaction holds one)."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id

    def __call__(self) -> None:
        tournament_changed.send(sender=Tournament, tournament_id=self.tournament_id)


def _announce_after_commit(tournament_id: int) -> None:
    connection = transaction.get_connection()
    # Django keeps the callbacks of the open transaction as (savepoint ids, callback, robust); a
    # savepoint rolled back drops its own, so looking there never loses an announcement.
    for _sids, callback, _robust in getattr(connection, "run_on_commit", ()):
        if isinstance(callback, _Announcement) and callback.tournament_id == tournament_id:
            return
    transaction.on_commit(_Announcement(tournament_id))
