"""Why every tie-break value is what it is, and why one player is above another (pure, no Django).

``explain_standings(inp)`` ranks like ``compute_standings`` and adds, per player and tie-break,
an ``Explanation``: the rounds (``Part``) the value is built from (the opponent and the score
each contributed, what was cut, which unplayed rounds were valued how and by which article of
FIDE C.07) and, per pair of neighbours equal on points, a ``Tie``: the tie-breaks compared in
order down to the one that separates them (None: they share the place).

The objects hold codes, not sentences: the pages translate them (``kind``, ``basis``,
``method``, ``note`` and ``facts`` names are listed below); ``explained_json`` gives the
same for other tools (``python -m tournaments.standings --explain``).

* ``Part.kind``: game, forfeit_win, forfeit_loss, pab, full_bye, half_bye, zero_bye, absent,
  not_paired (no record for the round: a late entry, a withdrawal).
* ``Part.basis`` (Buchholz family): see ``tournaments.standings.context.Contribution``; plus
  ``free`` (a round robin's free round, or a round left out, contributing nothing). The FMJD
  Solkoff family (SOLK..., WP): ``opponent`` (a game), ``forfeit_real`` (a forfeit: the opponent's
  real score), ``fmjd_zero`` (no opponent: 0), ``opponent_solkoff`` (SOLK+: the opponent's Solkoff).
* ``Explanation.method``: sum, cascade, count, progressive, average, performance, direct,
  not_applicable, balance (PMD: each part a plus-draw +1 or minus-draw -1), ranking_order (RRO:
  each part a game against a place compared, ``score`` the place's number), own (RTNG).
* ``Explanation.note`` (DE): all_met, not_all_met, not_needed; (ARO/TPR) unrated, no_games.
* ``Explanation.facts``: cut_low, cut_high (BH cuts), limit (KS), aro, p, dp (TPR),
  best (DE: the most the player could have scored against the group), places (RRO: how many
  places were compared).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass

from tournaments.scores.opponents import cut_highest, cut_lowest
from tournaments.standings.context import Context, Entry, contributions
from tournaments.standings.draughts import SOLKOFF_FAMILY, opponent_lists, solkoff_values
from tournaments.standings.model import Edition, Standings, StandingsInput, TiebreakValue
from tournaments.standings.ranking import Ranked, de_scores, rank, standings_of
from tournaments.standings.ratings import average_rating, dp
from tournaments.standings.tiebreaks import (
    REGISTRY,
    buchholz,
    counts_as_win,
    cut_positions,
    koya_counts,
    koya_limit,
    rated_games,
    rating_based_allowed,
    won_over_the_board,
)
from tournaments.vocabulary import draw_mark

_BYE_KINDS = {"U": "pab", "F": "full_bye", "+": "full_bye", "H": "half_bye", "Z": "zero_bye"}


@dataclass(frozen=True)
class Part:
    """One round as a tie-break reads it.

    ``points``: the player's points in the round; ``score``: the number the tie-break reads for it
    (the opponent's score, the dummy's, an opponent's rating or Buchholz, the running score, the
    points against a tied player); ``value``: what it adds (SB: score x points; None: nothing);
    ``raw``/``cap``: the score before an adjustment and the 2026 cap (16.4); ``cut``: "low" or
    "high" when a cut removed it.
    """

    round: int
    kind: str
    opponent: int | None
    points: float
    score: float | None = None
    value: float | None = None
    basis: str = ""
    article: str = ""
    raw: float | None = None
    cap: float | None = None
    vur: bool = False
    cut: str = ""


@dataclass(frozen=True)
class Explanation:
    """How one tie-break value of one player was computed (see the module docstring for the codes)."""

    code: str
    value: TiebreakValue
    method: str
    parts: tuple[Part, ...] = ()
    group: tuple[int, ...] = ()
    facts: tuple[tuple[str, float], ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Tie:
    """Two neighbours equal on points: ``above`` is ranked before ``below`` because of ``decided_by``
    (a tie-break code), or they share the place (None). ``compared``: the codes looked at, in order."""

    above: int
    below: int
    decided_by: str | None
    compared: tuple[str, ...]


@dataclass(frozen=True)
class Explained:
    """Standings plus ``values[pid][code]`` explanations and the ties between neighbours."""

    standings: Standings
    values: dict[int, dict[str, Explanation]]
    ties: tuple[Tie, ...]


def round_kind(e: Entry) -> str:
    """The kind of a player's round (``Part.kind``)."""
    if e.played:
        return "game"
    if e.opponent is not None:
        return "forfeit_win" if e.code == "+" else "forfeit_loss"
    if not e.recorded:
        return "not_paired"
    return _BYE_KINDS.get(e.code, "absent")


