"""``python manage.py venue [--port 8000] [--address 192.168.1.20] [--language de]``: serve the hall.

The embedded default (SQLite, inline tasks) served by waitress on every interface of the laptop,
DEBUG off (``manage.py`` sets VENUE=1 before the settings load; see ``tournaments/venue/address.py``). Prints
the address players type and its QR code; Ctrl+C stops it. Starting it again on the same
database changes nothing stored.
"""

from __future__ import annotations

import sys
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.venue import address as venue
from tournaments.venue import server as venue_server


class Command(BaseCommand):
    help = "Serve this laptop's tournaments to the phones in the hall (waitress, DEBUG off, SQLite)."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
        parser.add_argument("--address", default="", help="the address to announce (default: the laptop's own)")
        parser.add_argument("--bind", default="0.0.0.0", help="interface to listen on (default: all)")  # noqa: S104
        parser.add_argument("--threads", type=int, default=venue_server.THREADS)
        parser.add_argument("--language", default=settings.LANGUAGE_CODE, choices=[c for c, _n in settings.LANGUAGES])

    def handle(self, *args: Any, **options: Any) -> None:
        if not getattr(settings, "VENUE", False):
            raise CommandError("Start venue mode as `python manage.py venue` (it sets VENUE=1 before settings load).")
        if not 0 < options["port"] < 65536:
            raise CommandError(f"--port {options['port']}: not a TCP port (1-65535)")
        translation.activate(options["language"])
        venue_server.prepare()
        address, others = venue_server.choose_address(options["address"])
        url = venue.venue_url(address, options["port"])
        venue_server.announce(url)
        if address not in settings.ALLOWED_HOSTS:
            settings.ALLOWED_HOSTS.append(address)

        def ready() -> None:
            out = self.stdout
            out.write("")
            out.write(self.style.SUCCESS(_("Venue mode: players open %(url)s on their phones") % {"url": url}))
            venue_server.print_qr(url, sys.stdout)
            for other in others:
                out.write(_("Also reachable at %(url)s") % {"url": venue.venue_url(other, options["port"])})
            if address == "127.0.0.1":
                out.write(self.style.WARNING(_("No network found: only this laptop can reach the site.")))
            if not get_user_model().objects.filter(is_superuser=True).exists():
                out.write(self.style.WARNING(
                    _("No administrator account yet: stop with Ctrl+C and run python manage.py createsuperuser")))
            out.write(_("Database: %(path)s (copy this file to back up the event)")
                      % {"path": venue_server.database_path()})
            out.write(_("Press Ctrl+C to stop."))
            self.stdout.flush()

        try:
            venue_server.serve(options["port"], host=options["bind"], threads=options["threads"], ready=ready)
        except OSError as exc:
            message = _("Cannot listen on port %(port)s: %(error)s") % {"port": options["port"], "error": exc}
            raise CommandError(message) from exc
        self.stdout.write(_("Stopped."))
