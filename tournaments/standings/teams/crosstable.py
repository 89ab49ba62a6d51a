"""The team crosstable as Toernooimanager prints it: teams in rank order, the board points of each
match in the cell of the two teams (pure, no Django; the pages and PDFs lay it out).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.standings.teams.context import build_team_context
from tournaments.standings.teams.model import TeamStandings, TeamStandingsInput
from tournaments.standings.teams.ranking import compute_team_standings


@dataclass(frozen=True)
class TeamCrosstableCell:
    """One match of a team against one opponent: the round, both teams' board points, the team's
    match result (W, D, L; Z: a forfeited match lost) and whether no board was played."""

    round: int
    own: float
    other: float
    result: str
    forfeited: bool


@dataclass(frozen=True)
class TeamCrosstableRow:
    """A team's line: its matches by opponent (several in a double round robin), its byes as
    (round, kind), and the totals of the standings."""

    rank: int
    team: int
    name: str
    match_points: float
    game_points: float
    cells: dict[int, tuple[TeamCrosstableCell, ...]]
    byes: tuple[tuple[int, str], ...]


def team_crosstable(inp: TeamStandingsInput, standings: TeamStandings | None = None) -> tuple[TeamCrosstableRow, ...]:
    """The crosstable rows in the order of ``standings`` (computed when not given)."""
    standings = standings or compute_team_standings(inp)
    ctx = build_team_context(inp)
    gp = {(t, e.round): e.gp for t, row in ctx.entries.items() for e in row}
    rows = []
    for r in standings.rows:
        cells: dict[int, list[TeamCrosstableCell]] = {}
        byes = []
        for e in ctx.entries[r.team]:
            if e.opponent is None:
                if e.kind != "not_paired":
                    byes.append((e.round, e.kind))
                continue
            cell = TeamCrosstableCell(e.round, e.gp, gp[(e.opponent, e.round)], e.code, not e.played)
            cells.setdefault(e.opponent, []).append(cell)
        rows.append(
            TeamCrosstableRow(
                rank=r.rank,
                team=r.team,
                name=r.name,
                match_points=r.match_points,
                game_points=r.game_points,
                cells={opp: tuple(v) for opp, v in cells.items()},
                byes=tuple(byes),
            )
        )
    return tuple(rows)
