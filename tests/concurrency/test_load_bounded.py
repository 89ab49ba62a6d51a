"""The bounded load test (bench/load_test.py) with small bounds, for CI: ``pytest -m load``.

Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (skipped when either is missing).
The script starts gunicorn and a Celery worker itself and stops them when done.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _listening(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.load
@pytest.mark.parametrize("nginx", [False, True], ids=["gunicorn", "behind-nginx"])
def test_small_load_run_has_no_errors_and_loses_no_submission(nginx):
    """Directly on gunicorn, and behind the deploy kit's nginx with its micro-cache (issue 18; nginx
    is installed from the Debian packages when missing)."""
    if not (_listening(5432) and _listening(6379)):
        pytest.skip("the load test needs PostgreSQL (5432) and Redis (6379) on 127.0.0.1")
    pg_user = os.environ.get("PG_USER", "postgres")
    proc = subprocess.run(
        [sys.executable, "bench/load_test.py", "--seconds", "10", "--players", "10", "--spectators", "20",
         "--pg", f"postgres://{pg_user}@127.0.0.1:5432", "--database", "draughts_load_ci", "--redis-db", "13",
         *(["--nginx"] if nginx else [])],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    out = proc.stdout + proc.stderr
    print(out)
    assert proc.returncode == 0, out
    assert re.search(r"^errors: 0$", proc.stdout, re.M), out
    assert re.search(r"^lost submissions: 0 ", proc.stdout, re.M), out
    accepted = int(re.search(r"submissions: (\d+) answered", proc.stdout).group(1))
    assert accepted > 0, "no submission went through: the load test measured nothing"
    versions, renders = map(int, re.search(r"versions during the run: (\d+); shared page renders: (\d+)",
                                           proc.stdout).groups())
    assert versions > 0 and renders <= versions + 5, "a public page rendered more than once per version"
    if nginx:
        hits = re.search(r"micro-cache on the standings polls: .*HIT (\d+)", proc.stdout)
        assert hits and int(hits.group(1)) > 0, out
