"""Serve venue mode with waitress (pure Python: Linux, macOS and Windows).

``python manage.py venue`` calls ``prepare`` (migrate, translations, static files: each a no-op
when already done, so starting again changes nothing stored), announces the address players type
(printed with a QR code of it, and kept beside the database for ``board_cards``), then ``serve``s
until Ctrl+C, and on the way out checkpoints the SQLite write-ahead log so the database file is
complete on its own (copy it to back up the event).
"""

from __future__ import annotations

import io
import signal
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TextIO

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.wsgi import get_wsgi_application
from django.db import connection, connections
from waitress.server import create_server

from tournaments.venue import address as venue

THREADS = 8  # phones at once per request burst; SQLite serialises the writes (WAL, busy timeout)


def database_path() -> Path:
    return Path(settings.DATABASES["default"]["NAME"])


def prepare() -> None:
    """The database file (owner-only), its tables, compiled translations and collected static files
    (all idempotent)."""
    venue.private_database(database_path())
    call_command("migrate", interactive=False, verbosity=0)
    call_command("compile_translations", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


def choose_address(wanted: str = "") -> tuple[str, list[str]]:
    """The address to announce (``wanted`` if given) and every other address of the laptop.

    Without any network the laptop itself is still served on 127.0.0.1.
    """
    found = venue.laptop_addresses()
    address = wanted or (found[0] if found else "127.0.0.1")
    return address, [a for a in found if a != address]


def qr_text(url: str) -> str:
    """The QR code of ``url`` drawn with Unicode half blocks (two modules per character row)."""
    buf = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=buf, compact=True, border=2)
    return buf.getvalue()


def print_qr(url: str, out: TextIO) -> None:
    """Print the QR code; a console that cannot show the half blocks (an old Windows code page)
    gets segno's own terminal drawing instead."""
    text = qr_text(url)
    try:
        out.write(text)
        out.flush()
    except UnicodeEncodeError:
        segno.make(url, error="m", micro=False).terminal(border=2)


def announce(url: str) -> None:
    """Make ``url`` the address of printed QR codes, in this process and for ``board_cards``."""
    settings.SITE_URL = url
    venue.announce(database_path(), url)


def checkpoint() -> None:
    """Fold the write-ahead log into the database file (a copy of db.sqlite3 is then complete)."""
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connections.close_all()


def _stop_on_terminate(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt


def serve(port: int, *, host: str = "0.0.0.0", threads: int = THREADS,  # noqa: S104 - the hall's network
          ready: Callable[[], None] | None = None) -> None:
    """Serve the site on ``host:port`` until Ctrl+C (or a terminate signal); then close cleanly."""
    # The application is made after ``prepare``: WhiteNoise indexes the collected static files now.
    server = create_server(get_wsgi_application(), host=host, port=port, threads=threads, ident="draughts-arbiter",
                           clear_untrusted_proxy_headers=True)
    if ready is not None:
        ready()
    previous = signal.signal(signal.SIGTERM, _stop_on_terminate)
    # Ctrl+C stops the server even when it was started from a shell that ignores SIGINT for its
    # background jobs (Python then leaves SIGINT ignored).
    previous_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        server.run()  # returns after Ctrl+C: waitress catches KeyboardInterrupt and stops its threads
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, previous_int)
        server.close()
        checkpoint()

