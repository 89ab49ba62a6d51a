"""The audit log: every arbiter action is recorded with who, when, what and a before/after summary."""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser, User
from django.db import models

from .models import AuditEntry, Tournament

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
    """Write one audit entry. Call it inside the transaction of the action it records."""
    return AuditEntry.objects.create(
        tournament=tournament,
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        object_type=obj._meta.label if obj is not None else "",
        object_id=str(obj.pk) if obj is not None else "",
        object_repr=str(obj)[:200] if obj is not None else "",
        before=before,
        after=after,
    )
