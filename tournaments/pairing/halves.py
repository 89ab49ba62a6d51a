"""The score-group Swiss of draughts events: groups by points, top half against bottom half (pure).

One engine behind the FMJD Swiss on Solkoff, the FMJD/PNDB Swiss on rating and Toernooimanager's
Swiss on resistance points (``tournaments.pairing.fmjd``, ``tournaments.pairing.resistance``);
each system gives the order inside a score group and a few ``SwissRules``.

**Procedure** (FMJD Swiss regulations; PNDB "Zwitsers systeem op rating"; Toernooimanager):

1. The players to pair are the available ones (``unavailable`` players, i.e. absent, withdrawn or
   on a requested bye, are left out). With an odd number, the lowest-placed player who has not had
   a bye (nor another win without playing, ``tournaments.vocabulary.is_unplayed_win``) gets the
   pairing-allocated bye, provided the others can then be paired (else the next one up).
2. Score groups, highest first, each ordered by the system's key (``order``). A group is paired
   after the floaters that came down into it: each floater meets the highest-placed player of the
   group he has not met (``floater_meets="highest"``, FMJD) or the lowest-placed
   (``"lowest"``, Toernooimanager).
3. An odd group sends one player down: the lowest-placed (``odd_floater="lowest"``, FMJD: "only if
   the rest can be paired") or the group's number one (``"top"``, Toernooimanager). Among the
   first three candidates from that end, the one whose departure lets the rest be paired with the
   most colour preferences met is taken, then one who did not float down last round, nor two
   rounds ago (FMJD's adjustment priorities 2 to 4), then the one nearest that end.
   Toernooimanager: a lone player left in his group joins the next group as its first player
   (``singleton_joins``; derived from its published example).
4. The rest of the group: top half against bottom half (10 players: 1-6, 2-7, 3-8, 4-9, 5-10),
   or adjacent (1-2, 3-4, ...). Players who met over the board do not meet again (a forfeit is not
   a meeting), prohibited pairs never meet, and two players who both need the same colour
   absolutely do not meet (FIDE's limits: difference at most 2, never three in a row). Within
   those rules the pairing meets as many colour preferences as possible, then stays as close to
   the base order as possible (the bottom half is transposed in lexicographic order; players
   change halves only when no transposition works).
5. A group that cannot be paired sends its lowest players down, two at a time (FMJD priority 1:
   as few players moved as possible). When the last group cannot be paired, it is merged with the
   group above and the round is paired again; when nothing else works, the absolute colour rule is
   relaxed (with a warning).

**Bounded work**: each group is paired with a depth-first search limited to a number of steps
proportional to its size (``tournaments.pairing.halves_search``); the search never spans more
than one group (a merged group only when groups cannot be paired apart). Iterative: no recursion
limit.

Colours: ``tournaments.pairing.colours``. Board order: by the higher score, then the higher
placement of the pair's better player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.pairing.colours import allocate, conflict
from tournaments.pairing.halves_search import Field, Found, GroupSearch, Order, SortKey, SwissRules
from tournaments.pairing.model import Bye, Pairing, PairingError, PairingInput, RoundPairing
from tournaments.vocabulary import is_unplayed_win

__all__ = ["Order", "OrderFunction", "SortKey", "SwissRules", "pair_swiss"]

FLOATER_CANDIDATES = 3  # players of an odd group weighed for moving down
BYE_CANDIDATES = 40


def _pts(x: float) -> str:
    return f"{x:g}"


@dataclass
class _Board:
    """A pair before colours: ``a`` is the higher-placed player."""

    a: int
    b: int
    notes: list[str]


class _Round:
    """One attempt at pairing the available players (the driver of the module docstring's steps)."""

    def __init__(self, field: Field, rules: SwissRules, players: Sequence[int]) -> None:
        self.f = field
        self.rules = rules
        key = field.order.key
        self.players = sorted(players, key=lambda p: (-field.score[p], key[p], p))
        self.place = {p: i for i, p in enumerate(self.players)}

    def score_groups(self) -> list[list[int]]:
        groups: list[list[int]] = []
        for p in self.players:
            if groups and self.f.score[groups[-1][0]] == self.f.score[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        return groups

    def pair(self) -> list[_Board]:
        """Pair every player, merging the lowest groups while the last one cannot be paired."""
        brackets = self.score_groups()
        while True:
            boards = self._pair_brackets(brackets)
            if boards is not None:
                return boards
            if len(brackets) == 1:
                raise PairingError(f"Round {self.f.rnd}: no pairing respects the rules ({self.rules.name})")
            brackets = [*brackets[:-2], brackets[-2] + brackets[-1]]

    def _pair_brackets(self, brackets: list[list[int]]) -> list[_Board] | None:
        boards: list[_Board] = []
        carry: list[tuple[int, str]] = []
        joiners: list[int] = []
        joined: dict[int, str] = {}
        for bi, bracket in enumerate(brackets):
            last = bi == len(brackets) - 1
            residents = joiners + list(bracket)
            high, low = self.f.score[bracket[0]], self.f.score[bracket[-1]]
            group_score = _pts(high) if high == low else f"{_pts(high)}-{_pts(low)}"
            for p in joiners:
                joined[p] = f"{p} joins score group {group_score}: the only player left in his group"
            joiners = []
            carry = self._floaters_in(carry, residents, boards, group_score)
            if self.rules.singleton_joins and len(residents) == 1 and not last and not carry:
                joiners = residents
                continue
            result = self._bracket(residents, last, group_score)
            if result is None:
                return None
            pairs, down = result
            for bd in pairs:
                bd.notes[:0] = [joined[p] for p in (bd.a, bd.b) if p in joined]
            boards.extend(pairs)
            carry.extend(down)
        return boards if not carry and not joiners else None

    def _floaters_in(
        self, carry: list[tuple[int, str]], residents: list[int], boards: list[_Board], group_score: str
    ) -> list[tuple[int, str]]:
        """Pair each floater with the highest (or lowest) acceptable player of the group; those who
        find nobody float on."""
        left: list[tuple[int, str]] = []
        for f, _why in carry:
            partner = self._partner(f, residents)
            if partner is None:
                left.append(
                    (f, f"{f} moves on from score {_pts(self.f.score[f])}: nobody in score {group_score} may meet him")
                )
                continue
            residents.remove(partner)
            end = "highest" if self.rules.floater_meets == "highest" else "lowest"
            note = f"Floater {f} meets the {end}-placed player of score {group_score} he may meet"
            boards.append(_Board(f, partner, [_why, note]))
        return left

    def _partner(self, f: int, residents: list[int]) -> int | None:
        """The first player of the group, from the top (or the bottom), the floater may meet."""
        order = residents if self.rules.floater_meets == "highest" else reversed(residents)
        return next((p for p in order if self.f.why_not(f, p) is None), None)

    def _bracket(
        self, residents: list[int], last: bool, group_score: str
    ) -> tuple[list[_Board], list[tuple[int, str]]] | None:
        """Pair one group: (boards, players moving down with the reason) or None (last group fails)."""
        n = len(residents)
        if n % 2 == 1:
            if last:
                return None
            picked = self._odd_floater(residents)
            if picked is not None:
                f, floated, passed = picked
                if passed is None:
                    end = "lowest" if self.rules.odd_floater == "lowest" else "top"
                    why = f"{f} moves down from score {group_score}: the {end}-placed player of an odd group"
                else:
                    side = "below" if self.rules.odd_floater == "lowest" else "above"
                    count, reason = passed
                    why = f"{f} moves down from score {group_score}: {count} player(s) placed {side} passed over "
                    why += f"({reason})"
                return self._boards(floated, [p for p in residents if p != f], group_score), [(f, why)]
        else:
            whole = GroupSearch(self.f, self.rules, residents).run()
            if whole is not None:
                return self._boards(whole, residents, group_score), []
        if last:
            return None
        for size in range(2 - n % 2, n + 1, 2):
            for gone in self._bottom_sets(n, size):
                rest = [p for i, p in enumerate(residents) if i not in gone]
                found = GroupSearch(self.f, self.rules, rest).run()
                if found is not None:
                    why = "the group could not be paired otherwise"
                    down = [
                        (residents[i], f"{residents[i]} moves down from score {group_score}: {why}")
                        for i in sorted(gone)
                    ]
                    return self._boards(found, rest, group_score), down
        return None

    def _bottom_sets(self, n: int, size: int) -> list[set[int]]:
        """Sets of ``size`` positions taken from the bottom of a group of ``n`` (lowest first, bounded)."""
        if size >= n:
            return [set(range(n))]
        window = list(range(n - 1, max(-1, n - 1 - (size + 4)), -1))
        out: list[set[int]] = []

        def walk(start: int, chosen: list[int]) -> None:
            if len(out) >= 20:
                return
            if len(chosen) == size:
                out.append(set(chosen))
                return
            for i in range(start, len(window)):
                walk(i + 1, [*chosen, window[i]])

        walk(0, [])
        return out

    def _odd_floater(self, residents: list[int]) -> tuple[int, Found, tuple[int, str] | None] | None:
        """The player an odd group sends down, the pairing of the rest (see step 3), and when the
        player at the group's end was passed over: how many and why (the first one's reason)."""
        order = list(reversed(residents)) if self.rules.odd_floater == "lowest" else list(residents)
        tried: list[tuple[tuple[int, int, int, int] | None, int, Found | None]] = []
        for pos, f in enumerate(order[:FLOATER_CANDIDATES]):
            found = GroupSearch(self.f, self.rules, [p for p in residents if p != f]).run()
            rank = None
            if found is not None:
                rank = (found.conflicts, int(self.f.floated(f, 1) == "down"), int(self.f.floated(f, 2) == "down"), pos)
            tried.append((rank, f, found))
        ranked = [t for t in tried if t[0] is not None]
        if not ranked:
            return None
        best_rank, f, found = min(ranked, key=lambda t: t[0])  # type: ignore[arg-type,return-value]
        assert best_rank is not None and found is not None
        pos = best_rank[3]
        if pos == 0:
            return f, found, None
        first_rank = tried[0][0]
        if first_rank is None:
            reason = "the others could not be paired without him"
        elif first_rank[0] > best_rank[0]:
            reason = "fewer colour preferences met without him"
        elif first_rank[1] > best_rank[1]:
            reason = "he floated down last round"
        else:
            reason = "he floated down two rounds ago"
        return f, found, (pos, reason)

    def _boards(self, found: Found, group: list[int], group_score: str) -> list[_Board]:
        pos = {p: i for i, p in enumerate(group)}
        n = len(group)
        half = n // 2
        out: list[_Board] = []
        for x, y in found.pairs:
            a, b = (x, y) if pos[x] < pos[y] else (y, x)
            i, j = pos[a], pos[b]
            if self.rules.pairing == "halves":
                notes = [f"Halves: place {i + 1} v place {j + 1} of {n} in the group of score {group_score}"]
                default = i + half if i < half else None
            else:
                notes = [f"Adjacent: place {i + 1} v place {j + 1} of {n} in the group of score {group_score}"]
                default = i + 1 if i % 2 == 0 else None
            if default is not None and default != j and default < n:
                d = group[default]
                why = self.f.why_not(a, d)
                if why is None:
                    why = (
                        "colour preferences"
                        if conflict(self.f.colours[a], self.f.colours[d])
                        else "keeps the group pairable"
                    )
                notes.append(f"Instead of place {default + 1} (player {d}): {why}")
            out.append(_Board(a, b, notes))
        return out


def _bye(field: Field, rules: SwissRules, players: list[int]) -> tuple[int, list[_Board], tuple[str, ...], list[str]]:
    """The PAB of an odd field and the pairing of the others (step 1). The lowest-placed player
    without a bye (nor another win without playing) gets it, the next one up when the others could
    not be paired; only when none of them can have it does a player get a second one (a warning)."""
    rnd = _Round(field, rules, players)
    order = list(reversed(rnd.players))

    def unplayed_win(p: int) -> bool:
        return any(is_unplayed_win(r.points_code, r.opponent is not None, field.scoring) for r in field.histories[p])

    eligible = [p for p in order if not unplayed_win(p)]
    second = [p for p in order if unplayed_win(p)]
    for tried, p in enumerate([*eligible, *second][:BYE_CANDIDATES]):
        rest = [q for q in players if q != p]
        try:
            boards = _Round(field, rules, rest).pair()
        except PairingError:
            continue
        reasons = [f"PAB: odd number of players to pair ({len(players)})"]
        warnings: list[str] = []
        if tried < len(eligible):
            reasons.append(
                f"PAB: the lowest-placed player without a bye or a win without playing (score {_pts(field.score[p])})"
            )
            if tried:
                reasons.append(f"PAB: the {tried} player(s) placed lower could not leave the others pairable")
        else:
            reasons.append(f"PAB: no player without a bye leaves the others pairable (score {_pts(field.score[p])})")
            warnings.append(f"Player {p} gets a second bye (or a bye after a win without playing): no other choice.")
        return p, boards, tuple(reasons), warnings
    raise PairingError(f"Round {field.rnd}: no bye leaves the other players pairable ({rules.name})")


def pair_swiss(inp: PairingInput, rules: SwissRules, order: Order) -> RoundPairing:
    """Pair round ``inp.round`` by ``rules`` with the score groups ordered by ``order`` (smaller key
    first). Raises ``PairingError`` when no pairing respects the rules."""
    field = Field(inp, order)
    players = [p.id for p in inp.players if not p.unavailable]
    if not players:
        raise PairingError(f"Round {inp.round}: nobody to pair")
    try:
        return _pair_field(field, rules, players)
    except PairingError:
        field.strict_colours = False
        rp = _pair_field(field, rules, players)
        note = "No pairing keeps every absolute colour preference: two players who need the same colour meet."
        return RoundPairing(rp.round, rp.pairings, rp.byes, (*rp.warnings, note))


def _pair_field(field: Field, rules: SwissRules, players: list[int]) -> RoundPairing:
    byes: list[Bye] = []
    warnings: list[str] = []
    if len(players) % 2:
        pab, boards, reasons, warnings = _bye(field, rules, players)
        byes.append(Bye(player=pab, kind="pab", reasons=reasons))
        rnd = _Round(field, rules, [p for p in players if p != pab])
    else:
        rnd = _Round(field, rules, players)
        boards = rnd.pair()
    place = rnd.place
    boards.sort(key=lambda bd: (-max(field.score[bd.a], field.score[bd.b]), min(place[bd.a], place[bd.b])))
    pairings: list[Pairing] = []
    for number, bd in enumerate(boards, start=1):
        a, b = (bd.a, bd.b) if place[bd.a] < place[bd.b] else (bd.b, bd.a)
        white, black, colour_reasons = allocate(
            a, field.colours[a], b, field.colours[b], number, field.inp.initial_colour, rules.colour_rule
        )
        pairings.append(Pairing(white, black, number, _reasons(field, white, black, bd.notes, colour_reasons)))
    return RoundPairing(round=field.rnd, pairings=tuple(pairings), byes=tuple(byes), warnings=tuple(warnings))


def _reasons(
    field: Field, white: int, black: int, notes: list[str], colour_reasons: tuple[str, ...]
) -> tuple[str, ...]:
    sw, sb = field.score[white], field.score[black]
    out: list[str] = list(notes)
    if sw == sb:
        out.append(f"Same score group ({_pts(sw)})")
    else:
        high, low = ("White", white), ("Black", black)
        if sb > sw:
            high, low = low, high
        out.append(f"{high[0]} {high[1]}: downfloater from score {_pts(field.score[high[1]])}")
        out.append(f"{low[0]} {low[1]}: upfloater from score {_pts(field.score[low[1]])}")
    for label, pid in (("White", white), ("Black", black)):
        text = field.order.text.get(pid)
        if text:
            out.append(f"{label} {pid}: order {text}")
        for back, word in ((1, "last round"), (2, "two rounds ago")):
            fl = field.floated(pid, back)
            if fl is not None:
                out.append(f"{label} {pid}: floated {fl} {word}")
    out.extend(colour_reasons)
    return tuple(out)


OrderFunction = Callable[[PairingInput], Order]
