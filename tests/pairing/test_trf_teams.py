"""TRF-2026 team files: records read at their columns, matches rebuilt from the players' games, round
trips, and errors that name the line and the record to add."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tournaments.trf import (
    TrfError,
    TrfTeam,
    build_team_tournament,
    is_team_trf,
    read_team_trf,
    read_trf,
    team_totals,
    write_team_trf,
)
from tournaments.trf.model import TrfPlayer, TrfTournament
from tournaments.trf.team_writer import forfeit_with_boards, is_forfeit_with_boards
from tournaments.vocabulary import DRAUGHTS_SCORING, MatchBoard, TeamBye, TeamMatch, TeamPenalty, TeamScoring

TEAMS = Path(__file__).resolve().parent.parent / "fixtures" / "standings" / "teams"


def at(columns: dict[int, str]) -> str:
    """A record with each text starting at its 1-based column (the spec's column tables)."""
    line = ""
    for col, text in sorted(columns.items()):
        line = line.ljust(col - 1) + text
    return line


def player(start: int, points: str, *cells: str) -> str:
    """A 001 record: start number at 5-8, name at 15, points at 81-84, round r at 92 + 10 (r - 1)."""
    cols = {1: "001", 5: f"{start:4d}", 15: f"Player {start}", 81: points}
    cols.update({92 + 10 * r: c for r, c in enumerate(cells) if c.strip()})
    return at(cols)


# Two boards; team 1 = players 1, 2 (+3 reserve), team 2 = 4, 5 (+6), team 3 = 7, 8 (+9), team 4 = 10, 11 (+12).
# Round 1: 1-2 (boards 1 v 4 won, 2 v 5 drawn); 3-4 (7 v 10 lost, reserve 9 wins by forfeit against 11).
# Round 2: 2-3 (4 v 7 drawn, board 2 left empty by team 3: player 5 wins; a 300 record); team 1 PAB (320);
# team 4 a half-point bye (240).
FILE = "\n".join(
    [
        "012 Hand-made team file",
        "042 2026/10/01",
        "142 2",
        "162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0",
        "352 WB",
        "362 TW 2.0   TD 1.0   TL 0.0",
        player(1, "2.0", "   4 w 1"),
        player(2, "1.0", "   5 b ="),
        player(3, "0.0"),
        player(4, "1.0", "   1 b 0", "   7 w ="),
        player(5, "3.0", "   2 w =", "0000 - +"),
        player(6, "0.0"),
        player(7, "1.0", "  10 w 0", "   4 b ="),
        player(8, "0.0"),
        player(9, "2.0", "  11 b +"),
        player(10, "2.0", "   7 b 1"),
        player(11, "0.0", "   9 w -"),
        player(12, "0.0"),
        at({1: "310", 5: "  1", 9: "Alpha", 55: "   4.0", 62: "   5.0", 74: "   1", 79: "   2", 84: "   3"}),
        at({1: "310", 5: "  2", 9: "Beta", 55: "   2.0", 62: "   5.0", 74: "   4", 79: "   5", 84: "   6"}),
        at({1: "310", 5: "  3", 9: "Gamma", 55: "   1.0", 62: "   3.0", 74: "   7", 79: "   8", 84: "   9"}),
        at({1: "310", 5: "  4", 9: "Delta", 55: "   2.0", 62: "   4.0", 74: "  10", 79: "  11", 84: "  12"}),
        at({1: "300", 5: "002", 9: "003", 13: "002", 17: "0007", 22: "0000"}),
        at({1: "320", 5: " 2.0", 10: " 2.0", 15: "000", 19: "001"}),
        at({1: "240", 5: "H", 7: "002", 11: "0004"}),
    ]
)


def test_matches_are_rebuilt_from_the_players_games() -> None:
    t = read_team_trf(FILE)
    assert is_team_trf(FILE) and not is_team_trf("012 x\n001    1")
    assert [(x.number, x.name, x.players) for x in t.teams] == [
        (1, "Alpha", (1, 2, 3)), (2, "Beta", (4, 5, 6)), (3, "Gamma", (7, 8, 9)), (4, "Delta", (10, 11, 12)),
    ]  # fmt: skip
    assert t.teams[0].match_points == 4.0 and t.teams[0].game_points == 5.0
    assert t.boards == 2 and t.colour_sequence == "WB" and t.rounds == 2
    assert t.team_scoring == TeamScoring(pab_match_points=2.0, pab_game_points=2.0)
    assert t.matches == (
        TeamMatch(1, 1, 2, (MatchBoard(1, 1, 4, "1", "0", "w"), MatchBoard(2, 2, 5, "=", "=", "b"))),
        # Team 3 is home: its player has White on board 1 (the sequence's W).
        TeamMatch(1, 3, 4, (MatchBoard(1, 7, 10, "0", "1", "w"), MatchBoard(2, 9, 11, "+", "-", "b"))),
        TeamMatch(2, 2, 3, (MatchBoard(1, 4, 7, "=", "=", "w"), MatchBoard(2, 5, None, "+", "", "b"))),
    )
    assert t.byes == (TeamBye(2, 1, "pab"), TeamBye(2, 4, "half"))
    # Match points from the boards: round 1 team 1 3-1 (win), team 3 2-2 with team 4 (draw); round 2 team 2
    # 1 + 2 = 3 against 1 (win); PAB 2.0/2.0; half bye 1 match point, 1 per board.
    assert team_totals(t) == {1: (4.0, 5.0), 2: (2.0, 4.0), 3: (1.0, 3.0), 4: (2.0, 4.0)}


def test_the_individual_reader_still_reads_a_team_file() -> None:
    """The individual reader ignores the team records (and reads 240 as it always did)."""
    t = read_trf(FILE)
    assert len(t.players) == 12 and t.player(9).cells[0].result == "+"


def test_write_then_read_gives_the_same_tournament() -> None:
    t = read_team_trf(FILE)
    text = write_team_trf(t)
    assert read_team_trf(text) == t
    assert write_team_trf(read_team_trf(text)) == text
    assert "300 002 003 002 0007 0000" in text.splitlines()
    assert "320  2.0  2.0 000 001" in text.splitlines()
    assert "240 H 002 0004" in text.splitlines()
    assert "352 WB" in text.splitlines() and "362 TW 2.0   TD 1.0   TL 0.0" in text.splitlines()


@pytest.mark.parametrize("path", sorted(TEAMS.glob("*.trf")), ids=lambda p: p.name)
def test_fixture_files_round_trip_byte_for_byte(path: Path) -> None:
    text = path.read_text()
    t = read_team_trf(text)
    assert write_team_trf(t) == text
    assert read_team_trf(write_team_trf(t, line_ending="\r")) == t


def _build(matches: list[TeamMatch], byes: list[TeamBye] = (), **kw: object) -> object:  # type: ignore[assignment]
    players = tuple(TrfPlayer(start=i, name=f"P{i}") for i in range(1, 13))
    teams = [TrfTeam(n, f"T{n}", players=tuple(range(3 * n - 2, 3 * n + 1))) for n in range(1, 5)]
    base = TrfTournament(players=players, total_rounds=2, scoring=DRAUGHTS_SCORING, scoring_declared=True)
    return build_team_tournament(base, teams, matches, byes, boards=3, **kw)  # type: ignore[arg-type]


def test_boards_out_of_order_empty_on_both_sides_forfeited_matches_and_penalties_round_trip() -> None:
    """What FIDE's checker cannot read (a board empty on both sides) still round-trips here."""
    m1 = TeamMatch(1, 1, 2, (MatchBoard(1, 1, 4, "1", "0", "w"), MatchBoard(2, 3, 5, "=", "=", "b"),
                             MatchBoard(3, 2, None, "+", "", "w")))  # fmt: skip
    m2 = TeamMatch(1, 3, 4, (MatchBoard(1, 7, 10, "0", "1", "w"),))  # boards 2 and 3: nobody on either side
    m3 = TeamMatch(2, 4, 1, (), forfeit="+-")  # team 1 did not show, nobody recorded
    m4 = TeamMatch(2, 2, 3, tuple(MatchBoard(b, 3 + b, None, "+", "", "w" if b % 2 else "b") for b in (1, 2, 3)),
                   forfeit="+-")  # fmt: skip
    t = _build([m1, m2, m3, m4], penalties=[TeamPenalty(1, -1.0, 0.0, 2)])
    text = write_team_trf(t)  # type: ignore[arg-type]
    lines = text.splitlines()
    # Team 1 played 1, 3, 2 (roster order 1, 2, 3): a 300 record; team 2 left board 3 empty: another.
    assert "300 001 001 002 0001 0003 0002" in lines and "300 001 002 001 0004 0005 0000" in lines
    assert "330 +- 002 004 001" in lines and "330 +- 002 002 003" in lines
    assert at({1: "299", 8: "-1.0", 14: " 0.0", 20: "002", 24: "0001"}) in lines  # columns 8-11, 14-17, 20-22, 24-27
    back = read_team_trf(text)
    assert back == t
    assert team_totals(back)[1] == (2.0 + 0.0 - 1.0, 5.0 + 0.0)


def test_pab_from_the_players_cells_takes_the_trf_defaults() -> None:
    """Without 320 values, a team whose players have U is the PAB (a draw's match points, the game
    PAB points on every board: Gacrux's defaults)."""
    text = FILE.replace(at({1: "320", 5: " 2.0", 10: " 2.0", 15: "000", 19: "001"}), "")
    text = text.replace(player(1, "2.0", "   4 w 1"), player(1, "4.0", "   4 w 1", "0000 - U"))
    t = read_team_trf(text)
    assert TeamBye(2, 1, "pab") in t.byes
    assert t.team_scoring.pab_points(2, DRAUGHTS_SCORING) == (1.0, 4.0)


def test_older_records_and_362_without_t() -> None:
    """013 team records (numbered in file order) and a 362 written like 162 (``  W 3.0``)."""
    text = "\n".join(
        line for line in FILE.splitlines() if not line.startswith(("310", "300", "320", "240", "362"))
    )
    text += "\n362  W 3.0    D 1.0    L 0.0\n"
    text += "\n".join(at({1: "013", 5: name, 37: f"{a:4d}", 42: f"{b:4d}", 47: f"{c:4d}"})
                      for name, (a, b, c) in (("Alpha", (1, 2, 3)), ("Beta", (4, 5, 6)), ("Gamma", (7, 8, 9)),
                                              ("Delta", (10, 11, 12))))  # fmt: skip
    text = text.replace(player(5, "3.0", "   2 w =", "0000 - +"), player(5, "1.0", "   2 w ="))
    text = text.replace(player(7, "1.0", "  10 w 0", "   4 b ="), player(7, "0.0", "  10 w 0"))
    text = text.replace(player(4, "1.0", "   1 b 0", "   7 w ="), player(4, "0.0", "   1 b 0"))
    t = read_team_trf(text)
    assert [x.number for x in t.teams] == [1, 2, 3, 4] and t.teams[3].players == (10, 11, 12)
    assert t.team_scoring.win == 3.0 and len(t.matches) == 2


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # Players 1 and 2 of the same team meet.
        (lambda s: s.replace("   4 w 1", "   2 w 1").replace("   5 b =", "   1 b 0"), "same team"),
        # Player 1 says he met 4, player 4's record says nothing of it.
        (lambda s: s.replace(player(4, "1.0", "   1 b 0", "   7 w ="), player(4, "1.0", "", "   7 w =")),
         "does not say so"),
        # The 300 record lists a player without a game.
        (lambda s: s.replace("0007 0000", "0008 0000"), "has no game"),
        # A player in two teams (team 4's third player is player 1).
        (lambda s: s.replace("  10   11   12", "  10   11    1"), "already in team"),
        # A team with a bye and a match in the same round.
        (lambda s: s.replace("240 H 002 0004", "240 H 002 0002"), "a bye"),
        (lambda s: s.replace("352 WB", "352 WX"), "352"),
        (lambda s: s.replace("362 TW 2.0", "362 TQ 2.0"), "362"),
        (lambda s: s + "\n330 ?? 002 001 002", "330"),
        (lambda s: s + "\n330 +- 002 001 009", "no team 9"),
        (lambda s: s.replace("   9 w -", "   9 w 1"), "not a game result"),
        (lambda s: "\n".join(x for x in s.splitlines() if not x.startswith("310")), "no team records"),
    ],
)  # fmt: skip
def test_errors_name_what_and_where(change, message: str) -> None:
    with pytest.raises(TrfError, match=message):
        read_team_trf(change(FILE), check_points=False)


