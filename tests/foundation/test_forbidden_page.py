"""The 403 page says who can grant access (issue 12): a tournament's chief arbiter by name, or the
site's administrators."""

from __future__ import annotations

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_tournament_page_names_its_chief_arbiter(tournament, chief_arbiter, outsider, login):
    chief_arbiter.first_name, chief_arbiter.last_name = "Clara", "Chef"
    chief_arbiter.save()
    response = login(outsider).get(reverse("tournaments:settings", args=[tournament.slug]))
    assert response.status_code == 403
    text = response.content.decode()
    assert "Its chief arbiter (Clara Chef) can give you a role there" in text and tournament.name in text


def test_a_site_page_names_the_administrators(outsider, login):
    response = login(outsider).get(reverse("status"), HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 403
    assert "beheerders" in response.content.decode()
