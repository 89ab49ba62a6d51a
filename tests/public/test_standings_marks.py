"""Issue 24, items 22 and 24: what the public standings say beside the numbers.

22: a withdrawn player is marked ("zg." in German, its round in the title) and the legend says what
the mark means; the table carries the hooks of its sideways-scroll cue. 24: no ``class="None"`` on
the name cells; the "N games still waiting" notice is part of the live fragment, so the 30-second
refresh changes it with the table instead of leaving it stale."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import ResultSubmission
from tournaments.services.registration import withdraw

pytestmark = pytest.mark.django_db


def test_a_withdrawn_player_is_marked_in_the_languages_words(client, tournament, two_rounds, staff):
    withdraw(staff, two_rounds[3], 3)  # Иванов leaves before round 3
    body = client.get(reverse("public:standings", args=[tournament.slug]),
                      headers={"accept-language": "de"}).content.decode()
    row = next(r for r in re.findall(r"<tr[^>]*>.*?</tr>", body, re.S) if "Иванов" in r)
    assert '<abbr class="badge withdrawn" title="ab Runde 3 zurückgezogen">zg.</abbr>' in row
    assert "zg.: zurückgezogen (wird nicht mehr gepaart)." in body
    others = [r for r in re.findall(r"<tr[^>]*>.*?</tr>", body, re.S) if "Jansen" in r]
    assert others and "withdrawn" not in others[0]
    live = client.get(reverse("public:standings_live", args=[tournament.slug])).content.decode()
    assert 'class="badge withdrawn"' in live  # the refreshed table keeps the mark


def test_no_class_none_and_the_scroll_cue_hooks(client, tournament, two_rounds):
    body = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert 'class="None"' not in body
    assert '<div class="scroll-frame"><div class="table-wrap" data-scroll-hint>' in body
    assert '<p class="scroll-hint muted" hidden>More columns: scroll the table sideways.</p>' in body


def test_the_waiting_notice_refreshes_with_the_table(client, tournament, entries, play):
    """The page said "1 game is still waiting" and kept saying it after the poll brought the result."""
    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, ("pending", "1-1"))])
    live = reverse("public:standings_live", args=[tournament.slug])
    assert "1 game is still waiting for a confirmed result" in client.get(live).content.decode()
    page = client.get(reverse("public:standings", args=[tournament.slug])).content.decode()
    assert page.count("is still waiting for a confirmed result") == 1  # said once, inside the live part
    live_part = page.split('id="standings-live"')[1].split("</div>\n")[0]
    assert "1 game is still waiting" in live_part
    ResultSubmission.objects.filter(result="1-1").update(status=ResultSubmission.Status.CONFIRMED)
    from tournaments.versioning import bump

    bump(tournament.pk)
    assert "still waiting" not in client.get(live).content.decode()
