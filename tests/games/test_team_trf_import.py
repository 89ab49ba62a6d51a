"""Importing a TRF-2026 team file as a team event (issue 27.7): ``games.services.trf_io.import_trf`` of a file
with 310 records makes teams, rosters, rounds, matches, line-ups and board games.

Oracles: the original event's team standings (``team_tables``) for the round trip of the app's own export, and
a hand computation (in the docstring) for a small hand-written file."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Q
from django.urls import reverse
from django.utils import translation

from games.demo_teams import seed_team_league
from games.models import Game
from games.services.results import enter_result
from games.services.team_results import record_no_show
from games.services.trf_io import MAX_TRF_CHARS, import_trf, trf_export
from tests.games.test_team_exchange import play_league
from tests.tournaments.test_team_app import league  # noqa: F401 - the fixture
from tournaments.models import AuditEntry, Board, LineUp, Team, Tournament
from tournaments.reports.audit import read
from tournaments.reports.teams import round_matches, team_tables
from tournaments.services import teams as team_service
from tournaments.services.pairing import pair_round
from tournaments.services.registration import update_tournament
from tournaments.services.rounds import finish_round, publish_round
from tournaments.trf import TrfError, read_team_trf

pytestmark = pytest.mark.django_db


def _table(t: Tournament) -> list[tuple]:
    s = team_tables(t).standings
    return [(r.team, r.name, r.rank, r.match_points, r.game_points, tuple(r.tiebreaks[c] for c in s.tiebreaks))
            for r in s.rows]


def _records(text: str) -> list[str]:
    """The file's records. Nothing in the export must differ after an import: it writes no ids, no export
    date, and the dates it writes (042/052) are the event's, which the import keeps."""
    return text.splitlines()


def test_round_trip_of_the_apps_team_league(league):  # noqa: F811 - the fixture
    """The finished four-team league (A's round-2 line-up with board 4 empty) exported, imported as a new
    event: the same teams and rosters, 3 finished rounds of 2 matches, the same board games and results, the
    same team standings (ranks, match points, board points, tie-breaks); its export is the same file."""
    t, teams, _arbiter = play_league(league)
    text = trf_export(t).text
    imported = import_trf(text, slug="league-copy")
    assert imported.competitors == Tournament.Competitors.TEAMS
    assert (imported.boards_per_match, imported.board_colours, imported.pairing_system) == (4, "WB", "berger")
    assert _table(imported) == _table(t)
    assert Team.objects.filter(tournament=imported).count() == 4
    a = Team.objects.get(tournament=imported, name="Team A")
    assert [m.entry.name for m in a.members.order_by("order")] == [e.name for e in teams["A"][2]]
    assert Board.objects.filter(round__tournament=imported).count() == 6
    assert Game.objects.filter(board__round__tournament=imported).count() == 3 * 2 * 4 - 1
    a2 = LineUp.objects.get(team=a, round_number=2)
    assert [(b.board, b.entry.name) for b in a2.boards.order_by("board")] == [
        (1, "A1 Player"), (2, "A3 Player"), (3, "A5 Player")]  # board 4 left empty
    views = [v for r in (1, 2, 3) for v in round_matches(imported, r)]
    assert all(v.complete for v in views)
    assert _records(trf_export(imported).text) == _records(text)
    entry = AuditEntry.objects.get(tournament=imported, action="tournament.import_team_trf")
    assert entry.after == ("teams=4; players=20; rounds=3; matches=6; board_games=23; team_byes=0; "
                           "boards_per_match=4")


def _p(sn: int, name: str, points: float, *cells: str) -> str:
    """A 001 record in the TRF-2026 columns (rating 1500, NED); a cell "opp c r", "" for a round without game."""
    head = f"001 {sn:4d}      {name:<33} 1500 NED {'':11} {'':10} {points:4.1f} {'':4}"
    return head + "".join(f"  {c:>8}" if c else " " * 10 for c in cells)


def _team(number: int, name: str, mp: float, gp: float, rank: int, *players: int) -> str:
    return f"310 {number:3d} {name:<32} {'':5} {'':>6} {mp:6.1f} {gp:6.1f} {rank:>3}  " + " ".join(
        f"{p:4d}" for p in players)


HEADER = ["012 Small team Swiss", "142 2", "162  W 2.0    D 1.0    L 0.0    P 2.0", "192 FIDE_TEAM_MP_GP",
          "202 MPTS,GPTS,DE", "082 4", "352 WB", "362 TW 2.0   TD 1.0   TL 0.0"]
