"""Result submissions: who may submit and confirm, versions, the one-confirmed rule, confirmed-only."""

from __future__ import annotations

from unittest import mock

import pytest

from games.models import ResultSubmission
from games.services import GameError
from games.services.results import (
    confirm_submission,
    enter_result,
    record_forfeit,
    reject_submission,
    submit_result,
)
from tournaments.models import AuditEntry


def test_player_submission_is_pending_and_not_counted(game, player):
    sub = submit_result(game, "2-0", user=player)
    assert sub.status == ResultSubmission.Status.PENDING
    assert sub.version == 1
    assert not ResultSubmission.objects.confirmed().filter(game=game).exists()


def test_other_player_cannot_submit_for_a_game_they_do_not_play(game, other_player):
    with pytest.raises(GameError, match="own games"):
        submit_result(game, "2-0", user=other_player)
    assert not game.submissions.exists()


def test_player_cannot_submit_a_forfeit(game, player):
    with pytest.raises(GameError, match="forfeit"):
        submit_result(game, "+-", user=player)


def test_nobody_confirms_their_own_submission(game, player):
    sub = submit_result(game, "2-0", user=player)
    with pytest.raises(GameError, match="own submission"):
        confirm_submission(sub, player)
    sub.refresh_from_db()
    assert sub.status == ResultSubmission.Status.PENDING


def test_opponent_confirms_and_the_result_counts(game, player, opponent):
    sub = submit_result(game, "1-1", user=player)
    confirm_submission(sub, opponent)
    assert list(ResultSubmission.objects.confirmed().filter(game=game)) == [sub]
    # Every version that becomes confirmed is audited, whoever confirmed it (issue 14.2).
    entry = AuditEntry.objects.get(action="result.confirm")
    assert entry.actor == opponent and "result=1-1" in entry.after and entry.before == ""


def test_other_player_and_foreign_arbiter_cannot_confirm(game, player, other_player, foreign_arbiter):
    sub = submit_result(game, "1-1", user=player)
    for user in (other_player, foreign_arbiter):
        with pytest.raises(GameError):
            confirm_submission(sub, user)
    assert not ResultSubmission.objects.confirmed().exists()


def test_new_confirmation_supersedes_the_previous_one_in_one_step(game, player, opponent, arbiter):
    first = submit_result(game, "2-0", user=player)
    confirm_submission(first, opponent)
    second = enter_result(game, "0-2", arbiter)  # after confirmation only an arbiter changes it
    assert second.version == 2
    first.refresh_from_db()
    assert first.status == ResultSubmission.Status.SUPERSEDED
    assert [s.result for s in ResultSubmission.objects.confirmed().filter(game=game)] == ["0-2"]
    entry = AuditEntry.objects.filter(action="result.confirm").latest("id")
    assert "result=2-0" in entry.before and "status=superseded" in entry.before and "result=0-2" in entry.after


def test_concurrent_second_confirmation_fails_cleanly(game, player, opponent, arbiter):
    """Simulate the race: the second transaction does not see the first confirmation (as under
    PostgreSQL's snapshot), so only the partial unique constraint stops a second confirmed row."""
    a = submit_result(game, "2-0", user=player)
    b = submit_result(game, "0-2", user=opponent)
    confirm_submission(a, opponent)
    with (
        mock.patch("games.services.results._supersede_previous", return_value=None),
        pytest.raises(GameError, match="same moment"),
    ):
        confirm_submission(b, arbiter)
    a.refresh_from_db()
    b.refresh_from_db()
    assert a.status == ResultSubmission.Status.CONFIRMED
    assert b.status == ResultSubmission.Status.PENDING
    assert ResultSubmission.objects.confirmed().filter(game=game).count() == 1
    assert AuditEntry.objects.filter(action="result.confirm").count() == 1  # the failed one left no entry


def test_arbiter_enters_and_confirms_at_once_with_audit(game, arbiter):
    sub = enter_result(game, "2-0", arbiter)
    assert sub.status == ResultSubmission.Status.CONFIRMED
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"result.enter", "result.confirm"} <= actions


def test_player_cannot_use_arbiter_entry(game, player):
    with pytest.raises(GameError, match="arbiter"):
        enter_result(game, "2-0", player)
    assert not game.submissions.exists()


def test_forfeit_by_arbiter(game, arbiter):
    sub = record_forfeit(game, "-+", arbiter)
    assert (sub.result, sub.termination, sub.status) == ("-+", "forfeit", "confirmed")
    with pytest.raises(GameError):
        record_forfeit(game, "1-1", arbiter)


def test_opponent_rejects_a_submission(game, player, opponent):
    sub = submit_result(game, "2-0", user=player)
    reject_submission(sub, opponent)
    sub.refresh_from_db()
    assert sub.status == ResultSubmission.Status.REJECTED


def test_confirmed_moves_are_validated_on_the_game(game, player, opponent):
    from tests.games.conftest import OPENING

    sub = submit_result(game, "1-1", user=player, moves=OPENING)
    confirm_submission(sub, opponent)
    game.refresh_from_db()
    assert game.moves == OPENING
    assert game.validation["plies"] == 10
    assert game.validation["irregularities"] == []


def test_draw_agreement_before_minimum_move_is_refused_with_reason(game, player, tournament):
    from tests.games.conftest import OPENING

    tournament.draw_offer_min_move = 40
    tournament.save()
    game.board.round.tournament.draw_offer_min_move = 40
    with pytest.raises(GameError, match="40"):
        submit_result(game, "1-1", user=player, moves=OPENING, termination="agreement")
    assert not game.submissions.exists()


