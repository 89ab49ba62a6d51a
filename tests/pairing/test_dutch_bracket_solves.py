"""Bracket solves: the matcher pairs a bracket without the lower field in its graph, checks that
the players it leaves can still be paired with the lower field (C4), and falls back to the whole
field when that check finds nothing. The result must be exactly the whole-field result.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.pairing.dutch_generated_record import round_inputs
from tournaments.pairing.dutch import engine, matcher
from tournaments.pairing.dutch.completion import complete
from tournaments.pairing.dutch.state import build_context, build_states
from tournaments.pairing.trf_input import to_pairing_input
from tournaments.trf import read_trf_file

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pairing" / "generated"


def _bits(n: int, edges: set[tuple[int, int]]) -> list[int]:
    adj = [0] * n
    for u, v in edges:
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    return adj


def _check(result: dict[int, int], up: list[int], edges: set[tuple[int, int]]) -> set[int]:
    """The matching is symmetric, uses allowed edges only, none between two ``up`` players; returns who is in it."""
    ups = set(up)
    for x, y in result.items():
        assert result[y] == x
        assert (min(x, y), max(x, y)) in edges
        assert not (x in ups and y in ups)
    return set(result)


def test_complete_pairs_the_lower_field_and_the_players_left_over() -> None:
    # 0-3 bracket (0 and 1 left over), 4-7 lower field; 0-1 may meet but that edge must not be used.
    edges = {(0, 1), (0, 4), (1, 5), (4, 6), (5, 7), (6, 7), (4, 5)}
    result = complete(_bits(8, edges), 8, 4, [0, 1], None, [])
    assert result is not None
    assert _check(result, [0, 1], edges) == {0, 1, 4, 5, 6, 7}


def test_complete_finds_nothing_when_the_lower_field_cannot_absorb_them() -> None:
    # 0 can only meet 4, and so can 1: one of them would stay unpaired.
    edges = {(0, 4), (1, 4), (5, 6), (6, 7), (5, 7), (0, 1)}
    assert complete(_bits(8, edges), 8, 4, [0, 1], None, []) is None


def test_odd_field_leaves_one_of_the_cheapest_out_or_the_bracket_bye() -> None:
    edges = {(0, 3), (3, 4), (4, 5), (5, 6), (3, 6)}
    # 0 left over, lower field 3-6: five players, one of the cheapest (5 or 6) stays out.
    result = complete(_bits(7, edges), 7, 3, [0], None, [5, 6])
    assert result is not None
    assert _check(result, [0], edges) in ({0, 3, 4, 6}, {0, 3, 4, 5})
    # The bracket's own PAB (0): the lower field 3-6 pairs by itself.
    result = complete(_bits(7, edges), 7, 3, [0], 0, [5, 6])
    assert result is not None and set(result) == {3, 4, 5, 6}


@settings(max_examples=150, deadline=None)
@given(hs.integers(min_value=0, max_value=2**32 - 1))
def test_complete_never_claims_an_impossible_completion(seed: int) -> None:
    """Whatever ``complete`` returns is a valid completion, and it only says None in cases it may
    miss (never wrong): when networkx finds no perfect matching, neither does ``complete``."""
    rng = random.Random(seed)
    n = rng.randint(2, 14)
    boundary = rng.randint(1, n - 1)
    density = rng.uniform(0.2, 0.9)
    edges = {(u, v) for v in range(n) for u in range(v) if rng.random() < density}
    up = sorted(rng.sample(range(boundary), rng.randint(0, boundary)))
    members = up + list(range(boundary, n))
    if len(members) % 2:
        return  # the even case is enough here; the odd case is covered above and by the engine
    result = complete(_bits(n, edges), n, boundary, up, None, [])
    g = nx.Graph()
    g.add_nodes_from(members)
    ups = set(up)
    g.add_edges_from((u, v) for u, v in edges if u in g and v in g and not (u in ups and v in ups))
    possible = len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == len(members)
    if result is not None:
        assert _check(result, up, edges) == set(members)
        assert possible
    # (result None with a perfect matching possible is allowed: the engine then solves the whole field.)


def _rounds(name: str, seed: int) -> list:  # type: ignore[type-arg]
    return [inp for _, inp in round_inputs(read_trf_file(str(FIXTURES / name)), seed)]


def _run(inp) -> tuple[object, int]:  # type: ignore[no-untyped-def]
    ctx = build_context(inp)
    rnd = engine._Round(build_states(ctx), ctx, engine.DutchOptions())
    result = rnd.run()
    return (result.pairs, result.bye), rnd.m.upper_solves


def test_bracket_solves_are_used_and_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    inputs = _rounds("gen_101.trf", 101)[3:7]
    t = read_trf_file(str(FIXTURES / "bench_200.trf"))
    ((key, _),) = json.loads((FIXTURES / "bench_200.json").read_text()).items()
    inputs.append(to_pairing_input(t, int(key)))
    with_brackets = [_run(inp) for inp in inputs]
    assert all(used > 0 for _, used in with_brackets)
    monkeypatch.setattr(matcher, "BRACKET_SOLVES", False)
    whole = [_run(inp) for inp in inputs]
    assert all(used == 0 for _, used in whole)
    assert [r for r, _ in with_brackets] == [r for r, _ in whole]


def test_a_failed_completion_check_falls_back_to_the_whole_field(monkeypatch: pytest.MonkeyPatch) -> None:
    inputs = _rounds("gen_102.trf", 102)[2:6]
    expected = [_run(inp)[0] for inp in inputs]
    monkeypatch.setattr(matcher, "complete", lambda *args: None)
    assert [_run(inp)[0] for inp in inputs] == expected


def _bench_400_and_gen() -> list:  # type: ignore[type-arg]
    t = read_trf_file(str(FIXTURES / "bench_400.trf"))
    ((key, _),) = json.loads((FIXTURES / "bench_400.json").read_text()).items()
    # gen_105 and gen_107 hold rounds where a wrong S1 weighting showed (found by searching all cases).
    return [to_pairing_input(t, int(key)), *_rounds("gen_105.trf", 105), *_rounds("gen_107.trf", 107)]


def test_s1_opponents_do_not_depend_on_how_many_are_settled_per_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several S1 players per solve (a wider ``room``) or one: the same round. (Keeping the
    exchange preferences in the S1 phase once broke this at 1,000 players.)"""
    inputs = _bench_400_and_gen()
    expected = [_run(inp)[0] for inp in inputs]
    make_layout = engine.make_layout

    def wide(states, played_rounds):  # type: ignore[no-untyped-def]
        lay = make_layout(states, played_rounds)
        lay.room += 40
        return lay

    monkeypatch.setattr(engine, "make_layout", wide)
    assert [_run(inp)[0] for inp in inputs] == expected


def test_s1_swap_shortcut_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The equal-weight swap only saves solves: without it, the same round, and the same as the
    cold path (one solve with every S1 preference below all criteria). A proof by the duals that
    a player's partner was already its best once disagreed here (gen_105/107) and was dropped."""
    inputs = _bench_400_and_gen()
    expected = [_run(inp)[0] for inp in inputs]
    monkeypatch.setattr(engine, "_swap_if_equal", lambda m, mate, v, top: mate)
    assert [_run(inp)[0] for inp in inputs] == expected
    monkeypatch.setattr(matcher, "WARM_START", False)
    assert [_run(inp)[0] for inp in inputs[1:]] == expected[1:]
