"""``python manage.py venue`` as the arbiter runs it: starts, answers the phones on a non-loopback
address with DEBUG off, stops on Ctrl+C, and starting it again changes nothing stored.

The phones' side is a network namespace made for the test (``ip netns``, as root): the venue
process runs inside it, finds the namespace's own address (10.231.x.2) by itself, announces it,
and the test reaches it from outside over a veth pair, as a phone on the hall's network would.
Without ``ip netns`` (not root, another system) a non-loopback address of this machine is used,
and the test is skipped when there is none.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.venue.hall import ROOT, Phone, start_venue, stop_venue, venue_env, wait_until_serving
from tournaments.venue import address as venue

PORT = 8612


def _ip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)


@pytest.fixture
def phone_network():
    """(namespace, address): a namespace with its own address reachable from here, torn down after."""
    if shutil.which("ip") is None or os.geteuid() != 0:
        yield "", ""
        return
    n = os.getpid() % 200 + 20
    ns, host_if, ns_if = f"venue-test-{os.getpid()}", f"vt{os.getpid()}a"[:15], f"vt{os.getpid()}b"[:15]
    host_ip, ns_ip = f"10.231.{n}.1", f"10.231.{n}.2"
    steps = [("netns", "add", ns), ("link", "add", host_if, "type", "veth", "peer", "name", ns_if),
             ("link", "set", ns_if, "netns", ns), ("addr", "add", f"{host_ip}/24", "dev", host_if),
             ("link", "set", host_if, "up"), ("netns", "exec", ns, "ip", "addr", "add", f"{ns_ip}/24", "dev", ns_if),
             ("netns", "exec", ns, "ip", "link", "set", ns_if, "up"), ("netns", "exec", ns, "ip", "link", "set", "lo",
                                                                       "up"),
             ("netns", "exec", ns, "ip", "route", "add", "default", "via", host_ip)]
    try:
        for step in steps:
            done = _ip(*step)
            if done.returncode != 0:
                yield "", ""
                return
        yield ns, ns_ip
    finally:
        _ip("link", "del", host_if)
        _ip("netns", "del", ns)


def _dump(db: Path) -> list[str]:
    with sqlite3.connect(db) as con:
        return list(con.iterdump())


def test_venue_serves_a_non_loopback_address_with_debug_off_and_stops_on_ctrl_c(tmp_path, phone_network):
    ns, address = phone_network
    print(f"venue test: namespace {ns or '(none)'}, address {address or '(this machine)'}")
    if not ns:
        found = venue.laptop_addresses()
        if not found:
            pytest.skip("no network namespace (needs root and ip) and no non-loopback address here")
        address = found[0]
    db, static = tmp_path / "db.sqlite3", tmp_path / "static"
    log = tmp_path / "venue.log"
    proc = start_venue(db, static, PORT, log, bind="0.0.0.0", netns=ns,  # noqa: S104 - the hall's network
                       address="" if ns else address)
    try:
        text = wait_until_serving(proc, log)
        url = f"http://{address}:{PORT}/"
        assert f"players open {url}" in text, text
        assert "▀" in text or "▄" in text, "no QR code printed"
        secret = (tmp_path / "db.sqlite3-secret-key").read_text().strip()
        assert len(secret) >= 50 and secret not in text, "the secret key is kept in its file and never printed"
        phone = Phone(url)
        status, _u, html, _h = phone.get("/")
        assert status == 200 and "<html" in html
        stylesheet = re.search(r'href="(/static/css/app\.[0-9a-f]+\.css)"', html)
        assert stylesheet, "static files are served from the laptop under hashed names (DEBUG off, collected)"
        status, _u, css, headers = phone.get(stylesheet.group(1))
        assert status == 200 and "max-age" in headers.get("Cache-Control", ""), headers
        status, _u, html, _h = phone.get("/t/no-such-tournament/")
        assert status == 404
        assert "Page not found" in html and 'class="site-header"' in html, "the styled 404 page, not DEBUG's"
        assert "Traceback" not in html and "URLconf" not in html
        status, _u, _html, _h = phone.get("/healthz")
        assert status == 200
        # Issue 23 Low 7: the database (password hashes, e-mails, sessions) is the owner's only.
        for name in ("db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm", "db.sqlite3-secret-key"):
            if (tmp_path / name).exists():
                assert (tmp_path / name).stat().st_mode & 0o777 == 0o600, name
    finally:
        code = stop_venue(proc)
    out = log.read_text(encoding="utf-8", errors="replace")
    assert code == 0, out
    assert "Stopped." in out and "Traceback" not in out, out
    assert venue.announced_url(db) == f"http://{address}:{PORT}/"

    # Starting again on the same database changes nothing stored (migrate is a no-op, no seeding).
    before = _dump(db)
    key_before = (tmp_path / "db.sqlite3-secret-key").read_text()
    proc = start_venue(db, static, PORT, log, bind="127.0.0.1", address="127.0.0.1")
    try:
        wait_until_serving(proc, log)
    finally:
        assert stop_venue(proc) == 0, log.read_text()
    assert _dump(db) == before
    assert (tmp_path / "db.sqlite3-secret-key").read_text() == key_before


def test_venue_settings_debug_off_kept_secret_and_the_laptops_hosts(tmp_path):
    """The settings venue mode loads (VENUE=1), checked in a fresh interpreter."""
    db = tmp_path / "sub" / "db.sqlite3"
    code = ("from django.conf import settings as s; import json; print(json.dumps({'debug': s.DEBUG, "
            "'key': s.SECRET_KEY, 'hosts': s.ALLOWED_HOSTS, 'ssl': getattr(s, 'SECURE_SSL_REDIRECT', False), "
            "'secure_cookie': s.SESSION_COOKIE_SECURE, 'storage': s.STORAGES['staticfiles']['BACKEND']}))")
    env = {**venue_env(db, tmp_path / "static"), "VENUE": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    runs = [subprocess.run([sys.executable, "-c", "import django; django.setup(); " + code], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr
    first, second = (__import__("json").loads(r.stdout) for r in runs)
    assert first["debug"] is False
    assert first["key"] == second["key"] == (tmp_path / "sub" / "db.sqlite3-secret-key").read_text().strip()
    assert "embedded-default-insecure" not in first["key"]
    assert first["ssl"] is False and first["secure_cookie"] is False, "plain HTTP on the hall's network"
    assert "Manifest" in first["storage"]
    for host in ("127.0.0.1", "localhost", *venue.laptop_addresses()):
        assert host in first["hosts"]
    bad = subprocess.run([sys.executable, "-c", "import django; django.setup()"], cwd=ROOT,
                         env={**env, "DATABASE_URL": "postgres://x@127.0.0.1/x"}, capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode != 0 and "Venue mode runs on the embedded SQLite database" in bad.stderr


def test_secret_key_is_made_once_and_kept(tmp_path):
    db = tmp_path / "db.sqlite3"
    key = venue.secret_key(db)
    assert key == venue.secret_key(db) == (tmp_path / "db.sqlite3-secret-key").read_text().strip()
    if os.name == "posix":
        assert (tmp_path / "db.sqlite3-secret-key").stat().st_mode & 0o077 == 0, "readable by the owner only"
    assert venue.secret_key(tmp_path / "other.sqlite3") != key


def test_templates_and_static_files_load_nothing_from_the_internet():
    """No CDN: every script, style and font comes from the laptop (links in text are fine, loads are not)."""
    loads = re.compile(r"""(?:src|href)\s*=\s*["'](?:https?:)?//|@import\s+url\(\s*["']?(?:https?:)?//|"""
                       r"""url\(\s*["']?(?:https?:)?//""", re.I)
    offenders = []
    for folder in (ROOT / "templates", ROOT / "static", ROOT / "games" / "templates",
                   ROOT / "tournaments" / "templates"):
        for path in folder.rglob("*"):
            if path.suffix in {".html", ".css", ".js", ".svg"} and path.is_file():
                text = path.read_text(encoding="utf-8", errors="replace")
                offenders += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in loads.finditer(text)]
    assert not offenders, offenders


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_the_venue_database_is_created_for_the_owner_only(tmp_path):
    """Issue 23 Low 7: ``manage.py venue`` creates db.sqlite3 mode 0600 whatever the umask, and narrows
    one that exists (with its WAL files) to that; sqlite3 then keeps the mode."""
    old = os.umask(0o022)
    try:
        db = tmp_path / "new" / "db.sqlite3"
        venue.private_database(db)
        assert db.stat().st_mode & 0o777 == 0o600
        with sqlite3.connect(db) as con:
            con.execute("PRAGMA journal_mode=WAL")
            con.execute("CREATE TABLE t (x)")
        assert db.stat().st_mode & 0o777 == 0o600
        for suffix in ("-wal", "-shm"):
            side = db.with_name(db.name + suffix)
            assert not side.exists() or side.stat().st_mode & 0o777 == 0o600
        wide = tmp_path / "db.sqlite3"
        wide.write_bytes(b"")
        wide.chmod(0o644)
        (tmp_path / "db.sqlite3-wal").write_bytes(b"")
        (tmp_path / "db.sqlite3-wal").chmod(0o664)
        venue.private_database(wide)
        assert wide.stat().st_mode & 0o777 == 0o600
        assert (tmp_path / "db.sqlite3-wal").stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(old)
