"""Team events in the application (issue 27): teams and rosters, line-ups, pairing and publishing a team
round, board results through the result workflow, match and board points on the public pages.

The oracles are hand computations in the docstrings (2/1/0 per board; match points 2/1/0 by comparing
the board points)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from games.models import Game
from games.services.results import confirm_submission, enter_result, may_confirm, submit_result
from tests.conftest import PASSWORD
from tests.english import LANGS, english_in, page_texts
from tournaments.models import Absence, AuditEntry, Entry, LineUp, Player, Role, Team
from tournaments.reports.audit import subjects
from tournaments.reports.teams import board_scores, round_matches, team_tables
from tournaments.services import teams as team_service
from tournaments.services.errors import ServiceError
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import finish_round, publish_round

pytestmark = pytest.mark.django_db


def _entry(t, name, rating, sn, user=None):
    p = Player.objects.create(name=name, rating=rating, federation="NED")
    if user is not None:
        Role.objects.get_or_create(user=user, tournament=t, kind="player")
    return Entry.objects.create(tournament=t, player=p, name=name, rating=rating, start_number=sn, user=user)


@pytest.fixture
def league(make_tournament, make_user, chief_arbiter):
    """Four teams of five (four boards + one reserve), a round robin of three rounds. Team A's players
    are rated 1500..1460, B's 1400..1360, C's 1300..., D's 1200...; each team has a captain account,
    and team A's board-1 player has an account (``a1``)."""
    t = make_tournament("team-league", name="Team League", competitors="teams", boards_per_match=4,
                        pairing_system="berger", rounds_planned=3)
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    a1 = make_user("a1")
    b1 = make_user("b1")
    sn = 0
    teams = {}
    for i, letter in enumerate("ABCD"):
        captain = make_user(f"captain{letter.lower()}", email=f"{letter.lower()}@club.test")
        team = team_service.create_team(chief_arbiter, t, name=f"Team {letter}", club=f"Club {letter}",
                                        captain=captain)
        players = []
        for j in range(5):
            sn += 1
            user = {("A", 0): a1, ("B", 0): b1}.get((letter, j))
            players.append(_entry(t, f"{letter}{j + 1} Player", 1500 - 100 * i - 10 * j, sn, user))
        team_service.set_roster(chief_arbiter, team, players)
        teams[letter] = (team, captain, players)
    return t, teams, chief_arbiter, a1, b1


def test_team_and_roster_writes_are_audited_and_checked(league, make_tournament, chief_arbiter):
    t, teams, arbiter, *_ = league
    assert AuditEntry.objects.filter(tournament=t, action="team.create").count() == 4
    assert AuditEntry.objects.filter(tournament=t, action="team.roster").count() == 4
    team_a, _, players_a = teams["A"]
    assert [e.name for e in team_service.roster(team_a)] == [p.name for p in players_a]
    with pytest.raises(ServiceError, match="already in this event"):
        team_service.create_team(arbiter, t, name="team a")
    # A player is in one team per event: B1 cannot join team A.
    _, _, players_b = teams["B"]
    with pytest.raises(ServiceError) as exc:
        team_service.set_roster(arbiter, team_a, [*players_a, players_b[0]])
    assert "B1 Player is already on the roster of Team B" in " ".join(exc.value.details)
    individual = make_tournament("solo", name="Solo")
    with pytest.raises(ServiceError, match="not a team event"):
        team_service.create_team(arbiter, individual, name="X")
    with pytest.raises(ServiceError, match="No account has the user name"):
        team_service.find_captain("nobody@nowhere.test")
    assert team_service.find_captain("A@CLUB.TEST") == teams["A"][1]


