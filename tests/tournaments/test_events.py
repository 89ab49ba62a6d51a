"""Issue 25: Event -> stage -> round. A tournament is one stage of an event; most events have one stage,
and a tournament created on its own is the single stage of an event of its own."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from tournaments.models import Event, Tournament
from tournaments.services.registration import create_tournament, update_tournament

pytestmark = pytest.mark.django_db


def test_a_new_tournament_is_the_single_stage_of_its_own_event(arbiter):
    t = create_tournament(arbiter, slug="zeist-open", name="Zeist Open 2026")
    assert (t.event.slug, t.event.name, t.stage, t.group) == ("zeist-open", "Zeist Open 2026", 1, "")
    assert list(t.event.stages.all()) == [t]


def test_renaming_a_single_stage_renames_its_event_but_not_another_stage(arbiter):
    t = create_tournament(arbiter, slug="nk-rapid", name="NK Rapid")
    update_tournament(arbiter, t, {"name": "NK Rapid 2026"})
    assert Event.objects.get(pk=t.event_id).name == "NK Rapid 2026"
    final = Tournament.objects.create(slug="nk-rapid-final-a", name="NK Rapid, final A", event=t.event, stage=2,
                                      group="A")
    update_tournament(arbiter, final, {"name": "Final A"})
    assert Event.objects.get(pk=t.event_id).name == "NK Rapid 2026", "an event of several stages keeps its name"


def test_an_event_slug_taken_by_another_event_gets_a_number(arbiter):
    t = create_tournament(arbiter, slug="club", name="Club")
    Tournament.objects.create(slug="club-final", name="Club final", event=t.event, stage=2)
    Event.objects.create(slug="club-b", name="other")
    Tournament.objects.filter(pk=t.pk).update(slug="club-old")
    again = create_tournament(arbiter, slug="club", name="Club, again")
    assert again.event.slug == "club-2" and again.event_id != t.event_id


def test_one_tournament_per_stage_and_group(arbiter):
    t = create_tournament(arbiter, slug="semis", name="Semi-finals")
    Tournament.objects.create(slug="semis-b", name="Group B", event=t.event, stage=1, group="B")
    with pytest.raises(IntegrityError), transaction.atomic():
        Tournament.objects.create(slug="semis-b2", name="Group B again", event=t.event, stage=1, group="B")
