"""The shared scores (tournaments.scores): Solkoff family, resistance points, Sonneborn-Berger for the
pairing order, plus/minus balance, moyenne. Every expected number is worked out by hand below from
the FMJD definitions (shared/reference/draughts-formats.md 1.2), not by running the code."""

from __future__ import annotations

import pytest

from tournaments.scores.moyenne import moyenne
from tournaments.scores.opponents import (
    full_truncated,
    median_solkoff,
    opponent_scores,
    plus_minus_balance,
    resistance_points,
    short_truncated,
    solkoff,
    solkoff_family,
    sonneborn_berger,
)
from tournaments.vocabulary import (
    DRAUGHTS_SCORING,
    RoundRecord,
    draw_mark,
    fide_code,
    is_played,
    points,
    result_from_codes,
)

_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "P": "M", "M": "P"}


def _histories(n: int, games: list[tuple[int, int, int, str]], alone: list[tuple[int, int, str]] = ()):  # type: ignore[assignment,no-untyped-def]
    """Players 1..n from (round, white, black, white's code) and (round, player, code) without opponent."""
    out: dict[int, list[RoundRecord]] = {i: [] for i in range(1, n + 1)}
    for rnd, w, b, code in games:
        out[w].append(RoundRecord(rnd, b, "w", code))  # type: ignore[arg-type]
        out[b].append(RoundRecord(rnd, w, "b", _FLIP[code]))  # type: ignore[arg-type]
    for rnd, p, code in alone:
        out[p].append(RoundRecord(rnd, None, None, code))  # type: ignore[arg-type]
    return {i: tuple(h) for i, h in out.items()}


def test_reference_example_of_the_full_truncated_vector() -> None:
    """Opponents' scores 12, 10, 8, 6 (tiebreaks-ratings.md 4): Solkoff 36; Ts1 = 36 - 6 = 30,
    Ts2 = 30 - 8 = 22, Ts3 = 22 - 10 = 12; median = 36 - 12 - 6 = 18; short truncated = 30."""
    values = [12.0, 10.0, 8.0, 6.0]
    assert solkoff(values) == 36
    assert full_truncated(values) == (30, 22, 12)
    assert short_truncated(values) == 30
    assert median_solkoff(values) == 18
    assert full_truncated([7.0]) == ()  # one round: no truncation left
    assert median_solkoff([5.0, 3.0]) == 0


# Five players, three rounds (draughts 2/1/0):
#  R1: 1-2 1-0, 3-4 draw, 5 PAB (U)
#  R2: 1-3 draw, 2-5 0-1, 4 absent (Z)
#  R3: 1-5 forfeit win for 1 (+/-), 2-4 1-0, 3 half-point bye (H)
# Points: 1 = 2+1+2 = 5; 2 = 0+0+2 = 2; 3 = 1+1+1 = 3; 4 = 1+0+0 = 1; 5 = 2+2+0 = 4.
GAMES = [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 1, 3, "="), (2, 2, 5, "0"), (3, 1, 5, "+"), (3, 2, 4, "1")]
ALONE = [(1, 5, "U"), (2, 4, "Z"), (3, 3, "H")]


def test_solkoff_bye_zero_and_forfeit_counts_the_real_score() -> None:
    """Player 1: opponents 2 (2), 3 (3), 5 (4, a forfeit: the real score still counts) = 9.
    Player 5: R1 PAB = 0, R2 opponent 2 (2), R3 opponent 1 by forfeit (5) = 7; short truncated drops
    the bye's 0 (7); median drops 0 and 5 (2); full truncated (7, 5).
    Player 3: R1 opponent 4 (1), R2 opponent 1 (5), R3 H = 0 -> 6; Solkoff-plus: Solkoff of 4 plus
    Solkoff of 1: player 4 met 3 (3) and 2 (2) and was absent (0) = 5; so 5 + 9 = 14."""
    h = _histories(5, GAMES, ALONE)
    fam = solkoff_family(h, DRAUGHTS_SCORING, 3)
    assert fam["SOLK"] == {1: 9, 2: 5 + 4 + 1, 3: 6, 4: 5, 5: 7}
    assert fam["SOLK/T1"][5] == 7 and fam["SOLK/M"][5] == 2 and fam["SOLK/T"][5] == (7, 5)
    assert fam["SOLK+"][3] == 14
    rows = opponent_scores(h, DRAUGHTS_SCORING, 3)
    assert [o.basis for o in rows[5]] == ["no_opponent", "game", "forfeit"]
    assert resistance_points(h, DRAUGHTS_SCORING, 3) == fam["SOLK"]


