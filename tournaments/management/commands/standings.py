"""``python manage.py standings SLUG [--json] [--after-round N] [--rules 2024|2026] [--explain]``.

``--json`` prints the same list as ``python -m tournaments.standings --json``:
``[{"start_number": 3, "rank": 1, "points": 14, "tiebreaks": {"BH/C1": 61, ...}}]``; with
``--explain`` every row gets the same ``"explain"`` key as there (``tournaments.standings.explain``).
The edition of FIDE C.07 is the tournament's (``Tournament.tiebreak_edition``); ``--rules``
forces one for this printout only.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.commands import tournament_or_error
from tournaments.reports.formatting import points_text, rating_change_text, tiebreak_text
from tournaments.reports.standings import load_results, standings_input, standings_json
from tournaments.standings import EDITION_TITLES, EDITIONS, StandingsError, explain_standings
from tournaments.standings.explain import row_explain_json, tie_lines


class Command(BaseCommand):
    help = "Print the standings of a tournament (confirmed results only)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's short name")
        parser.add_argument("--json", action="store_true", help="print JSON (the standings CLI contract)")
        parser.add_argument("--after-round", type=int, default=None, help="only rounds 1..N")
        parser.add_argument("--rules", choices=EDITIONS, help="edition of FIDE C.07 (default: the tournament's)")
        parser.add_argument("--explain", action="store_true", help="explain every value and every tie")

    def handle(self, *args: Any, **opts: Any) -> None:
        slug = str(opts["slug"])
        t = tournament_or_error(slug)
        try:
            inp = standings_input(t, load_results(t), opts["after_round"])
            if opts["rules"]:
                inp = replace(inp, edition=opts["rules"])
            explained = explain_standings(inp, only_ties=not (opts["explain"] and opts["json"]))
        except StandingsError as exc:
            raise CommandError(f"{slug}: {exc}") from exc
        standings = explained.standings
        if opts["json"]:
            rows = standings_json(standings)
            if opts["explain"]:
                for row in rows:
                    row["explain"] = row_explain_json(explained, int(row["start_number"]))  # type: ignore[call-overload]
            self.stdout.write(json.dumps(rows, ensure_ascii=False))
            return
        codes = standings.tiebreaks
        head = ["Rk", "SNo", f"{'Name':<30}", "Pts", *[f"{c:>7}" for c in codes], "Perf", "ΔR(est.)"]
        self.stdout.write(" ".join(head))
        for r in standings.rows:
            primary = r.keizer_score if r.keizer_score is not None else r.points
            cells = [
                f"{r.rank:>2}",
                f"{r.start_number:>3}",
                f"{r.name[:30]:<30}",
                f"{points_text(primary):>3}",
                *[f"{tiebreak_text(r.tiebreaks.get(c)):>7}" for c in codes],
                f"{r.performance or '':>4}",
                f"{rating_change_text(r.rating_change):>8}",
            ]
            self.stdout.write(" ".join(cells))
        self.stdout.write(f"Rules: {EDITION_TITLES[standings.edition]}")
        if opts["explain"]:
            for line in tie_lines(explained, tiebreak_text):
                self.stdout.write(line)
