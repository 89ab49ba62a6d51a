"""The blossom solver's state and the operations on its blossoms and alternating trees.

``BlossomForest`` holds one solve's arrays (the layout of Van Rantwijk's ``mwmatching.py``, names
shortened) and the steps the stages of ``blossom.solve_matching`` are made of: label a vertex S or
T (``assign_label``), trace an edge between two S-vertices back to a new blossom or to an
augmenting path (``scan_blossom``), shrink an odd cycle into a blossom (``add_blossom``), expand
one again (``expand_blossom``), and flip matched and unmatched edges along a path through
blossoms (``flip_path``, ``augment_blossom``). The words (S- and T-vertex, base, sub-blossom)
are Galil's.

Numbering: vertices are 0..n-1 and non-trivial blossoms n..2n-1 (a vertex is its own trivial
blossom; freed blossom numbers are reused, see ``unused``). Edge k joins ``endpoint[2k]`` and
``endpoint[2k + 1]``; an *endpoint index* p names one end of edge ``p >> 1`` and ``p ^ 1`` the
other. Weights and duals are on the scale of ``EdgeGraph.wt2`` (weight times 4): the slack of
edge k is ``dual[i] + dual[j] - wt2[k]`` for ends i, j in different top-level blossoms.
"""

from __future__ import annotations

from tournaments.pairing.dutch.edgegraph import EdgeGraph


