"""Differential test against dame-rs (MIT, test-only dependency; never imported by arbiter/).

Thousands of random international positions, kings included, from two sources: random piece
placements and random games; the legal move sets (from, to, set of captures) must be equal.
"""

from __future__ import annotations

import random

import dame
import pytest

from arbiter import Position, apply_move, legal_moves, parse_fen, to_fen

MoveKey = tuple[int, int, frozenset[int]]


def _random_placement(rng: random.Random) -> str:
    squares = list(range(1, 51))
    rng.shuffle(squares)
    nw, nb = rng.randint(1, 14), rng.randint(1, 14)

    def items(sqs: list[int], crown_row: range, king_rate: float) -> str:
        # A man cannot stand on its own promotion row: it would already be a king.
        return ",".join(("K" if s in crown_row or rng.random() < king_rate else "") + str(s) for s in sqs)

    rate = rng.choice([0.0, 0.1, 0.3, 0.6])
    white = items(squares[:nw], range(1, 6), rate)
    black = items(squares[nw:nw + nb], range(46, 51), rate)
    return f"{rng.choice('WB')}:W{white}:B{black}"


def _random_game_positions(rng: random.Random, games: int) -> list[str]:
    out = []
    start = parse_fen("W:W31-50:B1-20")
    for _ in range(games):
        pos: Position = start
        for _ply in range(rng.randint(20, 160)):
            moves = legal_moves(pos)
            if not moves:
                break
            pos = apply_move(pos, rng.choice(moves))
            out.append(to_fen(pos))
    return out


def _ours(fen: str) -> set[MoveKey]:
    return {m.key for m in legal_moves(parse_fen(fen))}


def _theirs(fen: str) -> set[MoveKey]:
    return {(m.from_square, m.to_square, frozenset(m.captured)) for m in dame.Board(fen).legal_moves}


def _compare(fens: list[str]) -> list[str]:
    wrong = []
    for fen in fens:
        ours, theirs = _ours(fen), _theirs(fen)
        if ours != theirs:
            wrong.append(f"{fen}: only arbiter {sorted(ours - theirs, key=str)[:3]}, "
                         f"only dame-rs {sorted(theirs - ours, key=str)[:3]}")
    return wrong


@pytest.mark.parametrize("seed", range(4))
def test_random_placements_with_kings(seed: int) -> None:
    rng = random.Random(seed)
    fens = [_random_placement(rng) for _ in range(1000)]
    with_captures = sum(1 for f in fens if any(m.captures for m in legal_moves(parse_fen(f))))
    assert with_captures > 200, "sample should contain many capture positions"
    wrong = _compare(fens)
    assert not wrong, "\n".join(wrong[:5])


@pytest.mark.parametrize("seed", range(2))
def test_random_game_positions(seed: int) -> None:
    rng = random.Random(100 + seed)
    fens = _random_game_positions(rng, 25)
    assert len(fens) > 1000
    assert any("K" in f for f in fens), "random games should reach kings"
    wrong = _compare(fens)
    assert not wrong, "\n".join(wrong[:5])
