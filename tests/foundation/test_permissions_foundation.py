"""Personas against the foundation's views: who reaches what, who is refused.

chief arbiter, arbiter, player, outsider (signed in, no role), the arbiter of another
tournament, staff and anonymous, for the status page, the arbiters page and the audit log.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Role

pytestmark = pytest.mark.django_db


def _arbiters(t):
    return reverse("tournament_arbiters", args=[t.slug])


def _audit(t):
    return reverse("tournament_audit", args=[t.slug])


@pytest.fixture
def personas(chief_arbiter, arbiter, foreign_arbiter, outsider, staff, player, entries):
    return {
        "chief_arbiter": chief_arbiter,
        "arbiter": arbiter,
        "foreign_arbiter": foreign_arbiter,
        "outsider": outsider,
        "staff": staff,
        "player": player,
    }


# persona -> (status page, arbiters page GET, arbiters page POST appoint, audit page)
EXPECTED = {
    "chief_arbiter": (403, 200, 302, 200),
    "arbiter": (403, 200, 403, 200),
    "player": (403, 403, 403, 403),
    "foreign_arbiter": (403, 403, 403, 403),
    "outsider": (403, 403, 403, 403),
    "staff": (200, 403, 403, 403),
}


@pytest.mark.parametrize("persona", sorted(EXPECTED))
def test_each_persona_reaches_what_it_may_and_is_refused_elsewhere(persona, personas, client, tournament, make_user):
    target = make_user("candidate")
    client.force_login(personas[persona])
    status_code, arbiters_get, arbiters_post, audit_get = EXPECTED[persona]
    assert client.get(reverse("status")).status_code == status_code
    assert client.get(_arbiters(tournament)).status_code == arbiters_get
    response = client.post(_arbiters(tournament), {"action": "appoint", "username": "candidate", "kind": "arbiter"})
    assert response.status_code == arbiters_post
    assert Role.objects.filter(user=target).exists() == (arbiters_post == 302)
    assert client.get(_audit(tournament)).status_code == audit_get


@pytest.mark.parametrize("url_name", ["status", "tournament_arbiters", "tournament_audit"])
def test_anonymous_is_sent_to_login(client, tournament, url_name):
    url = reverse(url_name) if url_name == "status" else reverse(url_name, args=[tournament.slug])
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")


def test_anonymous_cannot_appoint(client, tournament, make_user):
    target = make_user("candidate")
    response = client.post(_arbiters(tournament), {"action": "appoint", "username": "candidate"})
    assert response.status_code == 302
    assert not Role.objects.filter(user=target).exists()


def test_unknown_tournament_is_404_for_an_arbiter(login, arbiter):
    assert login(arbiter).get(reverse("tournament_audit", args=["no-such-event"])).status_code == 404


def test_arbiter_of_one_tournament_is_refused_the_other(login, foreign_arbiter, tournament, other_tournament):
    client = login(foreign_arbiter)
    assert client.get(_audit(other_tournament)).status_code == 200
    assert client.get(_audit(tournament)).status_code == 403
    assert client.get(_arbiters(tournament)).status_code == 403
