"""Judging one recorded ply: legal, or which irregularity (FMJD art. 5.4) and what it leads to.

``judge_ply`` takes the position before the ply and the move as written. It returns the move to
replay (the legal move, or the irregular move "as written", since an irregular move stands unless
corrected, FMJD 5.4) and, for an irregular ply, its kind, what was required and why it is wrong.
When no position can be reached (unreadable text, no own piece on the origin, an occupied
destination) the move is None and the replay must stop.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from arbiter import messages as msg
from arbiter.moves import all_capture_sequences, apply_move, capture_dead_ends, capture_prefixes, to_move
from arbiter.notation import (
    NotationError,
    OffBoardError,
    ParsedMove,
    find_moves,
    is_subsequence,
    match_moves,
    parse_move_text,
    square_name,
    write_squares,
)
from arbiter.position import IllegalMoveError, Move, Position
from arbiter.profiles import Profile
from arbiter.rulesets import rules_for

ILLEGAL_MOVE = "illegal_move"
CAPTURE_MISSED = "capture_missed"
CAPTURE_NOT_MAXIMAL = "capture_not_maximal"
CAPTURE_INCOMPLETE = "capture_incomplete"
AMBIGUOUS_NOTATION = "ambiguous_notation"
KINDS: tuple[str, ...] = (ILLEGAL_MOVE, CAPTURE_MISSED, CAPTURE_NOT_MAXIMAL, CAPTURE_INCOMPLETE, AMBIGUOUS_NOTATION)

# (irregularity article, article of the rule broken) under the FMJD rules (Annex 1).
_FMJD_ARTICLES: dict[str, tuple[str, str]] = {
    ILLEGAL_MOVE: ("FMJD 5.4.2", "FMJD 3"),
    CAPTURE_MISSED: ("FMJD 5.4.6", "FMJD 4.1"),
    CAPTURE_NOT_MAXIMAL: ("FMJD 5.4.8", "FMJD 4.13"),
    CAPTURE_INCOMPLETE: ("FMJD 5.4.9", "FMJD 4.5"),
    AMBIGUOUS_NOTATION: ("FMJD 8.2", "FMJD 8.2"),
}
# Plies replayed ahead to decide what an ambiguous move meant.
LOOKAHEAD = 40
_FMJD_PROFILES = frozenset({"international", "brazilian"})


# The rule each kind breaks, as the keys of ``Profile.articles`` name them.
_RULE_OF_KIND: dict[str, str] = {
    ILLEGAL_MOVE: "move_rule",
    CAPTURE_MISSED: "capture_rule",
    CAPTURE_NOT_MAXIMAL: "majority_rule",
    CAPTURE_INCOMPLETE: "continue_rule",
    AMBIGUOUS_NOTATION: "notation_rule",
}


def articles(profile: Profile, kind: str) -> tuple[str, str]:
    """The article of the irregularity and of the rule it breaks, for the profile's rule book.

    The FMJD numbers apply to the FMJD games; the other profiles cite their own rule book's rule
    (``Profile.articles``: the section or rule in words where the book has no numbers).
    """
    if profile.name in _FMJD_PROFILES:
        return _FMJD_ARTICLES[kind]
    book = f"{profile.rule_book} rules"
    return book, profile.article(_RULE_OF_KIND.get(kind, kind))


@dataclass(frozen=True)
class PlyJudgement:
    """The verdict on one ply.

    ``move``: what to replay (None: no position can be reached). ``kind``: None for a legal move.
    ``required``: every legal capture in PDN (full path) when a capture was compulsory.
    ``reason_template``/``reason_params``: why an illegal or unplayable move is wrong, or how an
    ambiguous one was read. ``candidates``: the legal moves an ambiguous text fits.
    """

    move: Move | None
    kind: str | None = None
    required: list[str] = field(default_factory=list)
    reason_template: str | None = None
    reason_params: dict[str, object] = field(default_factory=dict)
    candidates: list[Move] = field(default_factory=list)


_ALPHA_SQUARE = re.compile(r"[a-h][1-8]", re.IGNORECASE)
_SEPARATOR = re.compile(r"[x:]", re.IGNORECASE)


def full_text(profile: Profile, move: Move, played: str | None = None) -> str:
    """The move with its full PDN path (``27x16x7x18``), as the required captures are listed.

    With ``played`` (the move as the player wrote it), the squares are written the way the player
    wrote them on an 8x8 board (``c3``/``22``) and a capture with the player's sign (``:``/``x``).
    """
    squares = move.path if len(move.path) >= 2 else (move.from_sq, move.to_sq)
    capture = bool(move.captures)
    if played is None or profile.board_size != 8 or profile.layout == "all":
        return write_squares(profile, squares, capture)
    alpha = bool(_ALPHA_SQUARE.search(played))
    numeric = not alpha and any(c.isdigit() for c in played)
    sign = _SEPARATOR.search(played)
    sep = (sign.group(0).lower() if sign else profile.capture_separator) if capture else profile.move_separator
    if alpha or (not numeric and profile.notation == "alphanumeric"):
        names = [profile.geometry.alphanumeric(s) for s in squares]
    else:
        names = [str(s) for s in squares]
    return sep.join(names)


def judge_ply(pos: Position, text: str, legal: list[Move], rest: Sequence[str] = ()) -> PlyJudgement:
    """Judge the move ``text`` played in ``pos`` (``legal`` = ``legal_moves(pos)``).

    ``rest``, the following plies as written, decides which move an ambiguous text meant.
    """
    profile = pos.profile
    try:
        parsed = parse_move_text(text, profile)
    except OffBoardError as exc:
        return PlyJudgement(None, ILLEGAL_MOVE, reason_template=msg.WHY_OFF_BOARD,
                            reason_params={"square": exc.square, "last": exc.last})
    except NotationError as exc:
        return PlyJudgement(None, ILLEGAL_MOVE, reason_template=msg.WHY_UNREADABLE,
                            reason_params={"detail": str(exc)})
    fits = match_moves(pos, parsed, legal) if legal else []
    if len(fits) == 1:
        return PlyJudgement(fits[0])
    if len(fits) > 1:
        return _ambiguous(pos, fits, parsed, rest)
    side = pos.side_to_move
    piece = pos.piece_at(parsed.from_sq)
    if piece is None or piece.upper() != side:
        return PlyJudgement(None, ILLEGAL_MOVE, reason_template=msg.WHY_NO_PIECE,
                            reason_params={"side": msg.side_name(side),
                                           "square": square_name(profile, parsed.from_sq)})
    required = [full_text(profile, m, text) for m in legal if m.captures]
    if required:
        # A capture was compulsory (FMJD 4.1). Is the played move a capture of the wrong size, a
        # capture cut short, or no capture at all?
        complete = match_moves(pos, parsed, all_capture_sequences(pos))
        if complete:
            return PlyJudgement(_fewest(complete), CAPTURE_NOT_MAXIMAL, required)
        partial = match_moves(pos, parsed, capture_prefixes(pos))
        if partial:
            return PlyJudgement(_fewest(partial), CAPTURE_INCOMPLETE, required)
        dead = match_moves(pos, parsed, capture_dead_ends(pos))
        if dead:
            # A flying king stopped where it cannot go on, having taken fewer pieces than it could: under the
            # majority rule a capture of fewer pieces than possible (FMJD 5.4.8); under free choice a capture
            # that was not finished.
            kind = CAPTURE_NOT_MAXIMAL if profile.capture_precedence != "free" else CAPTURE_INCOMPLETE
            return PlyJudgement(_fewest(dead), kind, required)
        quiet = match_moves(pos, parsed, quiet_moves(pos))
        if quiet:
            return PlyJudgement(quiet[0], CAPTURE_MISSED, required)
    template, params = _why_illegal(pos, parsed)
    return PlyJudgement(_as_written(pos, parsed), ILLEGAL_MOVE, required, template, params)


def quiet_moves(pos: Position) -> list[Move]:
    """Every non-capturing move the side to move could make if capturing were not compulsory."""
    rules = rules_for(pos.profile)
    if pos.white_to_move:
        raw = rules.quiet_moves(pos.wm, pos.wk, pos.bm, pos.bk, True)
    else:
        raw = rules.quiet_moves(pos.bm, pos.bk, pos.wm, pos.wk, False)
    return [to_move(rules, r) for r in raw]


def _fewest(moves: list[Move]) -> Move:
    # Several sequences fit the written squares: assume the player took the one written shortest.
    return min(moves, key=lambda m: (len(m.captures), m.captures))


def _ambiguous(pos: Position, fits: list[Move], parsed: ParsedMove, rest: Sequence[str]) -> PlyJudgement:
    """Several legal moves fit the text. A written path that names exactly one move's turning squares
    settles it (no irregularity); otherwise the record is ambiguous, and the reading that lets the
    most following plies be replayed legally is taken (the first one on a tie)."""
    mids = parsed.squares[1:-1]
    if mids:
        strict = [m for m in fits if is_subsequence(mids, m.path[1:-1])]
        if len(strict) == 1:
            return PlyJudgement(strict[0])
    chosen = fits[0]
    reason = msg.WHY_FIRST_FITTING
    if rest:
        scores = [_playable(apply_move(pos, m), rest) for m in fits]
        best = max(scores)
        if scores.count(best) == 1:
            chosen, reason = fits[scores.index(best)], msg.WHY_NEXT_MOVE_FITS
    return PlyJudgement(chosen, AMBIGUOUS_NOTATION, reason_template=reason, candidates=fits)


def _playable(pos: Position, rest: Sequence[str]) -> int:
    """How many of the plies ``rest`` (at most LOOKAHEAD) replay as legal moves from ``pos``."""
    n = 0
    for text in rest[:LOOKAHEAD]:
        try:
            fits = find_moves(pos, text)
        except NotationError:
            return n
        if not fits:
            return n
        pos = apply_move(pos, fits[0])
        n += 1
    return n


def _between(pos: Position, a: int, b: int) -> list[int] | None:
    """Squares strictly between ``a`` and ``b`` on their diagonal; None if not on one diagonal."""
    g = pos.geo
    (r0, c0), (r1, c1) = g.row_col(a), g.row_col(b)
    if abs(r1 - r0) != abs(c1 - c0) or r0 == r1:
        return None
    dr, dc = (1 if r1 > r0 else -1), (1 if c1 > c0 else -1)
    out = []
    for i in range(1, abs(r1 - r0)):
        s = g.square_at(r0 + i * dr, c0 + i * dc)
        if s is None:
            return None
        out.append(s)
    return out


def _as_written(pos: Position, parsed: ParsedMove) -> Move | None:
    """The irregular move as written: the piece goes to the destination and takes the opponent's
    pieces it jumped along the written diagonals. None when no position can be reached."""
    side = pos.side_to_move
    captured: set[int] = set()
    squares = parsed.squares
    for a, b in zip(squares, squares[1:]):
        mid = _between(pos, a, b) or []
        for s in mid:
            p = pos.piece_at(s)
            if p is not None and p.upper() != side:
                captured.add(s)
    move = Move(parsed.from_sq, parsed.to_sq, tuple(sorted(captured)), squares)
    try:
        apply_move(pos, move)
    except IllegalMoveError:
        return None
    return move


def _why_illegal(pos: Position, parsed: ParsedMove) -> tuple[str, dict[str, object]]:
    """Plain words for what is wrong with a move no rule allows."""
    prof = pos.profile
    a, b = parsed.from_sq, parsed.to_sq
    names: dict[str, object] = {"from_sq": square_name(prof, a), "to_sq": square_name(prof, b)}
    if a != b and pos.piece_at(b) is not None:
        return msg.WHY_TARGET_OCCUPIED, {"square": square_name(prof, b)}
    if len(parsed.squares) > 2 or parsed.capture_sign:
        return msg.WHY_NO_SUCH_CAPTURE, names
    mid = _between(pos, a, b)
    if mid is None:
        return msg.WHY_NOT_DIAGONAL, names
    (r0, _c0), (r1, _c1) = pos.geo.row_col(a), pos.geo.row_col(b)
    piece = pos.piece_at(a) or ""
    blocked = any(pos.piece_at(s) is not None for s in mid)
    if piece.islower():
        forward = r1 < r0 if piece == "w" else r1 > r0
        if not forward:
            return msg.WHY_MAN_BACKWARDS, {}
        if mid:
            return (msg.WHY_NO_SUCH_CAPTURE, names) if blocked else (msg.WHY_MAN_TOO_FAR, {})
    elif mid and not prof.flying_kings:
        return msg.WHY_KING_TOO_FAR, {}
    if blocked:
        return msg.WHY_BLOCKED, names
    return msg.WHY_NOT_POSSIBLE, {}