def test_line_up_keeps_roster_order_and_is_private_until_both_are_in(league):
    t, teams, arbiter, *_ = league
    team_a, captain_a, pa = teams["A"]
    team_b, captain_b, pb = teams["B"]
    # Roster order 1..5; putting roster 3 on board 1 above roster 1 on board 2 breaks it.
    with pytest.raises(ServiceError, match="roster order must be kept"):
        team_service.submit_line_up(captain_a, team_a, 1, [pa[2], pa[0], pa[3], pa[4]])
    with pytest.raises(ServiceError, match="captain or an arbiter"):
        team_service.submit_line_up(captain_b, team_a, 1, pa[:4])
    with pytest.raises(ServiceError, match="not on the team's roster"):
        team_service.submit_line_up(captain_a, team_a, 1, [pa[0], pb[1]])
    # The reserve (roster 5) may replace roster 2: 1, 3, 4, 5 keeps the order.
    team_service.submit_line_up(captain_a, team_a, 1, [pa[0], pa[2], pa[3], pa[4]])
    assert AuditEntry.objects.filter(tournament=t, action="lineup.submit").count() == 1
    pair_round(t, arbiter)  # round 1: A plays D (Berger 4: 1-4, 2-3)
    team_d, captain_d, pd = teams["D"]
    assert not team_service.line_up_visible_to(team_a, 1, captain_d)
    assert team_service.line_up_visible_to(team_a, 1, captain_a)
    assert team_service.line_up_visible_to(team_a, 1, arbiter)
    team_service.submit_line_up(captain_d, team_d, 1, pd[:4])
    assert team_service.line_up_visible_to(team_a, 1, captain_d)  # both are in


def test_publishing_makes_board_games_with_the_sequence_colours_and_default_line_ups(league):
    """Round 1 of a 4-team Berger table: 1-4 and 2-3 (teams numbered by their average rating: A 1, B 2,
    C 3, D 4). A hands in 1, 3, 4, 5; D nothing: D's line-up is its roster's first four available,
    and D2 is absent, so D plays D1, D3, D4, D5. Colours WB: the home team White on boards 1 and 3."""
    t, teams, arbiter, *_ = league
    team_a, captain_a, pa = teams["A"]
    team_d, _, pd = teams["D"]
    team_service.submit_line_up(captain_a, team_a, 1, [pa[0], pa[2], pa[3], pa[4]])
    Absence.objects.create(entry=pd[1], round_number=1, kind="absent")
    rnd = pair_round(t, arbiter).round
    assert [t_.number for t_ in Team.objects.filter(tournament=t).order_by("name")] == [1, 2, 3, 4]
    match = rnd.boards.get(white_team=team_a)
    assert match.black_team == team_d
    publish_round(arbiter, rnd)
    games = list(Game.objects.filter(board=match).order_by("number"))
    assert [(g.number, g.white.name, g.black.name) for g in games] == [
        (1, "A1 Player", "D1 Player"), (2, "D3 Player", "A3 Player"),
        (3, "A4 Player", "D4 Player"), (4, "D5 Player", "A5 Player")]
    default = LineUp.objects.get(team=team_d, round_number=1)
    assert default.by_default
    # Every team but A handed nothing in: D, B and C play their default line-ups, each audited.
    assert AuditEntry.objects.filter(tournament=t, action="lineup.default").count() == 3
    # The captain can no longer change it; an arbiter can while no result is in.
    with pytest.raises(ServiceError, match="has started"):
        team_service.submit_line_up(captain_a, team_a, 1, pa[:4])
    team_service.submit_line_up(arbiter, team_a, 1, pa[:4])
    assert [g.black.name for g in Game.objects.filter(board=match, number__in=[2, 4]).order_by("number")] == [
        "A2 Player", "A4 Player"]


def _play_round_1(league):
    t, teams, arbiter, a1, b1 = league
    rnd = pair_round(t, arbiter).round
    publish_round(arbiter, rnd)
    return t, teams, arbiter, rnd


