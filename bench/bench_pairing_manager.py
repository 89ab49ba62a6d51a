"""Speed of the pairing manager on the database (not a test; prints figures).

Builds a throw-away SQLite database (never the project's), registers ``--players`` players in a
Swiss (FIDE Dutch) tournament and plays ``--rounds`` rounds through the services (pair, publish,
confirm every result), measuring per round:

* ``history``: ``build_history`` + ``pairing_input`` (the model -> dataclass bridge) and its queries;
* ``engine``: the pure engine alone on that input;
* ``pair_round``: the whole manager (history, engine, writing the draft boards and warnings, audit);
  ``pair_round`` minus ``engine`` is the manager's own overhead.

    .venv/bin/python bench/bench_pairing_manager.py [--players 200] [--rounds 3]

Goal (issue 5): one Dutch round for 200 players under 0.5 s in the engine; the manager's own
overhead (history + writing) should stay a small fraction of that.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-pairing-")
    os.environ["SQLITE_PATH"] = str(Path(workdir) / "bench.sqlite3")
    os.environ["MEDIA_ROOT"] = str(Path(workdir) / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Game, ResultSubmission
    from tournaments.history import build_history, pairing_input
    from tournaments.models import Entry, Player
    from tournaments.services.pairing import engine_for, pair_round
    from tournaments.services.registration import create_tournament, freeze_start_numbers
    from tournaments.services.rounds import publish_round

    call_command("migrate", verbosity=0)
    user = get_user_model().objects.create_user("bench", is_staff=True)
    t = create_tournament(user, slug="bench", name="Bench", rounds_planned=args.rounds)
    rng = random.Random(1)
    players = Player.objects.bulk_create(
        [Player(name=f"Player {i:04d}", rating=rng.randint(1000, 2400)) for i in range(args.players)]
    )
    Entry.objects.bulk_create([Entry(tournament=t, player=p, rating=p.rating) for p in players])
    freeze_start_numbers(user, t, "rating")
    print(f"{args.players} players, {args.rounds} rounds, SQLite in {workdir}")
    hist_times, engine_times, pair_times = [], [], []
    for n in range(1, args.rounds + 1):
        with CaptureQueriesContext(connection) as ctx:
            t0 = time.perf_counter()
            inp = pairing_input(t, n, history=build_history(t, n - 1))
            hist_times.append(time.perf_counter() - t0)
        queries = len(ctx.captured_queries)
        t0 = time.perf_counter()
        engine_for(t)(inp)
        engine_times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        rnd = pair_round(t, user).round
        pair_times.append(time.perf_counter() - t0)
        print(f"round {n}: history+input {hist_times[-1] * 1000:.0f} ms ({queries} queries), "
              f"engine {engine_times[-1] * 1000:.0f} ms, pair_round {pair_times[-1] * 1000:.0f} ms")  # fmt: skip
        publish_round(user, rnd)
        games = Game.objects.filter(board__round=rnd)
        ResultSubmission.objects.bulk_create(
            [ResultSubmission(game=g, result=rng.choice(["2-0", "1-1", "0-2"]), status="confirmed") for g in games]
        )
    med_hist, med_pair = statistics.median(hist_times) * 1000, statistics.median(pair_times) * 1000
    overhead = statistics.median(p - e for p, e in zip(pair_times, engine_times)) * 1000
    print(f"median history+input {med_hist:.0f} ms; median engine {statistics.median(engine_times) * 1000:.0f} ms; "
          f"median pair_round {med_pair:.0f} ms (manager overhead {overhead:.0f} ms); "
          f"max {max(pair_times) * 1000:.0f} ms")  # fmt: skip


if __name__ == "__main__":
    main()
