"""The class start of a bracket's first solve (issue 26): duals from the players' classes.

``class_duals`` solves the fractional matching on classes (class i in at most ``count[i]`` pairs)
through its bipartite double cover. Oracles: hand computations, and networkx's maximum-weight
matching on the expanded graphs (every player a vertex; the double cover's left and right copies),
which bounds the duals' total from below (LP duality) and, on the double cover, gives the
fractional optimum itself (the double cover's optimum is twice it).
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tests.pairing.dutch_generated_record import round_inputs
from tournaments.pairing.dutch import engine, matcher
from tournaments.pairing.dutch.class_duals import class_duals
from tournaments.pairing.dutch.state import build_context, build_states
from tournaments.trf import read_trf_file

from .test_dutch_bracket_solves import FIXTURES, _bench_400_and_gen


def _feasible(count: list[int], weight: dict[tuple[int, int], int], y: list[int]) -> None:
    assert len(y) == len(count)
    for (i, j), w in weight.items():
        assert y[i] + y[j] >= w, (i, j)
    assert all(v >= 0 and v % 2 == 0 for v in y)


def test_two_classes_that_should_meet_each_other() -> None:
    """A (2 players) and B (2): A-B weighs 12, A-A and B-B 4. The optimum is two A-B pairs, 24;
    the dual must cover y_A + y_B >= 12, 2 y_A >= 4, 2 y_B >= 4 at a total of 2 y_A + 2 y_B = 24."""
    weight = {(0, 1): 12, (0, 0): 4, (1, 1): 4}
    y = class_duals([2, 2], weight)
    _feasible([2, 2], weight, y)
    assert 2 * y[0] + 2 * y[1] == 24


def test_an_odd_class_is_priced_at_half_a_pair_each() -> None:
    """Three players of one class, a pair weighs 8: one pair (8) is the integral optimum, 1.5 pairs
    (12) the fractional one; its dual 2 y >= 8 gives y = 4 and the total 3 * 4 = 12."""
    assert class_duals([3], {(0, 0): 8}) == [4]


def test_classes_that_may_not_meet_get_nothing() -> None:
    assert class_duals([1, 1], {}) == [0, 0]
    assert class_duals([], {}) == []


def _expanded(count: list[int], weight: dict[tuple[int, int], int]) -> tuple[nx.Graph, nx.Graph]:
    """Every player as a vertex, and the bipartite double cover of that graph."""
    members = []
    for i, c in enumerate(count):
        members += [i] * c
    g, cover = nx.Graph(), nx.Graph()
    for a in range(len(members)):
        for b in range(len(members)):
            i, j = sorted((members[a], members[b]))
            w = weight.get((i, j))
            if a != b and w:
                if a < b:
                    g.add_edge(a, b, weight=w)
                cover.add_edge(("L", a), ("R", b), weight=w)
    return g, cover


def _value(g: nx.Graph, matching: set[tuple[object, object]]) -> int:
    return sum(g[u][v]["weight"] for u, v in matching)


@settings(max_examples=80, deadline=None)
@given(hs.integers(min_value=0, max_value=2**32 - 1))
def test_duals_are_feasible_and_as_low_as_the_fractional_optimum(seed: int) -> None:
    rng = random.Random(seed)
    k = rng.randint(1, 4)
    count = [rng.randint(1, 3) for _ in range(k)]
    weight = {}
    for i in range(k):
        for j in range(i, k):
            if (i != j or count[i] >= 2) and rng.random() < 0.8:
                weight[(i, j)] = 4 * rng.randint(1, 30)  # the blossom solver's scale: weight times 4
    y = class_duals(count, weight)
    _feasible(count, weight, y)
    g, cover = _expanded(count, weight)
    total = sum(c * v for c, v in zip(count, y))
    integral = _value(g, nx.max_weight_matching(g))
    fractional2 = _value(cover, nx.max_weight_matching(cover))  # twice the fractional optimum
    assert total >= integral
    # Rounding each class's dual up (to an integer, then to an even one) adds at most 1.5 per
    # player: twice the total exceeds the double cover's optimum by at most 3 per player.
    assert 2 * total - fractional2 <= 3 * sum(count)


def _run(inp):  # type: ignore[no-untyped-def]
    ctx = build_context(inp)
    rnd = engine._Round(build_states(ctx), ctx, engine.DutchOptions())
    result = rnd.run()
    return (result.pairs, result.bye), rnd.m.class_starts


def test_the_class_start_is_used_and_changes_no_pairing(monkeypatch: pytest.MonkeyPatch) -> None:
    inputs = _bench_400_and_gen()
    inputs += [inp for _, inp in round_inputs(read_trf_file(str(FIXTURES / "gen_101.trf")), 101)][3:6]
    monkeypatch.setattr(matcher, "CLASS_START_MIN", 20)  # small fields too
    started = [_run(inp) for inp in inputs]
    assert sum(used for _, used in started) > 0
    monkeypatch.setattr(matcher, "CLASS_START", False)
    plain = [_run(inp) for inp in inputs]
    assert all(used == 0 for _, used in plain)
    assert [r for r, _ in started] == [r for r, _ in plain]
