"""Rank the teams: each code of the rank order refines the ranks of the one before (FIDE's
reference checker's procedure, so that values and ranks equal it).

Teams equal on everything share the rank ("1224" style) and are listed by team number.

Direct encounter (DE; EDE alternates the primary and the secondary points) is computed within each
group of teams still tied: when all of them have met (always in a round robin) they are ordered by
the points scored against each other (repeated meetings averaged); in a Swiss where not all have
met, a team goes ahead only if its score beats the most any team below it could still reach
(C.07 art. 6), and the rest stays tied. Smaller groups are re-examined until nothing changes. The
value is the team's place within its tied group (1, 2, ...; equal places shared), 0 when direct
encounter did not split the group.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.standings.model import TiebreakValue
from tournaments.standings.teams.context import Level, TeamContext, build_team_context
from tournaments.standings.teams.model import TeamStandings, TeamStandingsInput, TeamStandingsRow
from tournaments.standings.teams.tiebreaks import (
    COMPUTE,
    DEFAULT_TEAM_TIEBREAKS,
    TeamTiebreak,
    Values,
    board_points,
    parse_team_tiebreaks,
)

_MAX_LOOPS = 30  # Gacrux stops direct encounter after 30 passes


@dataclass
class DirectEncounterGroup:
    """What direct encounter saw for one team in its group (for the explanations)."""

    group: tuple[int, ...]
    scores: dict[int, float]
    best: dict[int, float]
    all_met: bool
    level: Level


@dataclass
class TeamRanked:
    """A ranking run: the context, the parsed codes, every value, the final ranks, the order, and
    per team the rank after each code (equal tuples up to a level: still tied there)."""

    ctx: TeamContext
    codes: tuple[TeamTiebreak, ...]
    values: dict[str, Values]
    ranks: dict[int, int]
    order: list[int]
    levels: dict[int, list[int]] = field(default_factory=dict)
    de_groups: dict[str, dict[int, DirectEncounterGroup]] = field(default_factory=dict)
    implicit_first: bool = False  # MPTS put first because the rank order did not start with points

    @property
    def shown(self) -> tuple[str, ...]:
        """The codes the rows show: the rank order as given (without an implicit MPTS)."""
        codes = tuple(tb.code for tb in self.codes)
        return codes[1:] if self.implicit_first else codes


def _sort_key(tb: TeamTiebreak, v: TiebreakValue) -> tuple[int, float]:
    ascending = tb.kind.ascending
    if v is None:
        return (1, 0.0)
    x = float(v) if not isinstance(v, tuple) else 0.0
    return (0, x if ascending else -x)


def _rerank(order: list[int], ranks: dict[int, int], tb: TeamTiebreak, vals: Values) -> list[int]:
    """Gacrux's ``compute_single_tiebreak``: sort by (rank, value, number), then a team starts a new
    rank where it started one before or where its value differs from its group's first."""
    out = sorted(order, key=lambda t: (ranks[t], _sort_key(tb, vals[t]), t))
    rank = 1
    current = vals[out[0]]
    for i in range(1, len(out)):
        rank += 1
        t = out[i]
        if ranks[t] == rank or vals[t] != current:
            ranks[t] = rank
            current = vals[t]
        else:
            ranks[t] = ranks[out[i - 1]]
    return out


def _de_scores(ctx: TeamContext, tb: TeamTiebreak, group: list[int], val: dict[int, int], level: Level) -> tuple[
    dict[int, float], dict[int, float], bool
]:  # fmt: skip
    """Points against the rest of the group (Gacrux's averaging of repeated meetings), the most each
    could reach, and whether all have met."""
    current = val[group[0]]
    met_max = len(group) - 1
    win = ctx.win(level) * (ctx.inp.boards if level == "g" else 1)
    scores: dict[int, float] = {}
    best: dict[int, float] = {}
    all_met = True
    for t in group:
        num, total = 0, 0.0
        seen: dict[int, float] = {}
        for e in ctx.entries[t]:
            opp = e.opponent
            if opp is None or not (tb.predetermined or e.played) or val[opp] != current:
                continue
            if opp in seen:
                score = (seen[opp] + e.pts(level)) / 2
                total += score - seen[opp]
                seen[opp] = score
                num = 1  # sic: Gacrux resets the count of opponents met on a repeated meeting
            else:
                num += 1
                total += e.pts(level)
                seen[opp] = e.pts(level)
        scores[t] = total
        if not ctx.round_robin and num < met_max:
            all_met = False
            best[t] = total + (met_max - num) * win
        else:
            best[t] = total
    return scores, best, all_met


