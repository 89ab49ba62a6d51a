"""Every arbiter page refuses the player, the outsider, the foreign arbiter and anonymous users."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Absence, ProhibitedPair, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(tournament, entries, chief_arbiter, arbiter, player, outsider, foreign_arbiter):
    """A draft round 1 with two boards, an absence and a prohibited pair."""
    from tournaments.models import Board

    rnd = Round.objects.create(tournament=tournament, number=1)
    Board.objects.create(round=rnd, number=1, white=entries[0], black=entries[1])
    Board.objects.create(round=rnd, number=2, white=entries[2], black=entries[3])
    absence = Absence.objects.create(entry=entries[3], round_number=2, kind="half")
    pair = ProhibitedPair.objects.create(tournament=tournament, first=entries[0], second=entries[2])
    return {"t": tournament, "entry": entries[1], "absence": absence, "pair": pair}


def endpoints(w):
    s = w["t"].slug
    e, a, p = w["entry"].pk, w["absence"].pk, w["pair"].pk
    return [
        ("get", reverse("tournaments:manage", args=[s])),
        ("get", reverse("tournaments:settings", args=[s])),
        ("get", reverse("tournaments:players", args=[s])),
        ("post", reverse("tournaments:import_csv", args=[s])),
        ("post", reverse("tournaments:start_numbers", args=[s])),
        ("get", reverse("tournaments:withdraw", args=[s, e])),
        ("post", reverse("tournaments:reinstate", args=[s, e])),
        ("get", reverse("tournaments:absences", args=[s])),
        ("post", reverse("tournaments:absence_delete", args=[s, a])),
        ("get", reverse("tournaments:prohibited", args=[s])),
        ("post", reverse("tournaments:prohibited_delete", args=[s, p])),
        ("get", reverse("tournaments:rounds", args=[s])),
        ("post", reverse("tournaments:pair", args=[s])),
        ("post", reverse("tournaments:unpair", args=[s])),
        ("get", reverse("tournaments:round", args=[s, 1])),
        ("post", reverse("tournaments:publish", args=[s, 1])),
        ("post", reverse("tournaments:swap_players", args=[s, 1])),
        ("post", reverse("tournaments:swap_colours", args=[s, 1, 1])),
        ("post", reverse("tournaments:finish_round", args=[s, 1])),
        ("get", reverse("tournaments:export_trf", args=[s, "trf26"])),
        ("get", reverse("tournaments:export_trf", args=[s, "trf16"])),
    ]


@pytest.mark.parametrize("persona", ["player", "outsider", "foreign_arbiter"])
def test_signed_in_users_without_a_role_are_refused_everywhere(persona, world, login, request):
    client = login(request.getfixturevalue(persona))
    for method, url in endpoints(world):
        assert getattr(client, method)(url).status_code == 403, url


def test_anonymous_is_sent_to_the_login_page_everywhere(world, client):
    for method, url in endpoints(world):
        response = getattr(client, method)(url)
        assert response.status_code == 302 and reverse("login") in response["Location"], url


def test_refused_posts_change_nothing(world, login, outsider):
    client = login(outsider)
    for method, url in endpoints(world):
        if method == "post":
            client.post(url)
    assert Round.objects.get(tournament=world["t"], number=1).status == "draft"
    assert Absence.objects.filter(pk=world["absence"].pk).exists()
    assert ProhibitedPair.objects.filter(pk=world["pair"].pk).exists()


@pytest.mark.parametrize("persona", ["chief_arbiter", "arbiter"])
def test_arbiters_can_open_every_page(persona, world, login, request):
    client = login(request.getfixturevalue(persona))
    for method, url in endpoints(world):
        if method == "get":
            assert client.get(url).status_code == 200, url


def test_unknown_tournament_is_404(login, chief_arbiter):
    assert login(chief_arbiter).get(reverse("tournaments:manage", args=["nope"])).status_code == 404


def test_staff_and_arbiters_may_create_a_tournament(login, staff, outsider, arbiter, client, settings):
    """Issue 12: arbiters too, where the site allows it; the creator becomes chief arbiter."""
    url = reverse("tournaments:create")
    assert client.get(url).status_code == 302
    assert login(outsider).get(url).status_code == 403
    assert login(staff).get(url).status_code == 200
    assert login(arbiter).get(url).status_code == 200
    response = login(arbiter).post(url, {"slug": "spring-open", "name": "Spring Open", "pairing_system": "dutch",
                                         "rounds_planned": "5", "rule_profile": "international"})
    assert response.status_code == 302
    from tournaments.models import Role

    assert Role.objects.filter(tournament__slug="spring-open", user=arbiter, kind="chief_arbiter").exists()
    settings.ARBITERS_MAY_CREATE_TOURNAMENTS = False
    assert login(arbiter).get(url).status_code == 403
    forbidden = login(outsider).get(url).content.decode()
    assert "Not allowed" in forbidden


def test_dashboard_lists_only_the_users_tournaments(world, login, chief_arbiter, foreign_arbiter, client):
    url = reverse("tournaments:dashboard")
    assert client.get(url).status_code == 302
    body = login(chief_arbiter).get(url).content.decode()
    assert "Club Open" in body and "Other Open" not in body
    body = login(foreign_arbiter).get(url).content.decode()
    assert "Other Open" in body and "Club Open" not in body


def test_admin_lists_tournament_models_for_superusers(make_user, client, tournament):
    admin = make_user("root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    assert client.get(reverse("admin:tournaments_tournament_changelist")).status_code == 200
    assert client.get(reverse("admin:tournaments_auditentry_changelist")).status_code == 200
    assert client.get(reverse("admin:tournaments_auditentry_add")).status_code == 403