def dummy_article(edition: Edition, has_opponent: bool) -> str:
    """The article of C.07 that values a player's own unplayed round in the Buchholz family."""
    if edition == "2026":
        return "16.4.1" if has_opponent else "16.4.2"
    return "16.4"


def explain_standings(inp: StandingsInput, *, only_ties: bool = False) -> Explained:
    """Rank ``inp`` and explain the values (every player's, or with ``only_ties`` only those of
    players equal on points with a neighbour, and only the tie-breaks compared)."""
    ranked = rank(inp)
    standings = standings_of(ranked)
    ties = _ties(ranked, standings)
    wanted: dict[int, tuple[str, ...]] = {}
    if only_ties:
        for tie in ties:
            for pid in (tie.above, tie.below):
                if len(tie.compared) > len(wanted.get(pid, ())):
                    wanted[pid] = tie.compared
    else:
        wanted = dict.fromkeys(ranked.ctx.players, ranked.codes)
    values = {pid: {code: explain_value(ranked, pid, code) for code in codes} for pid, codes in wanted.items()}
    return Explained(standings=standings, values=values, ties=ties)


def _ties(ranked: Ranked, standings: Standings) -> tuple[Tie, ...]:
    out: list[Tie] = []
    rows = standings.rows
    for i, by in enumerate(standings.separated_by):
        if by == "PTS":
            continue
        compared = ranked.codes if by is None else ranked.codes[: ranked.codes.index(by) + 1]
        out.append(Tie(rows[i].start_number, rows[i + 1].start_number, by, compared))
    return tuple(out)


def explain_value(ranked: Ranked, pid: int, code: str) -> Explanation:
    """The explanation of ``pid``'s value of tie-break ``code`` in a ranking run."""
    ctx = ranked.ctx
    value = ranked.values[code][pid]
    tb = REGISTRY[code]
    if code in (*SOLKOFF_FAMILY, "FMJD-TS", "WP"):
        return _solkoff_family(ctx, pid, code, value)
    if code in ("PMD", "RRO", "RTNG"):
        return _draughts(ranked, pid, code, value)
    if tb.cuts is not None or code == "SB":
        return _buchholz_family(ctx, pid, code, value)
    if code in ("WIN", "WON"):
        test = (lambda e: counts_as_win(ctx, e)) if code == "WIN" else won_over_the_board
        parts = tuple(_part(e) for e in ctx.entries[pid] if test(e))
        return Explanation(code, value, "count", parts)
    if code == "PS":
        return _progressive(ctx, pid, value)
    if code in ("ARO", "TPR"):
        return _rating(ctx, pid, code, value)
    if code == "KS":
        limit = koya_limit(ctx)
        parts = tuple(_part(e, score=ctx.points[e.opponent], value=e.points) for e in ctx.entries[pid]
                      if e.opponent is not None and koya_counts(ctx, e, limit))  # fmt: skip
        return Explanation(code, value, "sum", parts, facts=(("limit", limit),))
    if code == "AOB":
        bh = buchholz(ctx)
        parts = tuple(_part(e, score=bh[e.opponent]) for e in ctx.entries[pid] if e.played and e.opponent is not None)
        return Explanation(code, value, "average" if parts else "not_applicable", parts)
    if code == "DE":
        return _direct(ranked, pid, value)
    if code == "GP":
        # A micro-match's game points (its games summed), another round at what it scored.
        games = {r.round: r.game_points for r in ctx.players[pid].rounds if r.game_points is not None}
        parts = tuple(_part(e, value=games.get(e.round, e.points)) for e in ctx.entries[pid])
        return Explanation(code, value, "sum", parts)
    raise KeyError(code)  # every registered code is handled above


def _part(e: Entry, **kw: object) -> Part:
    return Part(round=e.round, kind=round_kind(e), opponent=e.opponent, points=e.points, vur=e.vur, **kw)  # type: ignore[arg-type]


