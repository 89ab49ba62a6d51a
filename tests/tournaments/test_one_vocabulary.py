"""One source for the domain rules: meetings, colours, byes and points agree everywhere.

Regression tests for issue 12 (defects 2 and 7) and issue 15 (three points functions that disagreed,
board warnings with rules of their own).
"""

from __future__ import annotations

import pytest

from games.services.trf_io import import_trf
from tournaments.models import Board, Round
from tournaments.pairing.dutch.state import record_points
from tournaments.reports.standings import standings_for
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import board_warnings, publish_round
from tournaments.standings import StandingsInput, StandingsPlayer, compute_standings
from tournaments.trf import TrfCell, cell_points
from tournaments.vocabulary import (
    FIDE_SCORING,
    PENDING,
    RoundRecord,
    Scoring,
    history_colour,
    is_meeting,
    is_unplayed_win,
    points,
)

pytestmark = pytest.mark.django_db

# Every kind of result worth something different, so a mix-up shows.
ODD = Scoring(win=3, draw=1.5, loss=0.25, pab=2.5, forfeit_win=2.75, forfeit_loss=0.1, half_bye=1.25,
              zero_bye=0.05, full_bye=2.25)  # fmt: skip


@pytest.mark.parametrize(
    ("code", "has_opponent", "expected"),
    [
        ("1", True, 3), ("=", True, 1.5), ("0", True, 0.25), ("W", True, 3), ("D", True, 1.5), ("L", True, 0.25),
        ("+", True, 2.75), ("+", False, 2.25), ("-", True, 0.1), ("-", False, 0.05), ("H", False, 1.25),
        ("F", False, 2.25), ("U", False, 2.5), ("Z", False, 0.05), (PENDING, True, 0.0),
    ],
)  # fmt: skip
def test_every_reader_of_a_code_gives_the_vocabulary_s_points(code, has_opponent, expected):
    """The TRF reader, the standings and the Dutch engine all take the one table (they disagreed on
    ``+`` without opponent: full-point bye, forfeit win and PAB)."""
    opponent = 2 if has_opponent else None
    assert points(code, ODD, has_opponent=has_opponent) == expected
    assert cell_points(TrfCell(opponent, None, code), ODD) == expected
    assert record_points(RoundRecord(1, opponent, None, code), ODD) == round(expected * 10)
    if code != PENDING:
        rounds = (RoundRecord(1, opponent, "w" if has_opponent else None, code),)
        players = [StandingsPlayer(1, rounds=rounds)] + ([StandingsPlayer(2)] if has_opponent else [])
        st = compute_standings(StandingsInput(players=tuple(players), total_rounds=1, scoring=ODD))
        assert next(r.points for r in st.rows if r.start_number == 1) == expected


def test_a_forfeit_is_not_a_meeting_and_leaves_no_colour_a_pending_game_is_both():
    assert not is_meeting("+", True) and not is_meeting("-", True)
    assert history_colour("+", "w", True) is None
    assert is_meeting(PENDING, True) and history_colour(PENDING, "b", True) == "b"
    assert is_meeting("1", True) and not is_meeting("U", False)


def test_unplayed_wins_follow_the_tournament_s_scoring():
    """FIDE C.04.1 d (2025): a player who scored a win's points without playing gets no second PAB."""
    assert is_unplayed_win("U", False, FIDE_SCORING) and is_unplayed_win("+", True, FIDE_SCORING)
    assert not is_unplayed_win("1", True, FIDE_SCORING) and not is_unplayed_win("H", False, FIDE_SCORING)
    assert not is_unplayed_win("F", False, Scoring(full_bye=1.0))  # a full-point bye worth a draw here


def _pairs(rnd):
    return {
        frozenset((b.white.start_number, b.black.start_number))
        for b in rnd.boards.select_related("white", "black")
        if not b.bye_kind
    }


