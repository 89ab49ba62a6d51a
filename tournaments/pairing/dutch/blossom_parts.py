"""Pieces of the blossom solver that need no state of a solve beyond the arrays they are given.

``greedy_start`` matches free vertices joined by a tight edge before the first stage;
``tree_vertices`` finds who belongs to the alternating trees of given vertices (the trees an
augmentation ends); ``flatten_duals`` folds every blossom's dual into its vertices (what a warm
start needs when the blossoms cannot be kept).
"""

from __future__ import annotations

from collections.abc import Callable


def tree_vertices(
    seeds: list[int],
    vertices: list[int],
    label: list[int],
    labelend: list[int],
    inblossom: list[int],
    endpoint: list[int],
) -> list[int]:
    """Those of ``vertices`` in the alternating trees holding the ``seeds`` (labels intact).

    An S-blossom's ``labelend`` leads to the T-blossom above it, a T-blossom's to the S-blossom
    above it; a root is an S-blossom without one.
    """
    root_of: dict[int, int] = {}

    def root(b: int) -> int:
        path = []
        while b not in root_of:
            path.append(b)
            if label[b] == 1 and labelend[b] == -1:
                root_of[b] = b
                break
            b = inblossom[endpoint[labelend[b]]]
        r = root_of[b]
        for x in path:
            root_of[x] = r
        return r

    wanted = {root(inblossom[x]) for x in seeds if label[inblossom[x]]}
    return [x for x in vertices if label[inblossom[x]] and root(inblossom[x]) in wanted]


def flatten_duals(
    n: int, dual: list[int], base: list[int], parent: list[int], childs: list[list[int] | None]
) -> list[int]:
    """Each vertex's dual plus those of the blossoms around it, pushed down from the top."""
    flat = dual[:n]
    for b in range(n, 2 * n):
        if base[b] >= 0 and parent[b] == -1:
            stack = [(b, dual[b])]
            while stack:
                x, acc = stack.pop()
                for c in childs[x]:  # type: ignore[union-attr]
                    if c < n:
                        flat[c] += acc
                    else:
                        stack.append((c, acc + dual[c]))
    return flat


def greedy_start(
    n: int,
    mate: list[int],
    dual: list[int],
    inblossom: list[int],
    endpoint: list[int],
    wt2: list[int],
    live: Callable[[int], list[int]],
) -> None:
    """Two free vertices (outside every blossom, positive duals) joined by a tight edge are matched
    directly (``mate`` holds remote endpoint indices). That is the augmenting path a stage would
    find between their two trees, without a stage (label reset and a scan of every tree) per pair."""
    for v in range(n):
        if mate[v] != -1 or dual[v] <= 0 or inblossom[v] != v:
            continue
        dv = dual[v]
        for p in live(v):
            w = endpoint[p]
            if mate[w] == -1 and inblossom[w] == w and dual[w] > 0 and dv + dual[w] == wt2[p >> 1]:
                mate[v] = p
                mate[w] = p ^ 1
                break
