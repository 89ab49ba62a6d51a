"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm, primal-dual, O(n^3)).

A compact, list-based implementation for exact integer weights of any size. It follows the
classical presentation of the algorithm (Galil, "Efficient algorithms for finding maximum
matching in graphs", 1986): stages grow alternating trees from every free vertex, dual
adjustments make new edges tight, odd cycles shrink into blossoms and expand again when their
dual reaches zero. Weights are doubled internally so every dual stays an integer.

Speed (the Dutch engine solves dozens of times per bracket, on graphs of up to ~500,000 edges):
a warm start (see ``solve_matching``) frees as few vertices as it can; a stage goes on after an
augmentation with the trees it did not touch; zero-dual S-blossoms live on to the next stage;
dead edges leave the adjacency lists lazily, and only vertices with edges are visited.

``max_weight_matching(n, edges)`` returns ``mate`` with ``mate[v]`` the partner of v or -1; the
matching maximises the total weight (not the cardinality).
"""

from __future__ import annotations

from tournaments.pairing.dutch.blossom_parts import flatten_duals, greedy_start, tree_vertices
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
    the roots of the stages.

    The result is *a* maximum-weight matching; which one (among equal totals) depends on these
    details. The Dutch engine's decisions do not (``test_dutch_blossom``, ``test_dutch_generated``).
    """
    if isinstance(edges, EdgeGraph):
        graph = edges
    else:
        graph = EdgeGraph(n)
        for u, v, w in edges:
            graph.set(u, v, w)
    if not graph.slot:
        return [-1] * n, Saved(graph, [-1] * n, [0] * n, ())
    endpoint, wt2, alive, neighbend = graph.endpoint, graph.wt2, graph.alive, graph.neighbend
    m = len(wt2)
    mate = [-1] * n  # remote endpoint index of the matched edge, or -1
    label = [0] * (2 * n)  # 0 free, 1 S (outer), 2 T (inner); bit 4 marks a scan in progress
    labelend = [-1] * (2 * n)
    inblossom = list(range(n))
    parent = [-1] * (2 * n)
    childs: list[list[int] | None] = [None] * (2 * n)
    base = list(range(n)) + [-1] * n
    endps: list[list[int] | None] = [None] * (2 * n)
    bestedge = [-1] * (2 * n)
    bestedges: list[list[int] | None] = [None] * (2 * n)
    unused = list(range(n, 2 * n))
    keep_blossoms = False
    if start is None:
        top = max(wt2) // 2
        dual = [top if graph.degree[v] else 0 for v in range(n)] + [0] * n
    else:
        saved = start[1]
        start_mate = saved.mate
        if saved.graph is graph and saved.version == graph.version and saved.arrays:
            keep_blossoms = True
            old_dual, old_parent, old_childs, old_base, old_endps, old_inblossom, old_unused = saved.arrays
            dual = list(old_dual)
            parent = list(old_parent)
            childs = list(old_childs)
            base = list(old_base)
            endps = list(old_endps)
            inblossom = list(old_inblossom)
            unused = list(old_unused)
        else:
            dual = list(saved.flat) + [0] * n
    allowed = [False] * m
    queue: list[int] = []

    def slack(k: int) -> int:
        return dual[endpoint[2 * k]] + dual[endpoint[2 * k + 1]] - wt2[k]

    degree = graph.degree

    def live(v: int) -> list[int]:
        """v's adjacency list with the dead edges dropped (edge numbers and order unchanged)."""
        ends = neighbend[v]
        if len(ends) != degree[v]:
            ends = neighbend[v] = [p for p in ends if alive[p >> 1]]
        return ends

    # Per vertex, its edges leaving its top-level blossom, as ``(blossom, stamp, ends)``: valid
    # while that blossom (``stamp`` tells a reused number apart) stands.
    outside: list[tuple[int, int, list[int]] | None] = [None] * n
    stamp = [0] * (2 * n)

    # The slack of ``bestedge[x]``, cached until the duals change (``phase`` moves on).
    best_slack_val = [0] * (2 * n)
    best_slack_at = [-1] * (2 * n)
    phase = [0]

    def best_slack(x: int) -> int:
        if best_slack_at[x] != phase[0]:
            best_slack_val[x] = slack(bestedge[x])
            best_slack_at[x] = phase[0]
        return best_slack_val[x]

    def leaves(b: int) -> list[int]:
        if b < n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            x = stack.pop()
            if x < n:
                out.append(x)
            else:
                stack.extend(childs[x])  # type: ignore[arg-type]
        return out

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            if t == 1:
                queue.extend(leaves(b))
                return
            # t == 2: the base's mate becomes outer.
            mb = mate[base[b]]
            w, t, p = endpoint[mb], 1, mb ^ 1

    def scan_blossom(v: int, w: int) -> int:
        """The base of the new blossom found by edge v-w, or -1 for an augmenting path."""
        path: list[int] = []
        found = -1
        while v != -1 or w != -1:
            b = inblossom[v]
            if label[b] & 4:
                found = base[b]
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

    def add_blossom(bse: int, k: int) -> None:
        v, w = endpoint[2 * k], endpoint[2 * k + 1]
        bb = inblossom[bse]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unused.pop()
        stamp[b] += 1  # a new blossom under a reused number: cached edge lists of the old one go
        base[b] = bse
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
        label[b] = 1
        labelend[b] = labelend[bb]
        dual[b] = 0
        childs[b] = path
        endps[b] = ends
        for x in leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
            inblossom[x] = b
        # For each outer blossom next to b, the least-slack edge to it (and that slack: the duals
        # do not change here, so each slack is computed once).
        best_to: dict[int, int] = {}  # outer blossom -> least-slack edge to it
        best_to_slack: dict[int, int] = {}
        for sub in path:
            known = bestedges[sub]
            if known is None:
                for x in leaves(sub):
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
        best_slack_val[b] = best_val
        best_slack_at[b] = phase[0]

    def expand_blossom(b: int, endstage: bool) -> None:
        kids: list[int] = childs[b]  # type: ignore[assignment]
        for s in kids:
            parent[s] = -1
            if s < n:
                inblossom[s] = s
            elif endstage and dual[s] == 0:
                expand_blossom(s, endstage)
            else:
                for x in leaves(s):
                    inblossom[x] = s
        if not endstage and label[b] == 2:
            ends: list[int] = endps[b]  # type: ignore[assignment]
            entry = inblossom[endpoint[labelend[b] ^ 1]]
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
            bestedge[bv] = -1
            j += step
            while kids[j] != entry:
                bv = kids[j]
                if label[bv] == 1:
                    j += step
                    continue
                reached = -1
                for x in leaves(bv):
                    if label[x] != 0:
                        reached = x
                        break
                if reached != -1:
                    label[reached] = 0
                    label[endpoint[mate[base[bv]]]] = 0
                    assign_label(reached, 2, labelend[reached])
                j += step
        label[b] = labelend[b] = -1
        childs[b] = endps[b] = None
        base[b] = -1
        bestedges[b] = None
        bestedge[b] = -1
        unused.append(b)

    def augment_blossom(b: int, v: int) -> None:
        """Swap matched/unmatched edges inside blossom b so that v becomes its base."""
        t = v
        while parent[t] != b:
            t = parent[t]
        if t >= n:
            augment_blossom(t, v)
        kids: list[int] = childs[b]  # type: ignore[assignment]
        ends: list[int] = endps[b]  # type: ignore[assignment]
        i = j = kids.index(t)
        if i & 1:
            j -= len(kids)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = kids[j]
            p = ends[j - trick] ^ trick
            if t >= n:
                augment_blossom(t, endpoint[p])
            j += step
            t = kids[j]
            if t >= n:
                augment_blossom(t, endpoint[p ^ 1])
            mate[endpoint[p]] = p ^ 1
            mate[endpoint[p ^ 1]] = p
        childs[b] = kids[i:] + kids[:i]
        endps[b] = ends[i:] + ends[:i]
        base[b] = base[kids[i]]

    def flip_path(s: int, p: int) -> None:
        """Flip matched and unmatched edges along the tree path from S-vertex s to its root;
        s gets mate ``p`` (an endpoint index, or -1 to leave it free)."""
        while True:
            bs = inblossom[s]
            if bs >= n:
                augment_blossom(bs, s)
            mate[s] = p
            if labelend[bs] == -1:
                break
            t = endpoint[labelend[bs]]
            bt = inblossom[t]
            s = endpoint[labelend[bt]]
            j = endpoint[labelend[bt] ^ 1]
            if bt >= n:
                augment_blossom(bt, j)
            mate[j] = labelend[bt]
            p = labelend[bt] ^ 1

    def augment_matching(k: int) -> None:
        flip_path(endpoint[2 * k], 2 * k + 1)
        flip_path(endpoint[2 * k + 1], 2 * k)

    if start is not None:
        touched = changed or set()
        broken: set[int] = set()

        def dissolve(b: int) -> None:
            """Undo top-level blossom b, pushing its dual down to its vertices."""
            z = dual[b]
            if z:
                for v in leaves(b):
                    dual[v] += z
                # Only the base's matched edge leaves b; it is no longer tight.
                partner = start_mate[base[b]]
                if partner >= 0:
                    broken.add(base[b])
                    broken.add(partner)
            dual[b] = 0
            for sub in childs[b]:  # type: ignore[union-attr]
                parent[sub] = -1
                if sub < n:
                    inblossom[sub] = sub
                else:
                    for v in leaves(sub):
                        inblossom[v] = sub
            childs[b] = endps[b] = None
            base[b] = -1
            unused.append(b)

        soft = shifted or {}
        if keep_blossoms:
            for x in [*touched, *soft]:
                while 0 <= x < n and inblossom[x] != x:
                    dissolve(inblossom[x])
        for x, lift in soft.items():
            dual[x] += 4 * lift  # the scale of ``wt2``: the changed edges stay feasible
        for v in range(n):
            if not degree[v]:
                dual[v] = 0  # an isolated vertex is free at no cost
        for v in range(n):
            u = start_mate[v]
            if u > v and v not in touched and u not in touched and v not in broken:
                k = graph.slot.get((v, u), -1)
                if k >= 0 and ((keep_blossoms and v not in soft and u not in soft) or slack(k) == 0):
                    mate[endpoint[2 * k]] = 2 * k + 1
                    mate[endpoint[2 * k + 1]] = 2 * k
        for x in touched:
            if 0 <= x < n and degree[x]:
                need = max(wt2[p >> 1] - dual[endpoint[p]] for p in live(x))
                # Exactly what x's edges need: every slack stays >= 0 (a later change of another
                # changed vertex is computed against this value), and a smaller dual is closer to
                # the optimum than the old one was.
                dual[x] = need if need > 0 else 0
        # A changed vertex whose old matched edge is tight again (the change did not make another
        # edge better for it) keeps its partner: a tight matched edge meets the optimality
        # conditions, and neither end has to become the root of a stage. The partner must still be
        # free and the base of its top-level blossom (the only vertex of a blossom matched outside it).
        for x in touched:
            if not 0 <= x < n or mate[x] != -1 or inblossom[x] != x:
                continue
            u = start_mate[x]
            if u < 0 or mate[u] != -1 or base[inblossom[u]] != u:
                continue
            k = graph.slot.get((x, u) if x < u else (u, x), -1)
            if k >= 0 and slack(k) == 0:
                mate[endpoint[2 * k]] = 2 * k + 1
                mate[endpoint[2 * k + 1]] = 2 * k

    def half_augment(s: int) -> None:
        """Flip the tree path from S-vertex s (dual 0) to its root: the root gets matched, s goes free."""
        flip_path(s, -1)

    greedy_start(n, mate, dual, inblossom, endpoint, wt2, live)

    blocked = [False] * n
    just_blocked: list[int] = []

    def augment_and_block(k: int) -> None:
        """Augment along edge k and take both trees (and a free vertex reached) out of the stage."""
        i, j = endpoint[2 * k], endpoint[2 * k + 1]
        out = tree_vertices([i, j], active, label, labelend, inblossom, endpoint)
        for x in (i, j):
            if not label[inblossom[x]]:
                out.extend(leaves(inblossom[x]))
        augment_matching(k)
        for x in out:
            blocked[x] = True
        just_blocked.extend(out)

    zeros, minus, nones, falses = [0] * (2 * n), [-1] * (2 * n), [None] * n, [False] * m
    active = [v for v in range(n) if degree[v]]
    for _stage in range(2 * n + 2):
        for x in just_blocked:
            blocked[x] = False
        just_blocked.clear()
        label[:] = zeros
        bestedge[:] = minus
        bestedges[n:] = nones
        allowed[:] = falses
        phase[0] += 1
        queue.clear()
        roots = False
        for v in active:
            # A free vertex with dual 0 already meets the optimality conditions.
            if mate[v] == -1 and dual[v] > 0 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
                roots = True
        if not roots:
            break
        augmented = False
        while True:
            # Local aliases of the (mutable) lists: the scan below is the hot loop.
            inb, allowed_, dual_, endpoint_ = inblossom, allowed, dual, endpoint
            ph = phase[0]
            while queue:
                v = queue.pop()
                if blocked[v]:
                    continue
                dv = dual_[v]
                bv = inb[v]
                if bv < n:
                    todo = live(v)  # a lone vertex: no edge stays inside it
                else:
                    # Edges inside v's own blossom do nothing: drop them once per (blossom, vertex).
                    cached = outside[v]
                    if cached is not None and cached[0] == bv and cached[1] == stamp[bv]:
                        todo = cached[2]
                    else:
                        todo = [p for p in live(v) if inb[endpoint_[p]] != bv]
                        outside[v] = (bv, stamp[bv], todo)
                while todo:
                    rest = iter(todo)
                    todo = []
                    for p in rest:
                        w = endpoint_[p]
                        bw = inb[w]
                        lbw = label[bw]
                        if lbw == 2 and label[w]:
                            continue  # a T-vertex already reached: tight or not, nothing to do
                        if augmented and blocked[w]:
                            continue
                        k = p >> 1
                        if not allowed_[k]:
                            kslack = dv + dual_[w] - wt2[k]
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
                            allowed_[k] = True
                        if lbw == 0:
                            if mate[base[bw]] == -1:
                                # A free vertex (dual 0) outside every tree: an augmenting path.
                                labelend[bw] = -1
                                augment_and_block(k)
                                augmented = True
                                break
                            assign_label(w, 2, p ^ 1)
                        elif lbw == 1:
                            found = scan_blossom(v, w)
                            if found >= 0:
                                add_blossom(found, k)
                                # v is now inside the new blossom: drop the rest's edges into it.
                                bv = inb[v]
                                todo = [q for q in rest if inb[endpoint_[q]] != bv]
                                break
                            augment_and_block(k)
                            augmented = True
                            break
                        elif label[w] == 0:
                            label[w] = 2
                            labelend[w] = p ^ 1
            if augmented:
                break
            # Dual adjustment: the largest step that keeps every dual feasible. (The candidates are
            # gathered by comprehensions; they are visited in the same increasing order as ever.)
            # Only vertices with edges: an isolated one is free with dual 0 and never labelled.
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
            for v in outer:
                dual[v] -= delta
            for v, b in zip(active, tops):
                if label[b] == 2:
                    dual[v] += delta
            for b in top_blossoms:
                if label[b] == 1:
                    dual[b] += delta
                elif label[b] == 2:
                    dual[b] -= delta
            phase[0] += 1
            if delta_type == 1:
                # An S-vertex reached dual 0: it may stay (or become) free. If it is matched, the
                # path to its root flips so the root (positive dual) is matched instead.
                if mate[zero_vertex] != -1:
                    half_augment(zero_vertex)
                augmented = True
                break
            if delta_type == 2:
                allowed[delta_edge] = True
                i, j = endpoint[2 * delta_edge], endpoint[2 * delta_edge + 1]
                if label[inblossom[i]] == 0:
                    i, j = j, i
                queue.append(i)
            elif delta_type == 3:
                allowed[delta_edge] = True
                queue.append(endpoint[2 * delta_edge])
            else:
                expand_blossom(delta_blossom, False)
        # S-blossoms with a zero dual stay for the next stage: one labelled T there is expanded at
        # once (a zero dual step), one labelled S again need not be found again.
    for b in range(n, 2 * n):
        if parent[b] == -1 and base[b] >= 0 and dual[b] == 0:
            expand_blossom(b, True)
    flat = flatten_duals(n, dual, base, parent, childs)
    result = [endpoint[p] if p >= 0 else -1 for p in mate]
    return result, Saved(graph, result, flat, (dual, parent, childs, base, endps, inblossom, unused))
