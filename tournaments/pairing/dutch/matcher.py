"""A mutable weighted graph over the players with a maximum-weight matching solver.

Weights are exact Python integers (hundreds of bits); ``blossom`` solves in integer arithmetic.

Bracket solves: the engine names the lower field (``set_lower_field``: the players below the
bracket and the next score group), whose pair weights are per-player sums, so a solve works on the
bracket alone, with weights relative to sending both players down and a vertex n that stands for
"this player gets the PAB", and then checks on bitsets that the players it leaves unpaired can be
paired with the lower field (``completion``). That makes it an optimum of the whole field. If the
check finds nothing, that bracket is solved on the whole field, whose graph is only built then
(``lazy``: until a solve needs it, the lower-field weights stay implicit).

Successive solves are warm-started: the edge arrays, the previous matching, its duals and its
blossoms are kept, and only the vertices whose edges changed since (``set``'s pivot, the
finalised pairs) are re-optimised; a change that depends on one end only can instead lift that
end's dual (``absorb``), which keeps the previous matching tight.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.dutch.blossom import EdgeGraph, Saved, max_weight_matching, solve_matching
from tournaments.pairing.dutch.class_duals import class_duals
from tournaments.pairing.dutch.completion import complete

# Module switches (tests compare against cold solves with another solver, and against solves on
# the whole field).
WARM_START = True
BRACKET_SOLVES = True
CLASS_START = True
# A bracket's first solve starts from its classes' duals (``set_classes``) when at least this
# many vertices changed since the last solve (smaller ones are cheap from the last duals).
CLASS_START_MIN = 150


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
        # Soft changes: absorbing end -> {other end: total change} (see ``_note``).
        self._soft: dict[int, dict[int, int]] = {}
        # Bracket solves (see ``set_lower_field``): the graph of the players above ``boundary``
        # with weights relative to the lower field, vertex n standing for "the PAB goes here".
        self.boundary = n
        self.adj: list[int] = []
        self.outside: tuple[int, list[int]] | None = None
        self.upper = EdgeGraph(n + 1)
        self._ustate: tuple[list[int], Saved] | None = None
        self._uchanged: set[int] = set()
        self._usoft: dict[int, dict[int, int]] = {}
        self._cheapest: list[int] = []
        self._classes: list[int] | None = None
        self.class_starts = 0
        self._failed_at = -1
        self._started = False
        self.lazy = False
        # Lazy mode's weights that differ from the lower field's: ``explicit[lo][hi]`` for the pair
        # lo < hi (a row goes when lo is paired: see ``finalise``), unless the upper graph holds
        # it: a pair above the boundary that weighs more than the lower field's weight is an edge
        # of ``upper`` with the difference, and is not kept here too (1.5 million entries, ~60
        # MiB, at 5,000 players). An entry here, when there is one, is the weight.
        self.explicit: list[dict[int, int]] = []
        # One object per distinct explicit weight in a bracket: its tie-break steps set hundreds
        # of thousands of weights of 500-600 bits that take a few thousand values (emptied when
        # the next bracket starts, so weights no longer set do not stay).
        self._interned: dict[int, int] = {}
        self.upper_solves = 0
        # The last upper solve's duals while no weight has changed since (see ``excludes``).
        self._cert: Saved | None = None

    def set_outside(self, base: int, part: list[int], adj: list[int], lazy: bool = False) -> None:
        """The lower field's weights (``base + part[u] + part[v]`` for a pair that may meet, as
        ``weights.outside_weights`` gives them) and who may meet whom (``adj[v]``: bit u).

        ``lazy``: no edge has been set and every pair holds that weight until ``set`` says
        otherwise; the whole-field graph is only built if a solve needs it (``_materialise``)."""
        self.outside = (base, part)
        self.adj = adj
        if lazy:
            self.lazy = True
            self.explicit = [{} for _ in range(self.n)]

    def set_lower_field(self, boundary: int) -> None:
        """Vertices from ``boundary`` on are the lower field: no bracket weight has been set on any
        of their edges (so a pair with one of them weighs nothing relative to the lower field).
        Until the next call, solves work on the vertices above it alone, as long as the completion
        check allows (see ``completion``)."""
        if not self.solves_brackets() or (self._started and boundary < self.boundary):
            return
        self._started = True
        self.boundary = boundary
        self._cert = None
        self._interned = {}
        # The last bracket's pairs left dead edges behind: drop them before the next bracket's
        # edges come (at 5,000 players ~800,000 of them, ~100 MB, would otherwise stay till later).
        self.upper.compact()
        base, part = self.outside  # type: ignore[misc]  # set: see solves_brackets
        z = self.n
        if self.n % 2:
            # With no lower field the PAB goes to a bracket player: any of them may take vertex n.
            least = min(part[boundary:]) if boundary < self.n else max(part) + 1
            self._cheapest = self.cheapest_from(boundary)
            for v in range(boundary):
                if v not in self.fixed:
                    self.upper.set(v, z, max(least - part[v], 0))
        self._uchanged.add(z)

    def cheapest_from(self, boundary: int) -> list[int]:
        """The lower field's players from ``boundary`` on that the PAB costs least (``completion``'s
        candidates for it)."""
        if self.outside is None or boundary >= self.n:
            return []
        part = self.outside[1]
        least = min(part[boundary:])
        return [x for x in range(boundary, self.n) if part[x] == least]

    def set_classes(self, classes: list[int]) -> None:
        """The class of each vertex above the boundary (-1: none) for the next bracket solve: two
        vertices of one class have the same weight to any third one (who may meet whom apart).
        That solve then starts from the classes' duals (see ``_class_start``)."""
        if CLASS_START:
            self._classes = classes

    def weight(self, u: int, v: int) -> int:
        """The current weight of u-v (0: they may not meet)."""
        if self.lazy:
            lo, hi = (u, v) if u < v else (v, u)
            w = self.explicit[lo].get(hi)
            if w is not None:
                return w
            p = self.upper.slots[lo].get(hi)
            if p is not None:  # the upper graph holds it (see ``explicit``)
                base, part = self.outside  # type: ignore[misc]
                return (self.upper.wt2[p >> 1] >> 2) + base + part[lo] + part[hi]
            return self._implicit(u, v)
        return self.graph.weight(u, v)

    def outside_weight(self, u: int, v: int) -> int:
        """The lower field's weight of u-v, whether or not they may meet (``set_outside``)."""
        base, part = self.outside  # type: ignore[misc]
        return base + part[u] + part[v]

    def _implicit(self, u: int, v: int) -> int:
        """The lower-field weight of u-v, which a pair holds until ``set`` changes it (lazy mode)."""
        return self.outside_weight(u, v) if (self.adj[u] >> v) & 1 else 0

    def excludes(self, u: int, v: int) -> bool:
        """True when no maximum-weight matching pairs u with v, as the last solve's duals prove: the
        edge's slack (blossom duals included) is positive, and by complementary slackness every
        optimal matching uses tight edges only. Valid while no weight has changed since that solve
        (finalising its pairs only narrows the optimal matchings down to those that hold them);
        False when it cannot tell (the last solve was not a bracket solve, or u-v is no edge of it)."""
        saved = self._cert
        if saved is None or not saved.arrays:
            return False
        upper = self.upper
        k = upper.find(u, v)
        if k < 0:
            return False
        dual: list[int] = saved.arrays[0]
        parent: list[int] = saved.arrays[1]
        slack = dual[u] + dual[v] - upper.wt2[k]
        around: set[int] = set()
        b = parent[u]
        while b != -1:
            around.add(b)
            b = parent[b]
        b = parent[v]
        while b != -1:
            if b in around:
                slack += 2 * dual[b]  # a blossom holding both ends (its dual counts twice on this scale)
            b = parent[b]
        return slack > 0

    def _materialise(self) -> None:
        """Leave lazy mode: build the whole-field graph of the players not yet paired (cold)."""
        alive = [v for v in range(self.n) if v not in self.fixed]
        graph = EdgeGraph(self.n)
        weight = self.weight
        for i, v in enumerate(alive):
            for u in alive[:i]:
                w = weight(u, v)
                if w:
                    graph.set(u, v, w)
        self.graph = graph
        self.lazy = False
        self.explicit = []
        self._state = None
        self._changed = set()
        self._soft = {}

    def _relative(self, u: int, v: int, weight: int) -> int:
        """A bracket pair's weight over what sending both players to the lower field would give."""
        if not weight:
            return 0
        base, part = self.outside  # type: ignore[misc]
        return max(weight - base - part[u] - part[v], 0)

    def set(self, u: int, v: int, weight: int, pivot: int | None = None, absorb: int | None = None) -> None:
        """Set the weight of u-v. ``pivot`` (u or v) is the endpoint re-optimised by the next warm
        solve; by default both are. With ``absorb`` (u or v), a change of an existing edge is
        instead taken up by raising that end's dual by as much (see ``solve_matching``'s
        ``shifted``): for a tie-break that depends on one end only, the old matching stays tight."""
        # The hot path of every bracket (hundreds of thousands of calls): ``_implicit``,
        # ``_relative``, ``EdgeGraph.weight``/``set`` and ``_note`` inlined where it is plain.
        key = (u, v) if u < v else (v, u)
        inside = self._started and u < self.boundary and v < self.boundary
        upper = self.upper
        p = upper.slots[key[0]].get(key[1]) if inside else None
        uold = 0 if p is None else upper.wt2[p >> 1] >> 2
        explicit: dict[int, int] = {}
        if self.lazy:
            explicit = self.explicit[key[0]]
            old = explicit.get(key[1])
            if old is None:
                base, part = self.outside  # type: ignore[misc]
                if p is not None:
                    old = uold + base + part[u] + part[v]
                elif (self.adj[u] >> v) & 1:
                    old = base + part[u] + part[v]
                else:
                    old = 0
            if old == weight:
                return
        else:
            graph = self.graph
            gp = graph.slots[key[0]].get(key[1])
            old = 0 if gp is None else graph.wt2[gp >> 1] >> 2
            if old == weight:
                return
            graph.set(u, v, weight)
            _note(self._changed, self._soft, u, v, old, weight, pivot, absorb)
        self._cert = None
        unew = 0
        if inside and weight:
            base, part = self.outside  # type: ignore[misc]
            unew = weight - base - part[u] - part[v]
            if unew < 0:
                unew = 0
        if self.lazy:
            if unew:
                explicit.pop(key[1], None)  # the upper graph holds it
            else:
                explicit[key[1]] = self._interned.setdefault(weight, weight)
        if inside and uold != unew:
            if p is not None and unew:
                upper.wt2[p >> 1] = upper.shared(unew << 2)  # an existing edge: ``EdgeGraph.set`` in short
            else:
                upper.set(u, v, unew)
            if absorb is None:
                if pivot is None:
                    self._uchanged.add(u)
                    self._uchanged.add(v)
                else:
                    self._uchanged.add(pivot)
            else:
                _note(self._uchanged, self._usoft, u, v, uold, unew, pivot, absorb)

    def set_row(self, v: int, row: list[tuple[int, int]]) -> None:
        """``set(u, v, weight, pivot=v)`` for each ``(u, weight)`` of ``row``, in that order (a
        bracket's weights, set one player at a time: the loop of ``set`` with the lookups made
        once). ``adj`` must be symmetric, as ``weights.compatible_bits`` makes it."""
        boundary = self.boundary
        if not self.lazy or not self._started or v >= boundary:
            for u, weight in row:
                self.set(u, v, weight, v)
            return
        explicit = self.explicit
        base, part = self.outside  # type: ignore[misc]
        base_v = base + part[v]
        bits = bin(self.adj[v])  # bit u of adj[v] is bits[top - u] (a string index, not a shift)
        top = len(bits) - 1
        upper = self.upper
        uslots, uwt2, uset, shared = upper.slots, upper.wt2, upper.set, upper.values.setdefault
        changed = pivot = False
        new_ends: list[int] = []  # the row's new edges, added in one go (in this order)
        new_wt4: list[int] = []
        for u, weight in row:
            explicit_row, other = (explicit[u], v) if u < v else (explicit[v], u)
            p = uslots[u].get(v) if u < v else uslots[v].get(u)
            uold = 0 if p is None else uwt2[p >> 1] >> 2
            old = explicit_row.get(other)
            if old is None:
                if p is not None:
                    old = uold + base_v + part[u]
                else:
                    old = base_v + part[u] if u < top - 1 and bits[top - u] == "1" else 0
            if old == weight:
                continue
            changed = True
            unew = 0
            if weight and u < boundary:
                unew = weight - base_v - part[u]
                if unew < 0:
                    unew = 0
            if unew:
                explicit_row.pop(other, None)  # the upper graph holds it
            else:
                explicit_row[other] = weight
            if u < boundary and uold != unew:
                if p is None:
                    new_ends.append(u)
                    new_wt4.append(unew << 2)
                elif unew:
                    w4 = unew << 2
                    uwt2[p >> 1] = shared(w4, w4)
                else:
                    uset(u, v, 0)
                pivot = True
        if new_ends:
            upper.add_row(v, new_ends, new_wt4)
        if changed:
            self._cert = None
        if pivot:
            self._uchanged.add(v)

    def set_many(self, pivot: int, ends: list[int], weights: list[int], absorbs: Sequence[int | None]) -> None:
        """``set(e, pivot, w, pivot=pivot, absorb=a)`` for each e of ``ends``, w of ``weights`` and
        a of ``absorbs``, in that order: the loop of ``set`` with the lookups made once, for the
        exchange steps' hundreds of thousands of pairs per step in a big bracket (one lower
        player's column of exchange preferences, absorbed by the higher ends; one player's row
        when S1 and S2 are settled)."""
        boundary = self.boundary
        if not self.lazy or not self._started or pivot >= boundary or max(ends, default=-1) >= boundary:
            for e, w, a in zip(ends, weights, absorbs):
                self.set(e, pivot, w, pivot=pivot, absorb=a)
            return
        explicit, interned = self.explicit, self._interned.setdefault
        base, part = self.outside  # type: ignore[misc]
        base_p = base + part[pivot]
        bits = bin(self.adj[pivot])  # bit e of adj[pivot] is bits[top - e] (a string index, not a shift)
        top = len(bits) - 1
        upper = self.upper
        slots, wt2, shared = upper.slots, upper.wt2, upper.values.setdefault
        uchanged, usoft = self._uchanged, self._usoft
        changed = False
        for e, w, a in zip(ends, weights, absorbs):
            lo, hi = (e, pivot) if e < pivot else (pivot, e)
            row = explicit[lo]
            p = slots[lo].get(hi)
            uold = 0 if p is None else wt2[p >> 1] >> 2
            old = row.get(hi)
            if old is None:
                if p is not None:
                    old = uold + base_p + part[e]
                else:
                    old = base_p + part[e] if e < top - 1 and bits[top - e] == "1" else 0
            if old == w:
                continue
            changed = True
            unew = 0
            if w:
                unew = w - base_p - part[e]
                if unew < 0:
                    unew = 0
            if unew:
                row.pop(hi, None)  # the upper graph holds it
            else:
                row[hi] = interned(w, w)
            if uold == unew:
                continue
            if p is not None and unew:
                w4 = unew << 2
                wt2[p >> 1] = shared(w4, w4)
            else:
                upper.set(lo, hi, unew)
            if a is not None and uold:  # ``_note(uchanged, usoft, e, pivot, uold, unew, pivot, a)`` inlined
                other = pivot if a == e else e
                theirs = usoft.get(other)
                if theirs is None or a not in theirs:
                    mine = usoft.get(a)
                    if mine is None:
                        usoft[a] = {other: unew - uold}
                    else:
                        total = mine.get(other, 0) + unew - uold
                        mine[other] = interned(total, total)  # a few values, hundreds of thousands of edges
                    continue
            uchanged.add(pivot)
        if changed:
            self._cert = None

    @staticmethod
    def _lifts(soft: dict[int, dict[int, int]]) -> dict[int, int]:
        """Each absorbing end's raise (its edges' largest total change, at least 0), and 0 for
        the other ends of those edges (they are shifted too: see ``solve_matching``)."""
        lifts: dict[int, int] = {}
        for a, row in soft.items():
            top = max(row.values())
            lifts[a] = max(lifts.get(a, 0), top)
            for b in row:
                lifts.setdefault(b, 0)
        return lifts

    def finalise(self, u: int, v: int) -> None:
        """Fix the pair u-v: both leave the graph."""
        self.fixed[u] = v
        self.fixed[v] = u
        self._changed.add(u)
        self._changed.add(v)
        if self.lazy:
            # The engine reads no weight of a paired player again: its row of explicit weights
            # goes (the pairs with a lower-numbered player stay in that player's row).
            self.explicit[u] = {}
            self.explicit[v] = {}
        graphs = [(self.upper, self._uchanged)]
        if not self.lazy:
            graphs.append((self.graph, self._changed))
        for g, changed in graphs:
            changed.add(u)
            changed.add(v)
            g.isolate(u)
            g.isolate(v)

    def solve(self, bonus: dict[tuple[int, int], int] | None = None, shift: int = 0) -> list[int]:
        """A maximum-weight matching: ``mate[v]`` is v's partner, or v itself if unmatched.

        With ``bonus``, every weight is shifted left by ``shift`` bits and the bonus of the edge
        (keys ``(u, v)`` with u < v) is added: a tie-break below every existing criterion. Such a
        solve is cold and does not become the next warm start.
        """
        self.solves += 1
        self._cert = None
        upper_ok = self.warm and self._started and self._failed_at != self.boundary
        if self.lazy and (bonus or not upper_ok):
            self._materialise()
        if bonus:
            edges = [(u, v, (wt << shift) + bonus.get((u, v), 0)) for u, v, wt in self.graph.edges()]
            found = max_weight_matching(self.n, edges)
            self._state = None
        elif upper_ok:
            upper = self._solve_upper()
            if upper is not None:
                return upper
            self._failed_at = self.boundary  # the whole field for the rest of this bracket
            if self.lazy:
                self._materialise()
            self.graph.compact()
            self._state = solve_matching(self.n, self.graph, self._state, self._changed, self._lifts(self._soft))
            found = self._state[0]
        elif self.warm:
            self.graph.compact()
            self._state = solve_matching(self.n, self.graph, self._state, self._changed, self._lifts(self._soft))
            found = self._state[0]
        else:
            found = max_weight_matching(self.n, self.graph.edges())
        self._changed = set()
        self._soft = {}
        mate = list(range(self.n))
        for u, v in self.fixed.items():
            mate[u] = v
        for i, j in enumerate(found):
            if j >= 0:
                mate[i] = j
        return mate

    def solves_brackets(self) -> bool:
        """Solves work on the players above the boundary that ``set_lower_field`` sets."""
        return self.outside is not None and BRACKET_SOLVES and self.warm

    def solve_bracket(self) -> list[int] | None:
        """``solve`` on the players above the boundary alone, or None where ``solve`` would turn to
        the whole field (the completion check fails): the engine then moves the boundary down
        instead (``engine._Round._start_bracket``)."""
        self.solves += 1
        self._cert = None
        return self._solve_upper()

    def _class_start(self, classes: list[int]) -> tuple[list[int], Saved]:
        """A start for a solve of ``upper`` from scratch: no pair, each vertex's dual its class's
        (``class_duals``: near the optimum when weights go by class, as in a bracket's base
        solve), then raised where an edge still needs more (one pass over the edges, so the
        duals are feasible whatever the classes are). From there the solve needs a few stages
        instead of dozens (issue 26: at 2,000 players the biggest base solve 2.1 s -> 0.25 s)."""
        upper, n1 = self.upper, self.n + 1
        degree, endpoint, wt2, neighbend = upper.degree, upper.endpoint, upper.wt2, upper.neighbend
        ids: dict[int, int] = {}
        members: list[list[int]] = []
        of = [-1] * n1
        for v, c in enumerate(classes):
            if c >= 0 and degree[v]:
                i = ids.get(c)
                if i is None:
                    i = ids[c] = len(members)
                    members.append([])
                members[i].append(v)
                of[v] = i
        # A class pair's weight, read off the first few pairs of its members that may meet.
        weight: dict[tuple[int, int], int] = {}
        for i, mi in enumerate(members):
            for j in range(i, len(members)):
                found = _sample_weight(upper, mi[:4], members[j][:4])
                if found:
                    weight[(i, j)] = found
        duals = class_duals([len(m) for m in members], weight)
        y = [duals[of[v]] if of[v] >= 0 else 0 for v in range(n1)]
        for v in range(n1):
            if degree[v]:
                need = max([wt2[p >> 1] - y[endpoint[p]] for p in neighbend[v]])
                if need > y[v]:
                    y[v] = need  # even: weights are multiples of 4 and the duals even
        free = [-1] * n1
        return free, Saved(EdgeGraph(0), free, y, ())

    def _solve_upper(self) -> list[int] | None:
        """Solve the players above the boundary alone; None if the completion check fails."""
        self.upper_solves += 1
        n, z = self.n, self.n
        self.upper.compact()
        classes, self._classes = self._classes, None
        if classes is not None and len(self._uchanged) >= CLASS_START_MIN:
            self.class_starts += 1
            self._ustate = solve_matching(n + 1, self.upper, self._class_start(classes), set(), {})
        else:
            self._ustate = solve_matching(n + 1, self.upper, self._ustate, self._uchanged, self._lifts(self._usoft))
        self._uchanged = set()
        self._usoft = {}
        found = self._ustate[0]
        bye = found[z] if found[z] >= 0 else None
        up = [v for v in range(self.boundary) if v not in self.fixed and found[v] < 0]
        partners = complete(self.adj, n, self.boundary, up, bye, self._cheapest)
        if partners is None:
            return None
        self._cert = self._ustate[1]
        mate = list(range(n))
        for u, v in self.fixed.items():
            mate[u] = v
        for v in range(self.boundary):
            if 0 <= found[v] < n:
                mate[v] = found[v]
        for u, v in partners.items():
            mate[u] = v
        return mate


