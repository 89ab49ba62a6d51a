"""Games and their results.

Results are versioned submissions: players submit for their own games, the opponent or an
arbiter confirms. Exactly one submission may be confirmed per game, enforced by a partial
unique constraint in the database (never by a lock in Python). Only confirmed results feed
pairings and standings, through ``ResultSubmission.objects.confirmed()``.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Board, Entry, Tournament


class Result(models.TextChoices):
    WHITE_WINS = "2-0", _("White wins")
    DRAW = "1-1", _("Draw")
    BLACK_WINS = "0-2", _("Black wins")
    WHITE_WINS_FORFEIT = "+-", _("White wins by forfeit")
    BLACK_WINS_FORFEIT = "-+", _("Black wins by forfeit")
    DOUBLE_FORFEIT = "--", _("Both forfeit")
    BOTH_LOSE = "0-0", _("Both lose")


class Termination(models.TextChoices):
    NORMAL = "normal", _("Normal")
    RESIGNATION = "resignation", _("Resignation")
    TIME = "time", _("Time")
    DRAW_CLAIM = "draw_claim", _("Draw claim upheld")
    AGREEMENT = "agreement", _("Agreement")
    FORFEIT = "forfeit", _("Forfeit")
    ARBITER = "arbiter", _("Arbiter decision")


class Game(models.Model):
    """The game played on one board of a round."""

    board = models.OneToOneField(Board, on_delete=models.CASCADE, related_name="game")
    start_fen = models.TextField(_("start position (FEN)"), blank=True)
    moves = models.TextField(_("moves (PDN)"), blank=True)
    termination = models.CharField(
        _("termination"), max_length=20, choices=Termination.choices, default=Termination.NORMAL
    )
    # The validator's report for ``moves`` (irregularities, draw conditions), refreshed on each change.
    validation = models.JSONField(default=dict, blank=True)
    pdn_tags = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return str(self.board)

    @property
    def tournament(self) -> Tournament:
        return self.board.round.tournament


class ResultSubmissionQuerySet(models.QuerySet["ResultSubmission"]):
    def confirmed(self) -> ResultSubmissionQuerySet:
        """The only way results reach pairings and standings."""
        return self.filter(status=ResultSubmission.Status.CONFIRMED)

    def for_tournament(self, tournament: Tournament) -> ResultSubmissionQuerySet:
        return self.filter(game__board__round__tournament=tournament)


class ResultSubmission(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        REJECTED = "rejected", _("Rejected")
        SUPERSEDED = "superseded", _("Superseded")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="submissions")
    version = models.PositiveIntegerField(default=1)
    result = models.CharField(_("result"), max_length=3, choices=Result.choices)
    moves = models.TextField(_("moves (PDN)"), blank=True)
    termination = models.CharField(
        _("termination"), max_length=20, choices=Termination.choices, default=Termination.NORMAL
    )
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # The side that submitted (a player, possibly through a private link); None for an arbiter.
    submitted_for = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    via_link = models.BooleanField(default=False)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ResultSubmissionQuerySet.as_manager()

    class Meta:
        ordering = ["game", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"], condition=Q(status="confirmed"), name="one_confirmed_result_per_game"
            ),
            models.UniqueConstraint(fields=["game", "version"], name="unique_submission_version"),
        ]

    def __str__(self) -> str:
        return f"{self.game} v{self.version}: {self.result} ({self.status})"


class DrawClaim(models.Model):
    """A draw claim at a ply, with the validator's ruling and its evidence."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="draw_claims")
    ply = models.PositiveIntegerField()
    rule = models.CharField(max_length=40, blank=True)
    claimed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    upheld = models.BooleanField(default=False)
    evidence = models.JSONField(default=dict, blank=True)
    explanation = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "created_at"]


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
    document = models.JSONField()
    report = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-imported_at", "-id"]