PLAYERS = [
    _p(1, "Anna", 2.0, "4 w 1", ""),
    _p(2, "Bert", 2.0, "5 b =", "6 w ="),
    _p(3, "Carla", 2.0, "", "7 b 1"),
    _p(4, "Dirk", 2.0, "1 b 0", "0000 - +"),
    _p(5, "Eva", 3.0, "2 w =", "0000 - +"),
    _p(6, "Frans", 1.0, "8 w 0", "2 b ="),
    _p(7, "Greet", 2.0, "9 b 1", "3 w 0"),
    _p(8, "Hans", 2.0, "6 b 1", ""),
    _p(9, "Ida", 0.0, "7 w 0", ""),
]
TEAMS = [_team(1, "Amsterdam", 4, 6, 1, 1, 2, 3), _team(2, "Brussel", 2, 5, 2, 4, 5),
         _team(3, "Cannes", 1, 3, 3, 6, 7), _team(4, "Dortmund", 0, 2, 4, 8, 9)]
SMALL = "\n".join([*HEADER, *PLAYERS, *TEAMS, "330 +- 002 002 004", "299    -1.0   0.0  002 0004"]) + "\n"


def test_a_hand_written_team_swiss_with_a_no_show():
    """Four teams of two boards (colours WB: the first-named team White on board 1), draughts scoring 2/1/0 per
    game, match points 2/1/0, two rounds of a team Swiss; Dortmund does not show in round 2 (330 +-, Brussel's
    players win by forfeit, ``+`` without opponent) and loses 1 match point for it (299).

    By hand (board points: a win 2, a draw 1, a forfeit win 2):
    round 1  Amsterdam-Brussel: Anna 1-0 Dirk, Eva = Bert: 2+1 = 3 to 0+1 = 1, Amsterdam 2 MP;
             Cannes-Dortmund:   Frans 0-1 Hans, Greet 1-0 Ida: 0+2 = 2 to 2+0 = 2, 1 MP each;
    round 2  Amsterdam-Cannes:  Bert = Frans, Carla (the reserve) 1-0 Greet: 1+2 = 3 to 1+0 = 1, Amsterdam 2 MP;
             Brussel-Dortmund:  Dortmund absent: 2+2 = 4 to 0, Brussel 2 MP, Dortmund 0 MP and the penalty: -1.
    Amsterdam 4 MP 6 BP (1st), Brussel 2 MP 5 BP (2nd), Cannes 1 MP 3 BP (3rd), Dortmund 0 MP 2 BP (4th).
    The event: 2 boards, colours WB, a Swiss (Dutch engine), no-show penalty 1; the match Brussel-Dortmund has
    no games and Dortmund's line-up is empty; Amsterdam's round-2 line-up is Bert, Carla (Anna not playing)."""
    t = import_trf(SMALL, slug="small-swiss")
    assert (t.competitors, t.boards_per_match, t.board_colours, t.pairing_system) == ("teams", 2, "WB", "dutch")
    assert (t.team_no_show_penalty, t.team_points_win, t.team_points_draw, t.rounds_planned) == (1, 2, 1, 2)
    rows = team_tables(t).standings.rows
    assert [(r.name, r.rank, r.match_points, r.game_points) for r in rows] == [
        ("Amsterdam", 1, 4, 6), ("Brussel", 2, 2, 5), ("Cannes", 3, 1, 3), ("Dortmund", 4, 0, 2)]
    no_show = Board.objects.get(round__tournament=t, round__number=2, white_team__name="Brussel")
    assert (no_show.black_team.name, no_show.games.count()) == ("Dortmund", 0)
    dortmund = LineUp.objects.get(team__tournament=t, team__name="Dortmund", round_number=2)
    assert not dortmund.boards.exists()
    amsterdam = LineUp.objects.get(team__tournament=t, team__name="Amsterdam", round_number=2)
    assert [b.entry.name for b in amsterdam.boards.order_by("board")] == ["Bert", "Carla"]
    games = {(g.white.name, g.black.name): g.submissions.get().result
             for g in Game.objects.filter(board__round__tournament=t)}
    assert games == {("Anna", "Dirk"): "2-0", ("Eva", "Bert"): "1-1", ("Frans", "Hans"): "0-2",
                     ("Ida", "Greet"): "0-2", ("Bert", "Frans"): "1-1", ("Greet", "Carla"): "0-2"}
    # Exported again: the same 310 points and ranks, the 330 and the penalty (the app adds a 300 record of
    # Dortmund's empty boards).
    out = trf_export(t).text
    assert "330 +- 002 002 004" in out and "299    -1.0   0.0  002 0004" in out
    assert [line for line in out.splitlines() if line.startswith("310")] == TEAMS


