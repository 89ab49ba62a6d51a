"""Rounds and their boards: a pairing (White v Black) or a bye."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Entry, Tournament


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        FINISHED = "finished", _("Finished")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.DRAFT)
    date = models.DateField(_("date"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    # The pairing as the engine made it, board number -> {"white", "black" (start numbers or None),
    # "bye" (bye kind), "reasons"}: a board an arbiter changes back to it is the engine's again.
    engine_pairing = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number")]

    def __str__(self) -> str:
        return f"{self.tournament} – {_('round')} {self.number}"


class Board(models.Model):
    """One pairing of a round: a game (white v black) or a bye for ``white``."""

    class ByeKind(models.TextChoices):
        NONE = "", _("Game")
        PAB = "pab", _("Pairing-allocated bye")
        HALF = "half", _("Half-point bye")
        ZERO = "zero", _("Zero-point bye")
        FULL = "full", _("Full-point bye")
        ABSENT = "absent", _("Absent")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(_("board"))
    white = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    bye_kind = models.CharField(_("bye"), max_length=10, choices=ByeKind.choices, default=ByeKind.NONE, blank=True)
    # Why the pairing was made (reasons from the pure engine) and what the arbiter was warned about.
    reasons = models.JSONField(default=list, blank=True)
    warnings = models.JSONField(default=list, blank=True)
    overridden = models.BooleanField(_("changed by an arbiter"), default=False)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="unique_board_number")]

    def __str__(self) -> str:
        if self.bye_kind:
            return f"{self.number}: {self.white} ({self.get_bye_kind_display()})"
        return f"{self.number}: {self.white} – {self.black}"

    @property
    def is_bye(self) -> bool:
        return bool(self.bye_kind)
