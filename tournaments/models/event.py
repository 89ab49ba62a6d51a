"""The event: players, the tournament with its settings, roles, entries, absences, prohibited pairs."""

from __future__ import annotations

import datetime
import uuid
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from arbiter.profiles import profile_choices
from tournaments.standings.editions import edition_for
from tournaments.standings.model import Edition
from tournaments.text import control_characters
from tournaments.vocabulary import Scoring

# The names of the rule profiles in the forms; the list of profiles itself is the arbiter's (one source).
_PROFILE_LABELS = {
    "international": _("International (10x10, FMJD)"),
    "brazilian": _("Brazilian (8x8)"),
    "russian": _("Russian (8x8)"),
    "english": _("English checkers (8x8)"),
    "german": _("German Dame (8x8, Brettspielnetz)"),
    "canadian": _("Canadian (12x12)"),
    "pool": _("American pool checkers (8x8)"),
    "italian": _("Italian (8x8, FID)"),
    "spanish": _("Spanish (8x8)"),
    "portuguese": _("Portuguese (8x8)"),
    "czech": _("Czech (8x8)"),
    "turkish": _("Turkish (8x8, straight moves)"),
    "thai": _("Thai (8x8)"),
    "frisian": _("Frisian (10x10)"),
}
RULE_PROFILE_CHOICES = [(name, _PROFILE_LABELS.get(name, description)) for name, description in profile_choices()]


def printable(value: str) -> None:
    """Names, clubs and titles hold no control characters (they break exports and spreadsheets)."""
    found = control_characters(value)
    if found:
        raise ValidationError(_("Control characters are not allowed (%(chars)s)."), code="control",
                              params={"chars": ", ".join(found)})


