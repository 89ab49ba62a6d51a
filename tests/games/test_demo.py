"""Demo games: confirmed demo results get real, clean games with the same result."""

from __future__ import annotations

from games.demo import demo_games, seed_games
from games.models import Game
from games.services.results import enter_result


def test_demo_pool_holds_clean_games_of_every_result():
    pools = demo_games()
    assert set(pools) == {"2-0", "1-1", "0-2"}
    assert all(len(v) >= 20 for v in pools.values())


def test_seed_games_fills_confirmed_games_only_and_is_idempotent(game, other_game, arbiter, player):
    enter_result(game, "1-1", arbiter)
    assert seed_games(game.tournament) == 1
    game.refresh_from_db()
    other_game.refresh_from_db()
    assert game.moves and game.validation["irregularities"] == [] and game.validation["plies"] >= 30
    assert other_game.moves == ""
    assert game.submissions.get(status="confirmed").moves == game.moves
    before = game.moves
    assert seed_games(game.tournament) == 0
    assert Game.objects.get(pk=game.pk).moves == before
