"""CSV import of a player list, with a report of the rejected lines.

Format: columns ``name,title,federation,club,fmjd_id,national_id,rating,birth_year`` (a header row
with these names, in any order, or no header and this order; only ``name`` is required). With a
header, an optional ``username`` column links each player to that user account
(``registration.link_account``; a line whose account cannot be linked is rejected whole);
separator ``;`` or ``,`` (whichever the first line uses more); UTF-8 with or without BOM.

Policy (the simplest honest choice): every good line is imported, every bad line is reported
with its line number and the reason, and nothing is imported twice. A file that cannot be read at
all (not UTF-8, no name column, empty) stores nothing and says why. The good lines are stored in
one transaction, so a failure while storing leaves nothing half-done. The report tells the
arbiter exactly which lines to fix and upload again (already-registered players are rejected as
duplicates, so re-uploading the whole corrected file is safe).
"""

from __future__ import annotations

import csv
import datetime
import io
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import Actor, record
from tournaments.models import Entry, Tournament

from .errors import ServiceError
from .registration import PLAYER_FIELDS, link_account, register_player

MAX_BYTES = 2_000_000
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
        data[key] = value.upper() if key == "federation" else value
    data["username"] = row.get("username", "").strip()
    data["rating"] = _int(row.get("rating", ""), "rating", *RATING_RANGE)
    data["birth_year"] = _int(row.get("birth_year", ""), "birth_year", FIRST_BIRTH_YEAR, datetime.date.today().year)
    return data


def parse_players_csv(data: bytes) -> tuple[list[tuple[int, dict[str, Any], str]], list[RejectedLine]]:
    """Parse the file: the good rows as (line, data, text) and the rejected lines. Stores nothing."""
    if len(data) > MAX_BYTES:
        raise ServiceError(_("The file is too large (more than 2 MB)."))
    text = _decode(data)
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise ServiceError(_("The file is empty."))
    first = next(line for line in lines if line.strip())
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header = [h.strip().lower().lstrip("\ufeff") for h in first.split(delimiter)]
    has_header = "name" in header
    columns = header if has_header else list(PLAYER_FIELDS)
    unknown = [h for h in columns if h and h not in CSV_COLUMNS] if has_header else []
    if unknown:
        raise ServiceError(
            _("Line 1: unknown column(s) %(cols)s. Allowed: %(allowed)s.")
            % {"cols": ", ".join(unknown), "allowed": ", ".join(CSV_COLUMNS)}
        )
    good: list[tuple[int, dict[str, Any], str]] = []
    rejected: list[RejectedLine] = []
    seen: dict[str, int] = {}
    try:
        for row in reader:
            lineno = reader.line_num
            raw = delimiter.join(row)
            if not any(cell.strip() for cell in row):
                continue
            if has_header and not good and not rejected and [c.strip().lower() for c in row] == header:
                continue  # the header row itself
            if "\x00" in raw:  # not text; PostgreSQL would refuse to store it
                rejected.append(RejectedLine(lineno, _("the line contains a NUL character"), raw.replace("\x00", "")))
                continue
            if len(row) > len(columns):
                rejected.append(RejectedLine(lineno, _("%(n)s fields, expected at most %(m)s") % {
                    "n": len(row), "m": len(columns)}, raw))  # fmt: skip
                continue
            try:
                cleaned = _clean(dict(zip(columns, row)))
            except ValueError as exc:
                rejected.append(RejectedLine(lineno, str(exc), raw))
                continue
            keys = ["name:" + cleaned["name"].casefold()] + (["id:" + cleaned["fmjd_id"]] if cleaned["fmjd_id"] else [])
            dup = next((seen[k] for k in keys if k in seen), None)
            if dup is not None:
                rejected.append(RejectedLine(lineno, _("same player as line %(line)s") % {"line": dup}, raw))
                continue
            seen.update(dict.fromkeys(keys, lineno))
            good.append((lineno, cleaned, raw))
    except csv.Error as exc:
        raise ServiceError(_("Line %(line)s: %(error)s") % {"line": reader.line_num, "error": exc}) from exc
    return good, rejected


@transaction.atomic
def import_players_csv(actor: Actor, tournament: Tournament, data: bytes) -> ImportReport:
    """Register the players of a CSV file; return the report (imported names, rejected lines)."""
    good, rejected = parse_players_csv(data)
    report = ImportReport(rejected=list(rejected))
    registered = {
        (fmjd or "", name.casefold())
        for fmjd, name in Entry.objects.filter(tournament=tournament).values_list("player__fmjd_id", "player__name")
    }
    registered_ids = {f for f, _n in registered if f}
    registered_names = {n for _f, n in registered}
    for lineno, cleaned, raw in good:
        if (cleaned["fmjd_id"] and cleaned["fmjd_id"] in registered_ids) or cleaned["name"].casefold() in (
            registered_names
        ):
            report.rejected.append(RejectedLine(lineno, _("already registered"), raw))
            continue
        try:
            # One savepoint per line: a line whose account cannot be linked stores nothing at all.
            with transaction.atomic():
                entry = register_player(actor, tournament, cleaned)
                if cleaned["username"]:
                    link_account(actor, entry, cleaned["username"])
        except ServiceError as exc:
            report.rejected.append(RejectedLine(lineno, str(exc), raw))
            continue
        report.imported.append(cleaned["name"])
    report.rejected.sort(key=lambda r: r.line)
    record(
        actor,
        tournament,
        "entry.csv_import",
        tournament,
        after=f"imported={len(report.imported)}; rejected lines="
        + ",".join(str(r.line) for r in report.rejected),
    )
    return report