def _de_pass(
    ctx: TeamContext,
    tb: TeamTiebreak,
    group: list[int],
    val: dict[int, int],
    level: Level,
    seen: dict[int, DirectEncounterGroup],
) -> int:
    """One direct-encounter pass over a tied group (Gacrux's ``compute_basic_direct_encounter``):
    updates ``val`` and returns the number of changes."""
    scores, best, all_met = _de_scores(ctx, tb, group, val, level)
    for t in group:
        seen[t] = DirectEncounterGroup(tuple(group), scores, best, all_met, level)
    changes = 0
    if all_met:
        ordered = sorted(group, key=lambda t: (-scores[t], t))
        crank = rank = val[ordered[0]]
        v = scores[ordered[0]]
        for t in ordered[1:]:
            rank += 1
            if v != scores[t]:
                crank = val[t] = rank
                v = scores[t]
                changes += 1
            else:
                val[t] = crank
        return changes
    ordered = sorted(group, key=lambda t: (-scores[t], -best[t], t))
    crank = rank = val[ordered[0]]
    v = scores[ordered[0]]
    unique = True
    for i in range(1, len(ordered)):
        rank += 1
        t = ordered[i]
        reach = max(best[x] for x in ordered[i:])
        if unique and v > reach:
            crank = val[t] = rank
            changes += 1
        else:
            val[t] = crank
            unique = False
        v = scores[t]
    return changes


def direct_encounter(
    ctx: TeamContext, tb: TeamTiebreak, order: list[int], ranks: dict[int, int]
) -> tuple[Values, dict[int, DirectEncounterGroup]]:
    """DE or EDE values of every team (Gacrux's ``compute_recursive_if_tied``; see the module
    docstring) and, per team, the last group it was examined in."""
    levels: list[Level] = [tb.levels[0]] if tb.name == "DE" else [tb.levels[0], tb.levels[1]]
    val = {t: ranks[t] for t in order}
    more = dict.fromkeys(order, True)
    changed = [True] * len(levels)
    swap = 0
    ro = list(order)
    seen: dict[int, DirectEncounterGroup] = {}
    loop = 0
    todo = True
    while todo:
        loop += 1
        total = 0
        start = 0
        while start < len(ro):
            stop = start + 1
            while stop < len(ro) and val[ro[stop]] == val[ro[start]]:
                stop += 1
            if more[ro[start]]:
                if stop - start == 1:
                    more[ro[start]] = False
                else:
                    group = ro[start:stop]
                    n = _de_pass(ctx, tb, group, val, levels[swap], seen)
                    total += n
                    for t in group:
                        more[t] = n > 0 and loop < _MAX_LOOPS
            start = stop
        changed[swap] = total > 0
        todo = any(changed)
        if total == 0:
            swap = (swap + 1) % len(levels)
            more = dict.fromkeys(ro, True)
        else:
            changed = [True] * len(levels)
        todo = todo and loop < _MAX_LOOPS
        ro = sorted(ro, key=lambda t: (ranks[t], val[t], t))
    return _normalise(ro, ranks, val), seen


def _normalise(ro: list[int], ranks: dict[int, int], val: dict[int, int]) -> Values:
    """Gacrux's last step of a group-wise tie-break: within each group tied before it, the place
    (1, 2, ...) when the tie-break split the group, else 0."""
    out: Values = {}
    start = 0
    while start < len(ro):
        stop = start
        while stop < len(ro) and ranks[ro[stop]] == ranks[ro[start]]:
            stop += 1
        offset = val[ro[start]] - (1 if val[ro[start]] != val[ro[stop - 1]] else 0)
        for t in ro[start:stop]:
            out[t] = float(val[t] - offset)
        start = stop
    return out


def max_board(ctx: TeamContext) -> int:
    """The highest board number of any match (Gacrux's ``maxboard``)."""
    return max((b.board for m in ctx.inp.matches if m.round <= ctx.rounds for b in m.boards), default=0)


