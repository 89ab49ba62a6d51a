"""Tokenizer for PDN files (PDN 3.0 with the quirks of real files, see reference/pdn.md).

The lexer turns the whole file into tokens with their offsets. It never raises: text it cannot
read becomes an ``ERROR`` token carrying the message, and scanning resumes at a safe point, so
one broken game never stops the file.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from arbiter import messages as msg

# Token kinds.
TAG = "TAG"  # text = key, value = tag value
COMMENT = "COMMENT"  # text = comment body
LPAREN = "LPAREN"
RPAREN = "RPAREN"
NAG = "NAG"  # text = "$n"
NUMBER = "NUMBER"  # text = the number digits, value = dots ("." or "...")
ELLIPSIS = "ELLIPSIS"  # "..." standing alone (e.g. "1. ... 7-12")
MOVE = "MOVE"  # text = move as written, value = attached strength mark
RESULT = "RESULT"  # text = result as written ("2-0", "1/2-1/2", "*")
ERROR = "ERROR"  # text = message
WARNING = "WARNING"  # text = message template (arbiter.messages), value = the tag's name: skipped or repaired


@dataclass
class Token:
    """One lexical element; ``pos`` is the offset of its first character in the file."""

    kind: str
    text: str
    pos: int
    value: str = ""
    # A warning about how the token was read (a TAG whose value was repaired): a message template
    # of ``arbiter.messages`` with the tag's name as {tag}.
    note: str = ""


_SQ = r"(?:\d{1,2}|[a-hA-H][1-8])"
_SEP = r"[ \t]*[-xX:\u00d7\u2010\u2011\u2012\u2013\u2014\u2212][ \t]*"
_MOVE = re.compile(
    rf"(?:{_SQ}(?:{_SEP}{_SQ})+|[a-hA-H][1-8](?:[a-hA-H][1-8])+|\d{{3,4}}(?![\d.]))"
    r"(?P<strength>[!?]+|\*(?![ \t]*[\]\[]))?"
)
_RESULT = re.compile(
    r"(?:2-0|0-2|1-1|0-0|1-0|0-1|1/2-1/2|\u00bd-\u00bd|0\.5-0\.5|1\+-1-|1--1\+)(?![\w/.+-])"
)
_NUMBER = re.compile(r"(\d+)[ \t]*(\.\.\.|\.\.|\.|\u2026)")
_NAG = re.compile(r"\$\d+")
_PAREN_STRENGTH = re.compile(r"\([!?]+\)")
_PLACEHOLDER = re.compile(r"--?(?=[\s)]|$)")
_KEY = re.compile(r"[A-Za-z0-9_]+")
_WRAPPER = re.compile(r"\[/?pdn\]", re.IGNORECASE)
_TAG_LINE = re.compile(r"^[ \t]*\[", re.MULTILINE)


class LineIndex:
    """Turns file offsets into 1-based (line, column)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    def locate(self, pos: int) -> tuple[int, int]:
        """(line, column) of offset ``pos``, both counted from 1."""
        line = bisect_right(self.starts, pos)
        return line, pos - self.starts[line - 1] + 1


def _next_tag_line(text: str, pos: int) -> int:
    """Offset of the next line (after ``pos``) that starts with '[' , or the end of the text."""
    m = _TAG_LINE.search(text, pos + 1)
    return m.start() if m else len(text)


_LITERAL_ESCAPES = re.compile(r"(?:\\[rnt])+$")
_TAG_TAIL = re.compile(r"[ \t]*(?:\\[rn][ \t]*)+(?=\n|$)")


def _read_tag(text: str, i: int) -> tuple[Token, int]:
    """Read ``[Key "value"]`` starting at ``text[i] == '['``.

    A tag line that cannot be read (a stray ``[``, ``[Empty]`` with no value, an unterminated
    string) gives a WARNING and the rest of its line is skipped: the tag is lost, not the game.
    A value ending in a literal ``\\r`` (an export bug) loses it with a warning.
    """
    n = len(text)
    j = i + 1
    while j < n and text[j] in " \t":
        j += 1
    m = _KEY.match(text, j)
    if not m:
        return Token(WARNING, msg.PDN_STRAY_BRACKET, i), _next_line(text, i)
    key = m.group(0)
    j = m.end()
    while j < n and text[j] in " \t":
        j += 1
    if j < n and text[j] == "]":
        return Token(WARNING, msg.PDN_TAG_NO_VALUE, i, key), _skip_junk(text, j + 1)
    if j >= n or text[j] != '"':
        return Token(WARNING, msg.PDN_TAG_NOT_QUOTED, i, key), \
            _next_line(text, i)
    j += 1
    buf = []
    while j < n and text[j] != '"':
        if text[j] == "\\" and j + 1 < n and text[j + 1] in '"\\':
            buf.append(text[j + 1])
            j += 2
            continue
        if text[j] == "\n":
            return Token(WARNING, msg.PDN_TAG_NOT_CLOSED, i, key), j + 1
        buf.append(text[j])
        j += 1
    if j >= n:
        return Token(WARNING, msg.PDN_TAG_NOT_CLOSED, i, key), n
    j += 1
    while j < n and text[j] in " \t":
        j += 1
    if j >= n or text[j] != "]":
        return Token(WARNING, msg.PDN_TAG_NO_BRACKET, i, key), _next_line(text, i)
    value = "".join(buf)
    if _LITERAL_ESCAPES.search(value):
        value = _LITERAL_ESCAPES.sub("", value)
        return Token(TAG, key, i, value, note=msg.PDN_TAG_CR_IN_VALUE), \
            _skip_junk(text, j + 1)
    end = _skip_junk(text, j + 1)
    if end != j + 1:
        return Token(TAG, key, i, value, note=msg.PDN_TAG_CR_AFTER), end
    return Token(TAG, key, i, value), j + 1


