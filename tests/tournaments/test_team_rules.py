"""The rules of a team event (issue 27): the event's match points, the no-show penalty, team withdrawals
and byes, the line-up deadline, the per-player page and board prizes, the individual pages of a team
event. Oracles: hand computations in the docstrings (boards 2/1/0; match points by comparing board
points: more than N wins, N draws, less loses)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.db.models import Q
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.services.results import enter_result
from games.services.team_results import record_no_show
from tests.tournaments import test_team_app
from tournaments.models import AuditEntry, Role
from tournaments.reports.audit import read
from tournaments.reports.teams import round_matches, team_scoring, team_tables
from tournaments.services import teams as team_service
from tournaments.services.errors import ServiceError
from tournaments.services.pairing import pair_round
from tournaments.services.registration import update_tournament
from tournaments.services.rounds import finish_round, publish_round
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


def _score(t):
    return {r.name: (r.match_points, r.game_points) for r in team_tables(t).standings.rows}


def test_a_withdrawn_team_forfeits_its_remaining_round_robin_matches_or_is_annulled(league_fixture):
    """Round 1 (A-D, B-C): every board 1-1, all matches 4-4 (1 match point each). D withdraws from
    round 2 under the rule "keep": round 2 (Berger 4: D-C, A-B) still pairs D, but its match has no games
    and C wins it by forfeit, 4 boards x 2 = 8-0, 2 match points; A-B 4-4.
    A 1+1 = 2 MP, 4+4 = 8 BP; B 2, 8; C 1+2 = 3, 4+8 = 12; D 1+0 = 1, 4.
    Under "cancel" every match of D is annulled for both teams: A 1, 4 (B only); B 2, 8; C 1, 4; D 0, 0."""
    t, teams, arbiter, *_ = league_fixture
    update_tournament(arbiter, t, {"withdrawal_rule": "keep"})
    rnd = _publish_next(t, arbiter)
    for g in Game.objects.filter(board__round=rnd):
        enter_result(g, "1-1", arbiter)
    team_d = teams["D"][0]
    c = Client()
    c.force_login(arbiter)
    r = c.post(reverse("tournaments:withdraw_team", kwargs={"slug": t.slug, "team_id": team_d.pk}),
               {"round": "2", "confirm": "yes"})
    assert r.status_code == 302
    team_d.refresh_from_db()
    assert team_d.withdrawn_from_round == 2
    line = read(AuditEntry.objects.get(tournament=t, action="team.withdraw"))
    assert line.action == "withdrew a team" and ("withdrawn from round", "(empty)", "2") in [
        (ch.field, ch.before, ch.after) for ch in line.changes]
    rnd2 = _publish_next(t, arbiter)
    forfeited = rnd2.boards.get(Q(white_team=team_d) | Q(black_team=team_d))
    assert not forfeited.games.exists()
    for g in Game.objects.filter(board__round=rnd2):
        enter_result(g, "1-1", arbiter)
    assert finish_round(arbiter, rnd2).status == "finished"  # the forfeited match needs no games
    t.refresh_from_db()
    assert _score(t) == {"Team A": (2, 8), "Team B": (2, 8), "Team C": (3, 12), "Team D": (1, 4)}
    page = Client().get(reverse("public:team_standings", kwargs={"slug": t.slug})).content.decode()
    assert "withdrawn from round 2; its remaining matches are forfeits" in page
    update_tournament(arbiter, t, {"withdrawal_rule": "cancel"})
    t.refresh_from_db()
    assert _score(t) == {"Team A": (1, 4), "Team B": (2, 8), "Team C": (1, 4), "Team D": (0, 0)}
    # Undoing the withdrawal brings the annulled results back (nothing stored was deleted).
    c.post(reverse("tournaments:reinstate_team", kwargs={"slug": t.slug, "team_id": team_d.pk}))
    team_d.refresh_from_db()
    assert team_d.withdrawn_from_round is None
    assert AuditEntry.objects.filter(tournament=t, action="team.reinstate").count() == 1
    with pytest.raises(ServiceError, match="fixed"):
        team_service.set_team_bye(arbiter, teams["A"][0], 3, "half")


def _withdraw_url(t, team):
    return reverse("tournaments:withdraw_team", kwargs={"slug": t.slug, "team_id": team.pk})


def test_withdrawing_a_team_asks_to_confirm_and_says_what_happens(league_fixture):
    """Round 1 (A-D, B-C) is played, every board 1-1. The confirmation page for D from round 2 names the
    team and the round and, under the rule "half" (kept only when more than half of the schedule's 3
    matches were played), says D's results would be annulled: it played 1 of its 3 matches. Under
    "keep" it says its earlier matches keep their results and the rest are forfeits. Neither the GET nor
    a POST without the confirmation changes anything or writes an audit entry."""
    t, teams, arbiter, *_ = league_fixture
    rnd = _publish_next(t, arbiter)
    for g in Game.objects.filter(board__round=rnd):
        enter_result(g, "1-1", arbiter)
    team_d = teams["D"][0]
    c = Client()
    c.force_login(arbiter)
    page = c.get(_withdraw_url(t, team_d), {"round": "2"}).content.decode()
    assert "Withdraw Team D from round 2?" in page
    assert "Its results are annulled" in page and "It has played 1 of its 3 matches." in page
    assert 'name="confirm" value="yes"' in page and 'name="round" value="2"' in page
    update_tournament(arbiter, t, {"withdrawal_rule": "keep"})
    page = c.get(_withdraw_url(t, team_d), {"round": "2"}).content.decode()
    assert "Its matches before round 2 keep their results." in page
    assert "it loses every board by forfeit" in page
    assert c.post(_withdraw_url(t, team_d), {"round": "2"}).status_code == 200  # the page again
    team_d.refresh_from_db()
    assert team_d.withdrawn_from_round is None
    assert not AuditEntry.objects.filter(tournament=t, action="team.withdraw").exists()
    # Round 1 is published: the page refuses it and sends the arbiter back with the reason.
    r = c.get(_withdraw_url(t, team_d), {"round": "1"}, follow=True)
    assert "Round 1 is already published" in r.content.decode()
    assert c.get(_withdraw_url(t, team_d), {"round": "x"}).status_code == 302
    r = c.post(_withdraw_url(t, team_d), {"round": "2", "confirm": "yes"})
    assert r.status_code == 302
    team_d.refresh_from_db()
    assert team_d.withdrawn_from_round == 2
    assert AuditEntry.objects.filter(tournament=t, action="team.withdraw").count() == 1


def test_only_an_arbiter_may_withdraw_a_team(league_fixture):
    """A captain (signed in, no arbiter role) gets 403 for the page and for the confirmed POST; the team
    stays in."""
    t, teams, _arbiter, *_ = league_fixture
    team_d, captain_d, _players = teams["D"]
    c = Client()
    c.force_login(captain_d)
    assert c.get(_withdraw_url(t, team_d)).status_code == 403
    assert c.post(_withdraw_url(t, team_d), {"round": "1", "confirm": "yes"}).status_code == 403
    team_d.refresh_from_db()
    assert team_d.withdrawn_from_round is None


@pytest.fixture
def team_swiss(make_tournament, chief_arbiter):
    """A team Swiss of six teams of two boards, three rounds: A strongest (average 1685) ... F weakest."""
    t = make_tournament("team-swiss-6", name="Team Swiss", competitors="teams", boards_per_match=2,
                        pairing_system="dutch", rounds_planned=3)
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    teams = {}
    sn = 0
    for i, letter in enumerate("ABCDEF"):
        team = team_service.create_team(chief_arbiter, t, name=f"Team {letter}")
        players = []
        for j in range(2):
            sn += 1
            players.append(test_team_app._entry(t, f"{letter}{j}", 1700 - 100 * i - 30 * j, sn))
        team_service.set_roster(chief_arbiter, team, players)
        teams[letter] = team
    return t, teams, chief_arbiter


def test_team_swiss_byes_withdrawals_and_the_pairing_allocated_bye(team_swiss):
    """F withdraws from round 1 and E has a half-point bye in round 1: A, B, C, D are paired (1-3, 2-4),
    E gets a bye board (a drawn match: 1 match point, 2 boards x 1 = 2 board points), F no board.
    All boards 1-1: A-D 1 MP, 2 BP each. Round 2: five teams for a Swiss, one gets the pairing-allocated
    bye, worth a match won (2 MP) with the PAB points on both boards (2 x 2 = 4 BP): 1 + 2 = 3 MP and
    2 + 4 = 6 BP. The crosstable's byes column names both byes."""
    t, teams, arbiter = team_swiss
    team_service.withdraw_team(arbiter, teams["F"], 1)
    c = Client()
    c.force_login(arbiter)
    r = c.post(reverse("tournaments:team_bye", kwargs={"slug": t.slug, "team_id": teams["E"].pk}),
               {"round": "1", "kind": "half"})
    assert r.status_code == 302
    assert read(AuditEntry.objects.get(tournament=t, action="team.bye")).action == "gave a team a bye"
    rnd = _publish_next(t, arbiter)
    boards = list(rnd.boards.select_related("white_team", "black_team"))
    matches = {frozenset((b.white_team.name, b.black_team.name)) for b in boards if not b.bye_kind}
    assert matches == {frozenset(("Team A", "Team C")), frozenset(("Team B", "Team D"))}
    assert [(b.white_team.name, b.bye_kind) for b in boards if b.bye_kind] == [("Team E", "half")]
    for g in Game.objects.filter(board__round=rnd):
        enter_result(g, "1-1", arbiter)
    t.refresh_from_db()
    assert _score(t) == {"Team A": (1, 2), "Team B": (1, 2), "Team C": (1, 2), "Team D": (1, 2),
                         "Team E": (1, 2), "Team F": (0, 0)}
    with pytest.raises(ServiceError, match="already paired"):
        team_service.set_team_bye(arbiter, teams["A"], 1, "zero")
    rnd2 = _publish_next(t, arbiter)
    (pab,) = [b for b in rnd2.boards.select_related("white_team") if b.bye_kind]
    assert pab.bye_kind == "pab" and rnd2.boards.count() == 3
    assert not rnd2.boards.filter(Q(white_team=teams["F"]) | Q(black_team=teams["F"])).exists()
    for g in Game.objects.filter(board__round=rnd2):
        enter_result(g, "1-1", arbiter)
    t.refresh_from_db()
    assert _score(t)[pab.white_team.name] == (3, 6)
    page = Client().get(reverse("public:team_crosstable", kwargs={"slug": t.slug})).content.decode()
    assert "R1 half-point bye" in page and "R2 bye (pairing)" in page, page[page.find("<table"):page.find("</table>")]


