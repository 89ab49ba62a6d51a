"""What an event keeps beside its stages: how each stage was made from the one before (the
transition, its cuts and every entry's seat with its reason) and a stage's prize settings."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Entry, Event, Tournament


class StageTransition(models.Model):
    """The organiser's transition from a finished stage to the next one: which kind, with which
    settings, and the cuts the stage transition core reported (who is above whom at each line, and
    what separated them)."""

    class Kind(models.TextChoices):
        RANK_BLOCKS = "rank_blocks", _("Finals by rank blocks (ranks 1-g into final A, the next g into B, ...)")
        SNAKE = "snake", _("Groups seeded in snake order")
        FINAL = "final", _("The top of each group into a final")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="transitions")
    source = models.ForeignKey(Tournament, on_delete=models.PROTECT, related_name="transitions_from")
    target_stage = models.PositiveSmallIntegerField(_("stage"))
    kind = models.CharField(_("transition"), max_length=20, choices=Kind.choices)
    params = models.JSONField(default=dict, blank=True)
    # One dict per cut: group, above/below (names, ranks, points), separated_by (None: not separated), tie.
    cuts = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "target_stage"], name="one_transition_per_stage")]

    def __str__(self) -> str:
        return f"{self.event} → {self.target_stage}"  # stored in the audit log: no words of one language


class StageSeat(models.Model):
    """Why an entry of a stage made by a transition is there: the rank and group it came from,
    its seed number (snake seeding), and the core's reason in full."""

    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="seat")
    # None: a stage imported from an archive (the transition stays with the event on its own server;
    # the seat's reason and carried points travel).
    transition = models.ForeignKey(StageTransition, on_delete=models.CASCADE, related_name="seats", null=True,
                                   blank=True)
    from_rank = models.PositiveIntegerField(null=True, blank=True)
    from_group = models.CharField(max_length=20, blank=True)
    seed = models.PositiveIntegerField(null=True, blank=True)
    why = models.CharField(max_length=300, blank=True)
    # Points the entry starts its stage with (the transition's carry-over rule; 0 by default):
    # counted in the stage's standings and pairing (``tournaments.stages.carry_over``).
    carried_points = models.FloatField(default=0.0)


class PrizeSetup(models.Model):
    """A stage's prizes: the lists as the organiser typed them (one line a list, amounts in the
    currency with up to two decimals), the distribution rule, the rounding unit in cents, and
    whether a player may win more than one prize."""

    class Rule(models.TextChoices):
        PLACE = "place", _("By tie-break order")
        EQUAL = "equal", _("Shared equally among players on equal points")
        HORT = "hort", _("Hort system (half by place, half pooled among equal points)")

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="prize_setup")
    lists = models.TextField(_("prizes"), blank=True)
    rule = models.CharField(_("distribution"), max_length=10, choices=Rule.choices, default=Rule.PLACE)
    unit = models.PositiveIntegerField(_("round down to (cents)"), default=1)
    one_prize_per_player = models.BooleanField(_("one prize per player (the higher one)"), default=True)
    currency = models.CharField(_("currency"), max_length=8, default="€", blank=True)


class RatingSetup(models.Model):
    """An event's rating settings: the preset the rating changes follow, the performance method
    ("" = the preset's own), and a federation's norm requirement table the organiser uploaded (the
    TOML text as uploaded, checked when saved; empty: FIDE B.01's table, the shipped example)."""

    class Preset(models.TextChoices):
        FMJD = "fmjd", "FMJD"
        KNDB = "kndb", "KNDB"
        FIDE = "fide", "FIDE"

    class Performance(models.TextChoices):
        PRESET = "", _("As the preset says")
        TABLE = "table", _("Table method")
        FORMULA = "formula", _("Formula method")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="rating_setup")
    preset = models.CharField(_("rating preset"), max_length=10, choices=Preset.choices, default=Preset.FMJD)
    performance = models.CharField(_("performance"), max_length=10, choices=Performance.choices, default="",
                                   blank=True)
    norms_text = models.TextField(blank=True)
    norms_name = models.CharField(max_length=100, blank=True)

    def __str__(self) -> str:
        return f"{self.event} ratings"