def test_round_trip_of_a_no_show_and_a_withdrawal(league):  # noqa: F811 - the fixture
    """The league with a no-show penalty of 1 and the rule "keep": in round 1 (A-D, B-C) D does not show
    (``record_no_show``: every board a forfeit), B-C all 1-1; D withdraws from round 3; rounds 2 and 3 all
    1-1 (round 3's match of D has no games: a forfeit). Exported (330 +- of round 1 with its boards, 299 the
    penalty, 330 of round 3 with B's first four players winning against D's empty boards) and imported: the
    same standings, D withdrawn from round 3 with its results kept, and the same file again."""
    t, teams, arbiter, *_ = league
    update_tournament(arbiter, t, {"team_no_show_penalty": 1, "withdrawal_rule": "keep"})
    t.refresh_from_db()
    _play_with_a_no_show(t, teams, arbiter, lambda: "1-1", withdraw_d_from=3)
    text = trf_export(t).text
    lines = text.splitlines()
    assert [x for x in lines if x[:3] in ("330", "299")] == [
        "330 +- 001 001 004", "330 +- 003 002 004", "299    -1.0   0.0  001 0004"]
    before = _table(t)
    assert before[-1][1] == "Team D"
    imported = import_trf(text, slug="league-no-show")
    assert _table(imported) == before
    d = Team.objects.get(tournament=imported, name="Team D")
    assert (d.withdrawn_from_round, imported.withdrawal_rule, imported.team_no_show_penalty) == (3, "keep", 1)
    entry = AuditEntry.objects.get(tournament=imported, action="tournament.import_team_trf")
    assert entry.after.endswith("; withdrawn=Team D: 3")
    assert _records(trf_export(imported).text) == _records(text)


def _line(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), start=1) if line.startswith(start))


def _with(old: str, new: str) -> str:
    assert old in SMALL
    return SMALL.replace(old, new)


@pytest.mark.parametrize(("text", "record", "message"), [
    # A roster naming a start number the file has no player for.
    (_with(TEAMS[3], TEAMS[3] + "   12"), TEAMS[3][:8], "team 4: no player with starting rank 12"),
    # A 300 board order of a team that is not in any 310 record.
    (SMALL + "300 001 007 001 0001 0002\n", "300 001 007", "round 1: no team 7"),
    # Three boards played in a match of a two-board event (352 WB); the third pair: Carla (team 1) and a new
    # player of team 2 in round 1.
    (_with(_p(3, "Carla", 2.0, "", "7 b 1"), _p(3, "Carla", 4.0, "10 w 1", "7 b 1")).replace(
        TEAMS[1], _team(2, "Brussel", 2, 5, 2, 4, 5, 10)).replace(
        "310   1", _p(10, "Jan", 0.0, "3 b 0") + "\n310   1", 1), "001    1", "has more than 2 boards (352)"),
    # Two teams with one name.
    (_with(TEAMS[3], _team(4, "Amsterdam", 0, 2, 4, 8, 9)), "310   4", "“Amsterdam” is also the name of team 1"),
    # A penalty that is no no-show penalty: taken from a team that showed.
    (_with("299    -1.0   0.0  002 0004", "299    -1.0   0.0  002 0003"), "299", "no-show penalty"),
    # The file's 330 says the home team lost, its boards say the away team did not show.
    (_with("330 +- 002 002 004", "330 -+ 002 002 004"), "330", "give +-, not -+"),
    # A bye (240) for a team that plays in that round, and a bye for a team not in any 310 record.
    (SMALL + "240 H 001 0003\n", "240 H", "team 3 has a bye (H) and a match"),
    (SMALL + "240 Z 002 0009\n", "240 Z", "round 2 byes: no team 9"),
    # A forfeited match lost scores differently from a match lost.
    (_with("TL 0.0", "TL 0.0   TA 0.5"), "362", "the app scores both alike"),
])
def test_a_bad_team_file_is_refused_with_its_line_and_nothing_is_stored(text, record, message):
    """Each bad file: a TrfError naming the line of the record at fault (or of the first player of the match
    for the board count) and what is wrong; no tournament, team or player stored."""
    before = (Tournament.objects.count(), Team.objects.count(), Game.objects.count())
    with pytest.raises(TrfError) as exc:
        import_trf(text, slug="bad")
    assert f"line {_line(text, record)}," in str(exc.value) and message in str(exc.value), str(exc.value)
    assert (Tournament.objects.count(), Team.objects.count(), Game.objects.count()) == before