def test_a_board_the_two_teams_put_differently_asks_for_a_300_record() -> None:
    """Team 3 plays its reserve 9 on board 1 (before 7 by roster order) without saying so: the boards
    of the two teams disagree; the error names the record that fixes it."""
    text = FILE.replace(player(7, "1.0", "  10 w 0", "   4 b ="), player(7, "1.0", "  11 b 0", "   4 b ="))
    text = text.replace(player(9, "2.0", "  11 b +"), player(9, "2.0", "  10 b +"))
    text = text.replace(player(10, "2.0", "   7 b 1"), player(10, "2.0", "   9 w -"))
    text = text.replace(player(11, "0.0", "   9 w -"), player(11, "0.0", "   7 w 1"))
    with pytest.raises(TrfError, match="300 record"):
        read_team_trf(text, check_points=False)


def test_builder_fills_cells_points_totals_and_ranks() -> None:
    m = TeamMatch(1, 1, 2, (MatchBoard(1, 1, 4, "1", "0", "w"), MatchBoard(2, 2, 5, "0", "1", "b"),
                            MatchBoard(3, 3, 6, "=", "=", "w")))  # fmt: skip
    t = _build([m], [TeamBye(1, 3, "full"), TeamBye(1, 4, "zero")], ranks={1: 1, 2: 1, 3: 3, 4: 4})
    assert t.tournament.player(1).points == 2.0 and t.tournament.player(5).cells[0].opponent == 2  # type: ignore[attr-defined]
    assert [(x.number, x.match_points, x.game_points, x.rank) for x in t.teams] == [  # type: ignore[attr-defined]
        (1, 1.0, 3.0, 1), (2, 1.0, 3.0, 1), (3, 2.0, 6.0, 3), (4, 0.0, 0.0, 4),
    ]  # fmt: skip
    assert replace(t, teams=()).teams == ()  # type: ignore[type-var]
    rr = _build([m], kind="round_robin")
    assert (rr.tournament.system, rr.tournament.tournament_type) == ("FIDE_TEAM_ROUNDROBIN", "Team round robin")  # type: ignore[attr-defined]
    text = write_team_trf(rr)  # type: ignore[arg-type]
    assert "192 FIDE_TEAM_ROUNDROBIN" in text.splitlines() and "092 Team round robin" in text.splitlines()


