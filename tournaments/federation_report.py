"""The report of an event to the federation, as CSV (pure, no Django).

Three blocks, separated by an empty line, each readable by a spreadsheet and a script:

1. the event: one "field,value" row each: name, place, start and end date, board size, time
   control, system, rounds, chief arbiter with id, date announced;
2. the players: start number, FMJD id, name, federation, sex, title, rating;
3. every game: round, board, White (start number, FMJD id), Black (start number, FMJD id), the
   result in draughts points, White's first (2-0, 1-1, 0-2, 0-0), and "forfeit" on a game decided
   by forfeit (+- is written 2-0 forfeit, -+ 0-2 forfeit, -- 0-0 forfeit: no cell starts with a
   sign a spreadsheet would read as a formula). Byes and absences are not games: not listed.

The builder refuses (``ReportError``, listing every problem) when an id or a required field is
missing, a date is not a date, a game has no result or names an unknown player. Text cells go
through ``tournaments.text.spreadsheet_cell``: a name starting with "=" cannot run as a formula.
The PDN of all games is attached by the app, beside this file.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.text import spreadsheet_cell
from tournaments.vocabulary import DRAUGHTS_SCORING, FORFEIT_RESULTS, result_codes, result_points

EVENT_FIELDS: tuple[tuple[str, str], ...] = (
    ("name", "Event"),
    ("place", "Place"),
    ("start_date", "Start date"),
    ("end_date", "End date"),
    ("board_size", "Board size"),
    ("time_control", "Time control"),
    ("system", "System"),
    ("rounds", "Rounds"),
    ("chief_arbiter", "Chief arbiter"),
    ("chief_arbiter_id", "Chief arbiter FMJD id"),
    ("announced", "Announced on"),
)
PLAYER_HEADER = ("Start number", "FMJD id", "Name", "Federation", "Sex", "Title", "Rating")
GAME_HEADER = ("Round", "Board", "White", "White FMJD id", "Black", "Black FMJD id", "Result", "Forfeit")
_DATES = ("start_date", "end_date", "announced")


class ReportError(ValueError):
    """The report cannot be made: ``problems`` lists what is missing or wrong, each naming where."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("federation report refused: " + "; ".join(self.problems))


@dataclass(frozen=True)
class ReportEvent:
    name: str
    place: str
    start_date: str  # ISO dates: 2025-07-12
    end_date: str
    board_size: int  # 10 (international draughts), 8 (64 squares)
    time_control: str
    system: str
    rounds: int
    chief_arbiter: str
    chief_arbiter_id: str
    announced: str


@dataclass(frozen=True)
class ReportPlayer:
    start_number: int
    fmjd_id: str
    name: str
    federation: str
    sex: str
    title: str = ""
    rating: int = 0  # 0: unrated


@dataclass(frozen=True)
class ReportGame:
    round: int
    board: int
    white: int  # start numbers
    black: int
    result: str  # as stored (White first): "2-0", "1-1", "0-2", "+-", "-+", "--", "0-0"; "" for none yet


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _event_problems(event: ReportEvent) -> list[str]:
    problems: list[str] = []
    for attr, label in EVENT_FIELDS:
        if _blank(getattr(event, attr)):
            problems.append(f"event: {label} is missing")
    labels = dict(EVENT_FIELDS)
    for attr in _DATES:
        value = getattr(event, attr)
        if not _blank(value):
            try:
                datetime.date.fromisoformat(str(value).strip())
            except ValueError:
                problems.append(f"event: {labels[attr]} {value!r} is not a date (YYYY-MM-DD)")
    if not _blank(event.start_date) and not _blank(event.end_date) and str(event.end_date) < str(event.start_date):
        problems.append("event: the end date is before the start date")
    if event.board_size not in (8, 10, 12) and not _blank(event.board_size):
        problems.append(f"event: board size {event.board_size} is not 8, 10 or 12")
    if isinstance(event.rounds, int) and event.rounds < 1:
        problems.append("event: rounds must be at least 1")
    return problems


