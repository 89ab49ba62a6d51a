"""The hall laptop mirrored to the public server (issue 30.3).

On the server, a chief arbiter creates a ``MirrorToken`` for one tournament: the token is shown once and
stored as its SHA-256 digest; it can be revoked. A tournament with a live token (or one that has received
a mirror) is read-only on the server for everybody but the mirror.

On the laptop, ``MirrorState`` is the outbox's state for one tournament and one server: what was last
sent (the tournament's version and its games' versions), when, and the last error. The laptop sends the
whole tournament (its archive) each time something changed: the server applies it in one transaction as
a replica, so a resend is harmless and the latest snapshot carries every change before it, in order.
"""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Tournament

TOKEN_PREFIX = "mir_"  # noqa: S105 (a prefix, not a secret)


def new_mirror_token() -> str:
    """A fresh token: a recognisable prefix and 32 random bytes, URL-safe."""
    return TOKEN_PREFIX + secrets.token_urlsafe(32)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class MirrorToken(models.Model):
    """A server-side key with which one laptop may mirror one tournament here."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="mirror_tokens")
    label = models.CharField(_("label"), max_length=80, blank=True)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    # The first characters, to tell tokens apart on the page (the token itself is never stored).
    hint = models.CharField(max_length=12, editable=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    pushes = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.hint}… ({self.tournament})"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class MirrorState(models.Model):
    """The laptop's outbox for one tournament towards one server: the last snapshot sent and its fate."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="mirror_states")
    target = models.URLField(max_length=300)
    # What was last sent successfully: "<tournament version>:<sum of game versions>:<games>".
    sent_signature = models.CharField(max_length=80, blank=True)
    # The last audit entry the server has (changes after it are "waiting").
    sent_audit_id = models.BigIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    attempted_at = models.DateTimeField(null=True, blank=True)
    error = models.CharField(max_length=300, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "target"], name="one_mirror_per_target")]

    def __str__(self) -> str:
        return f"{self.tournament} -> {self.target}"
