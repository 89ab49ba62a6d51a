"""Production settings as an operator writes them (``check --deploy`` itself is tested in
tests/foundation/test_deploy.py): values gunicorn accepts must not stop Django from starting."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("level", ["INFO", "info", "Warning"])
def test_django_starts_with_the_log_level_spelled_as_gunicorn_takes_it(level, tmp_path):
    """deploy/gunicorn.conf.py lower-cases LOG_LEVEL for gunicorn; Django's logging needs upper case:
    ``LOG_LEVEL=info`` stopped every web process with "Unable to configure root logger"."""
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "example.org",
           "LOG_LEVEL": level, "SQLITE_PATH": str(tmp_path / "db.sqlite3"), "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DATABASE_URL", None)
    proc = subprocess.run([sys.executable, "-c", "import django; django.setup(); print('ok')"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "ok" in proc.stdout, proc.stderr[-500:]
