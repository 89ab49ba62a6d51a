"""``tournament.json`` read as a stream: the top-level object value by value, each list row by row.

A tournament archive's document is one JSON object whose sections are lists of small rows. Parsing it
whole (``json.loads``) costs 10-20 times its size in memory, and a zip inflates small: a 224 KB upload
cost a worker 740 MB. Here the text is decoded in chunks and each value is parsed on its own with the
standard decoder (``raw_decode``), never more than ``max_value`` characters of it at a time, so the
memory needed is bounded by the largest row, whatever the document's size. What the caller keeps of
the rows is up to it (``games.services.archive`` spools them to temporary files).

Events, in document order:

* ``("value", key, value)`` for a member that is not a list (``format``, ``version``, ``tournament``);
* ``("row", key, index, row)`` for each element of a list member;
* ``("list", key, count)`` after a list member's last element.

Every failure is a ``StreamError`` naming what and where (the key, the row index, the character).
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator
from typing import Any, Protocol

CHUNK = 64 * 1024
_WS = " \t\n\r"


class StreamError(ValueError):
    """The document is not JSON of the expected outline, or a value is over its bound."""


class NotAnObject(StreamError):
    """The document is not a JSON object at all (another file renamed, a list...)."""


Event = tuple[Any, ...]


class Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


class _Text:
    """A window of decoded text over a binary stream: ``buf[pos:]`` is what is not read yet."""

    def __init__(self, stream: Readable) -> None:
        self.stream = stream
        self.decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self.buf = ""
        self.pos = 0
        self.offset = 0  # characters dropped from the front of ``buf`` (for positions in messages)
        self.eof = False

    def fill(self, wanted: int) -> None:
        """Read until at least ``wanted`` characters follow ``pos`` (or the stream ends)."""
        while not self.eof and len(self.buf) - self.pos < wanted:
            data = self.stream.read(CHUNK)
            try:
                text = self.decoder.decode(data, final=not data)
            except UnicodeDecodeError:
                raise StreamError(f"not UTF-8 text (near character {self.where()})") from None
            if not data:
                self.eof = True
            if self.pos > CHUNK:
                self.offset += self.pos
                self.buf = self.buf[self.pos:]
                self.pos = 0
            self.buf += text

    def where(self) -> int:
        return self.offset + self.pos

    def skip_ws(self) -> str:
        """The next character that is not white space ("" at the end)."""
        while True:
            self.fill(1)
            while self.pos < len(self.buf) and self.buf[self.pos] in _WS:
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if self.eof:
                return ""

    def expect(self, chars: str, what: str) -> str:
        ch = self.skip_ws()
        if not ch or ch not in chars:
            raise StreamError(f"expected {what} at character {self.where()}, found {ch or 'the end'!r}")
        self.pos += 1
        return ch

    def value(self, limit: int, what: str) -> Any:
        """One JSON value of at most ``limit`` characters, parsed with the standard decoder."""
        self.skip_ws()
        self.fill(limit + 1)
        try:
            value, end = _DECODER.raw_decode(self.buf, self.pos)
        except json.JSONDecodeError as exc:
            available = len(self.buf) - self.pos
            if not self.eof and available > limit:
                raise StreamError(f"{what} is longer than {limit} characters") from None
            raise StreamError(f"{what}: not valid JSON ({exc.msg}, character {self.offset + exc.pos})") from None
        except RecursionError:
            raise StreamError(f"{what}: nested too deeply") from None
        if end - self.pos > limit:
            raise StreamError(f"{what} is longer than {limit} characters")
        self.pos = end
        return value


_DECODER = json.JSONDecoder()


def events(stream: Readable, *, max_value: int, max_key: int = 200) -> Iterator[Event]:
    """The document's members as events (see the module docstring); values and rows are at most
    ``max_value`` characters of JSON each."""
    text = _Text(stream)
    if text.skip_ws() != "{":
        raise NotAnObject("the document is not a JSON object")
    text.pos += 1
    if text.skip_ws() == "}":
        text.pos += 1
        _end(text)
        return
    while True:
        key = text.value(max_key, "a member name")
        if not isinstance(key, str):
            raise StreamError(f"expected a member name at character {text.where()}")
        text.expect(":", "':'")
        if text.skip_ws() == "[":
            text.pos += 1
            count = 0
            if text.skip_ws() == "]":
                text.pos += 1
            else:
                while True:
                    row = text.value(max_value, f"{key}[{count}]")
                    yield ("row", key, count, row)
                    count += 1
                    if text.expect(",]", f"',' or ']' after {key}[{count - 1}]") == "]":
                        break
            yield ("list", key, count)
        else:
            yield ("value", key, text.value(max_value, key))
        if text.expect(",}", f"',' or '}}' after {key}") == "}":
            break
    _end(text)


def _end(text: _Text) -> None:
    if text.skip_ws():
        raise StreamError(f"text after the document's end (character {text.where()})")
