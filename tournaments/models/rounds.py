"""Rounds and their boards: each board is an encounter of two competitors (or a bye) holding its games."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Entry, Tournament
from tournaments.models.teams import Team
from tournaments.vocabulary import game_colour


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
    # When the round starts (set by an arbiter; optional): a team event's line-up deadline counts from it.
    starts_at = models.DateTimeField(_("start time"), null=True, blank=True)
    # The pairing as the engine made it, board number -> {"white", "black" (start numbers or None),
    # "bye" (bye kind), "reasons"}: a board an arbiter changes back to it is the engine's again.
    engine_pairing = models.JSONField(default=dict, blank=True)
    # The draw of the round's balloted openings (issue 28): the deck it was drawn from and the seed that
    # reproduces it (``arbiter.ballots.draw`` with the labels of the earlier rounds); the labels are the
    # boards' ``opening``. Empty: no draw (a tournament without a deck, or not drawn yet).
    opening_deck = models.CharField(_("opening deck"), max_length=30, blank=True)
    opening_seed = models.CharField(_("seed of the opening draw"), max_length=200, blank=True)

    class Meta:
        ordering = ["tournament_id", "number"]  # the id: no join to sort
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number")]

    def __str__(self) -> str:
        return f"{self.tournament} – {_('round')} {self.number}"

    @property
    def is_draft(self) -> bool:
        """Not yet published: its boards are the arbiters' alone, its games take no result, move or game
        file, and no public page shows it (``games.services.games.draft_refusal`` says so in words)."""
        return self.status == Round.Status.DRAFT


class Board(models.Model):
    """One pairing of a round, at a numbered board: an encounter of two competitors holding its games, or a
    bye for ``white`` (``white_team``).

    The competitors are two player entries (``white``, ``black``) or, in a team event, two teams
    (``white_team``, ``black_team``); the first-named has White in the encounter's first game (a
    micro-match's second game reverses the colours; a team match's boards follow the event's colour
    sequence). The games themselves, with their own White and Black, are ``Game`` rows (``games``):
    one for an individual pairing, two for a micro-match, one per board for a team match.
    """

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
    white_team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    black_team = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    bye_kind = models.CharField(_("bye"), max_length=10, choices=ByeKind.choices, default=ByeKind.NONE, blank=True)
    # Why the pairing was made (reasons from the pure engine) and what the arbiter was warned about.
    reasons = models.JSONField(default=list, blank=True)
    warnings = models.JSONField(default=list, blank=True)
    overridden = models.BooleanField(_("changed by an arbiter"), default=False)
    # The balloted opening this pairing's games start from (its label in the round's deck; issue 28).
    opening = models.CharField(_("opening"), max_length=20, blank=True)

    class Meta:
        ordering = ["round_id", "number"]  # the id: no join to round and tournament just to sort
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_board_number"),
            # Players or teams, never both.
            models.CheckConstraint(condition=Q(white_team__isnull=True, black_team__isnull=True)
                                   | Q(white__isnull=True, black__isnull=True), name="players_or_teams"),
        ]

    def __str__(self) -> str:
        first = self.white_team if self.white_team_id is not None else self.white
        if self.bye_kind:
            return f"{self.number}: {first} ({self.get_bye_kind_display()})"
        second = self.black_team if self.black_team_id is not None else self.black
        return f"{self.number}: {first} – {second}"

    @property
    def is_bye(self) -> bool:
        return bool(self.bye_kind)

    @property
    def is_encounter(self) -> bool:
        """Two competitors meet (players, or teams whose boards are the games): games can be recorded."""
        return not self.bye_kind and (self.black_id is not None or self.black_team_id is not None)

    def players_of_game(self, number: int) -> tuple[int | None, int | None]:
        """White's and Black's entry ids in game ``number`` of this individual pairing: the first-named
        has White in game 1; a micro-match's second game reverses the colours (``vocabulary.game_colour``)."""
        if game_colour(number) == "w":
            return self.white_id, self.black_id
        return self.black_id, self.white_id