def _player_problems(players: Sequence[ReportPlayer]) -> list[str]:
    problems: list[str] = []
    seen_numbers: set[int] = set()
    seen_ids: dict[str, int] = {}
    for p in players:
        who = f"player {p.start_number} ({p.name.strip() or 'no name'})"
        if p.start_number in seen_numbers:
            problems.append(f"{who}: start number used twice")
        seen_numbers.add(p.start_number)
        missing = [
            label
            for attr, label in (("fmjd_id", "FMJD id"), ("name", "name"), ("federation", "federation"), ("sex", "sex"))
            if _blank(getattr(p, attr))
        ]
        if missing:
            problems.append(f"{who}: {', '.join(missing)} missing")
        fid = p.fmjd_id.strip()
        if fid:
            if fid in seen_ids:
                problems.append(f"{who}: FMJD id {fid} is also player {seen_ids[fid]}'s")
            seen_ids.setdefault(fid, p.start_number)
        if p.rating < 0:
            problems.append(f"{who}: rating {p.rating} is negative")
    return problems


def _game_problems(games: Sequence[ReportGame], numbers: set[int], rounds: int) -> list[str]:
    problems: list[str] = []
    for g in games:
        where = f"round {g.round} board {g.board}"
        for colour, sn in (("White", g.white), ("Black", g.black)):
            if sn not in numbers:
                problems.append(f"{where}: {colour} {sn} is not a player of the report")
        if _blank(g.result):
            problems.append(f"{where}: no result")
        else:
            try:
                result_codes(g.result)
            except KeyError:
                problems.append(f"{where}: result {g.result!r} is not a result")
        if isinstance(rounds, int) and rounds >= 1 and not 1 <= g.round <= rounds:
            problems.append(f"{where}: the event has {rounds} rounds")
    return problems


def report_problems(event: ReportEvent, players: Sequence[ReportPlayer], games: Sequence[ReportGame]) -> list[str]:
    """Everything that keeps the report from being made (empty: it can be made)."""
    problems = _event_problems(event) + _player_problems(players)
    if not players:
        problems.append("no players")
    problems += _game_problems(games, {p.start_number for p in players}, event.rounds)
    return problems


def result_text(result: str) -> str:
    """A stored result as draughts points, White's first: "+-" -> "2-0" (the forfeit is its own column)."""
    white, black = result_points(result, DRAUGHTS_SCORING)
    return f"{white:g}-{black:g}"


def _row(values: Sequence[object]) -> list[object]:
    return [spreadsheet_cell(v) for v in values]


def federation_report_csv(event: ReportEvent, players: Sequence[ReportPlayer], games: Sequence[ReportGame]) -> str:
    """The report as CSV text (see the module docstring); ``ReportError`` when it cannot be made."""
    problems = report_problems(event, players, games)
    if problems:
        raise ReportError(problems)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    for attr, label in EVENT_FIELDS:
        w.writerow(_row([label, getattr(event, attr)]))
    w.writerow([])
    w.writerow(PLAYER_HEADER)
    ids = {p.start_number: p.fmjd_id.strip() for p in players}
    for p in sorted(players, key=lambda p: p.start_number):
        w.writerow(
            _row(
                [
                    p.start_number,
                    p.fmjd_id.strip(),
                    p.name.strip(),
                    p.federation.strip(),
                    p.sex.strip(),
                    p.title.strip(),
                    p.rating or "",
                ]
            )
        )
    w.writerow([])
    w.writerow(GAME_HEADER)
    for g in sorted(games, key=lambda g: (g.round, g.board)):
        forfeit = "forfeit" if g.result in FORFEIT_RESULTS else ""
        w.writerow(
            _row([g.round, g.board, g.white, ids[g.white], g.black, ids[g.black], result_text(g.result), forfeit])
        )
    return out.getvalue()