def top_bottom_board(ctx: TeamContext, tb: TeamTiebreak, order: list[int], ranks: dict[int, int]) -> Values:
    """TBR (top board result: the points on board 1, then on board 2, ...) or BBE (bottom board
    elimination: the board points without the last board, then without the last two, ...) among
    the teams still tied, board by board (Gacrux's ``compute_singlerun_topbottomboardresult``)."""
    boards = {t: board_points(ctx, t) for t in order}
    top = max_board(ctx)
    remaining = {t: sum(boards[t].values()) for t in order}
    val = {t: ranks[t] for t in order}
    ro = list(order)
    for loop in range(1, top + 1):
        start = 0
        while start < len(ro):
            stop = start + 1
            while stop < len(ro) and val[ro[stop]] == val[ro[start]]:
                stop += 1
            group = ro[start:stop]
            if len(group) > 1:
                key: dict[int, float] = {}
                for t in group:
                    remaining[t] -= boards[t].get(top - loop + 1, 0.0)
                    key[t] = boards[t].get(loop, 0.0) if tb.name == "TBR" else remaining[t]
                first = val[group[0]]
                ordered = sorted(group, key=lambda t: (-key[t], t))
                place = first
                for i, t in enumerate(ordered):
                    if i and key[t] != key[ordered[i - 1]]:
                        place = first + i
                    val[t] = place
            start = stop
        ro = sorted(ro, key=lambda t: (ranks[t], val[t], t))
    return _normalise(ro, ranks, val)


def rank_teams(inp: TeamStandingsInput) -> TeamRanked:
    """Compute every value and rank (raises ``StandingsError`` for bad input or codes)."""
    ctx = build_team_context(inp)
    given = [c.strip() for c in (inp.tiebreaks if inp.tiebreaks is not None else DEFAULT_TEAM_TIEBREAKS) if c.strip()]
    codes = parse_team_tiebreaks(given, inp.kind)
    ranks = dict.fromkeys(ctx.teams, 1)
    order = sorted(ctx.teams)
    ranked = TeamRanked(ctx, codes, {}, ranks, order, implicit_first=len(codes) > len(given))
    for tb in codes:
        if tb.name in ("DE", "EDE"):
            vals, seen = direct_encounter(ctx, tb, ranked.order, ranks)
            ranked.de_groups[tb.code] = seen
        elif tb.name in ("TBR", "BBE"):
            vals = top_bottom_board(ctx, tb, ranked.order, ranks)
        else:
            vals = COMPUTE[tb.name](ctx, tb)
        ranked.values[tb.code] = vals
        ranked.order = _rerank(ranked.order, ranks, tb, vals)
        for t in ctx.teams:
            ranked.levels.setdefault(t, []).append(ranks[t])
    return ranked


def separation(ranked: TeamRanked, above: int, below: int) -> str | None:
    """The first code after which ``above`` and ``below`` no longer share a rank (None: they do)."""
    for i, tb in enumerate(ranked.codes):
        if ranked.levels[above][i] != ranked.levels[below][i]:
            return tb.code
    return None


def team_standings_of(ranked: TeamRanked) -> TeamStandings:
    """The ``TeamStandings`` of a ranking run (each row's ``tiebreaks``: the codes as given)."""
    ctx = ranked.ctx
    codes = ranked.shown
    rows = []
    for t in ranked.order:
        matches = [e for e in ctx.entries[t] if e.opponent is not None]
        rows.append(
            TeamStandingsRow(
                rank=ranked.ranks[t],
                team=t,
                name=ctx.teams[t].name,
                match_points=ctx.total(t, "m"),
                game_points=ctx.total(t, "g"),
                tiebreaks={code: ranked.values[code][t] for code in codes},
                played=len(matches),
                won=sum(1 for e in matches if e.code == "W"),
                drawn=sum(1 for e in matches if e.code == "D"),
                lost=sum(1 for e in matches if e.code in ("L", "Z")),
            )
        )
    return TeamStandings(
        rows=tuple(rows),
        tiebreaks=codes,
        after_round=ctx.rounds,
        kind=ctx.inp.kind,
        edition=ctx.inp.edition,
        separated_by=tuple(separation(ranked, a, b) for a, b in zip(ranked.order, ranked.order[1:])),
    )


def compute_team_standings(inp: TeamStandingsInput) -> TeamStandings:
    """Team standings of ``inp``: rows in rank order with match and game points and every value of
    the rank order (see ``tournaments.standings.teams``). Raises ``StandingsError`` for bad input."""
    return team_standings_of(rank_teams(inp))
