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
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arbiter.profiles import profile_choices
from tournaments.pairing.systems import SYSTEMS, SystemSpec
from tournaments.scores.berger import round_count
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
def system_choices() -> list[tuple[str, str]]:
    """The pairing systems the forms offer: every system of the registry, by its name in the active
    language (a callable: a system added to the registry needs no migration)."""
    return [(key, gettext(spec.name)) for key, spec in SYSTEMS.items()]


RULE_PROFILE_CHOICES = [(name, _PROFILE_LABELS.get(name, description)) for name, description in profile_choices()]


def printable(value: str) -> None:
    """Names, clubs and titles hold no control characters (they break exports and spreadsheets)."""
    found = control_characters(value)
    if found:
        raise ValidationError(_("Control characters are not allowed (%(chars)s)."), code="control",
                              params={"chars": ", ".join(found)})


def validate_places(value: str) -> None:
    """Places as "1" or "1,2,3": whole numbers from 1, separated by commas."""
    if value.strip() and places_of(value) is None:
        raise ValidationError(_("Give places as whole numbers from 1 separated by commas, e.g. 1,2,3."),
                              code="places")


def places_of(value: str) -> frozenset[int] | None:
    """The places of a ``playoff_places`` text (None: not whole numbers from 1 separated by commas)."""
    parts = [p.strip() for p in value.split(",") if p.strip()]
    if not all(p.isdigit() and 1 <= int(p) <= 9999 for p in parts):
        return None
    return frozenset(int(p) for p in parts)


SEX_CHOICES = [("", _("Not given")), ("f", _("Female")), ("m", _("Male"))]


