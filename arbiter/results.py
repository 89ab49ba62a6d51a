"""Does the declared result fit the final position?

Only the board can contradict a result: a side to move with no legal move (no pieces, or all
blocked) has lost (FMJD 7 / seed 000 rule 18a-b). A resignation, a time loss or an agreed draw
leaves no trace on the board, so other results are "undetermined", not wrong. A decisive result
after a draw condition held is "doubtful": whether draws are automatic or claimed is unresolved.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from arbiter import messages as msg
from arbiter.moves import legal_raw
from arbiter.pdn_types import normalise_result
from arbiter.position import Position
from arbiter.profiles import Profile

Status = Literal["consistent", "mismatch", "doubtful", "undetermined", "incomplete"]

def outcome(result: str | None) -> str | None:
    """'W' (White won), 'B', 'D' (draw) or None (unknown, ``*``, double loss) for a PDN result.

    Both result families (``2-0``/``1-0`` ...) and Delfts scores (``4-6``) are understood.
    """
    return {"2-0": "W", "0-2": "B", "1-1": "D"}.get(normalise_result(result) or "")


_FAMILY_TEXT = {
    "international": {"W": "2-0", "B": "0-2", "D": "1-1", "L": "0-0"},
    "default": {"W": "1-0", "B": "0-1", "D": "1/2-1/2", "L": "0-0"},
}


def result_text(profile: Profile, winner: str) -> str:
    """The result in the profile's PDN family for winner 'W', 'B', 'D' or 'L' (both lose: ``0-0``)."""
    return _FAMILY_TEXT.get(profile.result_family, _FAMILY_TEXT["default"])[winner]


@dataclass(frozen=True)
class ResultCheck:
    """The verdict on the declared result; ``expected`` is what the board says, when it says anything."""

    declared: str | None
    status: Status
    expected: str | None
    message: str
    message_template: str
    params: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"declared": self.declared, "status": self.status, "expected": self.expected,
                "message": self.message}


def check_result(profile: Profile, final: Position, declared: str | None, stopped: bool, plies: int,
                 draw_rule: str | None, draw_ply: int | None) -> ResultCheck:
    """Compare the declared result with the final position (see the module docstring)."""
    shown = declared if declared else "*"
    if stopped:
        params: dict[str, Any] = {"ply": plies + 1, "declared": shown}
        return ResultCheck(declared, "incomplete", None, msg.render(msg.RES_INCOMPLETE, params), msg.RES_INCOMPLETE,
                           params)
    side = final.side_to_move
    stuck = not legal_raw(final)
    if stuck:
        winner = "B" if side == "W" else "W"
        expected = result_text(profile, winner)
        params = {"side": msg.side_name(side), "declared": shown}
        if outcome(declared) == winner:
            return ResultCheck(declared, "consistent", expected, msg.render(msg.RES_FITS_NO_MOVES, params),
                               msg.RES_FITS_NO_MOVES, params)
        return ResultCheck(declared, "mismatch", expected, msg.render(msg.RES_NO_MOVES, params), msg.RES_NO_MOVES,
                           params)
    if draw_rule is not None and outcome(declared) == "D":
        params = {"rule": draw_rule, "ply": draw_ply, "declared": shown}
        return ResultCheck(declared, "consistent", result_text(profile, "D"),
                           msg.render(msg.RES_DRAW_RULE_FITS, params), msg.RES_DRAW_RULE_FITS, params)
    if draw_rule is not None and outcome(declared) in ("W", "B"):
        params = {"rule": draw_rule, "ply": draw_ply, "declared": shown}
        return ResultCheck(declared, "doubtful", result_text(profile, "D"), msg.render(msg.RES_DRAW_RULE, params),
                           msg.RES_DRAW_RULE, params)
    params = {"declared": shown}
    return ResultCheck(declared, "undetermined", None, msg.render(msg.RES_UNDETERMINED, params), msg.RES_UNDETERMINED,
                       params)