def _skip_junk(text: str, j: int) -> int:
    """Past literal ``\\r`` / ``\\n`` sequences that follow a tag on its line (an export bug)."""
    m = _TAG_TAIL.match(text, j)
    return m.end() if m else j


def _next_line(text: str, pos: int) -> int:
    k = text.find("\n", pos)
    return len(text) if k < 0 else k + 1


def tokenize(text: str) -> list[Token]:
    """All tokens of a PDN text (see the module docstring); never raises."""
    toks: list[Token] = []
    n = len(text)
    i = 1 if text.startswith("\ufeff") else 0
    punctuation = _PUNCTUATION
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c == "%" and (i == 0 or text[i - 1] == "\n"):
            i = _next_line(text, i)  # escape line (PDN: '%' at line start)
            continue
        read = punctuation.get(c)
        j = read(text, i, toks) if read is not None else None
        i = _movetext(text, i, c, toks) if j is None else j
    return toks


# Each reader takes (text, offset of its character, tokens so far), appends what it read and returns
# where scanning goes on, or None when the text there is no such element (then it is movetext).
def _line_comment(text: str, i: int, toks: list[Token]) -> int:
    end = text.find("\n", i)
    end = len(text) if end < 0 else end
    toks.append(Token(COMMENT, text[i + 1:end].strip(), i))
    return end


def _brace_comment(text: str, i: int, toks: list[Token]) -> int:
    n = len(text)
    depth, j = 1, i + 1
    while j < n and depth:
        if text[j] == "{":
            depth += 1  # nested comments are invalid PDN but occur; keep them whole
        elif text[j] == "}":
            depth -= 1
        j += 1
    if depth:
        toks.append(Token(ERROR, "unterminated comment '{'", i))
        return _next_tag_line(text, i)
    toks.append(Token(COMMENT, text[i + 1:j - 1].strip(), i))
    return j


def _bracket(text: str, i: int, toks: list[Token]) -> int:
    w = _WRAPPER.match(text, i)
    if w:
        return w.end()
    tok, j = _read_tag(text, i)
    toks.append(tok)
    return j


def _open_paren(text: str, i: int, toks: list[Token]) -> int:
    m = _PAREN_STRENGTH.match(text, i)
    if m and toks and toks[-1].kind == MOVE:
        # "(?)" after a move is a strength mark, not a variation (no move starts with '?').
        toks[-1].value += m.group(0)
        return m.end()
    toks.append(Token(LPAREN, "(", i))
    return i + 1


def _close_paren(text: str, i: int, toks: list[Token]) -> int:
    toks.append(Token(RPAREN, ")", i))
    return i + 1


def _star(text: str, i: int, toks: list[Token]) -> int:
    toks.append(Token(RESULT, "*", i))
    return i + 1


def _nag(text: str, i: int, toks: list[Token]) -> int | None:
    m = _NAG.match(text, i)
    if not m:
        return None
    toks.append(Token(NAG, m.group(0), i))
    return m.end()


_PUNCTUATION = {";": _line_comment, "{": _brace_comment, "[": _bracket, "(": _open_paren, ")": _close_paren,
                "*": _star, "$": _nag}


def _movetext(text: str, i: int, c: str, toks: list[Token]) -> int:
    """A stray dot, an ellipsis, a result, a move number, a move or a placeholder at ``i``; else an
    ERROR token for the word there."""
    n = len(text)
    if c == "." and (i + 1 >= n or text[i + 1].isspace()):
        return i + 1  # a stray dot ("3. 8-3 . 1-0") carries nothing; tolerate it
    if c == "\u2026" or text.startswith("...", i):
        toks.append(Token(ELLIPSIS, "...", i))
        return i + (1 if c == "\u2026" else 3)
    m = _RESULT.match(text, i)
    if m:
        toks.append(Token(RESULT, m.group(0), i))
        return m.end()
    m = _NUMBER.match(text, i)
    if m:
        dots = "..." if m.group(2) in ("...", "..", "\u2026") else "."
        toks.append(Token(NUMBER, m.group(1), i, dots))
        return m.end()
    m = _MOVE.match(text, i)
    if m:
        strength = m.group("strength") or ""
        body = m.group(0)[: len(m.group(0)) - len(strength)]
        toks.append(Token(MOVE, body, i, strength))
        return m.end()
    m = _PLACEHOLDER.match(text, i)
    if m:
        toks.append(Token(MOVE, m.group(0), i))  # "-" or "--": a move not recorded
        return m.end()
    j = i
    while j < n and not text[j].isspace() and text[j] not in "{}()[];":
        j += 1
    j = max(j, i + 1)
    toks.append(Token(ERROR, f"unexpected text {text[i:j]!r}", i))
    return j
