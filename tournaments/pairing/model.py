"""Frozen dataclasses shared by every pairing engine (``tournaments.pairing.systems`` lists them).

Engines are pure: a ``PairingInput`` in, a ``RoundPairing`` out. They never touch the ORM;
``tournaments.services.pairing`` is the only bridge to the models.
Points are in the tournament's own units (draughts: win 2, draw 1, loss 0); result codes, points and
what counts as a played game come from ``tournaments.vocabulary``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tournaments.vocabulary import Colour, RoundRecord, Scoring


@dataclass(frozen=True)
class PlayerRecord:
    id: int  # start number (pairing id)
    rating: int = 0
    name: str = ""
    points: float = 0.0
    history: tuple[RoundRecord, ...] = ()
    # Not to be paired in the round being paired (withdrawn, absent, requested bye).
    unavailable: bool = False
    title: str = ""
    # Virtual (acceleration) points per round, index r-1 for round r (missing = 0), added to the
    # score for pairing only (Baku acceleration, TRF XXA/250). The Dutch engine reads the current
    # round's entry and the earlier ones (for floats).
    accelerations: tuple[float, ...] = ()
    # Extra scores the caller supplies for the order inside a score group, compared after the
    # system's own (higher first): e.g. board points in a team-of-4 Swiss on resistance points.
    order_scores: tuple[float, ...] = ()
    # Points the player starts with (an event's stage points carried into the next stage): part of
    # the pairing score in every round, as if scored before round 1. The score-group engines
    # (Dutch, FMJD and the other halves Swiss) read it; Keizer and round robins do not need it.
    starting_points: float = 0.0


@dataclass(frozen=True)
class PairingInput:
    round: int  # the round to pair, 1-based
    total_rounds: int
    players: tuple[PlayerRecord, ...]
    scoring: Scoring = field(default_factory=Scoring)
    initial_colour: Colour = "w"  # colour of the top paired player in round 1
    prohibited: tuple[frozenset[int], ...] = ()  # pairs (or groups) that must not meet
    baku_acceleration: bool = False


# The first reason of a board an arbiter changed by hand (an exchange or a colour swap).
ARBITER_CHANGE_REASON = "Changed by an arbiter: the engine paired this board differently"


@dataclass(frozen=True)
class Pairing:
    white: int
    black: int
    board: int
    # Why this pairing was made: floats, colour preferences met or not, ... (plain English,
    # each a template from ``reasons`` so the web layer can translate it).
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bye:
    player: int
    kind: Literal["pab", "half", "zero", "full"] = "pab"
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoundPairing:
    round: int
    pairings: tuple[Pairing, ...]
    byes: tuple[Bye, ...] = ()
    warnings: tuple[str, ...] = ()


class PairingError(Exception):
    """No valid pairing exists (for the user: shown, translated)."""
