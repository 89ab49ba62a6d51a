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


NGINX_SITE = ROOT / "deploy" / "nginx" / "draughts.conf"
# The oldest nginx the site must run on: Debian 12's (bookworm). Debian 13 ships 1.26, which accepts
# the same file (``listen ... http2`` is deprecated there, with a warning, not refused).
NGINX_MINIMUM = (1, 22)


def test_nginx_site_uses_no_directive_newer_than_the_stated_minimum():
    """Issue 23 Low 7: ``http2 on;`` (nginx 1.25.1+) is refused by Debian 12's nginx 1.22, which stops
    ``nginx -t``. HTTP/2 is switched on by ``listen 443 ssl http2`` (1.9.5+); the README states the minimum."""
    conf = NGINX_SITE.read_text(encoding="utf-8")
    code = "\n".join(line.split("#", 1)[0] for line in conf.splitlines())
    assert not re.search(r"^\s*http2\s+on\s*;", code, re.MULTILINE)
    assert re.search(r"^\s*listen\s+443\s+ssl\s+http2\s*;", code, re.MULTILINE)
    stated = ".".join(str(n) for n in NGINX_MINIMUM)
    assert f"nginx {stated}" in conf
    assert f"nginx {stated}" in (ROOT / "deploy" / "README.md").read_text(encoding="utf-8")


def _self_signed(tmp_path: Path) -> tuple[Path, Path]:
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=draughts.example.org",
                    "-days", "1", "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    return cert, key


@pytest.mark.skipif(not Path("/usr/sbin/nginx").exists() or not Path("/usr/bin/openssl").exists(),
                    reason="needs Debian's nginx (apt-get install nginx-light) and openssl")
def test_nginx_of_debian_stable_accepts_the_site(tmp_path):
    """``nginx -t`` of the installed nginx (Debian's package; .ci/run installs nginx-light) on the site
    file as shipped, inside a minimal main configuration; only the certificate and cache paths are
    pointed at throw-away copies."""
    version = subprocess.run(["/usr/sbin/nginx", "-v"], capture_output=True, text=True).stderr
    found = tuple(int(n) for n in re.search(r"nginx/(\d+)\.(\d+)", version).groups())
    assert found >= NGINX_MINIMUM, version
    cert, key = _self_signed(tmp_path)
    site = NGINX_SITE.read_text(encoding="utf-8")
    site = site.replace("/etc/letsencrypt/live/draughts.example.org/fullchain.pem", str(cert))
    site = site.replace("/etc/letsencrypt/live/draughts.example.org/privkey.pem", str(key))
    site = site.replace("/var/cache/nginx/draughts", str(tmp_path / "cache"))
    (tmp_path / "site.conf").write_text(site, encoding="utf-8")
    main = tmp_path / "nginx.conf"
    main.write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
        f"http {{\n  access_log off;\n  client_body_temp_path {tmp_path}/body;\n  proxy_temp_path {tmp_path}/proxy;\n"
        f"  include {tmp_path}/site.conf;\n}}\n", encoding="utf-8")
    done = subprocess.run(["/usr/sbin/nginx", "-t", "-q", "-p", str(tmp_path), "-e", str(tmp_path / "error.log"),
                           "-c", str(main)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def _example_values() -> dict[str, str]:
    """Each variable's value as env.example means it (the text between the quotes)."""
    values = {}
    for line in ENV_EXAMPLE.read_text(encoding="utf-8").splitlines():
        match = re.match(r'^([A-Z][A-Z0-9_]*)="([^"$`\\]*)"$', line)
        if match:
            values[match.group(1)] = match.group(2)
    return values


def test_env_example_quotes_every_value():
    """Issue 23 Low 7: ``SITE_NAME=Draughts Arbiter`` unquoted makes ``set -a; . /etc/draughts/env`` (the
    README's own set-up step) run ``Arbiter`` as a command and leave SITE_NAME unset."""
    assigned = [line for line in ENV_EXAMPLE.read_text(encoding="utf-8").splitlines()
                if re.match(r"^\s*[A-Z][A-Z0-9_]*=", line)]
    assert len(_example_values()) == len(assigned) > 30, [a for a in assigned if a.split("=", 1)[0]
                                                          not in _example_values()]


def test_a_shell_reads_env_example_as_meant():
    """The README's ``set -a; . /etc/draughts/env``: every variable arrives with its whole value."""
    script = f'set -a; . "{ENV_EXAMPLE}" || exit 9; set +a; env -0'
    done = subprocess.run(["bash", "-c", script], capture_output=True, env={"PATH": os.environ.get("PATH", "")})
    assert done.returncode == 0 and not done.stderr, done.stderr
    seen = dict(item.split("=", 1) for item in done.stdout.decode().split("\0") if "=" in item)
    expected = _example_values()
    assert expected["SITE_NAME"] == "Draughts Arbiter"
    assert {k: seen.get(k) for k in expected} == expected


def test_every_long_running_service_is_restarted_when_it_stops():
    """Issue 23, fault 2: a worker that stops (Redis gone, out of memory) must come back by itself in
    every deploy path: compose's restart policy on each service but the one-off migration, systemd's
    Restart= on both units. Venue mode runs tasks inline (no worker to supervise)."""
    compose = (ROOT / "deploy" / "compose.yml").read_text(encoding="utf-8")
    part = compose.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    services = re.split(r"^  (\w+):\n", part, flags=re.MULTILINE)
    blocks = dict(zip(services[1::2], services[2::2], strict=True))
    assert {"web", "worker", "postgres", "redis", "migrate"} <= set(blocks)
    anchor = re.search(r"x-app: &app\n(.*?)\n\n", compose, re.DOTALL).group(1)
    for name, block in blocks.items():
        policy = re.search(r"^    restart: (.+)$", block, re.MULTILINE) or (
            re.search(r"^  restart: (.+)$", anchor, re.MULTILINE) if "<<: *app" in block else None)
        if name == "migrate":
            assert policy and policy.group(1).strip('"') == "no"
        else:
            assert policy and policy.group(1) in ("unless-stopped", "always"), name
    assert "--beat" in blocks["worker"]
    worker_unit = (ROOT / "deploy" / "systemd" / "draughts-worker.service").read_text(encoding="utf-8")
    assert re.search(r"^Restart=always$", worker_unit, re.MULTILINE) and "--beat" in worker_unit
    assert re.search(r"^Restart=", (ROOT / "deploy" / "systemd" / "draughts-web.service").read_text(), re.MULTILINE)
