"""Matching PDN games to boards: names compared after normalising accents, case and name order."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext as _

from tournaments.models import Board

EXACT, PARTIAL, NONE = 2, 1, 0


@lru_cache(maxsize=8192)
def name_tokens(name: str) -> tuple[str, ...]:
    """Words of a name without accents, case or punctuation, sorted: "Lefèvre, Amélie" and
    "amelie lefevre" give the same tokens ("Last, First" and "First Last" alike)."""
    text = unicodedata.normalize("NFKD", name or "")
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    words = [w for w in re.split(r"[^\w]+", text) if w]
    return tuple(sorted(words))


@lru_cache(maxsize=8192)
def _surname(name: str) -> tuple[str, ...]:
    # "Last, First": the part before the comma; "First Last": the last word.
    if "," in name:
        return name_tokens(name.split(",", 1)[0])
    tokens = name_tokens(name)
    words = [w for w in re.split(r"\s+", name.strip()) if w]
    return name_tokens(words[-1]) if words else tokens


@lru_cache(maxsize=65536)
def name_score(written: str, registered: str) -> int:
    """2: the same name; 1: probably the same (same surname, or one name's words inside the other's,
    e.g. initials); 0: different."""
    a, b = name_tokens(written), name_tokens(registered)
    if not a or not b:
        return NONE
    if a == b:
        return EXACT
    sa, sb = set(a), set(b)
    if (sa <= sb or sb <= sa) and min(len(sa), len(sb)) >= 1:
        return PARTIAL
    if _surname(written) and _surname(written) == _surname(registered):
        return PARTIAL
    # Initials: "Jansen, P." against "Jansen, Piet".
    if len(sa & sb) >= 1 and all(any(y.startswith(x) for y in sb) for x in sa):
        return PARTIAL
    return NONE


@dataclass
class Match:
    """The verdict for one game: ``board`` when exact, ``candidates`` for the arbiter otherwise."""

    status: str  # "exact" | "doubtful" | "unmatched"
    board: Board | None
    candidates: list[Board]
    reason: str


def match_board(white: str, black: str, boards: list[Board]) -> Match:
    """Find the board whose players are ``white`` and ``black`` (names as written in the PDN)."""
    scored = []
    for b in boards:
        if b.white is None or b.black is None:
            continue
        ws, bs = name_score(white, b.white.name), name_score(black, b.black.name)
        sw, sb = name_score(white, b.black.name), name_score(black, b.white.name)
        scored.append((b, ws, bs, sw, sb))
    exact = [b for b, ws, bs, _sw, _sb in scored if ws == EXACT and bs == EXACT]
    if len(exact) == 1:
        return Match("exact", exact[0], exact, "")
    if len(exact) > 1:
        return Match("doubtful", None, exact, _("several boards have these players"))
    swapped = [b for b, _ws, _bs, sw, sb in scored if sw == EXACT and sb == EXACT]
    if swapped:
        return Match("doubtful", None, swapped, _("the players are on this board with the colours the other way round"))
    close = [b for b, ws, bs, _sw, _sb in scored if ws and bs]
    if close:
        return Match("doubtful", None, close, _("the names are similar but not the same"))
    one = [b for b, ws, bs, sw, sb in scored if ws or bs or sw or sb]
    if one:
        return Match("unmatched", None, one, _("only one of the two players was found on a board"))
    return Match("unmatched", None, [], _("no board of this round has these players"))
