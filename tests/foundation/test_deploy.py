"""The deploy kit: production settings pass ``check --deploy``; env.example lists every variable."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV_EXAMPLE = ROOT / "deploy" / "env.example"

# Every way settings.py reads a variable: env("X"), env_bool("X"), env_int("X"), env_list("X"),
# os.environ.get("X") / os.environ["X"] / os.getenv("X").
READ = re.compile(r"""(?:\benv(?:_bool|_int|_list)?|os\.environ\.get|os\.getenv)\(\s*["']([A-Z][A-Z0-9_]*)["']""")
READ_ITEM = re.compile(r"""os\.environ\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\]""")


def _read_variables(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return set(READ.findall(text)) | set(READ_ITEM.findall(text))


def _listed_variables() -> set[str]:
    names = set()
    for line in ENV_EXAMPLE.read_text(encoding="utf-8").splitlines():
        match = re.match(r"^\s*([A-Z][A-Z0-9_]*)=", line)
        if match:
            names.add(match.group(1))
    return names


def _production_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_", "CELERY_", "REDIS_"))}
    env.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "SECRET_KEY": secrets.token_urlsafe(60),
            "DEBUG": "0",
            "ALLOWED_HOSTS": "draughts.example.org",
            "CSRF_TRUSTED_ORIGINS": "https://draughts.example.org",
            "DATABASE_URL": "postgres://draughts:secret@127.0.0.1:5432/draughts",
            "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
            "REDIS_URL": "redis://127.0.0.1:6379/1",
            "REAL_IP_HEADER": "HTTP_X_REAL_IP",
        }
    )
    return env


def test_the_settings_read_variables_at_all():
    # Guards the regular expression: if it stopped matching, the next test would pass vacuously.
    assert {"SECRET_KEY", "DEBUG", "DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL"} <= _read_variables(
        ROOT / "config" / "settings.py"
    )


def test_env_example_lists_every_variable_settings_reads():
    listed = _listed_variables()
    # NAME_FILE (a container secret) is documented once for all: it counts as listed with NAME.
    missing = {
        name
        for name in _read_variables(ROOT / "config" / "settings.py") - listed
        if not (name.endswith("_FILE") and name.removesuffix("_FILE") in listed)
    }
    assert not missing, f"deploy/env.example does not list: {sorted(missing)}"


def test_env_example_lists_every_variable_gunicorn_reads():
    missing = _read_variables(ROOT / "deploy" / "gunicorn.conf.py") - _listed_variables()
    assert not missing, f"deploy/env.example does not list: {sorted(missing)}"


def test_env_example_lists_no_variable_nobody_reads():
    read = _read_variables(ROOT / "config" / "settings.py") | _read_variables(ROOT / "deploy" / "gunicorn.conf.py")
    stale = _listed_variables() - read - {"POSTGRES_PASSWORD"}
    assert not stale, f"deploy/env.example lists variables nothing reads: {sorted(stale)}"


def test_check_deploy_reports_nothing_with_production_variables():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=_production_env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "System check identified no issues (0 silenced)." in output
    assert "WARNINGS" not in output


def test_production_settings_refuse_to_start_without_a_secret_key():
    env = _production_env()
    del env["SECRET_KEY"]
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


@pytest.mark.parametrize("value", ["maybe", "2"])
def test_a_misspelt_boolean_stops_start_up_with_its_name(value):
    env = _production_env()
    env["DEBUG"] = value
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode != 0
    assert f"DEBUG={value!r} is not a boolean" in result.stderr


def test_secret_key_can_come_from_a_file(tmp_path):
    secret = tmp_path / "secret"
    secret.write_text(secrets.token_urlsafe(60) + "\n")
    env = _production_env()
    del env["SECRET_KEY"]
    env["SECRET_KEY_FILE"] = str(secret)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_deploy_kit_files_exist():
    for name in (
        "Dockerfile",
        "compose.yml",
        "gunicorn.conf.py",
        "env.example",
        "README.md",
        "healthcheck.py",
        "systemd/draughts-web.service",
        "systemd/draughts-worker.service",
        "nginx/draughts.conf",
    ):
        assert (ROOT / "deploy" / name).is_file(), name
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "USER app" in dockerfile and "HEALTHCHECK" in dockerfile and "collectstatic" in dockerfile


def _gunicorn_config(monkeypatch, **env):
    import runpy

    for name in ("GUNICORN_BIND", "WEB_CONCURRENCY", "GUNICORN_THREADS", "GUNICORN_TIMEOUT", "FORWARDED_ALLOW_IPS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(ROOT / "deploy" / "gunicorn.conf.py"))


def test_gunicorn_defaults_to_loopback_and_bounded_workers(monkeypatch):
    config = _gunicorn_config(monkeypatch)
    assert config["bind"] == "127.0.0.1:8000"
    assert 1 <= config["workers"] <= 8
    assert config["forwarded_allow_ips"] == "127.0.0.1"


def test_gunicorn_reads_its_variables(monkeypatch):
    config = _gunicorn_config(monkeypatch, GUNICORN_BIND="0.0.0.0:9000", WEB_CONCURRENCY="5", GUNICORN_TIMEOUT="30")
    assert (config["bind"], config["workers"], config["timeout"]) == ("0.0.0.0:9000", 5, 30)


def test_nginx_accepts_exactly_the_largest_upload_the_app_accepts():
    """Issue 14 item 14: nginx's client_max_body_size equals the app's largest upload limit (bigger
    lets requests reach gunicorn only to be refused; smaller cuts off uploads the app would take)."""
    from games.services.archive_zip import MAX_ZIP_BYTES
    from games.views.pdn import MAX_UPLOAD
    from tournaments.services.csv_import import MAX_BYTES

    conf = (ROOT / "deploy" / "nginx" / "draughts.conf").read_text(encoding="utf-8")
    sizes = re.findall(r"^\s*client_max_body_size\s+(\d+)([km]?);", conf, re.MULTILINE)
    factor = {"": 1, "k": 1024, "m": 1024 * 1024}
    assert [int(n) * factor[unit] for n, unit in sizes] == [max(MAX_ZIP_BYTES, MAX_UPLOAD, MAX_BYTES)]
