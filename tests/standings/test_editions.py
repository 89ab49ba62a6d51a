"""Which C.07 edition applies (by start date), TRF dates, and rank changes between rounds."""

from __future__ import annotations

import dataclasses
import datetime

import pytest

from tournaments.standings import (
    StandingsError,
    StandingsInput,
    StandingsPlayer,
    compute_standings,
    edition_for,
    moves,
    parse_date,
    parse_edition,
    rank_changes,
)
from tournaments.vocabulary import RoundRecord


def test_edition_by_start_date() -> None:
    # In force for tournaments starting on or after 1 March 2026 (FIDE Council, 2 February 2026).
    assert edition_for(datetime.date(2026, 2, 28)) == "2024"
    assert edition_for(datetime.date(2026, 3, 1)) == "2026"
    assert edition_for(datetime.date(2024, 8, 1)) == "2024"


@pytest.mark.parametrize(
    ("text", "date"),
    [
        ("2026/09/01", (2026, 9, 1)),
        ("2026-03-01", (2026, 3, 1)),
        ("2026.3.1", (2026, 3, 1)),
        ("01.09.2026", (2026, 9, 1)),
        ("26/02/28", (2026, 2, 28)),
        (" 2026/09/01 10:00 ", (2026, 9, 1)),
    ],
)
def test_trf_dates(text: str, date: tuple[int, int, int]) -> None:
    assert parse_date(text) == datetime.date(*date)


@pytest.mark.parametrize("text", ["", "soon", "2026/13/01", "2026/02/30", "1.9.26"])
def test_bad_dates_name_the_text(text: str) -> None:
    with pytest.raises(StandingsError, match="is not a date"):
        parse_date(text)


def test_parse_edition() -> None:
    assert parse_edition(" 2026") == "2026"
    with pytest.raises(StandingsError, match="unknown C.07 edition '2025'; known: 2024, 2026"):
        parse_edition("2025")


def test_rank_changes_between_rounds() -> None:
    """Three players. Round 1: 1 beats 2, 3 has a PAB: 1 and 3 share 1st (2 points), 2 is 3rd.
    Round 2: 2 beats 3, 1 has a PAB: 1 first (4), 2 and 3 share 2nd (2 each).
    Changes: 1 stays 1st (0); 2 goes 3 -> 2 (up 1); 3 goes 1 -> 2 (down 1)."""
    players = (
        StandingsPlayer(1, rounds=(RoundRecord(1, 2, "w", "1"), RoundRecord(2, None, None, "U"))),
        StandingsPlayer(2, rounds=(RoundRecord(1, 1, "b", "0"), RoundRecord(2, 3, "w", "1"))),
        StandingsPlayer(3, rounds=(RoundRecord(1, None, None, "U"), RoundRecord(2, 2, "b", "0"))),
    )
    inp = StandingsInput(players=players, total_rounds=2, tiebreaks=())
    after1 = compute_standings(StandingsInput(players=players, total_rounds=2, tiebreaks=(), after_round=1))
    after2 = compute_standings(inp)
    assert [(r.start_number, r.rank) for r in after1.rows] == [(1, 1), (3, 1), (2, 3)]
    assert rank_changes(after1, after2) == {1: 0, 2: 1, 3: -1}
    assert rank_changes(None, after2) == {1: None, 2: None, 3: None}
    assert moves([3, 2, 2, 5]) == [None, 1, 0, -3]
    assert moves([]) == [] and moves([4]) == [None] and moves([None, 3]) == [None, None]


def test_a_file_without_a_start_date_is_ranked_under_the_edition_in_force_today() -> None:
    """Issue 23 (interop): FIDE's checker applies the edition in force on the day it runs to a TRF
    without record 042; an explicit choice wins; a dated file follows its date whatever the day."""
    from pathlib import Path

    from tournaments.standings.trf_input import file_edition, standings_input_from_trf
    from tournaments.trf import read_trf_file

    undated = read_trf_file(str(Path(__file__).resolve().parent.parent / "fixtures" / "standings"
                                / "d001_n7_r5_trf26.trf"))
    assert undated.start_date == ""
    assert file_edition(undated, datetime.date(2026, 2, 28)) == "2024"
    assert file_edition(undated, datetime.date(2026, 3, 1)) == "2026"
    assert file_edition(undated) == edition_for(datetime.date.today())
    assert standings_input_from_trf(undated, today=datetime.date(2026, 3, 1)).edition == "2026"
    assert standings_input_from_trf(undated, today=datetime.date(2026, 3, 1), edition="2024").edition == "2024"
    dated = dataclasses.replace(undated, start_date="2025/10/01")
    assert file_edition(dated, datetime.date(2026, 11, 1)) == "2024"
