"""Why every team value is what it is, and why one team is above another (pure, no Django).

``explain_team_standings(inp)`` ranks like ``compute_team_standings`` and adds, per team and code, an
``Explanation`` (the dataclasses of ``tournaments.standings.explain``: codes, not sentences, so the
pages translate them) and, per pair of neighbours equal on the primary points, a ``Tie``: the codes
compared in order down to the one that separates them (None: they share the place).

* ``Part.kind``: match, forfeit_win, forfeit_loss, forfeit (a forfeited match drawn), pab,
  full_bye, half_bye, zero_bye, not_paired.
* ``Part.points``: the team's points of the round (the level the code reads: match or board
  points); ``Part.score``: what the code reads for the round (the opponent's adjusted points, the
  dummy of an unplayed round, the running score, the points against a tied team); ``Part.value``:
  what it adds; ``basis``: opponent, dummy, dummy_capped, scheduled (a round robin's unplayed match);
  ``article``: the article of C.07 behind a dummy (16.4, 16.4.1, 16.4.2).
* ``Explanation.method``: sum, count, progressive, average, direct, board_count, boards (TBR, BBE:
  the place within the tied group, read board by board), not_applicable.
* ``Explanation.note`` (DE, EDE): all_met, not_all_met, not_needed; ``facts``: cut_low, cut_high,
  best (DE: the most the team could have scored against the group), board_1, board_2, ... (BC, TBR,
  BBE: the team's points on each board over the rounds).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tournaments.standings.explain import Explanation, Part, Tie, dummy_article, explanation_json, tie_json
from tournaments.standings.model import TiebreakValue
from tournaments.standings.teams.context import TeamContext, TeamRound
from tournaments.standings.teams.model import TeamStandings, TeamStandingsInput
from tournaments.standings.teams.ranking import TeamRanked, rank_teams, team_standings_of
from tournaments.standings.teams.tiebreaks import (
    TeamTiebreak,
    board_points,
    buchholz_value,
    contributions,
    cut_rounds,
    progressive,
    won_round,
)


@dataclass(frozen=True)
class TeamExplained:
    """Team standings plus ``values[team][code]`` explanations and the ties between neighbours."""

    standings: TeamStandings
    values: dict[int, dict[str, Explanation]]
    ties: tuple[Tie, ...]


def _part(e: TeamRound, level: str, **kw: object) -> Part:
    return Part(round=e.round, kind=e.kind, opponent=e.opponent, points=e.pts(level), vur=e.vur, **kw)  # type: ignore[arg-type]


def _buchholz_family(ctx: TeamContext, team: int, tb: TeamTiebreak, value: TiebreakValue) -> Explanation:
    sb = tb.name not in ("BH",)
    contribs = contributions(ctx, team, tb, sb=sb)
    lows, highs = cut_rounds(contribs, tb.cut_low, tb.cut_high, ctx.rounds)
    by_round = {c.round: c for c in contribs}
    parts = []
    for e in ctx.entries[team]:
        c = by_round.get(e.round)
        if c is None:
            parts.append(_part(e, tb.levels[1], basis="free"))
            continue
        article = dummy_article(ctx.inp.edition, e.opponent is not None) if c.basis.startswith("dummy") else ""
        cut = "low" if e.round in lows else ("high" if e.round in highs else "")
        parts.append(
            _part(e, tb.levels[1], score=c.score, value=c.value, basis=c.basis, article=article, cap=c.cap, cut=cut)
        )
    facts = (("cut_low", float(tb.cut_low)), ("cut_high", float(tb.cut_high))) if tb.cut_low or tb.cut_high else ()
    return Explanation(tb.code, value, "sum", tuple(parts), facts=facts)


def _direct(ranked: TeamRanked, team: int, tb: TeamTiebreak, value: TiebreakValue) -> Explanation:
    ctx = ranked.ctx
    seen = ranked.de_groups.get(tb.code, {}).get(team)
    if seen is None:
        return Explanation(tb.code, value, "direct", note="not_needed")
    members = set(seen.group) - {team}
    parts = tuple(
        _part(e, seen.level, score=e.pts(seen.level), value=e.pts(seen.level))
        for e in ctx.entries[team]
        if e.opponent in members and (tb.predetermined or e.played)
    )
    note = "all_met" if seen.all_met else "not_all_met"
    facts = () if seen.all_met else (("best", seen.best[team]),)
    return Explanation(tb.code, value, "direct", parts, group=seen.group, facts=facts, note=note)


def explain_team_value(ranked: TeamRanked, team: int, tb: TeamTiebreak) -> Explanation:
    """The explanation of ``team``'s value of ``tb`` in a ranking run."""
    ctx = ranked.ctx
    value = ranked.values[tb.code][team]
    level = tb.levels[0]
    if tb.name in ("MPTS", "GPTS", "PTS"):
        return Explanation(tb.code, value, "sum", tuple(_part(e, level, value=e.pts(level)) for e in ctx.entries[team]))
    if tb.name in ("WIN", "WON"):
        over = tb.name == "WON"
        parts = tuple(_part(e, level, value=float(len(won_round(ctx, e, level, over_the_board=over))))
                      for e in ctx.entries[team] if won_round(ctx, e, level, over_the_board=over))  # fmt: skip
        return Explanation(tb.code, value, "count", parts)
    if tb.name == "PS":
        running = progressive(ctx, team, level)
        parts = tuple(
            _part(e, level, score=r, value=r, cut="low" if i < tb.cut_low else "")
            for i, (e, r) in enumerate(zip(ctx.entries[team], running))
        )
        return Explanation(tb.code, value, "progressive", parts)
    if tb.name == "AOB":
        parts = tuple(
            _part(e, level, score=buchholz_value(ctx, e.opponent, tb, sb=False))
            for e in ctx.entries[team]
            if e.played and e.opponent is not None
        )
        return Explanation(tb.code, value, "average" if parts else "not_applicable", parts)
    if tb.name in ("DE", "EDE"):
        return _direct(ranked, team, tb, value)
    if tb.name in ("BC", "TBR", "BBE"):
        facts = tuple((f"board_{b}", pts) for b, pts in sorted(board_points(ctx, team).items()))
        return Explanation(tb.code, value, "board_count" if tb.name == "BC" else "boards", facts=facts)
    return _buchholz_family(ctx, team, tb, value)


