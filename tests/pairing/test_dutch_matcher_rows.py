"""The Dutch matcher's bulk setters (issue 26's speed work) leave exactly what one ``set`` call per
pair leaves: the explicit weights, the bracket graph (edges and weights), the vertices a warm
solve re-optimises and the dual lifts. The oracle is ``Matcher.set`` itself, applied pair by pair
on a twin matcher, on random fields with some pairs that may not meet and earlier weights set."""

from __future__ import annotations

import random

import pytest

from tournaments.pairing.dutch.matcher import Matcher


def _twins(rng: random.Random, n: int, boundary: int, earlier: int = 3) -> tuple[Matcher, Matcher]:
    adj = [0] * n
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < 0.8:
                adj[u] |= 1 << v
                adj[v] |= 1 << u
    part = [rng.randint(0, 3) for _ in range(n)]
    out = []
    for _ in range(2):
        m = Matcher(n)
        m.set_outside(10, part, adj, lazy=True)
        m.set_lower_field(boundary)
        out.append(m)
    # the same earlier weights on both: existing edges, soft changes, pairs set below the outside weight
    for _ in range(earlier * n):
        u, v = sorted(rng.sample(range(boundary), 2))
        w = rng.choice([0, 5, 12, 13, 20, 40]) if adj[u] >> v & 1 else 0
        absorb = rng.choice([None, u, v])
        for m in out:
            m.set(u, v, w, pivot=v, absorb=absorb)
    return out[0], out[1]


def _state(m: Matcher) -> tuple[object, ...]:
    return (m.explicit, sorted(m.upper.edges()), m._uchanged, m._usoft, m._cert)


@pytest.mark.parametrize("seed", range(20))
def test_a_column_and_a_row_set_in_one_go_equal_one_set_per_pair(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(4, 14)
    boundary = rng.randint(3, n)
    one, bulk = _twins(rng, n, boundary)
    weights = [0, 5, 12, 13, 20, 40, 41]
    for _ in range(12):
        o = rng.choice([n - 1, rng.randint(1, n - 1)])  # n - 1: its highest neighbour is among the highs
        highs = sorted(rng.sample(range(o), rng.randint(0, o)))
        ws = [rng.choice(weights) if one.adj[h] >> o & 1 else 0 for h in highs]
        for h, w in zip(highs, ws):
            one.set(h, o, w, pivot=o, absorb=h)
        bulk.set_column(o, highs, ws)
        assert _state(one) == _state(bulk)
        v = rng.choice([0, rng.randint(0, n - 2)])  # 0: its lowest neighbour is among the lows
        lows = sorted(rng.sample(range(v + 1, n), rng.randint(0, n - 1 - v)))
        ws = [rng.choice(weights) if one.adj[v] >> o & 1 else 0 for o in lows]
        absorbed = [rng.random() < 0.5 for _ in lows]
        for o, w, a in zip(lows, ws, absorbed):
            one.set(v, o, w, pivot=v, absorb=v if a else None)
        bulk.set_from(v, lows, ws, absorbed)
        assert _state(one) == _state(bulk)


@pytest.mark.parametrize("seed", range(5))
def test_removing_every_edge_of_the_last_and_of_the_first_player_in_one_go(seed: int) -> None:
    """Removals of pairs never set before (their weight is the lower field's until then), the
    last player's edges as one column and the first player's as one row: every pair's old weight
    is read off the bitsets, the extreme neighbours included."""
    rng = random.Random(100 + seed)
    n = rng.randint(5, 12)
    one, bulk = _twins(rng, n, n, earlier=0)
    highs = list(range(n - 1))
    for h in highs:
        one.set(h, n - 1, 0, pivot=n - 1, absorb=h)
    bulk.set_column(n - 1, highs, [0] * len(highs))
    assert _state(one) == _state(bulk)
    lows = list(range(1, n))
    for o in lows:
        one.set(0, o, 0, pivot=0)
    bulk.set_from(0, lows, [0] * len(lows), [False] * len(lows))
    assert _state(one) == _state(bulk)
