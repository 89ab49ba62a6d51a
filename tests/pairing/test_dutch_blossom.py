"""The list-based blossom solver agrees with networkx on random graphs, big integer weights included."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from tournaments.pairing.dutch.blossom import max_weight_matching


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
