"""Average rating of opponents, performance rating (table and formula methods), the Elo change (pure).

Scores here are on the 0..1 scale per game (draughts points / the points of a win).

* ``average_rating``: ARO, rounded half up (FIDE C.07, B.01).
* ``performance_table``: Rp = ARO + dp(p) with dp from a table (FIDE B.02 8.1.1 by default).
* ``performance_formula``: Rp = ARO + D where the expectancy curve gives p at D (its inverse), at
  most +-``limit`` at 0 % and 100 %.
* ``rating_change``: K * sum(W - We) with FIDE's logistic estimate, to one decimal: what the
  standings show as the *estimated* change.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.ratings.expectancy import Expectancy, expected_score
from tournaments.ratings.rounding import half_up, round_half_up
from tournaments.ratings.tables import FIDE_DP, dp_table

PERFORMANCE_METHODS: tuple[str, ...] = ("table", "formula")


def dp(p: float) -> int:
    """FIDE table 8.1.1: the rating difference for a fractional score p in [0, 1].

    p is first rounded to the nearest hundredth (half up).
    """
    return dp_table(FIDE_DP).dp(p)


def average_rating(ratings: Sequence[float]) -> int | None:
    """ARO: the average rating, rounded half up; None for no ratings."""
    if not ratings:
        return None
    return round_half_up(sum(ratings) / len(ratings))


def performance_table(score: float, ratings: Sequence[float], table: str = FIDE_DP) -> int | None:
    """Rp = ARO + dp(p), p = score / games (0..1 per game), dp from ``table``; None without games."""
    aro = average_rating(ratings)
    if aro is None:
        return None
    return aro + dp_table(table).dp(score / len(ratings))


def performance_formula(score: float, ratings: Sequence[float], expectancy: Expectancy, limit: float) -> int | None:
    """Rp = ARO + the difference at which ``expectancy`` expects p = score / games, rounded half up."""
    aro = average_rating(ratings)
    if aro is None:
        return None
    return round_half_up(aro + expectancy.difference(score / len(ratings), limit))


def performance_rating(score: float, ratings: Sequence[int]) -> int | None:
    """TPR = ARO + dp(p) with FIDE's table (C.07 TPR); None when no rated games."""
    return performance_table(score, ratings)


def rating_change(own: int, results: Sequence[tuple[int, float]], k: float) -> float:
    """Estimated Elo change K * sum(W - We) over (opponent rating, score 0..1) pairs.

    Rounded to one decimal, half up. An estimate: the federation's own calculation may differ.
    """
    delta = k * sum(score - expected_score(own, opp) for opp, score in results)
    return half_up(delta, 1)
