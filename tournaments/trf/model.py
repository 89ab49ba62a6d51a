"""Frozen dataclasses for a parsed TRF file (see ``tournaments.trf`` for the API)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tournaments.vocabulary import Scoring

Colour = Literal["w", "b"]


class TrfError(ValueError):
    """A TRF file could not be read: ``line`` (1-based, 0 if not tied to a line), ``field`` and ``message``."""

    def __init__(self, line: int, field_name: str, message: str) -> None:
        self.line = line
        self.field = field_name
        self.message = message
        where = f"line {line}, " if line else ""
        super().__init__(f"TRF error: {where}field {field_name}: {message}")


@dataclass(frozen=True)
class TrfCell:
    """One round cell of a ``001`` record.

    ``opponent`` is None for no opponent (``0000``/blank); ``colour`` None for ``-``/blank;
    ``result`` is the upper-cased result code (a blank code is stored as ``Z``).
    """

    opponent: int | None
    colour: Colour | None
    result: str

    @property
    def is_absence(self) -> bool:
        """A pre-entered absence or requested bye: no opponent and code H, Z, F or ``-``."""
        return self.opponent is None and self.result in ("H", "Z", "F", "-")


@dataclass(frozen=True)
class TrfPlayer:
    start: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: float = 0.0
    rank: int = 0
    cells: tuple[TrfCell, ...] = ()
    # Line of the record in the file (0 if built in code); not part of equality.
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfBye:
    """A TRF26 ``240`` record: requested byes of kind F/H/Z in one round."""

    kind: str
    round: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class TrfAcceleration:
    """Virtual points for a player in one round (from ``XXA`` or ``250``)."""

    player: int
    round: int
    points: float


@dataclass(frozen=True)
class TrfProhibited:
    """Players who must not meet each other from ``first_round`` to ``last_round`` (0 = every round)."""

    players: frozenset[int]
    first_round: int = 0
    last_round: int = 0


@dataclass(frozen=True)
class TrfTournament:
    players: tuple[TrfPlayer, ...]
    total_rounds: int = 0
    initial_colour: Colour | None = None
    scoring: Scoring = field(default_factory=Scoring)
    # True if the file declared its point system (162 or BB*); else ``scoring`` was inferred.
    scoring_declared: bool = False
    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    tournament_type: str = ""  # 092 (free text)
    system: str = ""  # 192, e.g. FIDE_DUTCH_2025 or FIDE_DUTCH_2025_BAKU
    chief_arbiter: str = ""
    deputies: str = ""
    time_control: str = ""
    round_dates: tuple[str, ...] = ()
    tiebreaks: tuple[str, ...] = ()  # 202
    standings_tiebreaks: tuple[str, ...] = ()  # 212
    byes: tuple[TrfBye, ...] = ()
    acceleration: tuple[TrfAcceleration, ...] = ()
    prohibited: tuple[TrfProhibited, ...] = ()
    comments: tuple[str, ...] = ()

    @property
    def rounds_played(self) -> int:
        """The number of round columns present in any player record."""
        return max((len(p.cells) for p in self.players), default=0)

    @property
    def baku(self) -> bool:
        """True if the system code (192) asks for Baku acceleration."""
        return self.system.upper().endswith("_BAKU")

    def player(self, start: int) -> TrfPlayer:
        """The player with that start number (KeyError if none)."""
        for p in self.players:
            if p.start == start:
                return p
        raise KeyError(start)
