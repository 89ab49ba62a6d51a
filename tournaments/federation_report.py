"""The report of an event to the federation, as CSV (pure, no Django).

Three blocks, separated by an empty line, each readable by a spreadsheet and a script:

1. the event: one "field,value" row each: name, place, start and end date, board size, time
   control, system, rounds, chief arbiter with id, date announced;
2. the players: start number, FMJD id, name, federation, sex, title, rating;
3. every game: round, board, White (start number, FMJD id), Black (start number, FMJD id), the
   result in draughts points, White's first (2-0, 1-1, 0-2, 0-0), and "forfeit" on a game decided
   by forfeit (+- is written 2-0 forfeit, -+ 0-2 forfeit, -- 0-0 forfeit: no cell starts with a
   sign a spreadsheet would read as a formula). Byes and absences are not games: not listed.

The builder refuses (``ReportError``, listing every problem as a reason code with its parameters,
which the app words in the reader's language, and in English) when an id or a required field is
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


@dataclass(frozen=True)
class Problem:
    """One thing that keeps the report from being made: a reason ``code`` (``PROBLEM_CODES``) with
    its parameters, for the app to say in the reader's language, and ``text``, the same in English
    (the command line, logs). Parameters: ``field`` (an ``EVENT_FIELDS`` or player attribute name),
    ``fields`` (several, comma-separated), ``value``, ``player`` (start number), ``name``, ``other``
    (another start number), ``fmjd_id``, ``round``, ``board``, ``colour`` ("White"/"Black"),
    ``number`` (a start number), ``rounds``, ``size``, ``rating``."""

    code: str
    params: tuple[tuple[str, str], ...]
    text: str

    @property
    def args(self) -> dict[str, str]:
        return dict(self.params)


PROBLEM_CODES = (
    "event_missing", "event_bad_date", "event_end_before_start", "event_board_size", "event_rounds",
    "player_number_twice", "player_missing", "player_id_twice", "player_negative_rating", "no_players",
    "game_unknown_player", "game_no_result", "game_bad_result", "game_round_outside",
)  # fmt: skip


def _problem(code: str, text: str, **params: object) -> Problem:
    return Problem(code, tuple((k, str(v)) for k, v in params.items()), text)


class ReportError(ValueError):
    """The report cannot be made: ``issues`` lists what is missing or wrong (reason codes with their
    parameters), ``problems`` the same in English, each naming where."""

    def __init__(self, issues: Sequence[Problem]) -> None:
        self.issues = tuple(issues)
        self.problems = tuple(p.text for p in self.issues)
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


def _event_problems(event: ReportEvent) -> list[Problem]:
    problems: list[Problem] = []
    for attr, label in EVENT_FIELDS:
        if _blank(getattr(event, attr)):
            problems.append(_problem("event_missing", f"event: {label} is missing", field=attr))
    labels = dict(EVENT_FIELDS)
    for attr in _DATES:
        value = getattr(event, attr)
        if not _blank(value):
            try:
                datetime.date.fromisoformat(str(value).strip())
            except ValueError:
                text = f"event: {labels[attr]} {value!r} is not a date (YYYY-MM-DD)"
                problems.append(_problem("event_bad_date", text, field=attr, value=value))
    if not _blank(event.start_date) and not _blank(event.end_date) and str(event.end_date) < str(event.start_date):
        problems.append(_problem("event_end_before_start", "event: the end date is before the start date"))
    if event.board_size not in (8, 10, 12) and not _blank(event.board_size):
        problems.append(_problem("event_board_size", f"event: board size {event.board_size} is not 8, 10 or 12",
                                 size=event.board_size))
    if isinstance(event.rounds, int) and event.rounds < 1:
        problems.append(_problem("event_rounds", "event: rounds must be at least 1"))
    return problems


PLAYER_FIELDS = (("fmjd_id", "FMJD id"), ("name", "name"), ("federation", "federation"), ("sex", "sex"))


def _player_problems(players: Sequence[ReportPlayer]) -> list[Problem]:
    problems: list[Problem] = []
    seen_numbers: set[int] = set()
    seen_ids: dict[str, int] = {}
    for p in players:
        name = p.name.strip()
        who = f"player {p.start_number} ({name or 'no name'})"
        if p.start_number in seen_numbers:
            problems.append(_problem("player_number_twice", f"{who}: start number used twice",
                                     player=p.start_number, name=name))
        seen_numbers.add(p.start_number)
        missing = [(attr, label) for attr, label in PLAYER_FIELDS if _blank(getattr(p, attr))]
        if missing:
            problems.append(_problem("player_missing", f"{who}: {', '.join(label for _, label in missing)} missing",
                                     player=p.start_number, name=name, fields=",".join(a for a, _ in missing)))
        fid = p.fmjd_id.strip()
        if fid:
            if fid in seen_ids:
                problems.append(_problem("player_id_twice", f"{who}: FMJD id {fid} is also player {seen_ids[fid]}'s",
                                         player=p.start_number, name=name, fmjd_id=fid, other=seen_ids[fid]))
            seen_ids.setdefault(fid, p.start_number)
        if p.rating < 0:
            problems.append(_problem("player_negative_rating", f"{who}: rating {p.rating} is negative",
                                     player=p.start_number, name=name, rating=p.rating))
    return problems


def _game_problems(games: Sequence[ReportGame], numbers: set[int], rounds: int) -> list[Problem]:
    problems: list[Problem] = []
    for g in games:
        where = f"round {g.round} board {g.board}"
        for colour, sn in (("White", g.white), ("Black", g.black)):
            if sn not in numbers:
                problems.append(_problem("game_unknown_player", f"{where}: {colour} {sn} is not a player of the report",
                                         round=g.round, board=g.board, colour=colour, number=sn))
        if _blank(g.result):
            problems.append(_problem("game_no_result", f"{where}: no result", round=g.round, board=g.board))
        else:
            try:
                result_codes(g.result)
            except KeyError:
                problems.append(_problem("game_bad_result", f"{where}: result {g.result!r} is not a result",
                                         round=g.round, board=g.board, value=g.result))
        if isinstance(rounds, int) and rounds >= 1 and not 1 <= g.round <= rounds:
            problems.append(_problem("game_round_outside", f"{where}: the event has {rounds} rounds",
                                     round=g.round, board=g.board, rounds=rounds))
    return problems


def report_issues(event: ReportEvent, players: Sequence[ReportPlayer], games: Sequence[ReportGame]) -> list[Problem]:
    """Everything that keeps the report from being made, as reason codes (empty: it can be made)."""
    problems = _event_problems(event) + _player_problems(players)
    if not players:
        problems.append(_problem("no_players", "no players"))
    problems += _game_problems(games, {p.start_number for p in players}, event.rounds)
    return problems


def report_problems(event: ReportEvent, players: Sequence[ReportPlayer], games: Sequence[ReportGame]) -> list[str]:
    """``report_issues`` in English (empty: the report can be made)."""
    return [p.text for p in report_issues(event, players, games)]


def result_text(result: str) -> str:
    """A stored result as draughts points, White's first: "+-" -> "2-0" (the forfeit is its own column)."""
    white, black = result_points(result, DRAUGHTS_SCORING)
    return f"{white:g}-{black:g}"


def _row(values: Sequence[object]) -> list[object]:
    return [spreadsheet_cell(v) for v in values]


def federation_report_csv(event: ReportEvent, players: Sequence[ReportPlayer], games: Sequence[ReportGame]) -> str:
    """The report as CSV text (see the module docstring); ``ReportError`` when it cannot be made."""
    issues = report_issues(event, players, games)
    if issues:
        raise ReportError(issues)
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
