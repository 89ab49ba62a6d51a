"""CSV import of a player list, with a report of the rejected lines.

Format: columns ``name,title,federation,club,fmjd_id,national_id,rating,birth_year`` (a header row
with these names, in any order, or no header and this order; only ``name`` is required). With a
header, an optional ``username`` column links each player to that user account
(``registration.link_account``; a line whose account cannot be linked is rejected whole);
separator ``;`` or ``,`` (whichever the first line uses more); UTF-8 with or without BOM.

Policy (the simplest honest choice): every good line is imported, every bad line is reported
with its line number and the reason, and nothing is imported twice. A file that cannot be read at
all (not UTF-8, no name column, empty, over ``MAX_LINES`` players or ``MAX_BYTES``) stores nothing
and says why. Lines are stored in short batches (a line never half-stored); the report tells the
arbiter exactly which lines to fix and upload again (already-registered players are rejected as
duplicates, so re-uploading the whole corrected file is safe, even twice at once).
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import federations
from tournaments.audit import Actor, record
from tournaments.models import Tournament
from tournaments.text import control_characters

from .errors import ServiceError
from .registration import (
    PLAYER_FIELDS,
    link_account,
    lock_tournament,
    register_player,
    registered_keys,
    same_player_key,
)

MAX_BYTES = 2_000_000
MAX_LINES = 3000  # players in one file: a big open has a few hundred; a rating list goes elsewhere
BATCH = 100  # lines stored per transaction
# Files with more lines than this are imported in the background (a task with progress).
BACKGROUND_LINES = 300
# Plausible values, shared with the player form: a rating outside them is a typing error.
RATING_RANGE = (0, 4000)
FIRST_BIRTH_YEAR = 1900
# Columns a header may name: the player fields and the optional account to link.
CSV_COLUMNS = (*PLAYER_FIELDS, "username")


@dataclass(frozen=True)
class RejectedLine:
    line: int
    reason: str
    text: str = ""


@dataclass
class ImportReport:
    """What an import did: the names imported and the lines rejected (line number + reason)."""

    imported: list[str] = field(default_factory=list)
    rejected: list[RejectedLine] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "imported": self.imported,
            "rejected": [{"line": r.line, "reason": r.reason, "text": r.text} for r in self.rejected],
        }


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ServiceError(
            _("The file is not UTF-8 text (line %(line)s, byte %(byte)s). Save it as CSV UTF-8 and try again.")
            % {"line": line, "byte": exc.start + 1}
        ) from exc


def _int(value: str, name: str, lo: int, hi: int) -> int | None:
    value = value.strip()
    if not value:
        return None
    try:
        number = int(value)
    except ValueError:
        raise ValueError(_("%(field)s “%(value)s” is not a whole number") % {"field": name, "value": value}) from None
    if not lo <= number <= hi:
        raise ValueError(
            _("%(field)s %(value)s is outside %(lo)s–%(hi)s") % {"field": name, "value": number, "lo": lo, "hi": hi}
        )
    return number


def _clean(row: dict[str, str]) -> dict[str, Any]:
    """One row's player data, or ValueError with the reason."""
    found = control_characters("".join(row.values()))
    if found:
        raise ValueError(_("control characters are not allowed (%(chars)s)") % {"chars": ", ".join(found)})
    name = " ".join(row.get("name", "").split())
    if not name:
        raise ValueError(_("the name is empty"))
    if len(name) > 200:
        raise ValueError(_("the name is longer than 200 characters"))
    data: dict[str, Any] = {"name": name}
    limits = {"title": 10, "federation": 3, "club": 120, "fmjd_id": 20, "national_id": 20}
    for key, limit in limits.items():
        value = row.get(key, "").strip()
        if len(value) > limit:
            raise ValueError(_("%(field)s “%(value)s” is longer than %(n)s characters") % {
                "field": key, "value": value, "n": limit})  # fmt: skip
        data[key] = federations.normalise(value) if key == "federation" else value
    if not federations.is_code(data["federation"]):
        raise ValueError(_("“%(value)s” is not a three-letter federation code (e.g. NED, FRA, GER)")
                         % {"value": data["federation"]})
    data["username"] = row.get("username", "").strip()
    data["rating"] = _int(row.get("rating", ""), "rating", *RATING_RANGE)
    data["birth_year"] = _int(row.get("birth_year", ""), "birth_year", FIRST_BIRTH_YEAR, datetime.date.today().year)
    return data


def _header(first: str, delimiter: str) -> tuple[list[str], bool]:
    header = [h.strip().lower().lstrip("\ufeff") for h in first.split(delimiter)]
    has_header = "name" in header
    columns = header if has_header else list(PLAYER_FIELDS)
    unknown = [h for h in columns if h and h not in CSV_COLUMNS] if has_header else []
    if unknown:
        raise ServiceError(
            ngettext("Line 1: unknown column %(cols)s. Allowed: %(allowed)s.",
                     "Line 1: unknown columns %(cols)s. Allowed: %(allowed)s.", len(unknown))
            % {"cols": ", ".join(unknown), "allowed": ", ".join(CSV_COLUMNS)}
        )
    return columns, has_header


