"""The Dutch bracket procedure on top of maximum-weight matchings.

Brackets are paired top-down. Every solve is an optimum for the whole remaining field, so the
completion criterion (C4) and the PAB criteria (C2, C5) hold in every bracket (the matcher gets
there by solving the bracket and checking that the rest can be completed; see ``matcher``).
Decisions are then fixed one at a time, re-solving after each, in the order the rules generate
candidates:

1. which moved-down players (MDPs) are paired in the bracket (higher ones first),
2. their opponents (the highest-ranked possible resident first),
3. which residents are exchanged between S1 and S2 (fewest exchanges, smallest BSN differences,
   the lowest S1 players and the highest S2 players first),
4. each S1 player's opponent, top-down, the highest-ranked possible S2 player first.

Everything below a decision in the weight (see ``weights``) only breaks ties among equally good
candidates, so the result equals the first perfect-or-best candidate of the rules' generation order.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass

from tournaments.pairing.dutch import matcher
from tournaments.pairing.dutch.completion import complete, pairs_within
from tournaments.pairing.dutch.matcher import Matcher
from tournaments.pairing.dutch.state import Context, PlayerState
from tournaments.pairing.dutch.weights import (
    Layout,
    compatible_bits,
    edge_weight,
    make_layout,
    outside_weights,
)
from tournaments.pairing.model import PairingError

# A bracket of at least this many players (moved-down players and residents) is first solved on
# its own edges (``_Round._start_bracket``); smaller ones are cheap either way.
ALONE_MIN = 2
# The most next-group players (sinks) an odd bracket's first solve takes in (``_Round._alone_rows``).
SINKS_MAX = 8


@dataclass
class DutchOptions:
    """``c9``: "rules" (default) minimises the PAB receiver's unplayed games as the 2025 text asks
    (C9); "off" ignores C9 (for comparison with engines that do not implement it)."""

    c9: str = "rules"


@dataclass
class EngineResult:
    pairs: list[tuple[int, int]]  # vertex pairs (indices into the sorted states)
    bye: int | None  # vertex of the PAB receiver
    solves: int


def _forbidden(states: list[PlayerState], ctx: Context) -> set[frozenset[int]]:
    out: set[frozenset[int]] = set()
    for st in states:
        for r in st.rec.history:
            if r.played and r.opponent is not None:
                out.add(frozenset((st.id, r.opponent)))
    for group in ctx.inp.prohibited:
        ids = sorted(group)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                out.add(frozenset((a, b)))
    return out


def _kinds(states: list[PlayerState]) -> list[int]:
    """A number per player, equal for two players when everything ``weights.edge_weight`` reads of
    a player is equal (score, PAB eligibility, played games, colour preference and history, floats)."""
    numbers: dict[tuple[object, ...], int] = {}
    out = []
    for st in states:
        sig = (
            st.score,
            st.eligible_bye,
            st.played_games,
            st.colour_pref,
            st.imbalance,
            st.repeated,
            st.strong,
            st.floats.get(1),
            st.floats.get(2),
        )
        out.append(numbers.setdefault(sig, len(numbers)))
    return out


def _c9_ranks(states: list[PlayerState], bye_score: int, mode: str) -> dict[int, int] | None:
    """C9 ranks: players with fewer played games rank higher, so they are paired rather than given the PAB."""
    if mode == "off":
        return None
    counts = sorted((st.played_games for st in states if st.score == bye_score), reverse=True)
    ranks: dict[int, int] = {}
    for i, c in enumerate(counts):
        ranks[c] = i  # like the reference engine, a repeated count keeps its last rank
    return ranks


class _Round:
    """State of one round's pairing: the graph, the sorted players and the decisions made."""

    def __init__(self, states: list[PlayerState], ctx: Context, options: DutchOptions) -> None:
        self.st = states
        self.ctx = ctx
        self.options = options
        self.n = len(states)
        self.lay: Layout = make_layout(states, ctx.played_rounds)
        self.forbidden = _forbidden(states, ctx)
        self.m = Matcher(self.n)
        self.bye_score = 0
        self.c9_ranks: dict[int, int] | None = None
        self.single_downfloater_bye = False
        self.adj: list[int] = []  # who may meet whom, as bitsets (see ``weights.compatible_bits``)
        self.kinds = _kinds(states)

    def _set_outside(self, adj: list[int], lazy: bool) -> None:
        """Every pair's weight as if neither player were in a bracket being paired (``weight(u, v,
        False, False)``, computed per player: see ``outside_weights``). ``lazy``: the matcher
        holds them implicitly (nothing has been set on it yet)."""
        ranks = self.c9_ranks if self.single_downfloater_bye else None
        base, part = outside_weights(self.st, self.bye_score, self.lay, ranks)
        if not lazy:
            m_set = self.m.set
            for v in range(self.n):
                row = adj[v]
                pv = base + part[v]
                for u in range(v):
                    m_set(u, v, pv + part[u] if row >> u & 1 else 0)
        self.m.set_outside(base, part, adj, lazy)

    def _initial_by_completion(self, adj: list[int]) -> list[int] | None:
        """``initial`` without a matching solve, when the completion check finds a pairing of the
        whole field (for an odd field one that gives the PAB to a lowest-scored eligible player,
        below the top score group). None: solve instead."""
        st, n = self.st, self.n
        cheapest: list[int] = []
        if n % 2:
            eligible = [v for v in range(n) if st[v].eligible_bye]
            if not eligible:
                return None
            low = min(st[v].score for v in eligible)
            cheapest = [v for v in eligible if st[v].score == low]
        found = complete(adj, n, 0, [], None, cheapest)
        if found is None:
            return None
        mate = list(range(n))
        for u, v in found.items():
            mate[u] = v
        if n % 2:
            top = st[0].score
            self.bye_score = st[cheapest[-1]].score
            # The PAB from the top group: does the top group pair within itself (as the solve
            # would prefer)? If this pairing shows it does, yes; if not, ask the solve.
            single = self.bye_score >= top
            if single and any(st[v].score >= top and st[mate[v]].score < top for v in range(n)):
                return None
            self.single_downfloater_bye = single
            self.c9_ranks = _c9_ranks(st, self.bye_score, self.options.c9)
        return mate

    def initial(self) -> list[int]:
        """Find whether a complete pairing exists and, for an odd field, the PAB score (C5)."""
        st, lay, n = self.st, self.lay, self.n
        top = st[0].score
        adj = self.adj = compatible_bits(st, self.ctx, self.forbidden)
        if self.m.warm and matcher.BRACKET_SOLVES:
            found = self._initial_by_completion(adj)
            if found is not None:
                self._set_outside(adj, lazy=True)
                return found
        m_set = self.m.set
        if n % 2:
            for v in range(n):
                row = adj[v]
                for u in range(v):
                    if not row >> u & 1:
                        continue
                    w = 1 + (not st[v].eligible_bye) + (not st[u].eligible_bye)
                    w = (w << lay.groups_shift) | (lay.shifts[st[v].score] + lay.shifts[st[u].score])
                    w = (w << lay.group_bits) | (st[v].score >= top)
                    m_set(u, v, w)
        else:
            self._set_outside(adj, lazy=False)
        mate = self.m.solve()
        unmatched = [v for v in range(n) if mate[v] == v]
        if len(unmatched) > 1 or (unmatched and not st[unmatched[0]].eligible_bye):
            raise PairingError("No valid pairing exists: the absolute criteria C1-C3 cannot all be met.")
        if n % 2:
            self.bye_score = st[unmatched[0]].score
            single = self.bye_score >= top
            if single:
                for v in range(n):
                    if st[v].score < top:
                        break
                    if st[mate[v]].score < top:
                        single = False
                        break
            self.single_downfloater_bye = single
            self.c9_ranks = _c9_ranks(st, self.bye_score, self.options.c9)
            self._set_outside(adj, lazy=False)
        return mate

    def run(self) -> EngineResult:
        # Hundreds of thousands of weight entries are made and kept for the whole round; the cyclic
        # garbage collector would walk them again and again (nothing here needs it meanwhile).
        enabled = gc.isenabled()
        gc.disable()
        try:
            return self._run()
        finally:
            if enabled:
                gc.enable()

    def _bracket_weights(
        self, bracket: list[int], mdp_count: int, next_begin: int, end: int, highs: int | None = None
    ) -> tuple[list[list[int]], int]:
        """The weights of the pairs of ``bracket[:end]`` as ``(base, off)``: the pair h-low weighs
        ``base[h][low - off]`` (set on the matcher too; with ``highs``, only the pairs whose
        higher player is one of ``bracket[:highs]``, the others 0). ``_widen`` makes room for the
        rest of the bracket.

        The lower players (the residents and the next score group) are the vertices ``off`` to
        the end of the bracket, one run of numbers (each bracket's residents are the score group
        below the last one, whole), so each row is a plain list: 8 bytes a pair, where a dict
        took about 60 (1.5 million pairs at 5,000 players)."""
        off = bracket[mdp_count] if mdp_count < len(bracket) else 0
        width = bracket[-1] + 1 - off if bracket else 0
        assert width == len(bracket) - mdp_count, "the residents and the next score group are one run"
        none: list[int] = []
        base: list[list[int]] = [none] * self.n
        for h in bracket[:end]:
            base[h] = [0] * (end - mdp_count)
        self._fill_rows(base, off, bracket, mdp_count, next_begin, end, highs)
        return base, off

    @staticmethod
    def _widen(base: list[list[int]], bracket: list[int], mdp_count: int, end: int) -> None:
        """Rows of ``bracket[:end]`` (see ``_bracket_weights``) widened to the whole bracket."""
        width = len(bracket) - mdp_count
        for h in bracket[:end]:
            base[h].extend([0] * (width - len(base[h])))
        for h in bracket[end:]:
            base[h] = [0] * width

    def _fill_rows(
        self,
        base: list[list[int]],
        off: int,
        bracket: list[int],
        start: int,
        next_begin: int,
        end: int,
        highs: int | None = None,
    ) -> None:
        """The weights of the pairs whose lower player is one of ``bracket[start:end]`` (and the
        higher one of ``bracket[:highs]``, by default any), in ``base`` and on the matcher (the
        hot loop of a big bracket: who may meet whom read off the bitsets)."""
        st, m = self.st, self.m
        ranks = self.c9_ranks if self.single_downfloater_bye else None
        bye_score, ctx, lay, forbidden = self.bye_score, self.ctx, self.lay, self.forbidden
        adj, set_row = self.adj, m.set_row
        # Players alike in everything ``edge_weight`` reads give the same weights: one call per
        # kind of pair (a bracket of hundreds of players holds a few dozen kinds of player).
        kinds = self.kinds
        known: dict[int, int] = {}
        stride = 2 * (max(kinds) + 1) if kinds else 2
        for li in range(start, end):
            low = bracket[li]
            s_low, cur = st[low], li < next_begin
            bits = bin(adj[low])  # who low may meet: bit h is bits[top - h] (no shift per pair)
            top = len(bits) - 1
            kind_low = 2 * kinds[low] + cur
            at = low - off
            row: list[tuple[int, int]] = []
            for hi in range(li if highs is None else min(li, highs)):
                h = bracket[hi]
                if h < top - 1 and bits[top - h] == "1":
                    kind = kinds[h] * stride + kind_low
                    w = known.get(kind, -1)
                    if w < 0:
                        w = known[kind] = edge_weight(
                            st[h], s_low, cur, not cur, bye_score, ctx, lay, forbidden, ranks, True
                        )
                else:
                    w = 0
                base[h][at] = w
                row.append((h, w))
            set_row(low, row)

    def _start_bracket(
        self, bracket: list[int], mdp_count: int, next_begin: int, group_first: int, end: int
    ) -> tuple[list[list[int]], int, list[int] | None]:
        """A bracket's weights, and its first solve when a part of the next score group decides it.

        The whole field's optimum pairs as many players inside the bracket as it can (C4-C6,
        the completion and pairs fields, come before anything of the next bracket). When the
        bracket (moved-down players and residents) pairs completely inside itself but for at
        most one player, the next score group only matters through that downfloater, and less
        than all of it is needed:

        * an even bracket that pairs completely: every optimum pairs it inside itself, and the
          next group's pairs then weigh the same whatever the bracket does; the bracket alone
          decides (the lower field starts at the next group);
        * an odd bracket whose players may each meet the same players of the next group (always
          so at round 2: nobody has an absolute colour preference, and the bracket's old
          opponents are elsewhere): a downfloater d's pair with a next-group player y weighs
          ``f(d) + g(y)`` (completion, next pairs, the higher player's score, C9: one term per
          player), so what the next group and the lower field make of d is ``f(d)`` plus a
          constant of d's; the bracket and one next-group player x whom all of them may meet
          (weighing ``f(d) + g(x)``) then give the same choice of downfloater, and the same
          pairs in the bracket, as the whole next group.

        If the first solve pairs every bracket player inside the bracket (or, odd, one of them
        with x), the bracket's later solves stay on that graph too: their changes are tie-breaks
        below those fields, and the pairing found stays possible. The next group's rows (70 % of
        the graph at round 2) are then never made. Otherwise they are added and the bracket is
        solved on the whole next group as before.

        Returns ``(base, off, first)``: ``first`` is that first solve's matching, or None."""
        m = self.m
        rows = None
        if next_begin >= ALONE_MIN and m.solves_brackets():
            rows = self._alone_rows(bracket, next_begin, group_first, end)
        if rows is None:
            m.set_lower_field(end)
            base, off = self._bracket_weights(bracket, mdp_count, next_begin, len(bracket))
            m.set_classes(self._classes(bracket, next_begin))
            return base, off, None
        boundary = group_first + rows - next_begin
        m.set_lower_field(boundary)
        base, off = self._bracket_weights(bracket, mdp_count, next_begin, rows, next_begin)  # no sink-sink pairs
        m.set_classes(self._classes(bracket[:rows], next_begin))
        first = m.solve_bracket()
        if first is not None and all(first[v] < boundary and first[v] != v for v in bracket[:next_begin]):
            return base, off, first
        m.set_lower_field(end)
        self._widen(base, bracket, mdp_count, rows)
        self._fill_rows(base, off, bracket, next_begin, next_begin, len(bracket))  # the sinks' rows again, whole
        m.set_classes(self._classes(bracket, next_begin))
        return base, off, None

    def _alone_rows(self, bracket: list[int], next_begin: int, group_first: int, end: int) -> int | None:
        """How many of ``bracket``'s players the first solve takes (see ``_start_bracket``): the
        bracket alone (even), or the bracket and the next group's first k players, the sinks
        (odd); None: the whole next group.

        One sink (the next group's first player) when every bracket player may meet exactly the
        same next-group players, that one among them. Otherwise, as few of the first players as
        give every bracket player one it may meet (at most ``SINKS_MAX``), when the next group
        is left as good whoever of them the downfloater takes: the next group without that
        sink pairs among itself as fully as the next group can with a downfloater (all of it
        when its size is odd; all but one player, who completes with the field below, when it
        is even), checked here on the bitsets for each sink. A downfloater's pair in the next
        group then weighs (relative to the lower field) the same whoever it meets (``rel_d``:
        only the next-pairs field and its own score differ from the lower field's weights when
        neither the next group nor the bracket is where the PAB goes), so what the whole next
        group makes of downfloater d is ``rel_d`` plus the same constant for every d, and d
        meeting a sink weighs ``rel_d`` too. The sinks get no edges among themselves (their
        pairs would weigh differently for different downfloaters)."""
        if next_begin == len(bracket):
            return None
        pab_next = self.n % 2 and self.st[group_first].score <= self.bye_score  # the PAB may go to the next group
        if pab_next and end < self.n:
            # The PAB may go to the next group and players are below it: then whether the
            # next bracket pairs among itself (read off this bracket's last solve for C9: see
            # ``_run``) depends on the whole of it. (With nobody below, it does.)
            return None
        if next_begin % 2 == 0:
            return next_begin
        adj = self.adj
        group = ((1 << end) - 1) ^ ((1 << group_first) - 1)
        rows = [adj[v] & group for v in bracket[:next_begin]]
        if (rows[0] >> group_first) & 1 and all(r == rows[0] for r in rows):
            return next_begin + 1
        # The shortest run of first players that every bracket player may meet one of.
        k = max(((r & -r).bit_length() - group_first for r in rows), default=0)
        if not 1 <= k <= SINKS_MAX or not all(rows):
            return None
        nxt = bracket[next_begin:]
        sinks = nxt[:k]
        if not self._sinks_weigh_most(bracket[0], sinks, nxt):
            return None
        n = self.n
        if pab_next:
            # Nobody below the next group: one of its players gets the PAB. Each sink must leave
            # the rest paired among itself but for one of those the PAB costs least, and one
            # such is no sink (so no sink is where the bracket solve would rather put the PAB).
            cheapest = self.m.cheapest_from(group_first)
            if all(p in sinks for p in cheapest):
                return None
            for x in sinks:
                rest = [v for v in nxt if v != x]
                if not any(p != x and pairs_within(adj, [v for v in rest if v != p]) for p in cheapest[-3:]):
                    return None
            return next_begin + k
        below = self.m.cheapest_from(end)
        for x in sinks:
            rest = [v for v in nxt if v != x]
            if len(rest) % 2 == 0:
                if not pairs_within(adj, rest) or complete(adj, n, end, [], None, below) is None:
                    return None
            elif not any(
                pairs_within(adj, [v for v in rest if v != z]) and complete(adj, n, end, [z], None, below)
                for z in rest[-2:]
            ):
                return None
        return next_begin + k

    def _sinks_weigh_most(self, d: int, sinks: list[int], nxt: list[int]) -> bool:
        """A downfloater's pair with each sink weighs, relative to the lower field, as much as
        its pair with any next-group player (the weight is a term of each player's, so bracket
        player ``d`` stands for them all; players of one kind weigh alike)."""
        st, lay, kinds = self.st, self.lay, self.kinds
        ranks = self.c9_ranks if self.single_downfloater_bye else None
        rel: dict[int, int] = {}
        for y in nxt:
            if kinds[y] not in rel:
                w = edge_weight(st[d], st[y], False, True, self.bye_score, self.ctx, lay, self.forbidden, ranks, True)
                rel[kinds[y]] = w - self.m.outside_weight(d, y)
        top = max(rel.values())
        return all(rel[kinds[x]] == top for x in sinks)

    def _classes(self, bracket: list[int], next_begin: int) -> list[int]:
        """A class per vertex of the bracket and the next score group (-1 elsewhere): its kind
        and whether it is in the bracket proper. A pair's weight (``_bracket_weights``) depends
        on the two kinds and on whether both are in the bracket, so on the two classes alone."""
        out = [-1] * self.n
        kinds = self.kinds
        for i, v in enumerate(bracket):
            out[v] = 2 * kinds[v] + (i < next_begin)
        return out

    def _run(self) -> EngineResult:
        if self.n == 0:
            return EngineResult([], None, 0)
        st, m = self.st, self.m
        mate = self.initial()
        n = self.n
        matched = [False] * n
        pairs: dict[int, int] = {}
        nxt_start = 0
        bracket: list[int] = []
        while nxt_start < n and st[nxt_start].score >= st[0].score:
            bracket.append(nxt_start)
            nxt_start += 1
        mdp_count = 0  # the first ``mdp_count`` entries of ``bracket`` are moved-down players
        group_vertex = 0  # first vertex of the current score group
        while len(bracket) > 1 or nxt_start < n:
            next_begin = len(bracket)
            next_vertex = group_vertex + (next_begin - mdp_count)
            group_first = nxt_start
            while nxt_start < n and st[nxt_start].score >= st[group_first].score:
                bracket.append(nxt_start)
                nxt_start += 1
            base, off, first = self._start_bracket(bracket, mdp_count, next_begin, group_first, nxt_start)
            br = _Bracket(self, bracket, mdp_count, next_begin, group_vertex, next_vertex, base, off, matched)
            mate = br.pair(mate, first)
            del br, base  # a big bracket's weights (millions at 5,000 players) go before the next are made
            # The unpaired go down to the next bracket.
            new_bracket: list[int] = []
            new_mdp = 0
            # C9 applies to the next bracket if its single downfloater is bound to get the PAB.
            single = n % 2 == 1 and group_first < n and self.bye_score >= st[group_first].score
            for i, v in enumerate(bracket):
                if i < next_begin and matched[v]:
                    pairs[v] = mate[v]
                    pairs[mate[v]] = v
                else:
                    new_bracket.append(v)
                    if i < next_begin:
                        new_mdp += 1
                    if single and st[mate[v]].score < st[group_first].score:
                        single = False
            self.single_downfloater_bye = single
            bracket, mdp_count, group_vertex = new_bracket, new_mdp, next_vertex
        out = sorted({(min(a, b), max(a, b)) for a, b in pairs.items()})
        unpaired = [v for v in range(n) if v not in pairs]
        if len(unpaired) > 1:
            raise PairingError("No valid pairing exists for this round.")
        return EngineResult(out, unpaired[0] if unpaired else None, m.solves)


