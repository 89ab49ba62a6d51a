"""Edge weights: the Dutch criteria packed into one integer per possible pair.

A maximum-weight matching over these weights optimises the criteria lexicographically, most
important field first (the approach of FIDE-endorsed engines):

=====================  ===========================================================
field (high to low)    meaning
=====================  ===========================================================
completion (2 bits)    the pair is allowed (C1, C3, prohibited pairs); C2/C4/C5: one
                       more for each player who may not, or should not, get the PAB
pairs                  C6: the lower player is in the current bracket
scores                 C7: the score of the higher player, by score group
next pairs / scores    C8: the same for the next bracket
PAB unplayed           C9 (optional, see ``DutchOptions.c9``)
colours                C10-C13: topscorer colour rules, preferences, strong ones
floats                 C14-C17: repeated down/upfloats one and two rounds back
float scores           C18-C21: their score differences
order                  room for the bracket procedure's ordering preferences
=====================  ===========================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.pairing.dutch.colours import compatible_prefs
from tournaments.pairing.dutch.state import FLOAT_DOWN, FLOAT_UP, Context, PlayerState, other


@dataclass
class Layout:
    """Bit widths shared by every edge of one round."""

    group_bits: int  # enough for the largest score group
    groups_shift: int  # total width of the per-score-group fields
    shifts: dict[int, int]  # score (tenths) -> offset of its slot in a per-score-group field
    played_rounds: int
    room: int = 0  # spare low bits for the S1 opponents' preferences (``engine._pair_s1_warm``)

    @property
    def order_bits(self) -> int:
        """The bracket procedure's ordering preferences (at most 3g + 1 bits) and ``room``."""
        return 3 * self.group_bits + 1 + self.room

    @property
    def tail_bits(self) -> int:
        """The width of everything below the C9 field (colours, floats, order)."""
        g, s = self.group_bits, self.groups_shift
        bits = 4 * g + self.order_bits
        if self.played_rounds:
            bits += 2 * g + 2 * s
        if self.played_rounds > 1:
            bits += 2 * g + 2 * s
        return bits

    def max_weight(self) -> int:
        """An upper bound on any edge weight (used to force a finalised pair)."""
        g, s = self.group_bits, self.groups_shift
        bits = 2 + g + s + g + s + 2 * g + 4 * g
        if self.played_rounds:
            bits += 2 * g + 2 * s
        if self.played_rounds > 1:
            bits += 2 * g + 2 * s
        return (1 << (bits + self.order_bits + 2)) - 1


def make_layout(states: list[PlayerState], played_rounds: int) -> Layout:
    """Score-group slots: lowest score at offset 0, each slot wide enough to count its group."""
    counts: dict[int, int] = {}
    for st in states:
        counts[st.score] = counts.get(st.score, 0) + 1
    shifts: dict[int, int] = {}
    offset = 0
    for score in sorted(counts):
        shifts[score] = offset
        offset += counts[score].bit_length()
    biggest = max(counts.values(), default=1)
    # Room for one S1 player's opponent ranking (a bracket has fewer players than the field),
    # two or more for small brackets: settling one player per solve is the fastest.
    room = (len(states) + 1).bit_length() + 2
    return Layout(
        group_bits=biggest.bit_length(), groups_shift=offset, shifts=shifts, played_rounds=played_rounds, room=room
    )


def compatible(a: PlayerState, b: PlayerState, ctx: Context, forbidden: set[frozenset[int]]) -> bool:
    """C1 (no rematch, no prohibited pair) and C3 (no clash of absolute preferences unless topscorers)."""
    if frozenset((a.id, b.id)) in forbidden:
        return False
    if not a.absolute or not b.absolute or a.colour_pref != b.colour_pref:
        return True
    return is_last_round(ctx) and (a.score > topscore_threshold(ctx) or b.score > topscore_threshold(ctx))


def is_last_round(ctx: Context) -> bool:
    return ctx.played_rounds >= ctx.inp.total_rounds - 1


def topscore_threshold(ctx: Context) -> int:
    """Topscorers have more than half the maximum score possible so far."""
    return (ctx.played_rounds * max(ctx.win, ctx.draw)) >> 1


def bye_candidate(st: PlayerState, bye_score: int) -> bool:
    return st.eligible_bye and st.score <= bye_score


def _colour_bits(w: int, low: PlayerState, high: PlayerState, on: bool, g: int) -> int:
    same = low.colour_pref == high.colour_pref
    w <<= g
    w |= on and (not low.absolute_imbalance or not high.absolute_imbalance or not same)
    w <<= g
    if on:
        if not low.absolute or not high.absolute or not same:
            ok = True
        elif low.imbalance == high.imbalance:
            ok = low.repeated is None or low.repeated != high.repeated
        else:
            loser = high if low.imbalance > high.imbalance else low
            ok = loser.repeated != other(low.colour_pref)
        w |= ok
    w <<= g
    w |= on and compatible_prefs(low.colour_pref, high.colour_pref)
    w <<= g
    w |= on and (
        (not low.strong and not low.absolute)
        or (not high.strong and not high.absolute)
        or (low.absolute and high.absolute)
        or not same
    )
    return w


