"""Elo helpers: FIDE dp table, expectation, performance, estimated change."""

from __future__ import annotations

import pytest

from tournaments.standings.ratings import average_rating, dp, expected_score, performance_rating, rating_change


@pytest.mark.parametrize(
    ("p", "expected"),
    # Values from FIDE B.02 table 8.1a (as quoted in tiebreaks-ratings.md).
    [(1.0, 800), (0.99, 677), (0.95, 470), (0.9, 366), (0.85, 296), (0.8, 240), (0.75, 193), (0.7, 149),
     (0.65, 110), (0.6, 72), (0.55, 36), (0.5, 0), (0.25, -193), (0.0, -800)],
)  # fmt: skip
def test_dp_table(p: float, expected: int) -> None:
    assert dp(p) == expected


def test_dp_rounds_to_hundredths_and_rejects_out_of_range() -> None:
    assert dp(5 / 6) == dp(0.83) == 273
    with pytest.raises(ValueError, match="within 0..1, got 1.2"):
        dp(1.2)


def test_expected_score_is_symmetric_and_capped() -> None:
    assert expected_score(1600, 1600) == pytest.approx(0.5)
    assert expected_score(2000, 1800) + expected_score(1800, 2000) == pytest.approx(1.0)
    # D = 200: 1 / (1 + 10^-0.5) = 0.7597
    assert expected_score(2000, 1800) == pytest.approx(0.7597, abs=1e-4)
    # Capped at 400: 1000 and 400 points of difference give the same expectation.
    assert expected_score(2600, 1600) == expected_score(2000, 1600)


def test_average_and_performance() -> None:
    assert average_rating([1500, 1600, 1701]) == 1600  # 1600.33
    assert average_rating([1500, 1501]) == 1501  # 1500.5 rounds half up
    assert average_rating([]) is None
    # 2 of 3 (p = .67 -> dp 125) against an average of 1600.
    assert performance_rating(2.0, [1500, 1600, 1700]) == 1725
    assert performance_rating(0.0, []) is None


def test_rating_change_estimate() -> None:
    # One win against an equal opponent with K = 20: 20 * (1 - 0.5) = +10.
    assert rating_change(1600, [(1600, 1.0)], 20) == 10.0
    # A draw against someone 200 higher: 20 * (0.5 - 0.2403) = +5.2
    assert rating_change(1800, [(2000, 0.5)], 20) == 5.2
