"""Why A is above B: the pure module's explanations (``tournaments.standings.explain``) as
translated sentences for the public standings page.

Nothing is computed here: every number, cut, dummy, cap and article comes from the
``Explanation`` and ``Part`` objects; this only words them in the current language.
"""

from __future__ import annotations

import contextvars
import functools
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.formats import date_format
from django.utils.translation import get_language, gettext, gettext_noop, ngettext, pgettext

from tournaments.history import Withdrawal
from tournaments.reports.formatting import points_text, tiebreak_text
from tournaments.standings import (
    EDITION_FROM,
    PLAYOFF,
    Explained,
    Explanation,
    Part,
    PlayoffDecision,
    StandingsRow,
    describe,
)


@functools.lru_cache(maxsize=1024)
def _translated(language: str | None, message: str) -> str:
    return gettext(message)


# The language of the page being worded, looked up once per page (``ties``).
_LANGUAGE: contextvars.ContextVar[str | None] = contextvars.ContextVar("why_language", default=None)


def _(message: str) -> str:
    """``gettext``, remembered per language: a 400-player page words ~10,000 rounds with a few
    dozen messages, and Django's gettext (with its language lookup) costs ~40 µs a call."""
    return _translated(_LANGUAGE.get() or get_language(), message)


@dataclass(frozen=True)
class PlayerValue:
    """One player's value of one tie-break, with the lines that explain it."""

    value: str
    lines: tuple[str, ...]
    total: str


@dataclass(frozen=True)
class Step:
    """One tie-break compared for a tie: both players' values; ``decides`` on the deciding one."""

    code: str
    name: str
    description: str
    above: PlayerValue
    below: PlayerValue
    decides: bool
    pair: tuple[tuple[StandingsRow, PlayerValue], ...] = ()  # (row, value) of both, for templates


@dataclass(frozen=True)
class TieView:
    above: StandingsRow
    below: StandingsRow
    summary: str
    steps: tuple[Step, ...]
    verdict: str


def edition_text(edition: str) -> str:
    """"FIDE C.07, 2026 edition" in the current language."""
    return _("FIDE C.07, %(year)s edition") % {"year": edition}


def edition_reason(tournament: object) -> str:
    """Why that edition: the arbiter chose it, or the start (or creation) date picked it."""
    if getattr(tournament, "tiebreak_rules", ""):
        return _("chosen by the arbiter")
    start = getattr(tournament, "start_date", None)
    when = date_format(tournament.tiebreak_date())  # type: ignore[attr-defined]
    if start:
        return _("by the start date, %(date)s") % {"date": when}
    return _("by the date the tournament was created, %(date)s") % {"date": when}


def edition_in_force(edition: str) -> str:
    """"in force from 1 March 2026" style note for the legend."""
    return _("applies to tournaments starting on or after %(date)s") % {
        "date": date_format(EDITION_FROM[edition])  # type: ignore[index]
    }


def withdrawal_note(w: Withdrawal) -> str:
    """A withdrawn player's line on the standings: since when, and whether (and why) the results stay."""
    head = (_("withdrawn from round %(n)s") % {"n": w.from_round}) if w.from_round else _("withdrawn")
    numbers = {"played": w.played, "total": w.total}
    if not w.rule:
        why = _("results kept: outside round robins the games played always count")
    elif w.rule == "keep":
        why = _("results kept: the tournament's rule keeps them")
    elif w.rule == "cancel":
        why = _("results removed: the tournament's rule removes them")
    elif w.kept:
        why = _("results kept: %(played)s of %(total)s games played, more than half") % numbers
    else:
        why = _("results removed: %(played)s of %(total)s games played, not more than half") % numbers
    return f"{head}; {why}"


def place_range(first: int, last: int) -> str:
    """Places ``first`` to ``last`` as the play-off notes and pages say them: "1 and 2" for two places ("1 to
    2" read oddly), "3 to 5" for more, "4" for one."""
    numbers = {"first": first, "last": last}
    if last <= first:
        return str(first)
    if last == first + 1:
        return pgettext("places", "%(first)s and %(last)s") % numbers
    return pgettext("places", "%(first)s to %(last)s") % numbers


