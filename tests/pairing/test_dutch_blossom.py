"""The list-based blossom solver agrees with networkx on random graphs, big integer weights included."""

from __future__ import annotations

import inspect
import random
import sys
from collections.abc import Callable
from typing import Any

import networkx as nx
import pytest

from tournaments.pairing.dutch.blossom import max_weight_matching, solve_matching
from tournaments.pairing.dutch.blossom_forest import BlossomForest
from tournaments.pairing.dutch.edgegraph import EdgeGraph, Saved


def _random_weight(rng: random.Random, big: bool, top: int) -> int:
    """A weight of up to ~120 bits (low bits set too), or a small one up to ``top``."""
    return (rng.randint(1, 4) << rng.randint(0, 120)) | rng.randint(0, 3) if big else rng.randint(1, top)


def _random_graph(rng: random.Random, n: int, density: float, weight: Callable[[], int]) -> EdgeGraph:
    """Vertices 0..n-1, each pair an edge with probability ``density``, weighing ``weight()``."""
    graph = EdgeGraph(n)
    for u in range(n):
        for v in range(u + 1, n):
            if rng.random() < density:
                graph.set(u, v, weight())
    return graph


def _weight(edges: list[tuple[int, int, int]], mate: list[int]) -> int:
    weights = {(min(u, v), max(u, v)): w for u, v, w in edges}
    return sum(weights[(v, mate[v])] for v in range(len(mate)) if mate[v] > v)


