"""The navigation: public, player and arbiter areas, each link valid for who sees it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

HREF = re.compile(r'<nav class="nav".*?</nav>', re.S)


def _nav(response):
    return HREF.search(response.content.decode()).group(0)


def _links(html):
    return re.findall(r'href="([^"#?]+)', html)


def test_anonymous_sees_tournaments_and_log_in_only(client, tournament):
    nav = _nav(client.get("/"))
    assert "Log in" in nav
    assert "My games" not in nav and "My tournaments" not in nav and "Status" not in nav


def test_player_sees_my_games_linking_to_their_games(login, player, entries):
    client = login(player)
    nav = _nav(client.get("/"))
    url = reverse("games:my_games", args=["club-open"])
    assert f'href="{url}"' in nav and "My games" in nav
    assert "My tournaments" not in nav
    assert client.get(url).status_code == 200


def test_player_of_two_tournaments_gets_the_list_on_the_home_page(login, player, entries, other_tournament):
    from tournaments.roles import grant_role

    grant_role(other_tournament, player, "player")
    client = login(player)
    nav = _nav(client.get("/"))
    assert 'href="/#my-games"' in nav
    body = client.get("/").content.decode()
    assert reverse("games:my_games", args=["other-open"]) in body


def test_arbiter_sees_my_tournaments(login, arbiter, tournament):
    client = login(arbiter)
    nav = _nav(client.get("/"))
    url = reverse("tournaments:dashboard")
    assert f'href="{url}"' in nav and "My tournaments" in nav
    assert client.get(url).status_code == 200
    assert reverse("tournaments:manage", args=[tournament.slug]) in client.get("/").content.decode()


def test_staff_sees_status(login, staff):
    nav = _nav(login(staff).get("/"))
    assert f'href="{reverse("status")}"' in nav


def test_every_navigation_link_answers(login, chief_arbiter, player, entries, staff):
    for user in (chief_arbiter, player, staff):
        client = login(user)
        for url in _links(_nav(client.get("/"))):
            assert client.get(url).status_code == 200, (user.username, url)


def test_current_page_is_marked_for_screen_readers(client):
    assert 'aria-current="page"' in _nav(client.get("/"))


def test_arbiters_page_shows_the_management_subnav(login, chief_arbiter, tournament):
    body = login(chief_arbiter).get(reverse("tournament_arbiters", args=[tournament.slug])).content.decode()
    assert 'class="subnav"' in body and reverse("tournament_audit", args=[tournament.slug]) in body
