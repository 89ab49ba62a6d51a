"""The validator's values: a game as recorded, rulings, irregularities, draw conditions, the report.

Everything here is plain data; ``arbiter.replay`` produces it and ``arbiter.rulings`` amends it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from arbiter.draws import PlyFacts
from arbiter.position import Move, Position
from arbiter.profiles import Profile
from arbiter.results import ResultCheck

Side = Literal["W", "B"]


@dataclass
class GameRecord:
    """A game as recorded: start FEN (None = the initial position), moves as written, variant and
    declared result (PDN form such as ``2-0``, ``1-1``, ``1/2-1/2``; None or ``*`` = unknown)."""

    start_fen: str | None
    moves: list[str]
    variant: str = "international"
    declared_result: str | None = None
    # Optional: the move number and (line, column) of each ply in its source file.
    move_numbers: list[int | None] | None = None
    locations: list[tuple[int, int] | None] | None = None


@dataclass(frozen=True)
class Ruling:
    """An arbiter's ruling on the irregularity at ``ply`` (1-based).

    ``decision``: 'stands' or 'corrected' (then ``corrected_move`` is the legal move played instead).
    ``demanded_in_time``: the opponent demanded the correction before making a further move. FMJD 5.4
    and seed 000 rule 10: once a further move was made the irregular move stands, so a correction of
    a ply that the record shows was followed by further moves is refused unless this is True (the
    game then went on from the corrected position, and the later moves are re-validated from it).
    """

    ply: int
    decision: Literal["stands", "corrected"]
    corrected_move: str | None = None
    comment: str = ""
    demanded_in_time: bool = False


@dataclass(frozen=True)
class Irregularity:
    """One irregular ply: what was played, what was required, which article, and why.

    ``required`` lists every legal capture (full PDN path) when a capture was compulsory.
    ``message`` is English; ``message_template`` (a constant of ``arbiter.messages``) and ``params``
    let another layer translate it. ``ruling`` is the arbiter's 'stands' ruling, if any.
    """

    ply: int
    move_number: int
    side: Side
    kind: str
    played: str
    required: list[str]
    article: str
    message: str
    message_template: str
    params: dict[str, Any]
    line: int | None = None
    column: int | None = None
    ruling: Ruling | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"ply": self.ply, "move_number": self.move_number, "side": self.side, "kind": self.kind,
                "played": self.played, "required": list(self.required), "article": self.article,
                "message": self.message, "message_template": self.message_template, "params": dict(self.params),
                "line": self.line, "column": self.column,
                "ruling": None if self.ruling is None else {
                    "decision": self.ruling.decision, "corrected_move": self.ruling.corrected_move,
                    "comment": self.ruling.comment, "demanded_in_time": self.ruling.demanded_in_time}}


@dataclass(frozen=True)
class Stop:
    """Why the replay stopped at ``ply`` (that ply could not be played at all)."""

    ply: int
    message: str
    message_template: str
    params: dict[str, Any]


@dataclass(frozen=True)
class PlyRecord:
    """One replayed ply: as written, the move replayed, and its strict notation."""

    ply: int
    move_number: int
    side: Side
    played: str
    move: Move
    notation: str
    legal: bool


@dataclass(frozen=True)
class DrawCondition:
    """A draw rule whose condition first held after ``ply``, with its evidence."""

    rule: str
    ply: int
    evidence_plies: tuple[int, ...]
    message: str
    message_template: str
    params: dict[str, Any]


@dataclass(frozen=True)
class RulingError:
    """A ruling that could not be applied, and why."""

    ruling: Ruling
    message: str
    message_template: str
    params: dict[str, Any]


@dataclass
class ValidationReport:
    """Everything the replay found. ``positions[i]`` is the position after ply ``i`` (0 = start)."""

    profile: Profile
    positions: list[Position]
    plies: list[PlyRecord]
    irregularities: list[Irregularity]
    stopped: Stop | None
    draw_conditions: list[DrawCondition]
    result: ResultCheck
    facts: list[PlyFacts]
    declared_result: str | None
    total_plies: int
    rulings: list[Ruling] = field(default_factory=list)
    ruling_errors: list[RulingError] = field(default_factory=list)
    corrections: dict[int, str] = field(default_factory=dict)
    # Irregularities removed by a 'corrected' ruling, each with that ruling attached.
    resolved: list[Irregularity] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """True when every ply was legal (irregularities ruled 'stands' still count) and the replay ended."""
        return not self.irregularities and self.stopped is None

    @property
    def draw(self) -> DrawCondition | None:
        """The first draw condition that held, if any."""
        return self.draw_conditions[0] if self.draw_conditions else None

    @property
    def start(self) -> Position:
        """The start position."""
        return self.positions[0]

    @property
    def final(self) -> Position:
        """The last position reached."""
        return self.positions[-1]

    def position_after(self, ply: int) -> Position:
        """The position after ``ply`` (0 = start); IndexError names the range."""
        if not 0 <= ply < len(self.positions):
            raise IndexError(f"ply {ply} was not reached; plies 0-{len(self.positions) - 1} were")
        return self.positions[ply]

    def fen_after(self, ply: int) -> str:
        """FEN of the position after ``ply``."""
        return self.position_after(ply).to_fen()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (the ``check --json`` game entry has a subset of these keys)."""
        d = self.draw
        return {
            "variant": self.profile.name,
            "plies": len(self.plies),
            "irregularities": [i.to_dict() for i in self.irregularities],
            "stopped": None if self.stopped is None else {"ply": self.stopped.ply, "message": self.stopped.message},
            "draw": None if d is None else {"rule": d.rule, "ply": d.ply},
            "draw_conditions": [{"rule": c.rule, "ply": c.ply, "evidence_plies": list(c.evidence_plies),
                                 "message": c.message} for c in self.draw_conditions],
            "result": self.declared_result,
            "result_check": self.result.to_dict(),
            "ruling_errors": [{"ply": e.ruling.ply, "message": e.message} for e in self.ruling_errors],
            "corrections": {str(k): v for k, v in self.corrections.items()},
            "resolved": [i.to_dict() for i in self.resolved],
        }


@dataclass
class GameSource:
    """A game normalised for the replay: profile, start position, move texts and where they were written."""

    profile: Profile
    start: Position
    texts: list[str]
    numbers: list[int | None]
    locations: list[tuple[int, int] | None]
    declared: str | None


class GameInputError(ValueError):
    """The game cannot be replayed at all (unknown variant, unreadable start FEN)."""