def test_line_up_deadline_after_publication(league_fixture):
    """Deadline 60 minutes before the start. Round 1 starts in two hours (set on the round page, audited):
    the deadline is in one hour, after the publication. A hands in 1, 3, 4, 5 before publication; D
    nothing: at publication D plays its default line-up (audited) and the public page hides the match's
    boards (only A handed in). D's captain still changes it after publication (roster 2-5): the games are
    made again (board 1: D2), both are in, the boards show. With the start moved to 30 minutes from now the
    deadline has passed: A's captain is refused, an arbiter still changes the line-up."""
    t, teams, arbiter, *_ = league_fixture
    team_a, captain_a, pa = teams["A"]
    team_d, captain_d, pd = teams["D"]
    update_tournament(arbiter, t, {"line_up_deadline_minutes": 60})
    rnd = pair_round(t, arbiter).round
    c = Client()
    c.force_login(arbiter)
    start = timezone.localtime() + datetime.timedelta(hours=2)
    r = c.post(reverse("tournaments:round_start", kwargs={"slug": t.slug, "number": 1}),
               {"starts_at": start.strftime("%Y-%m-%dT%H:%M")})
    assert r.status_code == 302
    rnd.refresh_from_db()
    assert rnd.starts_at is not None and abs((rnd.starts_at - start).total_seconds()) < 60
    assert read(AuditEntry.objects.get(tournament=t, action="round.start_time")).action == \
        "set the start time of a round"
    team_service.submit_line_up(captain_a, team_a, 1, [pa[0], pa[2], pa[3], pa[4]])
    publish_round(arbiter, rnd)
    t.refresh_from_db()
    assert AuditEntry.objects.filter(tournament=t, action="lineup.default", object_id=str(
        team_service.LineUp.objects.get(team=team_d, round_number=1).pk)).exists()
    url = reverse("public:team_round", kwargs={"slug": t.slug, "number": 1})
    page = Client().get(url).content.decode()
    assert "The line-ups are shown once both are handed in" in page and "A3 Player" not in page
    projector = reverse("public:projector", kwargs={"slug": t.slug})
    page = Client().get(projector).content.decode()  # the hall projector hides them the same way
    assert "The line-ups are shown once both are handed in." in page and "A3 Player" not in page
    assert not team_service.line_up_visible_to(team_a, 1, captain_d)
    team_service.submit_line_up(captain_d, team_d, 1, pd[1:5])
    match = rnd.boards.get(white_team=team_a)
    assert Game.objects.get(board=match, number=1).black.name == "D2 Player"
    page = Client().get(url).content.decode()
    assert "A3 Player" in page and "D2 Player" in page
    page = Client().get(projector).content.decode()
    assert "A3 Player" in page and "D2 Player" in page
    rnd.refresh_from_db()
    team_service.set_round_start(arbiter, rnd, timezone.now() + datetime.timedelta(minutes=30))
    with pytest.raises(ServiceError, match="deadline of round 1 .* has passed"):
        team_service.submit_line_up(captain_a, team_a, 1, pa[:4])
    lu = Client()
    lu.force_login(captain_a)
    assert lu.get(reverse("tournaments:line_up", kwargs={"slug": t.slug, "team_id": team_a.pk})
                  + "?round=1").context["closed"]
    team_service.submit_line_up(arbiter, team_a, 1, pa[:4])
    assert Game.objects.get(board=match, number=2).black.name == "A2 Player"


