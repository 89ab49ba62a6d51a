"""A mutable weighted graph over the players with a maximum-weight matching solver.

Weights are exact Python integers (hundreds of bits); ``blossom`` solves in integer arithmetic.
"""

from __future__ import annotations

from tournaments.pairing.dutch.blossom import max_weight_matching


class Matcher:
    """Vertices 0..n-1; ``set``/``get`` edge weights (0 = no edge); ``solve`` returns mates."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.w: dict[tuple[int, int], int] = {}
        self.fixed: dict[int, int] = {}  # finalised pairs, left out of later solves
        self.solves = 0

    @staticmethod
    def _key(u: int, v: int) -> tuple[int, int]:
        return (u, v) if u < v else (v, u)

    def set(self, u: int, v: int, weight: int) -> None:
        if weight:
            self.w[self._key(u, v)] = weight
        else:
            self.w.pop(self._key(u, v), None)

    def get(self, u: int, v: int) -> int:
        return self.w.get(self._key(u, v), 0)

    def finalise(self, u: int, v: int) -> None:
        """Fix the pair u-v: both leave the graph."""
        self.fixed[u] = v
        self.fixed[v] = u
        for key in [k for k in self.w if u in k or v in k]:
            del self.w[key]

    def solve(self, bonus: dict[tuple[int, int], int] | None = None, shift: int = 0) -> list[int]:
        """A maximum-weight matching: ``mate[v]`` is v's partner, or v itself if unmatched.

        With ``bonus``, every weight is shifted left by ``shift`` bits and the bonus of the edge
        (keys ``(u, v)`` with u < v) is added: a tie-break below every existing criterion.
        """
        self.solves += 1
        # Only vertices with an edge take part; they are renumbered densely for the solver.
        verts = sorted({x for key in self.w for x in key})
        index = {v: i for i, v in enumerate(verts)}
        if bonus:
            edges = [(index[u], index[v], (wt << shift) + bonus.get((u, v), 0)) for (u, v), wt in self.w.items()]
        else:
            edges = [(index[u], index[v], wt) for (u, v), wt in self.w.items()]
        mate = list(range(self.n))
        for u, v in self.fixed.items():
            mate[u] = v
        for i, j in enumerate(max_weight_matching(len(verts), edges)):
            if j >= 0:
                mate[verts[i]] = verts[j]
        return mate