class BlossomForest:
    """One solve's matching, duals, blossoms and (during a stage) alternating trees.

    Per vertex v: ``mate[v]`` the remote endpoint index of v's matched edge or -1;
    ``inblossom[v]`` its top-level blossom. Per blossom b (vertices included): ``parent[b]`` the
    blossom directly around it or -1; ``base[b]`` its base vertex; ``childs[b]`` its sub-blossoms
    round the cycle from the base's, ``endps[b][i]`` the endpoint of ``childs[b][i]`` on the edge
    to the next one; ``dual[b]`` its dual (``dual[v]`` of a vertex). Per top-level blossom during
    a stage: ``label`` 0 free, 1 S (outer), 2 T (inner), bit 4 marks a trace of ``scan_blossom``
    (a vertex inside a T-blossom has label 2 once an S-vertex outside reaches it); ``labelend``
    the remote endpoint of the edge it was labelled through (-1 for a root); ``bestedge`` the
    least-slack edge from a free (or not yet reached) vertex to an S-vertex, or from an S-blossom
    to another one, with ``bestedges`` a non-trivial S-blossom's least-slack edges to each
    neighbouring S-blossom.
    ``allowed[k]``: edge k is known to be tight. ``queue``: S-vertices whose edges are still to
    be scanned. ``best_slack_val``/``best_slack_at`` cache ``bestedge``'s slack for one ``phase``
    (the duals change between phases); ``stamp`` tells a reused blossom number apart.
    """

    __slots__ = (
        "allowed",
        "alive",
        "base",
        "best_slack_at",
        "best_slack_val",
        "bestedge",
        "bestedges",
        "childs",
        "degree",
        "dual",
        "endpoint",
        "endps",
        "graph",
        "inblossom",
        "label",
        "labelend",
        "lazy",
        "leaf_lists",
        "mate",
        "n",
        "neighbend",
        "parent",
        "phase",
        "queue",
        "stamp",
        "unused",
        "wt2",
    )

    def __init__(self, n: int, graph: EdgeGraph) -> None:
        """No matching, no blossom, every dual 0, no labels."""
        self.n = n
        self.graph = graph
        self.endpoint, self.wt2, self.alive, self.neighbend = graph.endpoint, graph.wt2, graph.alive, graph.neighbend
        self.degree = graph.degree
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int] | None] = [None] * (2 * n)
        # A top-level blossom's vertices once listed (see ``leaves``); None when not known.
        self.leaf_lists: list[list[int] | None] = [None] * (2 * n)
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int] | None] = [None] * (2 * n)
        self.bestedge = [-1] * (2 * n)
        self.bestedges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [0] * (2 * n)
        self.allowed = [False] * len(self.wt2)
        self.queue: list[int] = []
        self.stamp = [0] * (2 * n)
        self.best_slack_val = [0] * (2 * n)
        self.best_slack_at = [-1] * (2 * n)
        self.phase = 0
        # True while a stage has made no dual step: least slacks are not kept (see ``blossom``).
        self.lazy = False

    def slack(self, k: int) -> int:
        """Edge k's slack (its ends in different top-level blossoms)."""
        endpoint, dual = self.endpoint, self.dual
        return dual[endpoint[2 * k]] + dual[endpoint[2 * k + 1]] - self.wt2[k]

    def best_slack(self, x: int) -> int:
        """The slack of ``bestedge[x]``, cached until the duals change (``phase`` moves on)."""
        if self.best_slack_at[x] != self.phase:
            self.best_slack_val[x] = self.slack(self.bestedge[x])
            self.best_slack_at[x] = self.phase
        return self.best_slack_val[x]

    def live(self, v: int) -> list[int]:
        """v's adjacency list with the dead edges dropped (edge numbers and order unchanged)."""
        ends = self.neighbend[v]
        if len(ends) != self.degree[v]:
            alive = self.alive
            ends = self.neighbend[v] = [p for p in ends if alive[p >> 1]]
        return ends

    def leaves(self, b: int) -> list[int]:
        """The vertices inside blossom b (b itself for a vertex), in a fixed order (depth first, a
        blossom's children last to first). Not to be changed by the caller: a blossom's list is
        kept while it is top-level and its children stay as they are (``leaf_lists``), and a new
        blossom's list is its sub-blossoms' lists joined. Blossoms nest as deep as the field is
        large (a stage on a near-complete tight graph forms chains of thousands), and walking
        each new one's whole tree again made that quadratic at Python speed (issue 26: at 2,000
        players a third of an early round's time)."""
        if b < self.n:
            return [b]
        n, childs, lists = self.n, self.childs, self.leaf_lists
        out = lists[b]
        if out is not None:
            return out
        out = []
        stack = [b]
        while stack:
            x = stack.pop()
            if x < n:
                out.append(x)
            else:
                known = lists[x]
                if known is not None:
                    out.extend(known)
                else:
                    stack.extend(childs[x])  # type: ignore[arg-type]
        lists[b] = out
        return out

    def forget_leaves(self, b: int) -> None:
        """Blossom b's children changed (order or number): its list and its ancestors' go."""
        lists, parent = self.leaf_lists, self.parent
        while b != -1:
            lists[b] = None
            b = parent[b]

    def assign_label(self, w: int, t: int, p: int) -> None:
        """Label w's top-level blossom ``t`` (1 S, 2 T), reached through remote endpoint p. An S-blossom's
        vertices join the queue; a T-blossom's base is matched, and its partner is labelled S."""
        inblossom, label, labelend, bestedge = self.inblossom, self.label, self.labelend, self.bestedge
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            # t == 2: the base's mate becomes outer.
            mb = self.mate[self.base[b]]
            w, t, p = self.endpoint[mb], 1, mb ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
        """The base of the new blossom found by the edge between S-vertices v and w (their tree
        paths meet), or -1 when the paths reach two different roots (an augmenting path)."""
        inblossom, label, labelend, endpoint = self.inblossom, self.label, self.labelend, self.endpoint
        path: list[int] = []
        found = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                found = self.base[b]
                break
            path.append(b)
            label[b] = 5
            if labelend[b] == -1:
                v = -1
            else:
                v = endpoint[labelend[b]]
                b = inblossom[v]
                v = endpoint[labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return found

    def add_blossom(self, bse: int, k: int) -> None:
        """Shrink the odd cycle closed by edge k (between two S-blossoms of one tree, meeting at the
        blossom of vertex ``bse``) into a new S-blossom with dual 0. Its T-vertices become S-vertices
        and join the queue; its least-slack edges come from its sub-blossoms (``_gather_best_edges``)."""
        endpoint, inblossom, labelend, parent = self.endpoint, self.inblossom, self.labelend, self.parent
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        bb = inblossom[bse]
        bv = inblossom[v]
        bw = inblossom[w]
        b = self.unused.pop()
        self.stamp[b] += 1  # a new blossom under a reused number: cached edge lists of the old one go
        self.base[b] = bse
        parent[b] = -1
        parent[bb] = b
        path: list[int] = []
        ends: list[int] = []
        while bv != bb:
            parent[bv] = b
            path.append(bv)
            ends.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        ends.reverse()
        ends.append(2 * k)
        while bw != bb:
            parent[bw] = b
            path.append(bw)
            ends.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        label = self.label
        label[b] = 1
        labelend[b] = labelend[bb]
        self.dual[b] = 0
        self.childs[b] = path
        self.endps[b] = ends
        lists = self.leaf_lists
        lists[b] = None
        queue = self.queue
        for x in self.leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
            inblossom[x] = b
        if self.lazy:  # no least slacks are kept yet: drop the sub-blossoms' (they are stale)
            bestedges, bestedge = self.bestedges, self.bestedge
            for sub in path:
                bestedges[sub] = None
                bestedge[sub] = -1
            bestedges[b] = None
            bestedge[b] = -1
        else:
            self._gather_best_edges(b, path)
        for sub in path:
            lists[sub] = None  # b's list holds them now (kept, nested lists would add up to n^2)

    def _gather_best_edges(self, b: int, path: list[int]) -> None:
        """``bestedges[b]`` and ``bestedge[b]`` of the new blossom b from its sub-blossoms ``path``:
        per outer blossom next to b, the least-slack edge to it (sub-blossoms without such a list
        walk their vertices' edges), in blossom order; the sub-blossoms' lists are dropped."""
        endpoint, inblossom, label, dual, wt2 = self.endpoint, self.inblossom, self.label, self.dual, self.wt2
        bestedges, bestedge, live = self.bestedges, self.bestedge, self.live
        # The duals do not change here: each slack is computed once.
        best_to: dict[int, int] = {}  # outer blossom -> least-slack edge to it
        best_to_slack: dict[int, int] = {}
        for sub in path:
            known = bestedges[sub]
            if known is None:
                for x in self.leaves(sub):
                    dx = dual[x]
                    for p in live(x):
                        bj = inblossom[endpoint[p]]
                        if bj != b and label[bj] == 1:
                            kk = p >> 1
                            val = dx + dual[endpoint[p]] - wt2[kk]
                            if bj not in best_to or val < best_to_slack[bj]:
                                best_to[bj] = kk
                                best_to_slack[bj] = val
            else:
                for kk in known:
                    i, j = endpoint[2 * kk], endpoint[2 * kk + 1]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if bj != b and label[bj] == 1:
                        val = dual[i] + dual[j] - wt2[kk]
                        if bj not in best_to or val < best_to_slack[bj]:
                            best_to[bj] = kk
                            best_to_slack[bj] = val
            bestedges[sub] = None
            bestedge[sub] = -1
        near = sorted(best_to)  # in blossom order, as ever
        bestedges[b] = [best_to[bj] for bj in near]
        best = -1
        best_val = 0
        for bj in near:
            val = best_to_slack[bj]
            if best == -1 or val < best_val:
                best, best_val = best_to[bj], val
        bestedge[b] = best
        self.best_slack_val[b] = best_val
        self.best_slack_at[b] = self.phase

    def expand_blossom(self, b: int, endstage: bool) -> None:
        """Undo top-level blossom b: its sub-blossoms become top-level (at the end of a solve, those
        with dual 0 are expanded too). During a stage b is a T-blossom whose dual reached 0: its
        sub-blossoms on the tree path get their labels (``_relabel_expanded``). b's number is freed."""
        n, parent, inblossom, dual = self.n, self.parent, self.inblossom, self.dual
        # Iterative (blossoms nest as deep as the field is large): at the end of a solve the sub-blossoms
        # with dual 0 are expanded after their siblings' leaves are placed, each before its parent is
        # freed, so blossom numbers are freed in the recursive form's order.
        stack: list[tuple[int, bool]] = [(b, False)]
        while stack:
            b, done = stack.pop()
            if done:
                self._free_blossom(b)
                continue
            stack.append((b, True))
            kids: list[int] = self.childs[b]  # type: ignore[assignment]
            nested = []
            for s in kids:
                parent[s] = -1
                if s < n:
                    inblossom[s] = s
                elif endstage and dual[s] == 0:
                    nested.append(s)
                else:
                    for x in self.leaves(s):
                        inblossom[x] = s
            stack.extend((s, False) for s in reversed(nested))
            if not endstage and self.label[b] == 2:
                self._relabel_expanded(b, kids)

    def _free_blossom(self, b: int) -> None:
        """Blossom b, expanded, is no more: its number goes back to the free list."""
        self.label[b] = self.labelend[b] = -1
        self.childs[b] = self.endps[b] = self.leaf_lists[b] = None
        self.base[b] = -1
        self.bestedges[b] = None
        self.bestedge[b] = -1
        self.unused.append(b)

    def _relabel_expanded(self, b: int, kids: list[int]) -> None:
        """The labels of an expanded T-blossom b's sub-blossoms (``kids``, now top-level): from the one
        b was reached through round to the base, the even path alternates T and S (its edges tight);
        the others stay free unless one of their vertices was reached from an S-vertex outside."""
        endpoint, label, labelend = self.endpoint, self.label, self.labelend
        allowed, assign_label = self.allowed, self.assign_label
        ends: list[int] = self.endps[b]  # type: ignore[assignment]
        entry = self.inblossom[endpoint[labelend[b] ^ 1]]
        j = kids.index(entry)
        if j & 1:
            j -= len(kids)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        p = labelend[b]
        while j != 0:
            label[endpoint[p ^ 1]] = 0
            label[endpoint[ends[j - trick] ^ trick ^ 1]] = 0
            assign_label(endpoint[p ^ 1], 2, p)
            allowed[ends[j - trick] >> 1] = True
            j += step
            p = ends[j - trick] ^ trick
            allowed[p >> 1] = True
            j += step
        bv = kids[j]
        label[endpoint[p ^ 1]] = label[bv] = 2
        labelend[endpoint[p ^ 1]] = labelend[bv] = p
        self.bestedge[bv] = -1
        j += step
        while kids[j] != entry:
            bv = kids[j]
            if label[bv] == 1:
                j += step
                continue
            reached = -1
            for x in self.leaves(bv):
                if label[x] != 0:
                    reached = x
                    break
            if reached != -1:
                label[reached] = 0
                label[endpoint[self.mate[self.base[bv]]]] = 0
                assign_label(reached, 2, labelend[reached])
            j += step

    def augment_blossom(self, b: int, v: int) -> None:
        """Swap matched/unmatched edges inside blossom b so that v becomes its base.

        Iterative (no recursion limit: blossoms nest as deep as the field is large, and a 2,000-player
        bracket once reached Python's recursion limit here). Each blossom's step is split in two: its
        sub-blossoms' augmentations, then its own mates, rotation and base (``_finish_augment``), run
        after all of them, as in the recursive form. The sub-blossoms hold disjoint vertices and read
        nothing a sibling or the parent writes, so the result is the recursive form's, mate by mate.
        """
        n, parent, endpoint = self.n, self.parent, self.endpoint
        stack: list[tuple[int, int, int, list[tuple[int, int]] | None]] = [(b, v, -1, None)]
        while stack:
            b, v, i, writes = stack.pop()
            if writes is not None:
                self._finish_augment(b, i, writes)
                continue
            t = v
            while parent[t] != b:
                t = parent[t]
            subcalls: list[tuple[int, int]] = []
            if t >= n:
                subcalls.append((t, v))
            kids: list[int] = self.childs[b]  # type: ignore[assignment]
            ends: list[int] = self.endps[b]  # type: ignore[assignment]
            i = j = kids.index(t)
            if i & 1:
                j -= len(kids)
                step, trick = 1, 0
            else:
                step, trick = -1, 1
            mates: list[tuple[int, int]] = []
            while j != 0:
                j += step
                t = kids[j]
                p = ends[j - trick] ^ trick
                if t >= n:
                    subcalls.append((t, endpoint[p]))
                j += step
                t = kids[j]
                if t >= n:
                    subcalls.append((t, endpoint[p ^ 1]))
                mates.append((endpoint[p], p ^ 1))
                mates.append((endpoint[p ^ 1], p))
            stack.append((b, v, i, mates))
            stack.extend((sub, w, -1, None) for sub, w in reversed(subcalls))

    def _finish_augment(self, b: int, i: int, mates: list[tuple[int, int]]) -> None:
        """The second half of augmenting blossom b: its own matched edges, its children rotated so that
        child i leads, and its base (the new base of that child)."""
        mate = self.mate
        for vertex, end in mates:
            mate[vertex] = end
        kids: list[int] = self.childs[b]  # type: ignore[assignment]
        ends: list[int] = self.endps[b]  # type: ignore[assignment]
        self.childs[b] = kids[i:] + kids[:i]
        self.endps[b] = ends[i:] + ends[:i]
        self.base[b] = self.base[kids[i]]
        if i:
            self.forget_leaves(b)  # its leaves' order changed

    def flip_path(self, s: int, p: int) -> None:
        """Flip matched and unmatched edges along the tree path from S-vertex s to its root;
        s gets mate ``p`` (an endpoint index, or -1 to leave it free)."""
        n, inblossom, labelend, endpoint, mate = self.n, self.inblossom, self.labelend, self.endpoint, self.mate
        while True:
            bs = inblossom[s]
            if bs >= n:
                self.augment_blossom(bs, s)
            mate[s] = p
            if labelend[bs] == -1:
                break
            t = endpoint[labelend[bs]]
            bt = inblossom[t]
            s = endpoint[labelend[bt]]
            j = endpoint[labelend[bt] ^ 1]
            if bt >= n:
                self.augment_blossom(bt, j)
            mate[j] = labelend[bt]
            p = labelend[bt] ^ 1

    def augment_matching(self, k: int) -> None:
        """Augment along the path through edge k (between the trees of two free roots): both roots
        end up matched, one more matched edge in all."""
        self.flip_path(self.endpoint[2 * k], 2 * k + 1)
        self.flip_path(self.endpoint[2 * k + 1], 2 * k)

    def tree_vertices(self, seeds: list[int], vertices: list[int]) -> list[int]:
        """Those of ``vertices`` in the alternating trees holding the ``seeds`` (labels intact).

        An S-blossom's ``labelend`` leads to the T-blossom above it, a T-blossom's to the S-blossom
        above it; a root is an S-blossom without one.
        """
        label, labelend, inblossom, endpoint = self.label, self.labelend, self.inblossom, self.endpoint
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
