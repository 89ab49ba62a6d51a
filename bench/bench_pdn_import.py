"""Benchmark: PDN import (match, validate, store game by game) and PDN export, in games per second.

Usage::

    .venv/bin/python bench/bench_pdn_import.py [--copies 3]

Builds a throw-away SQLite database, a tournament whose boards hold the players of the 142 real
games in ``games/demo_games.pdn`` (repeated ``--copies`` times as further rounds), imports the file
through ``games.services.pdn_import.import_pdn_text`` and exports it again. Prints the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--copies", type=int, default=3)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp()
    os.environ["SQLITE_PATH"] = str(Path(tmp) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from arbiter import read_pdn
    from arbiter.pdn_writer import write_pdn
    from games.services.pdn_export import export_games, tournament_games
    from games.services.pdn_import import import_pdn_text
    from tournaments.models import Board, Entry, Player, Round, Tournament

    source = read_pdn((ROOT / "games" / "demo_games.pdn").read_text(encoding="utf-8")).games
    tournament = Tournament.objects.create(slug="bench", name="Bench")
    entries: dict[str, Entry] = {}
    games = []
    for copy in range(args.copies):
        rnd = Round.objects.create(tournament=tournament, number=copy + 1, status="published")
        for i, g in enumerate(source, start=1):
            names = []
            for side in ("White", "Black"):
                name = f"{g.tags.get(side, '?')} {i}"
                if name not in entries:
                    entries[name] = Entry.objects.create(tournament=tournament, start_number=len(entries) + 1,
                                                         player=Player.objects.create(name=name))
                names.append(name)
            Board.objects.create(round=rnd, number=i, white=entries[names[0]], black=entries[names[1]])
            tags = dict(g.tags, White=names[0], Black=names[1], Round=str(copy + 1))
            games.append(type(g)(tags=tags, moves=g.moves, result=g.result, variant=g.variant,
                                 variant_source=g.variant_source))
    text = write_pdn(games)
    plies = sum(len(g.moves) for g in games)
    t0 = time.perf_counter()
    report = import_pdn_text(tournament, text)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    connection.queries_log.clear()
    t1 = time.perf_counter()
    with CaptureQueriesContext(connection) as queries:
        out = export_games(tournament_games(tournament))
    t2 = time.perf_counter()
    n = len(report["stored"])
    print(f"games: {len(games)} ({plies} plies, {len(text) / 1024:.0f} KiB), stored: {n}, "
          f"doubtful: {len(report['doubtful'])}, errors: {len(report['errors'])}")
    print(f"import: {t1 - t0:.2f} s = {n / (t1 - t0):.1f} games/s")
    print(f"export: {t2 - t1:.2f} s = {n / (t2 - t1):.1f} games/s ({len(out) / 1024:.0f} KiB, "
          f"{len(queries.captured_queries)} queries)")


if __name__ == "__main__":
    main()
