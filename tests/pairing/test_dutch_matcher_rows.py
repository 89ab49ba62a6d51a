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


def _same(one: Matcher, bulk: Matcher, pivot: int, ends: list[int], ws: list[int], absorbs: list[int | None]) -> None:
    for e, w, a in zip(ends, ws, absorbs):
        one.set(e, pivot, w, pivot=pivot, absorb=a)
    bulk.set_many(pivot, ends, ws, absorbs)
    assert _state(one) == _state(bulk)


@pytest.mark.parametrize("seed", range(20))
def test_many_pairs_at_one_player_set_in_one_go_equal_one_set_per_pair(seed: int) -> None:
    """Ends above and below the pivot, each change absorbed by either end or by none, on top of
    earlier weights (existing edges and dual lifts); and the engine's two shapes: a column of
    exchange preferences absorbed by the higher ends, a row whose removed edges the player absorbs."""
    rng = random.Random(seed)
    n = rng.randint(4, 14)
    boundary = rng.randint(3, n)
    one, bulk = _twins(rng, n, boundary)
    weights = [0, 5, 12, 13, 20, 40, 41]
    for _ in range(12):
        pivot = rng.choice([0, n - 1, rng.randint(0, n - 1)])  # the extremes: every neighbour on one side
        ends = rng.sample([e for e in range(n) if e != pivot], rng.randint(0, n - 1))
        ws = [rng.choice(weights) if one.adj[pivot] >> e & 1 else 0 for e in ends]
        _same(one, bulk, pivot, ends, ws, [rng.choice([None, e, pivot]) for e in ends])
        o = rng.randint(1, n - 1)
        highs = sorted(rng.sample(range(o), rng.randint(0, o)))
        _same(one, bulk, o, highs, [rng.choice(weights) if one.adj[h] >> o & 1 else 0 for h in highs], list(highs))
        v = rng.randint(0, n - 2)
        lows = sorted(rng.sample(range(v + 1, n), rng.randint(0, n - 1 - v)))
        gone = [rng.random() < 0.5 for _ in lows]
        ws = [0 if g or not one.adj[v] >> o & 1 else rng.choice(weights) for o, g in zip(lows, gone)]
        _same(one, bulk, v, lows, ws, [v if g else None for g in gone])


@pytest.mark.parametrize("seed", range(5))
def test_removing_every_edge_of_the_last_and_of_the_first_player_in_one_go(seed: int) -> None:
    """Removals of pairs never set before (their weight is the lower field's until then), the
    last player's edges as one column and the first player's as one row: every pair's old weight
    is read off the bitsets, the extreme neighbours included."""
    rng = random.Random(100 + seed)
    n = rng.randint(5, 12)
    one, bulk = _twins(rng, n, n, earlier=0)
    highs = list(range(n - 1))
    _same(one, bulk, n - 1, highs, [0] * len(highs), list(highs))
    lows = list(range(1, n))
    _same(one, bulk, 0, lows, [0] * len(lows), [None] * len(lows))


@pytest.mark.parametrize("seed", range(12))
def test_every_pair_weighs_what_was_last_set_wherever_it_is_kept(seed: int) -> None:
    """A pair's weight is kept in one place: the explicit store, or (above the boundary, heavier
    than the lower field's weight) the upper graph as the difference. Whatever the setter (one
    pair, a row, a column), however the boundary moves down between them, ``weight`` answers the
    last weight set, and a pair never set weighs the lower field's (0 if they may not meet).
    The oracle is a plain dict of the weights set."""
    rng = random.Random(500 + seed)
    n = rng.randint(5, 16)
    boundary = rng.randint(2, n - 2)
    m, _ = _twins(rng, n, boundary, earlier=0)
    base, part = m.outside  # type: ignore[misc]
    last: dict[tuple[int, int], int] = {}

    def may(u: int, v: int) -> bool:
        return bool(m.adj[u] >> v & 1)

    weights = [0, 5, 12, 13, 20, 40, 41]
    for _ in range(40):
        step = rng.random()
        if step < 0.15 and boundary < n:
            boundary = rng.randint(boundary + 1, n)
            m.set_lower_field(boundary)
        elif step < 0.45:
            u, v = sorted(rng.sample(range(n), 2))
            w = rng.choice(weights) if may(u, v) else 0
            m.set(u, v, w, pivot=rng.choice([None, u, v]), absorb=rng.choice([None, u, v]))
            last[(u, v)] = w
        elif step < 0.7:
            v = rng.randint(1, n - 1)
            highs = sorted(rng.sample(range(v), rng.randint(0, v)))
            row = [(u, rng.choice(weights) if may(u, v) else 0) for u in highs]
            m.set_row(v, row)
            last.update(((u, v), w) for u, w in row)
        else:
            pivot = rng.randint(0, n - 1)
            ends = rng.sample([e for e in range(n) if e != pivot], rng.randint(0, n - 1))
            ws = [rng.choice(weights) if may(e, pivot) else 0 for e in ends]
            m.set_many(pivot, ends, ws, [rng.choice([None, e, pivot]) for e in ends])
            last.update(((min(e, pivot), max(e, pivot)), w) for e, w in zip(ends, ws))
        for v in range(n):
            for u in range(v):
                expected = last.get((u, v), base + part[u] + part[v] if may(u, v) else 0)
                assert m.weight(u, v) == expected == m.weight(v, u), (u, v)
        # and each pair is in one place only
        for u, row in enumerate(m.explicit):
            for v in row:
                assert m.upper.find(u, v) < 0 or m.upper.wt2[m.upper.find(u, v)] == 0