def playoff_note(first: int, last: int, others: Iterable[str]) -> str:
    """A line under each player of a play-off (``reports.standings.playoff_groups``)."""
    return _("play-off for places %(places)s with %(others)s: tied on points and on the tie-breaks before the "
             "mutual result (the tournament's rule)") % {
        "places": place_range(first, last), "others": ", ".join(others)}


def playoff_decided_note(decision: PlayoffDecision, names: dict[int, str]) -> str:
    """A line under each player of a recorded play-off: the places, its order and its games or score."""
    order = ", ".join(f"{decision.first + i}. {names.get(sno, sno)}" for i, sno in enumerate(decision.order))
    note = _("places %(places)s decided by play-off: %(order)s") % {
        "places": place_range(decision.first, decision.last), "order": order}
    return f"{note} ({decision.games})" if decision.games.strip() else note


def _n(x: float | None) -> str:
    return points_text(x)


def _quotient(total: float, n: int) -> str:
    """``total / n`` to at most three decimals (enough to show a half: 107.625)."""
    return f"{total / n:.3f}".rstrip("0").rstrip(".")


def _who(part: Part, names: dict[int, str]) -> str:
    if part.opponent is None:
        return ""
    return f"{names.get(part.opponent, '')} ({part.opponent})"


_BYES = {
    "pab": gettext_noop("pairing-allocated bye"),
    "full_bye": gettext_noop("full-point bye"),
    "half_bye": gettext_noop("half-point bye"),
    "zero_bye": gettext_noop("zero-point bye"),
    "absent": gettext_noop("absent"),
    "not_paired": gettext_noop("not paired (entered later or withdrawn)"),
}


def _kind(part: Part, names: dict[int, str], pending: bool = False) -> str:
    who = _who(part, names)
    if pending and part.kind == "not_paired":
        return _("result not confirmed yet (an unplayed round until it is)")
    if part.kind == "game":
        return _("against %(name)s") % {"name": who}
    if part.kind == "forfeit_win":
        return _("forfeit win against %(name)s") % {"name": who}
    if part.kind == "forfeit_loss":
        return _("forfeit loss against %(name)s") % {"name": who}
    return _(_BYES[part.kind]) if part.kind in _BYES else part.kind


def _article(article: str) -> str:
    return _("C.07 art. %(article)s") % {"article": article}


def _basis(part: Part, rounds: int) -> str:
    """How the score of a Buchholz-family round was obtained."""
    if part.basis == "opponent":
        return _("their score %(score)s") % {"score": _n(part.score)}
    if part.basis == "opponent_adjusted":
        text = _(
            "their score %(raw)s counts as %(score)s: unplayed rounds after their last game count as draws (%(art)s)"
        )
        return text % {"raw": _n(part.raw), "score": _n(part.score), "art": _article(part.article)}
    if part.basis in ("dummy", "dummy_capped") and part.cap is None:
        return _("own unplayed round: a dummy with the player's own score %(score)s (%(art)s)") % {
            "score": _n(part.score), "art": _article(part.article)
        }  # fmt: skip
    if part.basis in ("dummy", "dummy_capped"):
        if part.opponent is not None:
            limit = _("at most the opponent's score %(cap)s") % {"cap": _n(part.cap)}
        else:
            limit = ngettext(
                "at most a draw's points × %(rounds)s round = %(cap)s",
                "at most a draw's points × %(rounds)s rounds = %(cap)s",
                rounds,
            ) % {"rounds": rounds, "cap": _n(part.cap)}
        return _("own unplayed round: the player's own score %(raw)s, %(limit)s (%(art)s): %(score)s") % {
            "raw": _n(part.raw), "limit": limit, "art": _article(part.article), "score": _n(part.score)
        }  # fmt: skip
    if part.basis == "fmjd_zero":
        return _("unplayed round: counts 0 (FMJD Solkoff)")
    if part.basis == "forfeit_real":
        return _("their score %(score)s (a forfeit: their real score counts, FMJD)") % {"score": _n(part.score)}
    if part.basis == "opponent_solkoff":
        return _("their Solkoff %(score)s") % {"score": _n(part.score)}
    if part.basis == "scheduled":
        return _("unplayed game: the scheduled opponent's score %(score)s") % {"score": _n(part.score)}
    return _("free round: counts nothing")


def _cut(part: Part) -> str:
    if part.cut == "high":
        return _("cut (highest)")
    if part.cut == "low" and part.vur:
        return _("cut (lowest; voluntary unplayed rounds are cut first, %(art)s)") % {"art": _article("16.5")}
    if part.cut == "low":
        return _("cut (lowest)")
    return ""


