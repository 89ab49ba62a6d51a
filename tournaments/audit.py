"""The audit log: every arbiter action is recorded with who, when, what and a before/after summary.

An audited action of a tournament changes what its pages show (a result, a pairing, a setting, an
entry...), so ``record`` also advances the tournament's version (``tournaments.versioning.bump``):
one call says "this changed", and no change can reach a page unaudited or a page stay stale. The few
actions that change nothing shown (``UNSHOWN``) leave the version alone."""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser, User
from django.db import models

from .models import AuditEntry, Tournament
from .versioning import bump

# Audited actions that change nothing a tournament's pages or documents show.
UNSHOWN = frozenset(
    {
        "archive.export_with_email",
        "ratinglist.refused",
        "entry.request_link",
        "entry.withdraw_link",
        "entry.decline_link",
        "create_submission_link",
        "revoke_submission_link",
        # Moves typed during play: the game's own version moves (``versioning.game_moved``), no page of
        # the tournament shows moves (issue 30).
        "game.moves",
        # A player's waiting result replaced by their newer one: waiting results are on no page of the
        # tournament that its version keys (standings, pairings, crosstable, documents count confirmed
        # results only), like a first submission, which writes no audit entry at all. A hall of players
        # changing their minds made every spectator's poll a new page (issue 30's load test: 381
        # versions in a minute, 2,767 of 2,812 polls a 200).
        "result.replace_own",
    }
)

# Who acts: a signed-in user, the anonymous user, or None (a private link, a command without --user).
Actor: TypeAlias = User | AnonymousUser | None


def record(
    actor: Actor,
    tournament: Tournament | None,
    action: str,
    obj: models.Model | None = None,
    *,
    before: str = "",
    after: str = "",
) -> AuditEntry:
    """Write one audit entry and, for a change of what the tournament shows, advance its version. Call it
    inside the transaction of the action it records."""
    entry = AuditEntry.objects.create(
        tournament=tournament,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        object_type=obj._meta.label if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        object_repr=str(obj)[:200] if obj is not None else "",
        before=before,
        after=after,
    )
    if tournament is not None and action not in UNSHOWN:
        bump(tournament.pk)
    return entry
