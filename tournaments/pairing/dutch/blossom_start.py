"""How a blossom solve starts, and what it leaves for the next one.

A cold start (``cold_start``) gives every vertex with edges the same dual, half the largest
weight, as the textbook algorithm does. A warm start (``warm_start``) begins from an earlier
solve's ``Saved`` duals, blossoms and matching, repairs them where edges changed, and keeps every
pair the change did not touch. Either way ``greedy_start`` then matches free vertices joined by a
tight edge before the first stage. When a solve ends, ``flatten_duals`` folds each blossom's dual
into its vertices: the form a later warm start on a renumbered graph can use.
"""

from __future__ import annotations

from tournaments.pairing.dutch.blossom_forest import BlossomForest
from tournaments.pairing.dutch.edgegraph import Saved


def cold_start(forest: BlossomForest) -> None:
    """No matching; every vertex with an edge gets dual ``max(wt2) / 2`` (every slack >= 0)."""
    top = max(forest.wt2) // 2
    degree = forest.degree
    forest.dual = [top if degree[v] else 0 for v in range(forest.n)] + [0] * forest.n


def warm_start(forest: BlossomForest, saved: Saved, changed: set[int], shifted: dict[int, int]) -> None:
    """Start from an earlier solve's ``saved`` state on the same vertices (see ``solve_matching``).

    On the same ``EdgeGraph`` (not renumbered since) its blossoms are restored and those holding a
    changed or shifted vertex dissolved; otherwise its flattened duals are the vertex duals. Then
    the ``shifted`` lifts are added, isolated vertices get dual 0, the old pairs away from the
    changes are kept (``_keep_old_pairs``), each changed vertex gets the dual its edges need
    (``_fit_changed_duals``) and keeps its partner if their edge is tight again
    (``_rematch_changed``).
    """
    n = forest.n
    keep_blossoms = _restore(forest, saved)
    broken: set[int] = set()
    if keep_blossoms:
        inblossom = forest.inblossom
        for x in [*changed, *shifted]:
            if 0 <= x < n and inblossom[x] != x:
                _dissolve_around(forest, x, saved.mate, broken)
    dual, degree = forest.dual, forest.degree
    for x, lift in shifted.items():
        dual[x] += 4 * lift  # the scale of ``wt2``: the changed edges stay feasible
    for v in range(n):
        if not degree[v]:
            dual[v] = 0  # an isolated vertex is free at no cost
    _keep_old_pairs(forest, saved.mate, changed, broken, shifted if keep_blossoms else None)
    _fit_changed_duals(forest, changed)
    _rematch_changed(forest, saved.mate, changed)


def _restore(forest: BlossomForest, saved: Saved) -> bool:
    """The saved duals and blossoms when they were made on this very graph (True), else only the
    flattened vertex duals (False)."""
    graph = forest.graph
    if saved.graph is graph and saved.version == graph.version and saved.arrays:
        dual, parent, childs, base, endps, inblossom, unused = saved.arrays
        forest.dual = list(dual)
        forest.parent = list(parent)
        forest.childs = list(childs)
        forest.base = list(base)
        forest.endps = list(endps)
        forest.inblossom = list(inblossom)
        forest.unused = list(unused)
        return True
    forest.dual = list(saved.flat) + [0] * forest.n
    return False


def _dissolve_around(forest: BlossomForest, x: int, start_mate: list[int], broken: set[int]) -> None:
    """Undo every blossom holding vertex x, top-down, in one walk: each one's dual goes down to its
    vertices, its number is freed, and with a positive dual its base and that base's old partner
    (the only matched edge leaving it, no longer tight) go to ``broken``; the sub-blossoms off x's
    path become top-level. The same as undoing the top-level blossom around x again and again, but
    each vertex is touched once: level by level, a chain of thousands of nested blossoms was walked
    again at every level (issue 26)."""
    n, dual, base, parent, inblossom = forest.n, forest.dual, forest.base, forest.parent, forest.inblossom
    chain: list[int] = []
    b = parent[x]
    while b != -1:
        chain.append(b)
        b = parent[b]
    chain.reverse()  # top-level blossom first
    acc = 0  # the duals of the blossoms undone so far above the current level
    for i, b in enumerate(chain):
        z = dual[b]
        if z:
            acc += z
            partner = start_mate[base[b]]
            if partner >= 0:
                broken.add(base[b])
                broken.add(partner)
        dual[b] = 0
        on_path = chain[i + 1] if i + 1 < len(chain) else x
        for sub in forest.childs[b]:  # type: ignore[union-attr]
            parent[sub] = -1
            if sub == on_path:
                continue  # undone next (or x itself, below)
            if sub < n:
                inblossom[sub] = sub
                dual[sub] += acc
            else:
                for v in forest.leaves(sub):
                    inblossom[v] = sub
                    dual[v] += acc
        forest.childs[b] = forest.endps[b] = forest.leaf_lists[b] = None
        base[b] = -1
        forest.unused.append(b)
    inblossom[x] = x
    dual[x] += acc


