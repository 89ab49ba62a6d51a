"""Where the time of the load test's requests goes: CPU per request kind, with a cProfile of each.

    .venv/bin/python bench/profile_requests.py [--players 50] [--repeat 200] [--top 25] [--kind KIND]

Issue 30's headroom: the load test (``bench/load_test.py``: 50 players submitting, 200 spectators
polling, an arbiter confirming) must hold p95 < 300 ms on half the CPU. This script runs the same
requests in one process (Django's test client, production settings: DEBUG off, PostgreSQL on
127.0.0.1:5432, the cache in local memory) on the load test's seed, and prints the CPU time (process
time, not wall time: fair on a busy machine) per request of each kind, then the top functions of a
cProfile of the kind asked for (``--kind``; all kinds by default). Kinds: ``standings-304`` (a
spectator's poll with its ETag), ``standings-200`` (a poll after a change, the page rendered once for
everybody and then served from the cache), ``player-page`` ("My games"), ``submit`` (a player's
result), ``confirm`` (the arbiter's confirmation), ``arbiter-page`` (the arbiter's overview).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import secrets
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PG = "postgres://postgres@127.0.0.1:5432"
# PROFILE_DATABASE: another name, so that two sessions profiling at once do not drop each other's database.
DATABASE = os.environ.get("PROFILE_DATABASE", "draughts_profile")


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=50)
    p.add_argument("--repeat", type=int, default=200, help="requests per kind")
    p.add_argument("--top", type=int, default=25, help="functions printed per profile")
    p.add_argument("--kind", action="append", help="print the profile of these kinds only (default: all)")
    p.add_argument("--sort", default="tottime", help="cProfile sort key: tottime or cumulative")
    p.add_argument("--queries", action="store_true", help="print the SQL of one request of each kind")
    return p.parse_args()


def prepare() -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{DATABASE}"')
    os.environ.update({
        "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "testserver,127.0.0.1",
        "DATABASE_URL": f"{PG}/{DATABASE}", "SECURE_SSL_REDIRECT": "0", "DJANGO_SETTINGS_MODULE": "config.settings",
        "STATIC_ROOT": str(ROOT / "test-artifacts" / "load" / "static"),
    })
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)


def main() -> int:
    a = parse_args()
    prepare()
    from django.test import Client

    from bench.load.seed import seed
    from games.models import ResultSubmission

    seeded = seed(a.players)
    slug = seeded.slug
    spectator = Client(HTTP_ACCEPT_LANGUAGE="en", secure=True)
    # One client for every player, its session cookie switched per request: a client loads the
    # middleware (WhiteNoise scans the static files) on its first request, as a gunicorn worker does once.
    shared = Client(HTTP_ACCEPT_LANGUAGE="en", secure=True)

    class Player:
        def __init__(self, session: str) -> None:
            self.session = session

        def get(self, path: str) -> object:
            shared.cookies["sessionid"] = self.session
            return shared.get(path)

        def post(self, path: str, data: dict[str, str]) -> object:
            shared.cookies["sessionid"] = self.session
            return shared.post(path, data)

    players = [Player(session) for session in seeded.player_sessions]
    arbiter = Client(HTTP_ACCEPT_LANGUAGE="en", secure=True)
    arbiter.cookies["sessionid"] = seeded.arbiter_session
    standings = f"/t/{slug}/standings/live/"
    my_games = f"/g/t/{slug}/my/"
    first = spectator.get(standings, HTTP_HX_REQUEST="true")
    etag = first.headers.get("ETag", "")
    results = ["2-0", "1-1", "0-2"]
    counter = {"n": 0}

    def submit() -> None:
        i = counter["n"] % len(players)
        counter["n"] += 1
        client = players[i]
        response = client.post(f"/g/{seeded.player_games[i]}/submit/",
                               {"result": results[counter["n"] % 3], "termination": "normal", "moves": "",
                                "next": my_games})
        assert response.status_code == 302, response.status_code  # type: ignore[attr-defined]

    def confirm() -> None:
        sub = ResultSubmission.objects.filter(game__board__round__tournament__slug=slug,
                                              status="pending").order_by("pk").first()
        if sub is None:
            submit()
            return
        response = arbiter.post(f"/g/submission/{sub.pk}/confirm/", {"next": f"/g/t/{slug}/results/"})
        assert response.status_code in (302, 200), response.status_code

    def standings_200() -> None:
        # A change made elsewhere (a confirmation) makes a new version: the first poll renders.
        confirm()
        response = spectator.get(standings, HTTP_HX_REQUEST="true")
        assert response.status_code == 200

    from tournaments.models import Tournament
    from tournaments.versioning import bump

    tournament_id = Tournament.objects.get(slug=slug).pk

    def standings_new_version() -> None:
        # A confirmation elsewhere moved the version: this poll gets the page the micro-cache kept
        # (PUBLIC_PAGE_REUSE) under the new ETag, without a render. Only the GET is timed.
        bump(tournament_id)
        response = spectator.get(standings, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag)
        # 304 when the kept render is the one this spectator already has (its ETag matches).
        assert response.status_code in (200, 304), response.status_code

    kinds = {
        "standings-304": lambda: spectator.get(standings, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag),
        "standings-new-version (with a bump)": standings_new_version,
        "player-page": lambda: players[counter["n"] % len(players)].get(my_games),
        "submit": submit,
        "confirm": confirm,
        "standings-200 (with a confirm)": standings_200,
        "arbiter-page": lambda: arbiter.get(f"/g/t/{slug}/results/"),
    }
    wanted = a.kind or list(kinds)
    print(f"{a.players} games, {a.repeat} requests per kind, CPU milliseconds per request (process time)")
    profiles: dict[str, pstats.Stats] = {}
    for name, call in kinds.items():
        call()  # warm
        if name == "standings-304":
            etag = spectator.get(standings, HTTP_HX_REQUEST="true").headers.get("ETag", "")
            assert spectator.get(standings, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag).status_code == 304
        if a.queries:
            from django.db import connection
            from django.test.utils import CaptureQueriesContext

            with CaptureQueriesContext(connection) as ctx:
                call()
            print(f"---- {name}: {len(ctx.captured_queries)} queries")
            for q in ctx.captured_queries:
                print("     ", q["sql"][:300])
        start = time.process_time()
        for _ in range(a.repeat):
            call()
        cpu = (time.process_time() - start) / a.repeat * 1000
        # Python function calls per request: a steady measure of the work on a busy machine.
        prof = cProfile.Profile(time.process_time)
        prof.enable()
        for _ in range(a.repeat):
            call()
        prof.disable()
        stats = pstats.Stats(prof, stream=io.StringIO())
        calls = stats.total_calls / a.repeat  # type: ignore[attr-defined]
        print(f"  {name:34s} {cpu:7.2f} ms  {calls:9,.0f} calls")
        if any(name.startswith(w) for w in wanted):
            profiles[name] = stats
    for name, stats in profiles.items():
        out = io.StringIO()
        stats.stream = out  # type: ignore[attr-defined]
        stats.sort_stats(a.sort).print_stats(a.top)
        print(f"\n==== {name} ====")
        print("\n".join(line for line in out.getvalue().splitlines() if line.strip())[:6000])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
