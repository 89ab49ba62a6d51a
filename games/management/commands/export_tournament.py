"""``python manage.py export_tournament SLUG -o FILE.zip [--with-email REASON]``: the tournament archive (see
games.services.archive); the accounts' e-mail addresses only with a reason, which is audited."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.services.archive import export_archive, export_with_email
from games.services.archive_zip import ArchiveError
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write everything of one tournament into a zip (versioned JSON document and the games as PDN)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", required=True, help="the zip file to write")
        parser.add_argument("--with-email", metavar="REASON", default="",
                            help="include the accounts' e-mail addresses, for this reason (written to the audit log)")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(f"no tournament with the short name {options['slug']!r}")
        try:
            if options["with_email"]:
                data = export_with_email(tournament, None, options["with_email"])
            else:
                data = export_archive(tournament)
        except ArchiveError as exc:
            raise CommandError(str(exc)) from exc
        out = Path(options["output"])
        out.write_bytes(data)
        self.stdout.write(f"{out}: {tournament.slug} (tournament id {tournament.uid}), {len(data)} bytes")