class Player(models.Model):
    """A person who plays, across tournaments: the identity that ties a person's entries together
    (matched by FMJD id). Its details are what the player was first registered with, the start of a
    new registration; no tournament shows them: each entry keeps its own copy, frozen at registration
    (``Entry``), so a change in one tournament (an edit, an import, a rating-list refresh) never
    alters another. Who may act for a player in a tournament is that entry's (``Entry.user``)."""

    name = models.CharField(_("name"), max_length=200, help_text=_("Lastname, Firstname"), validators=[printable])
    title = models.CharField(_("title"), max_length=10, blank=True, validators=[printable])
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True, validators=[printable])
    fmjd_id = models.CharField(_("FMJD id"), max_length=20, blank=True, validators=[printable])
    national_id = models.CharField(_("national id"), max_length=20, blank=True, validators=[printable])
    rating = models.IntegerField(_("rating"), null=True, blank=True)
    national_rating = models.IntegerField(_("national rating"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True, choices=SEX_CHOICES)
    # The account of this person across events: linked only by that account itself (``claim_player``,
    # after an arbiter linked it to one of the person's entries) or by staff, and audited either way.
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="player", verbose_name=_("account"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name


class Event(models.Model):
    """A whole event: its stages in order, each a ``Tournament`` of any system with its own rounds,
    settings and standings (an open Swiss; a Swiss then final groups A, B, C; semi-final groups then a
    final). Most events have one stage: the tournament is the event.

    Event -> stage (``Tournament``: ``stage`` number, ``group`` label) -> ``Round``.
    """

    slug = models.SlugField(_("web address"), max_length=80, unique=True)
    name = models.CharField(_("name"), max_length=200, validators=[printable])
    created_at = models.DateTimeField(auto_now_add=True)
    # The organiser's order of the last stage's groups in the event's final ranking, their names
    # comma-separated ("B, A, C"); empty: final A, then B, ... Groups not named follow in that order.
    ranking_order = models.CharField(_("order of the groups in the final ranking"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    @classmethod
    def free_slug(cls, wanted: str) -> str:
        """``wanted``, or ``wanted-2``, ``wanted-3``... when another event has it."""
        slug, n = wanted, 1
        while cls.objects.filter(slug=slug).exists():
            n += 1
            slug = f"{wanted[:75]}-{n}"
        return slug


class Tournament(models.Model):
    """One stage of an ``Event`` (the only one, for most events): players, rounds, settings, standings.

    Its pairing system is a key of the one registry, ``tournaments.pairing.systems.SYSTEMS`` (``system``:
    the spec, with its engine, kind, options, TRF code and default tie-breaks); ``system_options`` holds
    the options of that system that differ from its defaults.
    """

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

    class LateEntryByes(models.TextChoices):
        ASK = "ask", _("Ask at each late registration")
        ZERO = "zero", _("A zero-point bye for each missed round")
        HALF = "half", _("A half-point bye for each missed round")

    class WithdrawalRule(models.TextChoices):
        HALF = "half", _("Keep results if more than half the games were played, else cancel")
        KEEP = "keep", _("Always keep results")
        CANCEL = "cancel", _("Always cancel results")

    class Competitors(models.TextChoices):
        PLAYERS = "players", _("Players")
        TEAMS = "teams", _("Teams")

    class PairingScore(models.TextChoices):
        GAMES = "games", _("Every game counts (game points)")
        MATCH = "match", _("The micro-match counts (2/1/0 by the sum of its games)")

    class MicroMatchBye(models.TextChoices):  # ``vocabulary.unpaired_micro_match_record``
        MATCH = "match", _("A micro-match: a pairing-allocated bye wins both games")
        GAME = "game", _("One game: a pairing-allocated bye wins one game")

    class OpeningDraw(models.TextChoices):
        ROUND = "round", _("One opening per round for all boards")
        PAIRING = "pairing", _("One opening per pairing")

    slug = models.SlugField(
        _("web address"), max_length=80, unique=True,
        help_text=_("The end of the tournament's address: /t/<this>/. Letters, digits and hyphens."))
    # The tournament's identity across instances: a tournament archive imported on another server keeps
    # it, so a newer export of the same tournament updates it instead of making a second one (archives
    # made before stages called it ``event_id``).
    uid = models.UUIDField(_("tournament id"), default=uuid.uuid4, unique=True, editable=False)
    # The event this tournament is a stage of, its place among the stages and its group ("A" of finals
    # A, B, C); a tournament created on its own is the single stage of an event of its own.
    event = models.ForeignKey(Event, on_delete=models.PROTECT, related_name="stages", verbose_name=_("event"),
                              blank=True)  # blank: ``save`` makes the event of its own
    stage = models.PositiveSmallIntegerField(_("stage"), default=1)
    group = models.CharField(_("group"), max_length=20, blank=True, validators=[printable])
    name = models.CharField(_("name"), max_length=200, validators=[printable])
    place = models.CharField(_("place"), max_length=120, blank=True, validators=[printable])
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    time_control = models.CharField(_("time control"), max_length=60, blank=True)
    pairing_system = models.CharField(_("pairing system"), max_length=20, choices=system_choices, default="dutch")
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
    # KNDB championships: players tied on points and on the tie-breaks before the mutual result (the
    # plus/minus balance) for these places play a play-off (``reports.standings.playoff_groups``).
    playoff_places = models.CharField(
        _("places decided by a play-off"), max_length=40, blank=True, validators=[validate_places],
        help_text=_("KNDB championships: players tied for these places on points and on the tie-breaks before "
                    "the mutual result (the plus/minus balance) play a play-off; the standings flag them. "
                    "Places separated by commas, e.g. 1 or 1,2,3. Empty: none."))
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
    # FMJD opens (Rotterdam): "offering and/or accepting a draw before 40 moves are played is punished by
    # awarding both players zero points". Unticked, such a draw is refused (seed rule 001).
    early_draw_scores_zero = models.BooleanField(
        _("an earlier draw scores 0-0"), default=False,
        help_text=_("A draw agreed before that move scores 0-0 for both players (FMJD opens). Unticked: such a "
                    "draw is refused."))
    # FMJD opens: a player this many minutes late loses by forfeit when the arbiter applies it (issue 26).
    default_time_minutes = models.PositiveSmallIntegerField(
        _("default time (minutes)"), default=0,
        help_text=_("A player who has not appeared this many minutes after the start loses by forfeit when the "
                    "arbiter applies it, board by board. 0: not used. FMJD opens: 30."))
    initial_colour = models.CharField(
        _("initial colour"), max_length=1, choices=[("w", _("White")), ("b", _("Black"))], default="w"
    )
    start_number_order = models.CharField(
        _("start numbers"), max_length=10, choices=StartNumberOrder.choices, default=StartNumberOrder.RATING
    )
    withdrawal_rule = models.CharField(
        _("results of withdrawn players"), max_length=10, choices=WithdrawalRule.choices, default=WithdrawalRule.HALF
    )
    # Outside round robins (issue 26; FMJD opens, Rotterdam): the results of a player who withdraws having
    # played not more than half the rounds are annulled in the standings (``tournaments.history``).
    annul_early_withdrawals = models.BooleanField(
        _("annul the results of early withdrawals"), default=False,
        help_text=_("A player who withdraws having played not more than half the rounds loses all results, and "
                    "so do their opponents' games against them (FMJD opens). The standings say so; untick this "
                    "or undo the withdrawal to restore them."))
    # What a late entry scores for the rounds played before it joined (issue 24, item 12).
    late_entry_byes = models.CharField(
        _("late entries, missed rounds"), max_length=4, choices=LateEntryByes.choices, default=LateEntryByes.ASK,
        help_text=_("What a player who enters late scores for each round played before joining."))
    late_entry_half_rounds = models.PositiveSmallIntegerField(
        _("half-point byes for at most"), default=0,
        help_text=_("Missed rounds that earn a half-point bye; later ones earn a zero-point bye. 0: no limit."))
    # Forfeits without notice after which the arbiter is warned and offered the withdrawal (item 13).
    forfeit_limit = models.PositiveSmallIntegerField(
        _("warn after forfeits"), default=2,
        help_text=_("Games lost by forfeit after which the arbiter is warned and offered to withdraw the player. "
                    "0: never."))
    # The pairing system's options that differ from its defaults (``SystemSpec.options``; checked by
    # ``SystemSpec.validate``): a Keizer's values and fractions, the Solkoff variant, Baku acceleration...
    system_options = models.JSONField(_("options of the pairing system"), default=dict, blank=True)
    # What a pairing is: between players or teams; the games it holds (a micro-match plays two, colours
    # reversed; a team match one per board, colours by the sequence: the first-named team's colour on
    # boards 1, 2, ... repeated, as TRF-2026 record 352); how a micro-match scores; balloted openings.
    competitors = models.CharField(_("competitors"), max_length=10, choices=Competitors.choices,
                                   default=Competitors.PLAYERS)
    boards_per_match = models.PositiveSmallIntegerField(_("boards per team match"), default=4)
    board_colours = models.CharField(
        _("colours of the first-named team by board"), max_length=20, default="WB",
        help_text=_("W and B for boards 1, 2, ..., repeated: WB = White on the odd boards."))
    # Team events (issue 27): the match points of a match won, drawn and lost (2/1/0 by the board points:
    # more than N, N, less than N), a team that does not show, the pairing-allocated bye of a team Swiss,
    # the captains' line-up deadline and the board prizes' minimum of games. ``team_scoring`` reads them.
    team_points_win = models.DecimalField(_("match points for a match won"), max_digits=4, decimal_places=1,
                                          default=Decimal(2))
    team_points_draw = models.DecimalField(_("match points for a match drawn"), max_digits=4, decimal_places=1,
                                           default=Decimal(1))
    team_points_loss = models.DecimalField(_("match points for a match lost"), max_digits=4, decimal_places=1,
                                           default=Decimal(0))
    team_no_show_penalty = models.DecimalField(
        _("match points taken from a team that does not show"), max_digits=4, decimal_places=1, default=Decimal(0),
        help_text=_("A team that does not show loses every board by forfeit and the match; this many match points "
                    "are taken from it on top. 0: no penalty."))
    team_pab_match_points = models.DecimalField(
        _("match points of a team's pairing-allocated bye"), max_digits=4, decimal_places=1, null=True, blank=True,
        help_text=_("Empty: as a match won (FIDE Swiss rules applied to teams)."))
    team_pab_board_points = models.DecimalField(
        _("board points of a team's pairing-allocated bye"), max_digits=5, decimal_places=1, null=True, blank=True,
        help_text=_("Empty: the points for a pairing-allocated bye on every board."))
    line_up_deadline_minutes = models.PositiveSmallIntegerField(
        _("line-up deadline (minutes before the start)"), null=True, blank=True,
        help_text=_("Captains hand in or change their line-up until this many minutes before the round's start "
                    "time, even after the round is published; then the roster's first available players play "
                    "for a team without one. Empty, or a round without a start time: until the round is "
                    "published."))
    board_prize_min_games = models.PositiveSmallIntegerField(
        _("board prizes: minimum games"), null=True, blank=True,
        help_text=_("Players with fewer games on a board are listed below the ranking of that board. Empty: half "
                    "the rounds, rounded up."))
    games_per_pairing = models.PositiveSmallIntegerField(
        _("games per pairing"), default=1, choices=[(1, _("One game")), (2, _("A micro-match of two games"))])
    pairing_score = models.CharField(_("a micro-match scores"), max_length=10, choices=PairingScore.choices,
                                     default=PairingScore.GAMES)
    micro_match_bye = models.CharField(
        _("a bye in a micro-match counts as"), max_length=10, choices=MicroMatchBye.choices,
        default=MicroMatchBye.MATCH,
        help_text=_("Also requested byes and absences: as a micro-match with that result in every game, or "
                    "as one game."))
    opening_deck = models.CharField(_("opening deck"), max_length=30, blank=True,
                                    help_text=_("Empty: free openings from the starting position."))
    opening_draw = models.CharField(_("openings drawn"), max_length=10, choices=OpeningDraw.choices,
                                    default=OpeningDraw.ROUND)
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
    # A live mirror key exists (issue 30.3): on this server the tournament is read-only for all but the
    # hall laptop's mirror. Kept by ``games.services.mirror`` (create and revoke), read by the permission
    # predicates without a query; never travels in an archive.
    mirror_live = models.BooleanField(default=False, editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.UniqueConstraint(fields=["event", "stage", "group"], name="one_tournament_per_stage_group"),
            # /t/Open/ and /t/open/ would be two tournaments a reader cannot tell apart: a web address
            # is unique whatever its case (checked again by the forms and imports, with a message).
            models.UniqueConstraint(Lower("slug"), name="tournament_slug_unique_ignoring_case"),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save every field but ``version``, which only ``versioning.bump`` writes (a stale copy in
        memory must never set the counter back). A new tournament without an event is the single stage
        of an event of its own (same name, its slug when free)."""
        if self._state.adding and self.event_id is None:
            self.event = Event.objects.create(slug=Event.free_slug(self.slug), name=self.name)
        if not self._state.adding and kwargs.get("update_fields") is None and not kwargs.get("force_insert"):
            kwargs["update_fields"] = [
                f.name for f in self._meta.concrete_fields if not f.primary_key and f.name != "version"
            ]
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("public:tournament", args=[self.slug])

    @property
    def counts_micro_matches(self) -> bool:
        """A micro-match event whose standings count the micro-matches (2/1/0), game points the first
        tie-break."""
        return (self.games_per_pairing > 1 and self.competitors == self.Competitors.PLAYERS
                and self.pairing_score == self.PairingScore.MATCH)

    @property
    def system(self) -> SystemSpec:
        """The pairing system's spec (the registry's; an unknown stored key is the Dutch system's)."""
        return SYSTEMS.get(self.pairing_system) or SYSTEMS["dutch"]

    @property
    def is_round_robin(self) -> bool:
        return self.system.round_robin

    def table_rounds(self, players: int) -> int | None:
        """The rounds of a round robin's Berger table for ``players`` (None: not a round robin)."""
        if not self.system.round_robin:
            return None
        return round_count(players, double=self.system.kind == "double_round_robin")

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


# What a tournament shows of a player, kept on its entry (copied from the ``Player`` at registration).
ENTRY_DETAILS = ("name", "title", "federation", "club", "fmjd_id", "national_id", "birth_year", "sex",
                 "national_rating")
# Details only the tournament that recorded them may see: never copied from or to the shared player row.
PRIVATE_DETAILS = ("national_id", "birth_year")


class Entry(models.Model):
    """A player's registration in a tournament, with a frozen start number and the player's details as
    this tournament shows them (name, title, federation, club, ids, birth year, ratings).

    The details are the entry's own: copied from the ``Player`` when the entry is created (fields left
    empty are filled from it), then changed only by this tournament's arbiters and imports. Private
    details (national id, birth year) are shown only to the tournament that recorded them.
    """


    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    name = models.CharField(_("name"), max_length=200, help_text=_("Lastname, Firstname"), validators=[printable])
    title = models.CharField(_("title"), max_length=10, blank=True, validators=[printable])
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    club = models.CharField(_("club"), max_length=120, blank=True, validators=[printable])
    fmjd_id = models.CharField(_("FMJD id"), max_length=20, blank=True, validators=[printable])
    national_id = models.CharField(_("national id"), max_length=20, blank=True, validators=[printable])
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True, choices=SEX_CHOICES)
    national_rating = models.IntegerField(_("national rating"), null=True, blank=True)
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
        indexes = [models.Index(fields=["fmjd_id"], name="entry_fmjd_id")]  # a player's history across events
        verbose_name = _("entry")
        verbose_name_plural = _("entries")

    def __str__(self) -> str:
        return f"{self.start_number or '-'}. {self.name}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A new entry takes the public details it was not given from its player (frozen from then on)."""
        if self._state.adding and self.player_id is not None:
            for field in ENTRY_DETAILS:
                if field not in PRIVATE_DETAILS and getattr(self, field) in ("", None):
                    setattr(self, field, getattr(self.player, field))
            if self.rating is None:
                self.rating = self.player.rating
        super().save(*args, **kwargs)

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
