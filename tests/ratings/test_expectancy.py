"""The expectancy curves, the dp table and the performance methods, against hand computations."""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest

from tournaments.ratings import (
    Expectancy,
    dp,
    logistic_expected,
    normal_expected,
    performance_formula,
    performance_table,
)
from tournaments.ratings.tables import dp_table, pd_table


def test_logistic_by_hand() -> None:
    """D = 200: 1 / (1 + 10^(-0.5)) = 1 / 1.316228 = 0.759747; D = 0: 0.5; symmetric."""
    assert logistic_expected(200) == pytest.approx(0.759747, abs=1e-6)
    assert logistic_expected(0) == 0.5
    assert logistic_expected(-200) == pytest.approx(1 - 0.759747, abs=1e-6)


def test_normal_with_draughts_sigma_against_an_independent_cdf() -> None:
    """sigma = 2000/7 = 285.714: D = 100 is z = 0.35, Phi(0.35) = 0.63683 (statistics.NormalDist,
    not the erf the module uses); D = 2000/7 is z = 1, Phi(1) = 0.84134."""
    sigma = 2000 / 7
    for d in (-500, -100, 0, 37, 100, 285.714, 400, 800):
        assert normal_expected(d) == pytest.approx(NormalDist(0, sigma).cdf(d), abs=1e-12)
    assert normal_expected(100) == pytest.approx(0.63683, abs=1e-5)
    assert normal_expected(sigma) == pytest.approx(0.84134, abs=1e-5)


def test_fide_table_8_1_2_bands() -> None:
    """Bands of FIDE B.02 8.1.2: D 0-3 .50, 4-10 .51, 99-106 .64, 122-129 .67, 392-411 .92, above
    735 1.00; the lower rated player gets 1 - PD."""
    t = pd_table("fide_pd_8_1_2")
    assert [t.expected(d) for d in (0, 3, 4, 10, 100, 124, 400, 735, 736)] == [
        0.5, 0.5, 0.51, 0.51, 0.64, 0.67, 0.92, 0.99, 1.0,
    ]  # fmt: skip
    assert t.expected(-124) == pytest.approx(0.33)


def test_cap_and_table_expectancy() -> None:
    """FIDE: a difference of more than 400 counts as 400 (8.3.1): 1000 points above expects .92."""
    fide = Expectancy("table", table="fide_pd_8_1_2", cap=400)
    assert fide.expected(2600, 1600) == fide.expected(2000, 1600) == 0.92
    assert Expectancy("table", table="fide_pd_8_1_2").expected(2600, 1600) == 1.0  # no cap


@pytest.mark.parametrize(("p", "expected"), [(1.0, 800), (0.99, 677), (0.83, 273), (0.5, 0), (0.25, -193), (0.0, -800)])
def test_dp_table_8_1_1(p: float, expected: int) -> None:
    assert dp(p) == dp_table("fide_dp_8_1_1").dp(p) == expected


def test_inverse_of_each_curve() -> None:
    """The formula method inverts the curve: logistic p = .75 -> 400 log10(3) = 190.85; normal
    p = .75 -> sigma * 0.67449 = 192.71; the FIDE table p = .64 -> 99 (the band 99-106 starts there);
    0 % and 100 % give the limit."""
    assert Expectancy("logistic").difference(0.75, 800) == pytest.approx(400 * math.log10(3))
    assert Expectancy("normal").difference(0.75, 800) == pytest.approx(2000 / 7 * 0.6744897, abs=1e-4)
    assert Expectancy("table", table="fide_pd_8_1_2").difference(0.64, 800) == 99
    assert Expectancy("table", table="fide_pd_8_1_2").difference(0.36, 800) == -99
    assert Expectancy("normal").difference(1.0, 800) == 800
    assert Expectancy("normal").difference(0.0, 800) == -800


def test_performance_table_and_formula() -> None:
    """2 of 3 against 1500, 1600, 1700: ARO 1600; p = .67 -> dp 125 -> 1725 (table); normal formula:
    285.714 * Phi^-1(2/3) = 285.714 * 0.430727 = 123.06 -> 1723."""
    assert performance_table(2.0, [1500, 1600, 1700]) == 1725
    assert performance_formula(2.0, [1500, 1600, 1700], Expectancy("normal"), 800) == 1723
    assert performance_table(0.0, []) is None
