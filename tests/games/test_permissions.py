"""Permission matrix of every entry / confirm / claim / ruling / management view, persona by persona.

Expected outcome per persona: "ok" (200, or a redirect that is not to the login page), "login"
(anonymous: redirect to the login page), 403 or 404.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import IrregularityRuling, ResultSubmission
from tests.games.conftest import OPENING

PERSONAS = ("player", "opponent", "other_player", "arbiter", "foreign_arbiter", "outsider", "anonymous")


def outcome(response) -> object:
    if response.status_code in (301, 302):
        return "login" if "/accounts/login/" in response["Location"] else "ok"
    if response.status_code == 200:
        return "ok"
    return response.status_code


def expect_matrix(expected: dict[str, object]) -> list[tuple[str, object]]:
    assert set(expected) == set(PERSONAS)
    return list(expected.items())


ENTRY = expect_matrix({"player": "ok", "opponent": "ok", "other_player": 403, "arbiter": "ok",
                       "foreign_arbiter": 403, "outsider": 403, "anonymous": "login"})


@pytest.mark.parametrize(("persona", "expected"), ENTRY)
def test_game_page_and_move_entry(persona, expected, game, as_persona):
    client = as_persona(persona)
    assert outcome(client.get(reverse("games:game", args=[game.pk]))) == expected
    r = client.post(reverse("games:check_moves", args=[game.pk]), {"moves": OPENING})
    assert outcome(r) == expected
    r = client.post(reverse("games:board", args=[game.pk]), {"moves": OPENING, "ply": 3})
    assert outcome(r) == expected


@pytest.mark.parametrize(("persona", "expected"), ENTRY)
def test_result_submission(persona, expected, game, as_persona):
    client = as_persona(persona)
    r = client.post(reverse("games:submit", args=[game.pk]), {"result": "2-0", "confirm": "on"})
    assert outcome(r) == expected
    stored = list(game.submissions.values_list("result", "status"))
    if expected == "ok":
        # Players' submissions wait; the arbiter's entry is confirmed at once.
        assert stored == [("2-0", "confirmed" if persona == "arbiter" else "pending")]
    else:
        assert stored == []


CONFIRM = expect_matrix({"player": 403, "opponent": "ok", "other_player": 403, "arbiter": "ok",
                         "foreign_arbiter": 403, "outsider": 403, "anonymous": "login"})


@pytest.mark.parametrize(("persona", "expected"), CONFIRM)
def test_confirmation_of_the_players_submission(persona, expected, game, player, as_persona):
    from games.services.results import submit_result

    sub = submit_result(game, "2-0", user=player)
    r = as_persona(persona).post(reverse("games:confirm", args=[sub.pk]))
    assert outcome(r) == expected
    sub.refresh_from_db()
    assert (sub.status == ResultSubmission.Status.CONFIRMED) == (expected == "ok")


@pytest.mark.parametrize(("persona", "expected"), CONFIRM)
def test_rejection_of_the_players_submission(persona, expected, game, player, as_persona):
    from games.services.results import submit_result

    sub = submit_result(game, "2-0", user=player)
    r = as_persona(persona).post(reverse("games:reject", args=[sub.pk]))
    assert outcome(r) == expected
    sub.refresh_from_db()
    assert (sub.status == ResultSubmission.Status.REJECTED) == (expected == "ok")


CLAIM = ENTRY


@pytest.mark.parametrize(("persona", "expected"), CLAIM)
def test_draw_claim(persona, expected, game, as_persona):
    r = as_persona(persona).post(reverse("games:claim", args=[game.pk]), {"ply": 4, "rule": "", "moves": OPENING})
    assert outcome(r) == expected
    assert game.draw_claims.count() == (1 if expected == "ok" else 0)


ARBITER_ONLY = expect_matrix({"player": 403, "opponent": 403, "other_player": 403, "arbiter": "ok",
                              "foreign_arbiter": 403, "outsider": 403, "anonymous": "login"})


@pytest.mark.parametrize(("persona", "expected"), ARBITER_ONLY)
def test_irregularity_ruling(persona, expected, game, as_persona):
    game.moves = "1. 32-28 19-23 2. 31-27 23x32"  # 2. 31-27 ignores the compulsory capture 28x19
    game.save()
    r = as_persona(persona).post(reverse("games:ruling", args=[game.pk]),
                                 {"ply": 3, "decision": "stands", "comment": "opponent let it stand"})
    assert outcome(r) == expected
    assert IrregularityRuling.objects.filter(game=game).count() == (1 if expected == "ok" else 0)


@pytest.mark.parametrize(("persona", "expected"), ARBITER_ONLY)
def test_forfeit_entry(persona, expected, game, as_persona):
    r = as_persona(persona).post(reverse("games:forfeit", args=[game.pk]), {"result": "+-"})
    assert outcome(r) == expected
    assert game.submissions.filter(result="+-", status="confirmed").count() == (1 if expected == "ok" else 0)


@pytest.mark.parametrize(("persona", "expected"), ARBITER_ONLY)
def test_management_pages(persona, expected, tournament, game, as_persona):
    client = as_persona(persona)
    for name in ("games:results", "games:links", "games:links_print", "games:import"):
        assert outcome(client.get(reverse(name, args=[tournament.slug]))) == expected, name


@pytest.mark.parametrize(("persona", "expected"), ARBITER_ONLY)
def test_link_creation(persona, expected, tournament, entries, as_persona):
    r = as_persona(persona).post(reverse("games:link_create", args=[tournament.slug]), {"entry": entries[3].pk})
    assert outcome(r) == expected
    assert tournament.submission_links.count() == (1 if expected == "ok" else 0)


PRIVATE_VIEW = expect_matrix({"player": "ok", "opponent": "ok", "other_player": 404, "arbiter": "ok",
                              "foreign_arbiter": 404, "outsider": 404, "anonymous": 404})
PUBLIC_VIEW = expect_matrix(dict.fromkeys(PERSONAS, "ok"))


@pytest.mark.parametrize(("persona", "expected"), PUBLIC_VIEW)
def test_public_game_viewer_when_games_are_public(persona, expected, game, as_persona):
    client = as_persona(persona)
    assert outcome(client.get(reverse("games:view", args=[game.pk]))) == expected
    assert outcome(client.get(reverse("games:board", args=[game.pk]), {"ply": 0})) == expected


@pytest.mark.parametrize(("persona", "expected"), PRIVATE_VIEW)
def test_game_viewer_when_games_are_private(persona, expected, game, tournament, as_persona):
    tournament.public_games = False
    tournament.save()
    client = as_persona(persona)
    assert outcome(client.get(reverse("games:view", args=[game.pk]))) == expected
    assert outcome(client.get(reverse("games:export_game", args=[game.pk]))) == expected


MY_GAMES = expect_matrix({"player": "ok", "opponent": "ok", "other_player": "ok", "arbiter": "ok",
                          "foreign_arbiter": 403, "outsider": 403, "anonymous": "login"})


@pytest.mark.parametrize(("persona", "expected"), MY_GAMES)
def test_my_games_page(persona, expected, tournament, game, as_persona):
    r = as_persona(persona).get(reverse("games:my_games", args=[tournament.slug]))
    assert outcome(r) == expected
    if persona in ("player", "opponent"):
        assert reverse("games:submit", args=[game.pk]) in r.content.decode()
    if persona == "other_player":
        assert reverse("games:submit", args=[game.pk]) not in r.content.decode()


def test_players_cannot_enter_results_of_a_draft_round(game, as_persona):
    rnd = game.board.round
    rnd.status = "draft"
    rnd.save()
    assert outcome(as_persona("player").post(reverse("games:submit", args=[game.pk]), {"result": "2-0"})) == 403
    assert outcome(as_persona("arbiter").post(reverse("games:submit", args=[game.pk]), {"result": "2-0"})) == "ok"


def test_a_draft_game_is_hidden_from_its_players_even_when_games_are_private_or_public(game, tournament,
                                                                                      as_persona):
    """Issue 23, Low 6: the players of a draft board opened its game (viewer, board, PDN) before the
    round was published; arbiters still do, an arbiter who plays in it included (they see the draft
    pairings anyway). Published, the players see it again."""
    from tournaments.models import Role

    Role.objects.create(tournament=tournament, user=game.board.black.user, kind=Role.Kind.ARBITER)
    rnd = game.board.round
    rnd.status = "draft"
    rnd.save()
    pages = [reverse("games:view", args=[game.pk]), reverse("games:board", args=[game.pk]),
             reverse("games:export_game", args=[game.pk])]
    for public in (True, False):
        tournament.public_games = public
        tournament.save()
        for page in pages:
            assert outcome(as_persona("player").get(page)) == 404, page
            assert outcome(as_persona("arbiter").get(page)) == "ok", page
            assert outcome(as_persona("opponent").get(page)) == "ok", page  # an arbiter who plays
    rnd.status = "published"
    rnd.save()
    for page in pages:
        assert outcome(as_persona("player").get(page)) == "ok", page


@pytest.mark.parametrize(("persona", "expected"), ARBITER_ONLY)
def test_link_revocation(persona, expected, tournament, entries, arbiter, as_persona):
    from games.services.links import create_link

    link = create_link(tournament, entries[3], arbiter)
    r = as_persona(persona).post(reverse("games:link_revoke", args=[tournament.slug, link.pk]))
    assert outcome(r) == expected
    link.refresh_from_db()
    assert link.revoked == (expected == "ok")


@pytest.mark.parametrize(("persona", "expected"), ARBITER_ONLY)
def test_import_report_and_resolving_a_game(persona, expected, tournament, published_round, arbiter, as_persona):
    from games.services.pdn_import import import_pdn_text
    from tournaments.models import TaskRun

    text = '[Round "1"]\n[White "Piet Jansen"]\n[Black "Juergen Mueller"]\n[Result "2-0"]\n\n1. 32-28 2-0\n'
    report = import_pdn_text(tournament, text, arbiter)
    (item,) = report["doubtful"] + report["unmatched"]
    task = TaskRun.objects.create(tournament=tournament, kind="pdn_import", status="done", report=report)
    client = as_persona(persona)
    assert outcome(client.get(reverse("games:import_status", args=[tournament.slug, task.pk]))) == expected
    board = published_round.boards.get(number=1)
    r = client.post(reverse("games:import_resolve", args=[tournament.slug, task.pk]),
                    {"index": item["index"], "board": board.pk})
    assert outcome(r) == expected
    task.refresh_from_db()
    resolved = bool((task.report["doubtful"] + task.report["unmatched"])[0].get("resolved"))
    assert resolved == (expected == "ok")


PRIVATE_EXPORT = expect_matrix({"player": 404, "opponent": 404, "other_player": 404, "arbiter": "ok",
                                "foreign_arbiter": 404, "outsider": 404, "anonymous": 404})


@pytest.mark.parametrize(("persona", "expected"), PRIVATE_EXPORT)
def test_round_and_tournament_downloads_when_games_are_private(persona, expected, tournament, game, as_persona):
    tournament.public_games = False
    tournament.save()
    client = as_persona(persona)
    assert outcome(client.get(reverse("games:export_tournament", args=[tournament.slug]))) == expected
    assert outcome(client.get(reverse("games:export_round", args=[tournament.slug, 1]))) == expected


@pytest.mark.parametrize(("persona", "expected"), PRIVATE_EXPORT)
def test_download_of_a_draft_round_when_games_are_public(persona, expected, tournament, game, as_persona):
    rnd = game.board.round
    rnd.status = "draft"
    rnd.save()
    r = as_persona(persona).get(reverse("games:export_round", args=[tournament.slug, 1]))
    assert outcome(r) == expected


def test_rules_and_services_answer_no_for_a_missing_user(game):
    """``user`` may be None (a private link, a command without --user): a plain no, not an AttributeError."""
    from django.contrib.auth.models import AnonymousUser

    from games.permissions import is_game_player
    from games.services.games import entry_of_user
    from games.services.results import may_confirm, submit_result

    for nobody in (None, AnonymousUser()):
        assert is_game_player(nobody, game) is False
        assert entry_of_user(game, nobody) is None
    sub = submit_result(game, "2-0", user=game.board.white.user)
    assert may_confirm(sub, None) == (False, "Sign in to confirm a result.")


def test_arbiter_rules_and_services_answer_no_for_a_missing_user(game, tournament, entries):
    """The same for the arbiter predicates: ``user`` None is nobody's arbiter (found by mypy: the typed
    predicates take a user or AnonymousUser, and ``_has_role`` read ``None.is_authenticated``)."""
    from django.contrib.auth.models import AnonymousUser

    from games.permissions import is_game_arbiter
    from games.services import GameError
    from games.services.links import create_link
    from games.services.results import enter_result
    from tournaments.permissions import is_arbiter, is_chief_arbiter, is_player

    for nobody in (None, AnonymousUser()):
        assert is_game_arbiter(nobody, game) is False
        for pred in (is_arbiter, is_chief_arbiter, is_player):
            assert pred(nobody, tournament) is False
        with pytest.raises(GameError, match="Only an arbiter"):
            enter_result(game, "2-0", nobody)
        with pytest.raises(GameError, match="Only an arbiter"):
            create_link(tournament, entries[3], nobody)
    assert not ResultSubmission.objects.filter(game=game).exists()