def test_match_and_board_points_from_board_results(league):
    """A (home) against D, colours W B W B for A. Board results as stored (White's view):
    board 1 A White 2-0 -> A 2, D 0; board 2 A Black, 2-0 (White D wins) -> A 0, D 2;
    board 3 A White 1-1 -> 1, 1; board 4 A Black, 0-2 (Black A wins) -> A 2, D 0.
    Board points A 2+0+1+2 = 5, D 0+2+1+0 = 3: A more than N=4, match points A 2, D 0.
    B against C: every board 1-1 -> 4-4, match points 1 each."""
    t, teams, arbiter, rnd = _play_round_1(league)
    team_a = teams["A"][0]
    match = rnd.boards.get(white_team=team_a)
    for number, result in zip((1, 2, 3, 4), ("2-0", "2-0", "1-1", "0-2"), strict=True):
        enter_result(Game.objects.get(board=match, number=number), result, arbiter)
    other = rnd.boards.exclude(pk=match.pk).get(bye_kind="")
    views = {m.home.name: m for m in round_matches(t, 1)}
    assert views["Team A"].complete and views["Team A"].score.home_game_points == 5
    assert not views[other.white_team.name].complete  # no result yet: not counted
    for g in Game.objects.filter(board=other):
        enter_result(g, "1-1", arbiter)
    tables = team_tables(t)
    rows = {r.name: (r.match_points, r.game_points) for r in tables.standings.rows}
    assert rows == {"Team A": (2, 5), "Team D": (0, 3), "Team B": (1, 4), "Team C": (1, 4)}
    assert tables.standings.rows[0].name == "Team A"
    cells = {r.name: r.cells for r in tables.crosstable}
    d = teams["D"][0].number
    assert (cells["Team A"][d][0].own, cells["Team A"][d][0].other) == (5, 3)


def test_players_submit_and_confirm_a_board_result(league):
    """Board 1 of A-D: A1 (account a1) plays White against D1; D1 has no account, so an arbiter confirms
    A1's 2-0 (the workflow of any game). The match is complete once all four boards are confirmed."""
    t, teams, arbiter, rnd = _play_round_1(league)
    a1 = league[3]
    match = rnd.boards.get(white_team=teams["A"][0])
    g1 = Game.objects.get(board=match, number=1)
    sub = submit_result(g1, "2-0", user=a1)
    assert sub.status == "pending"
    confirm_submission(sub, arbiter)
    assert round_matches(t, 1)[0].boards[0].confirmed


def test_empty_board_wins_for_the_present_player(league):
    """A hands in three players (board 4 empty) against D's four: board 4 has no game and D's player
    scores + (2 points). Boards 1-3 all 1-1: A 3, D 3 + 2 = 5; D wins the match 2-0 in match points."""
    t, teams, arbiter, *_ = league
    team_a, captain_a, pa = teams["A"]
    team_service.submit_line_up(captain_a, team_a, 1, pa[:3])
    rnd = pair_round(t, arbiter).round
    publish_round(arbiter, rnd)
    match = rnd.boards.get(white_team=team_a)
    assert Game.objects.filter(board=match).count() == 3
    for g in Game.objects.filter(board=match):
        enter_result(g, "1-1", arbiter)
    view = next(m for m in round_matches(t, 1) if m.home == team_a)
    assert (view.score.home_game_points, view.score.away_game_points) == (3, 5)
    assert (view.score.home_match_points, view.score.away_match_points) == (0, 2)


