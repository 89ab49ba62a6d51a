"""The Dutch first-round shortcut (``tournaments.pairing.dutch.first_round``) against the general engine.

Oracle: the general engine (matched against bbpPairings and Gacrux on the fixtures), run without the
shortcut on the same first rounds: fields of 1 to 120 players, odd and even, some absent, with or
without Baku acceleration (which gives different pairing scores, so the shortcut must stand aside), with
and without prohibited pairs (the same). The FIDE-endorsed fixtures' first rounds go through the shortcut
in ``tests/pairing/test_dutch_fixtures.py`` (every round as bbpPairings paired it).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tournaments.pairing.dutch.engine import DutchOptions, _Round
from tournaments.pairing.dutch.first_round import first_round
from tournaments.pairing.dutch.state import build_context, build_states
from tournaments.pairing.model import PairingInput, PlayerRecord
from tournaments.pairing.trf_input import to_pairing_input
from tournaments.trf import read_trf_file

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pairing" / "dutch2025"


def _first_round(rng: random.Random, n: int) -> PairingInput:
    players = tuple(PlayerRecord(id=i, rating=2400 - 7 * i, unavailable=rng.random() < 0.1) for i in range(1, n + 1))
    prohibited = (frozenset({1, 2}),) if rng.random() < 0.15 and n > 3 else ()
    return PairingInput(round=1, total_rounds=9, players=players, initial_colour=rng.choice("wb"),
                        prohibited=prohibited, baku_acceleration=rng.random() < 0.15 and n >= 8)


@pytest.mark.parametrize("seed", range(6))
def test_the_shortcut_pairs_as_the_engine_or_stands_aside(seed: int) -> None:
    rng = random.Random(seed)
    used = 0
    for _ in range(40):
        inp = _first_round(rng, rng.randint(1, 120))
        ctx = build_context(inp)
        states = build_states(ctx)
        shortcut = first_round(states, ctx)
        if inp.prohibited or inp.baku_acceleration:
            assert shortcut is None, "different scores or a prohibited pair: the engine decides"
            continue
        if not states:
            continue
        engine = _Round(states, ctx, DutchOptions()).run()
        assert shortcut is not None
        used += 1
        assert sorted(map(sorted, shortcut.pairs)) == sorted(map(sorted, engine.pairs))
        assert shortcut.bye == engine.bye
    assert used >= 20


def test_the_shortcut_stands_aside_after_round_one() -> None:
    trf = read_trf_file(str(FIXTURES / "d005_n12_r6_trf26.trf"))
    inp = to_pairing_input(trf, 2)
    ctx = build_context(inp)
    assert first_round(build_states(ctx), ctx) is None
