"""Freezing the relay identity of a round's games when it is published (see ``tournaments.reports.relay``)."""

from __future__ import annotations

from games.models import Game
from tournaments.models import Round
from tournaments.reports.relay import identity_tags


def freeze_relay_tags(rnd: Round) -> int:
    """Store Event, Site, Round, White and Black on every game of ``rnd`` that has none stored yet;
    returns how many games were frozen. Call it inside the publishing transaction (its audit entry
    covers it: the tags are what the round shows at that moment)."""
    games = list(Game.objects.filter(board__round=rnd, relay_tags={})
                 .select_related("board__round__tournament", "white", "black"))
    for game in games:
        game.relay_tags = identity_tags(game)
    Game.objects.bulk_update(games, ["relay_tags"])
    return len(games)