def test_a_team_file_over_the_bound_is_refused_unread():
    """The individual import's bound: a team file of more than MAX_TRF_CHARS characters is refused before it
    is read."""
    with pytest.raises(TrfError, match=f"at most {MAX_TRF_CHARS} are read"):
        import_trf(SMALL + "### " + "x" * MAX_TRF_CHARS + "\n")
    assert not Tournament.objects.exists()


def test_the_import_command_takes_a_team_file(tmp_path):
    """``manage.py import_trf`` of the hand-written file says what it made; of a bad one, the line, and nothing
    is imported. The audit log reads the import in words."""
    path = tmp_path / "small.trf"
    path.write_text(SMALL, encoding="utf-8")
    out = io.StringIO()
    call_command("import_trf", str(path), "--slug", "small", stdout=out)
    assert out.getvalue().strip() == "Imported small: 4 teams, 9 players, 2 rounds"
    entry = AuditEntry.objects.get(tournament__slug="small", action="tournament.import_team_trf")
    assert read(entry).action == "imported the team event from a TRF team file"
    with translation.override("de"):
        line = read(entry)
        assert line.action == "hat das Mannschaftsturnier aus einer TRF-Mannschaftsdatei importiert"
        assert [(c.field, c.after) for c in line.changes] == [
            ("Mannschaften", "4"), ("Spieler", "9"), ("Runden", "2"), ("Begegnungen", "4"), ("Brettpartien", "6"),
            ("Freilose der Mannschaften", "0"), (str(Tournament._meta.get_field("boards_per_match").verbose_name), "2")]
    path.write_text(SMALL + "300 001 007 001 0001 0002\n", encoding="utf-8")
    with pytest.raises(CommandError, match=r"line 24, field team \(300\): round 1: no team 7 \(nothing was imported\)"):
        call_command("import_trf", str(path), "--slug", "small-2", stdout=io.StringIO())
    assert not Tournament.objects.filter(slug="small-2").exists()


GACRUX = Path(__file__).resolve().parent.parent / "fixtures" / "standings" / "teams"


@pytest.mark.parametrize("name", sorted(p.stem for p in GACRUX.glob("*.json")))
def test_imported_fixture_events_rank_as_fides_checker(name):
    """The team files FIDE's reference checker (Gacrux) ranked (``tests/fixtures/standings/teams``: round
    robins and Swiss events with reserves, board forfeits, empty boards, no-show matches with 330 and 300, PAB
    with 320 values, half-, zero- and full-point byes, colour sequence BWWBBW, 10 boards, a withdrawn team),
    imported under each edition's start date: for every rank order the checker ran, the imported event's
    standings (``team_tables``, with the run's codes as the event's tie-breaks) give the checker's ranks and
    values. The event's export reads back to the same matches and byes as the file."""
    data = json.loads((GACRUX / f"{name}.json").read_text())
    for edition, ed in sorted(data["editions"].items()):
        text = (GACRUX / data["file"]).read_text().replace("042 2026/09/01", f"042 {ed['start_date']}")
        assert ed["runs"], edition
        t = import_trf(text, slug=f"{name}-{edition}".replace("_", "-"))
        for run in ed["runs"]:
            Tournament.objects.filter(pk=t.pk).update(tiebreaks=",".join(run["codes"]))
            t.refresh_from_db()
            rows = {r.team: r for r in team_tables(t).standings.rows}
            for want in run["teams"]:
                mine = rows[want["team"]]
                at = f"{name} {edition} {run['codes']} team {want['team']}"
                assert mine.rank == want["rank"], at
                for code in run["codes"]:
                    assert mine.tiebreaks[code] == pytest.approx(want["values"][code], abs=1e-9), f"{at} {code}"
        original, again = read_team_trf(text), read_team_trf(trf_export(t).text)
        assert (again.matches, again.byes, again.boards, again.colour_sequence) == (
            original.matches, original.byes, original.boards, original.colour_sequence)
        assert [(x.number, x.name, x.players) for x in again.teams] == [
            (x.number, x.name, x.players) for x in original.teams]


