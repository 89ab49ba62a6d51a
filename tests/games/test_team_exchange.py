"""Exchange formats of a team event (issue 27.7): the TRF-2026 team file of the app's export, read back by
the pure TRF core and the standings command line; PDN with team tags; the archive round trip.

The oracle of the TRF test is the app's own team standings (``tournaments.reports.teams.team_tables``)
against an independent reading of the exported text (``python -m tournaments.standings --teams``, the
contract of issue 27, and ``tournaments.trf.read_team_trf``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.pdn import read_pdn
from games.models import Game
from games.services.archive import export_archive, import_archive, tournament_document
from games.services.pdn_export import export_games, tournament_games
from games.services.relay_feed import feed_texts
from games.services.results import enter_result
from games.services.trf_io import import_trf, trf_export
from tests.games.test_archive import _doc_of, _move_away, _same
from tests.tournaments.test_team_app import league  # noqa: F401 - the fixture
from tournaments.models import LineUp, Round, Tournament
from tournaments.reports.teams import team_tables
from tournaments.services import teams as team_service
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import finish_round, publish_round
from tournaments.trf import read_team_trf

pytestmark = pytest.mark.django_db

RESULTS = ("2-0", "1-1", "0-2", "2-0", "1-1", "1-1", "0-2")


def play_league(league):  # noqa: F811 - the fixture
    """The three rounds of the four-team league, every board confirmed, each round finished. Results in
    game order cycle through ``RESULTS`` (a varied table); in round 2 team A hands in three players,
    roster 1, 3 and 5 (the reserve on board 3, board 4 left empty: its opponent wins it)."""
    t, teams, arbiter, *_ = league
    i = 0
    for number in (1, 2, 3):
        if number == 2:
            team_a, captain_a, pa = teams["A"]
            team_service.submit_line_up(captain_a, team_a, 2, [pa[0], pa[2], pa[4]])
        rnd = pair_round(t, arbiter).round
        publish_round(arbiter, rnd)
        for g in Game.objects.filter(board__round=rnd).order_by("board__number", "number"):
            enter_result(g, RESULTS[i % len(RESULTS)], arbiter)
            i += 1
        finish_round(arbiter, rnd)
    return t, teams, arbiter


def test_trf_export_of_a_team_event_reads_back_to_the_apps_standings(league, tmp_path: Path):  # noqa: F811
    """The export writes the team records (310 per team with its roster, 352 WB.., 362 2/1/0, 300 for
    A's round-2 line-up with an empty board), and the standings command line reading the file ranks
    the teams with the same match points, board points, direct encounter and ranks as the app."""
    t, teams, _arbiter = play_league(league)
    export = trf_export(t)
    assert export.rounds == 3 and not export.in_play
    text = export.text
    lines = text.splitlines()
    assert sum(line.startswith("310 ") for line in lines) == 4
    assert any(line.startswith("352 WBWB") for line in lines)
    assert any(line.startswith("362 TW") for line in lines)
    team_a = teams["A"][0]
    assert any(line.startswith("300 ") and f" {team_a.number:03d} " in line + " " for line in lines), [
        x for x in lines if x[:3] in ("300", "310")]
    app = team_tables(t).standings
    codes = ",".join(app.tiebreaks)
    path = tmp_path / "league.trf"
    path.write_text(text, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "tournaments.standings", str(path), "--teams", "--tiebreaks", codes,
                          "--json"], capture_output=True, text=True, check=True)
    read = json.loads(out.stdout)["teams"]
    assert [(r["team"], r["rank"], r["match_points"], r["game_points"]) for r in read] == [
        (r.team, r.rank, r.match_points, r.game_points) for r in app.rows]
    assert [r["tiebreaks"] for r in read] == [{c: r.tiebreaks[c] for c in app.tiebreaks} for r in app.rows]
    # The pure reader gives each 310 roster the app's board order, and 3 rounds of 2 matches.
    parsed = read_team_trf(text)
    assert parsed.team(team_a.number).players == tuple(e.start_number for e in teams["A"][2])
    assert len(parsed.matches) == 6


def test_trf_export_of_a_team_event_in_play_holds_the_completed_rounds(league):  # noqa: F811
    """Round 2 paired and published but not played: the file holds round 1 only and says round 2 is in
    play."""
    t, teams, arbiter, *_ = league
    rnd = pair_round(t, arbiter).round
    publish_round(arbiter, rnd)
    for g in Game.objects.filter(board__round=rnd):
        enter_result(g, "1-1", arbiter)
    finish_round(arbiter, rnd)
    publish_round(arbiter, pair_round(t, arbiter).round)
    export = trf_export(t)
    assert (export.rounds, export.in_play) == (1, (2,))
    parsed = read_team_trf(export.text)
    assert {m.round for m in parsed.matches} == {1}


def test_importing_a_team_file_makes_a_team_event(league):  # noqa: F811 - the fixture
    """The app's team export read back by the TRF import is a team event (no longer refused): its teams
    and the same team standings (the full round trip: ``test_team_trf_import``)."""
    t, *_ = play_league(league)
    imported = import_trf(trf_export(t).text, slug="copy")
    assert imported.competitors == Tournament.Competitors.TEAMS
    assert [(r.name, r.rank, r.match_points) for r in team_tables(imported).standings.rows] == [
        (r.name, r.rank, r.match_points) for r in team_tables(t).standings.rows]


def test_pdn_of_team_board_games_names_both_teams(league):  # noqa: F811
    """Every board game of the league carries WhiteTeam and BlackTeam: on odd boards (sequence WB) the
    home team's player is White, on even boards Black; the relay feed of a round writes the same tags,
    and read back (``arbiter.read_pdn``) the tags are there."""
    t, teams, _arbiter = play_league(league)
    games = tournament_games(t)
    assert len(games) == 3 * 2 * 4 - 1  # round 2: A left board 4 empty (no game)
    tagged = read_pdn(export_games(games)).games
    assert len(tagged) == len(games)
    for game, pdn in zip(games, tagged, strict=True):
        home, away = game.board.white_team.name, game.board.black_team.name
        expected = (home, away) if game.number % 2 else (away, home)
        assert (pdn.tags["WhiteTeam"], pdn.tags["BlackTeam"]) == expected
        assert pdn.tags["Board"] == f"{game.board.number}.{game.number}"
        # The white player is on the White team's roster.
        assert game.white.team_member.team.name == pdn.tags["WhiteTeam"]
    rnd = Round.objects.get(tournament=t, number=1)
    feed = "".join(feed_texts(rnd))
    assert feed.count("[WhiteTeam ") == 8 and feed.count("[BlackTeam ") == 8


def test_archive_round_trip_of_a_team_event(league):  # noqa: F811
    """The archive of the finished league imported as a new event gives the same document back (teams,
    rosters, line-ups with A's empty board 4 of round 2, board games, results), and the same team
    standings."""
    t, teams, _arbiter = play_league(league)
    before = [(r.name, r.rank, r.match_points, r.game_points) for r in team_tables(t).standings.rows]
    raw = export_archive(t)
    original = _doc_of(raw)
    assert len(original["teams"]) == 4 and len(original["team_members"]) == 20
    assert len(original["line_ups"]) == 12
    _move_away(t)
    report = import_archive(raw)
    assert report.created
    imported = Tournament.objects.get(slug=t.slug)
    _same(original, tournament_document(imported), imported=True)
    assert [(r.name, r.rank, r.match_points, r.game_points) for r in team_tables(imported).standings.rows] == before
    a2 = LineUp.objects.get(team__tournament=imported, team__name="Team A", round_number=2)
    assert [(b.board, b.entry.name if b.entry else None) for b in a2.boards.order_by("board")][:3] == [
        (1, "A1 Player"), (2, "A3 Player"), (3, "A5 Player")]