def test_results_reach_standings_only_when_confirmed(game, player, opponent, tournament):
    """The history service (pairings and standings) sees a result only after confirmation."""
    from tournaments.history import tournament_history

    def points(name: str) -> float:
        return next(p.points for p in tournament_history(tournament) if p.name == name)

    sub = submit_result(game, "2-0", user=player)
    assert points("Jansen, Piet") == 0
    confirm_submission(sub, opponent)
    assert points("Jansen, Piet") == 2
    assert points("Müller, Jürgen") == 0


def test_arbiter_sees_conflicting_submissions_side_by_side(game, player, opponent, login, arbiter):
    from django.urls import reverse

    submit_result(game, "2-0", user=player, moves="1. 32-28 19-23")
    submit_result(game, "0-2", user=opponent, moves="1. 33-28 19-23")
    body = login(arbiter).get(reverse("games:game", args=[game.pk])).content.decode()
    assert "The submissions disagree" in body
    assert body.count('class="card submission-card') == 2
    assert "1. 32-28 19-23" in body and "1. 33-28 19-23" in body


def test_agreement_needs_the_moves_from_players_but_not_from_arbiters(game, player, arbiter, tournament):
    from tests.games.conftest import OPENING

    tournament.draw_offer_min_move = 40
    tournament.save()
    game.board.round.tournament.draw_offer_min_move = 40
    with pytest.raises(GameError, match="enter the moves"):
        submit_result(game, "1-1", user=player, termination="agreement")
    sub = enter_result(game, "1-1", arbiter, termination="agreement")
    assert sub.status == "confirmed"
    with pytest.raises(GameError, match="40"):
        enter_result(game, "1-1", arbiter, termination="agreement", moves=OPENING)


def test_results_overview_flags_waiting_and_conflicting_games(game, other_game, player, opponent, login, arbiter,
                                                               tournament):
    from django.urls import reverse

    submit_result(game, "2-0", user=player)
    submit_result(game, "0-2", user=opponent)
    enter_result(other_game, "1-1", arbiter)
    body = login(arbiter).get(reverse("games:results", args=[tournament.slug]), {"round": 1}).content.decode()
    assert '<span class="badge warn">2</span>' in body and "conflict" in body
    assert "<strong>1-1</strong>" in body
    assert login(arbiter).get(reverse("games:results", args=[tournament.slug]), {"round": 9}).status_code == 404


def test_arbiter_enters_a_result_from_the_overview_in_one_tap(game, login, arbiter, tournament):
    from django.urls import reverse

    client = login(arbiter)
    overview = reverse("games:results", args=[tournament.slug]) + "?round=1"
    body = client.get(overview).content.decode()
    assert f'action="{reverse("games:submit", args=[game.pk])}"' in body
    r = client.post(reverse("games:submit", args=[game.pk]), {"result": "1-1", "confirm": "on", "next": overview})
    assert r.status_code == 302 and r["Location"] == overview
    assert ResultSubmission.objects.confirmed().get(game=game).result == "1-1"


def test_phone_layout_tables_stack_into_labelled_cards(game, player, login, arbiter, tournament):
    """The submissions and results tables carry the class and cell labels the phone CSS stacks by
    (checked by eye at 375 px with headless Chromium: no sideways scrolling)."""
    from django.urls import reverse

    submit_result(game, "2-0", user=player, moves="1. 32-28 19-23")
    client = login(arbiter)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert '<table class="submissions stack' in page and 'data-label="Moves"' in page
    styles = client.get(reverse("games:results", args=[tournament.slug])).content.decode()
    assert '<table class="stack">' in styles and 'data-label="Result"' in styles and "css/games.css" in styles
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "games.css").read_text(encoding="utf-8")
    assert "@media (max-width: 600px)" in css and "table.stack td[data-label]::before" in css


def test_the_database_itself_refuses_a_second_confirmed_submission(game, arbiter):
    """The one-confirmed rule is a partial unique constraint, not a lock in Python: a raw second
    confirmed row (bypassing every service) is refused by the database."""
    from django.db import IntegrityError, transaction

    ResultSubmission.objects.create(game=game, version=1, result="2-0", status="confirmed")
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultSubmission.objects.create(game=game, version=2, result="0-2", status="confirmed")
    # Other states are not limited.
    ResultSubmission.objects.create(game=game, version=3, result="0-2", status="pending")
    ResultSubmission.objects.create(game=game, version=4, result="1-1", status="superseded")
    assert ResultSubmission.objects.filter(game=game).count() == 3


def test_results_overview_takes_the_same_queries_for_two_or_eight_boards(game, other_game, player, opponent, arbiter,
                                                                          login, tournament, published_round,
                                                                          django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from games.services.games import game_for_board
    from tournaments.models import Board

    client = login(arbiter)
    url = reverse("games:results", args=[tournament.slug])
    submit_result(game, "2-0", user=player)
    submit_result(game, "0-2", user=opponent)
    enter_result(other_game, "1-1", arbiter)
    client.get(url)  # warm up (session, caches)
    with CaptureQueriesContext(connection) as two:
        client.get(url)
    white, black = game.board.white, game.board.black
    for number in range(3, 9):
        g = game_for_board(Board.objects.create(round=published_round, number=number, white=white, black=black))
        submit_result(g, "2-0", user=player)
        submit_result(g, "1-1", user=opponent)
    with django_assert_max_num_queries(len(two.captured_queries)):
        body = client.get(url).content.decode()
    assert body.count("conflict</span>") == 7  # board 1 and the six new boards (2-0 and 1-1 waiting)
    assert body.count("<strong>1-1</strong>") == 1  # the one confirmed result (board 2)