def test_team_swiss_pairs_by_average_rating(make_tournament, chief_arbiter, make_user):
    """A team Swiss (Dutch engine over teams): round 1 by the average rating of the first N roster
    players, top half against bottom half: 1-3 and 2-4 (four teams, averages 1485, 1385, 1285, 1185)."""
    t = make_tournament("team-swiss", name="Team Swiss", competitors="teams", boards_per_match=2,
                        pairing_system="dutch", rounds_planned=3)
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    sn = 0
    for i, letter in enumerate("DCBA"):  # created weakest first: numbers come from the ratings
        team = team_service.create_team(chief_arbiter, t, name=f"Team {letter}")
        players = []
        for j in range(2):
            sn += 1
            players.append(_entry(t, f"{letter}{j}", 1200 + 100 * i - 30 * j, sn))
        team_service.set_roster(chief_arbiter, team, players)
    rnd = pair_round(t, chief_arbiter).round
    numbers = {tm.name: tm.number for tm in Team.objects.filter(tournament=t)}
    assert numbers == {"Team A": 1, "Team B": 2, "Team C": 3, "Team D": 4}
    pairs = {frozenset((b.white_team.name, b.black_team.name)) for b in rnd.boards.all()}
    assert pairs == {frozenset(("Team A", "Team C")), frozenset(("Team B", "Team D"))}
    # Round 2: A and B win their matches 4-0 (both boards won by the stronger team's players), so the
    # winners (2 match points) meet, and so do the losers: A-B and C-D, no rematch.
    publish_round(chief_arbiter, rnd)
    for g in Game.objects.filter(board__round=rnd):
        stronger_white = g.white.team_member.team.name in ("Team A", "Team B")
        enter_result(g, "2-0" if stronger_white else "0-2", chief_arbiter)
    assert {r.name: r.match_points for r in team_tables(t).standings.rows} == {
        "Team A": 2, "Team B": 2, "Team C": 0, "Team D": 0}
    rnd2 = pair_round(t, chief_arbiter).round
    pairs = {frozenset((b.white_team.name, b.black_team.name)) for b in rnd2.boards.all()}
    assert pairs == {frozenset(("Team A", "Team B")), frozenset(("Team C", "Team D"))}


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_public_team_pages_in_four_languages(league, lang):
    t, teams, arbiter, rnd = _play_round_1(league)
    match = rnd.boards.get(white_team=teams["A"][0])
    for number, result in zip((1, 2, 3, 4), ("2-0", "2-0", "1-1", "0-2"), strict=True):
        enter_result(Game.objects.get(board=match, number=number), result, arbiter)
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    for name, kwargs in (("team_standings", {}), ("team_crosstable", {}), ("team_matches", {}),
                         ("team_round", {"number": 1})):
        r = c.get(reverse(f"public:{name}", kwargs={"slug": t.slug, **kwargs}))
        assert r.status_code == 200, name
        body = r.content.decode()
        assert "Team A" in body
    crosstable = c.get(reverse("public:team_crosstable", kwargs={"slug": t.slug})).content.decode()
    assert "5–3" in crosstable and "3–5" in crosstable
    round_page = c.get(reverse("public:team_round", kwargs={"slug": t.slug, "number": 1})).content.decode()
    assert "5–3" in round_page


def test_captain_line_up_page(league):
    t, teams, *_ = league
    team_a, captain_a, pa = teams["A"]
    c = Client()
    c.login(username=captain_a.username, password=PASSWORD)
    url = reverse("tournaments:line_up", kwargs={"slug": t.slug, "team_id": team_a.pk})
    assert c.get(url).status_code == 200
    r = c.post(url, {"round": "1", "board1": pa[0].pk, "board2": pa[2].pk, "board3": pa[1].pk, "board4": ""})
    assert r.status_code == 200 and "the roster order must be kept" in r.content.decode()
    assert not LineUp.objects.filter(team=team_a).exists()  # roster 3 above roster 2: refused
    r = c.post(url, {"round": "1", "board1": pa[0].pk, "board2": pa[1].pk, "board3": pa[2].pk, "board4": pa[4].pk})
    assert [b.entry.name for b in LineUp.objects.get(team=team_a, round_number=1).boards.order_by("board")] == [
        "A1 Player", "A2 Player", "A3 Player", "A5 Player"]
    other = Client()
    other.login(username=teams["B"][1].username, password=PASSWORD)
    assert other.get(url).status_code == 403
    assert c.get(reverse("tournaments:my_team", kwargs={"slug": t.slug})).status_code == 302


