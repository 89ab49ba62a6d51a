"""``python manage.py import_tournament FILE.zip [--user USERNAME]``: recreate or update a tournament
from its archive (one transaction; a refused file stores nothing). Prints the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.services.archive import import_archive
from games.services.archive_zip import MAX_ZIP_BYTES, ArchiveError


class Command(BaseCommand):
    help = "Import a tournament archive (export_tournament); the same file twice changes nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file")
        parser.add_argument("--user", default="", help="username recorded as the importer (audit log)")

    def handle(self, *args: Any, **options: Any) -> None:
        path = Path(options["file"])
        try:
            size = path.stat().st_size
            if size > MAX_ZIP_BYTES:
                raise CommandError(f"{path}: {size} bytes, larger than {MAX_ZIP_BYTES} bytes")
        except OSError as exc:
            raise CommandError(f"{path}: {exc.strerror or exc}") from exc
        actor = None
        if options["user"]:
            actor = get_user_model().objects.filter(username=options["user"]).first()
            if actor is None:
                raise CommandError(f"no user {options['user']!r}")
        try:
            report = import_archive(path, actor)
        except ArchiveError as exc:
            raise CommandError(f"{path}: {exc}") from exc
        for line in report.lines():
            self.stdout.write(line)
