"""Cost of the live pages and the relay feed of a round in progress (issue 30; not a test, prints figures).

Builds a throw-away SQLite database (never the project's) with one published round of ``--boards``
boards, each game with 9 half-moves typed (``save_moves``), then measures with Django's test client:

* the relay feed ``live.pdn``: cold (written), cached (200 from the cache) and 304 with the ETag;
* the live boards fragment: cold (rendered) and 304;
* a typed move (``save_moves``) and the feed and fragment after it (one game changed).

    .venv/bin/python bench/bench_live.py [--boards 64] [--repeat 50]

Goal (issue 30): the feed answered from cache in well under 100 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

MOVES = "32-28 19-23 28x19 14x23 37-32 10-14 34-30 5-10 40-34"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--boards", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-live-")
    os.environ["SQLITE_PATH"] = str(Path(workdir) / "bench.sqlite3")
    os.environ["MEDIA_ROOT"] = str(Path(workdir) / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.services.games import game_for_board
    from games.services.live_moves import save_moves
    from tournaments.models import Board, Entry, Player, Role, Round, Tournament

    settings.PUBLIC_PAGE_REUSE = 0  # measure renders, not the micro-cache
    call_command("migrate", verbosity=0)
    arbiter = get_user_model().objects.create(username="bench-arbiter")
    t = Tournament.objects.create(slug="live-open", name="Live Open", place="Bench", rounds_planned=7)
    Role.objects.create(user=arbiter, tournament=t, kind="arbiter")
    players = Player.objects.bulk_create([Player(name=f"Player {i:03d}, Bench") for i in range(2 * args.boards)])
    entries = Entry.objects.bulk_create([Entry(tournament=t, player=p, name=p.name, start_number=i + 1, rating=2000)
                                         for i, p in enumerate(players)])
    rnd = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    boards = Board.objects.bulk_create([Board(round=rnd, number=b + 1, white=entries[2 * b],
                                              black=entries[2 * b + 1]) for b in range(args.boards)])
    games = [game_for_board(b) for b in boards]
    for g in games:
        save_moves(g, MOVES, user=arbiter)
    client = Client()
    feed, fragment = "/t/live-open/round/1/live.pdn", "/t/live-open/round/1/boards/live/"

    def timed(path: str, **headers: str) -> tuple[float, int, int]:
        with CaptureQueriesContext(connection) as queries:
            start = time.perf_counter()
            response = client.get(path, headers=headers)
            took = time.perf_counter() - start
        return took, response.status_code, len(queries)

    def median(path: str, **headers: str) -> tuple[float, int, int]:
        runs = [timed(path, **headers) for _ in range(args.repeat)]
        return statistics.median(r[0] for r in runs), runs[-1][1], runs[-1][2]

    def line(what: str, took: float, status: int, queries: int) -> None:
        print(f"  {what:44} {took * 1000:8.1f} ms  status {status}  {queries} queries")

    print(f"one round of {args.boards} boards, 9 half-moves each; median of {args.repeat} requests")
    cache.clear()
    line("feed live.pdn, cold (written)", *timed(feed))
    line("feed live.pdn, from the cache", *median(feed))
    etag = client.get(feed)["ETag"]
    line("feed live.pdn, 304 with the ETag", *median(feed, if_none_match=etag))
    cache.clear()
    line("live boards fragment, cold (rendered)", *timed(fragment))
    line("live boards fragment, from the cache", *median(fragment))
    frag_etag = client.get(fragment)["ETag"]
    line("live boards fragment, 304 with the ETag", *median(fragment, if_none_match=frag_etag))
    start = time.perf_counter()
    save_moves(games[0], MOVES + " 20-24", user=arbiter)
    print(f"  {'a typed move (save_moves)':44} {(time.perf_counter() - start) * 1000:8.1f} ms")
    line("feed live.pdn after the move (rewritten)", *timed(feed, if_none_match=etag))
    line("live boards fragment after the move", *timed(fragment, if_none_match=frag_etag))


if __name__ == "__main__":
    main()
