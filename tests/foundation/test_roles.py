"""Appointing arbiters (tournaments.roles) and the chief arbiter's arbiters page."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tournaments import roles
from tournaments.models import AuditEntry, Role

pytestmark = pytest.mark.django_db


def _url(tournament):
    return reverse("tournament_arbiters", args=[tournament.slug])


def test_chief_arbiter_appoints_an_arbiter_and_it_is_audited(chief_arbiter, outsider, tournament):
    role = roles.appoint_arbiter(chief_arbiter, tournament, outsider)
    assert role.kind == "arbiter"
    assert Role.objects.filter(tournament=tournament, user=outsider, kind="arbiter").exists()
    entry = AuditEntry.objects.get(tournament=tournament, action="appoint_arbiter")
    assert entry.actor == chief_arbiter
    assert entry.after == "user=outsider; role=arbiter"
    assert entry.object_type == "tournaments.Role"


def test_arbiter_may_not_appoint(arbiter, outsider, tournament):
    with pytest.raises(PermissionDenied):
        roles.appoint_arbiter(arbiter, tournament, outsider)
    assert not Role.objects.filter(user=outsider).exists()
    assert not AuditEntry.objects.exists()


def test_chief_of_another_tournament_may_not_appoint(make_user, other_tournament, tournament, outsider):
    other_chief = make_user("otherchief")
    roles.grant_role(other_tournament, other_chief, "chief_arbiter")
    with pytest.raises(PermissionDenied):
        roles.appoint_arbiter(other_chief, tournament, outsider)


def test_staff_without_role_may_not_appoint(staff, tournament, outsider):
    with pytest.raises(PermissionDenied):
        roles.appoint_arbiter(staff, tournament, outsider)


def test_appointing_twice_is_a_clear_error(chief_arbiter, arbiter, tournament):
    with pytest.raises(roles.RoleError, match="already has the role “Arbiter”"):
        roles.appoint_arbiter(chief_arbiter, tournament, arbiter)


def test_player_role_is_not_an_arbiter_role(chief_arbiter, outsider, tournament):
    with pytest.raises(roles.RoleError, match="not an arbiter role"):
        roles.appoint_arbiter(chief_arbiter, tournament, outsider, "player")


def test_the_last_chief_arbiter_cannot_be_removed(chief_arbiter, tournament):
    with pytest.raises(roles.RoleError, match="needs a chief arbiter"):
        roles.remove_arbiter(chief_arbiter, tournament, chief_arbiter, "chief_arbiter")
    assert Role.objects.filter(user=chief_arbiter, kind="chief_arbiter").exists()


def test_chief_removes_an_arbiter_and_it_is_audited(chief_arbiter, arbiter, tournament):
    roles.remove_arbiter(chief_arbiter, tournament, arbiter)
    assert not Role.objects.filter(user=arbiter, kind="arbiter").exists()
    entry = AuditEntry.objects.get(action="remove_arbiter")
    assert entry.before == "user=arbiter; role=arbiter" and entry.after == ""


def test_a_second_chief_can_be_appointed_and_then_the_first_removed(chief_arbiter, outsider, tournament):
    roles.appoint_arbiter(chief_arbiter, tournament, outsider, "chief_arbiter")
    roles.remove_arbiter(outsider, tournament, chief_arbiter, "chief_arbiter")
    assert list(Role.objects.filter(kind="chief_arbiter").values_list("user__username", flat=True)) == ["outsider"]


def test_arbiters_page_lists_chief_first(login, chief_arbiter, arbiter, tournament):
    body = login(chief_arbiter).get(_url(tournament)).content.decode()
    assert body.index("Chief arbiter") < body.index("(arbiter)")
    assert "Appoint an arbiter" in body


def test_chief_appoints_through_the_page(login, chief_arbiter, outsider, tournament):
    client = login(chief_arbiter)
    response = client.post(_url(tournament), {"action": "appoint", "username": "OUTSIDER", "kind": "arbiter"})
    assert response.status_code == 302
    assert Role.objects.filter(user=outsider, tournament=tournament, kind="arbiter").exists()
    assert "outsider now has the role “Arbiter”" in client.get(_url(tournament)).content.decode()


def test_unknown_username_is_named_in_the_error(login, chief_arbiter, tournament):
    data = {"action": "appoint", "username": "nobody", "kind": "arbiter"}
    response = login(chief_arbiter).post(_url(tournament), data)
    assert response.status_code == 400
    assert "No account with the username or e-mail address “nobody”" in response.content.decode()
    assert Role.objects.filter(tournament=tournament).count() == 1


def test_chief_removes_through_the_page(login, chief_arbiter, arbiter, tournament):
    role = Role.objects.get(user=arbiter, kind="arbiter")
    response = login(chief_arbiter).post(_url(tournament), {"action": "remove", "role": role.pk})
    assert response.status_code == 302
    assert not Role.objects.filter(pk=role.pk).exists()


def test_removing_the_last_chief_through_the_page_shows_the_reason(login, chief_arbiter, tournament):
    role = Role.objects.get(user=chief_arbiter)
    client = login(chief_arbiter)
    client.post(_url(tournament), {"action": "remove", "role": role.pk})
    assert Role.objects.filter(pk=role.pk).exists()
    assert "A tournament needs a chief arbiter" in client.get(_url(tournament)).content.decode()


def test_arbiter_sees_the_list_without_forms(login, arbiter, chief_arbiter, tournament):
    body = login(arbiter).get(_url(tournament)).content.decode()
    assert "chief" in body
    assert "Appoint an arbiter" not in body
    assert "Only the chief arbiter can appoint" in body


def test_the_page_offers_no_remove_button_for_the_only_chief(login, chief_arbiter, arbiter, tournament):
    body = login(chief_arbiter).get(_url(tournament)).content.decode()
    assert "Remove arbiter" in body  # the arbiter can be removed
    assert "Remove chief" not in body  # the only chief cannot
