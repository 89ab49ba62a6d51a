"""Bounded load test on loopback: gunicorn (2 workers) + a Celery worker + PostgreSQL + Redis.

    .venv/bin/python bench/load_test.py [--seconds 60] [--players 50] [--spectators 200] [--nginx]
                                        [--live 1000] [--movers 20]

With ``--nginx`` Debian's nginx (installed with apt-get if missing) runs the deploy kit's site
(``deploy/nginx/draughts.conf``, its micro-cache included; paths and ports rewritten by
``bench/load/nginx.py``) in front of gunicorn, and every client goes through it.

Creates (drops first) the PostgreSQL database ``--database`` (default ``draughts_load``) on
127.0.0.1:5432, empties Redis db ``--redis-db`` (broker) and the next number (cache) on
127.0.0.1:6379, migrates, collects static files, seeds a Swiss tournament with
``2 * players`` entries and round 1 published, starts the servers, then for ``--seconds``:
``players`` players submit results (each answer read back on their "My games" page),
``spectators`` spectators poll the live standings (with ETag), one arbiter confirms pending
results. Prints throughput, p50/p95 latency per request kind, errors and lost submissions
(answered "sent" but not in the database), then stops everything it started. Exit code 1 when
errors or lost submissions are not zero, 2 when the set-up fails.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import secrets
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.load import clients, nginx, servers  # noqa: E402
from bench.load.seed import Seeded  # noqa: E402

ARTIFACTS = ROOT / "test-artifacts" / "load"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--players", type=int, default=50)
    p.add_argument("--spectators", type=int, default=200)
    p.add_argument("--think", type=float, default=1.0, help="mean seconds between a player's submissions")
    p.add_argument("--poll", type=float, default=2.0, help="mean seconds between a spectator's polls")
    p.add_argument("--confirm-every", type=float, default=0.5, help="seconds between the arbiter's confirmations")
    p.add_argument("--port", type=int, default=0, help="web port on 127.0.0.1 (0: a free one)")
    p.add_argument("--pg", default="postgres://postgres@127.0.0.1:5432", help="PostgreSQL server (loopback)")
    p.add_argument("--database", default="draughts_load")
    p.add_argument("--redis", default="redis://127.0.0.1:6379")
    p.add_argument("--redis-db", type=int, default=11, help="broker db; the cache uses the next number")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--threads", type=int, default=4)
    p.add_argument("--nginx", action="store_true", help="put the deploy kit's nginx in front of gunicorn")
    p.add_argument("--server-cpus", default="",
                   help="pin the servers (gunicorn, Celery, and the running PostgreSQL and Redis) to these "
                        "CPUs (taskset list, e.g. 0) and the load clients to the others: the server gets part "
                        "of the machine (issue 30's headroom: half of it)")
    p.add_argument("--live", type=int, default=0,
                   help="live spectators polling round 1's live boards (issue 30), like static/js/live.js")
    p.add_argument("--live-poll", type=float, default=3.0, help="mean seconds between a live spectator's polls")
    p.add_argument("--movers", type=int, default=0,
                   help="Black players saving their moves one ply at a time (issue 30); a relay poller too")
    return p.parse_args(argv)


def _loopback(url: str) -> None:
    if "127.0.0.1" not in url and "localhost" not in url:
        raise SystemExit(f"only loopback addresses are allowed, not {url}")


def environment(a: argparse.Namespace) -> dict[str, str]:
    """The servers' environment: production settings (DEBUG off) on the load database and Redis dbs."""
    for url in (a.pg, a.redis):
        _loopback(url)
    return {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": f"{a.pg}/{a.database}",
        "CELERY_BROKER_URL": f"{a.redis}/{a.redis_db}",
        "CELERY_RESULT_BACKEND": f"{a.redis}/{a.redis_db}",
        "REDIS_URL": f"{a.redis}/{a.redis_db + 1}",
        "STATIC_ROOT": str(ARTIFACTS / "static"),
        "MEDIA_ROOT": str(ARTIFACTS / "media"),
        "LOGIN_RATE_LIMIT": "10",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        # Behind nginx the client address comes in X-Real-IP, as in the deploy kit.
        **({"REAL_IP_HEADER": "HTTP_X_REAL_IP"} if a.nginx else {}),
    }


