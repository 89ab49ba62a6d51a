"""Team scoring, defined once in the vocabulary: board points, match points, forfeits, byes, colours.

Hand computations with draughts scoring (board win 2, draw 1, loss 0; match win 2, draw 1, loss 0).
"""

from __future__ import annotations

import pytest

from tournaments.vocabulary import (
    DRAUGHTS_SCORING,
    FIDE_SCORING,
    MatchBoard,
    Scoring,
    TeamMatch,
    TeamScoring,
    board_colour,
    colour_sequence,
    match_outcome,
    match_points,
    no_show_sides,
    score_match,
    team_bye_points,
)

TS = TeamScoring()


def match(*codes: tuple[str, str], forfeit: str = "") -> TeamMatch:
    boards = tuple(
        MatchBoard(i, None if not h else 10 + i, None if not a else 20 + i, h, a, board_colour(i))
        for i, (h, a) in enumerate(codes, start=1)
    )
    return TeamMatch(1, 1, 2, boards, forfeit)


@pytest.mark.parametrize(
    ("codes", "home", "away", "outcome", "mp", "played"),
    [
        # 2 + 1 + 0 + 2 (a board forfeit scores 2-0) = 5 against 0 + 1 + 2 + 0 = 3: more than N = 4.
        ((("1", "0"), ("=", "="), ("0", "1"), ("+", "-")), 5, 3, ("W", "L"), (2, 0), True),
        # 4-4 on four boards: a draw.
        ((("1", "0"), ("0", "1"), ("=", "="), ("=", "=")), 4, 4, ("D", "D"), (1, 1), True),
        # Board 4 left empty by the away team: the home player wins it (+ against nobody), 2 + 0 + 0 + 2 = 4
        # against 0 + 2 + 2 + 0 = 4: a draw.
        ((("1", "0"), ("0", "1"), ("0", "1"), ("+", "")), 4, 4, ("D", "D"), (1, 1), True),
        # A double forfeit (both lose) takes a draw's point from both: 2 + 0 + 0 = 2 against 0 + 0 + 2 = 2.
        ((("1", "0"), ("-", "-"), ("0", "1")), 2, 2, ("D", "D"), (1, 1), True),
        # Nothing for anybody: both lose; no board played, so a forfeited match: absent points (0).
        ((("-", "-"), ("-", "-")), 0, 0, ("L", "L"), (0, 0), False),
        # Every board a forfeit: the match counts as forfeited (not played), won 4-0.
        ((("+", "-"), ("+", "-")), 4, 0, ("W", "L"), (2, 0), False),
    ],
)
def test_board_points_add_up_and_match_points_compare_them(codes, home, away, outcome, mp, played) -> None:
    s = score_match(match(*codes), DRAUGHTS_SCORING, TS, board_count=len(codes))
    assert (s.home_game_points, s.away_game_points) == (home, away)
    assert (s.home_outcome, s.away_outcome) == outcome
    assert (s.home_match_points, s.away_match_points) == mp
    assert s.played is played


def test_a_forfeited_match_without_boards_is_decided_by_its_type() -> None:
    """A team that did not show, nobody recorded on the boards: the other wins every board by forfeit."""
    for kind, gp, mp in (("+-", (8, 0), (2, 0)), ("-+", (0, 8), (0, 2)), ("--", (0, 0), (0, 0))):
        s = score_match(TeamMatch(3, 1, 2, (), kind), DRAUGHTS_SCORING, TS, board_count=4)
        assert (s.home_game_points, s.away_game_points) == gp
        assert (s.home_match_points, s.away_match_points) == mp
        assert not s.played
    assert no_show_sides("+-") == (False, True) and no_show_sides("--") == (True, True)
    assert no_show_sides("") == (False, False)


def test_a_forfeited_match_lost_scores_the_absent_points() -> None:
    """TRF 362 A: a match lost without any board played scores ``absent``, a played loss ``loss``."""
    ts = TeamScoring(win=3, draw=1, loss=0, absent=-1)
    assert match_points("L", True, ts) == 0 and match_points("L", False, ts) == -1
    assert match_points("W", False, ts) == 3 and match_points("D", True, ts) == 1
    assert match_outcome(0, 0) == "L" and match_outcome(0.5, 0.5) == "D"


def test_team_byes() -> None:
    """Full: a match won on every board; half: drawn on every board; zero: nothing; PAB: what the
    event sets, by default TRF's (a draw's match points, the game PAB points on every board)."""
    assert team_bye_points("full", 4, DRAUGHTS_SCORING, TS) == (2, 8)
    assert team_bye_points("half", 4, DRAUGHTS_SCORING, TS) == (1, 4)
    assert team_bye_points("zero", 4, DRAUGHTS_SCORING, TS) == (0, 0)
    assert team_bye_points("pab", 4, DRAUGHTS_SCORING, TS) == (1, 8)
    assert team_bye_points("pab", 10, FIDE_SCORING, TS) == (1, 10)
    assert team_bye_points("pab", 4, DRAUGHTS_SCORING, TeamScoring(pab_match_points=2, pab_game_points=4)) == (2, 4)
    assert team_bye_points("pab", 6, Scoring(pab=1.5), TS) == (1, 9)
    with pytest.raises(KeyError):
        team_bye_points("lunch", 4, DRAUGHTS_SCORING, TS)


def test_colours_by_board() -> None:
    """The home team has White on the odd boards by default; any TRF 352 sequence, repeated."""
    assert [board_colour(b) for b in range(1, 7)] == ["w", "b", "w", "b", "w", "b"]
    assert [board_colour(b, "BWWB") for b in range(1, 7)] == ["b", "w", "w", "b", "b", "w"]
    assert colour_sequence(10) == "WBWBWBWBWB" and colour_sequence(6, "BWWB") == "BWWBBW"
    with pytest.raises(ValueError, match="not W or B"):
        board_colour(1, "WX")
    with pytest.raises(ValueError, match="from 1"):
        board_colour(0)
