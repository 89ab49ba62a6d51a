"""Transitions between the stages of an event (pure, no Django): who goes where, and why.

* ``finals_by_rank_blocks``: a Swiss then finals: ranks 1..g into final A, g+1..2g into B, ...
  A short last block is filled with byes up to g seats (``short_last="fill"``, the Dutch rapid
  and blitz championships' "dummy"), merged into the block above (``"merge"``), or kept short.
* ``groups_then_final``: the top k of each group qualify, plus entries the organiser seeds (last
  year's top 3, a wildcard); a seeded entry that also plays a group leaves its group place to the
  next of that group.
* ``carry_over``: the points an entry takes into the next stage (none, all, or only those scored
  against players who qualified to the same group).
* ``snake_seed``: seeding into G groups in snake order (1..G, then G..1, ...) from a ranking
  (``ranking_by_rating`` builds one from ratings).

Every seat says why it is there. At a cut (the last qualifier and the first who does not, or two
blocks) the players' points are compared: equal points make a qualification tie, decided by the
stage's tie-break order, and the ``Cut`` says by which tie-break (the standings' ``separated_by``),
or that nothing separated them (equal on everything: the organiser decides, e.g. by lot).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.standings.model import Standings, StandingsRow

ShortLast = Literal["fill", "merge", "keep"]
BYE = 0  # the seat of a bye ("dummy") in a final group


class StageError(ValueError):
    """Impossible transition settings: the message says what."""


@dataclass(frozen=True)
class Seat:
    """One place in the next stage: the entry (start number of the stage it comes from; ``BYE`` for
    a bye) and why it is there."""

    start_number: int
    why: str
    from_rank: int | None = None
    from_group: str = ""

    @property
    def is_bye(self) -> bool:
        return self.start_number == BYE


@dataclass(frozen=True)
class Cut:
    """Where the line falls between ``above`` (in) and ``below`` (out, or the next block), and what
    decided it: "PTS" (more points), a tie-break code, or None (equal on everything)."""

    group: str
    above: int
    below: int
    separated_by: str | None
    tie: bool  # equal points: a qualification tie
    why: str


@dataclass(frozen=True)
class FinalGroup:
    name: str
    seats: tuple[Seat, ...]

    @property
    def entries(self) -> tuple[int, ...]:
        """Start numbers of the real entries (byes left out)."""
        return tuple(s.start_number for s in self.seats if not s.is_bye)


@dataclass(frozen=True)
class Transition:
    groups: tuple[FinalGroup, ...]
    cuts: tuple[Cut, ...]


def group_names(count: int) -> tuple[str, ...]:
    """A, B, ..., Z, AA, AB, ... (the names of final groups)."""
    names: list[str] = []
    for i in range(count):
        name, n = "", i
        while True:
            name = chr(ord("A") + n % 26) + name
            n = n // 26 - 1
            if n < 0:
                break
        names.append(name)
    return tuple(names)


def _separation(standings: Standings, i: int, j: int) -> str | None:
    """What puts ``rows[i]`` above ``rows[j]`` (i < j): the earliest criterion (points, then the
    tie-breaks in order) among the separations of the rows between them; None: nothing does."""
    if len(standings.separated_by) < j:  # standings built without their separations
        return "PTS" if standings.rows[i].points != standings.rows[j].points else None
    order = ["PTS", *standings.tiebreaks]
    found = [s for s in standings.separated_by[i:j] if s is not None]
    if not found:
        return None
    return min(found, key=lambda code: order.index(code) if code in order else len(order))


def _cut(group: str, standings: Standings, index: int, below_index: int | None = None) -> Cut:
    """The cut between ``rows[index]`` (in) and ``rows[below_index]`` (out; default the next row)."""
    j = index + 1 if below_index is None else below_index
    above, below = standings.rows[index], standings.rows[j]
    sep = _separation(standings, index, j)
    tie = above.points == below.points
    who = f"{above.start_number} (rank {above.rank}) above {below.start_number} (rank {below.rank})"
    if not tie:
        why = f"{who}: more points ({_num(above.points)} to {_num(below.points)})"
    elif sep is None:
        why = f"{who}: equal on points and on every tie-break; not separated: the organiser decides (e.g. by lot)"
    else:
        why = f"{who}: equal on points ({_num(above.points)}), separated by {sep}"
    return Cut(group, above.start_number, below.start_number, sep, tie, why)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _seat(row: StandingsRow, why: str, group: str = "") -> Seat:
    return Seat(row.start_number, why, row.rank, group)


def finals_by_rank_blocks(
    standings: Standings, group_size: int, *, short_last: ShortLast = "fill", groups: int | None = None
) -> Transition:
    """Ranks 1..g into final A, g+1..2g into B, ...; ``groups`` limits how many finals are made
    (the rest do not go on). A short last block: see the module docstring."""
    if group_size < 2:
        raise StageError("a final group holds at least 2 entries")
    rows = standings.rows
    if not rows:
        raise StageError("the standings have no players")
    blocks = [list(range(i, min(i + group_size, len(rows)))) for i in range(0, len(rows), group_size)]
    if groups is not None:
        if groups < 1:
            raise StageError("at least one final group")
        blocks = blocks[:groups]
    if short_last == "merge" and len(blocks) > 1 and len(blocks[-1]) < group_size:
        blocks[-2].extend(blocks.pop())
    names = group_names(len(blocks))
    finals: list[FinalGroup] = []
    cuts: list[Cut] = []
    for name, block in zip(names, blocks):
        seats = [
            _seat(
                rows[i],
                f"rank {rows[i].rank} of the previous stage: final {name} takes ranks "
                f"{rows[block[0]].rank}-{rows[block[-1]].rank}",
                name,
            )
            for i in block
        ]
        if short_last == "fill" and len(block) < group_size:
            seats.extend(
                Seat(BYE, f"bye: final {name} has {len(block)} entries for {group_size} seats")
                for _ in range(group_size - len(block))
            )
        finals.append(FinalGroup(name, tuple(seats)))
        if block[-1] + 1 < len(rows):
            cuts.append(_cut(name, standings, block[-1]))
    return Transition(tuple(finals), tuple(cuts))


def groups_then_final(
    group_standings: Sequence[tuple[str, Standings]],
    top: int,
    *,
    seeded: Sequence[tuple[int, str]] = (),
    final_name: str = "Final",
) -> Transition:
    """The final's seats: the organiser's seeded entries (start number, reason) first, in the order
    given, then the top ``top`` of each group, by rank and then group order (all group winners, then
    all seconds, ...). Start numbers are the event's, shared by every stage."""
    if top < 1:
        raise StageError("at least one entry of each group qualifies")
    seeded_numbers = [sn for sn, _ in seeded]
    if len(set(seeded_numbers)) != len(seeded_numbers):
        raise StageError("an entry is seeded twice")
    seats = [Seat(sn, f"seeded by the organiser: {reason}") for sn, reason in seeded]
    per_group: list[list[Seat]] = []
    cuts: list[Cut] = []
    for name, st in group_standings:
        chosen: list[Seat] = []
        last_index = -1
        for index, row in enumerate(st.rows):
            if len(chosen) == top:
                break
            if row.start_number in seeded_numbers:
                continue
            place = len(chosen) + 1
            why = f"group {name}, rank {row.rank}: qualifier {place} of {top}"
            skipped = [r.start_number for r in st.rows[:index] if r.start_number in seeded_numbers]
            if skipped:
                why += f" (seeded {', '.join(map(str, skipped))} already in the final)"
            chosen.append(_seat(row, why, name))
            last_index = index
        per_group.append(chosen)
        first_out = next(
            (i for i in range(last_index + 1, len(st.rows)) if st.rows[i].start_number not in seeded_numbers), None
        )
        if last_index >= 0 and first_out is not None:
            cuts.append(_cut(name, st, last_index, first_out))
    for place in range(top):
        seats.extend(g[place] for g in per_group if place < len(g))
    return Transition((FinalGroup(final_name, tuple(seats)),), tuple(cuts))


