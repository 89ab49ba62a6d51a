"""Speed of a team league's standings and crosstable as the application builds them (not a test; prints
figures). Issue 27: "standings and crosstable of a 12-team, 10-board, 11-round league under 100 ms; the
public team pages keep the constant-query and cache rules of the individual pages".

Builds a throw-away SQLite database (never the project's), a team round robin of ``--teams`` teams of
``--boards`` boards (rosters of boards + 2), pairs, publishes and fills every round through the
services (confirmed board results from a seeded random generator), then measures:

* ``team_tables``: the read model (queries) plus the pure team standings and crosstable;
* the public team standings, crosstable and match pages: queries and time, cold (nothing cached).

    .venv/bin/python bench/bench_team_pages.py [--teams 12] [--boards 10] [--repeat 5]
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


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--teams", type=int, default=12)
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-team-pages-")
    os.environ["SQLITE_PATH"] = str(Path(workdir) / "bench.sqlite3")
    os.environ["MEDIA_ROOT"] = str(Path(workdir) / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from games.models import Game, ResultSubmission
    from tournaments.models import Entry, Player, Tournament
    from tournaments.reports.teams import team_tables
    from tournaments.services import teams as team_service
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import publish_round

    call_command("migrate", verbosity=0)
    arbiter = get_user_model().objects.create_user("bench-arbiter")
    rounds = args.teams - 1 if args.teams % 2 == 0 else args.teams
    t = Tournament.objects.create(slug="bench-league", name="Bench League", competitors="teams",
                                  boards_per_match=args.boards, pairing_system="berger", rounds_planned=rounds)
    from tournaments.models import Role

    Role.objects.create(user=arbiter, tournament=t, kind="chief_arbiter")
    rng = random.Random(27)
    build = time.perf_counter()
    sn = 0
    for n in range(1, args.teams + 1):
        team = team_service.create_team(arbiter, t, name=f"Team {n:02d}", club=f"Club {n}")
        roster = []
        for i in range(args.boards + 2):
            sn += 1
            name = f"Player {n:02d}-{i + 1:02d}"
            roster.append(Entry.objects.create(tournament=t, player=Player.objects.create(name=name), name=name,
                                               rating=2000 - 10 * n - i, start_number=sn))
        team_service.set_roster(arbiter, team, roster)
    results = ["2-0", "1-1", "0-2", "1-1", "2-0"]
    for _ in range(rounds):
        with transaction.atomic():
            rnd = pair_round(t, arbiter).round
            publish_round(arbiter, rnd)
            subs = [ResultSubmission(game=g, result=rng.choice(results), status=ResultSubmission.Status.CONFIRMED,
                                     submitted_by=arbiter)
                    for g in Game.objects.filter(board__round=rnd)]
            ResultSubmission.objects.bulk_create(subs)
    games = Game.objects.filter(board__round__tournament=t).count()
    print(f"league: {args.teams} teams, {args.boards} boards, {rounds} rounds, {games} board games "
          f"(built in {_ms(time.perf_counter() - build)})")

    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        tables = team_tables(t)
        times.append(time.perf_counter() - start)
    with CaptureQueriesContext(connection) as q:
        team_tables(t)
    print(f"team_tables (read model + standings + crosstable): median {_ms(statistics.median(times))}, "
          f"best {_ms(min(times))}, {len(q)} queries; leader {tables.standings.rows[0].name} "
          f"{tables.standings.rows[0].match_points} MP")
    for page, kwargs in (("team_standings", {}), ("team_crosstable", {}), ("team_round", {"number": rounds})):
        url = reverse(f"public:{page}", kwargs={"slug": t.slug, **kwargs})
        cold = []
        for _ in range(args.repeat):
            cache.clear()
            start = time.perf_counter()
            response = Client().get(url)
            cold.append(time.perf_counter() - start)
            assert response.status_code == 200, (page, response.status_code)
        start = time.perf_counter()
        Client().get(url)
        warm = time.perf_counter() - start
        # (Their query count is fixed by tests/tournaments/test_team_app.py: the same after 1 and 3 rounds.)
        print(f"{page}: cold median {_ms(statistics.median(cold))}, warm {_ms(warm)}")


if __name__ == "__main__":
    main()
