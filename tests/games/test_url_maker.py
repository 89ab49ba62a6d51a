"""``url_maker`` (issue 30): the arbiter's results page builds its per-row addresses by number; they
must be exactly Django's own ``reverse``."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.views.common import url_maker


@pytest.mark.parametrize("name", ["games:confirm", "games:submit", "games:default_time", "games:game"])
def test_the_addresses_are_django_s_own(name):
    make = url_maker(name)
    for pk in (1, 7, 10, 987, 12345678):
        assert make(pk) == reverse(name, args=[pk])
    assert make(42) == f"/g/{'submission/' if name == 'games:confirm' else ''}42/" + {
        "games:confirm": "confirm/", "games:submit": "submit/", "games:default_time": "default-time/",
        "games:game": ""}[name]

