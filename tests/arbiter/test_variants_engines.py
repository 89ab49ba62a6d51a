"""The new rule profiles against an independent engine: pydraughts (Italian, Turkish, Frisian).

pydraughts (PyPI ``pydraughts``, a test-only dependency) implements these games on its own board code.
Perft from the start position and the legal move sets (origin, destination, captured squares) of every
position of random games must agree. pydraughts counts every capture path in perft (``keep_duplicates``);
pydraughts knows the Frisian king-move limit only from its own move history, so positions are compared
from a FEN (no history), where neither engine applies it.
"""

from __future__ import annotations

import random

import pytest

from arbiter import initial_position, legal_moves, perft, to_fen
from arbiter.moves import apply_move
from arbiter.position import Position

draughts = pytest.importorskip("draughts", reason="pydraughts is a test-only dependency")
if not hasattr(draughts, "Board") or not hasattr(draughts.Board, "legal_moves"):
    pytest.skip("the installed 'draughts' module is not pydraughts", allow_module_level=True)


def _their_square(variant: str, pos: Position, n: int) -> int:
    if variant != "turkish":
        return n
    file, rank = (n - 1) % 8, (n - 1) // 8 + 1  # pydraughts numbers Turkish squares from a1, row by row
    square = pos.geo.from_alphanumeric(f"{chr(ord('a') + file)}{rank}")
    assert square is not None
    return square


def _theirs(variant: str, pos: Position) -> set[tuple[int, int, frozenset[int]]]:
    board = draughts.Board(variant=variant, fen=to_fen(pos))
    out = set()
    for m in board.legal_moves():
        steps = m.board_move
        caps = frozenset(_their_square(variant, pos, c) for c in (m.captures or []) if c is not None)
        out.add((_their_square(variant, pos, steps[0][0]), _their_square(variant, pos, steps[-1][1]), caps))
    return out


def _blocked_slide(pos: Position, frm: int, to: int, caps: frozenset[int]) -> bool:
    """A non-capturing move that passes over a piece. pydraughts lets a Turkish king slide over its own
    man (its orthogonal king moves skip occupied squares: g8-g1 with a man on g2); no rule allows it."""
    if caps:
        return False
    (r0, c0), (r1, c1) = pos.geo.row_col(frm), pos.geo.row_col(to)
    dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
    r, c = r0 + dr, c0 + dc
    while (r, c) != (r1, c1):
        sq = pos.geo.square_at(r, c)
        if sq is not None and pos.piece_at(sq) is not None:
            return True
        r, c = r + dr, c + dc
    return False


def _ours(pos: Position) -> set[tuple[int, int, frozenset[int]]]:
    return {(m.from_sq, m.to_sq, frozenset(m.captures)) for m in legal_moves(pos)}


@pytest.mark.parametrize(("variant", "figures"), [
    # pydraughts' own perft of the start position, depth 1-4 (every capture path counted).
    ("italian", [7, 49, 302, 1469]),
    ("turkish", [8, 64, 708, 7538]),
    ("frisian", [9, 81, 658, 3880]),
])
def test_start_perft_matches_pydraughts(variant: str, figures: list[int]) -> None:
    start = initial_position(variant)
    assert [perft(start, d, keep_duplicates=True) for d in range(1, 5)] == figures


def test_frisian_perft_matches_dctl_distinct_moves() -> None:
    # reference/variants.md (dctl, duplicates dropped): 9, 81, 658, 3874, 21265.
    assert [perft(initial_position("frisian"), d) for d in range(1, 6)] == [9, 81, 658, 3874, 21265]


@pytest.mark.parametrize("variant", ["italian", "turkish", "frisian"])
@pytest.mark.parametrize("seed", range(3))
def test_move_sets_of_random_games_match_pydraughts(variant: str, seed: int) -> None:
    rng = random.Random(seed)
    pos = initial_position(variant)
    compared = captures = 0
    for _ply in range(120):
        ours = _ours(pos)
        if not ours:
            break
        theirs = {m for m in _theirs(variant, pos) if not _blocked_slide(pos, *m)}
        assert ours == theirs, to_fen(pos)
        compared += 1
        captures += any(c for _f, _t, c in ours)
        moves = legal_moves(pos)
        pos = apply_move(pos, rng.choice(moves))
    assert compared >= 20 and captures >= 3