@pytest.mark.parametrize("seed", range(8))
def test_matches_networkx_optimum(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(150):
        n = rng.randint(1, 16)
        density = rng.random()
        big = rng.random() < 0.5
        edges = [
            (u, v, (rng.randint(1, 4) << rng.randint(0, 300)) | rng.randint(0, 3) if big else rng.randint(1, 12))
            for u in range(n)
            for v in range(u + 1, n)
            if rng.random() < density
        ]
        mate = max_weight_matching(n, edges)
        assert all(mate[v] == -1 or mate[mate[v]] == v for v in range(n))
        present = {(min(u, v), max(u, v)) for u, v, _ in edges}
        assert all(mate[v] == -1 or (min(v, mate[v]), max(v, mate[v])) in present for v in range(n))
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_weighted_edges_from(edges)
        best = sum(g[u][v]["weight"] for u, v in nx.max_weight_matching(g))
        assert _weight(edges, mate) == best


def test_empty_graph() -> None:
    assert max_weight_matching(3, []) == [-1, -1, -1]


@pytest.mark.slow
def test_dutch_result_does_not_depend_on_which_optimal_matching_the_solver_returns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bracket procedure fixes decisions one at a time, so any exact solver (cold networkx here,
    warm-started blossom by default) gives the same round."""
    from tournaments.pairing.dutch import matcher, pair_dutch
    from tournaments.pairing.generator import GeneratorConfig, generate
    from tournaments.pairing.trf_input import to_pairing_input

    def networkx_solver(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_weighted_edges_from(edges)
        mate = [-1] * n
        for u, v in nx.max_weight_matching(g):
            mate[u], mate[v] = v, u
        return mate

    for seed in range(6):
        cfg = GeneratorConfig(
            players=18 + 3 * seed, rounds=7, draw_percentage=35, forfeit_rate=12, retired_rate=8, half_point_bye_rate=8
        )
        t = generate(cfg, seed)
        for k in range(1, 8):
            inp = to_pairing_input(t, k)
            ours = pair_dutch(inp)
            with monkeypatch.context() as mp:
                mp.setattr(matcher, "max_weight_matching", networkx_solver)
                mp.setattr(matcher, "WARM_START", False)
                theirs = pair_dutch(inp)
            assert [(p.white, p.black) for p in ours.pairings] == [(p.white, p.black) for p in theirs.pairings]
            assert ours.byes == theirs.byes


@pytest.mark.parametrize("seed", range(4))
def test_warm_start_reaches_the_same_optimum_as_a_cold_solve(seed: int) -> None:
    """Re-solving from the last matching and duals after edges at some vertices changed, were
    added or removed gives an optimum as good as solving from scratch."""
    from tournaments.pairing.dutch.blossom import solve_matching

    rng = random.Random(100 + seed)
    for _ in range(60):
        n = rng.randint(2, 14)
        big = rng.random() < 0.5

        def weight(big: bool = big) -> int:
            return _random_weight(rng, big, 12)

        graph = {(u, v): weight() for u in range(n) for v in range(u + 1, n) if rng.random() < 0.6}
        state = solve_matching(n, [(u, v, w) for (u, v), w in graph.items()])
        for _step in range(6):
            changed = set(rng.sample(range(n), rng.randint(1, max(1, n // 3))))
            for key in list(graph):
                if (key[0] in changed or key[1] in changed) and rng.random() < 0.5:
                    if rng.random() < 0.2:
                        del graph[key]
                    else:
                        graph[key] = weight()
            for x in changed:
                for y in range(n):
                    if y != x and rng.random() < 0.1:
                        graph[(min(x, y), max(x, y))] = weight()
            edges = [(u, v, w) for (u, v), w in graph.items()]
            state = solve_matching(n, edges, state, changed)
            mate = state[0]
            assert all(mate[v] == -1 or mate[mate[v]] == v for v in range(n))
            assert all(mate[v] == -1 or (min(v, mate[v]), max(v, mate[v])) in graph for v in range(n))
            assert _weight(edges, mate) == _weight(edges, solve_matching(n, edges)[0])


@pytest.mark.parametrize("seed", range(4))
def test_warm_start_on_a_persistent_graph_keeps_untouched_blossoms_correct(seed: int) -> None:
    """Same, on one ``EdgeGraph`` changed in place (blossoms away from the changes are kept),
    with edge removals and renumbering (compaction) in between."""
    from tournaments.pairing.dutch.blossom import solve_matching

    rng = random.Random(200 + seed)
    for _ in range(50):
        n = rng.randint(2, 16)
        big = rng.random() < 0.5

        def weight(big: bool = big) -> int:
            return _random_weight(rng, big, 6)

        graph = _random_graph(rng, n, 0.6, weight)
        state = solve_matching(n, graph)
        for _step in range(8):
            changed = set(rng.sample(range(n), rng.randint(1, max(1, n // 3))))
            for x in changed:
                for y in range(n):
                    if y != x:
                        r = rng.random()
                        if r < 0.15:
                            graph.set(x, y, 0)
                        elif r < 0.45:
                            graph.set(x, y, weight())
            if rng.random() < 0.3:
                graph.compact()
            state = solve_matching(n, graph, state, changed)
            mate = state[0]
            assert all(mate[v] == -1 or (mate[mate[v]] == v and graph.weight(v, mate[v]) > 0) for v in range(n))
            edges = graph.edges()
            assert _weight(edges, mate) == _weight(edges, solve_matching(n, edges)[0])


@pytest.mark.parametrize("seed", range(4))
def test_warm_start_with_dual_lifts_reaches_the_same_optimum(seed: int) -> None:
    """Edges whose weight changes by an amount that depends on one end (the ``absorb`` end) are
    covered by lifting that end's dual (``shifted``) instead of re-optimising it: on a persistent
    graph, with blossoms kept, the optimum equals a cold solve."""
    from tournaments.pairing.dutch.blossom import solve_matching

    rng = random.Random(300 + seed)
    for _ in range(50):
        n = rng.randint(2, 16)
        graph = _random_graph(rng, n, 0.7, lambda: rng.randint(4, 40) << 8)
        state = solve_matching(n, graph)
        for _step in range(6):
            shift = {v: rng.randint(-60, 60) for v in range(n)}  # the tie-break of the lower-numbered end
            lifts: dict[int, int] = {}
            for u in range(n):
                for v in range(u + 1, n):
                    w = graph.weight(u, v)
                    if w and w + shift[u] > 0 and rng.random() < 0.8:
                        graph.set(u, v, w + shift[u])
                        lifts[u] = max(lifts.get(u, 0), shift[u])
                        lifts.setdefault(v, 0)
            state = solve_matching(n, graph, state, set(), lifts)
            mate = state[0]
            edges = graph.edges()
            assert all(mate[v] == -1 or mate[mate[v]] == v for v in range(n))
            assert _weight(edges, mate) == _weight(edges, solve_matching(n, edges)[0])


def _onion(layers: int) -> tuple[int, list[tuple[int, int, int]]]:
    """Blossoms nested ``layers`` deep: a triangle, then round it, layer by layer, an odd cycle through the
    previous layer's first and last vertices and two new ones; each layer's edges a little lighter than
    the one inside, so the inner blossom is formed first and every new one wraps it (depth = layers + 1,
    measured when this test was written); a last vertex hangs on the innermost one, so that the final
    augmenting path enters the blossom at its deepest point."""
    top = 10 * (layers + 2)
    edges = [(0, 1, top), (1, 2, top), (0, 2, top)]
    ring, n = [0, 1, 2], 3
    for i in range(layers):
        a, b = n, n + 1
        n += 2
        w = top - 2 * (i + 1)
        edges += [(ring[-1], a, w), (a, b, w), (b, ring[0], w)]
        ring += [a, b]
    edges.append((0, n, 1))  # a pendant vertex at the innermost triangle: the last augmentation enters there
    return n + 1, edges


def test_deeply_nested_blossoms_need_no_recursion() -> None:
    """Issue 26 (scale): a 2,000-player bracket crashed with a RecursionError in the blossom augmentation.
    Blossoms nested 301 deep are solved under a recursion limit of 150 frames above this one (the
    recursive augmentation needed one frame per level), and the matching weighs what networkx finds."""
    n, edges = _onion(300)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 150)
    try:
        mate = max_weight_matching(n, edges)
    finally:
        sys.setrecursionlimit(limit)
    g = nx.Graph()
    g.add_weighted_edges_from(edges)
    expected = sum(g[u][v]["weight"] for u, v in nx.max_weight_matching(g))
    assert all(mate[v] == -1 or mate[mate[v]] == v for v in range(n))
    assert _weight(edges, mate) == expected


def _walk(forest: BlossomForest, b: int) -> list[int]:
    """Blossom b's vertices walked afresh from its children (the order ``leaves`` promises)."""
    if b < forest.n:
        return [b]
    out: list[int] = []
    for sub in reversed(forest.childs[b]):  # type: ignore[arg-type]
        out += _walk(forest, sub)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_kept_leaf_lists_always_equal_a_fresh_walk(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``BlossomForest.leaves`` keeps each blossom's list (issue 26: chains of thousands of nested
    blossoms were walked again for every new one). After every change of the blossoms (a new one,
    an augmentation through one, an expansion, a warm start's dissolving), every kept list equals
    a walk of the blossom's children as they now are, on the nested onion and on warm-started
    random graphs; and the solves still reach networkx's optimum."""
    from tournaments.pairing.dutch import blossom_start
    from tournaments.pairing.dutch.blossom import solve_matching

    checks = [0]

    def check(forest: BlossomForest) -> None:
        for b in range(forest.n, 2 * forest.n):
            kept = forest.leaf_lists[b]
            if kept is not None:
                assert kept == _walk(forest, b), f"blossom {b}"
                checks[0] += 1

    def checked(method: Callable[..., object]) -> Callable[..., object]:
        def run(self: BlossomForest, *args: object) -> object:
            out = method(self, *args)
            check(self)
            return out

        return run

    for name in ("add_blossom", "augment_blossom", "expand_blossom", "assign_label"):
        monkeypatch.setattr(BlossomForest, name, checked(getattr(BlossomForest, name)))
    dissolve = blossom_start._dissolve_around

    def checked_dissolve(forest: BlossomForest, *args: Any) -> None:
        dissolve(forest, *args)
        check(forest)

    monkeypatch.setattr(blossom_start, "_dissolve_around", checked_dissolve)

    n, edges = _onion(12)
    g = nx.Graph()
    g.add_weighted_edges_from(edges)
    assert _weight(edges, max_weight_matching(n, edges)) == sum(g[u][v]["weight"] for u, v in nx.max_weight_matching(g))
    rng = random.Random(500 + seed)
    for _ in range(30):
        n = rng.randint(4, 18)
        graph = _random_graph(rng, n, 0.7, lambda: rng.randint(1, 6))  # few values: many tight edges, many blossoms
        state = solve_matching(n, graph)
        for _step in range(5):
            changed = set(rng.sample(range(n), rng.randint(1, max(1, n // 3))))
            for x in changed:
                for y in range(n):
                    if y != x and rng.random() < 0.4:
                        graph.set(x, y, rng.randint(0, 6))
            state = solve_matching(n, graph, state, changed)
            edges = graph.edges()
            assert _weight(edges, state[0]) == _weight(edges, solve_matching(n, edges)[0])
    assert checks[0] > 100  # lists were kept and compared, not only dropped


def _undo_top(forest: BlossomForest, b: int, start_mate: list[int], broken: set[int]) -> None:
    """The textbook way to undo top-level blossom b (the oracle for ``_dissolve_around``): its dual
    added to every vertex inside it, its children made top-level (their vertices relabelled), its
    number freed; with a positive dual its base and the base's old partner are broken."""
    z = forest.dual[b]
    if z:
        for v in _walk(forest, b):
            forest.dual[v] += z
        partner = start_mate[forest.base[b]]
        if partner >= 0:
            broken |= {forest.base[b], partner}
    forest.dual[b] = 0
    for sub in forest.childs[b]:  # type: ignore[union-attr]
        forest.parent[sub] = -1
        for v in _walk(forest, sub):
            forest.inblossom[v] = sub
    forest.childs[b] = forest.endps[b] = forest.leaf_lists[b] = None
    forest.base[b] = -1
    forest.unused.append(b)


@pytest.mark.parametrize("seed", range(3))
def test_undoing_the_blossoms_around_a_vertex_in_one_walk_equals_undoing_them_level_by_level(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A warm start undoes every blossom holding a changed vertex (issue 26: chains thousands deep,
    once undone level by level, each level walking the rest of the chain). ``_dissolve_around``
    does it in one walk: on warm starts of random graphs with deep nesting (few weight values),
    the duals, blossom tree, labels of the vertices, freed numbers (in order) and broken pairs it
    leaves are those of undoing the top-level blossom around the vertex again and again."""
    import copy

    from tournaments.pairing.dutch import blossom_start
    from tournaments.pairing.dutch.blossom import solve_matching

    one_walk = blossom_start._dissolve_around
    compared = [0]

    def both(forest: BlossomForest, x: int, start_mate: list[int], broken: set[int]) -> None:
        twin = copy.copy(forest)
        for name in ("dual", "parent", "childs", "base", "endps", "inblossom", "unused", "leaf_lists"):
            setattr(twin, name, list(getattr(forest, name)))
        twin_broken = set(broken)
        while twin.inblossom[x] != x:
            _undo_top(twin, twin.inblossom[x], start_mate, twin_broken)
        one_walk(forest, x, start_mate, broken)
        for name in ("dual", "parent", "childs", "base", "endps", "inblossom", "unused"):
            assert getattr(forest, name) == getattr(twin, name), name
        assert broken == twin_broken
        compared[0] += 1

    monkeypatch.setattr(blossom_start, "_dissolve_around", both)
    rng = random.Random(700 + seed)
    for _ in range(40):
        n = rng.randint(6, 20)
        graph = _random_graph(rng, n, 0.8, lambda: rng.randint(1, 4))
        state = solve_matching(n, graph)
        for _step in range(4):
            changed = set(rng.sample(range(n), rng.randint(1, 3)))
            for x in changed:
                for y in rng.sample(range(n), n // 3):
                    if y != x:
                        graph.set(x, y, rng.randint(0, 4))
            state = solve_matching(n, graph, state, changed)
            edges = graph.edges()
            assert _weight(edges, state[0]) == _weight(edges, solve_matching(n, edges)[0])
    assert compared[0] > 20  # blossoms around changed vertices were undone and compared


def _matched_slacks(graph: EdgeGraph, mate: list[int], saved: Any) -> list[int]:
    """The slack of every matched edge under the solve's duals, blossom duals counted twice for
    the blossoms holding both ends (the solver's scale: weights times 4)."""
    dual, parent = saved.arrays[0], saved.arrays[1]

    def around(x: int) -> set[int]:
        out = set()
        b = parent[x]
        while b != -1:
            out.add(b)
            b = parent[b]
        return out

    slacks = []
    for u, v in enumerate(mate):
        if v > u:
            k = graph.find(u, v)
            slacks.append(dual[u] + dual[v] - graph.wt2[k] + 2 * sum(dual[b] for b in around(u) & around(v)))
    return slacks


@pytest.mark.parametrize("seed", range(10))
def test_a_start_with_roots_of_both_parities_still_ends_with_tight_pairs(seed: int) -> None:
    """A warm start's duals are feasible but of any parity (an earlier solve's, lifted, refitted).
    The solve must still end with optimal duals: every matched edge tight, so that a positive
    slack proves an edge is in no optimal matching (``Matcher.excludes``). Before the roots were
    given one parity, half an odd slack was rounded down and such an edge taken for tight, one
    short: the matching was of maximum weight, the duals not optimal (issue 26, a 127-player round
    where bbpPairings gives the opponent that proof ruled out). Oracle: networkx for the weight;
    the duals' complementary slackness for the rest."""
    rng = random.Random(900 + seed)
    loose = 0
    for _ in range(60):
        n = rng.randint(4, 18)
        graph = _random_graph(rng, n, rng.uniform(0.3, 1.0), lambda: rng.choice([3, 4, 5, 6, 7]))
        # Feasible duals of both parities: each vertex needs at least what its edges ask.
        y = [0] * n
        for u, v, k in graph.pairs():
            y[u] = max(y[u], (graph.wt2[k] + 1) // 2)
            y[v] = max(y[v], graph.wt2[k] - y[u])
        y = [d + rng.randint(0, 3) for d in y]
        free = [-1] * n
        mate, saved = solve_matching(n, graph, (free, Saved(EdgeGraph(0), free, y, ())), set(), {})
        edges = graph.edges()
        g = nx.Graph()
        g.add_weighted_edges_from(edges)
        best = nx.max_weight_matching(g)
        assert _weight(edges, mate) == sum(g[u][v]["weight"] for u, v in best)
        if saved.arrays:
            slacks = _matched_slacks(graph, mate, saved)
            assert all(s >= 0 for s in slacks)
            loose += sum(1 for s in slacks if s)
    assert loose == 0
