"""Issue 12: Publish and Unpair ask for confirmation (a details box, no script needed); Unpair shows
only while the latest round is a draft."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _pair(client, tournament):
    return client.post(reverse("tournaments:pair", args=[tournament.slug]), {"allow_unconfirmed": "on"})


def test_publish_and_unpair_sit_behind_a_confirmation(login, chief_arbiter, tournament, entries):
    client = login(chief_arbiter)
    _pair(client, tournament)
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    publish = re.search(r'<details class="confirm">\s*<summary[^>]*>Publish</summary>(.*?)</details>', page, re.S)
    assert publish and "Yes, publish round 1" in publish.group(1)
    assert "Players and the public will see" in publish.group(1)
    unpair = re.search(r'<details class="confirm">\s*<summary[^>]*>Unpair round 1</summary>(.*?)</details>', page, re.S)
    assert unpair and "Yes, unpair round 1" in unpair.group(1)
    rounds = client.get(reverse("tournaments:rounds", args=[tournament.slug])).content.decode()
    assert "Yes, unpair round 1" in rounds


def test_unpair_is_offered_only_for_a_draft(login, chief_arbiter, tournament, entries, published_round):
    client = login(chief_arbiter)
    rounds = client.get(reverse("tournaments:rounds", args=[tournament.slug])).content.decode()
    assert "unpair" not in rounds.lower()
