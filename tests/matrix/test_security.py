"""Security promises beyond the matrix: private submission links are unguessable and scoped to one
tournament and one player; rejected link submissions store nothing.

(Production settings passing ``check --deploy`` are tested by tests/foundation/test_deploy.py, the
login rate limit through the login page by tests/foundation/test_login.py, and across real gunicorn
workers sharing the Redis cache by bench/load_test.py's pre-flight check; CSRF on every POST view
by tests/matrix/test_permission_matrix.py.)
"""

from __future__ import annotations

import string

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture
def links(tournament, entries, chief_arbiter):
    from games.services.links import create_link

    return {e.start_number: create_link(tournament, e, chief_arbiter) for e in entries}


@pytest.fixture
def foreign_game(other_tournament):
    """A published game of another tournament."""
    from games.services.games import game_for_board
    from tournaments.models import Board, Entry, Player, Round

    a = Entry.objects.create(tournament=other_tournament, player=Player.objects.create(name="Foreign, A"),
                             start_number=1)
    b = Entry.objects.create(tournament=other_tournament, player=Player.objects.create(name="Foreign, B"),
                             start_number=2)
    rnd = Round.objects.create(tournament=other_tournament, number=1, status=Round.Status.PUBLISHED)
    return game_for_board(Board.objects.create(round=rnd, number=1, white=a, black=b))


def _submit(token: str, game_id: int, result: str = "2-0"):
    client = Client()
    response = client.post(reverse("games:link_submit", args=[token, game_id]), {"result": result})
    return response, [str(m) for m in get_messages(response.wsgi_request)]


def test_private_link_tokens_are_long_random_and_unrelated_to_each_other(tournament, make_user, chief_arbiter):
    from games.services.links import create_link
    from tournaments.models import Entry, Player

    tokens = []
    for n in range(60):
        entry = Entry.objects.create(tournament=tournament, player=Player.objects.create(name=f"P{n}"),
                                     start_number=100 + n)
        tokens.append(create_link(tournament, entry, chief_arbiter).token)
    alphabet = set(string.ascii_letters + string.digits + "-_")
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 43 and set(t) <= alphabet for t in tokens), "at least 256 bits of url-safe randomness"
    assert len({t[:6] for t in tokens}) == len(tokens), "no shared prefixes: not derived from a counter or id"
    assert len(set("".join(tokens))) >= 60, "the tokens use (nearly) the whole alphabet"


def test_a_link_cannot_submit_for_a_game_of_another_tournament(links, foreign_game):
    from games.models import ResultSubmission

    response, _msgs = _submit(links[4].token, foreign_game.pk)
    assert response.status_code == 404
    assert not ResultSubmission.objects.filter(game=foreign_game).exists()


def test_a_link_cannot_submit_for_another_players_game_of_its_tournament(links, published_round):
    from games.models import ResultSubmission
    from games.services.games import game_for_board

    board1 = game_for_board(published_round.boards.get(number=1))  # entries 1 and 2; link 4 plays board 2
    response, msgs = _submit(links[4].token, board1.pk)
    # Refused: either not found, or sent back with the reason.
    assert response.status_code == 404 or (response.status_code == 302 and any("own player" in m for m in msgs))
    assert not ResultSubmission.objects.filter(game=board1).exists()
    assert Client().get(reverse("games:link_submit", args=[links[4].token, board1.pk])).status_code == 404


def test_a_link_submits_for_its_own_game_and_is_never_auto_confirmed(links, published_round):
    from games.models import ResultSubmission
    from games.services.games import game_for_board

    game = game_for_board(published_round.boards.get(number=2))
    response, msgs = _submit(links[4].token, game.pk, "0-2")
    assert response.status_code == 302, msgs
    sub = ResultSubmission.objects.get(game=game)
    assert (sub.result, sub.status, sub.via_link) == ("0-2", "pending", True)
    assert not ResultSubmission.objects.confirmed().filter(game=game).exists()


def test_revoked_unknown_and_oversized_tokens_are_not_found(links, published_round, chief_arbiter):
    from games.models import ResultSubmission
    from games.services.games import game_for_board
    from games.services.links import revoke_link

    game = game_for_board(published_round.boards.get(number=2))
    revoked = links[4].token
    revoke_link(links[4], chief_arbiter)
    for token in (revoked, "A" * 43, "x" * 65, links[4].token[:-1]):
        assert Client().get(reverse("games:link_home", args=[token])).status_code == 404, token
        response, _msgs = _submit(token, game.pk)
        assert response.status_code == 404, token
    assert not ResultSubmission.objects.filter(game=game).exists()


def test_a_link_page_shows_only_its_own_players_games(links, published_round):
    page = Client().get(reverse("games:link_home", args=[links[4].token])).content.decode()
    assert "Иванов" in page and "Lefèvre" in page  # board 2: other_player v the link's player
    assert "Jansen" not in page and "Müller" not in page  # board 1 is not theirs