def test_the_imported_events_team_pages_show_it(client):
    """The public team pages of the hand-written event: the standings in rank order, round 2's matches with
    the no-show (Dortmund's boards empty, Brussel's players winning them by forfeit), the crosstable."""
    t = import_trf(SMALL, slug="small-pages")
    page = client.get(reverse("public:team_standings", kwargs={"slug": t.slug})).content.decode()
    assert [page.index(n) for n in ("Amsterdam", "Brussel", "Cannes", "Dortmund")] == sorted(
        page.index(n) for n in ("Amsterdam", "Brussel", "Cannes", "Dortmund"))
    r2 = client.get(reverse("public:team_round", kwargs={"slug": t.slug, "number": 2}))
    assert r2.status_code == 200
    assert "Dirk" in r2.content.decode() and "Carla" in r2.content.decode()
    assert client.get(reverse("public:team_crosstable", kwargs={"slug": t.slug})).status_code == 200
    assert client.get(reverse("public:team_matches", kwargs={"slug": t.slug})).status_code == 200


def test_round_trip_of_the_demo_team_league(make_user):
    """The demo's finished 8-team league (``games.demo_teams.seed_team_league``: a round robin of 7 rounds, 8
    boards, reserves fielded; tie-breaks MPTS, GPTS, DE) exported and imported: the same standings, the same
    file again."""
    arbiter = make_user("demo-arbiter")
    t = seed_team_league({"demo-arbiter": arbiter}, "demo-arbiter", {})
    assert t is not None
    text = trf_export(t).text
    imported = import_trf(text, slug="demo-league-copy")
    assert _table(imported) == _table(t)
    assert len(_table(imported)) == 8 and imported.rounds.count() == 7
    assert Game.objects.filter(board__round__tournament=imported).count() == 7 * 4 * 8
    assert _records(trf_export(imported).text) == _records(text)


def test_fides_checker_reads_the_apps_export_of_a_no_show(league):  # noqa: F811 - the fixture
    """The app's own no-show shape, read by FIDE's reference checker (TieBreakServer 14a34a2, ``tiebreakchecker.py``):
    the league (4 teams, 4 boards, round robin, penalty 0) where Team D does not show in round 1 (``record_no_show``:
    every board a forfeit and a 330 record), the other boards drawn 2-0/1-1/0-2 by ``random.Random(5)``. Its export
    is ``app_no_show_rr4_b4.trf`` record for record (the start date aside), the file the checker ranked in
    ``app_no_show_rr4_b4.json`` (both editions, every round-robin rank order of ``make_fixtures.RR_ORDERS``);
    ``test_imported_fixture_events_rank_as_fides_checker`` checks the imported file against those values, and here
    the app's own standings of the event equal them as well."""
    t, teams, arbiter, *_ = league
    rng = random.Random(5)
    _play_with_a_no_show(t, teams, arbiter, lambda: rng.choice(["2-0", "1-1", "0-2"]))
    stored = (GACRUX / "app_no_show_rr4_b4.trf").read_text()
    assert _records(trf_export(t).text.replace(f"042 {t.start_date:%Y/%m/%d}", "042 2026/09/01")) == _records(stored)
    assert "330 +- 001 001 004" in stored.splitlines()
    _assert_the_checkers_values(t, "app_no_show_rr4_b4", stored)


