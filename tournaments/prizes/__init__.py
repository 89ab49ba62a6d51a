"""Prize lists: who wins what, in cents, and how each amount was computed (pure, no Django).

Input: the final ranking (``Contestant`` rows in standings order, with their rank and points and
the facts categories look at) and the prize lists (``PrizeList``: the main list and categories such
as best woman, junior, veteran, a rating group, best of a club, each with amounts by place).

Distribution rules (per list, or the event's default):

* ``place``: by tie-break order: the n-th player of the list gets the n-th prize. Players who share
  a rank (equal on points and every tie-break) share the prizes of their places equally.
* ``equal``: players on equal points pool the prizes of the places they occupy and split them equally.
* ``hort``: the Hort system: players on equal points each keep half of their own place's prize (by
  tie-break order); the other halves of the group's places are pooled and split equally.

Money is in cents. Every share is computed exactly (fractions) and then rounded DOWN to a multiple
of ``unit`` cents (1: to the cent; 100: to whole euros), so the sum paid never exceeds the fund; what
rounding leaves over, and prizes nobody is eligible for, stay with the organiser and are reported.

A player wins at most one prize unless the organiser allows more (``one_prize_per_player``): a
player eligible for several keeps the highest (on equal amounts, the earlier list: the main list
first), gives up the others, and the next eligible player moves up in those lists.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

Rule = Literal["place", "equal", "hort"]
RULES: tuple[str, ...] = ("place", "equal", "hort")
MAX_PLACES = 1000


class PrizeError(ValueError):
    """Bad prize settings or standings: the message says what and where."""


@dataclass(frozen=True)
class Contestant:
    """A player of the final ranking, in standings order (``rank`` shared by ex aequo players)."""

    start_number: int
    rank: int
    points: float
    sex: str = ""  # "m", "w" (or "f")
    birth_year: int | None = None
    rating: int = 0
    club: str = ""
    federation: str = ""


@dataclass(frozen=True)
class Eligibility:
    """Who a category admits; every given condition must hold (nothing given: everybody).

    Ages are reached in the event's year (``event_year - birth_year``), as junior and veteran
    categories usually count; a player without a birth year is not admitted to an age category.
    """

    sex: str | None = None
    max_age: int | None = None
    min_age: int | None = None
    min_rating: int | None = None
    max_rating: int | None = None
    club: str | None = None
    federation: str | None = None

    def admits(self, c: Contestant, event_year: int | None) -> bool:
        if self.sex is not None and _sex(c.sex) != _sex(self.sex):
            return False
        if self.max_age is not None or self.min_age is not None:
            if c.birth_year is None or event_year is None:
                return False
            age = event_year - c.birth_year
            if (self.max_age is not None and age > self.max_age) or (self.min_age is not None and age < self.min_age):
                return False
        if self.min_rating is not None and c.rating < self.min_rating:
            return False
        if self.max_rating is not None and c.rating > self.max_rating:
            return False
        if self.club is not None and c.club.strip().casefold() != self.club.strip().casefold():
            return False
        return self.federation is None or c.federation.upper() == self.federation.upper()


def _sex(value: str) -> str:
    v = value.strip().lower()
    return "w" if v in ("w", "f") else v


@dataclass(frozen=True)
class PrizeList:
    """One list of prizes: amounts in cents by place (1st, 2nd, ...), who may win them, and its rule
    (None: the event's default)."""

    name: str
    amounts: tuple[int, ...]
    eligibility: Eligibility = field(default_factory=Eligibility)
    rule: Rule | None = None


@dataclass(frozen=True)
class PrizeSettings:
    lists: tuple[PrizeList, ...]
    rule: Rule = "place"
    unit: int = 1  # cents: each amount is rounded down to a multiple of this
    one_prize_per_player: bool = True
    event_year: int | None = None


@dataclass(frozen=True)
class Award:
    start_number: int
    amount: int  # cents
    list_name: str
    first_place: int
    last_place: int
    how: str


@dataclass(frozen=True)
class PrizeResult:
    awards: tuple[Award, ...]
    fund: int  # cents: every list's amounts
    paid: int
    notes: tuple[str, ...] = ()

    @property
    def unpaid(self) -> int:
        return self.fund - self.paid


def money(cents: int | Fraction) -> str:
    """Cents as currency text with two decimals: 100050 -> "1000.50" (a fraction: to the cent, down)."""
    c = int(cents) if isinstance(cents, int) else int(cents.numerator // cents.denominator)
    sign = "-" if c < 0 else ""
    c = abs(c)
    return f"{sign}{c // 100}.{c % 100:02d}"


def _exact(x: Fraction) -> str:
    """A fraction of cents as text, with the cent fraction shown when not whole (283.333... -> 283.33...)."""
    whole = money(x)
    return whole if x.denominator == 1 else f"{whole}..."


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _places(first: int, last: int) -> str:
    return f"{_ordinal(first)} place" if first == last else f"places {first}-{last}"


def _groups(players: Sequence[Contestant], rule: Rule) -> list[list[Contestant]]:
    """Consecutive players sharing: a rank (place) or points (equal, hort)."""
    out: list[list[Contestant]] = []
    for c in players:
        key_same = out and (out[-1][-1].rank == c.rank if rule == "place" else out[-1][-1].points == c.points)
        if key_same:
            out[-1].append(c)
        else:
            out.append([c])
    return out


def _floor(x: Fraction, unit: int) -> int:
    return (x.numerator // x.denominator) // unit * unit


def _rounding_text(unit: int) -> str:
    return "rounded down to the cent" if unit == 1 else f"rounded down to a multiple of {money(unit)}"


def distribute(plist: PrizeList, players: Sequence[Contestant], rule: Rule, unit: int) -> list[Award]:
    """One list's awards among ``players`` (eligible, in standings order). Zero amounts give no award."""
    amounts = plist.amounts
    awards: list[Award] = []
    position = 1
    for group in _groups(players, rule):
        first, last = position, position + len(group) - 1
        position = last + 1
        if first > len(amounts):
            break
        prizes = [Fraction(amounts[i - 1]) if i <= len(amounts) else Fraction(0) for i in range(first, last + 1)]
        total = sum(prizes, Fraction(0))
        for offset, c in enumerate(group):
            exact, how = _share(rule, prizes, total, offset, first, last, len(group))
            amount = _floor(exact, unit)
            if amount <= 0:
                continue
            if amount != exact:
                how += f" = {_exact(exact)}, {_rounding_text(unit)}: {money(amount)}"
            awards.append(Award(c.start_number, amount, plist.name, first, last, f"{plist.name}: {how}"))
    return awards


def _share(
    rule: Rule, prizes: list[Fraction], total: Fraction, offset: int, first: int, last: int, n: int
) -> tuple[Fraction, str]:
    parts = " + ".join(money(p) for p in prizes)
    if n == 1:
        return prizes[0], f"{_places(first, last)}, {money(prizes[0])}"
    if rule == "hort":
        own = prizes[offset] / 2
        pooled = total / 2
        exact = own + pooled / n
        how = (
            f"Hort system, equal points on {_places(first, last)}: half of the {_ordinal(first + offset)} prize "
            f"({money(prizes[offset])} / 2 = {_exact(own)}) + the other halves pooled "
            f"(({parts}) / 2 = {_exact(pooled)}) / {n} = {_exact(pooled / n)}; together {_exact(exact)}"
        )
        return exact, how
    reason = "shared place (equal on every tie-break)" if rule == "place" else "equal points"
    return total / n, f"{reason}, {_places(first, last)} shared equally: ({parts}) / {n}"


def _eligible(plist: PrizeList, players: Sequence[Contestant], year: int | None, out: set[int]) -> list[Contestant]:
    return [c for c in players if c.start_number not in out and plist.eligibility.admits(c, year)]


def award_prizes(players: Sequence[Contestant], settings: PrizeSettings) -> PrizeResult:
    """Every list's awards with the one-prize rule applied (see the module docstring)."""
    _validate(players, settings)
    excluded: list[set[int]] = [set() for _ in settings.lists]
    notes: list[str] = []
    awards: list[list[Award]] = []
    for _ in range(len(players) * max(1, len(settings.lists)) + 1):
        awards = [
            distribute(
                pl, _eligible(pl, players, settings.event_year, excluded[i]), pl.rule or settings.rule, settings.unit
            )
            for i, pl in enumerate(settings.lists)
        ]
        if not settings.one_prize_per_player or not _resolve(awards, excluded, notes):
            break
    flat = [a for lst in awards for a in lst]
    fund = sum(sum(pl.amounts) for pl in settings.lists)
    return PrizeResult(tuple(flat), fund, sum(a.amount for a in flat), tuple(dict.fromkeys(notes)))


def _resolve(awards: list[list[Award]], excluded: list[set[int]], notes: list[str]) -> bool:
    """Exclude every player from all but their best list; True when anything changed."""
    won: dict[int, list[tuple[int, Award]]] = {}
    for i, lst in enumerate(awards):
        for a in lst:
            won.setdefault(a.start_number, []).append((i, a))
    changed = False
    for sn, items in won.items():
        if len(items) < 2:
            continue
        keep_index, keep = max(items, key=lambda ia: (ia[1].amount, -ia[0]))
        for i, a in items:
            if i != keep_index:
                excluded[i].add(sn)
                notes.append(
                    f"player {sn} keeps {keep.list_name} ({money(keep.amount)}) and gives up "
                    f"{a.list_name} ({money(a.amount)}): one prize per player, the higher one"
                )
                changed = True
    return changed


def _validate(players: Sequence[Contestant], settings: PrizeSettings) -> None:
    if settings.rule not in RULES:
        raise PrizeError(f"unknown rule {settings.rule!r}; known: {', '.join(RULES)}")
    if settings.unit < 1:
        raise PrizeError("the rounding unit is at least one cent")
    seen: set[int] = set()
    for c in players:
        if c.start_number in seen:
            raise PrizeError(f"start number {c.start_number} appears twice in the standings")
        seen.add(c.start_number)
    for pl in settings.lists:
        if pl.rule is not None and pl.rule not in RULES:
            raise PrizeError(f"{pl.name}: unknown rule {pl.rule!r}")
        if len(pl.amounts) > MAX_PLACES:
            raise PrizeError(f"{pl.name}: at most {MAX_PLACES} prizes")
        if any(a < 0 for a in pl.amounts):
            raise PrizeError(f"{pl.name}: a prize cannot be negative")


def contestants_from_standings(rows: Iterable[dict[str, object]]) -> list[Contestant]:
    """``Contestant`` rows from the standings JSON contract (start_number, rank, points), in its order."""
    out: list[Contestant] = []
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            raise PrizeError(f"standings row {i}: not an object")
        sn, rank, points = row.get("start_number"), row.get("rank"), row.get("points")
        if not isinstance(sn, int) or isinstance(sn, bool) or sn < 1:
            raise PrizeError(f"standings row {i}: start_number must be a positive whole number")
        if not isinstance(rank, int) or isinstance(rank, bool) or rank < 1:
            raise PrizeError(f"standings row {i}: rank must be a positive whole number")
        if not isinstance(points, int | float) or isinstance(points, bool):
            raise PrizeError(f"standings row {i}: points must be a number")
        out.append(Contestant(start_number=sn, rank=rank, points=float(points)))
    for a, b in zip(out, out[1:]):
        if b.rank < a.rank or (b.points > a.points):
            raise PrizeError(f"standings are not in rank order at start number {b.start_number}")
    return out