def test_without_a_start_time_the_line_up_closes_at_publication(league_fixture):
    """A deadline is set but round 1 has no start time: as before, captains hand in until publication."""
    t, teams, arbiter, *_ = league_fixture
    team_a, captain_a, pa = teams["A"]
    update_tournament(arbiter, t, {"line_up_deadline_minutes": 30})
    _publish_next(t, arbiter)
    with pytest.raises(ServiceError, match="has started"):
        team_service.submit_line_up(captain_a, team_a, 1, pa[:4])


def test_player_page_and_board_prizes(league_fixture):
    """Round 1 (A-D, B-C), round 2 (D-C, A-B; Berger 4), the home team White on boards 1 and 3.
    A-D: 2-0, 2-0, 1-1, 0-2; B-C, D-C: every board 1-1; A-B: board 1 0-2 (B1 beats A1), others 1-1.
    A1: round 1 board 1 White against D1 (Team D), 2-0; round 2 White against B1 (Team B), 0-2: 2 points from
    2 games, 50 %. Board 1: B1 1 + 2 = 3 of 4, 75 %; A1 50 %; C1 1 + 1, 50 %; D1 0 + 1, 25 %. The minimum
    by default is half the 3 rounds of the table rounded up, 2: all four are ranked, B1, A1, C1 (equal
    with A1, after it by name), D1. With a minimum of 3 nobody is ranked."""
    t, teams, arbiter, *_ = league_fixture
    rnd = _publish_next(t, arbiter)
    _play(rnd, teams["A"][0], ("2-0", "2-0", "1-1", "0-2"), arbiter)
    _play(rnd, teams["B"][0], ("1-1",) * 4, arbiter)
    rnd2 = _publish_next(t, arbiter)
    _play(rnd2, teams["D"][0], ("1-1",) * 4, arbiter)
    _play(rnd2, teams["A"][0], ("0-2", "1-1", "1-1", "1-1"), arbiter)
    t.refresh_from_db()
    a1 = teams["A"][2][0]
    url = reverse("public:team_player", kwargs={"slug": t.slug, "entry_id": a1.pk})
    r = Client().get(url)
    assert r.status_code == 200
    rows = [(x["r"].round, x["r"].board, x["r"].opponent, x["r"].opposing_team, x["r"].colour, x["r"].result)
            for x in r.context["rows"]]
    assert rows == [(1, 1, "D1 Player", "Team D", "w", "2–0"), (2, 1, "B1 Player", "Team B", "w", "0–2")]
    page = r.content.decode()
    assert "2 points from 2 games" in page and "50%" in page
    boards = Client().get(reverse("public:team_boards", kwargs={"slug": t.slug}))
    (number, board1), *_rest = boards.context["boards"]
    assert number == 1
    assert [(x["rank"], x["s"].name, x["pct"]) for x in board1] == [
        (1, "B1 Player", "75"), (2, "A1 Player", "50"), (3, "C1 Player", "50"), (4, "D1 Player", "25")]
    assert url in boards.content.decode()  # the name links to the player's page
    assert url in Client().get(reverse("public:team_round", kwargs={"slug": t.slug, "number": 2})).content.decode()
    update_tournament(arbiter, t, {"board_prize_min_games": 3})
    boards = Client().get(reverse("public:team_boards", kwargs={"slug": t.slug}))
    assert [x["rank"] for x in boards.context["boards"][0][1]] == ["", "", "", ""]
    # A player on no team of the event: no page.
    assert Client().get(reverse("public:team_player", kwargs={"slug": t.slug, "entry_id": 999999})).status_code == 404


