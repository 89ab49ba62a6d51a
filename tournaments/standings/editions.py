"""The editions of FIDE C.07 (tie-break regulations) and which one applies to a tournament.

* ``"2024"``: the text applied from 1 August 2024. A player's own unplayed round counts, in the
  Buchholz-type tie-breaks (BH and its cuts, SB, AOB, ...), as a game against a dummy whose score
  is the player's own final score (art. 16.4).
* ``"2026"``: amended by the FIDE Council on 2 February 2026, in force for tournaments starting on
  or after 1 March 2026. Art. 16.4 caps that dummy: at most the scheduled opponent's adjusted score
  when there is an opponent (a forfeit, 16.4.1), at most a draw's points times the number of rounds
  when there is none (a bye or an absence, 16.4.2).

The edition follows the tournament's start date (``edition_for``); FIDE's reference checker
(Gacrux) does the same with TRF record ``042``, and applies the edition in force *today* to a file
without one (``edition_today``). Pure Python, no Django.
"""

from __future__ import annotations

import datetime
import re

from tournaments.standings.model import Edition, StandingsError

EDITIONS: tuple[Edition, ...] = ("2024", "2026")
EDITION_2026_FROM = datetime.date(2026, 3, 1)
# In force from (for headers and legends).
EDITION_FROM: dict[Edition, datetime.date] = {"2024": datetime.date(2024, 8, 1), "2026": EDITION_2026_FROM}

# One line for headers and legends (the pages translate their own).
EDITION_TITLES: dict[Edition, str] = {
    "2024": "FIDE C.07, 2024 edition (applied from 1 August 2024)",
    "2026": "FIDE C.07, 2026 edition (tournaments starting on or after 1 March 2026)",
}

# TRF dates as FIDE software writes them: 2026/09/01, 2026-09-01, 2026.09.01, 01.09.2026, 26/09/01.
_FORMATS = (
    (re.compile(r"^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$"), ("y", "m", "d")),
    (re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$"), ("d", "m", "y")),
    (re.compile(r"^(\d{2})/(\d{1,2})/(\d{1,2})$"), ("yy", "m", "d")),
)


def edition_for(start: datetime.date) -> Edition:
    """The edition in force for a tournament starting on ``start``."""
    return "2026" if start >= EDITION_2026_FROM else "2024"


def edition_today(today: datetime.date | None = None) -> Edition:
    """The edition in force on ``today`` (default: the system's date): the one for an undated file."""
    return edition_for(today or datetime.date.today())


def parse_edition(text: str) -> Edition:
    """``"2024"`` or ``"2026"`` (a leading ``C.07`` or trailing text is not accepted).

    Raises ``StandingsError`` naming the value and the known editions.
    """
    for edition in EDITIONS:
        if text.strip() == edition:
            return edition
    raise StandingsError(f"unknown C.07 edition {text!r}; known: {', '.join(EDITIONS)}")


def parse_date(text: str) -> datetime.date:
    """A TRF date (record ``042``/``052``): ``YYYY/MM/DD`` and the variants above.

    Raises ``StandingsError`` naming the text when it is not a date.
    """
    value = text.strip().split(" ", 1)[0]
    for pattern, order in _FORMATS:
        m = pattern.match(value)
        if m is None:
            continue
        parts = dict(zip(order, (int(g) for g in m.groups()), strict=True))
        year = parts.get("y", 2000 + parts.get("yy", 0))
        try:
            return datetime.date(year, parts["m"], parts["d"])
        except ValueError:
            break
    raise StandingsError(f"start date {text.strip()!r} is not a date (YYYY/MM/DD)")


def edition_for_trf_date(text: str) -> Edition | None:
    """The edition for a TRF start date (record ``042``); None when the record is empty.

    Raises ``StandingsError`` when the record is not a date.
    """
    if not text.strip():
        return None
    return edition_for(parse_date(text))
