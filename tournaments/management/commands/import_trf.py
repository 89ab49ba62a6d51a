"""``python manage.py import_trf FILE.trf [--slug SLUG] [--user USERNAME]``: import a whole tournament (a team
file: a team event)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.services.trf_io import MAX_TRF_CHARS, import_trf
from tournaments.models import Role
from tournaments.trf import TrfError


class Command(BaseCommand):
    help = ("Import a tournament (players, rounds, confirmed results, byes) from a TRF16/TRF26 file, or a team "
            "event (teams, rosters, matches, board games) from a TRF-2026 team file (records 310).")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the TRF file (any line ending, UTF-8)")
        parser.add_argument("--slug", help="short name of the new tournament (default: from its name)")
        parser.add_argument("--user", help="username who becomes chief arbiter and is named in the audit log")

    def handle(self, *args: Any, **options: Any) -> None:

        path = Path(options["file"])
        try:
            with path.open("rb") as fh:
                data = fh.read(4 * MAX_TRF_CHARS + 1)  # never more than the bound's worth of UTF-8
        except OSError as exc:
            raise CommandError(f"{path}: cannot read the file ({exc.strerror})") from exc
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("latin-1")  # older TRF files are often Latin-1
        actor: User | None = None
        if options["user"]:
            actor = get_user_model().objects.filter(username=options["user"]).first()
            if actor is None:
                raise CommandError(f"--user: no user named {options['user']!r}")
        try:
            tournament = import_trf(text, slug=options["slug"], actor=actor)
        except TrfError as exc:
            raise CommandError(f"{path}: {exc} (nothing was imported)") from exc
        if actor is not None:
            Role.objects.get_or_create(tournament=tournament, user=actor, kind=Role.Kind.CHIEF_ARBITER)
        rounds = tournament.rounds.count()
        entries = tournament.entries.count()
        teams = tournament.teams.count()
        what = f"{teams} teams, " if teams else ""
        self.stdout.write(f"Imported {tournament.slug}: {what}{entries} players, {rounds} rounds")
