"""Command line for team files: ``python -m tournaments.standings FILE.trf --teams [--tiebreaks CODES]
[--json] [--explain] [--kind K] [--round N] [--rules 2024|2026]``.

Contract (other tools rely on it): with ``--json`` one JSON object ``{"teams": [{"team": 3,
"name": "DC Hoogeveen 1", "rank": 1, "match_points": 12, "game_points": 41, "tiebreaks": {"DE": 0,
"BH": 58, ...}}, ...]}`` in rank order; ``team`` is the number of the 310 record, numbers are ints
when whole, a value that does not apply is null. CODES are FIDE's reference checker's names
(``tournaments.standings.teams.tiebreaks``); without ``--tiebreaks`` the file's 212/202 order, else
MPTS, GPTS, DE. The edition of C.07 follows the start date (042) unless ``--rules`` forces it.
``--explain`` adds ``"explain"`` to every row (``tournaments.standings.teams.explain``); in the
table it lists, per tie, the code that separates the two teams. Bad input: one line on stderr,
exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys

from tournaments.standings.model import Edition, StandingsError, TiebreakValue, TournamentKind
from tournaments.standings.ratings import half_up
from tournaments.standings.teams.explain import (
    TeamExplained,
    explain_team_standings,
    team_row_explain_json,
    team_tie_lines,
)
from tournaments.standings.teams.model import TeamStandings
from tournaments.standings.teams.tiebreaks import team_legend
from tournaments.standings.teams.trf_input import team_standings_input_from_trf
from tournaments.trf import TrfError, read_team_trf_file

EXIT_BAD_INPUT = 2


def plain(v: TiebreakValue | float | int) -> object:
    """A JSON-friendly number: int when whole, None as null."""
    if v is None:
        return None
    if isinstance(v, tuple):
        return [plain(x) for x in v]
    f = float(v)
    return int(f) if f.is_integer() else half_up(f, 4)


def teams_json(standings: TeamStandings) -> dict[str, object]:
    """The contract object: ``{"teams": [...]}`` in rank order."""
    return {
        "teams": [
            {
                "team": r.team,
                "name": r.name,
                "rank": r.rank,
                "match_points": plain(r.match_points),
                "game_points": plain(r.game_points),
                "tiebreaks": {code: plain(r.tiebreaks[code]) for code in standings.tiebreaks},
            }
            for r in standings.rows
        ]
    }


def teams_json_explained(explained: TeamExplained) -> dict[str, object]:
    data = teams_json(explained.standings)
    for row in data["teams"]:  # type: ignore[attr-defined]
        row["explain"] = team_row_explain_json(explained, row["team"])
    return data


def _cell(v: object) -> str:
    return "-" if v is None else str(v)


def teams_table(standings: TeamStandings) -> str:
    """A readable fixed-width table (rank, team, name, MP, GP, tie-breaks) and the legend."""
    head = ["Rk", "No", "Team", "MP", "GP", *standings.tiebreaks]
    lines = [head]
    for r in standings.rows:
        lines.append([str(r.rank), str(r.team), r.name[:28], _cell(plain(r.match_points)), _cell(plain(r.game_points)),
                      *(_cell(plain(r.tiebreaks[c])) for c in standings.tiebreaks)])  # fmt: skip
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    out = ["  ".join(c.ljust(w) if i == 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()
           for row in lines]  # fmt: skip
    legend = [f"{code}: {desc}" for code, _, desc in team_legend(standings.tiebreaks, standings.kind)]
    return "\n".join([*out, "", *legend, f"Rules: FIDE C.07, {standings.edition} edition"])


def run_teams(args: argparse.Namespace) -> int:
    """Run the team command line on parsed arguments (see the module docstring)."""
    try:
        t = read_team_trf_file(args.input)
        codes = tuple(args.tiebreaks.split(",")) if args.tiebreaks is not None else None
        kind: TournamentKind | None = args.kind if args.kind != "keizer" else None
        if args.kind == "keizer":
            raise StandingsError("a team event has no Keizer ranking")
        edition: Edition | None = args.rules
        inp = team_standings_input_from_trf(t, kind=kind, tiebreaks=codes, after_round=args.round, edition=edition)
        explained = explain_team_standings(inp, only_ties=not (args.explain and args.json))
    except (TrfError, StandingsError) as exc:
        print(f"standings: {args.input}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(f"standings: cannot read {args.input}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.json:
        data = teams_json_explained(explained) if args.explain else teams_json(explained.standings)
        print(json.dumps(data))
    else:
        print(teams_table(explained.standings))
        if args.explain:
            print("\n".join(["", "Ties:", *team_tie_lines(explained, lambda v: _cell(plain(v)))]))
    return 0
