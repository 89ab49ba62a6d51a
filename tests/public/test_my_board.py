"""Issue 24, item 24: a signed-in player finds their own board on the public pairings (highlighted,
"your board"), and anyone can search a long list by name (a search box site.js wires; the filtering
itself is tried in Chromium by tests/e2e/test_issue24_screens.py). Signed-in users get public pages
rendered for them, so the shared copy never carries anybody's highlight."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _rows(body: str) -> list[str]:
    return re.findall(r"<tr[^>]*>.*?</tr>", body.split("<tbody>")[1], re.S)


def test_my_board_is_highlighted_for_me_only(client, login, tournament, two_rounds, player, other_player):
    url = reverse("public:round", args=[tournament.slug, 2])
    mine = [r for r in _rows(login(player).get(url).content.decode()) if 'class="mine"' in r]
    # Round 2: Иванов – Jansen (the player's board 1), Müller – Lefèvre.
    assert len(mine) == 1 and "Jansen, Piet" in mine[0] and "your board" in mine[0]
    live = login(player).get(reverse("public:round_live", args=[tournament.slug, 2])).content.decode()
    assert 'class="mine"' in live  # the 30-second refresh keeps it
    client.logout()
    anonymous = client.get(url).content.decode()
    assert 'class="mine"' not in anonymous and "your board" not in anonymous
    other = login(other_player).get(url).content.decode()
    assert [r for r in _rows(other) if 'class="mine"' in r][0].count("Lefèvre, Amélie") == 1


def test_the_pairings_have_a_name_search(client, tournament, two_rounds):
    body = client.get(reverse("public:round", args=[tournament.slug, 2])).content.decode()
    assert re.search(r'<p class="row-filter no-print" hidden><label for="find-player">Find a player</label>\s*'
                     r'<input type="search" id="find-player" data-filter-rows="#round-live table.pairings tbody tr"',
                     body)
