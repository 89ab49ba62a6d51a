"""``python manage.py export_trf SLUG [-o FILE] [--flavour trf26|trf16] [--in-play]``: export a tournament as
TRF (UTF-8): the completed rounds; ``--in-play`` lists the boards of a round in play as ``###`` comments."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.services.trf_io import trf_export
from tournaments.commands import tournament_or_error


class Command(BaseCommand):
    help = "Export a tournament as TRF26 (default) or TRF16 with XXR/XXC/BB* records (--flavour trf16)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="short name of the tournament")
        parser.add_argument("-o", "--output", help="file to write (default: standard output)")
        parser.add_argument("--flavour", choices=["trf26", "trf16"], default="trf26")
        parser.add_argument("--cr", action="store_true", help="end lines with CR, as the TRF specification says")
        parser.add_argument("--in-play", action="store_true",
                            help="list the boards of a round in play as comments (TRF has no code for them)")

    def handle(self, *args: Any, **options: Any) -> None:

        tournament = tournament_or_error(options["slug"])
        export = trf_export(tournament, options["flavour"], line_ending="\r" if options["cr"] else "\n",
                            in_play=options["in_play"])
        text = export.text
        if export.in_play:
            rounds = ", ".join(str(r) for r in export.in_play)
            self.stderr.write(f"Rounds 1-{export.rounds} (completed); round {rounds} in play "
                              + ("listed as comments" if export.in_play_listed else "left out (--in-play lists it)"))
        if options["output"]:
            try:
                Path(options["output"]).write_text(text, encoding="utf-8", newline="")
            except OSError as exc:
                raise CommandError(f"{options['output']}: cannot write ({exc.strerror})") from exc
            self.stdout.write(f"Wrote {options['output']}")
        else:
            self.stdout.write(text, ending="")
