"""Elo helpers on the draughts 2/1/0 scale, as the standings use them (no definitions here).

The rating rules live in one pure module, ``tournaments.ratings``; this module keeps the names the
standings, reports and benchmarks import: the FIDE table dp (8.1.1), the logistic expectation with
the 400-point cap, ARO, TPR and the *estimated* rating change (FMJD's own K table was not verified,
see ``tiebreaks-ratings.md`` §6, so callers label it as such), and the half-up rounding helpers.
Scores passed here are on the 0..1 scale per game (draughts points / win points).
"""

from __future__ import annotations

from tournaments.ratings.expectancy import expected_score
from tournaments.ratings.performance import average_rating, dp, performance_rating, rating_change
from tournaments.ratings.rounding import average_half_up, half_up, round_half_up

__all__ = [
    "average_half_up",
    "average_rating",
    "dp",
    "expected_score",
    "half_up",
    "performance_rating",
    "rating_change",
    "round_half_up",
]