def _keep_old_pairs(
    forest: BlossomForest, start_mate: list[int], changed: set[int], broken: set[int], soft: dict[int, int] | None
) -> None:
    """Every old pair with neither end changed nor broken stays matched if its edge still exists and
    is tight. With the blossoms kept (``soft``: the shifted vertices), a pair of two unshifted
    vertices stays without the test: nothing around it changed."""
    endpoint, mate, find = forest.endpoint, forest.mate, forest.graph.find
    for v in range(forest.n):
        u = start_mate[v]
        if u > v and v not in changed and u not in changed and v not in broken:
            k = find(v, u)
            if k >= 0 and ((soft is not None and v not in soft and u not in soft) or forest.slack(k) == 0):
                mate[endpoint[2 * k]] = 2 * k + 1
                mate[endpoint[2 * k + 1]] = 2 * k


def _fit_changed_duals(forest: BlossomForest, changed: set[int]) -> None:
    """Each changed vertex's dual becomes exactly what its edges need: every slack stays >= 0 (a
    later changed vertex is computed against this value), one of them 0, and a smaller dual is
    closer to the optimum than the old one was."""
    n, dual, degree, endpoint, wt2 = forest.n, forest.dual, forest.degree, forest.endpoint, forest.wt2
    for x in changed:
        if 0 <= x < n and degree[x]:
            need = max(wt2[p >> 1] - dual[endpoint[p]] for p in forest.live(x))
            dual[x] = need if need > 0 else 0


def _rematch_changed(forest: BlossomForest, start_mate: list[int], changed: set[int]) -> None:
    """A changed vertex whose old matched edge is tight again (the change did not make another edge
    better for it) keeps its partner: a tight matched edge meets the optimality conditions, and
    neither end has to become the root of a stage. The partner must still be free and the base of
    its top-level blossom (the only vertex of a blossom matched outside it)."""
    n, mate, inblossom, base, endpoint = forest.n, forest.mate, forest.inblossom, forest.base, forest.endpoint
    find = forest.graph.find
    for x in changed:
        if not 0 <= x < n or mate[x] != -1 or inblossom[x] != x:
            continue
        u = start_mate[x]
        if u < 0 or mate[u] != -1 or base[inblossom[u]] != u:
            continue
        k = find(x, u)
        if k >= 0 and forest.slack(k) == 0:
            mate[endpoint[2 * k]] = 2 * k + 1
            mate[endpoint[2 * k + 1]] = 2 * k


def greedy_start(forest: BlossomForest) -> None:
    """Two free vertices (outside every blossom, positive duals) joined by a tight edge are matched
    directly. That is the augmenting path a stage would find between their two trees, without a
    stage (label reset and a scan of every tree) per pair."""
    mate, dual, inblossom, endpoint, wt2 = forest.mate, forest.dual, forest.inblossom, forest.endpoint, forest.wt2
    live = forest.live
    for v in range(forest.n):
        if mate[v] != -1 or dual[v] <= 0 or inblossom[v] != v:
            continue
        dv = dual[v]
        for p in live(v):
            w = endpoint[p]
            if mate[w] == -1 and inblossom[w] == w and dual[w] > 0 and dv + dual[w] == wt2[p >> 1]:
                mate[v] = p
                mate[w] = p ^ 1
                break


def flatten_duals(forest: BlossomForest) -> list[int]:
    """Each vertex's dual plus those of the blossoms around it, pushed down from the top."""
    n, dual, base, parent, childs = forest.n, forest.dual, forest.base, forest.parent, forest.childs
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
