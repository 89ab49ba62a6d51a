"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm, primal-dual, O(n^3)).

A compact, list-based implementation for exact integer weights of any size. It follows Joris
van Rantwijk's ``mwmatching.py`` (2008, http://jorisvr.nl/article/maximum-matching; networkx's
``max_weight_matching`` is adapted from it): its arrays (edge endpoint indices, ``labelend``,
``inblossom``, blossom children and endpoint lists, least-slack edges per blossom), its stages
and its four kinds of dual step. That code, and the words used here (S- and T-vertices, bases,
sub-blossoms), come from Galil's survey ("Efficient algorithms for finding maximum matching in
graphs", ACM Computing Surveys, 1986) of Edmonds' blossom and primal-dual methods: stages grow
alternating trees from every free vertex, dual adjustments make new edges tight, odd cycles
shrink into blossoms and expand again when their dual reaches zero. Weights are kept times 4
(``EdgeGraph.wt2``) so every dual stays an integer.

Where to read what: ``solve_matching`` (below) sets a solve up and runs ``_Solver``'s stages:
``begin_stage`` labels the roots, ``scan`` grows the trees (the hot loop), ``dual_step`` makes the
next edge tight or blossom expandable. ``blossom_forest`` holds the arrays and the operations on
blossoms and trees (label, shrink, expand, augment); ``blossom_start`` the cold and warm starts
and the duals a solve leaves behind; ``edgegraph`` the edges kept between solves.

