"""Move notation (FMJD 8.2, PDN 3.0): a lenient reader and a strict writer.

Reading accepts ``-``, ``x``, ``X``, ``:`` and unicode dashes alike as separators, spaces around
squares (``1- 6``, ``47x 9``), leading zeros, four digits with no separator on 10x10 (``3228``),
short or full capture paths, and alphanumeric squares (``c3:e5``) on 8x8 boards.
Writing gives the shortest unambiguous text: ``from-to`` or ``fromxto``; the full PDN path only
when another legal move has the same origin and destination.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from arbiter.moves import apply_move, legal_moves, legal_raw, pdn_path, raw_sequences, to_move, traversed
from arbiter.position import Move, Position, initial_position
from arbiter.profiles import Profile, get_profile
from arbiter.rulesets import rules_for


class NotationError(ValueError):
    """Raised for move text that cannot be read as a move."""


class OffBoardError(NotationError):
    """A written square number that is not on the board (``40-51`` on 10x10); ``square`` is the number."""

    def __init__(self, message: str, square: int, last: int) -> None:
        super().__init__(message)
        self.square = square
        self.last = last


@dataclass(frozen=True)
class ParsedMove:
    """Squares written for a move (origin, any intermediate squares, destination) and whether the
    text used a capture separator (None when no separator was written)."""

    squares: tuple[int, ...]
    capture_sign: bool | None

    @property
    def from_sq(self) -> int:
        return self.squares[0]

    @property
    def to_sq(self) -> int:
        return self.squares[-1]


_SEPARATORS = re.compile(r"\s*[-xX:\u2010\u2011\u2012\u2013\u2014\u2212\u00d7]\s*")
_CAPTURE_SEPS = set("xX:\u00d7")


def square_name(profile: Profile | str, square: int) -> str:
    """The written name of a square under the profile's notation (``32`` or ``c3``)."""
    prof = get_profile(profile)
    if prof.notation == "alphanumeric":
        return prof.geometry.alphanumeric(square)
    return str(square)


def write_squares(profile: Profile, squares: tuple[int, ...], capture: bool) -> str:
    """Squares joined by the profile's capture or move separator (``27x16x7x18``, ``c3-d4``)."""
    sep = profile.capture_separator if capture else profile.move_separator
    return sep.join(square_name(profile, s) for s in squares)


def parse_square(profile: Profile | str, text: str) -> int:
    """Read one square (number, or alphanumeric on 8x8 boards); raises NotationError."""
    prof = get_profile(profile)
    g = prof.geometry
    t = text.strip()
    if t.isdigit():
        s = int(t)
        if 1 <= s <= g.squares:
            return s
        raise OffBoardError(f"square {t} is off the board (1-{g.squares})", s, g.squares)
    a = g.from_alphanumeric(t)
    if a is None:
        raise NotationError(f"{t!r} is not a square")
    return a


def parse_move_text(text: str, profile: Profile | str) -> ParsedMove:
    """Read move text leniently into its squares; raises NotationError naming the bad text."""
    prof = get_profile(profile)
    t = text.strip()
    if not t:
        raise NotationError("empty move text")
    seps = _SEPARATORS.findall(t)
    parts = _SEPARATORS.split(t)
    if len(parts) == 1:
        # No separator: "3228" (10x10) or "2218" (8x8): two 2-digit squares.
        if t.isdigit() and len(t) == 4:
            parts = [t[:2], t[2:]]
            seps = []
        elif re.fullmatch(r"(?:[a-hA-H][1-8]){2,}", t):
            parts = [t[i:i + 2] for i in range(0, len(t), 2)]  # "a3b4"
            seps = []
        else:
            try:
                parse_square(prof, t)
            except NotationError:
                raise NotationError(f"cannot read move {text!r}: not a move (no separator, not a square)") from None
            raise NotationError(f"cannot read move {text!r}: one square only, a move needs two")
    if any(p == "" for p in parts):
        raise NotationError(f"cannot read move {text!r}: missing square")
    try:
        squares = tuple(parse_square(prof, p) for p in parts)
    except OffBoardError as exc:
        raise OffBoardError(f"cannot read move {text!r}: {exc}", exc.square, exc.last) from None
    except NotationError as exc:
        raise NotationError(f"cannot read move {text!r}: {exc}") from None
    capture: bool | None = None
    if seps:
        capture = any(s.strip() in _CAPTURE_SEPS for s in seps)
    return ParsedMove(squares, capture)


def is_subsequence(needle: tuple[int, ...], hay: tuple[int, ...]) -> bool:
    """True when the squares of ``needle`` appear in ``hay`` in the same order (gaps allowed)."""
    it = iter(hay)
    return all(x in it for x in needle)


