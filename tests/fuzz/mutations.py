"""Hypothesis strategies that damage real input files the way tired people and bad tools do.

``mutated(text)`` applies 1 to ``max_edits`` random edits to ``text``: delete, duplicate or swap
characters, delete, duplicate or swap whole lines, insert a character that means something to the
formats under test (digits, separators, brackets, quotes, odd Unicode). Shrinking goes towards
fewer edits, so a failure is reported with the smallest damage that still breaks the reader.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

# Characters that carry syntax in PDN, FEN, TRF and CSV, plus some that should simply be rejected.
INTERESTING = list("0123456789 -x:.,;WBK?*[]{}()\"'\\/\t\n\r$!+=#|") + [
    "\u00bd", "\u2013", "\u00d7", "\ufeff", "\x00", "\u0416", "\U0001f600", "\u200b",
]


def _edit(text: str, kind: int, pos: float, other: float, char: str) -> str:
    """Apply one edit; ``pos``/``other`` are fractions of the length so shrinking stays stable."""
    if kind < 4:  # character edits
        if not text:
            return char
        i = min(int(pos * len(text)), len(text) - 1)
        j = min(int(other * len(text)), len(text) - 1)
        if kind == 0:
            return text[:i] + text[i + 1:]
        if kind == 1:
            return text[:i] + text[i] + text[i:]
        if kind == 2:
            chars = list(text)
            chars[i], chars[j] = chars[j], chars[i]
            return "".join(chars)
        return text[:i] + char + text[i:]
    lines = text.split("\n")
    i = min(int(pos * len(lines)), len(lines) - 1)
    j = min(int(other * len(lines)), len(lines) - 1)
    if kind == 4:
        del lines[i]
    elif kind == 5:
        lines.insert(i, lines[i])
    elif kind == 6:
        lines[i], lines[j] = lines[j], lines[i]
    else:  # cut the line short: truncated uploads and half-copied records
        lines[i] = lines[i][: int(other * len(lines[i]))]
    return "\n".join(lines)


@st.composite
def mutated(draw: st.DrawFn, text: str, max_edits: int = 8) -> str:
    """``text`` with 1..max_edits random edits."""
    n = draw(st.integers(min_value=1, max_value=max_edits))
    for _ in range(n):
        kind = draw(st.integers(min_value=0, max_value=7))
        pos = draw(st.floats(min_value=0, max_value=1, allow_nan=False))
        other = draw(st.floats(min_value=0, max_value=1, allow_nan=False))
        char = draw(st.sampled_from(INTERESTING))
        text = _edit(text, kind, pos, other, char)
    return text


def split_pdn_games(text: str) -> list[str]:
    """The games of a PDN file as separate texts (split before each tag section that follows a blank line)."""
    games: list[str] = []
    current: list[str] = []
    previous_blank = True
    for line in text.splitlines():
        if line.startswith("[") and previous_blank and any(not cur.startswith("[") for cur in current if cur.strip()):
            games.append("\n".join(current))
            current = []
        current.append(line)
        previous_blank = not line.strip()
    if current:
        games.append("\n".join(current))
    return [g for g in games if g.strip()]


def read_fixture(path: Path) -> str:
    """A fixture file's text (latin-1 fallback: some real PDN files are not UTF-8)."""
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
