"""Shared fixtures: the personas of the permission tests and a small tournament.

Personas (per tournament roles, see tournaments/permissions.py):
chief arbiter, arbiter, player of the game (``player``), the opponent (``opponent``),
another player of the same tournament (``other_player``), the arbiter of another tournament
(``foreign_arbiter``), a signed-in user with no role (``outsider``), and anonymous (``client``).
"""

from __future__ import annotations

import datetime
import os

import pytest
from django.contrib.auth import get_user_model
from hypothesis import settings as hypothesis_settings

# In CI the property and fuzz tests are derandomized: a run is repeatable and a red run can be
# replayed; on a developer's machine they explore new examples on every run.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

PASSWORD = "correct-horse-battery"


@pytest.fixture(autouse=True)
def _no_page_reuse(settings):
    """Public pages are re-rendered on every change in tests (the reuse window has its own test)."""
    settings.PUBLIC_PAGE_REUSE = 0


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache: counters (sign-in, link lookups) and cached pages of one
    test never leak into the next."""
    from django.core.cache import cache

    from games.services.validation import forget_checks

    cache.clear()
    forget_checks()


@pytest.fixture(autouse=True)
def _language_reset():
    """A request in another language (Accept-Language: de) activates it for the thread; each test
    starts and ends in the default language, so one test's German never reaches the next."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture
def make_user(db):
    User = get_user_model()

    def make(username: str, **extra):
        return User.objects.create_user(username=username, password=PASSWORD, **extra)

    return make


@pytest.fixture
def make_tournament(db):
    from tournaments.models import Tournament

    def make(slug: str = "club-open", **extra):
        defaults = {
            "name": extra.pop("name", "Club Open"),
            "place": "Utrecht",
            "start_date": datetime.date(2026, 11, 20),
            "rounds_planned": 5,
        }
        defaults.update(extra)
        return Tournament.objects.create(slug=slug, **defaults)

    return make


@pytest.fixture
def tournament(make_tournament):
    return make_tournament()


@pytest.fixture
def other_tournament(make_tournament):
    return make_tournament("other-open", name="Other Open")


def _role(user, tournament, kind):
    from tournaments.models import Role

    Role.objects.create(user=user, tournament=tournament, kind=kind)
    return user


@pytest.fixture
def chief_arbiter(make_user, tournament):
    return _role(make_user("chief", first_name="Clara", last_name="Chef"), tournament, "chief_arbiter")


@pytest.fixture
def arbiter(make_user, tournament):
    return _role(make_user("arbiter"), tournament, "arbiter")


@pytest.fixture
def foreign_arbiter(make_user, other_tournament):
    return _role(make_user("foreign"), other_tournament, "arbiter")


@pytest.fixture
def outsider(make_user):
    return make_user("outsider")


@pytest.fixture
def staff(make_user):
    return make_user("staff", is_staff=True)


def _entry(tournament, user, name, start_number, rating):
    from tournaments.models import Entry, Player, Role

    player = Player.objects.create(name=name, rating=rating, federation="NED")
    if user is not None:
        Role.objects.get_or_create(user=user, tournament=tournament, kind="player")
    return Entry.objects.create(
        tournament=tournament, player=player, user=user, start_number=start_number, rating=rating
    )


@pytest.fixture
def player(make_user, tournament):
    """A player of the tournament (White on board 1 of ``published_round``)."""
    return make_user("player")


@pytest.fixture
def opponent(make_user, tournament):
    return make_user("opponent")


@pytest.fixture
def other_player(make_user, tournament):
    return make_user("otherplayer")


@pytest.fixture
def entries(tournament, player, opponent, other_player):
    """Four entries: player (1), opponent (2), other_player (3) and a player without account (4)."""
    return [
        _entry(tournament, player, "Jansen, Piet", 1, 1450),
        _entry(tournament, opponent, "Müller, Jürgen", 2, 1420),
        _entry(tournament, other_player, "Lefèvre, Amélie", 3, 1390),
        _entry(tournament, None, "Иванов, Сергей", 4, 1300),
    ]


@pytest.fixture
def published_round(tournament, entries):
    """Round 1, published: board 1 player (W) v opponent (B), board 2 other_player v the fourth entry."""
    from tournaments.models import Board, Round

    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    Board.objects.create(round=rnd, number=1, white=entries[0], black=entries[1])
    Board.objects.create(round=rnd, number=2, white=entries[2], black=entries[3])
    return rnd


@pytest.fixture
def login(client):
    """``login(user)`` signs the test client in as that user and returns the client."""

    def do(user):
        client.force_login(user)
        return client

    return do


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    """PBKDF2 is slow on purpose; test accounts need no protection, so hash with MD5 (much faster suite)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