def match_moves(pos: Position, parsed: ParsedMove, candidates: list[Move]) -> list[Move]:
    """The moves among ``candidates`` that fit the written squares.

    Origin and destination must match. Written intermediate squares must appear, in order, among
    the squares where some path of the move stops (landing squares, and the PDN path squares);
    if no candidate fits that way, among all squares the piece passes over (lenient reading of
    sloppy paths). Candidates may be any moves of the position, e.g. ``legal_moves``,
    ``all_capture_sequences`` or ``capture_prefixes``.
    """
    ends = [m for m in candidates if m.from_sq == parsed.from_sq and m.to_sq == parsed.to_sq]
    mids = parsed.squares[1:-1]
    if not mids or not ends:
        return ends
    rules = rules_for(pos.profile)
    stops: dict[tuple[int, int, frozenset[int]], list[tuple[int, ...]]] = {}
    passes: dict[tuple[int, int, frozenset[int]], list[tuple[int, ...]]] = {}
    sq_of = rules.geo.sq_of
    for raw in raw_sequences(pos, include_prefixes=True):
        key = to_move(rules, raw).key
        pdn = pdn_path(rules, raw)
        landings = [sq_of[st[0]] for st in raw[4]]
        # In path order: for each jump, the PDN square and the actual landing square.
        merged: list[int] = []
        for i, land in enumerate(landings[:-1]):
            merged.extend((pdn[i + 1], land) if pdn[i + 1] != land else (land,))
        stops.setdefault(key, []).append(tuple(merged))
        passes.setdefault(key, []).append(traversed(rules, raw)[1:-1])
    for table in (stops, passes):
        out = [m for m in ends if any(is_subsequence(mids, p) for p in table.get(m.key, []))]
        if out:
            return out
    return []


def find_moves(pos: Position, text: str) -> list[Move]:
    """The legal moves that match ``text``: empty when none does; more than one (with different
    captures) when the text is ambiguous. Raises NotationError for unreadable text."""
    parsed = parse_move_text(text, pos.profile)
    rules = rules_for(pos.profile)
    idx = rules.geo.idx_of
    frm, to = idx[parsed.from_sq], idx[parsed.to_sq]
    # Build Move objects only for the raw moves with the written origin and destination.
    candidates = [to_move(rules, r) for r in legal_raw(pos) if r[0] == frm and r[1] == to]
    return match_moves(pos, parsed, candidates)


def move_to_text(pos: Position, move: Move, legal: list[Move] | None = None) -> str:
    """Strict notation of ``move`` in ``pos``: ``from-to`` / ``fromxto``, or the full PDN path
    (turn squares, or the square behind each captured piece) when another legal move shares the
    origin and destination. ``legal`` may pass the precomputed legal moves."""
    prof = pos.profile
    moves = legal_moves(pos) if legal is None else legal
    ambiguous = any(m.from_sq == move.from_sq and m.to_sq == move.to_sq and m.key != move.key for m in moves)
    squares: tuple[int, ...] = (move.from_sq, move.to_sq)
    if ambiguous and move.captures:
        squares = move.path if len(move.path) >= 2 else _path_of(pos, move)
    return write_squares(prof, squares, bool(move.captures))


def _path_of(pos: Position, move: Move) -> tuple[int, ...]:
    rules = rules_for(pos.profile)
    for raw in raw_sequences(pos, include_prefixes=True):
        if to_move(rules, raw).key == move.key:
            return pdn_path(rules, raw)
    return (move.from_sq, move.to_sq)


@lru_cache(maxsize=32)
def example_moves(profile: str) -> str:
    """Two moves from the start position in the profile's own notation, for a form's help text: an
    exchange when the rules allow one in two moves (international: ``1. 32-28 19-23 2. 28x19 14x23``;
    Russian: ``1. c3-d4 f6-e5 2. d4:f6 g7:e5``), else the first legal moves.
    Moves towards the centre come first, so the example looks like a game."""
    prof = get_profile(profile)
    g = prof.geometry
    middle = (g.size - 1) / 2

    def off_centre(square: int) -> float:
        row, col = g.row_col(square)
        return abs(row - middle) + abs(col - middle)

    def central(pos: Position) -> list[Move]:
        return sorted(legal_moves(pos), key=lambda m: (off_centre(m.to_sq), m.from_sq, m.to_sq))

    start = initial_position(prof)
    plies: list[tuple[Position, Move]] = []
    for first in central(start):
        after_first = apply_move(start, first)
        for second in central(after_first):
            after_second = apply_move(after_first, second)
            thirds = [m for m in central(after_second) if m.captures]
            if not thirds:
                continue
            after_third = apply_move(after_second, thirds[0])
            fourths = [m for m in central(after_third) if m.captures]
            if fourths:
                plies = [(start, first), (after_first, second), (after_second, thirds[0]), (after_third, fourths[0])]
                break
        if plies:
            break
    if not plies:
        pos = start
        for _ in range(4):
            moves = central(pos)
            if not moves:
                break
            plies.append((pos, moves[0]))
            pos = apply_move(pos, moves[0])
    texts = [move_to_text(pos, move) for pos, move in plies]
    pairs = [" ".join(texts[i:i + 2]) for i in range(0, len(texts), 2)]
    return " ".join(f"{n}. {pair}" for n, pair in enumerate(pairs, start=1))
