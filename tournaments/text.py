"""Text hygiene for what people type and what spreadsheets open (pure; no Django).

* Control characters (C0 and C1, DEL; tab and line breaks included) have no place in a name, a club or
  a title: forms and imports refuse them (``control_characters``), exports strip them.
* A spreadsheet cell that starts with ``= + - @`` (or a tab or carriage return) is read as a formula by
  Excel and LibreOffice ("formula injection", OWASP CSV injection): ``spreadsheet_cell`` prefixes such
  a text with an apostrophe, which the spreadsheet shows as plain text. Numbers written as text
  ("-3", "+1.5") are left alone: they are no formula. The test is made on the text as the spreadsheet
  will see it: control characters stripped first (a NUL or a bell before ``=`` hid the formula from
  the test, then vanished), and leading blanks and invisible format characters (zero-width space,
  byte-order mark, direction marks) skipped, which some readers trim; the full-width forms of the
  four signs count too.
* An XLSX sheet title is at most 31 characters and may not hold ``[ ] : * ? / \\``.
"""

from __future__ import annotations

import re
import unicodedata

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_FORMULA_START = ("=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_NUMBER = re.compile(r"[+\-\u2212]?\d+(?:[.,]\d+)?%?")
_SHEET_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")
SHEET_TITLE_MAX = 31


def control_characters(text: str) -> list[str]:
    """The control characters in ``text``, each written as ``U+XXXX`` (empty when there is none)."""
    return sorted({f"U+{ord(c):04X}" for c in _CONTROL.findall(text)})


def strip_control(text: str) -> str:
    """``text`` without control characters (a tab or a line break becomes a space)."""
    return _CONTROL.sub(lambda m: " " if m.group(0) in "\t\n\r" else "", text)


def spreadsheet_cell(value: object) -> object:
    """A value safe to put in a CSV or XLSX cell: text without control characters, never a formula.
    Numbers and other non-text values are returned unchanged."""
    if not isinstance(value, str):
        return value
    text = strip_control(value)
    head = _visible_start(text)
    if head.startswith(_FORMULA_START) and not _NUMBER.fullmatch(head):
        return "'" + text
    return text


def _visible_start(text: str) -> str:
    """``text`` from its first character that is neither blank nor an invisible format character (Cf)."""
    for i, ch in enumerate(text):
        if not ch.isspace() and unicodedata.category(ch) != "Cf":
            return text[i:]
    return ""


def sheet_title(name: str, fallback: str = "Standings") -> str:
    """A valid XLSX sheet title from ``name``: forbidden characters removed, at most 31 characters."""
    title = " ".join(_SHEET_FORBIDDEN.sub(" ", strip_control(name)).split())[:SHEET_TITLE_MAX].strip(" '")
    return title or fallback
