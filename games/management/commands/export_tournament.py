"""``python manage.py export_tournament SLUG -o FILE.zip``: the tournament archive (see games.services.archive)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.services.archive import export_archive
from games.services.archive_zip import ArchiveError
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write everything of one tournament into a zip (versioned JSON document and the games as PDN)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", required=True, help="the zip file to write")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(slug=options["slug"]).first()
        if tournament is None:
            raise CommandError(f"no tournament with the short name {options['slug']!r}")
        try:
            data = export_archive(tournament)
        except ArchiveError as exc:
            raise CommandError(str(exc)) from exc
        out = Path(options["output"])
        out.write_bytes(data)
        self.stdout.write(f"{out}: {tournament.slug} (tournament id {tournament.uid}), {len(data)} bytes")
