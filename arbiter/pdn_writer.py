"""Writing PDN (strict form, PDN 3.0 "what writers must emit").

Reading back what ``write_game`` wrote gives an equal ``PdnGame`` (tags, moves with their numbers,
sides, strength marks, NAGs, comments and variations, result).
"""

from __future__ import annotations

from arbiter.moves import apply_move, legal_moves
from arbiter.notation import move_to_text
from arbiter.pdn_types import PdnGame, PdnMove, PdnVariation
from arbiter.position import Move, Position
from arbiter.profiles import Colour

WRAP = 79


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def _comment(text: str) -> str:
    if _balanced(text) or "\n" in text:
        return "{" + (text if _balanced(text) else text.replace("{", "(").replace("}", ")")) + "}"
    return ";" + text  # a brace comment cannot hold this text; a line comment can


class _Frame:
    """One line being written: its moves, the next one, and the variations still to write after it."""

    __slots__ = ("moves", "i", "need_number", "prev", "variations")

    def __init__(self, moves: list[PdnMove]) -> None:
        self.moves = moves
        self.i = 0
        self.need_number = True
        self.prev: PdnMove | None = None
        self.variations: list[PdnVariation] = []


def _move_tokens(fr: _Frame, mv: PdnMove, first: Colour, out: list[str]) -> None:
    prev = fr.prev
    if prev is not None:
        # The reader counts on from the previous move; write the number when that would
        # give something else than what was read.
        expected = (prev.number, "B" if first == "W" else "W") if prev.side == first else (prev.number + 1, first)
        fr.need_number = fr.need_number or (mv.number, mv.side) != expected
    fr.prev = mv
    if mv.side == first:
        out.append(f"{mv.number}.")
    elif fr.need_number:
        out.append(f"{mv.number}...")
    out.append(mv.text + mv.strength)
    out.extend(mv.nags)
    fr.need_number = False
    if mv.comments:
        out.extend(_comment(c) for c in mv.comments)
        fr.need_number = True
    fr.variations = list(reversed(mv.variations))


def _line_tokens(moves: list[PdnMove], comments: list[str], first: Colour, out: list[str]) -> None:
    """The tokens of a line and of all its variations, depth-first, without recursion (any depth)."""
    out.extend(_comment(c) for c in comments)
    stack = [_Frame(moves)]
    while stack:
        fr = stack[-1]
        if fr.variations:
            var = fr.variations.pop()
            fr.need_number = True
            out.append("(")
            out.extend(_comment(c) for c in var.comments)
            stack.append(_Frame(var.moves))
        elif fr.i < len(fr.moves):
            fr.i += 1
            _move_tokens(fr, fr.moves[fr.i - 1], first, out)
        else:
            stack.pop()
            if stack:
                out.append(")")


def _wrap(tokens: list[str]) -> str:
    lines: list[str] = []
    cur = ""
    for tok in tokens:
        if cur.startswith(";") or " ;" in cur:
            lines.append(cur)  # a line comment runs to the end of its line
            cur = tok
        elif cur and (cur.endswith("(") or tok == ")"):
            cur = cur + tok  # no space inside the parentheses of a variation
        elif cur and len(cur) + 1 + len(tok) > WRAP:
            lines.append(cur)
            cur = tok
        else:
            cur = f"{cur} {tok}" if cur else tok
    if cur:
        lines.append(cur)
    return "\n".join(lines)


def write_game(game: PdnGame) -> str:
    """One game as PDN text: tag pairs in their order, a blank line, the movetext and the result."""
    parts = [f'[{k} "{_escape(v)}"]' for k, v in game.tags.items()]
    tokens: list[str] = []
    _line_tokens(game.moves, game.comments, game.first_side, tokens)
    tokens.append(game.result or "*")
    body = _wrap(tokens)
    return ("\n".join(parts) + "\n\n" if parts else "") + body + "\n"


def write_pdn(games: list[PdnGame]) -> str:
    """Several games, separated by blank lines."""
    return "\n".join(write_game(g) for g in games)


def moves_to_movetext(start: Position, moves: list[Move], result: str | None = None,
                      first_number: int = 1) -> str:
    """PDN movetext with move numbers for moves replayed from ``start``.

    Each move is written in strict notation in the position where it is played (shortest
    unambiguous form); moves need not be legal (they are applied with ``apply_move``). The
    result, if given, ends the text.
    """
    first: Colour = start.profile.first_side
    pos = start
    number = first_number
    tokens: list[str] = []
    for i, mv in enumerate(moves):
        side = pos.side_to_move
        if side == first:
            tokens.append(f"{number}.")
        elif i == 0:
            tokens.append(f"{number}...")
        tokens.append(move_to_text(pos, mv, legal_moves(pos)))
        pos = apply_move(pos, mv)
        if side != first:
            number += 1
    if result is not None:
        tokens.append(result)
    return _wrap(tokens)
