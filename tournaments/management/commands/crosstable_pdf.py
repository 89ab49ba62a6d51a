"""``python manage.py crosstable_pdf SLUG -o FILE.pdf``: write the crosstable PDF of a tournament."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.commands import tournament_or_error
from tournaments.services.documents import build_crosstable_pdf
from tournaments.standings import StandingsError


class Command(BaseCommand):
    help = "Write the crosstable (A4 landscape PDF) of a tournament to a file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the tournament's short name")
        parser.add_argument("-o", "--output", required=True, help="the PDF file to write")

    def handle(self, *args: object, **opts: object) -> None:
        slug = str(opts["slug"])
        t = tournament_or_error(slug)
        try:
            data = build_crosstable_pdf(t)
        except StandingsError as exc:
            raise CommandError(f"{slug}: {exc}") from exc
        out = Path(str(opts["output"]))
        try:
            out.write_bytes(data)
        except OSError as exc:
            raise CommandError(f"cannot write {out}: {exc}") from exc
        self.stdout.write(f"{out}: {len(data)} bytes")
