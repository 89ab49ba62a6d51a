"""Rank the players: points (or the Keizer score, or the moyenne with the classified first), then the
tie-breaks in the tournament's order.

Ranking is a refinement of tied groups: each criterion splits every group that is still
tied; direct encounter (DE) is applied group-wise (C.07 art. 6): among the players tied at
that point, when all have met each other (always in a round robin) they are ordered by the
points scored in those games (repeated meetings averaged); in a Swiss where not all have met,
a player is ranked ahead only if their score exceeds the most any player below them could
have reached had they won all their missing games among the tied; DE is re-applied to any
smaller group still tied. Results in ranking order (RRO, ``tournaments.standings.draughts``) is
group-wise too: the tied players' points against each place of the ranking so far, compared in
turn, re-applied to any smaller group still tied. Players equal on everything share the rank
("1224" style) and are listed by start number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tournaments.scores.keizer import keizer_table
from tournaments.scores.moyenne import moyenne
from tournaments.standings.context import Context, build_context, score_share
from tournaments.standings.draughts import rro_vectors
from tournaments.standings.model import Standings, StandingsInput, StandingsRow, TiebreakValue
from tournaments.standings.ratings import performance_rating, rating_change
from tournaments.standings.tiebreaks import REGISTRY, Values, default_tiebreaks, parse_tiebreaks
from tournaments.vocabulary import DRAW_CODES

Group = list[int]


def _key(v: TiebreakValue) -> tuple[int, object]:
    """Sort key, best first: present values descending, None last."""
    if v is None:
        return (1, 0)
    if isinstance(v, tuple):
        return (0, tuple(-x for x in v))
    return (0, -round(v, 9))


def _split(group: Group, value: Callable[[int], TiebreakValue]) -> list[Group]:
    ordered = sorted(group, key=lambda pid: (_key(value(pid)), pid))
    out: list[Group] = []
    for pid in ordered:
        if out and _key(value(out[-1][0])) == _key(value(pid)):
            out[-1].append(pid)
        else:
            out.append([pid])
    return out


def de_scores(ctx: Context, group: Group) -> tuple[dict[int, float], dict[int, int]]:
    """Points each player scored against the rest of ``group`` (averaged per opponent), opponents met."""
    members = set(group)
    scores: dict[int, float] = {}
    met: dict[int, int] = {}
    for pid in group:
        per_opp: dict[int, list[float]] = {}
        for e in ctx.entries[pid]:
            # Forfeits are excluded in a Swiss; a round robin counts them as scheduled games.
            if e.opponent in members and (e.played or ctx.round_robin):
                per_opp.setdefault(e.opponent, []).append(e.points)
        scores[pid] = sum(sum(v) / len(v) for v in per_opp.values())
        met[pid] = len(per_opp)
    return scores, met


def _direct_encounter(ctx: Context, group: Group, shown: dict[int, TiebreakValue]) -> list[Group]:
    scores, met = de_scores(ctx, group)
    for pid in group:
        shown.setdefault(pid, scores[pid])
    all_met = ctx.round_robin or all(met[pid] == len(group) - 1 for pid in group)
    if all_met:
        parts = _split(group, lambda pid: scores[pid])
    else:
        win = ctx.scoring.win
        best_possible = {pid: scores[pid] + (len(group) - 1 - met[pid]) * win for pid in group}
        ordered = sorted(group, key=lambda pid: (-scores[pid], -best_possible[pid], pid))
        parts = []
        i = 0
        while i < len(ordered):
            rest = ordered[i + 1 :]
            if rest and scores[ordered[i]] > max(best_possible[q] for q in rest) + 1e-9:
                parts.append([ordered[i]])
                i += 1
            else:
                parts.append(sorted(ordered[i:]))
                break
    if len(parts) == 1:
        return parts
    out: list[Group] = []
    for part in parts:
        out.extend(_direct_encounter(ctx, part, shown) if len(part) > 1 else [part])
    return out


@dataclass
class Ranked:
    """A ranking run: the context, every tie-break value, the final groups and what split them.

    ``levels[pid]`` holds the player's group number after points and after each tie-break in
    order (equal tuples up to a level = still tied there); ``de_groups[pid]`` the players tied
    with ``pid`` when direct encounter was applied (absent when it was not needed);
    ``rro_places[pid]`` the places (groups of start numbers, best first) RRO compared them on.
    ``moyenne[pid]``: (points, games) in a moyenne event.
    """

    ctx: Context
    codes: tuple[str, ...]
    values: dict[str, Values]
    primary: dict[int, TiebreakValue]
    keizer: dict[int, float] | None
    groups: list[Group]
    levels: dict[int, list[int]] = field(default_factory=dict)
    de_groups: dict[int, tuple[int, ...]] = field(default_factory=dict)
    rro_places: dict[int, tuple[tuple[int, ...], ...]] = field(default_factory=dict)
    moyenne: dict[int, tuple[float, int]] | None = None


def rank(inp: StandingsInput) -> Ranked:
    """Compute every tie-break and refine the tied groups (see the module docstring).

    Raises ``StandingsError`` for bad input (unknown tie-break codes, BH in a round robin,
    inconsistent rounds), each naming what and where.
    """
    ctx = build_context(inp)
    codes = parse_tiebreaks(inp.tiebreaks if inp.tiebreaks is not None else default_tiebreaks(inp.kind), inp.kind)
    values: dict[str, Values] = {}
    for code in codes:
        compute = REGISTRY[code].compute
        if compute is not None:
            values[code] = compute(ctx)
    keizer = _keizer(ctx) if inp.kind == "keizer" else None
    averages = _moyennes(ctx) if inp.kind == "moyenne" else None
    primary: dict[int, TiebreakValue] = dict(keizer if keizer is not None else ctx.points)
    if averages is not None:
        primary = {pid: _moyenne_key(pts, games, inp.moyenne_min_games) for pid, (pts, games) in averages.items()}
    groups = _split(sorted(ctx.players), lambda pid: primary[pid])
    ranked = Ranked(ctx, codes, values, primary, keizer, groups, moyenne=averages)
    _record_level(ranked)
    de_shown: dict[int, TiebreakValue] = {}
    rro_shown: dict[int, TiebreakValue] = {}
    for code in codes:
        refined: list[Group] = []
        for g in ranked.groups:
            if len(g) == 1:
                refined.append(g)
            elif code == "DE":
                ranked.de_groups.update(dict.fromkeys(g, tuple(g)))
                refined.extend(_direct_encounter(ctx, g, de_shown))
            elif code == "RRO":
                refined.extend(_ranking_order(ranked, g, ranked.groups, rro_shown))
            else:
                vals = values[code]
                refined.extend(_split(g, lambda pid, vals=vals: vals[pid]))  # type: ignore[misc]
        ranked.groups = refined
        _record_level(ranked)
    if "DE" in codes:
        values["DE"] = {pid: de_shown.get(pid, 0.0) for pid in ctx.players}
    if "RRO" in codes:
        values["RRO"] = {pid: rro_shown.get(pid, ()) for pid in ctx.players}
    return ranked


def _ranking_order(ranked: Ranked, group: Group, above: list[Group], shown: dict[int, TiebreakValue]) -> list[Group]:
    """RRO for one tied group (re-applied to smaller groups still tied, with the ranking refined)."""
    vectors, places = rro_vectors(ranked.ctx, group, above)
    for pid in group:
        shown.setdefault(pid, vectors[pid])
        ranked.rro_places.setdefault(pid, tuple(places))
    parts = _split(group, lambda pid: vectors[pid])
    if len(parts) == 1:
        return parts
    members = set(group)
    refined: list[Group] = []
    for g in above:
        if members & set(g):
            refined.extend(parts)
        else:
            refined.append(g)
    out: list[Group] = []
    for part in parts:
        out.extend(_ranking_order(ranked, part, refined, shown) if len(part) > 1 else [part])
    return out


def _moyennes(ctx: Context) -> dict[int, tuple[float, int]]:
    out: dict[int, tuple[float, int]] = {}
    for pid, p in ctx.players.items():
        m = moyenne(p.rounds, ctx.scoring, ctx.rounds)
        out[pid] = (m.points, m.games)
    return out


def _moyenne_key(points: float, games: int, min_games: int) -> tuple[float, ...]:
    """Classified (at least ``min_games`` games) first, then the moyenne; no game at all last."""
    classified = games > 0 and games >= min_games
    return (1.0 if classified else 0.0, points / games if games else -1.0)


def _record_level(ranked: Ranked) -> None:
    for number, g in enumerate(ranked.groups):
        for pid in g:
            ranked.levels.setdefault(pid, []).append(number)


def separation(ranked: Ranked, above: int, below: int) -> str | None:
    """What puts ``above`` before ``below``: "PTS", a tie-break code, or None (shared place)."""
    a, b = ranked.levels[above], ranked.levels[below]
    for i, label in enumerate(("PTS", *ranked.codes)):
        if a[i] != b[i]:
            return label
    return None


def compute_standings(inp: StandingsInput) -> Standings:
    """Standings of ``inp``: rows in rank order with points, tie-breaks and optional columns.

    Raises ``StandingsError`` for bad input (unknown tie-break codes, BH in a round robin,
    inconsistent rounds), each naming what and where.
    """
    return standings_of(rank(inp))


def standings_of(ranked: Ranked) -> Standings:
    """The ``Standings`` of a ranking run (rows, shared ranks, what separates neighbours)."""
    ctx = ranked.ctx
    rows: list[StandingsRow] = []
    position = 1
    for g in ranked.groups:
        for pid in sorted(g):
            rows.append(_row(ctx, pid, position, ranked))
        position += len(g)
    order = [r.start_number for r in rows]
    return Standings(
        rows=tuple(rows),
        tiebreaks=ranked.codes,
        after_round=ctx.rounds,
        kind=ctx.inp.kind,
        edition=ctx.inp.edition,
        separated_by=tuple(separation(ranked, a, b) for a, b in zip(order, order[1:])),
    )


def _keizer(ctx: Context) -> dict[int, float]:
    histories = {pid: tuple(r for r in p.rounds if r.round <= ctx.rounds) for pid, p in ctx.players.items()}
    table = keizer_table(histories, ctx.inp.keizer)
    return {r.player: r.score for r in table.rows}


def _row(ctx: Context, pid: int, rank: int, ranked: Ranked) -> StandingsRow:
    codes, values, keizer = ranked.codes, ranked.values, ranked.keizer
    p = ctx.players[pid]
    average = ranked.moyenne[pid] if ranked.moyenne is not None else None
    row = ctx.entries[pid]
    played = [e for e in row if e.played]
    wins = sum(1 for e in played if e.code in ("1", "W"))
    draws = sum(1 for e in played if e.code in DRAW_CODES)
    rated = [(ctx.players[e.opponent].rating, score_share(e, ctx.scoring)) for e in played if e.opponent is not None]
    rated = [(r, s) for r, s in rated if r > 0]
    performance = performance_rating(sum(s for _, s in rated), [r for r, _ in rated]) if rated else None
    change = rating_change(p.rating, rated, ctx.inp.k_factor) if rated and p.rating > 0 else None
    return StandingsRow(
        rank=rank,
        start_number=pid,
        name=p.name,
        rating=p.rating,
        title=p.title,
        federation=p.federation,
        points=ctx.points[pid],
        tiebreaks={code: values[code][pid] for code in codes},
        games=len(played),
        wins=wins,
        draws=draws,
        losses=len(played) - wins - draws,
        performance=performance,
        rating_change=change,
        keizer_score=None if keizer is None else keizer[pid],
        moyenne=(average[0] / average[1] if average[1] else None) if average is not None else None,
        classified=(average[1] > 0 and average[1] >= ctx.inp.moyenne_min_games) if average is not None else None,
    )
