"""Top-down pairing of a ranked list (Keizer, Moyenne): the best free player takes the best acceptable
opponent, backtracking only when the players below could not be paired otherwise.

Iterative (no recursion, any field size) and bounded: at most ``budget`` candidate checks; None
when no pairing exists or the budget ran out (the callers then relax a rule and say so).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

DEFAULT_BUDGET = 200_000


def top_down(
    order: Sequence[int], ok: Callable[[int, int], bool], budget: int = DEFAULT_BUDGET
) -> list[tuple[int, int]] | None:
    """Pairs (higher-ranked first) of ``order`` (best first), lexicographically first in rank order.

    The first free player takes the highest-ranked free opponent with ``ok(first, opponent)``; when
    the rest cannot be paired, the last choice moves on to the next acceptable opponent.
    """
    n = len(order)
    if n % 2:
        return None
    used = [False] * n
    stack: list[tuple[int, int]] = []  # (first, its opponent) positions
    first = 0
    cand = 0  # the last candidate tried for ``first`` (the next try starts after it)
    checks = 0
    while True:
        while first < n and used[first]:
            first += 1
        if first >= n:
            return [(order[a], order[b]) for a, b in stack]
        used[first] = True
        j = max(cand, first) + 1
        found = -1
        while j < n:
            if not used[j]:
                checks += 1
                if checks > budget:
                    return None
                if ok(order[first], order[j]):
                    found = j
                    break
            j += 1
        if found >= 0:
            used[found] = True
            stack.append((first, found))
            first, cand = first + 1, 0
            continue
        # No opponent for ``first``: undo it and move the previous choice on.
        used[first] = False
        if not stack:
            return None
        first, cand = stack.pop()
        used[first] = used[cand] = False
