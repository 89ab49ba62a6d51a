"""What happens around a game: draw claims, irregularity rulings, private submission links,
correction requests, and the record of tournament archives imported.

Games and their versioned results are ``tournaments.models.Game`` and ``ResultSubmission``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Entry, Game, Tournament


class DrawClaim(models.Model):
    """A draw claim at a ply, with the validator's ruling and its evidence, and the arbiter's ruling
    on it when an arbiter upheld or overruled the validator (``arbiter_decision``, with a reason)."""

    class Decision(models.TextChoices):
        NONE = "", _("Not ruled by an arbiter")
        UPHELD = "upheld", _("Upheld by the arbiter")
        OVERRULED = "overruled", _("Overruled by the arbiter")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="draw_claims")
    ply = models.PositiveIntegerField()
    rule = models.CharField(max_length=40, blank=True)
    claimed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    # The side that claimed (a player, possibly through a private link); None for an arbiter.
    claimed_for = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    upheld = models.BooleanField(default=False)
    evidence = models.JSONField(default=dict, blank=True)
    explanation = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    arbiter_decision = models.CharField(_("arbiter's ruling"), max_length=10, choices=Decision.choices, blank=True,
                                        default=Decision.NONE)
    arbiter_reason = models.TextField(_("reason"), blank=True, max_length=2000)
    ruled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")
    ruled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "created_at"]

    @property
    def stands(self) -> bool:
        """Whether the claim is upheld in the end: the arbiter's ruling, else the validator's."""
        if self.arbiter_decision:
            return self.arbiter_decision == self.Decision.UPHELD
        return self.upheld


class IrregularityRuling(models.Model):
    """The arbiter's ruling on one flagged ply: the move stands, or is corrected."""

    class Decision(models.TextChoices):
        STANDS = "stands", _("Stands")
        CORRECTED = "corrected", _("Corrected")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rulings")
    ply = models.PositiveIntegerField()
    decision = models.CharField(max_length=10, choices=Decision.choices)
    corrected_move = models.CharField(max_length=60, blank=True)
    comment = models.TextField(blank=True)
    # FMJD 5.4: a correction after a further move is allowed only if the opponent demanded it in time.
    demanded_in_time = models.BooleanField(_("correction demanded in time"), default=False)
    ruled_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "ply"]
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="one_ruling_per_ply")]


def new_link_token() -> str:
    return secrets.token_urlsafe(32)


class SubmissionLink(models.Model):
    """A private, unguessable link for a player without an account, scoped to one tournament."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="submission_links")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="submission_links")
    token = models.CharField(max_length=64, unique=True, default=new_link_token)
    revoked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "entry"], name="one_link_per_entry")]


class TournamentImport(models.Model):
    """A tournament archive imported on this instance: the document as imported (the base of the
    next import's three-way merge, so that what this server changed since is kept) and the report."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="archive_imports")
    imported_at = models.DateTimeField(auto_now_add=True)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    sha256 = models.CharField(max_length=64)
    # The archive's header and tournament row; the rows of every section, compact (long values as
    # digests), gzip-compressed JSON lines in ``rows``: a base costs a few MB, not the document's size.
    # (Imports made before: the whole document here, ``rows`` empty.)
    document = models.JSONField()
    rows = models.BinaryField(default=bytes, blank=True)
    report = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-imported_at", "-id"]


class CorrectionRequest(models.Model):
    """A player's request to change a result that only an arbiter may change any more (it is
    confirmed, or its round is finished). The arbiter accepts it (a new version, confirmed by the
    arbiter) or refuses it; both are audited."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for the arbiter")
        ACCEPTED = "accepted", _("Accepted")
        REFUSED = "refused", _("Refused")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="correction_requests")
    # The side that asks (a player, possibly through a private link) and the account, if any.
    requested_for = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    result = models.CharField(_("result"), max_length=3)
    moves = models.TextField(_("moves (PDN)"), blank=True)
    termination = models.CharField(_("termination"), max_length=20)
    reason = models.TextField(_("reason"), max_length=2000)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    decision_note = models.TextField(_("note"), blank=True, max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at"]
        constraints = [
            # One open request per side and game: a new one replaces it (see the service).
            models.UniqueConstraint(
                fields=["game", "requested_for"], condition=models.Q(status="open"), name="one_open_request_per_side"
            ),
        ]
