"""The history service: only confirmed results reach history, pairings and points."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.history import build_history, pairing_input, tournament_history
from tournaments.models import Absence, Board, Entry, ProhibitedPair, Round
from tournaments.vocabulary import PENDING, result_codes

pytestmark = pytest.mark.django_db


def _by_id(records):
    return {p.id: p for p in records}


def test_pending_submission_is_a_meeting_for_pairing_but_worth_no_points(tournament, published_round, set_result):
    """A pending result counts nowhere in the standings, but the game was played: for pairing it is
    a meeting with its colours (FIDE C.04.1 b: players who have met may not meet again)."""
    board1 = published_round.boards.get(number=1)
    board2 = published_round.boards.get(number=2)
    set_result(board1, "2-0", status="pending")
    set_result(board2, "1-1", status="confirmed")

    hist = build_history(tournament)
    players = _by_id(hist.players)
    assert players[1].history == () and players[1].points == 0
    assert players[2].history == () and players[2].points == 0
    assert [(g.round, g.board) for g in hist.pending] == [(1, 1)]
    assert players[3].points == 1 and players[3].history[0].result == "="
    assert players[4].history[0].colour == "b"

    inp = pairing_input(tournament, 2)
    one = _by_id(inp.players)[1]
    assert [(r.opponent, r.colour, r.result, r.played) for r in one.history] == [(2, "w", PENDING, True)]
    assert one.points == 0
    assert _by_id(inp.players)[2].history[0].colour == "b"


def test_confirmed_submission_reaches_history_and_points(tournament, published_round, set_result):
    board1 = published_round.boards.get(number=1)
    first = set_result(board1, "2-0", status="pending")
    first.status = "superseded"
    first.save()
    set_result(board1, "0-2", status="confirmed")
    players = _by_id(tournament_history(tournament))
    assert players[1].history[0].result == "0" and players[1].history[0].opponent == 2
    assert players[2].points == 2.0 and players[2].history[0].result == "1"


def test_scoring_of_the_tournament_is_used(tournament, published_round, set_result):
    tournament.points_win = 3
    tournament.save()
    set_result(published_round.boards.get(number=1), "2-0")
    assert _by_id(tournament_history(tournament))[1].points == 3.0


@pytest.mark.parametrize(
    ("result", "codes"),
    [("2-0", ("1", "0")), ("1-1", ("=", "=")), ("+-", ("+", "-")), ("--", ("-", "-")), ("0-0", ("0", "0"))],
)
def test_result_codes_map_to_trf(result, codes):
    assert result_codes(result) == codes


def test_forfeit_is_recorded_but_is_not_a_played_game(tournament, published_round, set_result):
    set_result(published_round.boards.get(number=1), "+-")
    players = _by_id(tournament_history(tournament))
    assert players[1].history[0].result == "+" and not players[1].history[0].played
    assert players[1].points == 2.0 and players[2].points == 0.0


def test_byes_map_to_codes_and_points(tournament, entries):
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.PUBLISHED)
    for i, kind in enumerate(["pab", "half", "zero", "absent"], start=1):
        Board.objects.create(round=rnd, number=i, white=entries[i - 1], bye_kind=kind)
    players = _by_id(tournament_history(tournament))
    assert [players[i].history[0].result for i in (1, 2, 3, 4)] == ["U", "H", "Z", "Z"]
    assert [players[i].points for i in (1, 2, 3, 4)] == [2.0, 1.0, 0.0, 0.0]


def test_draft_round_is_not_history(tournament, entries):
    rnd = Round.objects.create(tournament=tournament, number=1, status=Round.Status.DRAFT)
    Board.objects.create(round=rnd, number=1, white=entries[0], bye_kind="pab")
    assert _by_id(tournament_history(tournament))[1].history == ()


def test_availability_from_status_and_absences(tournament, entries):
    entries[1].withdrawn_from_round = 2
    entries[1].status = Entry.Status.WITHDRAWN
    entries[1].save()
    entries[2].joined_in_round = 3
    entries[2].save()
    Absence.objects.create(entry=entries[3], round_number=2, kind="half")
    ProhibitedPair.objects.create(tournament=tournament, first=entries[0], second=entries[3])
    inp = pairing_input(tournament, 2)
    assert {p.id for p in inp.players if p.unavailable} == {2, 3, 4}
    assert inp.prohibited == (frozenset({1, 4}),)
    inp3 = pairing_input(tournament, 3)
    assert {p.id for p in inp3.players if p.unavailable} == {2}


def test_round_robin_withdrawal_with_few_games_cancels_results(make_tournament, add_entries, set_result):
    t = make_tournament("rr", pairing_system="berger", withdrawal_rule="half")
    e = add_entries(t, 4)
    rnd = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    set_result(Board.objects.create(round=rnd, number=1, white=e[0], black=e[3]), "2-0")
    set_result(Board.objects.create(round=rnd, number=2, white=e[1], black=e[2]), "2-0")
    e[3].status = Entry.Status.WITHDRAWN
    e[3].withdrawn_from_round = 2
    e[3].save()
    hist = build_history(t)
    assert hist.cancelled == frozenset({4})
    assert _by_id(hist.players)[1].points == 0 and _by_id(hist.players)[2].points == 2
    t.withdrawal_rule = "keep"
    t.save()
    assert _by_id(tournament_history(t))[1].points == 2


def test_history_runs_a_constant_number_of_queries(make_tournament, add_entries, set_result):
    def count(n_players: int) -> int:
        t = make_tournament(f"q{n_players}")
        e = add_entries(t, n_players, start=1)
        for r in (1, 2):
            rnd = Round.objects.create(tournament=t, number=r, status=Round.Status.PUBLISHED)
            for b in range(n_players // 2):
                board = Board.objects.create(round=rnd, number=b + 1, white=e[2 * b], black=e[2 * b + 1])
                set_result(board, "1-1")
        with CaptureQueriesContext(connection) as ctx:
            pairing_input(t, 3)
        return len(ctx.captured_queries)

    assert count(4) == count(12)


@pytest.mark.parametrize(("system", "rule", "removed"), [
    ("dutch", "half", False),  # only round robins apply the rule: a Swiss keeps the games played
    ("dutch", "cancel", False),
    ("berger", "half", True),   # 1 of 3 games played: not more than half
    ("berger", "keep", False),
])
def test_the_withdrawal_rule_applies_where_it_is_offered_and_the_standings_say_why(
        make_tournament, add_entries, system, rule, removed, client, staff):
    """Issue 24, item 3: Jansen (1) plays round 1 (a win over 2) and withdraws from round 2. A
    round robin of 4 players has 3 games each: 1 of 3 is not more than half, so the half rule
    removes the win; a Swiss never removes results (the settings offer the rule to round robins only).
    The standings line of player 1 says what happened and why."""
    from games.models import Game, ResultSubmission
    from tournaments.forms import TournamentSettingsForm
    from tournaments.models import Board, Round
    from tournaments.services.registration import withdraw

    t = make_tournament(f"wd-{system}-{rule}", pairing_system=system, withdrawal_rule=rule, rounds_planned=3)
    e = add_entries(t, 4)
    rnd = Round.objects.create(tournament=t, number=1, status="finished")
    for n, (w, b) in enumerate(((e[0], e[1]), (e[2], e[3])), start=1):
        game = Game.objects.create(board=Board.objects.create(round=rnd, number=n, white=w, black=b))
        ResultSubmission.objects.create(game=game, result="2-0", status="confirmed")
    withdraw(staff, e[0], 2)
    points = {p.id: p.points for p in build_history(t).players}
    assert points[1] == (0 if removed else 2) and points[2] == 0
    assert ("withdrawal_rule" in TournamentSettingsForm(instance=t).fields) == (system == "berger")
    page = client.get(f"/t/{t.slug}/standings/").content.decode()
    line = next(row for row in page.split("<tr") if "Player 001" in row)
    if system != "berger":
        assert "withdrawn from round 2; results kept: outside round robins the games played always count" in line
    elif rule == "keep":
        assert "results kept: the tournament&#x27;s rule keeps them" in line
    else:
        assert "withdrawn from round 2; results removed: 1 of 3 games played, not more than half" in line
