"""Arbiters link an entry's player to a user account (and unlink it) from the players page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import AuditEntry, Board, Entry, Game, Player, Role, Round

pytestmark = pytest.mark.django_db


def _url(tournament) -> str:
    return reverse("tournaments:players", args=[tournament.slug])


def _link(client, tournament, entry, username):
    return client.post(
        _url(tournament), {"action": "link_account", "entry": entry.pk, "username": username}, follow=True
    )


@pytest.fixture
def newcomer(make_user):
    return make_user("newcomer")


@pytest.mark.parametrize("persona", ["player", "outsider", "foreign_arbiter"])
def test_non_arbiters_are_refused_and_nothing_is_linked(persona, request, login, tournament, entries, newcomer):
    user = request.getfixturevalue(persona)
    response = login(user).post(
        _url(tournament), {"action": "link_account", "entry": entries[3].pk, "username": "newcomer"}
    )
    assert response.status_code == 403
    assert Entry.objects.get(pk=entries[3].pk).user is None
    assert not Role.objects.filter(user=newcomer).exists()


def test_anonymous_is_sent_to_the_login_page(client, tournament, entries, newcomer):
    response = client.post(_url(tournament), {"action": "unlink_account", "entry": entries[0].pk})
    assert response.status_code == 302
    assert "login" in response["Location"]
    assert Entry.objects.get(pk=entries[0].pk).user is not None


def test_arbiter_links_an_account_which_gets_the_player_role_and_an_audit_entry(
    login, arbiter, tournament, entries, newcomer
):
    response = _link(login(arbiter), tournament, entries[3], " newcomer ")
    assert response.status_code == 200
    assert "is now linked to the account" in response.content.decode()
    assert Entry.objects.get(pk=entries[3].pk).user == newcomer
    assert Role.objects.filter(tournament=tournament, user=newcomer, kind="player").exists()
    audit = AuditEntry.objects.get(action="entry.link_account")
    assert audit.actor == arbiter and audit.tournament == tournament
    assert audit.object_id == str(entries[3].pk) and audit.after == "user=newcomer"


def test_an_unknown_username_is_refused_with_a_message(login, arbiter, tournament, entries):
    response = _link(login(arbiter), tournament, entries[3], "nobody")
    assert "There is no user account named “nobody”" in response.content.decode()
    assert Entry.objects.get(pk=entries[3].pk).user is None
    assert not AuditEntry.objects.filter(action="entry.link_account").exists()


def test_a_user_already_linked_to_another_entry_is_refused(login, arbiter, tournament, entries, opponent):
    response = _link(login(arbiter), tournament, entries[3], "opponent")
    assert "already linked to Müller, Jürgen in this tournament" in response.content.decode()
    assert Entry.objects.get(pk=entries[3].pk).user is None
    assert not AuditEntry.objects.filter(action="entry.link_account").exists()


def test_a_player_linked_to_another_account_must_be_unlinked_first(login, arbiter, tournament, entries, newcomer):
    response = _link(login(arbiter), tournament, entries[0], "newcomer")
    assert "unlink it first" in response.content.decode()
    assert Entry.objects.get(pk=entries[0].pk).user.username == "player"


def test_unlinking_removes_the_link_the_player_role_and_is_audited(login, arbiter, tournament, entries, player):
    response = login(arbiter).post(_url(tournament), {"action": "unlink_account", "entry": entries[0].pk}, follow=True)
    assert "no longer linked to a user account" in response.content.decode()
    assert Entry.objects.get(pk=entries[0].pk).user is None
    assert not Role.objects.filter(tournament=tournament, user=player, kind="player").exists()
    audit = AuditEntry.objects.get(action="entry.unlink_account")
    assert audit.before == "user=player" and audit.actor == arbiter


def test_an_entry_of_another_tournament_is_404(login, arbiter, tournament, other_tournament, newcomer):
    from tournaments.models import Entry

    foreign = Entry.objects.create(tournament=other_tournament, player=Player.objects.create(name="Far, Away"))
    response = login(arbiter).post(
        _url(tournament), {"action": "link_account", "entry": foreign.pk, "username": "newcomer"}
    )
    assert response.status_code == 404
    assert Entry.objects.get(pk=foreign.pk).user is None


def test_the_players_page_offers_link_and_unlink(login, arbiter, tournament, entries):
    html = login(arbiter).get(_url(tournament)).content.decode()
    assert html.count('value="unlink_account"') == 3
    assert html.count('value="link_account"') == 1


def test_after_linking_the_user_sees_the_game_on_my_games(
    login, client, arbiter, tournament, published_round, entries, newcomer
):
    my_games = reverse("games:my_games", args=[tournament.slug])
    login(newcomer)
    assert client.get(my_games).status_code == 403  # no role yet
    login(arbiter)
    _link(client, tournament, entries[3], "newcomer")
    login(newcomer)
    response = client.get(my_games)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Lefèvre, Amélie" in html  # the opponent on board 2
    assert reverse("games:game", args=[published_round.boards.get(number=2).games.get().pk]) in html


def test_csv_import_links_accounts_from_an_optional_username_column(tournament, staff, newcomer, opponent, entries):
    from tournaments.services.csv_import import import_players_csv

    data = (
        "name;rating;username\n"
        "Nieuw, Nina;1500;newcomer\nTwee, Tom;1400;opponent\nGeen, Gijs;1300;nobody\nZonder, Zus;1200;\n"
    )
    report = import_players_csv(staff, tournament, data.encode())
    assert report.imported == ["Nieuw, Nina", "Zonder, Zus"]
    reasons = {r.line: r.reason for r in report.rejected}
    assert "already linked to Müller, Jürgen" in reasons[3]
    assert "no user account named “nobody”" in reasons[4]
    # A rejected line stores nothing: neither the player nor a half-done link.
    assert not Player.objects.filter(name__in=["Twee, Tom", "Geen, Gijs"]).exists()
    assert Entry.objects.get(tournament=tournament, player__name="Nieuw, Nina").user == newcomer
    assert Entry.objects.get(tournament=tournament, player__name="Zonder, Zus").user is None
    assert Role.objects.filter(tournament=tournament, user=newcomer, kind="player").exists()
    assert AuditEntry.objects.filter(action="entry.link_account", actor=staff).count() == 1


def test_linking_in_one_tournament_never_changes_who_acts_in_another(
    login, tournament, other_tournament, entries, player, foreign_arbiter, newcomer
):
    """Issue 14.1: the same player entered in two tournaments (registration reuses a Player by FMJD id).
    The arbiter of the other tournament links their entry to a newcomer: in ours, the entry keeps its
    own account, the newcomer gets no role here and cannot submit for our game."""
    ours = entries[0]  # linked to ``player`` in ``tournament``
    theirs = Entry.objects.create(tournament=other_tournament, player=ours.player, start_number=1)
    response = _link(login(foreign_arbiter), other_tournament, theirs, "newcomer")
    assert response.status_code == 200
    assert Entry.objects.get(pk=theirs.pk).user == newcomer
    assert Entry.objects.get(pk=ours.pk).user == player
    assert not Role.objects.filter(tournament=tournament, user=newcomer).exists()
    game = Game.objects.create(board=Board.objects.create(
        round=Round.objects.create(tournament=tournament, number=1, status="published"), number=1,
        white=ours, black=entries[1]))
    assert not newcomer.has_perm("games.submit_result", game)
    assert player.has_perm("games.submit_result", game)
    # Unlinking there leaves ours alone too.
    login(foreign_arbiter).post(_url(other_tournament), {"action": "unlink_account", "entry": theirs.pk})
    assert Entry.objects.get(pk=ours.pk).user == player