def _sample_weight(graph: EdgeGraph, left: list[int], right: list[int]) -> int:
    """The weight (times 4) of the first pair of ``left`` x ``right`` that is an edge, else 0."""
    for a in left:
        for b in right:
            if a != b:
                k = graph.find(a, b)
                if k >= 0 and graph.wt2[k]:
                    return graph.wt2[k]
    return 0


def _note(
    changed: set[int],
    soft: dict[int, dict[int, int]],
    u: int,
    v: int,
    old: int,
    new: int,
    pivot: int | None,
    absorb: int | None,
) -> None:
    """Record a weight change for the next warm start: a dual lift (``absorb``) or changed vertices."""
    # A removed edge (new == 0) is soft too: its ends keep their duals (a lift of 0). An edge
    # already absorbed by its other end is not: its ends change instead. (Kept per absorbing end,
    # with no key object per edge: hundreds of thousands of edges change at once in a big bracket.)
    if absorb is not None and old:
        other = v if absorb == u else u
        theirs = soft.get(other)
        if theirs is None or absorb not in theirs:
            mine = soft.get(absorb)
            if mine is None:
                soft[absorb] = {other: new - old}
            else:
                mine[other] = mine.get(other, 0) + new - old
            return
    if pivot is None:
        changed.add(u)
        changed.add(v)
    else:
        changed.add(pivot)
