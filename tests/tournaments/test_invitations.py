"""Arbiters create accounts for players (issue 12): an account without a password, linked to the
entry, and a one-time link where the player chooses a password and can then sign in."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tournaments.models import AuditEntry, Entry, Role
from tournaments.services.errors import ServiceError
from tournaments.services.registration import invite_player

pytestmark = pytest.mark.django_db


def test_the_arbiter_creates_an_account_and_the_player_sets_a_password(tournament, chief_arbiter, add_entries,
                                                                       login, client):
    [entry] = add_entries(tournament, 1)
    page = login(chief_arbiter)
    response = page.post(reverse("tournaments:players", args=[tournament.slug]),
                         {"action": "invite_account", "entry": entry.pk}, follow=True)
    text = response.content.decode()
    user = get_user_model().objects.get(username="player-001")
    assert not user.has_usable_password()
    assert Entry.objects.get(pk=entry.pk).user == user
    assert Role.objects.filter(user=user, tournament=tournament, kind="player").exists()
    assert AuditEntry.objects.filter(tournament=tournament, action="entry.invite").exists()
    link = re.search(r"http://testserver(/accounts/invitation/[^/]+/[^/ <]+/)", text)
    assert link, text
    page.logout()
    form = client.get(link.group(1), follow=True)
    assert "Choose your password" in form.content.decode() and "player-001" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": "board-Game-42x", "new_password2":
                                                    "board-Game-42x"}, follow=True)
    assert "Your password is set." in done.content.decode()
    assert client.login(username="player-001", password="board-Game-42x")
    # The link works once.
    again = client.get(link.group(1), follow=True)
    assert "no longer valid" in again.content.decode()


def test_usernames_are_made_from_the_name_and_numbered_when_taken(tournament, chief_arbiter, make_tournament,
                                                                 add_entries):
    from tournaments.models import Player

    other = make_tournament("other-open")
    a = Entry.objects.create(tournament=tournament, player=Player.objects.create(name="Müller, Jürgen"),
                             start_number=1)
    b = Entry.objects.create(tournament=other, player=Player.objects.create(name="Müller, Jürgen"),
                             start_number=1)
    assert invite_player(chief_arbiter, a).username == "muller-jurgen"
    assert invite_player(chief_arbiter, b).username == "muller-jurgen-2"
    with pytest.raises(ServiceError):
        invite_player(chief_arbiter, a)  # already has an account