def compatible_bits(states: list[PlayerState], ctx: Context, forbidden: set[frozenset[int]]) -> list[int]:
    """``compatible`` for all pairs at once, as bitsets: bit u of ``adj[v]`` is set when v and u may
    meet (a clash of absolute preferences is one bitset per colour, not a test per pair)."""
    n = len(states)
    index = {st.id: i for i, st in enumerate(states)}
    banned = [0] * n
    for pair in forbidden:
        if len(pair) == 2:
            i, j = (index.get(x) for x in pair)
            if i is not None and j is not None:
                banned[i] |= 1 << j
                banned[j] |= 1 << i
    clash_ok = is_last_round(ctx)
    threshold = topscore_threshold(ctx)
    absolute: dict[object, int] = {}  # colour preference -> the players with it as an absolute one
    above = 0  # the players above the topscorer threshold
    for v, st in enumerate(states):
        if st.absolute:
            absolute[st.colour_pref] = absolute.get(st.colour_pref, 0) | 1 << v
        if st.score > threshold:
            above |= 1 << v
    everyone = (1 << n) - 1
    adj = []
    for v, st in enumerate(states):
        mask = everyone & ~(1 << v) & ~banned[v]
        if st.absolute:
            clash = absolute[st.colour_pref]
            if clash_ok:
                clash = 0 if st.score > threshold else clash & ~above
            mask &= ~clash
        adj.append(mask)
    return adj


def outside_weights(
    states: list[PlayerState], bye_score: int, lay: Layout, c9_ranks: dict[int, int] | None
) -> tuple[int, list[int]]:
    """``(base, part)`` with ``edge_weight(h, low, False, False, ...) == base + part[h] + part[low]``
    for every compatible pair: outside the brackets being paired the weight is a sum of one term
    per player (``((x << k) + c) << t == (x << (k + t)) + (c << t)``), so it is computed per player once.
    """
    g, s = lay.group_bits, lay.groups_shift
    tail = lay.tail_bits
    shift = 2 * g + 2 * s + 2 * g + tail
    part = []
    for st in states:
        term = (not bye_candidate(st, bye_score)) << shift
        if c9_ranks is not None and st.score == bye_score:
            term += c9_ranks.get(st.played_games, 0) << tail
        part.append(term)
    return 1 << shift, part


def edge_weight(
    high: PlayerState,
    low: PlayerState,
    in_current: bool,
    in_next: bool,
    bye_score: int,
    ctx: Context,
    lay: Layout,
    forbidden: set[frozenset[int]],
    c9_ranks: dict[int, int] | None = None,
    may_meet: bool | None = None,
) -> int:
    """The weight of pairing ``high`` (earlier in pairing order) with ``low``; 0 if they may not meet.

    ``in_current``/``in_next``: ``low`` belongs to the bracket being paired / to the next one.
    ``c9_ranks`` (played games -> rank) switches on C9 for a bracket whose single downfloater gets the PAB.
    ``may_meet``: ``compatible(high, low, ...)`` if the caller knows it already.
    """
    if not (compatible(high, low, ctx, forbidden) if may_meet is None else may_meet):
        return 0
    g, s, sh = lay.group_bits, lay.groups_shift, lay.shifts
    w = 1 + (not bye_candidate(high, bye_score)) + (not bye_candidate(low, bye_score))
    if not in_current and not in_next:
        # Outside the brackets being paired only completion (and C9) count: every other field is 0.
        w <<= 2 * g + 2 * s + 2 * g
        if c9_ranks is not None:
            if high.score == bye_score:
                w += c9_ranks.get(high.played_games, 0)
            if low.score == bye_score:
                w += c9_ranks.get(low.played_games, 0)
        return w << lay.tail_bits
    w = (w << g) | in_current
    w <<= s
    if in_current:
        w |= 1 << sh[high.score]
    w = (w << g) | in_next
    w <<= s
    if in_next:
        w |= 1 << sh[high.score]
    w <<= 2 * g
    if c9_ranks is not None:
        if high.score == bye_score:
            w |= c9_ranks.get(high.played_games, 0)
        if low.score == bye_score:
            w += c9_ranks.get(low.played_games, 0)
    if not in_current:
        return w << lay.tail_bits  # colours, floats and order only count in the current bracket
    # From here on ``low`` is in the current bracket.
    w = _colour_bits(w, low, high, True, g)
    rounds = lay.played_rounds
    for back in (1, 2):
        if rounds < back:
            continue
        w <<= g
        w |= low.floats[back] == FLOAT_DOWN
        w += high.score <= low.score and high.floats[back] == FLOAT_DOWN
        w <<= g
        w |= not (high.score > low.score and low.floats[back] == FLOAT_UP)
    for back in (1, 2):
        if rounds < back:
            continue
        w <<= s
        w += (low.floats[back] == FLOAT_DOWN) << sh[low.score]
        w += (high.floats[back] == FLOAT_DOWN) << sh[high.score]
        w <<= s
        if not (low.floats[back] == FLOAT_UP and high.score > low.score):
            w |= 1 << sh[high.score]
    return w << lay.order_bits