def _buchholz_family(ctx: Context, pid: int, code: str, value: TiebreakValue) -> Explanation:
    contribs = {c.round: c for c in contributions(ctx, pid)}
    low, high = REGISTRY[code].cuts or (0, 0)
    order = list(contribs.values())
    lows, highs = cut_positions([(c.score, c.vur) for c in order], low, high)
    cut = {order[i].round: "low" for i in lows} | {order[i].round: "high" for i in highs}
    parts: list[Part] = []
    for e in ctx.entries[pid]:
        c = contribs.get(e.round)
        if c is None:  # a round robin's free or unpaired round
            parts.append(_part(e, basis="free"))
            continue
        if c.basis in ("dummy", "dummy_capped"):
            article = dummy_article(ctx.inp.edition, e.opponent is not None)
        else:
            article = "16.3.2" if c.basis == "opponent_adjusted" else ""
        contributed = c.score * c.points if code == "SB" else c.score
        parts.append(
            _part(e, score=c.score, value=contributed, basis=c.basis, article=article, raw=c.raw, cap=c.cap,
                  cut=cut.get(e.round, ""))
        )  # fmt: skip
    method = "cascade" if code == "FMJD-TS" else "sum"
    facts = (("cut_low", float(low)), ("cut_high", float(high))) if low or high else ()
    return Explanation(code, value, method, tuple(parts), facts=facts)


_SOLKOFF_CUTS = {"SOLK/M": (1, 1), "SOLK/T1": (1, 0)}


def _solkoff_family(ctx: Context, pid: int, code: str, value: TiebreakValue) -> Explanation:
    """The FMJD Solkoff family and WP: one part per round, with what was cut."""
    row = opponent_lists(ctx)[pid]
    plain = solkoff_values(ctx)["SOLK"]
    by_round = {o.round: o for o in row}
    low, high = _SOLKOFF_CUTS.get(code, (0, 0))
    scores = [o.score for o in row]
    lows = cut_lowest(scores, low)
    highs = cut_highest(scores, high, lows)
    cut = {row[i].round: "low" for i in lows} | {row[i].round: "high" for i in highs}
    parts: list[Part] = []
    for e in ctx.entries[pid]:
        o = by_round.get(e.round)
        if o is None:
            parts.append(_part(e, basis="free"))
        elif code == "SOLK+":
            own = plain[o.opponent] if o.opponent is not None else 0.0
            basis = "opponent_solkoff" if o.opponent is not None else "fmjd_zero"
            parts.append(_part(e, score=float(own), value=float(own), basis=basis))  # type: ignore[arg-type]
        else:
            basis = {"game": "opponent", "forfeit": "forfeit_real", "no_opponent": "fmjd_zero"}[o.basis]
            parts.append(_part(e, score=o.score, value=o.score, basis=basis, cut=cut.get(e.round, "")))
    method = "cascade" if code in ("SOLK/T", "FMJD-TS") else "sum"
    facts = (("cut_low", float(low)), ("cut_high", float(high))) if low or high else ()
    return Explanation(code, value, method, tuple(parts), facts=facts)


def _draughts(ranked: Ranked, pid: int, code: str, value: TiebreakValue) -> Explanation:
    """PMD (the marked draws), RRO (the games against the places compared), RTNG (the rating)."""
    ctx = ranked.ctx
    if code == "PMD":
        parts = tuple(
            _part(e, score=float(draw_mark(e.code)), value=float(draw_mark(e.code)))
            for e in ctx.entries[pid]
            if draw_mark(e.code)
        )
        return Explanation(code, value, "balance", parts)
    if code == "RTNG":
        if not rating_based_allowed(ctx):
            return Explanation(code, value, "not_applicable", note="unrated")
        return Explanation(code, value, "own")
    places = ranked.rro_places.get(pid)
    if places is None:
        return Explanation(code, value, "ranking_order", note="not_needed")
    where = {q: n for n, place in enumerate(places, start=1) for q in place}
    parts = tuple(
        _part(e, score=float(where[e.opponent]), value=e.points)
        for e in ctx.entries[pid]
        if e.opponent in where and (e.played or ctx.round_robin)
    )
    return Explanation(code, value, "ranking_order", parts, facts=(("places", float(len(places))),))


