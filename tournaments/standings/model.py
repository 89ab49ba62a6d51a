"""Frozen input and output dataclasses of the standings module (pure, no Django).

Points are in the tournament's own units (draughts: win 2, draw 1, loss 0), taken from the
tournament's ``Scoring``. Each round of a player is a ``RoundRecord`` with a TRF result code,
so the tie-breaks can tell played games, forfeits and the kinds of bye apart (C.07 art. 16).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tournaments.scores.keizer import KeizerParams
from tournaments.scores.opponents import ByeRule
from tournaments.vocabulary import RoundRecord, Scoring

TournamentKind = Literal["swiss", "round_robin", "double_round_robin", "keizer", "moyenne"]
KINDS: tuple[str, ...] = ("swiss", "round_robin", "double_round_robin", "keizer", "moyenne")
# A tie-break value: a number, None when not applicable (e.g. ARO with unrated players),
# or a tuple for cascades (SOLK/T, FMJD-TS) and results in ranking order (RRO), compared
# lexicographically.
TiebreakValue = float | tuple[float, ...] | None
# The edition of FIDE C.07 (see ``tournaments.standings.editions``).
Edition = Literal["2024", "2026"]
# Column label for StandingsRow.rating_change: always shown as an estimate.
RATING_CHANGE_LABEL = "Rating change (estimated)"


class StandingsError(ValueError):
    """Bad standings input or settings; the message says what and where."""


@dataclass(frozen=True)
class StandingsPlayer:
    """One entry of the tournament with its results.

    ``rounds`` holds at most one record per round (round numbers 1..total); a missing round
    means the player was not paired (not yet entered, withdrawn): a zero-point absence.
    ``rating`` 0 means unrated.
    """

    start_number: int
    name: str = ""
    rating: int = 0
    title: str = ""
    federation: str = ""
    rounds: tuple[RoundRecord, ...] = ()


@dataclass(frozen=True)
class StandingsInput:
    """A tournament as the standings see it.

    ``tiebreaks`` None means the default order for ``kind`` (see ``default_tiebreaks``).
    ``after_round`` limits the standings to rounds 1..after_round (None: every round present).
    ``k_factor`` is the development coefficient for the *estimated* rating change.
    ``unrated_rating``: the rating assumed for unrated players in ARO/TPR; None follows C.07
    (rating-based tie-breaks are not applicable, value None, when anyone is unrated).
    ``fmjd_bye_zero``: the FMJD Solkoff convention (a bye or any unplayed round counts as an
    opponent score of 0 in the player's own BH family) instead of C.07 art. 16.
    ``solkoff_bye``: how the FMJD Solkoff family (SOLK, SOLK/M, SOLK/T1, SOLK/T, SOLK+, FMJD-TS) and
    the resistance points (WP) count a round without an opponent: ``"zero"`` (default, FMJD: an
    opponent score of 0, cut first) or ``"skip"`` (left out, so the cuts take real opponents).
    ``moyenne_min_games``: kind ``moyenne`` ranks the players with at least this many games played
    (the classified) above the others, each by moyenne.
    ``edition``: the edition of FIDE C.07 (``tournaments.standings.editions``). ``"2026"`` caps
    the dummy of a player's own unplayed round (art. 16.4): at most the scheduled opponent's
    adjusted score (a forfeit, 16.4.1), otherwise at most a draw's points times the number of
    rounds (16.4.2). ``"2024"`` (the default) has no cap.
    """

    players: tuple[StandingsPlayer, ...]
    total_rounds: int
    scoring: Scoring = field(default_factory=Scoring)
    kind: TournamentKind = "swiss"
    tiebreaks: tuple[str, ...] | None = None
    after_round: int | None = None
    k_factor: float = 20.0
    unrated_rating: int | None = None
    fmjd_bye_zero: bool = False
    edition: Edition = "2024"
    keizer: KeizerParams = field(default_factory=KeizerParams)
    solkoff_bye: ByeRule = "zero"
    moyenne_min_games: int = 0


@dataclass(frozen=True)
class StandingsRow:
    """One line of the standings, in rank order.

    ``rank`` is shared ("1224" style) by players equal on points and every tie-break.
    ``tiebreaks`` maps each code of the tournament's order to its value.
    ``rating_change`` is an *estimate* (Elo with the tournament's K; the federation's own
    calculation may differ); None when the player or all opponents are unrated.
    ``keizer_score`` is set for Keizer events only (it is what they rank by); ``moyenne`` (points
    per game played, None before a game) and ``classified`` for moyenne events only.
    """

    rank: int
    start_number: int
    name: str
    rating: int
    title: str
    federation: str
    points: float
    tiebreaks: dict[str, TiebreakValue]
    games: int
    wins: int
    draws: int
    losses: int
    performance: int | None
    rating_change: float | None
    keizer_score: float | None = None
    moyenne: float | None = None
    classified: bool | None = None


# ``Standings.separated_by`` of two players whose places a recorded play-off decided.
PLAYOFF = "PLAYOFF"


@dataclass(frozen=True)
class PlayoffDecision:
    """A play-off the standings applied: the places from ``first`` on, in the play-off's finishing
    order (start numbers, winner first), and its games or score as the arbiter wrote them."""

    first: int
    order: tuple[int, ...]
    games: str = ""

    @property
    def last(self) -> int:
        return self.first + len(self.order) - 1


@dataclass(frozen=True)
class Standings:
    """The result: rows in rank order, plus the tie-break codes used, in order.

    ``separated_by[i]`` says what puts ``rows[i]`` above ``rows[i + 1]``: ``"PTS"`` (points, the
    Keizer score, or the moyenne with the classified first), the first tie-break code whose values
    differ, ``PLAYOFF`` when a recorded play-off decided it, or None when the two share the place
    (equal on everything). ``playoffs``: the play-offs applied (``reports.standings.apply_playoffs``).
    """

    rows: tuple[StandingsRow, ...]
    tiebreaks: tuple[str, ...]
    after_round: int
    kind: TournamentKind
    edition: Edition = "2024"
    separated_by: tuple[str | None, ...] = ()
    playoffs: tuple[PlayoffDecision, ...] = ()
