"""Issue 29, done when: the demo has a finished event: 7 Swiss rounds, then three final groups, with
prizes and ratings (``seed_demo``'s ``seed_event``), and its report to the federation can be made."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.urls import reverse

from games.management.commands.seed_demo import EVENT_SLUG, _users, seed_event
from tournaments.models import PrizeSetup, Round, Tournament
from tournaments.services.prizes import prize_view

pytestmark = pytest.mark.django_db


def test_the_demo_event(client):
    """18 players: finals of six are A (ranks 1-6), B (7-12), C (13-18), each a round robin of 5
    rounds; the Swiss's prizes (Hort) pay at most the fund of 300 + 200 + 100 + 50 + 50 = 700."""
    swiss = seed_event(_users())
    assert seed_event(_users()) is None, "seeding again changes nothing"
    stages = list(Tournament.objects.filter(event=swiss.event).order_by("stage", "group"))
    assert [(t.stage, t.group, t.status, t.rounds_planned, t.entries.count()) for t in stages] == [
        (1, "", "finished", 7, 18)] + [(2, g, "finished", 5, 6) for g in "ABC"]
    assert all(Round.objects.filter(tournament=t, status=Round.Status.FINISHED).count() == t.rounds_planned
               for t in stages)
    view = prize_view(swiss)
    assert view is not None and view.result.fund == 70000 and 0 < view.result.paid <= 70000
    assert PrizeSetup.objects.filter(tournament__event=swiss.event).count() == 2
    page = client.get(reverse("public:ratings", args=[EVENT_SLUG]))
    assert all(line.rating.games == 7 for line, _ in page.context["lines"]), "7 rated games each (no byes)"
    client.force_login(_users()["arbiter"])
    got = client.get(reverse("tournaments:federation_report", args=[EVENT_SLUG]),
                     {"download": "1", "chief_arbiter_id": "12345", "announced": "2026-03-01"})
    assert got["Content-Type"] == "application/zip", got.context["problems"]
    csv_text = zipfile.ZipFile(io.BytesIO(got.content)).read(f"{EVENT_SLUG}-report.csv").decode()
    assert len(csv_text.split("\r\n\r\n")[2].strip().splitlines()) == 1 + 7 * 9, "7 rounds of 9 games"
