"""The edge store the Dutch engine's blossom solver works on (issue 26's speed and memory work):
bulk rows and in-place compaction must leave exactly what single ``set`` calls and a graph built
afresh would."""

from __future__ import annotations

import random

from tournaments.pairing.dutch.edgegraph import EdgeGraph


def _state(g: EdgeGraph) -> tuple[object, ...]:
    return (g.endpoint, g.wt2, g.alive, g.neighbend, g.slots, g.degree, g.size)


def test_a_row_added_in_one_go_equals_one_set_per_edge() -> None:
    rng = random.Random(3)
    n = 25
    one, bulk = EdgeGraph(n), EdgeGraph(n)
    for v in rng.sample(range(n), n):
        ends = [u for u in range(n) if u != v and one.find(u, v) < 0 and rng.random() < 0.5]
        weights = [rng.randint(1, 9) for _ in ends]
        for u, w in zip(ends, weights):
            one.set(u, v, w)
        bulk.add_row(v, ends, [4 * w for w in weights])
    assert _state(one) == _state(bulk)


def test_compaction_keeps_every_live_edge_its_weight_and_each_vertex_its_order() -> None:
    """``EdgeGraph.compact`` renumbers in place: the live edges keep their relative order (so a
    solve on the compacted graph visits them as before), each vertex's list too, and the slot
    map, endpoints, weights and degrees agree with a graph built afresh from the live edges."""
    rng = random.Random(5)
    n = 30
    graph = EdgeGraph(n)
    for v in range(n):
        for u in range(v):
            if rng.random() < 0.7:
                graph.set(u, v, rng.randint(1, 50))
    for v in range(0, n, 3):
        graph.isolate(v)
    for u, v, _ in list(graph.pairs())[::4]:
        graph.set(u, v, 0)
    live = [((u, v), k) for u, v, k in graph.pairs()]
    order = {v: [graph.endpoint[p] for p in graph.neighbend[v] if graph.alive[p >> 1]] for v in range(n)}
    weights = {key: graph.wt2[k] for key, k in live}
    version = graph.version
    graph.compact()
    assert graph.version == version + 1
    assert [((u, v), k) for u, v, k in graph.pairs()] == [(key, i) for i, (key, _) in enumerate(live)]
    assert graph.size == len(live) == len(graph.wt2)
    for (u, v), _ in live:
        k = graph.find(u, v)
        assert (graph.endpoint[2 * k], graph.endpoint[2 * k + 1]) == (u, v)
        assert graph.wt2[k] == weights[(u, v)]
        # the slot map holds the very object kept in u's list (no second int per edge)
        assert any(p is graph.slots[u][v] for p in graph.neighbend[u])
    assert sum(len(row) for row in graph.slots) == len(live)
    assert all(graph.alive)
    for v in range(n):
        assert [graph.endpoint[p] for p in graph.neighbend[v]] == order[v]
        assert all(graph.endpoint[p ^ 1] == v for p in graph.neighbend[v])
        assert graph.degree[v] == len(order[v])
