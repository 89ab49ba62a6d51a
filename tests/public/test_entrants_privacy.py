"""The entrants list of the public tournament page follows ``Tournament.public_players``."""

from __future__ import annotations

import pytest
from django.urls import reverse

NAMES = ("Jansen, Piet", "Müller, Jürgen", "Lefèvre, Amélie", "Иванов, Сергей")


@pytest.fixture
def private_players(tournament, entries):
    for flag in ("public_standings", "public_pairings", "public_crosstable", "public_games", "public_players"):
        setattr(tournament, flag, False)
    tournament.save()
    return tournament


def _page(client, tournament) -> str:
    response = client.get(reverse("public:tournament", args=[tournament.slug]))
    assert response.status_code == 200
    return response.content.decode()


def test_anonymous_visitor_sees_the_entrants_when_players_are_public(client, tournament, entries):
    html = _page(client, tournament)
    assert all(name in html for name in NAMES)
    assert reverse("public:player", args=[tournament.slug, 1]) in html


def test_entrants_are_hidden_from_visitors_when_every_public_switch_is_off(client, private_players):
    html = _page(client, private_players)
    assert not any(name in html for name in NAMES)
    assert "The list of players is not public." in html


@pytest.mark.parametrize("persona", ["player", "outsider", "foreign_arbiter"])
def test_entrants_stay_hidden_from_signed_in_non_arbiters(persona, request, login, private_players):
    html = _page(login(request.getfixturevalue(persona)), private_players)
    assert not any(name in html for name in NAMES)


@pytest.mark.parametrize("persona", ["arbiter", "chief_arbiter"])
def test_arbiters_of_the_tournament_still_see_the_entrants(persona, request, login, private_players):
    html = _page(login(request.getfixturevalue(persona)), private_players)
    assert all(name in html for name in NAMES)
    assert "not public" not in html
    assert reverse("public:player", args=[private_players.slug, 1]) not in html  # that page is still off
