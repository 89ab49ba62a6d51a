"""How numbers print on the public pages and in the PDFs (one place, so both agree)."""

from __future__ import annotations

from django.utils.translation import gettext

from tournaments.standings import TiebreakValue, describe
from tournaments.standings.ratings import half_up
from tournaments.standings.teams import POINTS_COLUMNS


def points_text(x: float | None) -> str:
    """Points as printed: ``14``, ``13.5``, at most two decimals rounded half up (107.625 prints
    107.63, as FIDE's checker rounds); empty for None."""
    if x is None:
        return ""
    x = float(x)
    if x.is_integer():
        return str(int(x))
    return f"{half_up(x, 2):.2f}".rstrip("0").rstrip(".")


def tiebreak_words(code: str) -> tuple[str, str]:
    """A tie-break's short name and one-line description in the active language (the pure registry
    keeps them in English, marked for the translators)."""
    short, description = describe(code)
    return gettext(short), gettext(description)


def team_code_label(code: str) -> str:
    """How a team table and its key name a code of the rank order in the active language: match and board
    points by the abbreviation heading their columns (``POINTS_COLUMNS``: MP, BP), a tie-break by its code."""
    column = POINTS_COLUMNS.get(code)
    return gettext(column[0]) if column else code


def team_points_heads() -> dict[str, dict[str, str]]:
    """The headings of the match and board points columns (``mp``, ``bp``): ``abbr`` (as the key names
    them, ``team_code_label``) and ``title`` (the words), in the active language."""
    return {key: {"abbr": team_code_label(code), "title": gettext(POINTS_COLUMNS[code][1])}
            for key, code in (("mp", "MPTS"), ("bp", "GPTS"))}


def tiebreak_text(v: TiebreakValue) -> str:
    """A tie-break value as printed: whole numbers plain, fractions to two places,
    cascades (FMJD full truncated Solkoff) as ``30/22/12``, not applicable as a dash."""
    if v is None:
        return "–"
    if isinstance(v, tuple):
        return "/".join(points_text(x) for x in v) or "–"
    return points_text(v)


def tiebreak_sort_key(v: TiebreakValue) -> tuple[int, tuple[float, ...]]:
    """Sort key for a tie-break value (None last when sorting descending)."""
    if v is None:
        return (0, ())
    if isinstance(v, tuple):
        return (1, tuple(float(x) for x in v))
    return (1, (float(v),))


def rating_change_text(x: float | None) -> str:
    """An estimated rating change with its sign: ``+12.3``, ``-4.0``; empty for None."""
    if x is None:
        return ""
    return f"{half_up(x, 1):+.1f}"