def test_individual_pages_of_a_team_event_answer_with_the_team_pages(league_fixture):
    """Standings, crosstable, pairings, a round, the live fragments and a player's page (by start number:
    A1 is start number 1) redirect to their team equivalents; a start number on no roster is 404; an
    individual event keeps its pages."""
    t, teams, arbiter, *_ = league_fixture
    _publish_next(t, arbiter)
    a1 = teams["A"][2][0]
    c = Client()
    expected = {
        reverse("public:standings", args=[t.slug]): reverse("public:team_standings", args=[t.slug]),
        reverse("public:standings_live", args=[t.slug]): reverse("public:team_standings", args=[t.slug]),
        reverse("public:crosstable", args=[t.slug]): reverse("public:team_crosstable", args=[t.slug]),
        reverse("public:pairings", args=[t.slug]): reverse("public:team_matches", args=[t.slug]),
        reverse("public:round", args=[t.slug, 1]): reverse("public:team_round", args=[t.slug, 1]),
        reverse("public:round_live", args=[t.slug, 1]): reverse("public:team_round", args=[t.slug, 1]),
        reverse("public:player", args=[t.slug, a1.start_number]): reverse("public:team_player",
                                                                          args=[t.slug, a1.pk]),
    }
    for url, target in expected.items():
        r = c.get(url)
        assert (r.status_code, r["Location"]) == (302, target), url
        assert c.get(target).status_code == 200, target
    test_team_app._entry(t, "Lone Player", 1000, 99)
    assert c.get(reverse("public:player", args=[t.slug, 99])).status_code == 404