def _round(part: Part, names: dict[int, str], pending: frozenset[int] = frozenset()) -> str:
    what = _kind(part, names, part.round in pending)
    return _("Round %(n)s, %(what)s") % {"n": part.round, "what": what}


def _line(head: str, text: str) -> str:
    """"Round 3, against X: their score 5" (French puts a space before the colon)."""
    return _("%(round)s: %(text)s") % {"round": head, "text": text}


def _buchholz_lines(x: Explanation, names: dict[int, str], rounds: int, pending: frozenset[int]) -> list[str]:
    lines = []
    for p in x.parts:
        text = _line(_round(p, names, pending), _basis(p, rounds))
        if x.code == "SB" and p.value is not None:
            text += " × " + (_("%(points)s points scored = %(value)s") % {"points": _n(p.points), "value": _n(p.value)})
        marks = [m for m in (_("voluntary unplayed round") if p.vur else "", _cut(p)) if m]
        if marks:
            text += " · " + " · ".join(marks)
        lines.append(text)
    return lines


def _value_lines(
    x: Explanation, names: dict[int, str], rounds: int, pending: frozenset[int] = frozenset()
) -> tuple[list[str], str]:
    """(lines, total) for one explanation."""
    if x.method == "not_applicable":
        reason = {
            "unrated": _("not applicable: unrated players take part"),
            "no_games": _("not applicable: no games over the board"),
        }.get(x.note, _("not applicable"))
        return [], reason
    if x.method in ("sum", "cascade") and x.code != "KS":
        lines = _buchholz_lines(x, names, rounds, pending)
        kept = [p.value for p in x.parts if p.value is not None and not p.cut]
        if x.method == "cascade":
            return lines, _("Solkoff minus the lowest, the two lowest, … in turn: %(value)s") % {
                "value": tiebreak_text(x.value)
            }
        total = (" + ".join(_n(v) for v in kept) or "0") + " = " + tiebreak_text(x.value)
        if len(kept) != len([p for p in x.parts if p.value is not None]):
            return lines, _("Sum of the rounds not cut: %(sum)s") % {"sum": total}
        return lines, _("Sum: %(sum)s") % {"sum": total}
    if x.method == "balance":
        lines = [
            _line(_round(p, names), _("plus-draw (+1)") if (p.value or 0) > 0 else _("minus-draw (−1)"))
            for p in x.parts
        ]
        return lines, _("Plus-draws minus minus-draws: %(value)s") % {"value": tiebreak_text(x.value)}
    if x.method == "ranking_order":
        if x.note == "not_needed":
            return [], _("not needed: no one else was still tied")
        lines = [
            _line(_round(p, names), _("place %(place)s in the ranking: %(points)s") % {
                "place": _n(p.score), "points": _n(p.points)})
            for p in x.parts
        ]  # fmt: skip
        return lines, _("Points against each place of the ranking, best first: %(value)s") % {
            "value": tiebreak_text(x.value)
        }
    if x.method == "own":
        return [], _("The player's own rating: %(value)s") % {"value": tiebreak_text(x.value)}
    if x.method == "count":
        lines = [_round(p, names) for p in x.parts]
        return lines, ngettext("%(n)s round counted", "%(n)s rounds counted", len(x.parts)) % {"n": len(x.parts)}
    if x.method == "progressive":
        lines = [_("after round %(n)s: %(score)s") % {"n": p.round, "score": _n(p.score)} for p in x.parts]
        total = " + ".join(_n(p.score) for p in x.parts) + " = " + tiebreak_text(x.value)
        return lines, _("Sum of the running scores: %(sum)s") % {"sum": total}
    if x.code == "KS":
        facts = dict(x.facts)
        lines = [_line(_round(p, names), _n(p.value)) for p in x.parts]
        return lines, _("Points against opponents with at least %(limit)s points") % {"limit": _n(facts["limit"])}
    if x.method in ("average", "performance"):
        lines = [_line(_round(p, names), _n(p.score)) for p in x.parts]
        score_sum = float(sum(p.score or 0 for p in x.parts))
        if x.method == "performance":
            facts = dict(x.facts)
            return lines, _("Average rating %(aro)s + %(dp)s for %(p)s %% of the points") % {
                "aro": _n(facts["aro"]), "dp": _n(facts["dp"]), "p": round(facts["p"] * 100)
            }  # fmt: skip
        return lines, _("%(sum)s ÷ %(n)s = %(avg)s, rounded half up: %(value)s") % {
            "sum": _n(score_sum), "n": len(x.parts), "avg": _quotient(score_sum, len(x.parts)),
            "value": tiebreak_text(x.value),
        }  # fmt: skip
    return _direct_lines(x, names)


