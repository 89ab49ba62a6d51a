"""Seed a venue database for the hall tests (run as a script with SQLITE_PATH set; prints JSON).

``python tests/venue/seed_hall.py GAMES``: a Swiss tournament with ``2 * GAMES`` players, round 1
paired and published through the arbiter services. Every Black player has an account; the White
players of the first half of the boards have accounts too, the other Whites only a private link.
All accounts share one password hash (hashing once keeps the seed fast).
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.contrib.auth.hashers import make_password  # noqa: E402
from django.core.management import call_command  # noqa: E402

from games.services.links import create_link  # noqa: E402
from tournaments.models import Board, Role  # noqa: E402
from tournaments.services.pairing import pair_round  # noqa: E402
from tournaments.services.registration import create_tournament, freeze_start_numbers, register_player  # noqa: E402
from tournaments.services.rounds import publish_round  # noqa: E402

SLUG = "hall-open"
PASSWORD = "hall-test-password"


def main(games: int) -> dict[str, object]:
    call_command("migrate", interactive=False, verbosity=0)
    User = get_user_model()
    password = make_password(PASSWORD)
    chief = User.objects.create(username="hall-chief", password=password, is_staff=True)
    tournament = create_tournament(chief, slug=SLUG, name="Hall Open", place="Loopback",
                                   start_date=datetime.date(2026, 11, 22), rounds_planned=5)
    entries = [register_player(chief, tournament, {"name": f"Spieler {i:02d}, Jürgen-Ærø", "rating": 2400 - i})
               for i in range(2 * games)]
    freeze_start_numbers(chief, tournament, "rating")
    outcome = pair_round(tournament, chief)
    publish_round(chief, outcome.round)
    boards = []
    for board in Board.objects.filter(round=outcome.round, black__isnull=False).order_by("number"):
        row: dict[str, object] = {"board": board.number}
        for side, entry in (("white", board.white), ("black", board.black)):
            if side == "white" and board.number > games // 2:
                row["white_link"] = create_link(tournament, entry, chief).token
                continue
            user = User.objects.create(username=f"hall-{side}-{board.number:02d}", password=password)
            entry.user = user
            entry.save(update_fields=["user"])
            Role.objects.create(tournament=tournament, user=user, kind=Role.Kind.PLAYER)
            row[side] = user.username
        boards.append(row)
    assert len(entries) == 2 * games
    return {"slug": SLUG, "round": outcome.round.number, "password": PASSWORD, "boards": boards}


if __name__ == "__main__":
    print(json.dumps(main(int(sys.argv[1]))))