def _s1_bonus(
    s1: list[int], rem: list[int], matched: list[bool], base: list[list[int]], off: int
) -> tuple[dict[tuple[int, int], int], int]:
    """Tie-break bonuses that make each S1 player, top-down, take the highest-ranked S2 player possible.

    Choosing the opponents one at a time (re-solving after each) equals one solve in which the
    first S1 player's preference sits in the most significant position, and so on.
    """
    width = (len(rem) + 1).bit_length()
    bonus: dict[tuple[int, int], int] = {}
    for i, v in enumerate(s1):
        addend = 0
        for o in reversed(rem):
            if o <= v or matched[o]:
                continue
            if base[v][o - off]:
                bonus[(v, o)] = addend << (width * (len(s1) - 1 - i))
            addend += 1
    return bonus, width * len(s1)


def _swap_if_equal(m: Matcher, mate: list[int], v: int, top: int) -> list[int]:
    """If v-top plus their partners paired together weighs as much as the two pairs now, that is
    another optimal matching, in which v has top: return it (else ``mate`` unchanged)."""
    a, b = mate[v], mate[top]
    if a in (v, top) or b in (v, top) or a == b:
        return mate
    ab = m.weight(a, b)
    if ab and m.weight(v, top) + ab == m.weight(v, a) + m.weight(top, b):
        mate = list(mate)
        mate[v], mate[top], mate[a], mate[b] = top, v, b, a
    return mate


