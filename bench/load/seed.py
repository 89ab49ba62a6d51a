"""Seed the load-test database: one Swiss tournament, round 1 published, signed-in sessions.

Runs inside the load script's process after ``django.setup()`` (the environment already points
at the load database). Users share one password hash (hashing 100 times would take half a
minute) and get ready-made sessions, so the load measures the evening, not the sign-ins.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

SLUG = "load-open"
PASSWORD = "load-test-password"


@dataclass
class Seeded:
    """What the clients need: the tournament slug, sessions per user and each player's game."""

    slug: str
    arbiter_session: str
    player_sessions: list[str] = field(default_factory=list)  # index i plays ``player_games[i]``
    player_games: list[int] = field(default_factory=list)
    player_user_ids: list[int] = field(default_factory=list)
    black_sessions: list[str] = field(default_factory=list)  # the Black of ``player_games[i]`` (issue 30 movers)


def _session_for(user: Any) -> str:
    """A signed-in session key for ``user`` (what a successful login would create)."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    # The backend that logs users in (rules' object-permission backend cannot load users).
    store[BACKEND_SESSION_KEY] = next(b for b in settings.AUTHENTICATION_BACKENDS if "ModelBackend" in b)
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    return str(store.session_key)


def seed(players: int) -> Seeded:
    """Create ``2 * players`` entries (``players`` games); the White of each board is a load player."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password

    from games.services.games import game_for_board
    from tournaments.models import Board, Role
    from tournaments.services.pairing import pair_round
    from tournaments.services.registration import create_tournament, freeze_start_numbers, register_player
    from tournaments.services.rounds import publish_round

    User = get_user_model()
    password = make_password(PASSWORD)
    chief = User.objects.create(username="load-chief", password=password, is_staff=True)
    tournament = create_tournament(chief, slug=SLUG, name="Load Open", place="Loopback",
                                   start_date=datetime.date(2026, 11, 22), rounds_planned=7)
    users = User.objects.bulk_create(
        [User(username=f"load-player-{i:03d}", password=password) for i in range(2 * players)])
    for i, user in enumerate(users):
        entry = register_player(chief, tournament, {"name": f"Player {i:03d}, Load", "rating": 2400 - i,
                                                    "federation": "NED"})
        entry.user = user
        entry.save(update_fields=["user"])
    Role.objects.bulk_create([Role(tournament=tournament, user=u, kind=Role.Kind.PLAYER) for u in users])
    freeze_start_numbers(chief, tournament, "rating")
    outcome = pair_round(tournament, chief)
    publish_round(chief, outcome.round)
    # A stored crosstable PDF: every confirmation marks it stale and queues its rebuild on the worker.
    from tournaments.services.documents import store_document

    store_document(tournament, "crosstable")
    seeded = Seeded(slug=SLUG, arbiter_session=_session_for(chief))
    boards = Board.objects.filter(round=outcome.round, black__isnull=False).select_related("white__user",
                                                                                          "black__user")
    for board in boards.order_by("number")[:players]:
        user = board.white.user
        seeded.player_sessions.append(_session_for(user))
        seeded.player_games.append(game_for_board(board).pk)
        seeded.player_user_ids.append(user.pk)
        seeded.black_sessions.append(_session_for(board.black.user))
    return seeded