def test_a_forfeit_without_boards_gets_the_present_teams_players_winning_against_empty_boards() -> None:
    """``forfeit_with_boards``: team 4 (players 10, 11, 12) withdrawn, its round-2 match with team 2 (players
    4, 5, 6) forfeited without boards (``-+``: the away team wins). Written for FIDE's checker: players 4, 5,
    6 each ``0000 - +`` in round 2 (the cell from column 102 to 109, 2 points each added to their points), team
    4's 300 record all 0000, the 330 record kept; read back, the match has those boards and is recognised
    (``is_forfeit_with_boards``) with the same totals as the board-less match: team 2 3 x 2 = 6 board points and
    a win. Both teams absent (``--``) or a short list of players: the match stays without boards."""
    m1 = TeamMatch(1, 1, 2, tuple(MatchBoard(b, b, 3 + b, "=", "=", "w" if b % 2 else "b") for b in (1, 2, 3)))
    m2 = TeamMatch(2, 4, 2, (), forfeit="-+")
    assert forfeit_with_boards(TeamMatch(2, 4, 2, (), forfeit="--"), [4, 5, 6], 3) == TeamMatch(2, 4, 2, (), "--")
    assert forfeit_with_boards(m2, [4, 5], 3) == m2 and forfeit_with_boards(m2, [4, None, 6], 3) == m2
    shaped = forfeit_with_boards(m2, [4, 5, 6], 3, "WB")
    assert shaped.boards == (MatchBoard(1, None, 4, "", "+", "w"), MatchBoard(2, None, 5, "", "+", "b"),
                             MatchBoard(3, None, 6, "", "+", "w"))  # fmt: skip
    assert is_forfeit_with_boards(shaped, 3) and not is_forfeit_with_boards(m2, 3)
    assert not is_forfeit_with_boards(m1, 3)
    lines = write_team_trf(_build([m1, shaped])).splitlines()  # type: ignore[arg-type]
    p4 = next(x for x in lines if x.startswith("001    4"))
    assert (p4[80:84], p4[101:109], len(p4)) == (" 3.0", "0000 - +", 109)
    assert "300 002 004 002 0000 0000 0000" in lines and "330 -+ 002 004 002" in lines
    assert not any(x.startswith("300 002 002") for x in lines)
    back = read_team_trf("\n".join(lines))
    assert back.matches[1] == shaped and is_forfeit_with_boards(back.matches[1], 3)
    assert team_totals(back) == team_totals(_build([m1, m2]))  # type: ignore[arg-type]
