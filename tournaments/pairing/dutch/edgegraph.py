"""The edge store the blossom solver works on, kept between solves, and what a solve leaves behind.

``EdgeGraph`` keeps edge numbers stable while weights change (so a warm start can keep the
previous solve's blossoms); ``Saved`` is a solve's matching, duals and blossoms.
"""

from __future__ import annotations


class EdgeGraph:
    """Edges kept between solves: weights change in place, removed edges stay as dead slots.

    ``endpoint[2k]``/``endpoint[2k + 1]`` are edge k's ends, ``wt2[k]`` its weight times 4 (the
    solver's scale), ``neighbend[v]`` the remote endpoint indices of v's edges (dead ones too).
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.endpoint: list[int] = []
        self.wt2: list[int] = []
        self.alive: list[bool] = []
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        self.slot: dict[tuple[int, int], int] = {}
        self.degree = [0] * n
        self.version = 0  # bumped when edges are renumbered
        # One object per distinct weight: a bracket's hundreds of thousands of edges take a few
        # hundred values of 500-600 bits (about 100 bytes each), so ``wt2`` shares them.
        self.values: dict[int, int] = {}

    def shared(self, wt2: int) -> int:
        """The one kept object equal to ``wt2`` (a weight times 4)."""
        return self.values.setdefault(wt2, wt2)

    def set(self, u: int, v: int, weight: int) -> None:
        """Set the weight of u-v (0 removes the edge)."""
        key = (u, v) if u < v else (v, u)
        k = self.slot.get(key)
        if weight:
            if k is None:
                k = len(self.wt2)
                self.slot[key] = k
                self.endpoint.append(key[0])
                self.endpoint.append(key[1])
                w4 = 4 * weight
                self.wt2.append(self.values.setdefault(w4, w4))
                self.alive.append(True)
                self.neighbend[key[0]].append(2 * k + 1)
                self.neighbend[key[1]].append(2 * k)
                self.degree[key[0]] += 1
                self.degree[key[1]] += 1
            else:
                w4 = 4 * weight
                self.wt2[k] = self.values.setdefault(w4, w4)
        elif k is not None:
            del self.slot[key]
            self.alive[k] = False
            self.wt2[k] = 0
            self.degree[key[0]] -= 1
            self.degree[key[1]] -= 1

    def add_row(self, v: int, ends: list[int], wt4: list[int]) -> None:
        """New edges u-v for u in ``ends`` (none of them an edge yet), weights times 4 in ``wt4``
        (all positive): ``set(u, v, w4 // 4)`` for each, in that order, without a call per edge
        (a 5,000-player round adds about 5 million)."""
        k = len(self.wt2)
        slot, endpoint, wt2, neighbend, degree = self.slot, self.endpoint, self.wt2, self.neighbend, self.degree
        shared = self.values.setdefault
        at_v = neighbend[v]
        for u, w4 in zip(ends, wt4):
            if u < v:
                slot[(u, v)] = k
                endpoint.append(u)
                endpoint.append(v)
                neighbend[u].append(2 * k + 1)
                at_v.append(2 * k)
            else:
                slot[(v, u)] = k
                endpoint.append(v)
                endpoint.append(u)
                at_v.append(2 * k + 1)
                neighbend[u].append(2 * k)
            wt2.append(shared(w4, w4))
            degree[u] += 1
            k += 1
        self.alive.extend([True] * len(ends))
        degree[v] += len(ends)

    def isolate(self, x: int) -> None:
        """Remove every edge of x (``set(x, y, 0)`` for each neighbour y, in one pass)."""
        endpoint, alive, wt2, slot, degree = self.endpoint, self.alive, self.wt2, self.slot, self.degree
        for p in self.neighbend[x]:
            k = p >> 1
            if alive[k]:
                y = endpoint[p]
                del slot[(x, y) if x < y else (y, x)]
                alive[k] = False
                wt2[k] = 0
                degree[y] -= 1
        degree[x] = 0

    def weight(self, u: int, v: int) -> int:
        k = self.slot.get((u, v) if u < v else (v, u))
        return 0 if k is None else self.wt2[k] // 4

    def edges(self) -> list[tuple[int, int, int]]:
        return [(u, v, self.wt2[k] // 4) for (u, v), k in self.slot.items()]

    def compact(self) -> None:
        """Drop the dead slots (only between solves: edge numbers change). The live edges keep
        their order, and so does each vertex's list. Done in place as far as it goes: the slot
        map is updated, not copied, and each vertex's list is replaced as soon as it is renumbered
        (at 5,000 players a copy of the whole graph beside the old one cost ~200 MB at the peak)."""
        if len(self.slot) * 2 >= len(self.wt2):
            return
        old_endpoint, old_wt2, alive, slot = self.endpoint, self.wt2, self.alive, self.slot
        renumber = [-1] * len(old_wt2)
        endpoint: list[int] = []
        wt2: list[int] = []
        i = 0
        for k, live in enumerate(alive):
            if live:
                u, v = old_endpoint[2 * k], old_endpoint[2 * k + 1]
                renumber[k] = i
                slot[(u, v)] = i
                endpoint.append(u)
                endpoint.append(v)
                wt2.append(old_wt2[k])
                i += 1
        self.endpoint, self.wt2 = endpoint, wt2
        del old_endpoint, old_wt2
        self.alive = [True] * i
        neighbend = self.neighbend
        for x, ends in enumerate(neighbend):
            neighbend[x] = [(renumber[p >> 1] << 1) | (p & 1) for p in ends if renumber[p >> 1] >= 0]
        self.version += 1


class Saved:
    """What a solve leaves for the next warm start: duals and blossoms on a given ``EdgeGraph``."""

    def __init__(self, graph: EdgeGraph, mate: list[int], flat: list[int], arrays: tuple) -> None:  # type: ignore[type-arg]
        self.graph = graph
        self.version = graph.version
        self.mate = mate  # vertex partners, -1 if free
        self.flat = flat  # vertex duals with blossom duals folded in
        self.arrays = arrays  # dual, parent, childs, base, endps, inblossom, unused