def explain_team_standings(inp: TeamStandingsInput, *, only_ties: bool = False) -> TeamExplained:
    """Rank ``inp`` and explain the values (every team's, or with ``only_ties`` only those of teams
    equal on the primary points with a neighbour, and only the codes compared)."""
    ranked = rank_teams(inp)
    standings = team_standings_of(ranked)
    ties = _ties(ranked, standings)
    by_code = {tb.code: tb for tb in ranked.codes}
    wanted: dict[int, tuple[str, ...]] = {}
    if only_ties:
        for tie in ties:
            for team in (tie.above, tie.below):
                if len(tie.compared) > len(wanted.get(team, ())):
                    wanted[team] = tie.compared
    else:
        wanted = dict.fromkeys(ranked.ctx.teams, tuple(by_code))
    values = {t: {code: explain_team_value(ranked, t, by_code[code]) for code in codes} for t, codes in wanted.items()}
    return TeamExplained(standings=standings, values=values, ties=ties)


def _ties(ranked: TeamRanked, standings: TeamStandings) -> tuple[Tie, ...]:
    first = ranked.codes[0].code
    codes = tuple(tb.code for tb in ranked.codes)
    out = []
    for i, by in enumerate(standings.separated_by):
        if by == first:
            continue
        compared = codes[1:] if by is None else codes[1 : codes.index(by) + 1]
        out.append(Tie(standings.rows[i].team, standings.rows[i + 1].team, by, compared))
    return tuple(out)


def team_tie_lines(explained: TeamExplained, text: Callable[[TiebreakValue], str]) -> list[str]:
    """One plain-English line per tie (for the command line): the code that puts one team above the
    other with both values, or the shared place."""
    rows = {r.team: r for r in explained.standings.rows}
    lines = []
    for t in explained.ties:
        a, b = rows[t.above], rows[t.below]
        if t.decided_by is None:
            lines.append(f"team {a.team} and team {b.team} share place {a.rank}: equal on every tie-break")
        else:
            code = t.decided_by
            va = text(explained.values.get(a.team, {}).get(code, Explanation(code, a.tiebreaks.get(code), "")).value)
            vb = text(explained.values.get(b.team, {}).get(code, Explanation(code, b.tiebreaks.get(code), "")).value)
            lines.append(f"team {a.team} above team {b.team}: {code} {va} against {vb}")
    return lines


def team_row_explain_json(explained: TeamExplained, team: int) -> dict[str, object]:
    """The ``"explain"`` value of one row of the team standings JSON: ``{"rules": "2026",
    "tiebreaks": {code: explanation}, "tie_with_next": tie}`` (the tie only when there is one)."""
    out: dict[str, object] = {
        "rules": explained.standings.edition,
        "tiebreaks": {code: explanation_json(x) for code, x in explained.values.get(team, {}).items()},
    }
    tie = next((t for t in explained.ties if t.above == team), None)
    if tie is not None:
        out["tie_with_next"] = tie_json(tie)
    return out
