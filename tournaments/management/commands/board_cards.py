"""``python manage.py board_cards SLUG ROUND -o FILE.pdf [--base-url http://HOST:PORT/]``.

The round's board cards (A4, eight per page), each with a QR code of its board's result page on
the venue address (the one ``python manage.py venue`` announced), SITE_URL, or ``--base-url``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.models import Tournament
from tournaments.services.documents import DocumentError, board_cards
from tournaments.services.errors import ServiceError
from tournaments.services.site_address import command_base_url


class Command(BaseCommand):
    help = "Write the board cards of a round (QR codes to each board's result page) as an A4 PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("round", type=int)
        parser.add_argument("-o", "--output", required=True, help="the PDF file to write")
        parser.add_argument("--base-url", default="", help="site address for the QR codes (default: the venue's)")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(f"no tournament with the short name {options['slug']!r}")
        try:
            base = command_base_url(options["base_url"])
            data = board_cards(tournament, options["round"], base)
        except (ServiceError, DocumentError) as exc:
            raise CommandError(str(exc)) from exc
        out = Path(options["output"])
        out.write_bytes(data)
        self.stdout.write(f"{out}: board cards of round {options['round']} for {base} ({len(data)} bytes)")
