"""A tournament archive read within bounds: ``tournament.json`` streamed row by row (``archive_stream``),
each row checked and spooled to a temporary file per section, so that an import holds one row at a
time, not the document.

Bounds, all checked while reading and before anything is stored: the zip's (``archive_zip``: file
size, members, uncompressed size, expansion ratio), then ``MAX_ROWS`` rows per section,
``MAX_ROW_BYTES`` of JSON per row, ``MAX_PLIES`` half-moves per game or submission, and
``MAX_OTHER_ROWS`` rows of sections this server does not know (read and dropped).
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import IO, Any

from django.utils.translation import gettext as _

from .archive_schema import DROPPED_SECTIONS, LATER_SECTIONS, MAX_PLIES, MAX_ROW_BYTES, MAX_ROWS, SECTIONS
from .archive_stream import NotAnObject, StreamError, events
from .archive_zip import FORMAT, JSON_NAME, VERSION, ArchiveError, Source, open_json

ROW_SECTIONS = (*(s.name for s in SECTIONS), "users", *DROPPED_SECTIONS)
MAX_OTHER_ROWS = 10_000  # rows of unknown sections (a newer program's), read and dropped
# A move as PDN writes it: 32-28, 28x19, 28x19x10 (one half-move, however many captures).
_MOVE = re.compile(r"\b\d{1,2}(?:[-x]\d{1,2})+\b")

Progress = Callable[[int, str], None]


class ArchiveDocument:
    """A read archive: its header (``format``, ``version``, ``exported_at``, ``tournament``) and each
    section's rows, spooled. ``doc["tournament"]`` reads the header; ``rows(name)`` the rows."""

    def __init__(self) -> None:
        self.header: dict[str, Any] = {}
        self.counts: dict[str, int] = {}
        self.sha256 = ""
        self._spools: dict[str, IO[str]] = {}

    def __getitem__(self, key: str) -> Any:
        return self.header[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.header.get(key, default)

    def add(self, name: str, row: dict[str, Any]) -> None:
        spool = self._spools.get(name)
        if spool is None:
            spool = self._spools[name] = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        spool.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")))
        spool.write("\n")

    def rows(self, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
        """The section's rows with their index in the archive, read back one at a time."""
        spool = self._spools.get(name)
        if spool is None:
            return
        spool.flush()
        spool.seek(0)
        for index, line in enumerate(spool):
            yield index, json.loads(line)

    def close(self) -> None:
        for spool in self._spools.values():
            spool.close()
        self._spools.clear()

    def __enter__(self) -> ArchiveDocument:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


def plies(moves: str) -> int:
    """Half-moves in a move text (``1. 32-28 19-23 2. 28x19 14x23`` has four)."""
    return len(_MOVE.findall(moves))


def _check_row(name: str, index: int, row: Any) -> None:
    if not isinstance(row, dict):
        raise ArchiveError(_("Section %(name)s of the archive is missing or not a list of rows.") % {"name": name})
    if name == "entries" and not isinstance(row.get("player"), dict):
        raise ArchiveError(_("entries[%(i)s]: the player is missing.") % {"i": index})
    if name == "users" and (not isinstance(row.get("username"), str) or not row["username"]):
        raise ArchiveError(_("users[%(i)s]: the username is missing.") % {"i": index})
    moves = row.get("moves")
    if isinstance(moves, str) and plies(moves) > MAX_PLIES:
        raise ArchiveError(_("%(name)s[%(i)s]: %(n)s half-moves; a game has at most %(max)s.")
                           % {"name": name, "i": index, "n": plies(moves), "max": MAX_PLIES})


def _read_event(doc: ArchiveDocument, event: tuple[Any, ...], other_rows: list[int]) -> None:
    kind, key = event[0], event[1]
    if kind == "value":
        if key in ROW_SECTIONS:  # a section that is not a list
            raise ArchiveError(_("Section %(name)s of the archive is missing or not a list of rows.")
                               % {"name": key})
        doc.header[key] = event[2]
    elif kind == "row":
        index, row = event[2], event[3]
        if key not in ROW_SECTIONS:
            other_rows[0] += 1
            if other_rows[0] > MAX_OTHER_ROWS:
                raise ArchiveError(_("The archive holds more than %(max)s rows this server does not know.")
                                   % {"max": MAX_OTHER_ROWS})
            return
        if index >= MAX_ROWS[key]:
            raise ArchiveError(_("Section %(name)s holds more than %(max)s rows: refused (the bound of one archive).")
                               % {"name": key, "max": MAX_ROWS[key]})
        _check_row(key, index, row)
        doc.add(key, row)
    elif key in ROW_SECTIONS:
        doc.counts[key] = event[2]


def check_header(doc: ArchiveDocument) -> None:
    """The document's outline: format, version, a tournament, every section."""
    fmt = doc.get("format")
    if fmt != FORMAT:
        raise ArchiveError(_("%(name)s is not a tournament archive of this program (format %(format)r).")
                           % {"name": JSON_NAME, "format": fmt})
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ArchiveError(_("The archive has no format version."))
    if version > VERSION:
        raise ArchiveError(_("The archive has format version %(v)s, made by a newer version of this program; "
                             "this server reads version %(mine)s. Update the server first.")
                           % {"v": version, "mine": VERSION})
    if version < 1:
        raise ArchiveError(_("Unknown archive format version %(v)s.") % {"v": version})
    if not isinstance(doc.get("tournament"), dict):
        raise ArchiveError(_("The archive has no tournament."))
    for name in [s.name for s in SECTIONS] + ["users"]:
        if name not in doc.counts and name not in LATER_SECTIONS:
            raise ArchiveError(_("Section %(name)s of the archive is missing or not a list of rows.") % {"name": name})


def read_archive(source: Source, *, progress: Progress | None = None) -> ArchiveDocument:
    """The checked document of the zip ``source`` (bytes, a path or a binary file), its rows spooled;
    close it (or use it as a context manager). ArchiveError naming what is wrong."""
    doc = ArchiveDocument()
    try:
        with open_json(source) as fh:
            declared = max(fh.info.file_size, 1)
            other_rows = [0]
            for n, event in enumerate(events(fh, max_value=MAX_ROW_BYTES)):
                _read_event(doc, event, other_rows)
                if progress is not None and n % 2000 == 0:
                    progress(min(fh.read_bytes * 100 // declared, 100), _("Reading the archive"))
            doc.sha256 = fh.sha256.hexdigest()
        check_header(doc)
    except NotAnObject:
        doc.close()
        raise ArchiveError(_("%(name)s is not a tournament archive of this program (format %(format)r).")
                           % {"name": JSON_NAME, "format": None}) from None
    except StreamError as exc:
        doc.close()
        raise ArchiveError(_("%(name)s is not valid JSON: %(error)s") % {"name": JSON_NAME, "error": exc}) from None
    except BaseException:
        doc.close()
        raise
    return doc
