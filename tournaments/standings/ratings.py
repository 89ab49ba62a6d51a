"""Elo helpers on the draughts 2/1/0 scale: expectation, performance, estimated change.

Scores passed here are on the 0..1 scale per game (draughts points / win points).
The rating change is an **estimate**: FMJD's own K table was not verified (see
``tiebreaks-ratings.md`` §6), so callers label it as such.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

# FIDE B.02 table 8.1a: p (in hundredths, 50..100) -> dp. Below 50: dp(p) = -dp(100 - p).
_DP = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,  # p = .50 .. .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,  # .60 .. .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # .70 .. .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # .80 .. .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # .90 .. .99
    800,  # 1.00
)  # fmt: skip


def round_half_up(x: float) -> int:
    """Round to the nearest integer, halves away from zero (FIDE's rounding)."""
    return int(Decimal(repr(x)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def half_up(x: float, places: int) -> float:
    """``x`` rounded to ``places`` decimals, halves away from zero: 107.625 -> 107.63.

    Python's ``round`` and ``format`` round the binary value half to even (107.62); FIDE's
    reference checker (Gacrux) rounds decimals half up, and so does every printed value here.
    """
    return float(Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def average_half_up(total: float, count: int, places: int) -> float:
    """``total / count`` rounded half up to ``places`` decimals, computed in decimal (exact halves)."""
    quotient = Decimal(repr(float(total))) / Decimal(count)
    return float(quotient.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP))


def dp(p: float) -> int:
    """FIDE table 8.1a: the rating difference for a fractional score p in [0, 1].

    p is first rounded to the nearest hundredth (half up).
    """
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"fractional score must be within 0..1, got {p}")
    hundredths = round_half_up(p * 100)
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


def expected_score(own: float, opponent: float) -> float:
    """Elo expectation We = 1 / (1 + 10^(-D/400)), D = own - opponent capped at +-400 (FIDE B.02)."""
    diff = max(-400.0, min(400.0, own - opponent))
    return 1.0 / (1.0 + math.pow(10.0, -diff / 400.0))


def average_rating(ratings: Sequence[int]) -> int | None:
    """ARO: the average rating, rounded half up; None for no ratings."""
    if not ratings:
        return None
    return round_half_up(sum(ratings) / len(ratings))


def performance_rating(score: float, ratings: Sequence[int]) -> int | None:
    """TPR = ARO + dp(p), p = score / games on the 0..1 scale; None when no rated games."""
    aro = average_rating(ratings)
    if aro is None:
        return None
    return aro + dp(score / len(ratings))


def rating_change(own: int, results: Sequence[tuple[int, float]], k: float) -> float:
    """Estimated Elo change K * sum(W - We) over (opponent rating, score 0..1) pairs.

    Rounded to one decimal, half up. An estimate: the federation's own calculation may differ.
    """
    delta = k * sum(score - expected_score(own, opp) for opp, score in results)
    return half_up(delta, 1)