class _Bracket:
    """One pairing bracket: moved-down players, residents, and the next score group below them."""

    def __init__(
        self,
        rnd: _Round,
        bracket: list[int],
        mdp_count: int,
        next_begin: int,
        group_vertex: int,
        next_vertex: int,
        base: list[list[int]],
        off: int,
        matched: list[bool],
    ) -> None:
        self.rnd = rnd
        self.bracket = bracket
        self.mdps = bracket[:mdp_count]
        self.residents = bracket[mdp_count:next_begin]
        self.next_group = bracket[next_begin:]
        self.lo = group_vertex
        self.hi = next_vertex
        self.base = base  # the pair h-low's weight in base[h][low - off] (see ``_Round._bracket_weights``)
        self.off = off
        self.matched = matched
        self.g = rnd.lay.group_bits
        self.rp = 0
        self.rem: list[int] = []

    def in_bracket(self, x: int) -> bool:
        return self.lo <= x < self.hi

    def ewc(self, h: int, low: int, h_pos: int) -> int:
        """Base weight plus the exchange preferences: fewest exchanges, smallest BSN differences."""
        w = self.base[h][low - self.off]
        if w:
            w += (((h_pos < self.rp) << (2 * self.g)) - h_pos) << 1
        return w

    def pair(self, mate: list[int], first: list[int] | None = None) -> list[int]:
        """Pair the bracket; returns the last matching (finalised pairs included). ``first``: the
        base solve's matching if it has been made (``_Round._start_bracket``)."""
        m, base, matched, off = self.rnd.m, self.base, self.matched, self.off
        residents = self.residents
        if self.mdps or m.warm:
            # The base solve first (cheap: many equal weights), then the exchange preferences on
            # top of its matching as dual lifts (see below), rather than everything in one solve.
            mate = m.solve() if first is None else first
            if self.mdps:
                mate = self.pair_mdps(mate)
            self.rem = [v for v in residents if mate[v] >= self.lo]
            self.rp = sum(1 for v in self.rem if mate[v] < v)
            guessed = False
        else:
            # Without MDPs the base solve would only tell how many pairs the bracket makes: guess
            # it, and check the guess on the result (the count never depends on the low bits).
            self.rem = list(residents)
            self.rp = len(residents) // 2
            guessed = True
        rem = self.rem
        two_g = 2 * self.g
        while True:
            rp = self.rp
            # The exchange preferences depend on the higher player only (``ewc``): its dual takes
            # them up, so the previous matching stays tight where it can.
            prefs = [(((i < rp) << two_g) - i) << 1 for i in range(len(rem))]
            for j, o in enumerate(rem):
                at = o - off
                highs = rem[:j]
                weights = [w + pref if w else 0 for w, pref in zip([base[h][at] for h in highs], prefs)]
                m.set_many(o, highs, weights, highs)  # each absorbed by its higher end
            # The remainder solve, with the S1 opponents' order as a lower tie-break: if it needs no
            # exchange, its result is already the final pairing of the bracket.
            if m.warm:
                mate = m.solve()  # warm solves are cheap: the S1 opponents come one at a time below
            else:
                bonus, shift = _s1_bonus(rem[: self.rp], rem, matched, base, off)
                mate = m.solve(bonus, shift)
            actual = sum(1 for v in rem if self.lo <= mate[v] < v)
            if not guessed or actual == self.rp:
                break
            self.rp, guessed = actual, False
        s1 = rem[: self.rp]
        if not m.warm and all(v < mate[v] < self.hi for v in s1):
            for v in s1:
                matched[v] = matched[mate[v]] = True
                m.finalise(v, mate[v])
            return mate
        return self.exchange_and_pair(mate)

    def pair_mdps(self, mate: list[int]) -> list[int]:
        """Steps 1-2: which MDPs are paired here (higher scores first) and their opponents."""
        mate = self._choose_mdps(mate)
        return self._pair_chosen_mdps(mate)

    def _choose_mdps(self, mate: list[int]) -> list[int]:
        """Step 1: which MDPs are paired in this bracket, higher scores first. Of each score, as many
        as the optimum pairs here: while that count does not decide it, each MDP in turn is asked
        to be paired here (a bonus on its edges to the residents, then a solve); one that is keeps
        a larger bonus on those edges (and is ``matched``), one that is not floats on."""
        m, st, base, matched, off = self.rnd.m, self.rnd.st, self.base, self.matched, self.off
        bracket, residents, in_bracket = self.bracket, self.residents, self.in_bracket
        mdp_count, next_begin = len(self.mdps), len(self.mdps) + len(self.residents)
        remaining = remaining_matched = 0
        group_score = None
        for i in range(mdp_count):
            v = bracket[i]
            if group_score is None or st[v].score < group_score:
                group_score = st[v].score
                same = [x for x in bracket[i:mdp_count] if st[x].score >= group_score]
                remaining = len(same)
                remaining_matched = sum(in_bracket(mate[x]) for x in same)
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                matched[v] = True
                continue
            remaining -= 1
            row = base[v]
            if not in_bracket(mate[v]):
                for r in residents:
                    if row[r - off]:
                        m.set(v, r, row[r - off] | 1, pivot=v)
                mate = m.solve()
            if in_bracket(mate[v]):
                matched[v] = True
                remaining_matched -= 1
                for r in residents:
                    if row[r - off]:
                        m.set(v, r, (row[r - off] | (next_begin - mdp_count)) + 1, pivot=v)
        return mate

    def _pair_chosen_mdps(self, mate: list[int]) -> list[int]:
        """Step 2: each MDP chosen in step 1, top-down, gets the highest-ranked resident still free
        that some optimum gives it (a bonus rising with the resident's rank), fixed at once."""
        m, base, matched, bracket, off = self.rnd.m, self.base, self.matched, self.bracket, self.off
        for i in range(len(self.mdps)):
            v = bracket[i]
            if not matched[v]:
                continue
            addend = len(bracket)
            row = base[v]
            for r in reversed(self.residents):
                if matched[r]:
                    continue
                if row[r - off]:
                    m.set(v, r, row[r - off] + addend, pivot=v)
                    addend += 1
            mate = m.solve()
            partner = mate[v]
            matched[partner] = True
            m.finalise(v, partner)
        return mate

    def in_s1(self, v: int, mate: list[int]) -> bool:
        """v plays the S1 role in ``mate``: paired with a lower-ranked player of this bracket."""
        return v < mate[v] < self.hi

    def exchange_and_pair(self, mate: list[int]) -> list[int]:
        """Step 3-4 when exchanges are needed: fix them one at a time, then each S1 player's opponent."""
        m, base, matched, rem = self.rnd.m, self.base, self.matched, self.rem
        exchanges = sum(1 for v in rem[: self.rp] if not self.in_s1(v, mate))
        mate = self._exchange_out_of_s1(mate, exchanges)
        mate = self._exchange_into_s1(mate, exchanges)
        s1 = self._keep_s1_edges(mate)
        if m.warm:
            return self._pair_s1_warm(s1, mate)
        bonus, shift = _s1_bonus(s1, rem, matched, base, self.off)
        mate = m.solve(bonus, shift)
        for v in s1:
            matched[v] = matched[mate[v]] = True
            m.finalise(v, mate[v])
        return mate

    def _exchange_out_of_s1(self, mate: list[int], exchanges: int) -> list[int]:
        """Step 3, the players leaving S1: the lowest S1 players first, each is asked to leave (its
        S1 edges weigh 1 less) while exchanges are left; one that leaves loses its S1 edges for good,
        the others keep their exchange-weighted edges."""
        m, base, rem, ewc, off = self.rnd.m, self.base, self.rem, self.ewc, self.off
        left = exchanges
        pos = self.rp
        while pos > 0 and left:
            pos -= 1
            v = rem[pos]
            if self.in_s1(v, mate):
                for o in rem[pos + 1 :]:
                    w = ewc(v, o, pos)
                    if w:
                        m.set(v, o, w - 1, pivot=v)
                mate = m.solve()
            exchange = not self.in_s1(v, mate)
            left -= exchange
            for o in rem[pos + 1 :]:
                if exchange:
                    base[v][o - off] = 0
                m.set(v, o, ewc(v, o, pos), pivot=v)
        return mate

    def _exchange_into_s1(self, mate: list[int], exchanges: int) -> list[int]:
        """Step 3, the players joining S1: the highest S2 players first, each is asked to join (its
        edges to lower players weigh 1 more) until one exchange is left (the optimum places the
        last); one that joins loses its edges to higher players and to the next score group."""
        m, base, rem, ewc, off = self.rnd.m, self.base, self.rem, self.ewc, self.off
        next_group = self.bracket[len(self.mdps) + len(self.residents) :]
        left = exchanges
        for pos in range(self.rp, len(rem)):
            if left <= 1:
                break
            v = rem[pos]
            already = self.in_s1(v, mate)
            if not already:
                for o in rem[pos + 1 :]:
                    w = ewc(v, o, pos)
                    if w:
                        m.set(v, o, w + 1, pivot=v)
                mate = m.solve()
            if self.in_s1(v, mate):
                left -= 1
                for o in rem[:pos]:
                    base[o][v - off] = 0
                    m.set(o, v, 0, pivot=v)
                row = base[v]
                for o in next_group:
                    if o - off < len(row):  # (a bracket solved on part of the next group has shorter rows)
                        row[o - off] = 0
                    m.set(v, o, 0, pivot=v)
            if not already:
                for o in rem[pos + 1 :]:
                    m.set(v, o, ewc(v, o, pos), pivot=v)
        return mate

    def _keep_s1_edges(self, mate: list[int]) -> list[int]:
        """With S1 and S2 settled, only S1-S2 edges stay in the remainder, at their base weights;
        returns S1."""
        m, base, rem, off = self.rnd.m, self.base, self.rem, self.off
        s1_role = [self.in_s1(v, mate) for v in rem]
        for i, v in enumerate(rem):
            v_s1 = s1_role[i]
            row = base[v]
            lows = rem[i + 1 :]
            # Only S1-S2 edges stay, back at their base weights: the S1 opponents are chosen below
            # every criterion (the exchange preferences are settled and must not weigh in any
            # more). A removed edge needs no new duals (absorbed by v).
            removed = [not v_s1 or role for role in s1_role[i + 1 :]]
            for o, gone in zip(lows, removed):
                if gone:
                    row[o - off] = 0
            weights = [0 if gone else row[o - off] for o, gone in zip(lows, removed)]
            m.set_many(v, lows, weights, [v if gone else None for gone in removed])
        return [v for v, role in zip(rem, s1_role) if role]

    def _pair_s1_warm(self, s1: list[int], mate: list[int]) -> list[int]:
        """Step 4 with warm solves: each S1 player, top-down, gets the highest-ranked S2 player
        that some optimal matching gives it.

        A solve settles the next S1 players (as many as the layout's ``room`` holds, usually
        one): they get ``_s1_bonus`` preferences, the first one's in the most significant
        position, which is the same as choosing their opponents one at a time. A player whose current
        partner is already its highest-ranked possible opponent, or one equal-weight swap away from
        it, needs no solve.
        """
        m, base, matched, rem, off = self.rnd.m, self.base, self.matched, self.rem, self.off
        width = (len(rem) + 1).bit_length()
        chunk = self.rnd.lay.room // width  # >= 1: rem is smaller than the field
        solved = False  # the remainder weights were reset since the last solve
        i = 0
        while i < len(s1):
            v = s1[i]
            top = -1
            for o in rem:
                if o > v and not matched[o] and base[v][o - off]:
                    top = o
                    # No optimal matching gives v this opponent (the last solve's duals show it,
                    # see ``Matcher.excludes``): the next one is the highest-ranked possible.
                    if not solved or o == mate[v] or not m.excludes(v, o):
                        break
            if solved and mate[v] != top >= 0:
                mate = _swap_if_equal(m, mate, v, top)
            if solved and mate[v] == top:
                group = [v]
            else:
                group = s1[i : i + chunk]
                bonus, _ = _s1_bonus(group, rem, matched, base, off)
                for (a, o), extra in bonus.items():
                    m.set(a, o, base[a][o - off] + extra, pivot=a)
                mate = m.solve()
                solved = True
            for x in group:
                matched[x] = matched[mate[x]] = True
                m.finalise(x, mate[x])
            i += len(group)
        return mate
