"""The federation report: CSV blocks, forfeits marked, formulas neutralised, refusal with every problem."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

import pytest

from tournaments.federation_report import (
    PROBLEM_CODES,
    ReportError,
    ReportEvent,
    ReportGame,
    ReportPlayer,
    federation_report_csv,
    report_problems,
)

EVENT = ReportEvent(
    name="Open Hoofddorp 2025", place="Hoofddorp", start_date="2025-07-12", end_date="2025-07-13", board_size=10,
    time_control="60 min + 1 s/move", system="Swiss (FMJD, truncated Solkoff)", rounds=2,
    chief_arbiter="Jan Arbiter", chief_arbiter_id="700123", announced="2025-05-01",
)  # fmt: skip
PLAYERS = [
    ReportPlayer(1, "16001", "Jansen, Piet", "NED", "m", "GMI", 2400),
    ReportPlayer(2, "16002", '=HYPERLINK("x")', "FRA", "w", "", 1800),
    ReportPlayer(3, "16003", "Müller, Anna", "GER", "w", "MFF", 0),
]
GAMES = [ReportGame(1, 1, 1, 2, "2-0"), ReportGame(2, 1, 3, 1, "-+"), ReportGame(2, 2, 2, 3, "1-1")]


def _blocks(text: str) -> list[list[list[str]]]:
    rows = list(csv.reader(io.StringIO(text)))
    blocks: list[list[list[str]]] = [[]]
    for r in rows:
        if r:
            blocks[-1].append(r)
        else:
            blocks.append([])
    return blocks


def test_three_blocks_with_forfeits_marked_and_formulas_neutralised() -> None:
    event, players, games = _blocks(federation_report_csv(EVENT, PLAYERS, GAMES))
    assert event[0] == ["Event", "Open Hoofddorp 2025"] and ["Chief arbiter FMJD id", "700123"] in event
    assert ["Board size", "10"] in event and ["Announced on", "2025-05-01"] in event
    assert players[0] == ["Start number", "FMJD id", "Name", "Federation", "Sex", "Title", "Rating"]
    assert players[2][2] == '\'=HYPERLINK("x")'  # a formula becomes text
    assert players[3] == ["3", "16003", "Müller, Anna", "GER", "w", "MFF", ""]  # unrated: empty rating
    assert games[0] == ["Round", "Board", "White", "White FMJD id", "Black", "Black FMJD id", "Result", "Forfeit"]
    assert games[1:] == [
        ["1", "1", "1", "16001", "2", "16002", "2-0", ""],
        ["2", "1", "3", "16003", "1", "16001", "0-2", "forfeit"],
        ["2", "2", "2", "16002", "3", "16003", "1-1", ""],
    ]


def test_refuses_listing_every_missing_id_and_field() -> None:
    event = replace(EVENT, chief_arbiter_id=" ", announced="1 May", place="")
    players = [*PLAYERS[:2], replace(PLAYERS[2], fmjd_id="", sex="")]
    games = [*GAMES, ReportGame(2, 3, 1, 9, ""), ReportGame(3, 1, 1, 2, "5-5")]
    with pytest.raises(ReportError) as exc:
        federation_report_csv(event, players, games)
    assert set(exc.value.problems) == {
        "event: Place is missing",
        "event: Chief arbiter FMJD id is missing",
        "event: Announced on '1 May' is not a date (YYYY-MM-DD)",
        "player 3 (Müller, Anna): FMJD id, sex missing",
        "round 2 board 3: Black 9 is not a player of the report",
        "round 2 board 3: no result",
        "round 3 board 1: result '5-5' is not a result",
        "round 3 board 1: the event has 2 rounds",
    }
    assert str(exc.value).startswith("federation report refused: ")


def test_duplicate_ids_and_reversed_dates() -> None:
    problems = report_problems(
        replace(EVENT, end_date="2025-07-01"), [PLAYERS[0], replace(PLAYERS[1], fmjd_id="16001")], []
    )
    assert "event: the end date is before the start date" in problems
    assert 'player 2 (=HYPERLINK("x")): FMJD id 16001 is also player 1\'s' in problems
    assert report_problems(EVENT, [], []) == ["no players"]


def test_refusals_carry_reason_codes_for_the_app_to_translate() -> None:
    """The same refusal as above as reason codes and parameters (the words are the app's): the
    missing place and chief arbiter's id name their field; player 3 misses fmjd_id and sex; the
    unknown Black 9 in round 2 board 3; every code is one of ``PROBLEM_CODES``."""
    event = replace(EVENT, chief_arbiter_id=" ", announced="1 May", place="")
    players = [*PLAYERS[:2], replace(PLAYERS[2], fmjd_id="", sex="")]
    games = [*GAMES, ReportGame(2, 3, 1, 9, "")]
    with pytest.raises(ReportError) as exc:
        federation_report_csv(event, players, games)
    issues = [(p.code, p.args) for p in exc.value.issues]
    assert ("event_missing", {"field": "place"}) in issues
    assert ("event_missing", {"field": "chief_arbiter_id"}) in issues
    assert ("event_bad_date", {"field": "announced", "value": "1 May"}) in issues
    assert ("player_missing", {"player": "3", "name": "Müller, Anna", "fields": "fmjd_id,sex"}) in issues
    assert ("game_unknown_player", {"round": "2", "board": "3", "colour": "Black", "number": "9"}) in issues
    assert {code for code, _args in issues} <= set(PROBLEM_CODES)
