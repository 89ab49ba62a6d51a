"""Start and stop the load test's servers: gunicorn (web) and a Celery worker, on loopback only.

Both run as their own process groups with the load environment; ``stop`` ends exactly those
groups (SIGTERM, then SIGKILL after a grace period), never anything else.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


def pinned(cmd: list[str], cpus: str) -> list[str]:
    """``cmd`` run on the CPUs ``cpus`` (``taskset -c``; e.g. "0"), or as it is when ``cpus`` is empty."""
    return ["taskset", "-c", cpus, *cmd] if cpus else cmd


def pin_services(cpus: str) -> list[int]:
    """Pin the running PostgreSQL and Redis servers (every process and thread, and the backends they
    fork later) to ``cpus``; returns their pids (``unpin_services`` gives them every CPU back)."""
    pids = [int(x) for x in subprocess.run(["pgrep", "-x", "postgres|redis-server"], capture_output=True,
                                           text=True).stdout.split()]
    for pid in pids:
        subprocess.run(["taskset", "-a", "-p", "-c", cpus, str(pid)], capture_output=True)
    return pids


def unpin_services(pids: list[int]) -> None:
    every = f"0-{(os.cpu_count() or 1) - 1}"
    for pid in pids:
        subprocess.run(["taskset", "-a", "-p", "-c", every, str(pid)], capture_output=True)


def cpu_by_root(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds used so far by each of ``pids`` with its children (gunicorn's workers,
    PostgreSQL's backends through their postmaster), keyed by the pid given; 0 for a process that is gone."""
    tick = os.sysconf("SC_CLK_TCK")
    totals = dict.fromkeys(pids, 0.0)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, ppid = int(stat.parent.name), int(fields[1])
        root = pid if pid in totals else ppid if ppid in totals else None
        if root is not None:
            totals[root] += (int(fields[11]) + int(fields[12])) / tick
    return totals


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds used so far by ``pids`` and their children (``cpu_by_root`` summed)."""
    return sum(cpu_by_root(pids).values())


def process_name(pid: int) -> str:
    """The short name of process ``pid`` ("postgres", "redis-server", ...), or "gone"."""
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return "gone"


def start_gunicorn(env: dict[str, str], port: int, log: Path, workers: int = 2,
                   threads: int = 4, cpus: str = "") -> subprocess.Popen[bytes]:
    """gunicorn with the project's deploy config, bound to 127.0.0.1:``port`` (on ``cpus`` when given)."""
    env = {**env, "GUNICORN_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers),
           "GUNICORN_THREADS": str(threads), "LOG_LEVEL": "INFO"}
    cmd = pinned([str(VENV_BIN / "gunicorn"), "-c", str(ROOT / "deploy" / "gunicorn.conf.py"), "--access-logfile",
                  "/dev/null", "config.wsgi:application"], cpus)
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def start_celery(env: dict[str, str], log: Path, cpus: str = "") -> subprocess.Popen[bytes]:
    """One Celery worker (solo pool: one task at a time, like a small server's single worker)."""
    cmd = pinned([str(VENV_BIN / "celery"), "-A", "config", "worker", "--pool=solo", "--concurrency=1",
                  "--loglevel=WARNING", "--without-gossip", "--without-mingle", "--without-heartbeat"], cpus)
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_http(port: int, path: str = "/healthz", timeout: float = 60,
                  proc: subprocess.Popen[bytes] | None = None) -> None:
    """Block until ``GET path`` answers 200 on 127.0.0.1:``port``; RuntimeError after ``timeout``
    or when ``proc`` (the server we started) has exited: then the answer would come from someone else."""
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited with code {proc.returncode} (port {port} in use?)")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            conn.close()
            if resp.status == 200:
                return
            last = f"status {resp.status}"
        except OSError as exc:
            last = str(exc)
        time.sleep(0.3)
    raise RuntimeError(f"the server on port {port} did not answer {path}: {last}")


def stop(proc: subprocess.Popen[bytes] | None, grace: float = 10) -> None:
    """End the process group we started (SIGTERM, then SIGKILL)."""
    if proc is None or proc.poll() is not None:
        return
    pgid = os.getpgid(proc.pid)
    os.killpg(pgid, signal.SIGTERM)
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        os.killpg(pgid, signal.SIGKILL)
        proc.wait(5)
