"""Ratings in one pure module: expectancy, rating change, performance, norms (no Django).

Every Elo formula of the program lives here; standings, pages, exports and the demo call it.

* ``expectancy``: the curves (logistic, normal with sigma 2000/7, a table loaded as data) and
  ``expected_score`` (FIDE's logistic estimate the standings use).
* ``performance``: ``average_rating`` (ARO), ``dp`` (FIDE 8.1.1), ``performance_table``,
  ``performance_formula``, ``performance_rating``, ``rating_change`` (the standings' estimate).
* ``presets``: named, documented parameter sets (``data/presets/fide|fmjd|kndb.toml`` and a
  template): ``load_preset(name)``, ``load_preset_file(path)``.
* ``engine``: ``rate_event(RatingInput, Preset, k=None, performance=None)`` -> ``PlayerRating``
  per player: games, score, expected, K, change (unrounded), new rating, performance (both methods).
* ``norms``: title norms from a requirement table loaded as data (``data/norms``; FIDE B.01 as the
  worked example, a template for a federation's): ``check_norm``, ``norm_table``.
* ``rounding``: half-up rounding in decimal.
* Command line: ``python -m tournaments.ratings FILE.trf --preset fide|fmjd|kndb [--k K] --json``.
"""

from tournaments.ratings.engine import PlayerRating, RatedGame, RatingInput, RatingPlayer, rate_event, rate_player
from tournaments.ratings.expectancy import Expectancy, expected_score, logistic_expected, normal_expected
from tournaments.ratings.performance import (
    average_rating,
    dp,
    performance_formula,
    performance_rating,
    performance_table,
    rating_change,
)
from tournaments.ratings.presets import PRESETS, Preset, load_preset, load_preset_file
from tournaments.ratings.rounding import average_half_up, half_up, round_half_up
from tournaments.ratings.tables import RatingDataError

__all__ = [
    "PRESETS",
    "Expectancy",
    "PlayerRating",
    "Preset",
    "RatedGame",
    "RatingDataError",
    "RatingInput",
    "RatingPlayer",
    "average_half_up",
    "average_rating",
    "dp",
    "expected_score",
    "half_up",
    "load_preset",
    "load_preset_file",
    "logistic_expected",
    "normal_expected",
    "performance_formula",
    "performance_rating",
    "performance_table",
    "rate_event",
    "rate_player",
    "rating_change",
    "round_half_up",
]
