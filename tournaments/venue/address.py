"""Venue mode: the arbiter's laptop serves every phone in the hall (``python manage.py venue``).

Standard library only (``config/settings.py`` imports it before Django is set up) and no
Unix-only calls: it runs on Linux, macOS and Windows. What it provides:

* ``laptop_addresses``: the IPv4 addresses of this machine that phones on the same network can
  reach (the address of the default route first), found with plain sockets;
* ``allowed_hosts``: those addresses, the machine's names, and loopback, for ``ALLOWED_HOSTS``;
* ``secret_key``: a key generated once and kept in a file beside the SQLite database
  (``db.sqlite3`` -> ``db.sqlite3-secret-key``), never printed;
* ``private_database``: the SQLite file created readable by the owner only (mode 0600; SQLite gives
  its ``-wal`` and ``-shm`` files the database's mode), an existing one narrowed to that;
* ``announce`` / ``announced_url``: the address the venue server announces, kept beside the
  database too, so that ``board_cards`` run in another terminal prints the same address.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import secrets
import socket
from pathlib import Path

# Destinations used only to ask the operating system which local address it would route from:
# connecting a UDP socket sends nothing. A documentation address, a private one, a public one.
_PROBES = ("192.0.2.1", "10.255.255.255", "8.8.8.8")


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def _routed_address(probe: str) -> str | None:
    """The local address the system would send from to ``probe`` (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect((probe, 9))
            address = str(s.getsockname()[0])
        except OSError:
            return None
    return address if _usable(address) else None


def laptop_addresses() -> list[str]:
    """This machine's IPv4 addresses that other devices can reach, the default route's first.

    Loopback and link-local addresses are left out; an empty list means no network at all.
    """
    found: list[str] = []
    for probe in _PROBES:
        address = _routed_address(probe)
        if address and address not in found:
            found.append(address)
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if _usable(address) and address not in found:
            found.append(address)
    return found


def allowed_hosts(extra: list[str] | None = None) -> list[str]:
    """``ALLOWED_HOSTS`` for venue mode: the laptop's addresses and names, loopback, and ``extra``."""
    name = socket.gethostname()
    hosts = [*laptop_addresses(), "127.0.0.1", "localhost", "[::1]"]
    if name:
        hosts += [name, f"{name}.local", name.lower(), f"{name.lower()}.local"]
    hosts += extra or []
    return list(dict.fromkeys(h for h in hosts if h))


def _beside(database: Path, suffix: str) -> Path:
    return database.with_name(f"{database.name}-{suffix}")


def secret_key_path(database: Path) -> Path:
    return _beside(database, "secret-key")


def secret_key(database: Path) -> str:
    """The venue's secret key: read from the file beside ``database``, created once when missing.

    The file is created exclusively (two processes starting at once cannot both write one) and,
    where the system supports it, readable by the owner only.
    """
    path = secret_key_path(database)
    try:
        key = path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        key = ""
    if key:
        return key
    path.parent.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip()
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(key + "\n")
    return key


def private_database(database: Path) -> None:
    """Create ``database`` empty with mode 0600 when it does not exist, else take group and other
    permissions off it (and off its ``-wal``/``-shm`` files): it holds every account's password hash,
    e-mail and session. On Windows ``chmod`` only sets the read-only flag: nothing to narrow there."""
    database.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(database, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    if os.name != "posix":
        return
    for path in (database, _beside(database, "wal"), _beside(database, "shm")):
        try:
            mode = path.stat().st_mode & 0o777
            if mode & 0o077:
                path.chmod(mode & 0o700)
        except OSError:  # missing, or owned by another user: nothing to narrow
            continue


def state_path(database: Path) -> Path:
    return _beside(database, "venue.json")


def venue_url(address: str, port: int) -> str:
    """The address players type: ``http://192.168.1.20:8000/`` (no port for 80)."""
    return f"http://{address}/" if port == 80 else f"http://{address}:{port}/"


def announce(database: Path, url: str) -> None:
    """Keep the announced address beside the database (read by ``announced_url``)."""
    path = state_path(database)
    text = json.dumps({"url": url}) + "\n"
    try:
        if path.read_text(encoding="utf-8") == text:
            return
    except OSError:
        pass
    path.write_text(text, encoding="utf-8")


def announced_url(database: Path) -> str:
    """The address the venue server last announced for ``database``, or ""."""
    try:
        data = json.loads(state_path(database).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    url = data.get("url") if isinstance(data, dict) else None
    return url if isinstance(url, str) and url.startswith("http") else ""