def _direct_lines(x: Explanation, names: dict[int, str]) -> tuple[list[str], str]:
    if x.note == "not_needed":
        return [], _("not needed: no one else was still tied")
    group = ", ".join(f"{names.get(p, '')} ({p})" for p in x.group)
    lines = [_("Tied players: %(names)s") % {"names": group}]
    lines += [_line(_round(p, names), _n(p.points)) for p in x.parts]
    if x.note == "not_all_met":
        best = dict(x.facts)["best"]
        return lines, _(
            "Points in games among them: %(value)s; not all of them have met, so this decides only if it "
            "is more than the most anyone below could still have (here at most %(best)s)"
        ) % {"value": _n(x.value), "best": _n(best)}  # type: ignore[arg-type]
    return lines, _("Points in games among them: %(value)s") % {"value": _n(x.value)}  # type: ignore[arg-type]


def _player_value(x: Explanation | None, names: dict[int, str], rounds: int, pending: frozenset[int]) -> PlayerValue:
    if x is None:
        return PlayerValue("–", (), "")
    lines, total = _value_lines(x, names, rounds, pending)
    return PlayerValue(tiebreak_text(x.value), tuple(lines), total)


def ties(explained: Explained, pending: Iterable[tuple[int, int]] = ()) -> list[TieView]:
    """Every tie between neighbours with equal points, worded for the page.

    ``pending``: (round, start number) of games still waiting for a confirmed result; the
    standings count them as unplayed rounds for now, and the page says so.
    """
    token = _LANGUAGE.set(get_language())
    try:
        return _ties(explained, pending)
    finally:
        _LANGUAGE.reset(token)


def _ties(explained: Explained, pending: Iterable[tuple[int, int]]) -> list[TieView]:
    waiting: dict[int, frozenset[int]] = {}
    for rnd, sno in pending:
        waiting[sno] = waiting.get(sno, frozenset()) | {rnd}
    standings = explained.standings
    rows = {r.start_number: r for r in standings.rows}
    names = {r.start_number: r.name for r in standings.rows}
    out: list[TieView] = []
    for tie in explained.ties:
        a, b = rows[tie.above], rows[tie.below]
        if tie.decided_by == PLAYOFF:
            labels = {"a": a.name, "b": b.name, "ra": a.rank, "rb": b.rank}
            summary = _("Places %(ra)s and %(rb)s: why %(a)s is above %(b)s") % labels
            verdict = _("Decided by play-off: %(a)s finished above %(b)s.") % labels
            out.append(TieView(above=a, below=b, summary=summary, steps=(), verdict=verdict))
            continue
        steps = []
        for code in tie.compared:
            va, vb = (
                _player_value(explained.values.get(r.start_number, {}).get(code), names, standings.after_round,
                              waiting.get(r.start_number, frozenset()))
                for r in (a, b)
            )  # fmt: skip
            name, description = describe(code)
            steps.append(Step(code, _(name), _(description), va, vb, code == tie.decided_by, ((a, va), (b, vb))))
        labels = {"a": a.name, "b": b.name, "ra": a.rank, "rb": b.rank}
        if tie.decided_by is None:
            summary = _("Place %(ra)s: %(a)s and %(b)s share it") % labels
            verdict = _("Equal on every tie-break: they share the place.")
        else:
            summary = _("Places %(ra)s and %(rb)s: why %(a)s is above %(b)s") % labels
            verdict = _("%(code)s decides: %(va)s against %(vb)s.") % {
                "code": tie.decided_by,
                "va": tiebreak_text(a.tiebreaks[tie.decided_by]),
                "vb": tiebreak_text(b.tiebreaks[tie.decided_by]),
            }
        out.append(TieView(above=a, below=b, summary=summary, steps=tuple(steps), verdict=verdict))
    return out
