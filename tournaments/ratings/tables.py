"""The conversion tables shipped as data (``data/tables/*.toml``), read once (pure).

* ``DpTable``: fractional score p -> rating difference dp (FIDE B.02 8.1.1): the "table method"
  of the performance rating and of title norms.
* ``PdTable``: rating difference D -> scoring probability of the higher rated player (FIDE B.02
  8.1.2): an expectancy loaded as data.

A table file names its kind and rows; see the files for their sources.
"""

from __future__ import annotations

import re
import tomllib
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tournaments.ratings.rounding import round_half_up

DATA = Path(__file__).resolve().parent / "data"
TABLES = DATA / "tables"


class RatingDataError(ValueError):
    """A data file (table, preset, norm requirements) is missing or malformed: says which and where."""

    def __init__(self, where: str, message: str) -> None:
        self.where = where
        super().__init__(f"{where}: {message}")


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file as a dict; a clear ``RatingDataError`` when it is missing or not TOML."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise RatingDataError(str(path), f"cannot read: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise RatingDataError(str(path), f"not valid TOML: {exc}") from None


def _rows(data: dict[str, Any], where: str) -> list[list[Any]]:
    rows = data.get("rows")
    if not isinstance(rows, list) or not rows or not all(isinstance(r, list) and len(r) == 2 for r in rows):
        raise RatingDataError(where, "rows must be a non-empty list of [key, value] pairs")
    return rows


@dataclass(frozen=True)
class DpTable:
    """p (hundredths, 50..100) -> dp; below 50 the table is mirrored: dp(p) = -dp(1 - p)."""

    name: str
    values: tuple[int, ...]  # index 0 is p = .50, index 50 is p = 1.00

    def dp(self, p: float) -> int:
        """The rating difference for a fractional score p in [0, 1], p rounded to hundredths half up."""
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"fractional score must be within 0..1, got {p}")
        hundredths = round_half_up(p * 100)
        if hundredths >= 50:
            return self.values[hundredths - 50]
        return -self.values[50 - hundredths]


@dataclass(frozen=True)
class PdTable:
    """Bands of rating difference: (largest D of the band, PD of the higher rated player)."""

    name: str
    bounds: tuple[int, ...]
    probabilities: tuple[float, ...]
    above_last: float

    def expected(self, diff: float) -> float:
        """The expected score (0..1) of a player ``diff`` points above the opponent (negative: below)."""
        d = abs(diff)
        i = bisect_left(self.bounds, d)
        # Differences are whole numbers in the regulations; a fraction falls in the band above.
        high = self.probabilities[i] if i < len(self.bounds) else self.above_last
        return high if diff >= 0 else 1.0 - high


def _dp_from(data: dict[str, Any], where: str) -> DpTable:
    rows = _rows(data, where)
    keys = [r[0] for r in rows]
    if keys != list(range(50, 101)) or not all(isinstance(r[1], int) for r in rows):
        raise RatingDataError(where, "a dp table lists p = 50..100 (hundredths) in order with whole dp values")
    values = tuple(int(r[1]) for r in rows)
    if list(values) != sorted(values) or values[0] != 0:
        raise RatingDataError(where, "dp must start at 0 for p = .50 and never decrease")
    return DpTable(str(data.get("name", where)), values)


def _pd_from(data: dict[str, Any], where: str) -> PdTable:
    rows = _rows(data, where)
    bounds = tuple(r[0] for r in rows)
    probs = tuple(float(r[1]) for r in rows)
    if not all(isinstance(b, int) and b >= 0 for b in bounds) or list(bounds) != sorted(set(bounds)):
        raise RatingDataError(where, "the bands' largest differences must be whole, increasing numbers")
    if not all(0.5 <= p <= 1.0 for p in probs) or list(probs) != sorted(probs):
        raise RatingDataError(where, "PD of the higher rated player must lie in 0.5..1 and never decrease")
    above = float(data.get("above_last", 1.0))
    return PdTable(str(data.get("name", where)), bounds, probs, above)


_NAME = re.compile(r"[a-z0-9_]{1,60}")


def _check_name(name: str) -> None:
    if not _NAME.fullmatch(name):
        raise RatingDataError(f"table {name!r}", "a table name is lower-case letters, digits and _")


@cache
def dp_table(name: str) -> DpTable:
    """The dp table ``data/tables/<name>.toml`` (read once)."""
    _check_name(name)
    where = f"tables/{name}.toml"
    data = read_toml(TABLES / f"{name}.toml")
    if data.get("kind") != "dp":
        raise RatingDataError(where, 'not a dp table (kind = "dp")')
    return _dp_from(data, where)


@cache
def pd_table(name: str) -> PdTable:
    """The expectancy table ``data/tables/<name>.toml`` (read once)."""
    _check_name(name)
    where = f"tables/{name}.toml"
    data = read_toml(TABLES / f"{name}.toml")
    if data.get("kind") != "pd":
        raise RatingDataError(where, 'not an expectancy table (kind = "pd")')
    return _pd_from(data, where)


FIDE_DP = "fide_dp_8_1_1"
FIDE_PD = "fide_pd_8_1_2"
