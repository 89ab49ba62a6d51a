"""Tie-break values on generated Swiss tournaments, checked against hand computations.

Files (copied from shared/fixtures/pairing/dutch2025) use draughts scoring: win 2, draw 1,
loss 0, PAB 2, forfeit win 2, half-point bye 1. The expected numbers below were worked out
by hand from the players' lines and the C.07 definitions (2023+ art. 16 for unplayed rounds),
NOT by running the code; each computation is written out in the comments.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tournaments.standings import StandingsInput, compute_standings
from tournaments.standings.context import build_context
from tournaments.standings.trf_input import standings_input_from_trf
from tournaments.trf import read_trf_file

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "standings"
ALL = ("BH", "BH/C1", "BH/C2", "BH/M1", "FMJD-TS", "SB", "WIN", "WON", "PS", "ARO", "TPR", "AOB")


def _inp(name: str, **kw: object) -> StandingsInput:
    """The fixture's standings input; the hand computations below are the 2024 edition's (the files
    have no start date, which would rank them under today's edition)."""
    kw.setdefault("edition", "2024")
    return standings_input_from_trf(read_trf_file(str(FIXTURES / name)), **kw)  # type: ignore[arg-type]


def _row(standings, start: int):  # type: ignore[no-untyped-def]
    return next(r for r in standings.rows if r.start_number == start)


# d002 (6 players, 5 rounds). Lines:
#  1: 4b1 2w= 6b1 3b1 5w1 -> 2+1+2+2+2 = 9
#  2: 5w1 1b= Z   6w1 3b= -> 2+1+0+2+1 = 6   (Z = absent in round 3, then plays on)
#  3: 6b1 4w1 5b1 1w0 2w= -> 2+2+2+0+1 = 7
#  4: 1w0 3b0 H   5w1 6b1 -> 0+0+1+2+2 = 5   (H = requested half-point bye in round 3)
#  5: 2b0 6w1 3w0 4b0 1b0 -> 2
#  6: all losses          -> 0
# Art. 16.2.3: an absence followed by played rounds counts as awarded for opponents, so the
# adjusted scores equal the points: 9, 6, 7, 5, 2, 0.


def test_d002_player2_with_absence() -> None:
    s = compute_standings(_inp("d002_n6_r5_trfbx.trf", tiebreaks=ALL))
    r = _row(s, 2)
    assert r.points == 6
    # Contributions: R1 opp 5 -> 2; R2 opp 1 -> 9; R3 own unplayed (VUR) -> dummy = own score 6;
    # R4 opp 6 -> 0; R5 opp 3 -> 7.
    assert r.tiebreaks["BH"] == 2 + 9 + 6 + 0 + 7  # 24
    # Cut 1: the VUR (6) is cut first (art. 16.5), not the lowest value 0.
    assert r.tiebreaks["BH/C1"] == 24 - 6  # 18
    assert r.tiebreaks["BH/C2"] == 24 - 6 - 0  # 18
    assert r.tiebreaks["BH/M1"] == 24 - 6 - 9  # 9
    # Cascade: cut 6 (VUR), then 0, then 2, then 7.
    assert r.tiebreaks["FMJD-TS"] == (18, 18, 16, 9)
    # SB: 2*2 + 9*1 + 6*0 (dummy, scored 0 that round) + 0*2 + 7*1
    assert r.tiebreaks["SB"] == 4 + 9 + 0 + 0 + 7  # 20
    assert r.tiebreaks["WIN"] == 2
    assert r.tiebreaks["WON"] == 2
    # Running score 2, 3, 3, 5, 6.
    assert r.tiebreaks["PS"] == 2 + 3 + 3 + 5 + 6  # 19
    # ARO over the board: 5 (1358), 1 (2331), 6 (1236), 3 (1892) = 6817 / 4 = 1704.25 -> 1704.
    assert r.tiebreaks["ARO"] == 1704
    # TPR: 6 of 8 points in those games, p = .75 -> dp 193; 1704 + 193.
    assert r.tiebreaks["TPR"] == 1897
    assert (r.games, r.wins, r.draws, r.losses) == (4, 2, 2, 0)


def test_d002_player4_with_half_point_bye() -> None:
    s = compute_standings(_inp("d002_n6_r5_trfbx.trf", tiebreaks=ALL))
    r = _row(s, 4)
    # R1 opp 1 -> 9; R2 opp 3 -> 7; R3 H (VUR) -> dummy 5; R4 opp 5 -> 2; R5 opp 6 -> 0.
    assert r.tiebreaks["BH"] == 9 + 7 + 5 + 2 + 0  # 23
    assert r.tiebreaks["BH/C1"] == 23 - 5  # VUR cut first: 18
    assert r.tiebreaks["BH/M1"] == 23 - 5 - 9  # 9
    # SB: 9*0 + 7*0 + 5*1 (dummy, scored 1 with H) + 2*2 + 0*2
    assert r.tiebreaks["SB"] == 9
    # WIN counts rounds worth a win: R4 and R5 (H is worth a draw).
    assert r.tiebreaks["WIN"] == 2
    # AOB: average BH of opponents over the board: 1, 3, 5, 6.
    # BH(1): opps 4 (5), 2 (6), 6 (0), 3 (7), 5 (2) = 20
    # BH(3): opps 6 (0), 4 (5), 5 (2), 1 (9), 2 (6) = 22
    # BH(5): opps 2 (6), 6 (0), 3 (7), 4 (5), 1 (9) = 27
    # BH(6): opps 3 (7), 5 (2), 1 (9), 2 (6), 4 (5) = 29
    assert r.tiebreaks["AOB"] == (20 + 22 + 27 + 29) / 4  # 24.5


# d001 (7 players, 5 rounds). Lines:
#  1: H    3w- 4b1 2w= 7w1 -> 1+0+2+1+2 = 6   (R2 forfeit loss against 3)
#  2: 5b1 4w1 3w1 1b= 6b= -> 8
#  3: 6w= 1b+ 2b0 5w1 4b= -> 1+2+0+2+1 = 6   (R2 forfeit win)
#  4: 7b1 2b0 1w0 U   3w= -> 2+0+0+2+1 = 5   (R4 pairing-allocated bye)
#  5: 2w0 6b1 7w1 3b0 Z   -> 0+2+2+0+0 = 4   (absent in the last round)
#  6: 3b= 5w0 U   7b= 2w= -> 1+0+2+1+1 = 5
#  7: 4w0 U   5b0 6w= 1b0 -> 0+2+0+1+0 = 3
# Adjusted scores (art. 16.2): player 5's last-round absence is followed by nothing, so it
# counts as a draw (16.2.5): 4 + 1 = 5. Everybody else: their points.


def test_d001_adjusted_scores() -> None:
    ctx = build_context(_inp("d001_n7_r5_trf26.trf"))
    assert ctx.adjusted == {1: 6, 2: 8, 3: 6, 4: 5, 5: 5, 6: 5, 7: 3}
    assert ctx.points[5] == 4


def test_d001_player1_bye_and_forfeit_loss() -> None:
    s = compute_standings(_inp("d001_n7_r5_trf26.trf", tiebreaks=ALL))
    r = _row(s, 1)
    # R1 H -> dummy 6 (VUR); R2 forfeit loss -> dummy 6 (VUR); R3 opp 4 -> 5; R4 opp 2 -> 8;
    # R5 opp 7 -> 3.
    assert r.tiebreaks["BH"] == 6 + 6 + 5 + 8 + 3  # 28
    assert r.tiebreaks["BH/C1"] == 28 - 6  # a VUR is cut, not the 3: 22
    assert r.tiebreaks["BH/C2"] == 28 - 6 - 6  # both VURs: 16
    assert r.tiebreaks["BH/M1"] == 28 - 6 - 8  # 14
    # SB: 6*1 (H) + 6*0 (forfeit loss) + 5*2 + 8*1 + 3*2
    assert r.tiebreaks["SB"] == 30
    assert r.tiebreaks["WIN"] == 2 and r.tiebreaks["WON"] == 2
    # ARO over the board only (the forfeit is excluded): 4 (1767), 2 (2269), 7 (1321):
    # 5357 / 3 = 1785.67 -> 1786. TPR: 5 of 6 points, p = .83 -> dp 273.
    assert r.tiebreaks["ARO"] == 1786
    assert r.tiebreaks["TPR"] == 1786 + 273


def test_d001_player6_with_pab_and_absent_opponent() -> None:
    s = compute_standings(_inp("d001_n7_r5_trf26.trf", tiebreaks=ALL))
    r = _row(s, 6)
    # R1 opp 3 -> 6; R2 opp 5 -> 5 (adjusted: absent in the last round = draw);
    # R3 PAB -> dummy = own 5 (not a VUR); R4 opp 7 -> 3; R5 opp 2 -> 8.
    assert r.tiebreaks["BH"] == 6 + 5 + 5 + 3 + 8  # 27
    assert r.tiebreaks["BH/C1"] == 27 - 3  # no VUR: the lowest (3) goes: 24
    # SB: 6*1 + 5*0 + 5*2 + 3*1 + 8*1
    assert r.tiebreaks["SB"] == 27
    # WIN: only the PAB round is worth a win.
    assert r.tiebreaks["WIN"] == 1 and r.tiebreaks["WON"] == 0


def test_d001_player3_forfeit_win_is_not_a_vur() -> None:
    s = compute_standings(_inp("d001_n7_r5_trf26.trf", tiebreaks=ALL))
    r = _row(s, 3)
    # R1 opp 6 -> 5; R2 forfeit win -> dummy 6 (not VUR); R3 opp 2 -> 8; R4 opp 5 -> 5; R5 opp 4 -> 5.
    assert r.tiebreaks["BH"] == 29
    assert r.tiebreaks["BH/C1"] == 29 - 5  # 24
    assert r.tiebreaks["WIN"] == 2 and r.tiebreaks["WON"] == 1


def test_fmjd_bye_zero_profile() -> None:
    inp = _inp("d001_n7_r5_trf26.trf", tiebreaks=("BH", "BH/C1"))
    fmjd = replace(inp, fmjd_bye_zero=True)
    r = _row(compute_standings(fmjd), 1)
    # FMJD Solkoff: byes/forfeits count 0 and opponents count with their real scores:
    # 0 + 0 + 5 + 8 + 3 = 16; truncated: minus one 0 -> 16.
    assert r.tiebreaks["BH"] == 16 and r.tiebreaks["BH/C1"] == 16


def test_d014_requested_byes_and_last_round_absence() -> None:
    ctx = build_context(_inp("d014_n25_r11_trfbx.trf"))
    # Player 2: 13 points, absent (Z) in the last round 11 -> counts as a draw for opponents.
    assert ctx.points[2] == 13 and ctx.adjusted[2] == 14
    # Player 3: H in rounds 2 and 10, each followed by a played round -> as awarded (16.2.3).
    assert ctx.points[3] == 15 and ctx.adjusted[3] == 15
    # Player 15: Z in round 10 followed by a game in round 11 -> as awarded.
    assert ctx.points[15] == 9 and ctx.adjusted[15] == 9


@pytest.mark.parametrize("name", ["d001_n7_r5_trf26.trf", "d002_n6_r5_trfbx.trf", "d014_n25_r11_trfbx.trf"])
def test_points_match_the_file_and_ranks_are_ordered(name: str) -> None:
    t = read_trf_file(str(FIXTURES / name))
    s = compute_standings(standings_input_from_trf(t))
    assert {r.start_number: r.points for r in s.rows} == {p.start: p.points for p in t.players}
    assert [r.rank for r in s.rows] == sorted(r.rank for r in s.rows)
    pts = [r.points for r in s.rows]
    assert pts == sorted(pts, reverse=True)


def test_2026_dummy_cap() -> None:
    inp = replace(_inp("d001_n7_r5_trf26.trf", tiebreaks=("BH", "SB")), edition="2026")
    r = _row(compute_standings(inp), 1)
    # Player 1 (6 points): R1 H -> dummy min(6, draw 1 x 5 rounds = 5) = 5;
    # R2 forfeit loss v 3 -> dummy min(6, adjusted score of 3 = 6) = 6; then 5 + 8 + 3.
    assert r.tiebreaks["BH"] == 5 + 6 + 5 + 8 + 3  # 27
    # SB: 5*1 + 6*0 + 5*2 + 8*1 + 3*2
    assert r.tiebreaks["SB"] == 29


def test_d002_player2_optional_columns_performance_and_rating_change() -> None:
    # Player 2 (2137) over the board: beat 5 (1358), drew 1 (2331), beat 6 (1236), drew 3 (1892).
    # Expected scores (differences capped at 400): 0.9091, 0.2466, 0.9091, 0.8039 -> sum 2.8686;
    # scored 3.0: change = K x 0.1314 -> 2.6 with K 20, 5.3 with K 40 (an estimate).
    inp = _inp("d002_n6_r5_trfbx.trf", tiebreaks=("TPR",))
    r = _row(compute_standings(inp), 2)
    assert r.performance == r.tiebreaks["TPR"] == 1897
    assert r.rating_change == 2.6
    assert _row(compute_standings(replace(inp, k_factor=40.0)), 2).rating_change == 5.3
    # Player 6 lost all five games to 3, 5, 1, 2, 4: average (1892+1358+2331+2137+1527)/5 = 1849,
    # 0 % -> dp -800: performance 1049.
    six = _row(compute_standings(inp), 6)
    assert (six.games, six.wins, six.draws, six.losses) == (5, 0, 0, 5)
    assert six.performance == 1049
    assert six.rating_change is not None and six.rating_change < 0
