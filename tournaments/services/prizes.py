"""A stage's prize list: the organiser's settings, and the list computed from the final standings.

Who wins what, and how each amount was computed, is the pure core's (``tournaments.prizes``); the
ranking is the standings service's. The settings are typed one line a list::

    Main: 1000, 500, 350
    Best woman: 100 | sex=f
    Junior: 75, 50 | age<=18
    Under 1800: 60 | rating<=1799 | rule=equal

amounts in the currency with at most two decimals; after "|" the conditions (``sex=f``, ``age<=18``,
``age>=60``, ``rating<=1799``, ``rating>=2000``, ``club=...``, ``federation=NED``) and the list's own ``rule``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import record
from tournaments.models import PrizeSetup, Tournament
from tournaments.prizes import (
    RULES,
    Award,
    Contestant,
    Eligibility,
    PrizeError,
    PrizeList,
    PrizeResult,
    PrizeSettings,
    award_prizes,
    money,
)
from tournaments.reports.standings import standings_for
from tournaments.services.errors import ServiceError
from tournaments.standings import StandingsError

MAX_LINES = 50
MAX_CHARS = 5000
MAX_AMOUNT = Decimal("10000000")  # per prize, in the currency
_TEXT_KEYS = ("sex", "club", "federation")
KNOWN_CONDITIONS = "sex=f, age<=18, age>=60, rating<=1799, rating>=2000, club=…, federation=NED, rule=hort"


def _condition(item: str, where: str) -> tuple[str, str, str]:
    """``key=value``, ``key<=number`` or ``key>=number`` as (key, operator, value)."""
    for op in ("<=", ">=", "="):
        key, sep, value = item.partition(op)
        if sep and key.strip() and value.strip():
            return key.strip().lower(), op, value.strip()
    raise ServiceError(_("%(where)s: write a condition as key=value (%(item)r).") % {"where": where, "item": item})


def _amount(text: str, where: str) -> int:
    try:
        value = Decimal(text.strip().replace(",", "."))
    except InvalidOperation:
        raise ServiceError(_("%(where)s: %(text)r is not an amount.")
                           % {"where": where, "text": text.strip()}) from None
    if not value.is_finite() or value < 0 or value > MAX_AMOUNT or value != value.quantize(Decimal("0.01")):
        raise ServiceError(_("%(where)s: %(text)r is not an amount from 0 to %(max)s with at most two decimals.")
                           % {"where": where, "text": text.strip(), "max": MAX_AMOUNT})
    return int(value * 100)


def parse_lists(text: str) -> tuple[PrizeList, ...]:
    """The prize lists of the settings text (see the module docstring); ``ServiceError`` naming the line."""
    if len(text) > MAX_CHARS:
        raise ServiceError(_("The prizes take at most %(n)s characters.") % {"n": MAX_CHARS})
    lines = [(i, line.strip()) for i, line in enumerate(text.splitlines(), start=1) if line.strip()]
    if len(lines) > MAX_LINES:
        raise ServiceError(_("At most %(n)s prize lists.") % {"n": MAX_LINES})
    out: list[PrizeList] = []
    names: set[str] = set()
    for number, line in lines:
        where = _("Line %(n)s") % {"n": number}
        head, *conditions = line.split("|")
        if ":" not in head:
            raise ServiceError(_("%(where)s: write the name, a colon and the amounts, e.g. “Main: 1000, 500”.")
                               % {"where": where})
        name, amounts_text = head.split(":", 1)
        name = name.strip()
        if not name or name.casefold() in names:
            raise ServiceError(_("%(where)s: each list needs its own name.") % {"where": where})
        names.add(name.casefold())
        # "1000, 500" or "1000; 500": amounts separated by commas or semicolons; a decimal comma needs "1000,50;"
        parts = [p for p in (amounts_text.split(";") if ";" in amounts_text else amounts_text.split(",")) if p.strip()]
        if not parts:
            raise ServiceError(_("%(where)s: no amounts.") % {"where": where})
        amounts = tuple(_amount(p, where) for p in parts)
        rule: str | None = None
        eligibility: dict[str, int | str] = {}
        for cond in (c.strip() for c in conditions if c.strip()):
            for item in (x.strip() for x in cond.split(",") if x.strip()):
                key, op, value = _condition(item, where)
                if key == "rule" and op == "=":
                    if value not in RULES:
                        raise ServiceError(_("%(where)s: the rule is place, equal or hort.") % {"where": where})
                    rule = value
                elif key in ("age", "rating") and op in ("<=", ">="):
                    if not value.isdigit() or int(value) > 9999:
                        raise ServiceError(_("%(where)s: %(key)s must be a whole number.")
                                           % {"where": where, "key": key})
                    eligibility[("max_" if op == "<=" else "min_") + key] = int(value)
                elif key in _TEXT_KEYS and op == "=":
                    eligibility[key] = value[:120]
                else:
                    raise ServiceError(_("%(where)s: unknown condition %(item)r; known: %(known)s.") % {
                        "where": where, "item": item, "known": KNOWN_CONDITIONS})
        out.append(PrizeList(name[:80], amounts, Eligibility(**eligibility), rule))  # type: ignore[arg-type]
    return tuple(out)


def _audit_text(setup: PrizeSetup, fields: tuple[str, ...]) -> str:
    """``key=value; ...`` (the audit log's form); the typed lines joined by " / "."""
    return "; ".join(f"{f}=" + " / ".join(str(getattr(setup, f)).replace("; ", ";").splitlines()) for f in fields)


@transaction.atomic
def save_prize_setup(actor: User, tournament: Tournament, *, lists: str, rule: str, unit: int,
                     one_prize_per_player: bool, currency: str) -> PrizeSetup:
    """Store the stage's prize settings (checked first: nothing is stored when a line is wrong)."""
    parse_lists(lists)
    if rule not in RULES:
        raise ServiceError(_("The rule is place, equal or hort."))
    if not 1 <= unit <= 100000:
        raise ServiceError(_("Round down to 1 to 100000 cents."))
    setup, _created = PrizeSetup.objects.get_or_create(tournament=tournament)
    fields = ("lists", "rule", "unit", "one_prize_per_player", "currency")
    before = _audit_text(setup, fields)
    setup.lists, setup.rule, setup.unit = lists.strip(), rule, unit
    setup.one_prize_per_player, setup.currency = one_prize_per_player, currency.strip()[:8]
    setup.save()
    after = _audit_text(setup, fields)
    record(actor, tournament, "prizes.update", setup, before=before, after=after)
    return setup


@dataclass(frozen=True)
class PrizeLine:
    award: Award
    name: str
    amount: str  # "1000.00"
    how: str  # how the amount was computed, in the reader's language


def _places(first: int, last: int) -> str:
    if first == last:
        return _("place %(n)s") % {"n": first}
    return _("places %(first)s–%(last)s") % {"first": first, "last": last}


def how_text(award: Award, plist: PrizeList, rule: str, unit: int, offset: int) -> str:
    """How ``award`` was computed, in words of the reader's language: the prizes of the places the
    player's group occupies (the list's amounts, as the core took them), how they were shared, and
    the rounding when the core rounded (its own explanation says so). ``offset``: the player's
    position in the group (0: first by tie-break order), the own place of the Hort system."""
    first, last = award.first_place, award.last_place
    prizes = [plist.amounts[i - 1] if i <= len(plist.amounts) else 0 for i in range(first, last + 1)]
    parts = " + ".join(money(p) for p in prizes)
    n = last - first + 1
    if n == 1:
        text = _("%(places)s: %(amount)s") % {"places": _places(first, last), "amount": money(prizes[0])}
    elif rule == "hort":
        text = _("Hort system, equal points on %(places)s: half of the prize of place %(own)s (%(prize)s / 2) "
                 "+ the other halves pooled ((%(parts)s) / 2 / %(n)s)") % {
            "places": _places(first, last), "own": first + offset, "prize": money(prizes[offset]),
            "parts": parts, "n": n}
    elif rule == "equal":
        text = _("Equal points on %(places)s, shared equally: (%(parts)s) / %(n)s") % {
            "places": _places(first, last), "parts": parts, "n": n}
    else:
        text = _("%(places)s shared (equal on every tie-break): (%(parts)s) / %(n)s") % {
            "places": _places(first, last), "parts": parts, "n": n}
    if "rounded down" in award.how:  # the core's explanation: the exact share was not a whole unit
        text += "; " + (_("rounded down to the cent") if unit == 1 else
                        _("rounded down to a multiple of %(unit)s") % {"unit": money(unit)})
    return text


@dataclass(frozen=True)
class PrizeView:
    setup: PrizeSetup
    result: PrizeResult
    lines: tuple[PrizeLine, ...]
    by_list: tuple[tuple[str, tuple[PrizeLine, ...]], ...]
    fund: str
    paid: str
    unpaid: str
    after_round: int


def contestants(tournament: Tournament) -> tuple[list[Contestant], dict[int, str], int]:
    """The stage's final ranking as the prize core reads it, the names, and the round it is after."""
    try:
        st = standings_for(tournament)
    except StandingsError as exc:
        raise ServiceError(str(exc)) from exc
    entries = {e.start_number or 0: e for e in tournament.entries.filter(start_number__isnull=False)}
    out = []
    for row in st.rows:
        e = entries.get(row.start_number)
        out.append(Contestant(
            start_number=row.start_number, rank=row.rank, points=row.points,
            sex=e.sex if e else "", birth_year=e.birth_year if e else None, rating=(e.rating or 0) if e else 0,
            club=e.club if e else "", federation=e.federation if e else ""))
    return out, {sn: e.name for sn, e in entries.items()}, st.after_round


def prize_view(tournament: Tournament) -> PrizeView | None:
    """The stage's prize list (None: no prizes set)."""
    setup = PrizeSetup.objects.filter(tournament=tournament).first()
    if setup is None or not setup.lists.strip():
        return None
    lists = parse_lists(setup.lists)
    players, names, after_round = contestants(tournament)
    year = (tournament.start_date or datetime.date.today()).year
    settings = PrizeSettings(lists, rule=setup.rule, unit=setup.unit,  # type: ignore[arg-type]
                             one_prize_per_player=setup.one_prize_per_player, event_year=year)
    try:
        result = award_prizes(players, settings)
    except PrizeError as exc:
        raise ServiceError(str(exc)) from exc
    lists_by_name = {pl.name: pl for pl in lists}
    lines = []
    groups: dict[tuple[str, int, int], int] = {}
    for a in result.awards:
        key = (a.list_name, a.first_place, a.last_place)
        offset = groups.get(key, 0)
        groups[key] = offset + 1
        plist = lists_by_name[a.list_name]
        lines.append(PrizeLine(a, names.get(a.start_number, str(a.start_number)), money(a.amount),
                               how_text(a, plist, plist.rule or setup.rule, setup.unit, offset)))
    by_list = tuple((pl.name, tuple(x for x in lines if x.award.list_name == pl.name)) for pl in lists)
    return PrizeView(setup, result, tuple(lines), by_list, money(result.fund), money(result.paid), money(result.unpaid),
                     after_round)
