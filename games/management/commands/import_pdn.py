"""``python manage.py import_pdn SLUG FILE.pdn``: import the games of a PDN file into a tournament."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.services.pdn_import import decode_upload, import_pdn_text
from tournaments.commands import tournament_or_error


class Command(BaseCommand):
    help = "Import a PDN file: games are matched to boards by round and player names, validated and stored."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug")
        parser.add_argument("file")
        parser.add_argument("--round", type=int, default=None, help="round for games without a Round tag")
        parser.add_argument("--user", default=None, help="username recorded in the audit log")

    def handle(self, *args: Any, **opts: Any) -> None:
        tournament = tournament_or_error(opts["slug"])
        path = Path(opts["file"])
        try:
            text = decode_upload(path.read_bytes())
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc.strerror or exc}") from None
        user = None
        if opts["user"]:
            user = get_user_model().objects.filter(username=opts["user"]).first()
            if user is None:
                raise CommandError(f"no user {opts['user']!r}")
        report = import_pdn_text(tournament, text, user, default_round=opts["round"])
        out = self.stdout
        out.write(f"{path.name}: {report['total']} games, {len(report['stored'])} stored, "
                  f"{len(report['doubtful'])} doubtful, {len(report['unmatched'])} unmatched, "
                  f"{len(report['errors'])} not readable")
        for e in report["errors"]:
            out.write(f"  error: game {e['index']}, line {e['line']}: {e['message']}")
        for key in ("doubtful", "unmatched"):
            for item in report[key]:
                out.write(f"  {key}: game {item['index']} (line {item['line']}) {item['white']} - {item['black']}, "
                          f"round {item['round'] or '?'}: {item['reason']}")
        for s in report["stored"]:
            if s["warnings"]:
                out.write(f"  stored: game {s['index']} on round {s['round_number']} board {s['board']}: "
                          + "; ".join(s["warnings"]))
