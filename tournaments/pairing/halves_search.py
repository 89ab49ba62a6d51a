"""The pairing of one score group of the draughts Swiss systems, bounded (``tournaments.pairing.halves``
drives it): the players of a round with what the rules read (``Field``), and the search for a
pairing of one ordered group (``GroupSearch``): top half against bottom half with the bottom half
transposed in lexicographic order, as many colour preferences met as possible, then exchanges
between the halves (or neighbours, for adjacent pairing). Iterative depth-first searches limited to
``SEARCH_STEPS_PER_PLAYER`` steps per player (at least ``SEARCH_STEPS_MIN``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.pairing.colours import ColourRule, ColourState, absolute_clash, colour_state, conflict
from tournaments.pairing.model import PairingInput
from tournaments.scores.opponents import records_upto
from tournaments.vocabulary import is_meeting

SortKey = tuple[float, ...]
SEARCH_STEPS_PER_PLAYER = 40
SEARCH_STEPS_MIN = 5_000


@dataclass(frozen=True)
class SwissRules:
    """How one Swiss system pairs (see the module docstring)."""

    name: str
    pairing: Literal["halves", "adjacent"] = "halves"
    odd_floater: Literal["lowest", "top"] = "lowest"
    floater_meets: Literal["highest", "lowest"] = "highest"
    singleton_joins: bool = False
    colour_rule: ColourRule = "fide"


@dataclass(frozen=True)
class Order:
    """Each player's sort key inside a score group (smaller first) and its words for the reasons,
    e.g. ``"SOLK/T 12/10/6, RTNG 1850, TPN 3"``."""

    key: Mapping[int, SortKey]
    text: Mapping[int, str]


class Field:
    """The players of one round with everything the pairing reads."""

    def __init__(self, inp: PairingInput, order: Order) -> None:
        self.inp = inp
        self.rnd = inp.round
        self.scoring = inp.scoring
        self.by_id = {p.id: p for p in inp.players}
        histories = {p.id: tuple(records_upto(p.history, inp.round - 1).values()) for p in inp.players}
        self.score = {pid: self.by_id[pid].starting_points + sum(r.points(self.scoring) for r in h)
                      for pid, h in histories.items()}
        self.met: dict[int, dict[int, int]] = {}
        for pid, h in histories.items():
            seen: dict[int, int] = {}
            for r in h:
                if r.opponent is not None and is_meeting(r.points_code, True):
                    seen[r.opponent] = max(seen.get(r.opponent, 0), r.round)
            self.met[pid] = seen
        self.forbid: dict[int, set[int]] = {}
        for group in inp.prohibited:
            for a in group:
                self.forbid.setdefault(a, set()).update(group - {a})
        self.colours: dict[int, ColourState] = {pid: colour_state(h) for pid, h in histories.items()}
        self.histories = histories
        self.order = order
        self.strict_colours = True
        self._before: dict[int, dict[int, float]] = {}

    def why_not(self, a: int, b: int) -> str | None:
        """Why ``a`` and ``b`` may not meet (None: they may)."""
        if b in self.met[a]:
            return f"met in round {self.met[a][b]}"
        if b in self.forbid.get(a, ()):
            return "a prohibited pair"
        if self.strict_colours and absolute_clash(self.colours[a], self.colours[b]):
            return "both must have the same colour"
        return None

    def floated(self, pid: int, back: int) -> str | None:
        """``down``/``up`` when the player floated ``back`` rounds ago (a PAB is a down-float)."""
        rnd = self.rnd - back
        if rnd < 1:
            return None
        rec = next((r for r in self.histories[pid] if r.round == rnd), None)
        if rec is None:
            return None
        if rec.points_code == "U":
            return "down"
        if rec.opponent is None or not rec.played:
            return None
        before = self._scores_before(rnd)
        mine, theirs = before.get(pid, 0.0), before.get(rec.opponent, 0.0)
        return "down" if mine > theirs else "up" if mine < theirs else None

    def _scores_before(self, rnd: int) -> dict[int, float]:
        """Every player's points before round ``rnd`` (cached: the float history reads two rounds)."""
        cached = self._before.get(rnd)
        if cached is None:
            cached = {pid: self.by_id[pid].starting_points + sum(r.points(self.scoring) for r in h if r.round < rnd)
                      for pid, h in self.histories.items()}
            self._before[rnd] = cached
        return cached


@dataclass
class Found:
    pairs: list[tuple[int, int]]
    conflicts: int
    notes: dict[tuple[int, int], str]