class Player(models.Model):
    """A person who plays; may exist in many tournaments. Who may act for them is a matter of each
    tournament's entry (``Entry.user``), never of the player."""

    name = models.CharField(_("name"), max_length=200, help_text=_("Lastname, Firstname"), validators=[printable])
    title = models.CharField(_("title"), max_length=10, blank=True, validators=[printable])
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True, validators=[printable])
    fmjd_id = models.CharField(_("FMJD id"), max_length=20, blank=True, validators=[printable])
    national_id = models.CharField(_("national id"), max_length=20, blank=True, validators=[printable])
    rating = models.IntegerField(_("rating"), null=True, blank=True)
    national_rating = models.IntegerField(_("national rating"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Tournament(models.Model):
    class PairingSystem(models.TextChoices):
        SWISS_DUTCH = "swiss_dutch", _("Swiss (FIDE Dutch)")
        ROUND_ROBIN = "round_robin", _("Round robin")
        DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")
        KEIZER = "keizer", _("Keizer")

    class Status(models.TextChoices):
        PLANNED = "planned", _("Planned")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class StartNumberOrder(models.TextChoices):
        RATING = "rating", _("Rating, then title, then name")
        LOT = "lot", _("By lot")

    class TiebreakRules(models.TextChoices):
        BY_START_DATE = "", _("By the start date")
        C07_2024 = "2024", _("FIDE C.07, 2024 edition")
        C07_2026 = "2026", _("FIDE C.07, 2026 edition")

    class WithdrawalRule(models.TextChoices):
        HALF = "half", _("Keep results if more than half the games were played, else cancel")
        KEEP = "keep", _("Always keep results")
        CANCEL = "cancel", _("Always cancel results")

    slug = models.SlugField(
        _("web address"), max_length=80, unique=True,
        help_text=_("The end of the tournament's address: /t/<this>/. Letters, digits and hyphens."))
    # The event's identity across instances: a tournament archive imported on another server keeps
    # it, so a newer export of the same event updates that tournament instead of making a second one.
    event_id = models.UUIDField(_("event id"), default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(_("name"), max_length=200, validators=[printable])
    place = models.CharField(_("place"), max_length=120, blank=True, validators=[printable])
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    time_control = models.CharField(_("time control"), max_length=60, blank=True)
    pairing_system = models.CharField(
        _("pairing system"), max_length=20, choices=PairingSystem.choices, default=PairingSystem.SWISS_DUTCH
    )
    rounds_planned = models.PositiveSmallIntegerField(_("number of rounds"), default=7)
    rule_profile = models.CharField(
        _("rule profile"), max_length=20, choices=RULE_PROFILE_CHOICES, default="international"
    )
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLANNED)

    # Scoring (draughts default: win 2 / draw 1 / loss 0).
    points_win = models.DecimalField(_("points for a win"), max_digits=4, decimal_places=1, default=Decimal(2))
    points_draw = models.DecimalField(_("points for a draw"), max_digits=4, decimal_places=1, default=Decimal(1))
    points_loss = models.DecimalField(_("points for a loss"), max_digits=4, decimal_places=1, default=Decimal(0))
    points_pab = models.DecimalField(
        _("points for a pairing-allocated bye"), max_digits=4, decimal_places=1, default=Decimal(2)
    )
    points_forfeit_win = models.DecimalField(
        _("points for a forfeit win"), max_digits=4, decimal_places=1, default=Decimal(2)
    )
    points_forfeit_loss = models.DecimalField(
        _("points for a forfeit loss"), max_digits=4, decimal_places=1, default=Decimal(0)
    )
    points_half_bye = models.DecimalField(
        _("points for a half-point bye"), max_digits=4, decimal_places=1, default=Decimal(1)
    )
    points_zero_bye = models.DecimalField(
        _("points for a zero-point bye"), max_digits=4, decimal_places=1, default=Decimal(0)
    )
    points_full_bye = models.DecimalField(
        _("points for a full-point bye"), max_digits=4, decimal_places=1, default=Decimal(2)
    )
    tiebreaks = models.CharField(
        _("tie-break order"),
        max_length=200,
        blank=True,
        help_text=_("FIDE C.07 codes separated by commas, e.g. BH/C1,BH,SB. Empty: the system's default."),
    )
    tiebreak_rules = models.CharField(
        _("tie-break rules"),
        max_length=4,
        blank=True,
        default="",
        choices=TiebreakRules.choices,
        help_text=_(
            "The edition of the FIDE tie-break regulations (C.07). By the start date: the 2026 edition for "
            "tournaments starting on or after 1 March 2026, the 2024 edition before."
        ),
    )
    draw_offer_min_move = models.PositiveSmallIntegerField(
        _("draw offers allowed from move"), default=0, help_text=_("0: at any move. Seed rule 001 uses 40.")
    )
    initial_colour = models.CharField(
        _("initial colour"), max_length=1, choices=[("w", _("White")), ("b", _("Black"))], default="w"
    )
    start_number_order = models.CharField(
        _("start numbers"), max_length=10, choices=StartNumberOrder.choices, default=StartNumberOrder.RATING
    )
    baku_acceleration = models.BooleanField(_("Baku acceleration"), default=False)
    withdrawal_rule = models.CharField(
        _("results of withdrawn players"), max_length=10, choices=WithdrawalRule.choices, default=WithdrawalRule.HALF
    )
    keizer_params = models.JSONField(_("Keizer parameters"), default=dict, blank=True)
    elo_k = models.PositiveSmallIntegerField(_("Elo K factor"), default=20)

    # What the public sees.
    is_public = models.BooleanField(_("listed publicly"), default=True)
    public_pairings = models.BooleanField(_("public pairings and results"), default=True)
    public_standings = models.BooleanField(_("public standings"), default=True)
    public_crosstable = models.BooleanField(_("public crosstable"), default=True)
    public_games = models.BooleanField(_("public games"), default=True)
    public_players = models.BooleanField(_("public player pages"), default=True)

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Bumped by ``tournaments.versioning.bump`` whenever anything its pages or documents show changes
    # (never written by ``save``): the ETag of the public pages, the key of their caches, the
    # freshness of the built documents.
    version = models.PositiveBigIntegerField(default=1, editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            # /t/Open/ and /t/open/ would be two tournaments a reader cannot tell apart: a web address
            # is unique whatever its case (checked again by the forms and imports, with a message).
            models.UniqueConstraint(Lower("slug"), name="tournament_slug_unique_ignoring_case"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save every field but ``version``, which only ``versioning.bump`` writes (a stale copy in
        memory must never set the counter back)."""
        if not self._state.adding and kwargs.get("update_fields") is None and not kwargs.get("force_insert"):
            kwargs["update_fields"] = [
                f.name for f in self._meta.concrete_fields if not f.primary_key and f.name != "version"
            ]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("public:tournament", args=[self.slug])

    @property
    def is_round_robin(self) -> bool:
        return self.pairing_system in (self.PairingSystem.ROUND_ROBIN, self.PairingSystem.DOUBLE_ROUND_ROBIN)

    def tiebreak_edition(self) -> Edition:
        """The edition of FIDE C.07 its standings follow: the arbiter's choice, else the one in force
        on the start date (without a start date: on the day the tournament was created)."""
        if self.tiebreak_rules:
            return self.tiebreak_rules  # type: ignore[return-value]
        return edition_for(self.tiebreak_date())

    def tiebreak_date(self) -> datetime.date:
        """The date that picks the C.07 edition: the start date, else the day the tournament was created."""
        if self.start_date:
            return self.start_date
        return timezone.localdate(self.created_at) if self.created_at else timezone.localdate()

    def scoring(self) -> Scoring:
        """The tournament's scoring as the pure cores take it (every kind of result, full-point bye included)."""
        return Scoring(
            win=float(self.points_win),
            draw=float(self.points_draw),
            loss=float(self.points_loss),
            pab=float(self.points_pab),
            forfeit_win=float(self.points_forfeit_win),
            forfeit_loss=float(self.points_forfeit_loss),
            half_bye=float(self.points_half_bye),
            zero_bye=float(self.points_zero_bye),
            full_bye=float(self.points_full_bye),
        )


class Role(models.Model):
    """A user's role in one tournament. Checked by object-level predicates (tournaments/permissions.py)."""

    class Kind(models.TextChoices):
        CHIEF_ARBITER = "chief_arbiter", _("Chief arbiter")
        ARBITER = "arbiter", _("Arbiter")
        PLAYER = "player", _("Player")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles")
    kind = models.CharField(_("role"), max_length=20, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "user", "kind"], name="unique_role")]
        verbose_name = _("role")
        verbose_name_plural = _("roles")

    def __str__(self) -> str:
        return f"{self.user} – {self.get_kind_display()} – {self.tournament}"


class Entry(models.Model):
    """A player's registration in a tournament, with a frozen start number."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    # The account that plays this entry: it sees the games, submits and confirms their results. Kept
    # per entry, so linking an account in one tournament never changes who may act in another.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="entries"
    )
    # The entry's identity in tournament archives (start numbers may be missing or change).
    uid = models.UUIDField(default=uuid.uuid4, editable=False)
    start_number = models.PositiveIntegerField(_("start number"), null=True, blank=True)
    rating = models.IntegerField(_("rating for this event"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE)
    withdrawn_from_round = models.PositiveSmallIntegerField(_("withdrawn from round"), null=True, blank=True)
    joined_in_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["start_number", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="unique_entry_per_player"),
            models.UniqueConstraint(fields=["tournament", "uid"], name="unique_entry_uid"),
            models.UniqueConstraint(
                fields=["tournament", "user"], condition=Q(user__isnull=False), name="one_entry_per_account"
            ),
            models.UniqueConstraint(
                fields=["tournament", "start_number"],
                condition=Q(start_number__isnull=False),
                name="unique_start_number",
            ),
        ]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"{self.start_number or '-'}. {self.player.name}"

    def is_available_for(self, round_number: int) -> bool:
        if self.joined_in_round > round_number:
            return False
        return not (self.withdrawn_from_round is not None and round_number >= self.withdrawn_from_round)


class Absence(models.Model):
    """A player known not to play a round: absent, excused, or a requested bye."""

    class Kind(models.TextChoices):
        ABSENT = "absent", _("Absent")
        EXCUSED = "excused", _("Absent with notice")
        HALF_BYE = "half", _("Requested half-point bye")
        ZERO_BYE = "zero", _("Requested zero-point bye")

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="absences")
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.ABSENT)
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["entry", "round_number"], name="unique_absence_per_round")]


class ProhibitedPair(models.Model):
    """Two entries that must not meet (same family or club)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prohibited_pairs")
    first = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(_("reason"), max_length=200, blank=True)
