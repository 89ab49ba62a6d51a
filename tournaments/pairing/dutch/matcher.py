"""A mutable weighted graph over the players with a maximum-weight matching solver.

Weights are exact Python integers (hundreds of bits); ``blossom`` solves in integer arithmetic.
Successive solves are warm-started: the edge arrays, the previous matching, its duals and its
blossoms are kept, and only the vertices whose edges changed since (``set``'s pivot, the
finalised pairs) are re-optimised.
"""

from __future__ import annotations

from tournaments.pairing.dutch.blossom import EdgeGraph, Saved, max_weight_matching, solve_matching

# Module switch (tests compare against cold solves with another solver).
WARM_START = True


class Matcher:
    """Vertices 0..n-1; ``set``/``get`` edge weights (0 = no edge); ``solve`` returns mates."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.graph = EdgeGraph(n)
        self.fixed: dict[int, int] = {}  # finalised pairs, left out of later solves
        self.solves = 0
        self.warm = WARM_START
        self._state: tuple[list[int], Saved] | None = None
        self._changed: set[int] = set()

    def set(self, u: int, v: int, weight: int, pivot: int | None = None) -> None:
        """Set the weight of u-v. ``pivot`` (u or v) is the endpoint re-optimised by the next warm
        solve; by default both are."""
        if self.graph.weight(u, v) == weight:
            return
        self.graph.set(u, v, weight)
        if pivot is None:
            self._changed.add(u)
            self._changed.add(v)
        else:
            self._changed.add(pivot)

    def get(self, u: int, v: int) -> int:
        return self.graph.weight(u, v)

    def finalise(self, u: int, v: int) -> None:
        """Fix the pair u-v: both leave the graph."""
        self.fixed[u] = v
        self.fixed[v] = u
        self._changed.add(u)
        self._changed.add(v)
        g = self.graph
        for x in (u, v):
            for p in g.neighbend[x]:
                if g.alive[p >> 1]:
                    g.set(x, g.endpoint[p], 0)

    def solve(self, bonus: dict[tuple[int, int], int] | None = None, shift: int = 0) -> list[int]:
        """A maximum-weight matching: ``mate[v]`` is v's partner, or v itself if unmatched.

        With ``bonus``, every weight is shifted left by ``shift`` bits and the bonus of the edge
        (keys ``(u, v)`` with u < v) is added: a tie-break below every existing criterion. Such a
        solve is cold and does not become the next warm start.
        """
        self.solves += 1
        if bonus:
            edges = [(u, v, (wt << shift) + bonus.get((u, v), 0)) for u, v, wt in self.graph.edges()]
            found = max_weight_matching(self.n, edges)
            self._state = None
        elif self.warm:
            self.graph.compact()
            self._state = solve_matching(self.n, self.graph, self._state, self._changed)
            found = self._state[0]
        else:
            found = max_weight_matching(self.n, self.graph.edges())
        self._changed = set()
        mate = list(range(self.n))
        for u, v in self.fixed.items():
            mate[u] = v
        for i, j in enumerate(found):
            if j >= 0:
                mate[i] = j
        return mate