def test_captains_submit_and_confirm_their_teams_board_results(league):
    """Board 2 of A-D: A's colour on board 2 is Black (sequence WB), so D's player has White. Captain D
    submits 2-0 for D's player (White wins); captain A confirms it for A's player; captain A could not
    confirm a submission of A's own side, and captain B of another match may not act at all."""
    t, teams, arbiter, rnd = _play_round_1(league)
    captain_a, captain_b, captain_d = teams["A"][1], teams["B"][1], teams["D"][1]
    match = rnd.boards.get(white_team=teams["A"][0])
    g2 = Game.objects.get(board=match, number=2)
    assert captain_b.has_perm("games.submit_result", g2) is False
    sub = submit_result(g2, "2-0", user=captain_d)
    assert sub.submitted_for.name == "D2 Player"
    confirmed = submit_result(g2, "2-0", user=captain_a)  # the same result from the other side confirms
    assert confirmed.status == "confirmed"
    g3 = Game.objects.get(board=match, number=3)
    own = submit_result(g3, "1-1", user=captain_a)
    assert may_confirm(own, league[3])[0] is False  # A1's account is on board 1, not board 3: not a party
    assert may_confirm(own, captain_d)[0] is True


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_arbiter_pages_of_a_team_event(league, lang):
    """The teams list, a team's page (roster and details), a team round as a draft and published, the
    results page: all answer in the four languages."""
    t, teams, arbiter, *_ = league
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    c.login(username=arbiter.username, password=PASSWORD)
    team_a = teams["A"][0]
    assert "Team A" in c.get(reverse("tournaments:teams", kwargs={"slug": t.slug})).content.decode()
    page = c.get(reverse("tournaments:team", kwargs={"slug": t.slug, "team_id": team_a.pk})).content.decode()
    assert "A5 Player" in page
    rnd = pair_round(t, arbiter).round
    url = reverse("tournaments:round", kwargs={"slug": t.slug, "number": 1})
    assert "Team A" in c.get(url).content.decode()
    publish_round(arbiter, rnd)
    assert c.get(url).status_code == 200
    assert c.get(reverse("games:results", kwargs={"slug": t.slug})).status_code == 200
    assert c.get(reverse("tournaments:rounds", kwargs={"slug": t.slug})).status_code == 200
    assert c.get(reverse("tournaments:manage", kwargs={"slug": t.slug})).status_code == 200


