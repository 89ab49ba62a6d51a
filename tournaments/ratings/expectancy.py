"""Expected scores: the one definition of the Elo expectancy (pure).

Three curves, each a function of the rating difference D = own - opponent (capped first when the
preset says so):

* ``logistic``: 1 / (1 + 10^(-D / scale)), scale 400 (the chess formula; FIDE's estimate);
* ``normal``: Phi(D / sigma), Elo's original curve that draughts keeps (KNDB: sigma = 2000/7);
* ``table``: a table loaded as data (FIDE B.02 8.1.2, ``tables.PdTable``).

``Expectancy.difference(p)`` inverts a curve: the rating difference at which the expected score is
p, used by the "formula method" of the performance rating.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Literal

from tournaments.ratings.tables import pd_table

ExpectancyKind = Literal["logistic", "normal", "table"]
EXPECTANCY_KINDS: tuple[str, ...] = ("logistic", "normal", "table")
LOGISTIC_SCALE = 400.0
DRAUGHTS_SIGMA = 2000.0 / 7.0  # 285.71: the normal curve of Dutch draughts (KNDB)
_STANDARD_NORMAL = NormalDist()


def capped(diff: float, cap: float | None) -> float:
    """``diff`` limited to +-cap (None: no limit). FIDE 8.3.1: more than 400 counts as 400."""
    if cap is None:
        return diff
    return max(-cap, min(cap, diff))


def logistic_expected(diff: float, scale: float = LOGISTIC_SCALE) -> float:
    """1 / (1 + 10^(-diff / scale)): the expected score of a player ``diff`` points above the opponent."""
    return 1.0 / (1.0 + math.pow(10.0, -diff / scale))


def normal_expected(diff: float, sigma: float = DRAUGHTS_SIGMA) -> float:
    """Phi(diff / sigma) = (1 + erf(diff / (sigma sqrt 2))) / 2: Elo's normal-distribution expectancy."""
    return 0.5 * (1.0 + math.erf(diff / (sigma * math.sqrt(2.0))))


@dataclass(frozen=True)
class Expectancy:
    """An expectancy curve with its parameters (from a preset's ``[expectancy]`` table)."""

    kind: ExpectancyKind = "logistic"
    scale: float = LOGISTIC_SCALE
    sigma: float = DRAUGHTS_SIGMA
    table: str = ""
    cap: float | None = None

    def expected(self, own: float, opponent: float) -> float:
        """The expected score (0..1 per game) of ``own`` against ``opponent``."""
        diff = capped(own - opponent, self.cap)
        if self.kind == "logistic":
            return logistic_expected(diff, self.scale)
        if self.kind == "normal":
            return normal_expected(diff, self.sigma)
        return pd_table(self.table).expected(diff)

    def difference(self, p: float, limit: float) -> float:
        """The rating difference at which the expected score is ``p`` (0..1), within +-limit.

        At 0 % and 100 % the curves have no finite answer: the limit is returned (FIDE's table
        gives 800 there). A table curve is inverted by its band: the smallest D whose PD reaches p.
        """
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"fractional score must be within 0..1, got {p}")
        if p <= 0.0:
            return -limit
        if p >= 1.0:
            return limit
        if self.kind == "logistic":
            d = self.scale * math.log10(p / (1.0 - p))
        elif self.kind == "normal":
            d = self.sigma * _STANDARD_NORMAL.inv_cdf(p)
        else:
            d = _invert_table(self.table, p, limit)
        return max(-limit, min(limit, d))


def _invert_table(name: str, p: float, limit: float) -> float:
    table = pd_table(name)
    high = max(p, 1.0 - p)
    lower = 0
    for bound, prob in zip(table.bounds, table.probabilities):
        if prob >= high - 1e-12:
            d = float(lower)
            break
        lower = bound + 1
    else:
        d = float(lower) if table.above_last >= high - 1e-12 else limit
    return d if p >= 0.5 else -d


FIDE_ESTIMATE = Expectancy("logistic", cap=400.0)


def expected_score(own: float, opponent: float) -> float:
    """Elo expectation We = 1 / (1 + 10^(-D/400)), D = own - opponent capped at +-400 (FIDE B.02).

    The curve behind the standings' *estimated* rating change (``rating_change``).
    """
    return FIDE_ESTIMATE.expected(own, opponent)
