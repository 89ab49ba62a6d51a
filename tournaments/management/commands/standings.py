"""``python manage.py standings SLUG [--json] [--after-round N]``: the standings of a stored tournament.

``--json`` prints the same list as ``python -m tournaments.standings --json``:
``[{"start_number": 3, "rank": 1, "points": 14, "tiebreaks": {"BH/C1": 61, ...}}]``.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.commands import tournament_or_error
from tournaments.reports.formatting import points_text, rating_change_text, tiebreak_text
from tournaments.reports.standings import standings_for, standings_json
from tournaments.standings import StandingsError


class Command(BaseCommand):
    help = "Print the standings of a tournament (confirmed results only)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's short name")
        parser.add_argument("--json", action="store_true", help="print JSON (the standings CLI contract)")
        parser.add_argument("--after-round", type=int, default=None, help="only rounds 1..N")

    def handle(self, *args: Any, **opts: Any) -> None:
        slug = str(opts["slug"])
        t = tournament_or_error(slug)
        try:
            standings = standings_for(t, after_round=opts["after_round"])
        except StandingsError as exc:
            raise CommandError(f"{slug}: {exc}") from exc
        if opts["json"]:
            self.stdout.write(json.dumps(standings_json(standings), ensure_ascii=False))
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