def _progressive(ctx: Context, pid: int, value: TiebreakValue) -> Explanation:
    running = 0.0
    parts: list[Part] = []
    for e in ctx.entries[pid]:
        running += e.points
        parts.append(_part(e, score=running, value=running))
    return Explanation("PS", value, "progressive", tuple(parts))


def _rating(ctx: Context, pid: int, code: str, value: TiebreakValue) -> Explanation:
    if not rating_based_allowed(ctx):
        return Explanation(code, value, "not_applicable", note="unrated")
    unrated = ctx.inp.unrated_rating
    parts = tuple(
        _part(e, score=float(ctx.players[e.opponent].rating or unrated or 0))
        for e in ctx.entries[pid]
        if e.played and e.opponent is not None and (ctx.players[e.opponent].rating or unrated)
    )
    if not parts:
        return Explanation(code, value, "not_applicable", note="no_games")
    if code == "ARO":
        return Explanation(code, value, "average", parts)
    ratings, score = rated_games(ctx, pid, unrated)
    p = score / len(ratings)
    facts = (("aro", float(average_rating(ratings) or 0)), ("p", p), ("dp", float(dp(p))))
    return Explanation(code, value, "performance", parts, facts=facts)


def _direct(ranked: Ranked, pid: int, value: TiebreakValue) -> Explanation:
    ctx = ranked.ctx
    group = ranked.de_groups.get(pid)
    if group is None:
        return Explanation("DE", value, "direct", note="not_needed")
    members = set(group) - {pid}
    parts = tuple(
        _part(e, score=e.points, value=e.points)
        for e in ctx.entries[pid]
        if e.opponent in members and (e.played or ctx.round_robin)
    )
    scores, met = de_scores(ctx, list(group))
    all_met = ctx.round_robin or all(met[q] == len(group) - 1 for q in group)
    if all_met:
        return Explanation("DE", value, "direct", parts, group=group, note="all_met")
    best = scores[pid] + (len(group) - 1 - met[pid]) * ctx.scoring.win
    return Explanation("DE", value, "direct", parts, group=group, facts=(("best", best),), note="not_all_met")


def explanation_json(x: Explanation) -> dict[str, object]:
    """An explanation as plain JSON data (numbers as ints when whole)."""
    data = asdict(x)
    data["value"] = _plain(x.value)
    data["facts"] = {name: _plain(v) for name, v in x.facts}
    data["group"] = list(x.group)
    data["parts"] = [{k: _plain(v) if isinstance(v, float) else v for k, v in part.items()} for part in data["parts"]]
    return data


def tie_lines(explained: Explained, text: Callable[[TiebreakValue], str]) -> list[str]:
    """One plain-English line per tie (for the command lines): the tie-break that puts one player
    above the other, with both values printed by ``text``, or the shared place."""
    rows = {r.start_number: r for r in explained.standings.rows}
    lines = []
    for t in explained.ties:
        a, b = rows[t.above], rows[t.below]
        if t.decided_by is None:
            lines.append(f"{a.start_number} and {b.start_number} share place {a.rank}: equal on every tie-break")
        else:
            code = t.decided_by
            va, vb = text(a.tiebreaks[code]), text(b.tiebreaks[code])
            lines.append(f"{a.start_number} above {b.start_number}: {code} {va} against {vb}")
    return lines


def row_explain_json(explained: Explained, start_number: int) -> dict[str, object]:
    """The ``"explain"`` value of one row of the standings JSON: ``{"rules": "2026", "tiebreaks":
    {code: explanation}, "tie_with_next": tie}`` (``tie_with_next`` only when the next row has the
    same points)."""
    out: dict[str, object] = {
        "rules": explained.standings.edition,
        "tiebreaks": {code: explanation_json(x) for code, x in explained.values.get(start_number, {}).items()},
    }
    tie = next((t for t in explained.ties if t.above == start_number), None)
    if tie is not None:
        out["tie_with_next"] = tie_json(tie)
    return out


def tie_json(t: Tie) -> dict[str, object]:
    """A tie as plain JSON data."""
    return {"above": t.above, "below": t.below, "decided_by": t.decided_by, "compared": list(t.compared)}


def _plain(v: TiebreakValue) -> object:
    if v is None:
        return None
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    f = float(v)
    return int(f) if f.is_integer() else f
