"""Issue 24, item 23: the projector split 15 boards into 12 + 3 by a fixed count. The server now
sends each list whole (one slide of 15 boards, one of 30 players) and the screen fits what fits
(projector.js; measured in Chromium by tests/e2e/test_issue24_screens.py)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Entry, Player

pytestmark = pytest.mark.django_db


def test_the_projector_sends_every_board_and_player_in_one_slide_each(client, tournament, play):
    entries = [Entry.objects.create(tournament=tournament, start_number=i, rating=2000 - i,
                                    player=Player.objects.create(name=f"Speler, {i:02d}", rating=2000 - i))
               for i in range(1, 31)]
    play(tournament, 1, [(entries[i], entries[i + 15], "2-0") for i in range(15)])
    html = client.get(reverse("public:projector", args=[tournament.slug])).content.decode()
    pairings = html.split('class="slide pairings"')[1].split("</section>")[0]
    standings = html.split('class="slide standings"')[1].split("</section>")[0]
    assert html.count('class="slide pairings"') == 1 and pairings.count("<tr>") == 1 + 15  # header + 15 boards
    assert html.count('class="slide standings"') == 1 and standings.count("<tr>") == 1 + 30
