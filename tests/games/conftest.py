"""Fixtures of the games tests: the game on board 1 (player v opponent) and persona lists."""

from __future__ import annotations

import pytest

# A short legal opening in international draughts (10 plies).
OPENING = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 34-30 5-10 5. 40-34 20-24"


@pytest.fixture
def game(published_round):
    from games.services.games import game_for_board

    return game_for_board(published_round.boards.get(number=1))


@pytest.fixture
def other_game(published_round):
    from games.services.games import game_for_board

    return game_for_board(published_round.boards.get(number=2))


@pytest.fixture
def personas(player, opponent, other_player, arbiter, foreign_arbiter, outsider):
    """Persona name -> user (None = anonymous)."""
    return {
        "player": player,
        "opponent": opponent,
        "other_player": other_player,
        "arbiter": arbiter,
        "foreign_arbiter": foreign_arbiter,
        "outsider": outsider,
        "anonymous": None,
    }


@pytest.fixture
def as_persona(client, personas):
    """``as_persona(name)`` returns the test client signed in as that persona (or anonymous)."""

    def do(name: str):
        client.logout()
        user = personas[name]
        if user is not None:
            client.force_login(user)
        return client

    return do
