"""Starting duals for a bracket's first solve, from the players' classes (issue 26).

A big bracket's first (base) solve is a maximum-weight matching on a nearly complete graph whose
weights depend only on the classes of the two players (players alike in everything the weight
reads): a few dozen classes for hundreds of players. Solved from the previous bracket's duals it
takes dozens of stages (seconds at 2,000 players, tens of seconds at 5,000); from duals close to
the optimum it takes a few.

Such duals come from the same problem on classes: the fractional matching in which class i takes
part in at most ``count[i]`` pairs. Its dual (``y[i] + y[j] >= weight[i][j]``, ``y >= 0``,
minimising ``sum(count[i] * y[i])``) is read off a min-cost flow on the bipartite double cover:
left copy i, right copy j, an arc of cost ``-weight[i][j]`` between them, capacities ``count`` at
the source and the sink, and a dummy copy on each side (weight 0 to everything) that takes what
a class leaves unpaired, so that every capacity is used up. The potentials ``pi`` that end the
flow give ``u[i] = pi[L_i]`` and ``v[j] = -pi[R_j]``, optimal duals of that problem with
equalities; shifted by the dummies' (``u[i] + v_d``, ``v[j] + u_d``) they are optimal for the
problem with inequalities, and ``y[i] = (u[i] + v[i]) / 2`` (rounded up to an even number) is
feasible for the classes' own problem, the weights being symmetric.

Only feasibility matters for correctness: the caller (``Matcher._class_start``) raises any
vertex whose edges still need more, and the blossom solver then finds the optimum from there.
Pure: no Django.
"""

from __future__ import annotations

import heapq


def class_duals(count: list[int], weight: dict[tuple[int, int], int]) -> list[int]:
    """Feasible duals per class (even integers), at the optimum of the fractional problem up to
    rounding.

    ``count[i]``: the class's players; ``weight[(i, j)]`` (i <= j) the weight of a pair of a
    class-i and a class-j player (absent: no such pair may meet; ``(i, i)`` needs two players)."""
    k = len(count)
    if not k:
        return []
    # Nodes: source, left copies 0..k-1 and a dummy left copy, right copies likewise, sink. The
    # dummies (weight 0 to everything) take what a class leaves unpaired, so every capacity is
    # used up: a transportation problem with equalities, whose potentials are its duals. They
    # hold one unit more than all classes together, so dummy meets dummy and u_d + v_d = 0.
    s, ld, rd, t = 0, k + 1, 2 * k + 2, 2 * k + 3
    size = 2 * k + 4
    left = [1 + i for i in range(k)] + [ld]
    right = [k + 2 + i for i in range(k)] + [rd]
    spare = sum(count) + 1
    head: list[int] = []
    cap: list[int] = []
    cost: list[int] = []
    out: list[list[int]] = [[] for _ in range(size)]

    def arc(a: int, b: int, capacity: int, c: int) -> None:
        out[a].append(len(head))
        head.append(b)
        cap.append(capacity)
        cost.append(c)
        out[b].append(len(head))
        head.append(a)
        cap.append(0)
        cost.append(-c)

    total = 2 * spare
    for i in range(k + 1):
        arc(s, left[i], count[i] if i < k else spare, 0)
        arc(right[i], t, count[i] if i < k else spare, 0)
    for (i, j), w in weight.items():
        arc(left[i], right[j], total, -w)
        if i != j:
            arc(left[j], right[i], total, -w)
    for i in range(k + 1):
        arc(left[i], rd, total, 0)
        if i < k:
            arc(ld, right[i], total, 0)
    # Potentials that make every residual arc's reduced cost >= 0: the shortest distances from
    # the source in the first graph (source -> left copy -> right copy -> sink).
    pi = [0] * size
    for (i, j), w in weight.items():
        pi[right[j]] = min(pi[right[j]], -w)
        pi[right[i]] = min(pi[right[i]], -w)
    pi[t] = min(pi[x] for x in right)
    while True:
        dist = _dijkstra(size, s, out, head, cap, cost, pi)
        _settle(pi, dist)
        if dist[t] is None:
            break  # every capacity used up
        # Every path of arcs with reduced cost 0 is now a shortest one: augment along them all
        # (a blocking flow, as in Dinic's algorithm) before the next Dijkstra.
        _blocking_flow(size, s, t, out, head, cap, cost, pi)
    # u_i = pi[L_i] and v_j = -pi[R_j] are optimal duals of the problem with equalities
    # (u_i + v_j >= weight, equal where flow runs); u_i + v_d and v_j + u_d those of the
    # problem with inequalities (>= 0 as the dummy arcs require).
    u_d, v_d = pi[ld], -pi[rd]
    duals = []
    for i in range(k):
        u = pi[left[i]] + v_d
        v = -pi[right[i]] + u_d
        y = -(-(u + v) // 2)
        duals.append(y + (y & 1))  # even: the blossom solver's slacks must stay even
    return duals


def _dijkstra(
    size: int, s: int, out: list[list[int]], head: list[int], cap: list[int], cost: list[int], pi: list[int]
) -> list[int | None]:
    """Shortest distances from s on reduced costs (None: unreachable)."""
    dist: list[int | None] = [None] * size
    dist[s] = 0
    heap = [(0, s)]
    done = [False] * size
    while heap:
        d, x = heapq.heappop(heap)
        if done[x]:
            continue
        done[x] = True
        px = pi[x]
        for a in out[x]:
            if cap[a] <= 0:
                continue
            y = head[a]
            nd = d + cost[a] + px - pi[y]
            dy = dist[y]
            if dy is None or nd < dy:
                dist[y] = nd
                heapq.heappush(heap, (nd, y))
    return dist


def _blocking_flow(
    size: int, s: int, t: int, out: list[list[int]], head: list[int], cap: list[int], cost: list[int], pi: list[int]
) -> None:
    """Augment along paths of residual arcs with reduced cost 0 until none is left."""
    level: list[list[int]] = [[a for a in out[x] if cost[a] + pi[x] - pi[head[a]] == 0] for x in range(size)]
    nxt = [0] * size
    while True:
        # One path by depth-first search, skipping arcs that are full or lead nowhere.
        path: list[int] = []
        x = s
        seen = {s}
        while x != t:
            arcs = level[x]
            i = nxt[x]
            while i < len(arcs) and (cap[arcs[i]] <= 0 or head[arcs[i]] in seen):
                i += 1
            nxt[x] = i
            if i == len(arcs):
                if not path:
                    return
                a = path.pop()
                x = head[a ^ 1]
                nxt[x] += 1  # a leads nowhere now
                continue
            a = arcs[i]
            path.append(a)
            x = head[a]
            seen.add(x)
        push = min(cap[a] for a in path)
        for a in path:
            cap[a] -= push
            cap[a ^ 1] += push
        nxt = [0] * size


def _settle(pi: list[int], dist: list[int | None]) -> None:
    """Add the distances to the potentials (an unreachable node gets the largest distance)."""
    far = max((d for d in dist if d is not None), default=0)
    for x, d in enumerate(dist):
        pi[x] += far if d is None else d
