"""Team pairing helpers: Berger over teams, board colours by a sequence, line-ups, round-1 seeding,
and teams plugged into the individual engines (``PairingInput`` with match points)."""

from __future__ import annotations

import itertools

import pytest

from tournaments.pairing.dutch import pair_dutch
from tournaments.pairing.model import PairingError
from tournaments.pairing.teams import (
    BoardPairing,
    average_rating,
    board_pairings,
    default_line_up,
    line_up_problems,
    match_scoring,
    pair_team_round_robin,
    seed_teams,
    team_history,
    team_pairing_input,
)
from tournaments.vocabulary import DRAUGHTS_SCORING, MatchBoard, TeamBye, TeamMatch, TeamScoring


def test_team_round_robin_is_berger_over_the_teams_in_table_order() -> None:
    """Berger for 6, round 1: table numbers 1-6, 2-5, 3-4 (FIDE C.05); the table drawn by lot as
    teams 15, 13, 11, 16, 12, 14 gives 15-14, 13-12, 11-16, home team first."""
    table = [15, 13, 11, 16, 12, 14]
    r1 = pair_team_round_robin(table, 1)
    assert [(p.white, p.black) for p in r1.pairings] == [(15, 14), (13, 12), (11, 16)]
    assert "table number 1 is team 15" in r1.pairings[0].reasons[-1]
    met = [frozenset((p.white, p.black)) for r in range(1, 6) for p in pair_team_round_robin(table, r).pairings]
    assert sorted(met, key=sorted) == sorted(map(frozenset, itertools.combinations(table, 2)), key=sorted)
    double = [(p.white, p.black) for r in range(1, 11) for p in pair_team_round_robin(table, r, double=True).pairings]
    assert all(double.count((a, b)) == 1 and double.count((b, a)) == 1 for a, b in itertools.combinations(table, 2))


def test_an_odd_number_of_teams_gives_a_free_round() -> None:
    frees = [pair_team_round_robin([7, 8, 9, 10, 11], r).byes[0].player for r in range(1, 6)]
    assert sorted(frees) == [7, 8, 9, 10, 11]
    with pytest.raises(PairingError, match="twice"):
        pair_team_round_robin([1, 2, 2], 1)
    with pytest.raises(PairingError, match="outside the schedule"):
        pair_team_round_robin([1, 2, 3, 4], 4)


def test_board_colours_follow_the_sequence() -> None:
    """Home team White on the odd boards by default; away board 4 left empty, home board 3 empty."""
    boards = board_pairings([1, 2, None, 4], [5, 6, 7], 4)
    assert boards == (
        BoardPairing(1, 1, 5, "w"),
        BoardPairing(2, 6, 2, "b"),
        BoardPairing(3, None, 7, "w"),
        BoardPairing(4, None, 4, "b"),
    )
    assert [b.home_colour for b in board_pairings([1, 2, 3, 4], [5, 6, 7, 8], 4, "BWWB")] == ["b", "w", "w", "b"]
    assert board_pairings([None], [None], 1) == ()
    with pytest.raises(PairingError, match="more players"):
        board_pairings([1, 2, 3], [4], 2)


def test_line_ups_keep_the_roster_order() -> None:
    roster = [11, 12, 13, 14, 15, 16]  # 15 and 16 are reserves
    assert default_line_up(roster, {11, 13, 14, 15, 16}, 4) == (11, 13, 14, 15)
    assert default_line_up(roster, {12}, 4) == (12,)
    assert line_up_problems(roster, [11, 13, 14, 16], 4) == []
    assert line_up_problems(roster, [11, None, 13, 14], 4) == []
    problems = line_up_problems(roster, [11, 14, 13, 99, 11], 4)
    assert problems == [
        "The line-up has 5 players for 4 boards.",
        "Player 13 (roster 3) plays board 3, below player 14 (roster 4) on board 2: the roster order must be kept.",
        "Player 99 on board 4 is not on the team's roster.",
        "Player 11 is listed twice.",
    ]


