"""Games and their results.

Results are versioned submissions: players submit for their own games, the opponent or an
arbiter confirms. Exactly one submission may be confirmed per game, enforced by a partial
unique constraint in the database (never by a lock in Python). Only confirmed results feed
pairings and standings, through ``ResultSubmission.objects.confirmed()``.

The models live here, beside the boards they record, so that the pairing and standings read
models depend on this app only; the ``games`` app holds the workflow around them (submitting,
confirming, moves, claims, rulings, PDN).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments import vocabulary
from tournaments.models.event import Entry, Tournament
from tournaments.models.rounds import Board
from tournaments.vocabulary import MAX_MOVE_TEXT


class Result(models.TextChoices):
    """A game's result as stored: the values are the vocabulary's (White's score first)."""

    WHITE_WINS = vocabulary.WHITE_WINS, _("White wins")
    DRAW = vocabulary.DRAW, _("Draw")
    BLACK_WINS = vocabulary.BLACK_WINS, _("Black wins")
    WHITE_WINS_FORFEIT = vocabulary.WHITE_WINS_FORFEIT, _("White wins by forfeit")
    BLACK_WINS_FORFEIT = vocabulary.BLACK_WINS_FORFEIT, _("Black wins by forfeit")
    DOUBLE_FORFEIT = vocabulary.DOUBLE_FORFEIT, _("Both forfeit")
    BOTH_LOSE = vocabulary.BOTH_LOSE, _("Both lose")


class Termination(models.TextChoices):
    NORMAL = "normal", _("Normal")
    RESIGNATION = "resignation", _("Resignation")
    TIME = "time", _("Time")
    DRAW_CLAIM = "draw_claim", _("Draw claim upheld")
    AGREEMENT = "agreement", _("Agreement")
    FORFEIT = "forfeit", _("Forfeit")
    ARBITER = "arbiter", _("Arbiter decision")


class Game(models.Model):
    """One game of an encounter (``Board``): the only one of an individual pairing, game 1 or 2 of a
    micro-match, board N of a team match. Its own White and Black, result workflow, moves and version."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="games")
    # The game's place in its encounter: 1 for an individual game; the micro-match game; the team board.
    number = models.PositiveSmallIntegerField(_("game"), default=1)
    # Who plays White and Black in this game (an empty team board has nobody on one side).
    white = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # The balloted opening the game starts from (its label in the tournament's deck; issue 28).
    opening = models.CharField(_("opening"), max_length=20, blank=True)
    # The game's own sequence: bumped by every change of its moves (``versioning.game_changed``), so a
    # typed move refreshes this game's live view without touching the tournament's version.
    version = models.PositiveIntegerField(default=1, editable=False)
    start_fen = models.TextField(_("start position (FEN)"), blank=True)
    moves = models.TextField(_("moves (PDN)"), blank=True, validators=[MaxLengthValidator(MAX_MOVE_TEXT)])
    termination = models.CharField(
        _("termination"), max_length=20, choices=Termination.choices, default=Termination.NORMAL
    )
    # The validator's report for ``moves`` (irregularities, draw conditions), refreshed on each change.
    validation = models.JSONField(default=dict, blank=True)
    pdn_tags = models.JSONField(default=dict, blank=True)
    # The game's identity in the relay feed (Event, Site, Round, White, Black), frozen when its round is
    # published: lidraughts matches a feed's games to its boards by these, and fails the sync when they
    # change (``tournaments.reports.relay``). Empty for a game made later: the feed writes the live values.
    relay_tags = models.JSONField(default=dict, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "games_game"  # the table keeps the name it had when games held the model
        ordering = ["board", "number"]
        constraints = [models.UniqueConstraint(fields=["board", "number"], name="unique_game_number")]

    def __str__(self) -> str:
        number = f"{self.board.number}.{self.number}" if self.number > 1 else str(self.board.number)
        return f"{number}: {self.white} – {self.black}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A new game given no players is a game of an individual pairing: its players are the board's, in
        the colours of its number (``Board.players_of_game``)."""
        if self._state.adding and self.white_id is None and self.black_id is None and self.board_id is not None:
            self.white_id, self.black_id = self.board.players_of_game(self.number)
        super().save(*args, **kwargs)

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
    moves = models.TextField(_("moves (PDN)"), blank=True, validators=[MaxLengthValidator(MAX_MOVE_TEXT)])
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
        db_table = "games_resultsubmission"  # the table keeps the name it had when games held the model
        ordering = ["game", "-version"]
        constraints = [
            models.UniqueConstraint(
                fields=["game"], condition=Q(status="confirmed"), name="one_confirmed_result_per_game"
            ),
            models.UniqueConstraint(fields=["game", "version"], name="unique_submission_version"),
        ]

    def __str__(self) -> str:
        return f"{self.game} v{self.version}: {self.result} ({self.status})"