Speed (the Dutch engine solves dozens of times per bracket, on graphs of up to ~500,000 edges):
a warm start (see ``solve_matching``) frees as few vertices as it can; a stage goes on after an
augmentation with the trees it did not touch; blossoms whose dual is 0 are undone between
stages (kept, they were labelled T, expanded and formed again stage after stage); a stage first
scans tight edges only (each vertex's kept while no dual changes) and keeps no least slacks: most
stages of a big base solve find their paths so, the others begin again keeping them; dead edges
leave the adjacency lists lazily, and only vertices with edges are visited. The scan and the
dual step keep their loops inline (a function call per edge would cost real time).

``max_weight_matching(n, edges)`` returns ``mate`` with ``mate[v]`` the partner of v or -1; the
matching maximises the total weight (not the cardinality).
"""

from __future__ import annotations

from collections.abc import Iterator

from tournaments.pairing.dutch.blossom_forest import BlossomForest
from tournaments.pairing.dutch.blossom_start import cold_start, flatten_duals, greedy_start, warm_start
from tournaments.pairing.dutch.edgegraph import EdgeGraph, Saved

__all__ = ["EdgeGraph", "Saved", "max_weight_matching", "solve_matching"]


def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """A maximum-weight matching of the graph on vertices 0..n-1 (edges ``(u, v, weight)``)."""
    return solve_matching(n, edges)[0]


def solve_matching(
    n: int,
    edges: list[tuple[int, int, int]] | EdgeGraph,
    start: tuple[list[int], Saved] | None = None,
    changed: set[int] | None = None,
    shifted: dict[int, int] | None = None,
) -> tuple[list[int], Saved]:
    """A maximum-weight matching and its vertex duals, optionally warm-started.

    ``edges`` is a list of ``(u, v, weight)`` or an ``EdgeGraph``. Returns ``(mate, saved)``:
    ``mate[v]`` is v's partner or -1; ``saved`` holds the optimal duals and blossoms.
    ``start`` = an earlier call's result on the same vertices warm-starts the solve; ``changed``
    must then hold at least one endpoint of every edge whose weight changed, that was added or
    removed, unless the change is covered by ``shifted``: vertex -> how much its dual is raised
    (in weight units), given for both ends of an edge whose weight rose by at most the sum of its
    ends' raises (or fell) and that existed before and after. Such a vertex keeps its partner if
    their edge is still tight. On the same ``EdgeGraph`` (not renumbered since), the blossoms holding a changed
    vertex are dissolved (their duals pushed down to their vertices) and every other blossom is
    kept; otherwise all blossom duals are folded into the vertices. Then each changed vertex's
    dual is set to exactly what its edges need (every slack >= 0, one of them 0); it keeps its
    old partner if that edge is tight again, else both go free. Free vertices joined by a tight
    edge are matched at once (greedy start), and the free vertices left with a positive dual are
    the roots of the stages (see ``blossom_start``).

    The result is *a* maximum-weight matching; which one (among equal totals) depends on these
    details. The Dutch engine's decisions do not (``test_dutch_blossom``, ``test_dutch_generated``).
    """
    if isinstance(edges, EdgeGraph):
        graph = edges
    else:
        graph = EdgeGraph(n)
        for u, v, w in edges:
            graph.set(u, v, w)
    if not graph.size:
        return [-1] * n, Saved(graph, [-1] * n, [0] * n, ())
    solver = _Solver(n, graph)
    if start is None:
        cold_start(solver)
    else:
        warm_start(solver, start[1], changed or set(), shifted or {})
    greedy_start(solver)
    solver.run()
    return solver.finish()


class _Solver(BlossomForest):
    """The stages of one solve on a ``BlossomForest`` that has its starting duals and matching.

    A stage labels every free vertex with a positive dual as the S-root of a tree and scans S-vertices
    until an augmenting path is found; in between, dual steps make new edges tight. One stage can
    augment several times: an augmentation takes both its trees out of the stage (``blocked``) and
    the scan goes on with the others. ``outside[v]`` caches v's edges leaving its top-level blossom
    as ``(blossom, stamp, ends)``, valid while that blossom stands.
    """

    __slots__ = (
        "active",
        "augmentations",
        "blank",
        "blocked",
        "epoch",
        "just_blocked",
        "outside",
        "tight",
        "unused_at_start",
    )

    def __init__(self, n: int, graph: EdgeGraph) -> None:
        super().__init__(n, graph)
        self.outside: list[tuple[int, int, list[int]] | None] = [None] * n
        self.blocked = [False] * n
        self.just_blocked: list[int] = []
        self.active: list[int] = []
        # ``tight[v]`` caches v's edges with slack <= 0 as ``(epoch, ends)``; ``epoch`` counts the
        # dual steps that changed a dual (the vertex duals stand between them, across stages).
        self.tight: list[tuple[int, list[int]] | None] = [None] * n
        self.epoch = 0
        self.augmentations = 0  # in the current stage
        self.unused_at_start: list[int] = []
        # What ``begin_stage`` resets the labels, least-slack edges and tight edges to (made once).
        self.blank = ([0] * (2 * n), [-1] * (2 * n), [None] * n, [False] * len(self.allowed))

    def run(self) -> None:
        """Stages until no free vertex with a positive dual is left (at most 2n + 2 of them)."""
        degree = self.degree
        self.active = [v for v in range(self.n) if degree[v]]
        lazy = True
        for _stage in range(2 * self.n + 2):
            if not self.begin_stage(lazy):
                break
            while not (self.scan_tight() if self.lazy else self.scan()):  # stuck: change the duals
                if self.lazy:  # a dual step needs the least slacks: the stage again, with them
                    self.restart_stage()
                    continue
                if self.dual_step():
                    break
            # A stage that ends with one augmentation mostly leaves tight paths for the next one (the
            # tail of a base solve: one path per stage, on the same duals); after several, or none,
            # the next stage is mostly stuck among tight edges (restarted: its tight pass wasted),
            # so it keeps least slacks from the start. Either way it runs exactly the same.
            lazy = self.augmentations == 1

    def restart_stage(self) -> None:
        """Undo a stage that found no augmenting path among tight edges (its blossoms have dual 0,
        its labels go) and begin it again keeping least slacks: it then runs exactly as a stage
        that kept them from the start (same blossom numbers, same order), so the same optimum."""
        self._begin(False)
        self.unused[:] = self.unused_at_start

    def begin_stage(self, lazy: bool = True) -> bool:
        """Clear the last stage's labels and trees and label the roots: every free vertex with a
        positive dual (one with dual 0 already meets the optimality conditions). False: none left.
        Blossoms with dual 0 are expanded first. With ``lazy`` the stage scans tight edges only
        until it is stuck; without, it keeps least slacks from the start (see ``run``)."""
        return self._begin(lazy)

    def _begin(self, lazy: bool) -> bool:
        """``begin_stage``, or ``restart_stage`` (``lazy`` False)."""
        n, blocked, just_blocked = self.n, self.blocked, self.just_blocked
        for x in just_blocked:
            blocked[x] = False
        just_blocked.clear()
        # Top-level blossoms with dual 0 are undone first (nested ones with dual 0 too): kept,
        # they would mostly be labelled T, expanded by a dual step each and formed again, stage
        # after stage (the tail of a big bracket's base solve spent most of its time so).
        parent, base, dual = self.parent, self.base, self.dual
        for b in range(n, 2 * n):
            if parent[b] == -1 and base[b] >= 0 and dual[b] == 0:
                self.expand_blossom(b, True)
        zeros, minus, nones, falses = self.blank
        self.label[:] = zeros
        self.bestedge[:] = minus
        self.bestedges[n:] = nones
        self.allowed[:] = falses
        self.phase += 1
        self.lazy = lazy
        self.augmentations = 0
        if lazy:
            self.unused_at_start = self.unused[:]
        self.queue.clear()
        mate, dual, label, inblossom, assign_label = self.mate, self.dual, self.label, self.inblossom, self.assign_label
        self._same_parity_roots()
        roots = False
        for v in self.active:
            if mate[v] == -1 and dual[v] > 0 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
                roots = True
        return roots

    def _same_parity_roots(self) -> None:
        """Give every root's dual the parity of the first one's. A dual step towards an edge
        between two S-blossoms moves half its slack, which is whole only when its ends' duals
        have the same parity: the vertices of one tree share their root's (they joined it by tight
        edges, and the weights are multiples of 4), so the roots must share theirs. A cold start
        gives every vertex the same dual and the roots change together, but a warm start's duals
        (an earlier solve's, lifted, refitted) need not: a slack of 1 was then taken for tight,
        leaving matched edges one short of tight, a matching still of maximum weight but duals
        that proved too much (``Matcher.excludes`` wrongly ruled out an optimal opponent: issue 26).
        A free vertex's dual may rise (every slack stays >= 0); a free blossom's vertices rise by
        one and its dual falls by one (positive: blossoms with dual 0 were expanded), which leaves
        the slacks inside it as they were."""
        n, mate, dual, inblossom = self.n, self.mate, self.dual, self.inblossom
        parity = -1
        for v in self.active:
            if mate[v] != -1 or dual[v] <= 0:
                continue
            if parity < 0:
                parity = dual[v] & 1
            elif dual[v] & 1 != parity:
                b = inblossom[v]
                if b < n:
                    dual[v] += 1
                else:
                    for x in self.leaves(b):
                        dual[x] += 1
                    dual[b] -= 1

    def _outside_edges(self, v: int, bv: int) -> list[int]:
        """v's live edges leaving its top-level blossom bv (edges inside it do nothing): computed
        once per (blossom, vertex)."""
        cached = self.outside[v]
        if cached is not None and cached[0] == bv and cached[1] == self.stamp[bv]:
            return cached[2]
        inblossom, endpoint = self.inblossom, self.endpoint
        todo = [p for p in self.live(v) if inblossom[endpoint[p]] != bv]
        self.outside[v] = (bv, self.stamp[bv], todo)
        return todo

    def _not_into(self, rest: Iterator[int], bv: int) -> list[int]:
        """The edges of ``rest`` (remote endpoint indices) not into blossom bv."""
        inblossom, endpoint = self.inblossom, self.endpoint
        return [q for q in rest if inblossom[endpoint[q]] != bv]

    def scan(self) -> bool:
        """Scan the queued S-vertices' edges until the queue is empty: a tight edge to a free blossom
        labels it T (and its partner S), one to another S-blossom of the same tree makes a blossom,
        one to another tree (or to a free vertex with dual 0) augments; a non-tight edge updates the
        least-slack edges. True if the stage augmented (and ends)."""
        # Local names for the hot loop.
        n, queue, blocked, inb, label = self.n, self.queue, self.blocked, self.inblossom, self.label
        labelend, allowed, dual, endpoint = self.labelend, self.allowed, self.dual, self.endpoint
        wt2, mate, base = self.wt2, self.mate, self.base
        bestedge, best_slack_val, best_slack_at, ph = self.bestedge, self.best_slack_val, self.best_slack_at, self.phase
        live, best_slack, assign_label = self.live, self.best_slack, self.assign_label
        augmented = False
        while queue:
            v = queue.pop()
            if blocked[v]:
                continue
            dv = dual[v]
            bv = inb[v]
            todo = live(v) if bv < n else self._outside_edges(v, bv)  # a lone vertex: no edge inside it
            while todo:
                rest = iter(todo)
                todo = []
                for p in rest:
                    w = endpoint[p]
                    bw = inb[w]
                    lbw = label[bw]
                    if lbw == 2 and label[w]:
                        continue  # a T-vertex already reached: tight or not, nothing to do
                    if augmented and blocked[w]:
                        continue
                    k = p >> 1
                    if not allowed[k]:
                        kslack = dv + dual[w] - wt2[k]
                        if kslack > 0:
                            # Not tight yet: remember the least-slack edge (cache valid while duals stand).
                            if lbw == 1:
                                x = bv
                            elif label[w] == 0:
                                x = w
                            else:
                                continue
                            if bestedge[x] == -1 or kslack < (
                                best_slack_val[x] if best_slack_at[x] == ph else best_slack(x)
                            ):
                                bestedge[x] = k
                                best_slack_val[x] = kslack
                                best_slack_at[x] = ph
                            continue
                        allowed[k] = True
                    if lbw == 0:
                        if mate[base[bw]] != -1:
                            assign_label(w, 2, p ^ 1)
                            continue
                        labelend[bw] = -1  # a free vertex (dual 0) outside every tree: an augmenting path
                    elif lbw == 1:
                        found = self.scan_blossom(v, w)
                        if found >= 0:
                            self.add_blossom(found, k)
                            # v is now inside the new blossom: drop the rest's edges into it.
                            bv = inb[v]
                            todo = self._not_into(rest, bv)
                            break
                    else:
                        if label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
                        continue
                    self.augment_and_block(k)
                    augmented = True
                    break
        return augmented

    def _tight_edges(self, v: int) -> list[int]:
        """v's live edges with slack <= 0 on the vertex duals (those into v's own blossom among
        them), computed once per epoch: the duals do not change in between."""
        cached = self.tight[v]
        if cached is not None and cached[0] == self.epoch:
            return cached[1]
        endpoint, dual, wt2 = self.endpoint, self.dual, self.wt2
        dv = dual[v]
        ends = [p for p in self.live(v) if dv + dual[endpoint[p]] <= wt2[p >> 1]]
        self.tight[v] = (self.epoch, ends)
        return ends

    def scan_tight(self) -> bool:
        """``scan`` before the stage's first dual step: only tight edges can label, shrink or
        augment, and the least slacks are not needed until a dual step (then ``restart_stage``),
        so each S-vertex's tight edges are visited, in the order ``scan`` visits them. Most stages
        of a big bracket's base solve end so (one augmentation each, on unchanged duals)."""
        queue, blocked, inb, label, labelend = self.queue, self.blocked, self.inblossom, self.label, self.labelend
        allowed, endpoint, mate, base = self.allowed, self.endpoint, self.mate, self.base
        assign_label, tight_edges = self.assign_label, self._tight_edges
        augmented = False
        while queue:
            v = queue.pop()
            if blocked[v]:
                continue
            bv = inb[v]
            for p in tight_edges(v):
                w = endpoint[p]
                bw = inb[w]
                if bw == bv:
                    continue  # inside v's blossom
                lbw = label[bw]
                if lbw == 2 and label[w]:
                    continue
                if augmented and blocked[w]:
                    continue
                k = p >> 1
                allowed[k] = True
                if lbw == 0:
                    if mate[base[bw]] != -1:
                        assign_label(w, 2, p ^ 1)
                        continue
                    labelend[bw] = -1
                elif lbw == 1:
                    found = self.scan_blossom(v, w)
                    if found >= 0:
                        self.add_blossom(found, k)
                        bv = inb[v]
                        continue
                else:
                    if label[w] == 0:
                        label[w] = 2
                        labelend[w] = p ^ 1
                    continue
                self.augment_and_block(k)
                augmented = True
                break
        return augmented

    def augment_and_block(self, k: int) -> None:
        """Augment along edge k and take both trees (and a free vertex reached) out of the stage."""
        endpoint, inblossom, label = self.endpoint, self.inblossom, self.label
        i, j = endpoint[2 * k], endpoint[2 * k + 1]
        out = self.tree_vertices([i, j], self.active)
        for x in (i, j):
            if not label[inblossom[x]]:
                out.extend(self.leaves(inblossom[x]))
        self.augment_matching(k)
        self.augmentations += 1
        blocked = self.blocked
        for x in out:
            blocked[x] = True
        self.just_blocked.extend(out)

    def dual_step(self) -> bool:
        """The largest dual change that keeps every dual feasible, and what it makes possible: an
        S-vertex reaching dual 0 ends the stage (True; if matched, the path to its root flips so the
        root is matched instead), else a new tight edge goes to the queue or a T-blossom with dual 0
        is expanded. (The candidates are gathered by comprehensions, visited in increasing order.)
        Only vertices with edges count: an isolated one is free with dual 0 and never labelled."""
        n, active, inblossom, label, dual = self.n, self.active, self.inblossom, self.label, self.dual
        mate, bestedge, best_slack = self.mate, self.bestedge, self.best_slack
        tops = [inblossom[v] for v in active]
        outer = [v for v, b in zip(active, tops) if label[b] == 1]
        delta_type = 1
        delta = -1
        zero_vertex = -1
        for v in outer:
            if delta == -1 or dual[v] < delta or (dual[v] == delta and mate[v] == -1 and mate[zero_vertex] != -1):
                delta, zero_vertex = dual[v], v
        delta_edge = -1
        delta_blossom = -1
        for v in [v for v, b in zip(active, tops) if label[b] == 0 and bestedge[v] != -1]:
            d = best_slack(v)
            if d < delta:
                delta, delta_type, delta_edge = d, 2, bestedge[v]
        top_blossoms = sorted({b for b in tops if b >= n})
        for b in [v for v, b in zip(active, tops) if v == b and label[v] == 1 and bestedge[v] != -1] + [
            b for b in top_blossoms if label[b] == 1 and bestedge[b] != -1
        ]:
            d = best_slack(b) // 2
            if d < delta:
                delta, delta_type, delta_edge = d, 3, bestedge[b]
        for b in top_blossoms:
            if label[b] == 2 and dual[b] < delta:
                delta, delta_type, delta_blossom = dual[b], 4, b
        self._apply_dual_step(delta, tops, outer, top_blossoms)
        if delta_type == 1:
            if mate[zero_vertex] != -1:
                self.flip_path(zero_vertex, -1)  # the root gets matched, zero_vertex goes free
            return True
        if delta_type == 4:
            self.expand_blossom(delta_blossom, False)
            return False
        endpoint = self.endpoint
        self.allowed[delta_edge] = True
        i, j = endpoint[2 * delta_edge], endpoint[2 * delta_edge + 1]
        if delta_type == 2 and label[inblossom[i]] == 0:
            i = j  # the edge's S end
        self.queue.append(i)
        return False

    def _apply_dual_step(self, delta: int, tops: list[int], outer: list[int], top_blossoms: list[int]) -> None:
        """S-vertices and T-blossoms lose ``delta``, T-vertices and S-blossoms gain it; the cached
        slacks are out of date (``phase`` moves on). A step of 0 (a T-blossom with dual 0 to expand:
        most steps of a big bracket's last stages) changes nothing, and the cached slacks stay."""
        if not delta:
            return
        dual, label = self.dual, self.label
        for v in outer:
            dual[v] -= delta
        for v, b in zip(self.active, tops):
            if label[b] == 2:
                dual[v] += delta
        for b in top_blossoms:
            if label[b] == 1:
                dual[b] += delta
            elif label[b] == 2:
                dual[b] -= delta
        self.phase += 1
        self.epoch += 1

    def finish(self) -> tuple[list[int], Saved]:
        """Expand the top-level blossoms with dual 0 (those of the last stage: ``begin_stage``
        expands them between stages) and return the matching with what a warm start needs."""
        n, parent, base, dual = self.n, self.parent, self.base, self.dual
        for b in range(n, 2 * n):
            if parent[b] == -1 and base[b] >= 0 and dual[b] == 0:
                self.expand_blossom(b, True)
        flat = flatten_duals(self)
        endpoint = self.endpoint
        result = [endpoint[p] if p >= 0 else -1 for p in self.mate]
        arrays = (dual, parent, self.childs, base, self.endps, self.inblossom, self.unused)
        return result, Saved(self.graph, result, flat, arrays)
