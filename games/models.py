"""Games and their results, and what happens around a game: versioned result submissions, draw claims,
irregularity rulings, private submission links, correction requests, and the record of tournament
archives imported. Their workflow is ``games.services`` (issue 25.7: results in one place with their
services).

Results are versioned submissions: players submit for their own games, the opponent or an arbiter
confirms. Exactly one submission may be confirmed per game, enforced by a partial unique constraint in
the database (never by a lock in Python). Only confirmed results feed pairings and standings, through
``ResultSubmission.objects.confirmed()``. The tournament side (events, entries, rounds, boards) is
``tournaments.models``; the read models above both (standings, history, pages) read games from here.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments import vocabulary
from tournaments.models import Board, Entry, Tournament
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


class DrawMark(models.TextChoices):
    """Whose plus-draw a drawn game is (the other player's minus-draw); the values are the vocabulary's."""

    NONE = vocabulary.NO_MARK, _("No plus- or minus-draw")
    WHITE = vocabulary.WHITE_PLUS, _("Plus-draw for White, minus-draw for Black")
    BLACK = vocabulary.BLACK_PLUS, _("Plus-draw for Black, minus-draw for White")


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
        ordering = ["board__round_id", "board__number", "number"]  # one join, not four (board, round, tournament)
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
    # A draw marked plus for one player and minus for the other (KNDB; ``vocabulary.marked_result_codes``):
    # "w" White's plus-draw, "b" Black's, "" unmarked. Only an arbiter marks it; the score stays 1-1.
    draw_mark = models.CharField(_("plus-draw"), max_length=1, blank=True, default="", choices=DrawMark.choices)
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
        ordering = ["game_id", "-version"]  # the id: ordering by the key joined game, board, round and tournament
        constraints = [
            models.UniqueConstraint(
                fields=["game"], condition=Q(status="confirmed"), name="one_confirmed_result_per_game"
            ),
            models.UniqueConstraint(fields=["game", "version"], name="unique_submission_version"),
        ]

    def __str__(self) -> str:
        return f"{self.game} v{self.version}: {self.result} ({self.status})"



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
        ordering = ["game_id", "created_at"]

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
        ordering = ["game_id", "ply"]
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
        ordering = ["game_id", "created_at"]
        constraints = [
            # One open request per side and game: a new one replaces it (see the service).
            models.UniqueConstraint(
                fields=["game", "requested_for"], condition=models.Q(status="open"), name="one_open_request_per_side"
            ),
        ]
