"""Command line: ``python -m tournaments.standings INPUT.trf [--tiebreaks CODES] [--json]``.

Contract (other tools rely on it): with ``--json`` it prints one JSON list, in rank order,
``[{"start_number": 3, "rank": 1, "points": 14, "tiebreaks": {"BH/C1": 61, ...}}]`` with
numbers as ints when whole (a cascade such as SOLK/T or FMJD-TS, Ts1..Ts(n-1), and RRO, the
points against each place in turn, are lists; a value that does not apply is null). The codes
are those of ``tournaments.standings.tiebreaks.REGISTRY``: FIDE C.07's and the draughts ones
(SOLK, SOLK/M, SOLK/T1, SOLK/T, SOLK+, WP, PMD, RRO, RTNG). Plus- and minus-draws are read from
the TRF extension codes ``P`` and ``M`` (``tournaments.vocabulary``). Without ``--json`` a
readable table. Bad input: one line on stderr, exit code 2.

The edition of FIDE C.07 follows the file's start date (record 042: before 2026-03-01 the 2024
edition, from then on 2026; a file without 042 is ranked under the edition in force today, as
FIDE's checker does); ``--rules 2024|2026`` forces it. The table's last line names the edition and why.
``--explain`` adds to every row of the JSON one key, ``"explain"``: ``{"rules": "2026",
"tiebreaks": {code: explanation, ...}, "tie_with_next": {...}}`` (``tie_with_next`` only when
the next row has the same points; see ``tournaments.standings.explain``); in the table it
lists, per tie, the tie-break that separates the two players.

``--teams`` reads a TRF-2026 team file and prints the team standings instead
(``tournaments.standings.teams.cli``: ``{"teams": [...]}`` with ``--json``).
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections.abc import Sequence

from tournaments.standings.editions import EDITION_TITLES, EDITIONS
from tournaments.standings.explain import Explained, explain_standings, row_explain_json, tie_lines
from tournaments.standings.model import KINDS, Standings, StandingsError, TiebreakValue
from tournaments.standings.ratings import half_up
from tournaments.standings.teams.cli import run_teams
from tournaments.standings.tiebreaks import REGISTRY, parse_tiebreaks
from tournaments.standings.trf_input import guess_kind, standings_input_from_trf
from tournaments.trf import TrfError, read_trf_file

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # One line on stderr and exit 2, like every other bad input.
        self.exit(EXIT_BAD_INPUT, f"standings: {message}\n")


def plain(v: TiebreakValue | float | int) -> object:
    """A JSON-friendly number: int when whole, tuples as lists, None as null."""
    if v is None:
        return None
    if isinstance(v, tuple):
        return [plain(x) for x in v]
    f = float(v)
    return int(f) if f.is_integer() else half_up(f, 4)


def to_json(standings: Standings) -> list[dict[str, object]]:
    """The contract rows: start_number, rank, points, tiebreaks (in the tournament's order)."""
    return [
        {
            "start_number": r.start_number,
            "rank": r.rank,
            "points": plain(r.points),
            "tiebreaks": {code: plain(r.tiebreaks[code]) for code in standings.tiebreaks},
        }
        for r in standings.rows
    ]


def to_json_explained(explained: Explained) -> list[dict[str, object]]:
    """The contract rows, each with its ``"explain"`` key (see the module docstring)."""
    rows = to_json(explained.standings)
    for row in rows:
        row["explain"] = row_explain_json(explained, int(row["start_number"]))  # type: ignore[call-overload]
    return rows


def _cell(v: object) -> str:
    if v is None:
        return "-"
    if isinstance(v, list):
        return "/".join(_cell(x) for x in v)
    return str(v)


def to_table(standings: Standings, why: str = "") -> str:
    """A readable fixed-width table (rank, start number, name, rating, points, tie-breaks); the last
    line names the C.07 edition and, given ``why``, why that one."""
    head = ["Rk", "SNo", "Name", "Rtg", "Pts", *standings.tiebreaks]
    lines = [head]
    for r in standings.rows:
        lines.append(
            [
                str(r.rank),
                str(r.start_number),
                r.name[:28],
                str(r.rating or ""),
                _cell(plain(r.points)),
                *(_cell(plain(r.tiebreaks[c])) for c in standings.tiebreaks),
            ]
        )
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    out = []
    for row in lines:
        cells = [c.ljust(w) if i == 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        out.append("  ".join(cells).rstrip())
    legend = [f"{c}: {REGISTRY[c].description}" for c in standings.tiebreaks]
    rules = f"Rules: {EDITION_TITLES[standings.edition]}" + (f"; {why}" if why else "")
    return "\n".join([*out, "", *legend, rules])


def edition_why(start_date: str, chosen: str | None, today: datetime.date | None = None) -> str:
    """Why the table uses its edition: ``--rules``, the start date (042), or none (today's)."""
    if chosen:
        return "chosen with --rules"
    if start_date.strip():
        return f"by the start date (042) {start_date.strip()}"
    return f"no start date (042): the edition in force today, {(today or datetime.date.today()).isoformat()}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input)."""

    parser = _Parser(prog="python -m tournaments.standings", description="Standings with tie-breaks from a TRF file.")
    parser.add_argument("input", help="TRF16/TRF26 file")
    parser.add_argument("--tiebreaks", help=f"comma-separated codes in order; known: {','.join(REGISTRY)}")
    parser.add_argument("--json", action="store_true", help="print the JSON contract instead of a table")
    parser.add_argument("--kind", choices=KINDS, help="tournament kind (default: guessed from the file)")
    parser.add_argument("--round", type=int, help="standings after this round (default: every round in the file)")
    parser.add_argument(
        "--rules", choices=EDITIONS, help="edition of FIDE C.07 (default: by the start date, record 042)"
    )
    parser.add_argument("--explain", action="store_true", help="explain every value and every tie")
    parser.add_argument("--teams", action="store_true", help="a team file (310 records): the team standings")
    args = parser.parse_args(argv)
    if args.teams:
        return run_teams(args)
    try:
        tournament = read_trf_file(args.input)
        if not tournament.players:
            raise StandingsError("no player records (001 lines): not a TRF file")
        kind = args.kind or guess_kind(tournament)
        codes = parse_tiebreaks(args.tiebreaks.split(","), kind) if args.tiebreaks is not None else None
        inp = standings_input_from_trf(
            tournament, kind=kind, tiebreaks=codes, after_round=args.round, edition=args.rules
        )
        explained = explain_standings(inp, only_ties=not (args.explain and args.json))
    except (TrfError, StandingsError) as exc:
        print(f"standings: {args.input}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(f"standings: cannot read {args.input}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    standings = explained.standings
    if args.json:
        print(json.dumps(to_json_explained(explained) if args.explain else to_json(standings)))
    else:
        print(to_table(standings, edition_why(tournament.start_date, args.rules)))
        if args.explain:
            print("\n".join(["", "Ties:", *tie_lines(explained, lambda v: _cell(plain(v)))]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
