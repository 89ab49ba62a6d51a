"""Teams of a team event: the team with its captain, its roster in board order, and each round's line-up."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Entry, Tournament, printable


class Team(models.Model):
    """A team of a team event (a club's team in a league, a school's four)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    # The team's start number: its pairing id, its number in TRF-2026 record 310.
    number = models.PositiveSmallIntegerField(_("team number"), null=True, blank=True)
    name = models.CharField(_("name"), max_length=120, validators=[printable])
    club = models.CharField(_("club"), max_length=120, blank=True, validators=[printable])
    captain = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="captained_teams", verbose_name=_("captain"))
    contact = models.CharField(_("contact"), max_length=200, blank=True, validators=[printable])
    created_at = models.DateTimeField(auto_now_add=True)
    # Withdrawn by an arbiter: not paired from this round on (None: in the event). What happens to its
    # matches follows the players' rule (``vocabulary.withdrawal_keeps_results``).
    withdrawn_from_round = models.PositiveSmallIntegerField(_("withdrawn from round"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name"),
            models.UniqueConstraint(fields=["tournament", "number"], condition=Q(number__isnull=False),
                                    name="unique_team_number"),
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class TeamMember(models.Model):
    """A player on a team's roster, in board order (1 = the strongest, declared before the event); the
    players after the event's number of boards are the reserves. A player is in one team per event."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    entry = models.OneToOneField(Entry, on_delete=models.CASCADE, related_name="team_member")
    order = models.PositiveSmallIntegerField(_("board order"))

    class Meta:
        ordering = ["team", "order"]
        constraints = [models.UniqueConstraint(fields=["team", "order"], name="unique_roster_order")]

    def __str__(self) -> str:
        return f"{self.team} {self.order}. {self.entry.name}"


class LineUp(models.Model):
    """Who plays on which board of a round's match, as the captain (or an arbiter) handed it in, or as the
    program made it from the roster when none came in time (``by_default``). Private to the team's captain
    and the arbiters until both line-ups of the match are in or the round is published."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="line_ups")
    round_number = models.PositiveSmallIntegerField(_("round"))
    by_default = models.BooleanField(default=False)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="+")
    submitted_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "round_number"], name="one_line_up_per_round")]


class LineUpBoard(models.Model):
    """Who plays board ``board`` for the team in a line-up (nobody: the board is left empty)."""

    line_up = models.ForeignKey(LineUp, on_delete=models.CASCADE, related_name="boards")
    board = models.PositiveSmallIntegerField(_("board"))
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["line_up", "board"]
        constraints = [models.UniqueConstraint(fields=["line_up", "board"], name="one_player_per_line_up_board")]


class TeamByeRequest(models.Model):
    """A bye an arbiter gave a team for one round of a team Swiss: it is not paired and scores a drawn
    match on every board (``half``) or nothing (``zero``), as ``vocabulary.team_bye_points`` says."""

    class Kind(models.TextChoices):
        HALF = "half", _("Half-point bye (a drawn match)")
        ZERO = "zero", _("Zero-point bye")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="bye_requests")
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.HALF)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["team", "round_number"], name="one_team_bye_per_round")]
