"""``python manage.py export_pdn SLUG [-o FILE] [--round N]``: the tournament's games as PDN 3.0."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.services.pdn_export import export_games, round_games, tournament_games
from tournaments.commands import tournament_or_error
from tournaments.models import Round


class Command(BaseCommand):
    help = "Export the games of a tournament (or one round) as PDN 3.0."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("-o", "--output", default=None, help="file to write (default: standard output)")
        parser.add_argument("--round", type=int, default=None)
        parser.add_argument("--include-drafts", action="store_true", help="also games of unpublished rounds")

    def handle(self, *args: Any, **opts: Any) -> None:
        tournament = tournament_or_error(opts["slug"])
        if opts["round"] is not None:
            rnd = Round.objects.filter(tournament=tournament, number=opts["round"]).first()
            if rnd is None:
                raise CommandError(f"tournament {tournament.slug} has no round {opts['round']}")
            games = round_games(rnd)
        else:
            games = tournament_games(tournament, include_drafts=opts["include_drafts"])
        text = export_games(games)
        if opts["output"]:
            try:
                Path(opts["output"]).write_text(text, encoding="utf-8")
            except OSError as exc:
                raise CommandError(f"cannot write {opts['output']}: {exc.strerror or exc}") from None
            self.stderr.write(f"{len(games)} games written to {opts['output']}")
        else:
            self.stdout.write(text, ending="")