def _row_problem(row: list[str], start: int, end: int, columns: list[str], has_header: bool) -> str:
    """Why a row cannot be read as one player ("" when it can)."""
    if end > start:
        # A quoted field ran over a line break: almost always a stray quote swallowing the lines after it.
        return _("a quote opened here is closed only on line %(end)s (a stray quote?); lines %(start)s-%(end)s "
                 "would become one player") % {"start": start, "end": end}
    if "\x00" in "".join(row):  # not text; PostgreSQL would refuse to store it
        return _("the line contains a NUL character")
    if len(row) > len(columns) or (has_header and len(row) != len(columns)):
        return _("%(n)s fields, expected %(m)s") % {"n": len(row), "m": len(columns)}
    return ""


def parse_players_csv(data: bytes) -> tuple[list[tuple[int, dict[str, Any], str]], list[RejectedLine]]:
    """Parse the file: the good rows as (line, data, text) and the rejected lines. Stores nothing.

    Strict about the shape of each line: a field with a line break (a stray quote) and a line with
    the wrong number of fields are rejected with their line number, never merged into one player.
    At most ``MAX_LINES`` player lines.
    """
    if len(data) > MAX_BYTES:
        raise ServiceError(_("The file is too large (more than 2 MB)."))
    text = _decode(data)
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise ServiceError(_("The file is empty."))
    if len(lines) > MAX_LINES + 1:
        raise ServiceError(_("The file has %(n)s lines; one import takes at most %(max)s players. Split the file.")
                           % {"n": len(lines), "max": MAX_LINES})
    first = next(line for line in lines if line.strip())
    delimiter = ";" if first.count(";") > first.count(",") else ","
    columns, has_header = _header(first, delimiter)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    good: list[tuple[int, dict[str, Any], str]] = []
    rejected: list[RejectedLine] = []
    seen: dict[str, int] = {}
    start = 1
    try:
        for row in reader:
            lineno, end = start, reader.line_num
            start = end + 1
            raw = delimiter.join(row).replace("\x00", "")
            if not any(cell.strip() for cell in row):
                continue
            if has_header and not good and not rejected and [c.strip().lower() for c in row] == columns:
                continue  # the header row itself
            problem = _row_problem(row, lineno, end, columns, has_header)
            if problem:
                rejected.append(RejectedLine(lineno, problem, raw[:500]))
                continue
            try:
                cleaned = _clean(dict(zip(columns, row)))
            except ValueError as exc:
                rejected.append(RejectedLine(lineno, str(exc), raw))
                continue
            keys = same_player_key(cleaned["name"], cleaned["fmjd_id"])
            dup = next((seen[k] for k in keys if k in seen), None)
            if dup is not None:
                rejected.append(RejectedLine(lineno, _("same player as line %(line)s") % {"line": dup}, raw))
                continue
            seen.update(dict.fromkeys(keys, lineno))
            good.append((lineno, cleaned, raw))
    except csv.Error as exc:
        raise ServiceError(_("Line %(line)s: %(error)s") % {"line": reader.line_num, "error": exc}) from exc
    return good, rejected


def _import_batch(actor: Actor, tournament: Tournament, batch: list[tuple[int, dict[str, Any], str]],
                  report: ImportReport) -> None:
    """One short transaction: the batch's new players registered (duplicates of the tournament's
    players rejected), each line on its own savepoint so a failing line stores nothing."""
    with transaction.atomic():
        lock_tournament(tournament)
        known = registered_keys(tournament)
        for lineno, cleaned, raw in batch:
            if any(k in known for k in same_player_key(cleaned["name"], cleaned["fmjd_id"])):
                report.rejected.append(RejectedLine(lineno, _("already registered"), raw))
                continue
            try:
                with transaction.atomic():
                    entry = register_player(actor, tournament, cleaned)
                    if cleaned["username"]:
                        link_account(actor, entry, cleaned["username"])
            except ServiceError as exc:
                report.rejected.append(RejectedLine(lineno, str(exc), raw))
                continue
            known.update(dict.fromkeys(same_player_key(cleaned["name"], cleaned["fmjd_id"]), cleaned["name"]))
            report.imported.append(cleaned["name"])


def import_players_csv(
    actor: Actor, tournament: Tournament, data: bytes, progress: Callable[[int, int], None] | None = None
) -> ImportReport:
    """Register the players of a CSV file; return the report (imported names, rejected lines).

    The lines are stored in batches of ``BATCH`` lines, each in its own short transaction, so other
    requests (sign-ins, results) go on between them even on SQLite; ``progress(done, total)`` is
    called after each batch. Registering is idempotent: a player the tournament already has is
    rejected as "already registered", also when two uploads of one file run at the same moment.
    """
    good, rejected = parse_players_csv(data)
    report = ImportReport(rejected=list(rejected))
    for start in range(0, len(good), BATCH):
        _import_batch(actor, tournament, good[start:start + BATCH], report)
        if progress is not None:
            progress(min(start + BATCH, len(good)), len(good))
    report.rejected.sort(key=lambda r: r.line)
    record(
        actor,
        tournament,
        "entry.csv_import",
        tournament,
        after=f"imported={len(report.imported)}; rejected_lines="
        + ",".join(str(r.line) for r in report.rejected),
    )
    return report