def test_pair_anyway_never_pairs_players_who_just_met(make_tournament, add_entries, staff):
    """Defect 12.2: with round 1 published and no result confirmed, "pair anyway" paired 1-2 again."""
    t = make_tournament("swiss4", pairing_system="dutch", rounds_planned=3)
    add_entries(t, 4)
    r1 = pair_round(t, staff).round
    publish_round(staff, r1)
    r2 = pair_round(t, staff, override=True).round
    assert not _pairs(r1) & _pairs(r2)
    assert not any(w for ws in board_warnings(t, r2).values() for w in ws if "Rematch" in w)


def test_a_forfeited_pair_may_meet_again_and_is_not_flagged(make_tournament, add_entries, staff, set_result):
    """Defect 12.2: a forfeit is not a played game (FIDE), so re-pairing the two is no rematch."""
    t = make_tournament("swiss4f", pairing_system="dutch", rounds_planned=3)
    a, b, c, d = add_entries(t, 4)
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    set_result(Board.objects.create(round=r1, number=1, white=a, black=b), "+-")
    set_result(Board.objects.create(round=r1, number=2, white=c, black=d), "2-0")
    r2 = Round.objects.create(tournament=t, number=2, status=Round.Status.DRAFT)
    again = Board.objects.create(round=r2, number=1, white=b, black=a)
    rematch = Board.objects.create(round=r2, number=2, white=d, black=c)
    warnings = board_warnings(t, r2)
    assert not any("Rematch" in w for w in warnings[again.pk])
    assert any("Rematch" in w for w in warnings[rematch.pk])
    # The forfeit winner took a win without playing: a PAB for them would be a second one.
    pab = Board.objects.create(round=r2, number=3, white=a, bye_kind=Board.ByeKind.PAB)
    assert any("second pairing-allocated bye" in w for w in board_warnings(t, r2)[pab.pk])


CHESS_TRF = (
    "012 Chess scored\n"
    "142 2\n"
    "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0\n"
    "001    1      Alpha, Ann                        2000                             2.0    1     2 w 1  0000 - F\n"
    "001    2      Beta, Bob                         1900                             1.0    2     1 b 0     3 w 1\n"
    "001    3      Gamma, Cy                         1800                             1.0    3  0000 - F     2 b 0\n"
)


def test_a_full_point_bye_is_worth_the_tournament_s_value_not_always_two():
    """Defect 12.7: Tournament.scoring() dropped the full-point bye, so a chess-scored TRF import gave an
    F bye 2.0 points. Here Ann has a win (1.0) and a full-point bye (1.0 in this file): 2.0, not 3.0."""
    t = import_trf(CHESS_TRF)
    assert t.scoring().full_bye == 1.0
    rows = {r.start_number: r.points for r in standings_for(t).rows}
    assert rows == {1: 2.0, 2: 1.0, 3: 1.0}


@pytest.mark.parametrize(("system", "flagged"), [("dutch", True), ("solkoff", True), ("moyenne", False),
                                                 ("keizer", False)])
def test_a_rematch_is_flagged_only_where_the_system_forbids_it(make_tournament, add_entries, set_result, system,
                                                               flagged):
    """Issue 26: 3 and 4 met in round 1 over the board. Meeting again breaks FIDE C.04.3 C1 in a Swiss
    (Dutch, Solkoff); Keizer and Moyenne pair again by their own rules, so no warning there."""
    t = make_tournament(f"rematch-{system}", pairing_system=system, rounds_planned=3)
    a, b, c, d = add_entries(t, 4)
    r1 = Round.objects.create(tournament=t, number=1, status=Round.Status.PUBLISHED)
    set_result(Board.objects.create(round=r1, number=1, white=a, black=b), "2-0")
    set_result(Board.objects.create(round=r1, number=2, white=c, black=d), "1-1")
    r2 = Round.objects.create(tournament=t, number=2, status=Round.Status.DRAFT)
    rematch = Board.objects.create(round=r2, number=1, white=d, black=c)
    assert any("Rematch" in w for w in board_warnings(t, r2)[rematch.pk]) == flagged