def ensure_nginx() -> None:
    """Debian's nginx, installed like PostgreSQL in CI when it is missing."""
    if Path(nginx.NGINX).exists():
        return
    print("nginx is not installed: installing it from the Debian packages")
    subprocess.run(["apt-get", "update", "-qq"], check=True)
    subprocess.run(["apt-get", "install", "-y", "-qq", "nginx-light"], check=True,
                   env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def prepare(a: argparse.Namespace, env: dict[str, str]) -> None:
    """Fresh database, empty Redis dbs, migrations and static files."""
    import psycopg
    import redis

    with psycopg.connect(f"{a.pg}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{a.database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{a.database}"')
    for db in (a.redis_db, a.redis_db + 1):
        redis.Redis.from_url(f"{a.redis}/{db}").flushdb()
    py = sys.executable
    for cmd in (["migrate"], ["collectstatic"]):
        subprocess.run([py, "manage.py", *cmd, "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True)


def _cpu_list(text: str) -> list[int]:
    """A taskset CPU list ("0", "0,2", "0-1") as numbers."""
    out: list[int] = []
    for part in text.split(","):
        low, _sep, high = part.partition("-")
        out += list(range(int(low), int(high or low) + 1))
    return out


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def run(a: argparse.Namespace) -> int:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    env = environment(a)
    t0 = time.monotonic()
    try:
        prepare(a, env)
    except (subprocess.CalledProcessError, OSError, Exception) as exc:  # noqa: BLE001 - reported, exit 2
        print(f"set-up failed: {exc}", file=sys.stderr)
        return 2
    os.environ.update(env)
    import django

    django.setup()
    from django.utils import timezone

    from bench.load.seed import seed

    seeded = seed(a.players)
    print(f"set-up: database, static files and seed ({2 * a.players} entries) in {time.monotonic() - t0:.1f} s")
    web = worker = proxy = None
    pinned_services: list[int] = []
    try:
        a.port = a.port or servers.free_port()
        if a.server_cpus:
            pinned_services = servers.pin_services(a.server_cpus)
            server_set = set(_cpu_list(a.server_cpus))
            others = set(range(os.cpu_count() or 1)) - server_set
            os.sched_setaffinity(0, others or server_set)
            print(f"servers pinned to CPU(s) {a.server_cpus}, load clients on {sorted(others) or 'the same'}")
        web = servers.start_gunicorn(env, a.port, ARTIFACTS / "gunicorn.log", a.workers, a.threads, a.server_cpus)
        worker = servers.start_celery(env, ARTIFACTS / "celery.log", a.server_cpus)
        servers.wait_for_http(a.port, proc=web)
        port = a.port
        if a.nginx:
            ensure_nginx()
            port = servers.free_port()
            conf = nginx.write_confs(ARTIFACTS / "nginx", port, a.port, ARTIFACTS / "static")
            invalid = nginx.check(conf)
            if invalid:
                print(f"set-up failed: nginx -t: {invalid}", file=sys.stderr)
                return 2
            proxy = nginx.start_nginx(conf, ARTIFACTS / "nginx.log")
            servers.wait_for_http(port, proc=proxy)
            print(f"nginx {port} -> gunicorn {a.port}, with the deploy site's micro-cache")
        stats = clients.Stats()
        since = timezone.now()
        from django.core.cache import cache

        from tournaments.models import Tournament
        from tournaments.public.page_cache import render_count_key

        cache.delete(render_count_key(seeded.slug))
        version_before = Tournament.objects.get(slug=seeded.slug).version
        problem = clients.check_login_rate_limit(port, 10)
        print(f"pre-flight: 10 failed sign-ins over {a.workers} workers, the 11th refused with 429: "
              f"{'ok' if problem is None else problem}")
        if problem:
            stats.error(f"login rate limit: {problem}")
        server_pids = [web.pid, worker.pid, *pinned_services]
        names = {web.pid: "gunicorn", worker.pid: "celery",
                 **{pid: servers.process_name(pid) for pid in pinned_services}}
        cpu_before = servers.cpu_by_root(server_pids)
        start = time.monotonic()
        deadline = start + a.seconds
        threads = [threading.Thread(target=clients.player_loop, daemon=True,
                                    args=(stats, port, seeded.slug, seeded.player_sessions[i],
                                          seeded.player_games[i], deadline, a.think, random.Random(i)))
                   for i in range(a.players)]
        threads += [threading.Thread(target=clients.spectator_loop, daemon=True,
                                     args=(stats, port, seeded.slug, deadline, a.poll, random.Random(1000 + i)))
                    for i in range(a.spectators)]
        threads += [threading.Thread(target=clients.live_spectator_loop, daemon=True,
                                     args=(stats, port, seeded.slug, deadline, a.live_poll, random.Random(5000 + i)))
                    for i in range(a.live)]
        threads += [threading.Thread(target=clients.mover_loop, daemon=True,
                                     args=(stats, port, seeded.black_sessions[i], seeded.player_games[i], deadline,
                                           a.think * 2, random.Random(9000 + i)))
                    for i in range(min(a.movers, len(seeded.black_sessions)))]
        if a.movers:
            threads.append(threading.Thread(target=clients.relay_loop, daemon=True,
                                            args=(stats, port, seeded.slug, deadline, 2.0, random.Random(7))))
        threads.append(threading.Thread(target=clients.arbiter_loop, daemon=True,
                                        args=(stats, port, seeded.slug, seeded.arbiter_session,
                                              seeded.player_user_ids, deadline, a.confirm_every)))
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=a.seconds + 120)
        hung = sum(t.is_alive() for t in threads)
        elapsed = time.monotonic() - start
        cpu_after = servers.cpu_by_root(server_pids)
        by_name: dict[str, float] = {}
        for pid, seconds in cpu_after.items():
            by_name[names[pid]] = by_name.get(names[pid], 0.0) + seconds - cpu_before.get(pid, 0.0)
        server_cpu = sum(by_name.values())
        served = sum(len(v) for v in stats.latencies.values())
        print(f"server CPU (gunicorn, Celery{', PostgreSQL, Redis' if pinned_services else ''}): {server_cpu:.1f} s in "
              f"{elapsed:.1f} s = {server_cpu / elapsed:.2f} CPUs busy, {server_cpu / max(served, 1) * 1000:.1f} ms "
              f"per request")
        print("  by server: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in sorted(
            by_name.items(), key=lambda kv: -kv[1])))
        if hung:
            stats.error(f"{hung} client thread(s) still waiting after the run")
        versions = Tournament.objects.get(slug=seeded.slug).version - version_before
        renders = int(cache.get(render_count_key(seeded.slug)) or 0)
        return report(a, stats, seeded, elapsed, worker, since, (versions, renders))
    finally:
        servers.stop(proxy)
        servers.stop(web)
        servers.stop(worker)
        servers.unpin_services(pinned_services)


def wait_for_rebuild(seeded: Seeded, since: datetime.datetime, timeout: float = 60) -> tuple[bool, float]:
    """Whether the Celery worker rebuilt the outdated crosstable PDF (and how long we waited for it)."""
    from tournaments.models import Document, Tournament

    start = time.monotonic()
    while time.monotonic() - start < timeout:
        doc = Document.objects.get(tournament__slug=seeded.slug, kind="crosstable", language="en")
        if doc.is_current(Tournament.objects.get(slug=seeded.slug)) and doc.built_at > since:
            return True, time.monotonic() - start
        time.sleep(0.5)
    return False, timeout


def report(a: argparse.Namespace, stats: clients.Stats, seeded: Seeded, elapsed: float,
           worker: subprocess.Popen[bytes], since: datetime.datetime, renders: tuple[int, int]) -> int:
    from games.models import ResultSubmission

    stored = ResultSubmission.objects.filter(submitted_by_id__in=seeded.player_user_ids).count()
    accepted = stats.counts["submissions_accepted"]
    lost = max(0, accepted - stored)
    unanswered_but_stored = max(0, stored - accepted)
    total = sum(len(v) for v in stats.latencies.values())
    state = "up" if worker.poll() is None else "DOWN"
    print(f"load: {a.players} players, {a.spectators} spectators, {a.live} live spectators, {a.movers} movers, "
          f"1 arbiter for {elapsed:.1f} s "
          f"(gunicorn {a.workers} workers x {a.threads} threads, Celery worker {state}"
          f"{', behind nginx' if a.nginx else ''})")
    print(f"requests: {total} in {elapsed:.1f} s = {total / elapsed:.1f} req/s "
          f"(machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    everything = [x for v in stats.latencies.values() for x in v]
    for kind, values in sorted(stats.latencies.items()) + [("all", everything)]:
        print(f"  {kind:13} n={len(values):6d}  p50={percentile(values, 50) * 1000:7.1f} ms  "
              f"p95={percentile(values, 95) * 1000:7.1f} ms  max={max(values, default=0) * 1000:7.1f} ms")
    print(f"standings polls: {stats.counts['standings_200']} x 200, "
          f"{stats.counts['standings_304']} x 304 (not modified)")
    if a.live or a.movers:
        print(f"live boards polls: {stats.counts['live-boards_200']} x 200, {stats.counts['live-boards_304']} x 304; "
              f"relay feed polls: {stats.counts['relay-feed_200']} x 200, {stats.counts['relay-feed_304']} x 304; "
              f"save-the-moves requests answered: {stats.counts['moves_save_answered']}")
    versions, pages = renders
    print(f"tournament versions during the run: {versions}; shared page renders: {pages} "
          f"({pages / max(versions, 1):.2f} per version, all public pages and fragments)")
    if a.nginx:
        kinds = sorted((k.removeprefix("nginx_").upper(), n) for k, n in stats.counts.items()
                       if k.startswith("nginx_"))
        print("nginx micro-cache on the standings polls: " + ", ".join(f"{k} {n}" for k, n in kinds))
    print(f"submissions: {accepted} answered 'sent', {stored} stored; "
          f"{stats.counts['submissions_after_confirmation']} refused after the arbiter confirmed "
          f"(only an arbiter changes a confirmed result); "
          f"confirmations answered: {stats.counts['confirmations_answered']}")
    if stats.counts["confirmations_answered"]:
        rebuilt, waited = wait_for_rebuild(seeded, since)
        print(f"crosstable PDF rebuilt by the Celery worker after the confirmations: "
              f"{'yes' if rebuilt else 'NO'} ({waited:.1f} s after the run)")
        if not rebuilt:
            stats.error("the Celery worker did not rebuild the stale crosstable PDF")
    print(f"GETs resent once on a new connection after the server closed a kept-alive one "
          f"(gunicorn recycles workers after max_requests): {stats.counts['get_retries']}")
    print(f"errors: {len(stats.errors)}")
    for line in stats.errors[:20]:
        print(f"  {line}")
    print(f"lost submissions: {lost} (stored without an answer: {unanswered_but_stored})")
    if worker.poll() is not None:
        print("the Celery worker died during the run", file=sys.stderr)
        return 1
    return 1 if stats.errors or lost else 0


def main(argv: list[str] | None = None) -> int:
    return run(parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
