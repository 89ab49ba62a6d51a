"""Adapter from a parsed TRF file (``tournaments.trf``) to the rating engine's input (pure).

Ratings come from the ``001`` records; the rounds from their cells; the age (for K rules on
juniors) from the birth date and the start date (042) when both are given. A file carries no
count of games played before, so rules on it do not apply (see the presets).
"""

from __future__ import annotations

import re

from tournaments.ratings.engine import RatingInput, RatingPlayer
from tournaments.trf import TrfTournament
from tournaments.vocabulary import RoundRecord

_DATE = re.compile(r"(\d{4})(?:[/.-](\d{1,2})[/.-](\d{1,2}))?")


def _date(text: str) -> tuple[int, int, int] | None:
    m = _DATE.fullmatch(text.strip())
    if not m:
        return None
    year, month, day = m.groups()
    return int(year), int(month or 0), int(day or 0)


def age_at(birth: str, date: str) -> int | None:
    """Whole years between ``birth`` and ``date`` (TRF dates, YYYY/MM/DD or a year); None if unknown.

    With only a birth year the age is the difference of the years (the age reached that year).
    """
    b, d = _date(birth), _date(date)
    if b is None or d is None or b[0] < 1800:
        return None
    years = d[0] - b[0]
    if b[1] and d[1] and (d[1], d[2]) < (b[1], b[2]):
        years -= 1
    return years if years >= 0 else None


def rating_input_from_trf(t: TrfTournament, *, reduced_event: bool = False) -> RatingInput:
    """The engine input for a TRF tournament (every round present in the file)."""
    players = tuple(
        RatingPlayer(
            start_number=p.start,
            rating=p.rating,
            rounds=tuple(
                RoundRecord(round=i, opponent=c.opponent, colour=c.colour, result=c.result)  # type: ignore[arg-type]
                for i, c in enumerate(p.cells, start=1)
            ),
            age=age_at(p.birth, t.start_date),
        )
        for p in t.players
    )
    return RatingInput(players=players, scoring=t.scoring, reduced_event=reduced_event)