def test_fides_checker_reads_the_apps_export_of_a_withdrawal(league):  # noqa: F811 - the fixture
    """The app's export of a withdrawn team's forfeits, read by FIDE's reference checker (TieBreakServer 14a34a2):
    the league (4 teams, 4 boards, round robin, penalty 0, rule "keep") where Team D does not show in round 1
    (``record_no_show``) and withdraws from round 3 (its match with B has no games), the other boards drawn
    2-0/1-1/0-2 by ``random.Random(5)``. The export writes the withdrawal's forfeit as B's first four players
    each winning against an empty board (``0000 - +``, counted in their points), D's boards empty (300 all 0000)
    and ``330 +- 003 002 004``; it is ``app_withdrawal_rr4_b4.trf`` record for record (the start date aside),
    the file the checker ranked in ``app_withdrawal_rr4_b4.json`` (both editions, ``make_fixtures.RR_ORDERS``).
    The app's standings of the event equal the checker's values; the file imported again has D withdrawn from
    round 3, B's round-3 line-up kept, and exports the same records."""
    t, teams, arbiter, *_ = league
    update_tournament(arbiter, t, {"withdrawal_rule": "keep"})
    t.refresh_from_db()
    rng = random.Random(5)
    _play_with_a_no_show(t, teams, arbiter, lambda: rng.choice(["2-0", "1-1", "0-2"]), withdraw_d_from=3)
    text = trf_export(t).text
    stored = (GACRUX / "app_withdrawal_rr4_b4.trf").read_text()
    assert _records(text.replace(f"042 {t.start_date:%Y/%m/%d}", "042 2026/09/01")) == _records(stored)
    lines = stored.splitlines()
    assert [x for x in lines if x[:3] in ("300", "330", "299")] == [
        "300 003 004 002 0000 0000 0000 0000", "330 +- 001 001 004", "330 +- 003 002 004"]
    # B's first four players: round 3 a forfeit win (``0000 - +``, 2 points each, ending at column 119).
    b_players = [line for line in lines if line[:3] == "001" and line[14:15] == "B"]
    assert [(x[14:23], x[80:84], x[111:]) for x in b_players] == [
        ("B1 Player", " 2.0", "0000 - +"), ("B2 Player", " 4.0", "0000 - +"), ("B3 Player", " 2.0", "0000 - +"),
        ("B4 Player", " 3.0", "0000 - +"), ("B5 Player", " 0.0", "")]
    _assert_the_checkers_values(t, "app_withdrawal_rr4_b4", stored)
    imported = import_trf(stored, slug="league-withdrawal")
    assert Team.objects.get(tournament=imported, name="Team D").withdrawn_from_round == 3
    b3 = LineUp.objects.get(team__tournament=imported, team__name="Team B", round_number=3)
    assert [b.entry.name for b in b3.boards.order_by("board")] == [
        "B1 Player", "B2 Player", "B3 Player", "B4 Player"]
    assert not Game.objects.filter(board__round__tournament=imported, board__round__number=3,
                                   board__black_team__name="Team D").exists()
    assert _records(trf_export(imported).text) == _records(stored)


def test_a_withdrawal_in_the_old_shape_and_a_last_round_no_show_without_penalty():
    """Two readings of a forfeit the absent team loses with nobody on its boards.

    1. The old export of a withdrawn team's forfeit, ``330`` alone with both teams' ``300`` records all ``0000``
       (no ``0000 - +`` cells, B's players 2 points fewer), is still read as D's withdrawal from round 3 with the
       same standings as the stored file (A 4/18, B 2/11, C 5/15, D 1/4: the forfeit is worth 4 x 2 board
       points either way), and exported in the new shape.
    2. The hand-written Swiss without its 299 record: Dortmund's round-2 no-show (its boards empty, the last
       round) is read as Dortmund's withdrawal from round 2; the standings are those of the file (Brussel 2 MP
       4 + 1 = 5 BP, Dortmund 1 MP 2 BP: no penalty), Brussel's line-up Dirk, Eva kept. With the 299 record the
       same match is a no-show (``test_a_hand_written_team_swiss_with_a_no_show``)."""
    stored = (GACRUX / "app_withdrawal_rr4_b4.trf").read_text()
    old = []
    for line in stored.splitlines():
        if line.endswith("  0000 - +"):
            points = float(line[80:84]) - 2
            line = line[:80] + f"{points:4.1f}" + line[84:-len("  0000 - +")]
        old.append(line)
    old.insert(old.index("300 003 004 002 0000 0000 0000 0000"), "300 003 002 004 0000 0000 0000 0000")
    imported = import_trf("\n".join(old) + "\n", slug="old-shape")
    assert Team.objects.get(tournament=imported, name="Team D").withdrawn_from_round == 3
    assert [(r[1], r[3], r[4]) for r in _table(imported)] == [
        ("Team C", 5, 15), ("Team A", 4, 18), ("Team B", 2, 11), ("Team D", 1, 4)]
    assert _records(trf_export(imported).text) == _records(stored)

    no_penalty = SMALL.replace("299    -1.0   0.0  002 0004\n", "").replace(
        TEAMS[3], _team(4, "Dortmund", 1, 2, 4, 8, 9))
    t = import_trf(no_penalty, slug="small-withdrawn")
    assert Team.objects.get(tournament=t, name="Dortmund").withdrawn_from_round == 2
    assert t.team_no_show_penalty == 0
    assert [(r.name, r.rank, r.match_points, r.game_points) for r in team_tables(t).standings.rows] == [
        ("Amsterdam", 1, 4, 6), ("Brussel", 2, 2, 5), ("Cannes", 3, 1, 3), ("Dortmund", 4, 1, 2)]
    brussel = LineUp.objects.get(team__tournament=t, team__name="Brussel", round_number=2)
    assert [b.entry.name for b in brussel.boards.order_by("board")] == ["Dirk", "Eva"]
    assert not LineUp.objects.filter(team__tournament=t, team__name="Dortmund", round_number=2).exists()
    out = trf_export(t).text
    assert read_team_trf(out).matches == read_team_trf(no_penalty).matches
    assert [line for line in out.splitlines() if line[:3] in ("300", "310", "330", "299")] == [
        *TEAMS[:3], _team(4, "Dortmund", 1, 2, 4, 8, 9), "300 002 004 002 0000 0000", "330 +- 002 002 004"]


