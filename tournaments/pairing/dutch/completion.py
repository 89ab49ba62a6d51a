"""Completion (C4) below the bracket being paired, without the lower field in the matching graph.

While a bracket is paired, every player below it (the *lower field*, vertices from ``boundary``
on) only matters through completion: their pairs all weigh the same per player
(``weights.outside_weights``), so any complete pairing of them is as good as another. The matcher
therefore solves the bracket alone and asks here whether the bracket players it leaves unpaired
can be paired with the lower field, the whole of it paired too. If yes, the bracket solution is
optimal for the whole field (it is optimal for a relaxation that assumes completion); if no pairing
is found here, the caller solves on the whole field instead, so a miss costs time, never exactness.

The search is greedy on bitsets (``adj[v]``: bit u set when v and u may meet), then repairs each
leftover pair with a short alternating path (x-a, b-y instead of a-b).
"""

from __future__ import annotations

from collections.abc import Sequence


def complete(
    adj: list[int], n: int, boundary: int, up: list[int], bye: int | None, cheapest: list[int]
) -> dict[int, int] | None:
    """Partners for ``up`` (bracket players left unpaired, whose edges to each other do not count)
    and for every vertex from ``boundary`` to n-1. For an odd total, ``bye`` (one of ``up``) stays
    out, or, if it is None, one of ``cheapest`` (lower-field vertices). None if none is found."""
    lower = ((1 << n) - 1) ^ ((1 << boundary) - 1)
    ups = [u for u in up if u != bye]
    if (len(ups) + n - boundary) % 2 == 0:
        return _perfect(adj, lower, ups, range(boundary, n), -1)
    for out in reversed(cheapest[-3:]):  # the lowest-ranked first, as the bye usually goes there
        found = _perfect(adj, lower, ups, range(boundary, n), out)
        if found is not None:
            return found
    return None


def pairs_within(adj: list[int], members: list[int]) -> bool:
    """True when ``members`` are found a perfect matching among themselves (False: none found,
    which does not prove there is none)."""
    if len(members) % 2:
        return False
    mask = 0
    for v in members:
        mask |= 1 << v
    return _perfect(adj, mask, [], members, -1) is not None


def _perfect(adj: list[int], lower: int, ups: list[int], low: Sequence[int], out: int) -> dict[int, int] | None:
    """A perfect matching of ``ups`` + ``low`` (minus ``out``); an up-up edge does not count."""
    upmask = 0
    for u in ups:
        upmask |= 1 << u
    free = upmask | lower
    if out >= 0:
        free &= ~(1 << out)
    mate: dict[int, int] = {}

    def options(x: int, pool: int) -> int:
        nb = adj[x] & pool
        return nb & lower if (upmask >> x) & 1 else nb

    # The bracket players first, those with the fewest lower-field partners first.
    order = sorted(ups, key=lambda u: (adj[u] & lower).bit_count())
    order.extend(v for v in low if v != out)
    left: list[int] = []
    for x in order:
        if not (free >> x) & 1:
            continue
        nb = options(x, free & ~(1 << x))
        free &= ~(1 << x)
        if not nb:
            left.append(x)
            continue
        y = (nb & -nb).bit_length() - 1
        free &= ~(1 << y)
        mate[x] = y
        mate[y] = x
    # Leftovers x and y: find a pair a-b with x-a and b-y possible, and take x-a, b-y.
    while left:
        x = left.pop()
        others = 0
        for y in left:
            others |= 1 << y
        nb = options(x, ~0)
        done = False
        while nb and not done:
            a = (nb & -nb).bit_length() - 1
            nb &= nb - 1
            b = mate.get(a, -1)
            if b < 0:
                continue
            ys = options(b, others)
            if ys:
                y = (ys & -ys).bit_length() - 1
                left.remove(y)
                mate[x], mate[a] = a, x
                mate[b], mate[y] = y, b
                done = True
        if not done:
            return None
    return mate
