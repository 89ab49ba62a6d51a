"""The rules of a team event (issue 27): the event's match points, the no-show penalty, team withdrawals
and byes, the line-up deadline, the per-player page and board prizes, the individual pages of a team
event. Oracles: hand computations in the docstrings (boards 2/1/0; match points by comparing board
points: more than N wins, N draws, less loses)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.services.results import enter_result
from games.services.team_results import record_no_show
from tests.tournaments import test_team_app
from tournaments.models import AuditEntry
from tournaments.reports.audit import read
from tournaments.reports.teams import round_matches, team_scoring, team_tables
from tournaments.services.pairing import pair_round
from tournaments.services.registration import update_tournament
from tournaments.services.rounds import publish_round
from tournaments.vocabulary import MatchBoard, forfeit_type, withdrawal_keeps_results

pytestmark = pytest.mark.django_db


@pytest.fixture
def league_fixture(make_tournament, make_user, chief_arbiter):
    """``test_team_app.league``: four teams of five (A strongest), a round robin of three rounds, captains."""
    return test_team_app.league.__wrapped__(make_tournament, make_user, chief_arbiter)


def _publish_next(t, arbiter):
    rnd = pair_round(t, arbiter).round
    publish_round(arbiter, rnd)
    rnd.refresh_from_db()
    return rnd


def _play(rnd, home, results, arbiter):
    """Enter ``results`` (White's view, board 1 first) on the match ``home`` plays at home."""
    match = rnd.boards.get(white_team=home)
    for number, result in enumerate(results, start=1):
        enter_result(Game.objects.get(board=match, number=number), result, arbiter)
    return match


def test_match_points_are_the_events_setting_everywhere(league_fixture):
    """Match points 3/1/0 (set on the settings page, audited in words). Round 1 (Berger 4: A-D, B-C):
    A-D boards 2-0, 2-0, 1-1, 0-2 from White's view, A White on boards 1 and 3: A 2+0+1+2 = 5, D 3:
    A wins, 3 match points; B-C all 1-1: 4-4, a draw, 1 each. Standings A 3, B 1, C 1, D 0."""
    t, teams, arbiter, *_ = league_fixture
    update_tournament(arbiter, t, {"team_points_win": 3})
    t.refresh_from_db()
    assert team_scoring(t).win == 3 and team_scoring(t).pab_match_points == 3
    line = read(AuditEntry.objects.filter(tournament=t, action="tournament.update").latest("pk"))
    assert [(c.field, c.before, c.after) for c in line.changes] == [("match points for a match won", "2", "3")]
    rnd = _publish_next(t, arbiter)
    _play(rnd, teams["A"][0], ("2-0", "2-0", "1-1", "0-2"), arbiter)
    other = rnd.boards.exclude(white_team=teams["A"][0]).get(bye_kind="")
    for g in other.games.all():
        enter_result(g, "1-1", arbiter)
    rows = {r.name: r.match_points for r in team_tables(t).standings.rows}
    assert rows == {"Team A": 3, "Team B": 1, "Team C": 1, "Team D": 0}
    view = next(m for m in round_matches(t, 1) if m.home == teams["A"][0])
    assert (view.score.home_match_points, view.score.away_match_points) == (3, 0)


def test_the_settings_page_offers_the_team_rules_and_refuses_a_draw_above_a_win(league_fixture):
    t, teams, arbiter, *_ = league_fixture
    c = Client()
    c.force_login(arbiter)
    url = reverse("tournaments:settings", kwargs={"slug": t.slug})
    page = c.get(url).content.decode().lower()
    for label in ("match points for a match won", "match points taken from a team that does not show",
                  "line-up deadline (minutes before the start)", "board prizes: minimum games"):
        assert label in page
    assert "pairing-allocated bye" not in page.split("match points for a match won")[1].split("</fieldset>")[0]
    form = c.get(url).context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data.update({"team_points_win": "1", "team_points_draw": "2"})
    body = c.post(url, data).content.decode()
    assert "a match won must be worth at least a draw" in body, body[:3000]
    t.refresh_from_db()
    assert t.team_points_win == 2


def test_forfeit_type_names_the_team_that_did_not_show():
    """Every board of the away team - or empty: the away team did not show (+-); both: --; a board
    played over the board, or forfeits each way: not a forfeited match."""
    def b(h, a):
        return MatchBoard(1, 1, 1, h, a)
    assert forfeit_type([b("+", "-"), b("+", "")]) == "+-"
    assert forfeit_type([b("-", "+"), b("", "+")]) == "-+"
    assert forfeit_type([b("-", "-"), b("-", "-")]) == "--"
    assert forfeit_type([b("+", "-"), b("-", "+")]) == ""
    assert forfeit_type([b("1", "0"), b("+", "-")]) == ""
    assert forfeit_type([]) == ""


def test_withdrawal_rule_is_the_players_rule():
    """keep keeps; cancel annuls; half keeps only when more than half the schedule was played: 3 of 5
    (6 > 5) kept, 2 of 4 (4 = 4) annulled; no rule (a Swiss without early annulment) keeps."""
    assert withdrawal_keeps_results("keep", 0, 5) and not withdrawal_keeps_results("cancel", 5, 5)
    assert withdrawal_keeps_results("half", 3, 5) and not withdrawal_keeps_results("half", 2, 4)
    assert withdrawal_keeps_results("", 0, 7)


def test_a_team_that_does_not_show_loses_the_events_penalty(league_fixture):
    """Penalty 1 match point. D does not show against A in round 1: A wins 8-0 (four forfeit wins of 2),
    2 match points; D 0 for the match, minus 1: -1. B-C 4-4: 1 each. Standings A 2, B 1, C 1, D -1."""
    t, teams, arbiter, *_ = league_fixture
    update_tournament(arbiter, t, {"team_no_show_penalty": 1})
    rnd = _publish_next(t, arbiter)
    match = rnd.boards.get(white_team=teams["A"][0])
    record_no_show(match, teams["D"][0], arbiter)
    other = rnd.boards.exclude(pk=match.pk).get(bye_kind="")
    for g in other.games.all():
        enter_result(g, "1-1", arbiter)
    t.refresh_from_db()
    standings = team_tables(t).standings
    rows = {r.name: (r.match_points, r.game_points) for r in standings.rows}
    assert rows == {"Team A": (2, 8), "Team B": (1, 4), "Team C": (1, 4), "Team D": (-1, 0)}
    assert standings.rows[-1].name == "Team D"
