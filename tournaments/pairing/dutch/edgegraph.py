"""The edge store the blossom solver works on, kept between solves, and what a solve leaves behind.

``EdgeGraph`` keeps edge numbers stable while weights change (so a warm start can keep the
previous solve's blossoms); ``Saved`` is a solve's matching, duals and blossoms.
"""

from __future__ import annotations

from collections.abc import Iterator


class EdgeGraph:
    """Edges kept between solves: weights change in place, removed edges stay as dead slots.

    ``endpoint[2k]``/``endpoint[2k + 1]`` are edge k's ends (the lower vertex first), ``wt2[k]``
    its weight times 4 (the solver's scale), ``alive[k]`` 1 while it is an edge, ``neighbend[v]``
    the remote endpoint indices of v's edges (dead ones too). ``slots[u][v]`` (u < v) is the
    endpoint index 2k + 1 of the edge u-v: the very int object kept in ``neighbend[u]``, so the
    lookup costs a dict entry per edge and nothing more (at 5,000 players the graph holds 1.5
    million edges; a map keyed by pairs cost ~150 bytes per edge more).
    """

    def __init__(self, n: int) -> None:
        self.n = n
        self.endpoint: list[int] = []
        self.wt2: list[int] = []
        self.alive = bytearray()  # 1 live, 0 dead (a byte per edge, not a pointer)
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        self.slots: list[dict[int, int]] = [{} for _ in range(n)]
        self.size = 0  # live edges
        self.degree = [0] * n
        self.version = 0  # bumped when edges are renumbered
        # One object per distinct weight: a bracket's hundreds of thousands of edges take a few
        # hundred values of 500-600 bits (about 100 bytes each), so ``wt2`` shares them.
        self.values: dict[int, int] = {}

    def shared(self, wt2: int) -> int:
        """The one kept object equal to ``wt2`` (a weight times 4)."""
        return self.values.setdefault(wt2, wt2)

    def find(self, u: int, v: int) -> int:
        """The number k of the edge u-v, or -1 if there is none."""
        p = self.slots[u].get(v) if u < v else self.slots[v].get(u)
        return -1 if p is None else p >> 1

    def pairs(self) -> Iterator[tuple[int, int, int]]:
        """``(u, v, k)`` for every live edge u-v (u < v), in edge-number order."""
        endpoint = self.endpoint
        for k, live in enumerate(self.alive):
            if live:
                yield endpoint[2 * k], endpoint[2 * k + 1], k

    def set(self, u: int, v: int, weight: int) -> None:
        """Set the weight of u-v (0 removes the edge)."""
        if u > v:
            u, v = v, u
        row = self.slots[u]
        p = row.get(v)
        if weight:
            w4 = 4 * weight
            if p is None:
                p = 2 * len(self.wt2) + 1
                row[v] = p
                self.endpoint.append(u)
                self.endpoint.append(v)
                self.wt2.append(self.values.setdefault(w4, w4))
                self.alive.append(1)
                self.neighbend[u].append(p)
                self.neighbend[v].append(p - 1)
                self.degree[u] += 1
                self.degree[v] += 1
                self.size += 1
            else:
                self.wt2[p >> 1] = self.values.setdefault(w4, w4)
        elif p is not None:
            del row[v]
            k = p >> 1
            self.alive[k] = 0
            self.wt2[k] = 0
            self.degree[u] -= 1
            self.degree[v] -= 1
            self.size -= 1

    def add_row(self, v: int, ends: list[int], wt4: list[int]) -> None:
        """New edges u-v for u in ``ends`` (none of them an edge yet), weights times 4 in ``wt4``
        (all positive): ``set(u, v, w4 // 4)`` for each, in that order, without a call per edge
        (a 5,000-player round adds about 5 million)."""
        k = len(self.wt2)
        slots, endpoint, wt2, neighbend, degree = self.slots, self.endpoint, self.wt2, self.neighbend, self.degree
        shared = self.values.setdefault
        at_v, row_v = neighbend[v], slots[v]
        for u, w4 in zip(ends, wt4):
            p = 2 * k + 1
            if u < v:
                slots[u][v] = p
                endpoint.append(u)
                endpoint.append(v)
                neighbend[u].append(p)
                at_v.append(p - 1)
            else:
                row_v[u] = p
                endpoint.append(v)
                endpoint.append(u)
                at_v.append(p)
                neighbend[u].append(p - 1)
            wt2.append(shared(w4, w4))
            degree[u] += 1
            k += 1
        self.alive.extend(b"\x01" * len(ends))
        degree[v] += len(ends)
        self.size += len(ends)

    def isolate(self, x: int) -> None:
        """Remove every edge of x (``set(x, y, 0)`` for each neighbour y, in one pass)."""
        endpoint, alive, wt2, slots, degree = self.endpoint, self.alive, self.wt2, self.slots, self.degree
        gone = 0
        for p in self.neighbend[x]:
            k = p >> 1
            if alive[k]:
                y = endpoint[p]
                if y < x:
                    del slots[y][x]
                alive[k] = 0
                wt2[k] = 0
                degree[y] -= 1
                gone += 1
        slots[x] = {}
        degree[x] = 0
        self.size -= gone
        self.neighbend[x] = []  # only dead edges were left in it (its neighbours drop theirs lazily)

    def weight(self, u: int, v: int) -> int:
        k = self.find(u, v)
        return 0 if k < 0 else self.wt2[k] // 4

    def edges(self) -> list[tuple[int, int, int]]:
        """``(u, v, weight)`` for every live edge, in edge-number order."""
        wt2 = self.wt2
        return [(u, v, wt2[k] // 4) for u, v, k in self.pairs()]

    def compact(self) -> None:
        """Drop the dead slots (only between solves: edge numbers change). The live edges keep
        their order, and so does each vertex's list. Done in place as far as it goes: the slot
        maps are updated, not copied, and each vertex's list is replaced as soon as it is
        renumbered (at 5,000 players a copy of the whole graph beside the old one cost ~200 MB
        at the peak)."""
        if self.size * 2 >= len(self.wt2):
            return
        old_endpoint, old_wt2, alive = self.endpoint, self.wt2, self.alive
        renumber = [-1] * len(old_wt2)
        endpoint: list[int] = []
        wt2: list[int] = []
        # Only the live edges' weights stay shared (the others would be kept for nothing).
        values: dict[int, int] = {}
        shared = values.setdefault
        i = 0
        for k, live in enumerate(alive):
            if live:
                renumber[k] = i
                endpoint.append(old_endpoint[2 * k])
                endpoint.append(old_endpoint[2 * k + 1])
                w4 = old_wt2[k]
                wt2.append(shared(w4, w4))
                i += 1
        self.endpoint, self.wt2, self.values = endpoint, wt2, values
        del old_endpoint, old_wt2
        self.alive = bytearray(b"\x01") * i
        neighbend, slots = self.neighbend, self.slots
        for x, ends in enumerate(neighbend):
            ends = neighbend[x] = [(renumber[p >> 1] << 1) | (p & 1) for p in ends if renumber[p >> 1] >= 0]
            row = slots[x]
            for p in ends:
                if p & 1:  # x is the lower end: its slot holds this very object
                    row[endpoint[p]] = p
        self.version += 1


class Saved:
    """What a solve leaves for the next warm start: duals and blossoms on a given ``EdgeGraph``."""

    def __init__(self, graph: EdgeGraph, mate: list[int], flat: list[int], arrays: tuple) -> None:  # type: ignore[type-arg]
        self.graph = graph
        self.version = graph.version
        self.mate = mate  # vertex partners, -1 if free
        self.flat = flat  # vertex duals with blossom duals folded in
        self.arrays = arrays  # dual, parent, childs, base, endps, inblossom, unused