def test_arbiter_creates_a_team_and_its_roster_through_the_pages(league):
    t, teams, arbiter, *_ = league
    c = Client()
    c.login(username=arbiter.username, password=PASSWORD)
    r = c.post(reverse("tournaments:teams", kwargs={"slug": t.slug}),
               {"name": "Team E", "club": "Club E", "captain": "a1", "contact": ""})
    team_e = Team.objects.get(tournament=t, name="Team E")
    assert r.status_code == 302 and team_e.captain.username == "a1"
    free = [_entry(t, f"E{i}", 1000 - i, 100 + i) for i in range(3)]
    url = reverse("tournaments:team", kwargs={"slug": t.slug, "team_id": team_e.pk})
    c.post(url, {"action": "roster", "player": [str(free[2].pk), "", str(free[0].pk), str(free[1].pk)]})
    assert [e.name for e in team_service.roster(team_e)] == ["E2", "E0", "E1"]
    # A player of team A is refused with the reason on the page.
    r = c.post(url, {"action": "roster", "player": [str(teams["A"][2][0].pk)]}, follow=True)
    assert "already on the roster of Team A" in r.content.decode()
    assert [e.name for e in team_service.roster(team_e)] == ["E2", "E0", "E1"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_on_the_team_pages(league, lang):
    """Every team page (public, arbiter, captain, the audit log with the team actions, a refused
    line-up's message) shows no English in German, Dutch or French (``tests.english``'s oracle; the
    names of teams, clubs, players and accounts are data)."""
    t, teams, arbiter, rnd = _play_round_1(league)
    match = rnd.boards.get(white_team=teams["A"][0])
    enter_result(Game.objects.get(board=match, number=1), "2-0", arbiter)
    data = ["Draughts Arbiter", t.name, *(e.name for e in Entry.objects.filter(tournament=t)),
            *(x for tm in Team.objects.filter(tournament=t) for x in (tm.name, tm.club)),
            *(u.username for u in get_user_model().objects.all())]
    found = {}
    team_a, captain_a, pa = teams["A"]
    pages = [(None, reverse(f"public:{n}", kwargs={"slug": t.slug})) for n in
             ("team_standings", "team_crosstable", "team_matches", "team_boards")]
    pages += [(arbiter, reverse("tournaments:teams", kwargs={"slug": t.slug})),
              (arbiter, reverse("tournaments:team", kwargs={"slug": t.slug, "team_id": team_a.pk})),
              (arbiter, reverse("tournaments:round", kwargs={"slug": t.slug, "number": 1})),
              (arbiter, reverse("tournament_audit", kwargs={"slug": t.slug})),
              (arbiter, reverse("tournaments:withdraw_team", kwargs={"slug": t.slug, "team_id": team_a.pk})
               + "?round=2"),
              (None, reverse("public:projector", kwargs={"slug": t.slug})),
              (captain_a, reverse("tournaments:line_up", kwargs={"slug": t.slug, "team_id": team_a.pk}) + "?round=2")]
    for user, url in pages:
        c = Client(HTTP_ACCEPT_LANGUAGE=lang)
        if user is not None:
            c.force_login(user)
        r = c.get(url)
        assert r.status_code == 200, url
        bad = english_in(page_texts(r.content.decode()).texts, lang, data)
        if bad:
            found[url] = bad
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    c.force_login(captain_a)
    url = reverse("tournaments:line_up", kwargs={"slug": t.slug, "team_id": team_a.pk})
    r = c.post(url, {"round": "2", "board1": pa[1].pk, "board2": pa[0].pk})
    bad = english_in(page_texts(r.content.decode()).texts, lang, data)
    if bad:
        found["refused line-up"] = bad
    assert not found, "\n".join(f"{k}: {v}" for k, v in found.items())


def test_an_arbiter_makes_a_team_event_in_the_settings(make_tournament, chief_arbiter):
    """The settings page sets competitors, boards per match and the colour sequence; a sequence with a
    letter other than W or B, 0 boards, and an individual tie-break code for a team event are refused
    with their reason; the team codes (MPTS, GPTS, DE) are accepted."""
    t = make_tournament("settings-teams", name="Teams Settings")
    Role.objects.create(user=chief_arbiter, tournament=t, kind="chief_arbiter")
    c = Client()
    c.force_login(chief_arbiter)
    url = reverse("tournaments:settings", kwargs={"slug": t.slug})
    page = c.get(url)
    form = page.context["form"]
    data = {k: v for k, v in form.initial.items() if v is not None and k in form.fields}
    data.update({"competitors": "teams", "boards_per_match": "0", "board_colours": "WX", "tiebreaks": "MPTS,GPTS,DE"})
    for k in ("is_public", "public_pairings", "public_standings", "public_crosstable", "public_games",
              "public_players"):
        data.pop(k, None)
    body = c.post(url, data).content.decode()
    assert "1 to 20 boards" in body and "letters W and B" in body
    data.update({"boards_per_match": "8", "board_colours": "wb"})
    r = c.post(url, data)
    assert r.status_code == 302, r.content.decode()[:3000]
    t.refresh_from_db()
    assert (t.competitors, t.boards_per_match, t.board_colours, t.tiebreaks) == ("teams", 8, "WB", "MPTS,GPTS,DE")


def _finish_round(t, arbiter, result="1-1"):
    rnd = pair_round(t, arbiter).round
    publish_round(arbiter, rnd)
    for g in Game.objects.filter(board__round=rnd):
        enter_result(g, result, arbiter)
    return rnd


@pytest.mark.parametrize("page", ["team_standings", "team_crosstable", "team_matches"])
def test_public_team_pages_read_with_a_constant_number_of_queries(league, page):
    """The same number of queries after one round as after three (12 and 36 board games): no query per
    team, match or board."""
    t, teams, arbiter, *_ = league
    url = reverse(f"public:{page}", kwargs={"slug": t.slug})
    _finish_round(t, arbiter)
    with CaptureQueriesContext(connection) as one:
        assert Client().get(url).status_code == 200
    _finish_round(t, arbiter, "2-0")
    _finish_round(t, arbiter, "0-2")
    with CaptureQueriesContext(connection) as three:
        assert Client().get(url).status_code == 200
    assert len(three) == len(one), [q["sql"][:120] for q in three.captured_queries]


def test_results_by_board(league):
    """Round 1 (default line-ups, the roster's first four): A-D boards 2-0 (A1 White wins), 2-0 (D2
    White wins), 1-1, 0-2 (A4 Black wins); B-C every board 1-1. Board 1: A1 2 of 2 = 100 %, B1 and C1
    50 %, D1 0 %; board 4: A4 100 %, B4 and C4 50 %, D4 0 %."""
    t, teams, arbiter, rnd = _play_round_1(league)
    match = rnd.boards.get(white_team=teams["A"][0])
    for number, result in zip((1, 2, 3, 4), ("2-0", "2-0", "1-1", "0-2"), strict=True):
        enter_result(Game.objects.get(board=match, number=number), result, arbiter)
    for g in Game.objects.filter(board__round=rnd).exclude(board=match):
        enter_result(g, "1-1", arbiter)
    scores = board_scores(t)
    assert [(r.name, r.games, r.points, r.percentage) for r in scores[1]] == [
        ("A1 Player", 1, 2, 100), ("B1 Player", 1, 1, 50), ("C1 Player", 1, 1, 50), ("D1 Player", 1, 0, 0)]
    assert [r.name for r in scores[2]][0] == "D2 Player" and scores[4][0].name == "A4 Player"
    page = Client().get(reverse("public:team_boards", kwargs={"slug": t.slug})).content.decode()
    assert "A1 Player" in page and "100" in page


def test_a_team_round_finishes_once_every_board_is_confirmed(league):
    """Finishing round 1 is refused while a board game of A-D waits, naming the match's teams; with
    every board confirmed it finishes."""
    t, teams, arbiter, rnd = _play_round_1(league)
    games = list(Game.objects.filter(board__round=rnd))
    for g in games[1:]:
        enter_result(g, "1-1", arbiter)
    with pytest.raises(ServiceError) as exc:
        finish_round(arbiter, rnd)
    assert any("Team" in d for d in exc.value.details), exc.value.details
    enter_result(games[0], "1-1", arbiter)
    assert finish_round(arbiter, rnd).status == "finished"


def test_a_team_that_does_not_show_loses_every_board(league):
    """D does not show against A: each of the four boards is A's forfeit win (board 1 A White: +-;
    board 2 A Black: -+), 4 x 2 = 8 board points to 0; no board was played over the board, so D's lost
    match scores the absent match points (0) and A takes 2. Refused once a board has a result."""
    t, teams, arbiter, rnd = _play_round_1(league)
    team_a = teams["A"][0]
    match = rnd.boards.get(white_team=team_a)
    c = Client()
    c.force_login(arbiter)
    url = reverse("games:team_no_show", kwargs={"slug": t.slug, "number": 1, "board": match.number})
    assert c.post(url, {"side": "away"}).status_code == 302
    results = [g.submissions.get().result for g in Game.objects.filter(board=match).order_by("number")]
    assert results == ["+-", "-+", "+-", "-+"]
    view = next(m for m in round_matches(t, 1) if m.home == team_a)
    assert (view.score.home_game_points, view.score.away_game_points) == (8, 0)
    assert (view.score.home_match_points, view.score.away_match_points, view.score.played) == (2, 0, False)
    assert AuditEntry.objects.filter(tournament=t, action="result.enter").count() == 4
    other = rnd.boards.exclude(pk=match.pk).get(bye_kind="")
    enter_result(Game.objects.get(board=other, number=1), "1-1", arbiter)
    r = c.post(reverse("games:team_no_show", kwargs={"slug": t.slug, "number": 1, "board": other.number}),
               {"side": "home"}, follow=True)
    assert "already has a result" in r.content.decode()
    assert other.games.filter(submissions__isnull=False).count() == 1


def test_a_team_is_removed_before_round_1_only(league):
    """Before round 1 the arbiter removes team D (audited; its players stay registered); once a round is
    paired removal is refused."""
    t, teams, arbiter, *_ = league
    team_d, _, pd = teams["D"]
    c = Client()
    c.force_login(arbiter)
    c.post(reverse("tournaments:delete_team", kwargs={"slug": t.slug, "team_id": team_d.pk}))
    assert not Team.objects.filter(pk=team_d.pk).exists()
    assert Entry.objects.filter(pk=pd[0].pk).exists()
    assert AuditEntry.objects.filter(tournament=t, action="team.delete").count() == 1
    pair_round(t, arbiter)
    with pytest.raises(ServiceError, match="cannot be removed"):
        team_service.delete_team(arbiter, teams["A"][0])


def test_the_audit_log_names_a_team_boards_result_by_its_match_board_and_players(league):
    """A result on a team match's board is named by the match, the board number and the game's own players
    (the match's board row has no players: it read "round 1, board 1: – –" for every board of the match)."""
    t, teams, arbiter, *_ = league
    rnd = pair_round(t, arbiter).round
    publish_round(arbiter, rnd)
    game = Game.objects.filter(board__round=rnd, number=3).select_related(
        "board__white_team", "board__black_team", "white__player", "black__player").first()
    assert game is not None
    enter_result(game, "2-0", arbiter)
    entry = AuditEntry.objects.get(tournament=t, action="result.enter")
    home, away = game.board.white_team.name, game.board.black_team.name
    white, black = game.white.player.name, game.black.player.name
    assert subjects([entry])[entry.pk] == f"round 1, {home} – {away}, board 3: {white} – {black}, version 1"
    with translation.override("de"):
        assert subjects([entry])[entry.pk] == f"Runde 1, {home} – {away}, Brett 3: {white} – {black}, Version 1"


def test_no_withdrawal_from_a_round_after_the_last(league):
    """The league has 3 rounds: once all 3 are paired, the next round to withdraw from would be round 4, which
    does not exist: refused with the number of rounds (the confirmation page offered "from round 4")."""
    t, teams, arbiter, *_ = league
    for _number in (1, 2, 3):
        rnd = pair_round(t, arbiter).round
        publish_round(arbiter, rnd)
        for g in Game.objects.filter(board__round=rnd):
            enter_result(g, "1-1", arbiter)
        finish_round(arbiter, rnd)
    team = teams["D"][0]
    with pytest.raises(ServiceError, match="The event has 3 rounds: there is no round 4"):
        team_service.withdrawal_round(team)
    with pytest.raises(ServiceError, match="no round 5"):
        team_service.withdraw_team(arbiter, team, 5)
    team.refresh_from_db()
    assert team.withdrawn_from_round is None


# The abbreviations of match and board points, written by hand from the catalogs' "MP" and "BP".
POINTS_ABBREVIATIONS = {"en": ["MP", "BP"], "de": ["MP", "BP"], "nl": ["MP", "BP"], "fr": ["PM", "PP"]}


@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_the_standings_key_names_match_and_board_points_as_the_columns_do(league, lang):
    """The rank order is MPTS, GPTS, DE (the default): the key under the team standings lists MP, BP (PM,
    PP in French) and DE, the abbreviations of the columns, not the checker's codes MPTS and GPTS; the team
    crosstable and the projector's standings head their columns the same way, and so does the key of the
    printed team crosstable (its header's rank order)."""
    import re

    from tournaments.services.documents import team_header_for

    t, teams, arbiter, rnd = _play_round_1(league)
    for g in Game.objects.filter(board__round=rnd):
        enter_result(g, "1-1", arbiter)
    mp, bp = POINTS_ABBREVIATIONS[lang]
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    body = c.get(reverse("public:team_standings", kwargs={"slug": t.slug})).content.decode()
    heads = re.findall(r"<th scope=\"col\" class=\"num\"><abbr title=\"[^\"]+\">([^<]+)</abbr>", body)
    assert heads[:2] == [mp, bp]
    key = re.search(r"<ol>(.*?)</ol>", body, re.S)
    assert key is not None
    assert re.findall(r"<strong>([^<]+)</strong>", key.group(1)) == [mp, bp, "DE"]
    assert "MPTS" not in body and "GPTS" not in body
    crosstable = c.get(reverse("public:team_crosstable", kwargs={"slug": t.slug})).content.decode()
    assert re.findall(r"<abbr title=\"[^\"]+\">([^<]+)</abbr></th>", crosstable)[:2] == [mp, bp]
    projector = c.get(reverse("public:projector", kwargs={"slug": t.slug})).content.decode()
    assert re.findall(r"<th class=\"num\" title=\"[^\"]+\">([^<]+)</th>", projector)[:2] == [mp, bp]
    with translation.override(lang):
        printed = team_header_for(t, "", ("MPTS", "GPTS", "DE"), "round_robin").tiebreaks
    assert [line.split(" = ")[0] for line in printed] == [mp, bp, "DE"]