class GroupSearch:
    """Pairing of one ordered group (no floaters): halves with transpositions, then exchanges."""

    def __init__(self, field: Field, rules: SwissRules, players: Sequence[int]) -> None:
        self.f = field
        self.rules = rules
        self.players = list(players)
        self.budget = max(SEARCH_STEPS_MIN, SEARCH_STEPS_PER_PLAYER * len(players))

    def ok(self, a: int, b: int) -> bool:
        return self.f.why_not(a, b) is None

    def cost(self, a: int, b: int) -> int:
        return conflict(self.f.colours[a], self.f.colours[b])

    def run(self) -> Found | None:
        n = len(self.players)
        if n % 2:
            return None
        if n == 0:
            return Found([], 0, {})
        if self.rules.pairing == "halves":
            found = self._halves_best()
            if found is not None:
                return found
        pairs = self._general()
        if pairs is None:
            return None
        return Found(pairs, sum(self.cost(a, b) for a, b in pairs), {})

    def _halves_best(self) -> Found | None:
        k = len(self.players) // 2
        s1, s2 = self.players[:k], self.players[k:]
        pref: dict[int, str | None] = {p: self.f.colours[p].preference for p in self.players}
        w1 = sum(1 for p in s1 if pref[p] == "w")
        b1 = sum(1 for p in s1 if pref[p] == "b")
        w2 = sum(1 for p in s2 if pref[p] == "w")
        b2 = sum(1 for p in s2 if pref[p] == "b")
        floor = max(0, w1 + w2 - k) + max(0, b1 + b2 - k)
        for target in (floor, floor + 1, floor + 2, None):
            pairs = self._halves(s1, s2, target, pref)
            if pairs is not None:
                return Found(pairs, sum(self.cost(a, b) for a, b in pairs), {})
        return None

    def _halves(
        self, s1: list[int], s2: list[int], target: int | None, pref: dict[int, str | None]
    ) -> list[tuple[int, int]] | None:
        """S1[i] against S2 in lexicographic transposition order, colour conflicts at most ``target``."""
        k = len(s1)
        free = list(range(k))  # indices into s2 still free, in order
        count = {("1", "w"): 0, ("1", "b"): 0, ("2", "w"): 0, ("2", "b"): 0}
        for side, group in (("1", s1), ("2", s2)):
            for p in group:
                colour = pref[p]
                if colour is not None:
                    count[(side, colour)] += 1
        stack: list[tuple[int, int, int]] = []  # (position in free, s2 index, conflict) per S1 player
        spent = 0
        conflicts = 0
        i, start = 0, 0
        while i < k:
            a = s1[i]
            chosen = -1
            pos = start
            while pos < len(free):
                b = s2[free[pos]]
                spent += 1
                if spent > self.budget:
                    return None
                if self.ok(a, b):
                    c = self.cost(a, b)
                    if target is None or conflicts + c + self._floor(count, pref[a], pref[b], k - i - 1) <= target:
                        chosen = pos
                        break
                pos += 1
            if chosen >= 0:
                j = free.pop(chosen)
                b = s2[j]
                c = self.cost(a, b)
                conflicts += c
                self._take(count, pref[a], pref[b], -1)
                stack.append((chosen, j, c))
                i, start = i + 1, 0
                continue
            if not stack:
                return None
            i -= 1
            chosen, j, c = stack.pop()
            free.insert(chosen, j)
            conflicts -= c
            self._take(count, pref[s1[i]], pref[s2[j]], +1)
            start = chosen + 1
        return [(s1[i], s2[j]) for i, (_, j, _) in enumerate(stack)]

    @staticmethod
    def _take(count: dict[tuple[str, str], int], pa: str | None, pb: str | None, delta: int) -> None:
        if pa is not None:
            count[("1", pa)] += delta
        if pb is not None:
            count[("2", pb)] += delta

    @staticmethod
    def _floor(count: dict[tuple[str, str], int], pa: str | None, pb: str | None, left: int) -> int:
        """The fewest conflicts the ``left`` pairs after this one can have (by colour counts)."""
        w1 = count[("1", "w")] - (pa == "w")
        b1 = count[("1", "b")] - (pa == "b")
        w2 = count[("2", "w")] - (pb == "w")
        b2 = count[("2", "b")] - (pb == "b")
        return max(0, w1 + w2 - left) + max(0, b1 + b2 - left)

    def _candidate(self, u: int, seq: int, used: list[bool]) -> tuple[int, int] | None:
        """The first free candidate of ``u`` at or after position ``seq`` of its candidate sequence:
        (sequence position, player position). Adjacent: the players below ``u`` in order; halves:
        the bottom half first, then the rest of the top half."""
        n = len(self.players)
        mid = n // 2 if self.rules.pairing == "halves" else 0
        low_start = max(mid, u + 1)
        low_len = n - low_start
        while True:
            if seq < low_len:
                j = low_start + seq
            elif u + 1 + (seq - low_len) < mid:
                j = u + 1 + (seq - low_len)
            else:
                return None
            if not used[j]:
                return seq, j
            seq += 1

    def _general(self) -> list[tuple[int, int]] | None:
        """Any pairing of the group: the first free player takes its first acceptable candidate
        (adjacent: the next players; halves: the bottom half, then the top half)."""
        n = len(self.players)
        used = [False] * n
        stack: list[tuple[int, int, int]] = []  # (player position, sequence position, partner position)
        spent = 0
        u, seq = 0, 0
        fresh = True
        while True:
            if fresh:
                while u < n and used[u]:
                    u += 1
                if u >= n:
                    return [(self.players[a], self.players[b]) for a, _, b in stack]
                used[u] = True
                seq = 0
            found = None
            while True:
                nxt = self._candidate(u, seq, used)
                if nxt is None:
                    break
                spent += 1
                if spent > self.budget:
                    return None
                if self.ok(self.players[u], self.players[nxt[1]]):
                    found = nxt
                    break
                seq = nxt[0] + 1
            if found is not None:
                used[found[1]] = True
                stack.append((u, found[0], found[1]))
                u, fresh = u + 1, True
                continue
            used[u] = False
            if not stack:
                return None
            u, seq, partner = stack.pop()
            used[partner] = False
            seq += 1
            fresh = False