def test_bye_skip_rule_drops_the_round_instead() -> None:
    """With bye="skip" player 5's list is [2, 5]: Solkoff 7, short truncated 5 (the lowest real
    opponent goes), median 0 (two values), full truncated (5,)."""
    fam = solkoff_family(_histories(5, GAMES, ALONE), DRAUGHTS_SCORING, 3, bye="skip")
    assert (fam["SOLK"][5], fam["SOLK/T1"][5], fam["SOLK/M"][5], fam["SOLK/T"][5]) == (7, 5, 0, (5,))


def test_scores_before_a_round_only_count_earlier_rounds() -> None:
    """After round 2: points 1 = 3, 2 = 0, 3 = 2, 4 = 1, 5 = 4; player 1's Solkoff = 0 + 2 = 2."""
    assert solkoff_family(_histories(5, GAMES, ALONE), DRAUGHTS_SCORING, 2)["SOLK"][1] == 2


def test_sonneborn_berger_for_the_pairing_order() -> None:
    """Player 1: 2 x 2 (beat 2) + 3 x 1 (drew 3) + 4 x 2 (forfeit win over 5) = 15."""
    assert sonneborn_berger(_histories(5, GAMES, ALONE), DRAUGHTS_SCORING, 3)[1] == 15


def test_plus_minus_draws_are_draws_with_a_mark() -> None:
    """P/M score as a draw, count as played games and as a meeting; the balance sums the marks."""
    assert points("P", DRAUGHTS_SCORING) == points("M", DRAUGHTS_SCORING) == 1
    assert is_played("P", True) and is_played("M", True)
    assert (draw_mark("P"), draw_mark("M"), draw_mark("=")) == (1, -1, 0)
    assert result_from_codes("P", "M") == result_from_codes("M", "P") == "1-1"
    assert result_from_codes("P", "=") is None and result_from_codes("P", "P") is None
    assert fide_code("P") == fide_code("M") == "=" and fide_code("1") == "1"
    history = (RoundRecord(1, 2, "w", "P"), RoundRecord(2, 3, "b", "P"), RoundRecord(3, 4, "w", "M"))
    assert plus_minus_balance(history) == 1 and plus_minus_balance(history, rounds=2) == 2


@pytest.mark.parametrize(
    ("history", "expected"),
    [
        # 2 + 1 + 0 over three games = 1.0; the PAB and the forfeit win do not count.
        (
            (
                RoundRecord(1, 2, "w", "1"),
                RoundRecord(2, None, None, "U"),
                RoundRecord(3, 3, "b", "="),
                RoundRecord(4, 4, "w", "+"),
                RoundRecord(5, 5, "b", "0"),
            ),
            (3.0, 3, 1.0),
        ),
        ((RoundRecord(1, None, None, "H"),), (0.0, 0, None)),
        ((RoundRecord(1, 2, "w", "?"), RoundRecord(2, 3, "w", "P")), (1.0, 1, 1.0)),  # pending: not yet
    ],
)
def test_moyenne_counts_games_over_the_board(history, expected) -> None:  # type: ignore[no-untyped-def]
    m = moyenne(history, DRAUGHTS_SCORING)
    assert (m.points, m.games, m.value) == expected
    assert m.classified(3) is (expected[1] >= 3 and expected[1] > 0)
