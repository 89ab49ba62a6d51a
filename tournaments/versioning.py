"""The version counters: one per tournament, one per game, each bumped in one place.

``Tournament.version`` changes whenever anything a tournament's pages or documents show changes:
settings, entries, rounds and pairings, absences, results, claims and rulings, roles. It is the ETag
of the public pages, the key of their caches and of the cached standings, and tells a built document
whether it is current. Every such change is an audited action, and ``tournaments.audit.record`` calls
``bump`` for it (so no write path can change a page without its version moving: the permission
matrix's write-audit test checks that every write is audited); a service that changes rows without
an audit entry calls ``bump`` itself. No model signal is involved.

``Game.version`` changes with a game's moves (``game_moved``): a move typed during play refreshes that
game's live view and feed, and nothing of the tournament's (standings, pairings and documents show no
moves), so a hall typing moves costs no page of the event a render.

After the transaction commits, ``tournament_changed`` is sent for each changed tournament (the edge
listens to it, connected in ``tournaments.apps``: documents are rebuilt in the background; repeated
announcements of one tournament are folded there, by the rebuild's own guard).
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable, Iterator

from django.db import transaction
from django.db.models import F
from django.dispatch import Signal

from games.models import Game
from tournaments.models import Tournament

# Sent after commit with ``tournament_id``.
tournament_changed = Signal()


_quiet = threading.local()


@contextlib.contextmanager
def quiet_bumps() -> Iterator[None]:
    """Inside this block ``bump`` does nothing: a caller that writes many rows (an archive import)
    bumps once itself when it is done."""
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
        transaction.on_commit(_Announcement(tournament_id))


def game_moved(game_id: int) -> None:
    """Advance a game's own version: its moves changed (its live view, its feed and its PDN show them;
    no page of the tournament does, so the tournament's version stays)."""
    Game.objects.filter(pk=game_id).update(version=F("version") + 1)


class _Announcement:
    """The after-commit callback for one tournament."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id

    def __call__(self) -> None:
        tournament_changed.send(sender=Tournament, tournament_id=self.tournament_id)