def test_round_one_by_average_rating_or_by_lot() -> None:
    """Averages of the first 4: team 1 (1500+1400+1300+1200)/4 = 1350, team 2 (1600+1300+1200+0 as
    1000)/4 = 1275, team 3 1350 (ties with team 1: broken by the draw), team 4 its three players only."""
    rosters = {1: [1500, 1400, 1300, 1200, 2000], 2: [1600, 1300, 1200, 0], 3: [1350] * 4, 4: [1500, 1400, 1300]}
    assert average_rating(rosters[2], 4, unrated=1000) == 1275 and average_rating(rosters[4], 4) == 1400
    seeds = seed_teams(rosters, 4, unrated=1000, seed=7)
    assert [s.team for s in seeds][:1] == [4] and [s.team for s in seeds][-1] == 2
    assert {seeds[1].team, seeds[2].team} == {1, 3} and seeds[1].lot < seeds[2].lot
    assert "1350.0" in seeds[1].reasons[0]
    lot = seed_teams(rosters, 4, by="lot", seed=2026)
    assert lot == seed_teams(rosters, 4, by="lot", seed=2026)
    assert sorted(s.team for s in lot) == [1, 2, 3, 4] and all(s.average is None for s in lot)
    with pytest.raises(PairingError):
        seed_teams(rosters, 4, by="age")


def _match(rnd: int, home: int, away: int, home_codes: str) -> TeamMatch:
    other = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    boards = tuple(MatchBoard(b, home * 10 + b, away * 10 + b, c, other[c]) for b, c in enumerate(home_codes, start=1))
    return TeamMatch(rnd, home, away, boards)


def test_teams_plug_into_the_individual_engines() -> None:
    """Round 1 of a 6-team Swiss (2 boards): 1 beat 4 (1+1: 4-0), 2 and 5 drew (1 0: 2-2), team 6
    forfeited against 3 (+ +: no board played). The history reads as a player's: codes 1, 0, =, +, -."""
    ts = TeamScoring()
    r1 = [_match(1, 1, 4, "11"), _match(1, 2, 5, "10"), _match(1, 3, 6, "++")]
    hist = {t: team_history(t, r1, (), 2, DRAUGHTS_SCORING, ts) for t in range(1, 7)}
    assert [(h[0].opponent, h[0].colour, h[0].result) for h in hist.values()] == [
        (4, "w", "1"), (5, "w", "="), (6, "w", "+"), (1, "b", "0"), (2, "b", "="), (3, "b", "-"),
    ]  # fmt: skip
    inp = team_pairing_input(2, 5, {t: 1500 - 10 * t for t in range(1, 7)}, r1, boards=2, scoring=DRAUGHTS_SCORING,
                             team_scoring=ts)  # fmt: skip
    assert [p.points for p in inp.players] == [2, 1, 2, 0, 1, 0]
    assert inp.scoring == match_scoring(ts, 2, DRAUGHTS_SCORING)
    pairing = pair_dutch(inp)
    pairs = {frozenset((p.white, p.black)) for p in pairing.pairings}
    assert len(pairs) == 3 and not pairs & {frozenset((1, 4)), frozenset((2, 5))}  # no rematch
    assert frozenset((1, 3)) in pairs  # the two teams on 2 match points meet


def test_byes_in_the_history_and_unavailable_teams() -> None:
    ts = TeamScoring(pab_match_points=2.0)
    h = team_history(3, [], [TeamBye(1, 3, "pab"), TeamBye(2, 3, "half")], 4, DRAUGHTS_SCORING, ts)
    assert [(r.round, r.result) for r in h] == [(1, "U"), (2, "H")]
    inp = team_pairing_input(3, 5, {1: 1500, 2: 1400, 3: 1300}, [], [TeamBye(1, 3, "pab"), TeamBye(2, 3, "half")],
                             boards=4, scoring=DRAUGHTS_SCORING, team_scoring=ts, unavailable=[2])  # fmt: skip
    assert inp.players[2].points == 3 and inp.players[1].unavailable
