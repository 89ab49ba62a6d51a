"""A round robin plays its Berger table (issue 24, item 14).

Five players make a table of five rounds (the dummy's free round included; FIDE C.05 Annex 1):
a tournament created with nine planned rounds is refused at the first pairing, naming the fix,
and never paired beyond its table. The free round of an odd round robin is called a free round on
the public pages, not a "bye" worth the pairing-allocated bye's two points.
"""

from __future__ import annotations

import re

import pytest

from tournaments.models import Round
from tournaments.services.pairing import PairingRefused, pair_round
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_five_players_and_nine_rounds_are_refused_naming_the_table(make_tournament, add_entries, staff):
    t = make_tournament("rr5", pairing_system="berger", rounds_planned=9)
    add_entries(t, 5)
    with pytest.raises(PairingRefused, match="A round robin of 5 players has 5 rounds, but 9 are planned"):
        pair_round(t, staff)
    assert not Round.objects.filter(tournament=t).exists()
    t.rounds_planned = 5
    t.save()
    assert pair_round(t, staff).round.number == 1


def test_a_double_round_robin_has_twice_the_table(make_tournament, add_entries, staff):
    t = make_tournament("drr4", pairing_system="berger_double", rounds_planned=7)
    add_entries(t, 4)  # 3 rounds a cycle, 6 in all
    with pytest.raises(PairingRefused, match="4 players has 6 rounds, but 7 are planned"):
        pair_round(t, staff)


def test_no_round_beyond_the_table(make_tournament, add_entries, staff):
    """A round robin of 3 players: 3 rounds (each player has one free round), then no fourth."""
    t = make_tournament("rr3", pairing_system="berger", rounds_planned=3)
    add_entries(t, 3)
    for _n in range(3):
        rnd = pair_round(t, staff, override=True).round
        publish_round(staff, rnd)
    with pytest.raises(PairingRefused, match="All 3 rounds of the round robin of 3 players have been paired"):
        pair_round(t, staff, override=True)


def test_the_free_round_is_not_a_bye_worth_two_points_on_the_public_pages(make_tournament, add_entries, staff,
                                                                           client):
    t = make_tournament("rr5", pairing_system="berger", rounds_planned=5)
    add_entries(t, 5)
    publish_round(staff, pair_round(t, staff).round)
    home = _text(client.get("/t/rr5/"))
    assert "Win 2 – Draw 1 – Loss 0" in home and "bye 2" not in home
    page = _text(client.get("/t/rr5/round/1/"))
    assert "Free round" in page and "bye" not in page.lower()
    assert "Free round" in _text(client.get("/t/rr5/projector/"))
