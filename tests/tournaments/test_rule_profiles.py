"""Tournaments can be created for every rule profile of the arbiter (one list, issue 17)."""

from __future__ import annotations

import pytest

from arbiter import PROFILES, read_pdn, variant_tags
from tournaments.models import RULE_PROFILE_CHOICES, Tournament


def test_the_choices_are_the_arbiters_profiles():
    assert [name for name, _label in RULE_PROFILE_CHOICES] == list(PROFILES)
    field = Tournament._meta.get_field("rule_profile")
    assert {name for name, _label in field.choices} == set(PROFILES)


@pytest.mark.django_db
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_a_tournament_of_every_profile_validates_and_its_pdn_tags_read_back(profile):
    t = Tournament(slug=f"t-{profile}", name=f"T {profile}", rule_profile=profile)
    t.full_clean(exclude=["start_date", "end_date"])
    tags = "".join(f'[{k} "{v}"]\n' for k, v in variant_tags(profile).items())
    assert read_pdn(tags + "\n*\n").games[0].variant == profile
