"""Demo games: real tournament games (with their moves) on the demo tournaments' boards.

``seed_games(tournament)`` is called by ``python manage.py seed_demo`` after the results are in.
Each confirmed game without moves gets a real game with the same result from
``games/demo_games.pdn`` (142 clean games from Dutch and Italian championship files of the PDN
standard's collection, tags kept); games already holding moves are left alone, so it is idempotent.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from django.db import transaction

from arbiter.pdn import PdnGame, read_pdn
from games.models import Game, ResultSubmission
from games.services.pdn_import import movetext
from games.services.validation import validate_game
from tournaments.models import Entry, Tournament
from tournaments.ratings import logistic_expected

DEMO_FILE = Path(__file__).with_name("demo_games.pdn")
DRAW_RATE = 0.38  # roughly the share of draws between club players in international draughts


def plausible_result(rng: random.Random, white: Entry, black: Entry, draw_rate: float = DRAW_RATE) -> str:
    """A plausible demo result from the ratings: the Elo expectation split into wins and draws."""
    expected = logistic_expected((white.rating or 1500) - (black.rating or 1500))
    roll = rng.random()
    white_wins = (1 - draw_rate) * expected
    if roll < white_wins:
        return "2-0"
    if roll < white_wins + draw_rate:
        return "1-1"
    return "0-2"


@cache
def demo_games() -> dict[str, tuple[PdnGame, ...]]:
    """The demo games grouped by result (``2-0``, ``1-1``, ``0-2``)."""
    pools: dict[str, list[PdnGame]] = {}
    for g in read_pdn(DEMO_FILE.read_text(encoding="utf-8")).games:
        if g.normalised_result:
            pools.setdefault(g.normalised_result, []).append(g)
    return {k: tuple(v) for k, v in pools.items()}


def seed_games(tournament: Tournament) -> int:
    """Give every confirmed game of ``tournament`` without moves a real game with that result.

    Returns how many games got moves. Forfeits and open games are left without moves.
    """
    pools = demo_games()
    used: dict[str, int] = {}
    done = 0
    confirmed = {
        s.game_id: s
        for s in ResultSubmission.objects.confirmed().filter(game__board__round__tournament=tournament)
    }
    games = (
        Game.objects.filter(board__round__tournament=tournament, moves="")
        .select_related("board__round__tournament")
        .order_by("board__round__number", "board__number")
    )
    for game in games:
        sub = confirmed.get(game.pk)
        if sub is None or sub.result not in pools:
            continue
        pool = pools[sub.result]
        # Spread the games over the pool; the offset by tournament keeps two demos from looking alike.
        k = used.get(sub.result, tournament.pk * 7)
        used[sub.result] = k + 1
        source = pool[k % len(pool)]
        with transaction.atomic():
            game.moves = movetext(source)
            game.pdn_tags = {"Annotator": "demo", "Source": f"{source.tags.get('Event', '')} "
                                                            f"{source.tags.get('Date', '')}".strip()}
            game.validation = validate_game(game)
            game.save(update_fields=["moves", "pdn_tags", "validation", "updated_at"])
            sub.moves = game.moves
            sub.save(update_fields=["moves"])
        done += 1
    return done
