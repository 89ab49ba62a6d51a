"""Results as arbiters and private-link players enter them (issue 24, items 1, 4, 9, 10, 11, 15).

1. The arbiter's game page starts with no result chosen, and a result is required: editing the
   moves and pressing the button never records (and confirms) a White win nobody chose.
4. A confirmation keeps what the first submission said (an agreed draw stays "agreement", with its
   moves) unless the confirmer changes it.
9. Link players confirm their opponent's result like account users; two equal submissions from the
   two players confirm each other instead of leaving two waiting versions.
10. Link players claim draws like account users.
11. The arbiter rules on a draw claim the engine decided: uphold or overrule, with a reason, audited.
    The irregularities section reads the moves shown on the page (not "no moves" beside 40 plies).
15. The arbiter confirms a 1-1 his own upheld draw claim proposed (no bare 403).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.services.results import submit_result
from tests.games.conftest import OPENING
from tournaments.models import ResultSubmission

pytestmark = pytest.mark.django_db


def _subs(game):
    return sorted(ResultSubmission.objects.filter(game=game).values_list("version", "result", "status",
                                                                          "termination"))


# --- 1 -------------------------------------------------------------------------------------------------------

def test_the_arbiters_result_starts_empty_and_is_required(client, game, arbiter):
    client.force_login(arbiter)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    select = re.search(r'<select name="result"[^>]*>(.*?)</select>', page, re.S)
    assert select is not None and "required" in select.group(0)
    options = re.findall(r'<option value="([^"]*)"([^>]*)>', select.group(1))
    assert options[0][0] == ""  # the first option is the empty one ...
    assert not any("selected" in attrs for value, attrs in options if value)  # ... and no result is chosen

    # Editing the moves and pressing the button without choosing records nothing.
    client.post(reverse("games:submit", args=[game.pk]), {"moves": OPENING, "termination": "", "confirm": "on"})
    assert _subs(game) == []
    # Choosing one records it.
    client.post(reverse("games:submit", args=[game.pk]), {"moves": OPENING, "result": "1-1", "confirm": "on"})
    assert _subs(game) == [(1, "1-1", "confirmed", "normal")]
