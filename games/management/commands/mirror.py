"""``python manage.py mirror --to https://server/ --token KEY [--tournament SLUG] [--interval 2] [--once]``:
the hall laptop sends its tournament to the public server whenever something changed (issue 30.3).

The key is created on the server by the tournament's chief arbiter (Mirror page). ``--to`` and ``--token``
default to the settings ``MIRROR_TO`` and ``MIRROR_TOKEN`` (environment). When the server cannot be reached
the changes wait and the whole tournament is sent again at the next try, so the server catches up in
order; the round page on the laptop says "mirrored 12 s ago" or "not mirrored since 20:14 (3 changes
waiting)". Stop with Ctrl+C.
"""

from __future__ import annotations

import time
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from games.services.mirror import push
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Mirror a tournament of this laptop to the public server (every change, as it happens)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--to", default="", help="the public server, e.g. https://draughts.example.org/")
        parser.add_argument("--token", default="", help="the mirror key created on the server")
        parser.add_argument("--tournament", default="", help="the tournament's web address (slug) on this laptop")
        parser.add_argument("--interval", type=float, default=2.0, help="seconds between checks (default 2)")
        parser.add_argument("--once", action="store_true", help="push once (if anything changed) and stop")
        parser.add_argument("--force", action="store_true", help="push even if nothing changed")

    def handle(self, *args: Any, **options: Any) -> None:
        target = options["to"] or settings.MIRROR_TO
        token = options["token"] or settings.MIRROR_TOKEN
        if not target.startswith(("http://", "https://")):
            raise CommandError("--to: the public server's address, starting with https:// (or http://)")
        if not token:
            raise CommandError("--token: the mirror key the server's chief arbiter created (Mirror page)")
        if not 0.5 <= options["interval"] <= 3600:
            raise CommandError("--interval: between 0.5 and 3600 seconds")
        tournament = self._tournament(options["tournament"])
        self.stdout.write(f"Mirroring {tournament.slug} to {target} (Ctrl+C stops)")
        force = options["force"]
        try:
            while True:
                sent, message = push(tournament, target, token, force=force)
                force = False
                stamp = timezone.localtime().strftime("%H:%M:%S")
                if sent:
                    self.stdout.write(f"{stamp} sent: {message}")
                elif message and not message.startswith("Nothing"):
                    self.stderr.write(f"{stamp} {message}")
                if options["once"]:
                    if not sent and "HTTP" in message:
                        raise CommandError(message)
                    return
                time.sleep(options["interval"])
        except KeyboardInterrupt:
            self.stdout.write("stopped")

    @staticmethod
    def _tournament(slug: str) -> Tournament:
        if slug:
            found = Tournament.objects.filter(slug__iexact=slug).first()
            if found is None:
                raise CommandError(f"--tournament: no tournament /t/{slug}/ on this laptop")
            return found
        all_ = list(Tournament.objects.order_by("-start_date")[:2])
        if len(all_) != 1:
            raise CommandError("--tournament: name the tournament to mirror (its web address on this laptop)")
        return all_[0]
