"""Helpers of the venue tests: start and stop ``manage.py venue`` as a real process, and phones
(urllib clients with their own cookies) that use the real pages and forms."""

from __future__ import annotations

import http.cookiejar
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def venue_env(db: Path, static_root: Path) -> dict[str, str]:
    """The environment of a venue process: the embedded default on ``db`` (no variables of the
    test run that would switch to PostgreSQL or a broker)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "DATABASE_", "CELERY_", "REDIS_", "SECRET_KEY", "DEBUG", "ALLOWED_HOSTS",
                                "SITE_URL", "VENUE"))}
    env.update({"SQLITE_PATH": str(db), "STATIC_ROOT": str(static_root), "PYTHONUNBUFFERED": "1"})
    return env


def start_venue(db: Path, static_root: Path, port: int, log: Path, *, bind: str = "127.0.0.1", address: str = "",
                netns: str = "") -> subprocess.Popen[bytes]:
    cmd = [sys.executable, str(ROOT / "manage.py"), "venue", "--port", str(port), "--bind", bind]
    if address:
        cmd += ["--address", address]
    if netns:
        cmd = ["ip", "netns", "exec", netns, *cmd]
    return subprocess.Popen(cmd, cwd=ROOT, env=venue_env(db, static_root), stdout=log.open("wb"),
                            stderr=subprocess.STDOUT)


def wait_until_serving(proc: subprocess.Popen[bytes], log: Path, timeout: float = 90) -> str:
    """Block until the venue process has printed its address; returns the log so far."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = log.read_text(encoding="utf-8", errors="replace")
        if "Press Ctrl+C to stop." in text:
            return text
        if proc.poll() is not None:
            raise AssertionError(f"the venue server exited with {proc.returncode}:\n{text}")
        time.sleep(0.2)
    raise AssertionError(f"the venue server did not start within {timeout} s:\n{log.read_text()}")


def stop_venue(proc: subprocess.Popen[bytes], timeout: float = 30) -> int:
    """Ctrl+C (SIGINT) and wait; returns the exit code (kills only if it does not stop)."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            return proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
            raise AssertionError("the venue server did not stop on Ctrl+C") from None
    return proc.returncode


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: ANN001 - urllib's signature
        return None


class Phone:
    """One phone: its own cookies; follows redirects like a browser unless told not to."""

    def __init__(self, base: str) -> None:
        self.base = base.rstrip("/")
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.plain = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect)

    def _open(self, req: urllib.request.Request, follow: bool) -> tuple[int, str, str, dict[str, str]]:
        opener = self.opener if follow else self.plain
        try:
            with opener.open(req, timeout=120) as resp:
                return resp.status, resp.geturl(), resp.read().decode("utf-8", "replace"), dict(resp.headers)
        except urllib.error.HTTPError as exc:
            return exc.code, exc.geturl(), exc.read().decode("utf-8", "replace"), dict(exc.headers)

    def get(self, path: str, *, follow: bool = True) -> tuple[int, str, str, dict[str, str]]:
        url = path if path.startswith("http") else self.base + path
        return self._open(urllib.request.Request(url, headers={"Accept-Language": "en"}), follow)

    def post(self, path: str, data: dict[str, str], *, follow: bool = True) -> tuple[int, str, str, dict[str, str]]:
        url = path if path.startswith("http") else self.base + path
        body = urllib.parse.urlencode(data).encode()
        req = urllib.request.Request(url, data=body, headers={"Accept-Language": "en",
                                                              "Content-Type": "application/x-www-form-urlencoded"})
        return self._open(req, follow)

    def login(self, username: str, password: str, next_path: str) -> tuple[int, str, str, dict[str, str]]:
        """Sign in through the login form; lands on ``next_path`` (followed)."""
        status, _url, html, _h = self.get("/accounts/login/?next=" + urllib.parse.quote(next_path))
        assert status == 200, status
        return self.post("/accounts/login/?next=" + urllib.parse.quote(next_path),
                         {"csrfmiddlewaretoken": csrf(html), "username": username, "password": password,
                          "next": next_path})


def csrf(html: str) -> str:
    match = CSRF_RE.search(html)
    assert match, "no CSRF token on the page"
    return match.group(1)


def form_action(html: str, pattern: str) -> str:
    """The action of the first POST form whose action matches ``pattern``."""
    match = re.search(r'<form method="post" action="(' + pattern + r')"', html)
    assert match, f"no form matching {pattern}"
    return match.group(1)
