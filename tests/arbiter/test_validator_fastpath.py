"""The validator's fast path for plain ``a-b``/``axb`` moves agrees with the engine's legal moves."""

from __future__ import annotations

import random

import pytest

from arbiter.moves import apply_move, legal_moves
from arbiter.notation import move_to_text, square_name
from arbiter.position import Position, initial_position
from arbiter.replay import _fast_legal
from arbiter.rulesets import rules_for


def positions(variant: str, games: int, seed: int) -> list[Position]:
    """Positions of seeded random games (plenty of kings late in each game)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        pos = initial_position(variant)
        for _ply in range(160):
            moves = legal_moves(pos)
            if not moves:
                break
            out.append(pos)
            pos = apply_move(pos, rng.choice(moves))
    return out


@pytest.mark.parametrize("variant", ["international", "english", "german", "russian", "brazilian"])
def test_fast_path_accepts_exactly_the_unambiguous_legal_moves(variant: str) -> None:
    rules = rules_for(variant)

    def name(square: int) -> str:
        return square_name(variant, square)

    rng = random.Random(7)
    kings_seen = 0
    for pos in positions(variant, 12, 3):
        kings_seen += bool(pos.wk | pos.bk)
        legal = legal_moves(pos)
        by_ends: dict[tuple[int, int], list[object]] = {}
        for m in legal:
            by_ends.setdefault((m.from_sq, m.to_sq), []).append(m)
        for (a, b), ms in by_ends.items():
            got = _fast_legal(pos, f"{name(a)}-{name(b)}", rules)
            if len(ms) == 1:
                m = ms[0]
                assert got is not None and got[0] == m and got[0].promotes == m.promotes  # type: ignore[attr-defined]
                assert got[1] == move_to_text(pos, m, legal)  # type: ignore[arg-type]
            else:
                assert got is None
        for _ in range(20):
            a, b = rng.randint(1, pos.geo.squares), rng.randint(1, pos.geo.squares)
            if (a, b) not in by_ends:
                assert _fast_legal(pos, f"{name(a)}x{name(b)}", rules) is None, (pos, a, b)
    assert kings_seen > 50