def test_a_forfeit_without_boards_before_the_team_plays_again_is_refused():
    """A match forfeited without boards (330 alone) is stored as the absent team's withdrawal, so the team must
    not play afterwards: the hand-written Swiss with Cannes' round-1 match given as such a forfeit (its boards'
    players removed from round 1) while Cannes plays round 2 is refused, naming the 330 record."""
    text = (SMALL.replace(_p(6, "Frans", 1.0, "8 w 0", "2 b ="), _p(6, "Frans", 1.0, "", "2 b ="))
            .replace(_p(7, "Greet", 2.0, "9 b 1", "3 w 0"), _p(7, "Greet", 0.0, "", "3 w 0"))
            .replace(_p(8, "Hans", 2.0, "6 b 1", ""), _p(8, "Hans", 0.0))
            .replace(_p(9, "Ida", 0.0, "7 w 0", ""), _p(9, "Ida", 0.0))
            + "330 -+ 001 003 004\n")
    with pytest.raises(TrfError) as exc:
        import_trf(text, slug="bad-withdrawal")
    assert f"line {_line(text, '330 -+ 001')}," in str(exc.value)
    assert "team 3 loses round 1 without boards (stored as a withdrawal) but plays" in str(exc.value)
    assert "in round 2" in str(exc.value)


def _play_with_a_no_show(t, teams, arbiter, result, withdraw_d_from=None):
    """Play the league's three rounds: Team D does not show in round 1 (``record_no_show``), withdraws from
    ``withdraw_d_from`` (if given); every other game gets ``result()``; each round finished."""
    for number in (1, 2, 3):
        if number == withdraw_d_from:
            team_service.withdraw_team(arbiter, teams["D"][0], number)
        rnd = pair_round(t, arbiter).round
        publish_round(arbiter, rnd)
        rnd.refresh_from_db()
        if number == 1:
            d = teams["D"][0]
            record_no_show(rnd.boards.get(Q(white_team=d) | Q(black_team=d)), d, arbiter)
        for g in Game.objects.filter(board__round=rnd, submissions__isnull=True):
            enter_result(g, result(), arbiter)
        finish_round(arbiter, rnd)


def _assert_the_checkers_values(t, name, stored):
    """The app's standings of ``t`` under the first 2026 rank order FIDE's checker ran on ``name`` (the file
    ``stored``): each team's name by its 310 number, its rank and every tie-break value equal the checker's."""
    run = json.loads((GACRUX / f"{name}.json").read_text())["editions"]["2026"]["runs"][0]
    Tournament.objects.filter(pk=t.pk).update(tiebreaks=",".join(run["codes"]), start_date="2026-09-01")
    t.refresh_from_db()
    rows = {r.team: r for r in team_tables(t).standings.rows}
    names = {x.number: x.name for x in read_team_trf(stored).teams}
    for want in run["teams"]:
        mine = rows[want["team"]]
        assert (mine.name, mine.rank) == (names[want["team"]], want["rank"]), want
        for code in run["codes"]:
            assert mine.tiebreaks[code] == pytest.approx(want["values"][code], abs=1e-9), (want["team"], code)
