"""Arbiters link an entry's player to a user account (and unlink it) from the players page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import Game
from tournaments.models import AuditEntry, Board, Entry, Player, Role, Round

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


def _accept(client, user, answer="accept"):
    """``user`` answers their (only) waiting request from their home page."""
    from tournaments.models import AccountLinkRequest

    client.force_login(user)
    home = client.get(reverse("home")).content.decode()
    req = AccountLinkRequest.objects.get(user=user)
    url = reverse("tournaments:answer_link_request", args=[req.pk])
    assert url in home
    return client.post(url, {"answer": answer}, follow=True)


def test_an_arbiter_asks_and_the_account_owner_links_with_the_player_role_and_audit_entries(
    login, client, arbiter, tournament, entries, newcomer
):
    """Issue 23, Low 4: linking is an act of the account's owner (the arbiter asks)."""
    response = _link(login(arbiter), tournament, entries[3], " newcomer ")
    assert response.status_code == 200
    assert "Request sent: if there is an account “newcomer”, its owner sees the request" in response.content.decode()
    assert Entry.objects.get(pk=entries[3].pk).user is None
    asked = AuditEntry.objects.get(action="entry.request_link")
    assert asked.actor == arbiter and asked.after == "request to the account “newcomer”"
    page = _accept(client, newcomer).content.decode()
    assert "Your account is now linked to Иванов, Сергей in Club Open." in page
    assert Entry.objects.get(pk=entries[3].pk).user == newcomer
    assert Role.objects.filter(tournament=tournament, user=newcomer, kind="player").exists()
    audit = AuditEntry.objects.get(action="entry.link_account")
    assert audit.actor == newcomer and audit.tournament == tournament
    assert audit.object_id == str(entries[3].pk) and audit.after == "user=newcomer"


def _players_page_after_asking(client, tournament, entry, username) -> tuple[str, str]:
    """The answer to a request for ``username`` and the players page after it, with the quoted
    username and the CSRF tokens (different on every page) blanked."""
    import re

    answer = _link(client, tournament, entry, username).content.decode()
    page = client.get(_url(tournament)).content.decode()
    client.post(_url(tournament), {"action": "withdraw_link", "entry": entry.pk}, follow=True)

    def plain(html: str) -> str:
        return re.sub(r"[A-Za-z0-9]{64}", "CSRF", html.replace(f"“{username}”", "“USERNAME”"))

    return plain(answer), plain(page)


def test_the_players_page_never_reveals_whether_an_account_exists(login, arbiter, tournament, entries, newcomer,
                                                                  opponent):
    """The finding: "There is no user account named …" answered for an unknown name, a link for a
    known one. Now an existing account, an unknown name and an account already linked to another
    player here give the same answer and the same players page, word for word."""
    client = login(arbiter)
    seen = {name: _players_page_after_asking(client, tournament, entries[3], name)
            for name in ("newcomer", "nobody", "opponent")}
    assert seen["newcomer"] == seen["nobody"] == seen["opponent"]
    assert "Request to “USERNAME” waiting" in seen["nobody"][1]
    assert "There is no user account" not in seen["nobody"][0]
    assert Entry.objects.get(pk=entries[3].pk).user is None
    # The audit log says what the arbiter typed, nothing more.
    asked = AuditEntry.objects.filter(action="entry.request_link").order_by("id")
    assert list(asked.values_list("after", flat=True)) == [
        "request to the account “newcomer”", "request to the account “nobody”", "request to the account “opponent”"]


def test_an_account_already_linked_here_is_refused_to_its_owner_when_accepting(login, client, arbiter, tournament,
                                                                               entries, opponent):
    _link(login(arbiter), tournament, entries[3], "opponent")
    page = _accept(client, opponent).content.decode()
    assert "already linked to Müller, Jürgen in this tournament" in page
    assert Entry.objects.get(pk=entries[3].pk).user is None
    assert not AuditEntry.objects.filter(action="entry.link_account").exists()


def test_staff_link_at_once_and_are_told_about_unknown_names(login, staff, tournament, entries, newcomer):
    Role.objects.create(tournament=tournament, user=staff, kind="arbiter")
    client = login(staff)
    unknown = _link(client, tournament, entries[3], "nobody").content.decode()
    assert "There is no user account named “nobody”" in unknown
    known = _link(client, tournament, entries[3], "newcomer").content.decode()
    assert "is now linked to the account “newcomer”" in known
    assert Entry.objects.get(pk=entries[3].pk).user == newcomer


def test_the_owner_declines_or_the_arbiter_withdraws_and_nobody_else_answers(login, client, arbiter, tournament,
                                                                             entries, newcomer, outsider):
    from tournaments.models import AccountLinkRequest

    _link(login(arbiter), tournament, entries[3], "newcomer")
    req = AccountLinkRequest.objects.get()
    client.force_login(outsider)
    url = reverse("tournaments:answer_link_request", args=[req.pk])
    assert "Link your account?" not in client.get(reverse("home")).content.decode()
    assert client.post(url, {"answer": "accept"}).status_code == 404
    assert "You declined the request of Club Open." in _accept(client, newcomer, "decline").content.decode()
    assert Entry.objects.get(pk=entries[3].pk).user is None and not AccountLinkRequest.objects.exists()
    declined = AuditEntry.objects.get(action="entry.decline_link")
    assert declined.actor == newcomer and declined.tournament == tournament
    _link(login(arbiter), tournament, entries[3], "newcomer")
    page = client.post(_url(tournament), {"action": "withdraw_link", "entry": entries[3].pk}, follow=True)
    assert "The request for Иванов, Сергей was withdrawn." in page.content.decode()
    assert not AccountLinkRequest.objects.exists()
    assert AuditEntry.objects.get(action="entry.withdraw_link").actor == arbiter


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
    _accept(client, newcomer)
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


def test_an_arbiters_csv_import_asks_the_accounts_and_reveals_none(tournament, arbiter, newcomer, entries):
    from tournaments.models import AccountLinkRequest
    from tournaments.services.csv_import import import_players_csv

    data = "name;rating;username\nNieuw, Nina;1500;newcomer\nGeen, Gijs;1300;nobody\n"
    report = import_players_csv(arbiter, tournament, data.encode())
    assert report.imported == ["Nieuw, Nina", "Geen, Gijs"] and not report.rejected
    assert sorted(AccountLinkRequest.objects.values_list("username", flat=True)) == ["newcomer", "nobody"]
    assert not Entry.objects.filter(tournament=tournament, player__name__in=["Nieuw, Nina", "Geen, Gijs"],
                                    user__isnull=False).exists()


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
    _accept(login(newcomer), newcomer)
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
