"""Berger tables (FIDE C.05 Annex 1) and round-robin pairing."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from tournaments.pairing.berger import berger_table, pair_round_robin, round_count, schedule
from tournaments.pairing.model import PairingError, PairingInput, PlayerRecord

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pairing" / "berger"

# Published FIDE tables (C.05 Annex 1), typed in from the handbook, White first.
FIDE_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
FIDE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
FIDE_8 = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
]


@pytest.mark.parametrize("n", range(3, 21))
def test_equals_golden_table(n: int) -> None:
    data = json.loads((FIXTURES / f"berger_{n:02d}.json").read_text())
    assert data["players"] == n
    expected = [[tuple(pair) for pair in rnd] for rnd in data["rounds"]]
    assert berger_table(n) == expected


@pytest.mark.parametrize(("n", "published"), [(4, FIDE_4), (6, FIDE_6), (8, FIDE_8)])
def test_equals_published_fide_tables(n: int, published: list[list[tuple[int, int]]]) -> None:
    assert berger_table(n) == published


@pytest.mark.parametrize("n", range(2, 21))
def test_every_pair_meets_exactly_once_and_one_game_per_round(n: int) -> None:
    table = berger_table(n)
    assert len(table) == round_count(n)
    met: list[frozenset[int]] = []
    for rnd in table:
        seen = [p for pair in rnd for p in pair if p != 0]
        assert sorted(seen) == list(range(1, n + 1))  # everybody exactly once per round
        met.extend(frozenset(pair) for pair in rnd if 0 not in pair)
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, itertools.combinations(range(1, n + 1), 2))))
    if n % 2:
        # Odd n: every player has exactly one free round.
        free = [w for rnd in table for w, b in rnd if b == 0]
        assert sorted(free) == list(range(1, n + 1))


def _colours(sched: list[list[tuple[int, int]]], player: int) -> list[str]:
    out = []
    for rnd in sched:
        for w, b in rnd:
            if w == player and b != 0:
                out.append("w")
            elif b == player:
                out.append("b")
    return out


def _longest_run(colours: list[str]) -> int:
    return max(len(list(g)) for _, g in itertools.groupby(colours))


@pytest.mark.parametrize("n", range(4, 21, 2))
def test_colours_balance_single_cycle(n: int) -> None:
    for p in range(1, n + 1):
        cols = _colours(berger_table(n), p)
        assert abs(cols.count("w") - cols.count("b")) <= 1
        assert _longest_run(cols) <= 2


@pytest.mark.parametrize("n", range(4, 21, 2))
def test_double_round_robin_swap_avoids_three_in_a_row(n: int) -> None:
    swapped = schedule(n, double=True)
    plain = schedule(n, double=True, swap_last_two=False)
    assert len(swapped) == 2 * (n - 1)
    worst_plain = 0
    for p in range(1, n + 1):
        cols = _colours(swapped, p)
        assert cols.count("w") == cols.count("b") == n - 1  # reversed second cycle balances exactly
        assert _longest_run(cols) <= 2
        worst_plain = max(worst_plain, _longest_run(_colours(plain, p)))
    assert worst_plain == 3  # the problem FIDE's recommendation solves
    # Second cycle: same pairs as the table, colours reversed.
    table = berger_table(n)
    assert swapped[n - 1 :] == [[(b, w) for w, b in rnd] for rnd in table]
    assert swapped[n - 3] == table[n - 2] and swapped[n - 2] == table[n - 3]


def _input(n: int, rnd: int, unavailable: frozenset[int] = frozenset()) -> PairingInput:
    players = tuple(PlayerRecord(id=i, unavailable=i in unavailable) for i in range(1, n + 1))
    return PairingInput(round=rnd, total_rounds=round_count(n), players=players)


def test_pair_round_robin_odd_gives_free_round() -> None:
    rp = pair_round_robin(_input(5, 2))
    # 5-player table round 2: [4, 0], [5, 3], [1, 2]
    assert [(p.white, p.black, p.board) for p in rp.pairings] == [(5, 3, 1), (1, 2, 2)]
    assert [(b.player, b.kind) for b in rp.byes] == [(4, "zero")]
    assert rp.pairings[0].reasons and "round 2" in rp.pairings[0].reasons[0]


def test_pair_round_robin_double_second_cycle_and_warnings() -> None:
    inp = _input(4, 4, unavailable=frozenset({3}))
    rp = pair_round_robin(inp, double=True)
    # Round 4 = table round 1 reversed: 4-1, 3-2
    assert [(p.white, p.black) for p in rp.pairings] == [(4, 1), (3, 2)]
    assert "cycle 2" in rp.pairings[0].reasons[0]
    assert len(rp.warnings) == 1 and "Player 3" in rp.warnings[0]
    # Round 2 and 3 of the first cycle are swapped by default.
    assert [(p.white, p.black) for p in pair_round_robin(_input(4, 2), double=True).pairings] == [(2, 4), (3, 1)]
    no_swap = pair_round_robin(_input(4, 2), double=True, swap_last_two=False)
    assert [(p.white, p.black) for p in no_swap.pairings] == [(4, 3), (1, 2)]


def test_pair_round_robin_bad_input() -> None:
    with pytest.raises(PairingError, match="outside the schedule"):
        pair_round_robin(_input(4, 4))
    bad = PairingInput(round=1, total_rounds=3, players=(PlayerRecord(id=1), PlayerRecord(id=3)))
    with pytest.raises(PairingError, match="missing"):
        pair_round_robin(bad)
    with pytest.raises(ValueError, match="at least 2 players, got 1"):
        berger_table(1)