def test_an_individual_event_keeps_its_pages(make_tournament):
    t = make_tournament("solo-open", name="Solo Open")
    assert Client().get(reverse("public:standings", args=[t.slug])).status_code == 200


@pytest.mark.parametrize("page", ["team_player", "team_boards"])
def test_player_and_board_pages_read_with_a_constant_number_of_queries(league_fixture, page):
    """The same number of queries after one round as after three (the player on every board of 1 and 3
    matches): no query per match, board or round."""
    t, teams, arbiter, *_ = league_fixture
    a1 = teams["A"][2][0]
    url = reverse(f"public:{page}", kwargs={"slug": t.slug, **({"entry_id": a1.pk} if page == "team_player" else {})})
    counts = []
    for number in (1, 2, 3):
        rnd = _publish_next(t, arbiter)
        for g in Game.objects.filter(board__round=rnd):
            enter_result(g, "1-1", arbiter)
        if number in (1, 3):
            with CaptureQueriesContext(connection) as queries:
                assert Client().get(url).status_code == 200
            counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_the_projector_of_a_team_event_shows_matches_and_team_standings(league_fixture):
    """Round 1 (Berger 4: A-D, B-C; A White on boards 1 and 3). A wins every board: 4 x 2 = 8-0 board
    points, 2-0 match points; B-C every board 1-1: 4-4, 1-1. The projector's slides: "Round 1" with
    the two matches (team names, the board points 8–0 and 4–4, the players of each board), then the
    team standings: A 2 MP 8 BP, B and C 1 MP 4 BP, D 0 MP 0 BP. Not the individual slides (no White
    and Black columns, no Pts). The polled fragment holds the same slides and the version for live.js."""
    t, teams, arbiter, *_ = league_fixture
    rnd = _publish_next(t, arbiter)
    _play(rnd, teams["A"][0], ["2-0", "0-2", "2-0", "0-2"], arbiter)
    _play(rnd, teams["B"][0], ["1-1"] * 4, arbiter)
    c = Client()
    for name in ("public:projector", "public:projector_live"):
        page = c.get(reverse(name, kwargs={"slug": t.slug})).content.decode()
        assert 'class="slide matches"' in page and 'class="slide team_standings"' in page
        assert "Team A" in page and "Team D" in page and "A1 Player" in page and "D1 Player" in page
        assert '<span class="score">8–0</span>' in page and '<span class="score">4–4</span>' in page
        standings = page[page.index('class="slide team_standings"'):]
        cells = [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in standings.split("<tr>")[2:]]
        # Rank, team, match points, board points: B and C share place 2 (equal on everything).
        assert [c_.split()[:5] for c_ in cells] == [["1", "Team", "A", "2", "8"], ["2", "Team", "B", "1", "4"],
                                                    ["2", "Team", "C", "1", "4"], ["4", "Team", "D", "0", "0"]]
        assert ">MP<" in page and ">BP<" in page
        assert ">White<" not in page and ">Pts<" not in page and 'class="slide pairings"' not in page
        t.refresh_from_db()
        assert f'data-live-version="{t.version}"' in page