def snake_seed(ranking: Sequence[int], groups: int, *, names: Sequence[str] | None = None) -> tuple[FinalGroup, ...]:
    """Entries (best first) into ``groups`` groups in snake order: 1..G, then G..1, then 1..G, ...

    With a count that does not divide, the groups differ by at most one entry.
    """
    if groups < 1:
        raise StageError("at least one group")
    if len(set(ranking)) != len(ranking):
        raise StageError("an entry appears twice in the seeding order")
    labels = tuple(names) if names is not None else group_names(groups)
    if len(labels) != groups:
        raise StageError(f"{groups} groups need {groups} names")
    members: list[list[Seat]] = [[] for _ in range(groups)]
    for i, sn in enumerate(ranking):
        row, col = divmod(i, groups)
        g = col if row % 2 == 0 else groups - 1 - col
        direction = "left to right" if row % 2 == 0 else "right to left"
        members[g].append(Seat(sn, f"seed {i + 1}: row {row + 1} of the snake ({direction}) -> group {labels[g]}"))
    return tuple(FinalGroup(labels[g], tuple(m)) for g, m in enumerate(members))


def ranking_by_rating(entries: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """A seeding order from (start number, rating): highest rating first, then start number."""
    return tuple(sn for sn, _ in sorted(entries, key=lambda e: (-e[1], e[0])))


Carry = Literal["none", "all", "among"]
CARRY_RULES: tuple[str, ...] = ("none", "all", "among")


def carried_points(points: dict[int, float], carry: bool) -> dict[int, float]:
    """The points an entry starts the next stage with: its points of this stage when the event
    carries them over (a setting, default no), else 0."""
    return {sn: (p if carry else 0.0) for sn, p in points.items()}


def carry_over(
    rule: Carry,
    groups: Sequence[FinalGroup],
    points: Mapping[int, float],
    games: Mapping[int, Sequence[tuple[int | None, float]]],
) -> dict[int, float]:
    """The starting points of every real entry of the next stage's ``groups`` (byes left out).

    * ``"none"`` (the default): 0 for everyone; the draughts sources do not say that stage points
      carry over (reference, section 3: open, default no).
    * ``"all"``: the entry's points of the stage it comes from (``points``, byes and forfeits
      included, as its standings counted them).
    * ``"among"``: only the points the entry scored against opponents who qualified to the same
      group of the next stage (``games``: per entry, its rounds as (opponent, points), None for a
      round without an opponent, which never counts here): what championships carry from a
      preliminary into a final group, so that a player does not take along points won from players
      who stayed behind.

    Numbers are the transition's seat numbers (one numbering across the source groups); an entry
    without points or games (a seeded player from outside) starts with 0.
    """
    if rule not in CARRY_RULES:
        raise StageError(f"unknown carry-over rule {rule!r}")
    out: dict[int, float] = {}
    for group in groups:
        members = set(group.entries)
        for sn in group.entries:
            if rule == "all":
                out[sn] = float(points.get(sn, 0.0))
            elif rule == "among":
                out[sn] = float(sum(p for opp, p in games.get(sn, ()) if opp is not None and opp in members))
            else:
                out[sn] = 0.0
    return out
