"""Frozen dataclasses shared by every pairing engine (Berger, Dutch, Keizer).

Engines are pure: a ``PairingInput`` in, a ``RoundPairing`` out. They never touch the ORM;
``tournaments.services.pairing`` is the only bridge to the models.
Points are in the tournament's own units (draughts: win 2, draw 1, loss 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Colour = Literal["w", "b"]
# TRF result codes: 1 = 0 played; + - forfeit; H half-point bye, Z zero-point bye / absent,
# U pairing-allocated bye, F full-point bye; W D L unrated games of less than one move.
ResultCode = Literal["1", "=", "0", "+", "-", "H", "Z", "U", "F", "W", "D", "L"]
PLAYED_CODES = frozenset({"1", "=", "0", "W", "D", "L"})


@dataclass(frozen=True)
class RoundRecord:
    """What one player did in one round."""

    round: int
    opponent: int | None  # start number, None for a bye or absence
    colour: Colour | None
    result: ResultCode

    @property
    def played(self) -> bool:
        """A game over the board: counts for colour history and rematch prevention (forfeits do not)."""
        return self.opponent is not None and self.result in PLAYED_CODES


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


@dataclass(frozen=True)
class Scoring:
    win: float = 2.0
    draw: float = 1.0
    loss: float = 0.0
    pab: float = 2.0  # pairing-allocated bye
    forfeit_win: float = 2.0
    forfeit_loss: float = 0.0
    half_bye: float = 1.0
    zero_bye: float = 0.0
    full_bye: float = 2.0


@dataclass(frozen=True)
class PairingInput:
    round: int  # the round to pair, 1-based
    total_rounds: int
    players: tuple[PlayerRecord, ...]
    scoring: Scoring = field(default_factory=Scoring)
    initial_colour: Colour = "w"  # colour of the top paired player in round 1
    prohibited: tuple[frozenset[int], ...] = ()  # pairs (or groups) that must not meet
    baku_acceleration: bool = False


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
