"""FEN as in PDN 3.0: ``W:W31-50:B1-20``.

Reading is lenient: kings as ``K12``, ranges ``31-50``, either colour first, a trailing dot,
whitespace anywhere, alphanumeric squares (``Kc3``) on 8x8 boards, a side with no pieces, and
unknown extra fields (lidraughts' ``:H0:F1``) ignored. Writing gives one canonical form.
"""

from __future__ import annotations

import re

from arbiter.board import Geometry
from arbiter.position import Position
from arbiter.profiles import Profile, get_profile


class FenError(ValueError):
    """Raised for an unreadable FEN; the message names the bad part."""


_NUM = re.compile(r"^\d+$")


def _square(g: Geometry, token: str, fen: str) -> int:
    if _NUM.match(token):
        s = int(token)
        if not 1 <= s <= g.squares:
            raise FenError(f"square {s} is off the board (1-{g.squares}) in FEN {fen!r}")
        return s
    a = g.from_alphanumeric(token)
    if a is None:
        raise FenError(f"bad square {token!r} in FEN {fen!r}")
    return a


def check_position(pos: Position) -> None:
    """Refuse a position no game of the profile can reach: an empty board, a man on its own crowning
    row (it would have been crowned, FMJD 3.5 and every profile), more pieces on one side than it
    starts with. Raises FenError naming the square or the count."""
    g = pos.geo
    if not pos.occupied:
        raise FenError("the FEN has no pieces on the board")
    for colour, men, row in (("White", pos.wm, g.white_promotion), ("Black", pos.bm, g.black_promotion)):
        crowned = men & row
        if crowned:
            square = g.squares_of(crowned)[0]
            raise FenError(f"a {colour} man on square {g.name(square, pos.profile)} stands on {colour}'s crowning "
                           "row; it would have been crowned")
    most = pos.profile.rows * g.half
    for colour, count in (("White", (pos.wm | pos.wk).bit_count()), ("Black", (pos.bm | pos.bk).bit_count())):
        if count > most:
            raise FenError(f"{colour} has {count} pieces; a side starts with {most} on this board and never has more")


def parse_fen(text: str, profile: Profile | str = "international", *, check: bool = True) -> Position:
    """Parse a PDN 3.0 FEN into a Position of ``profile``.

    Raises FenError naming the bad part (side to move, colour, square, range, duplicate square) and,
    unless ``check`` is False, for a position no game can reach (``check_position``); UnknownVariant
    for an unknown profile name.
    """
    prof = get_profile(profile)
    g = prof.geometry
    fen = text
    s = re.sub(r"\s+", "", text.lstrip("\ufeff"))
    if s.startswith('"') and s.endswith('"') and len(s) >= 2:
        s = s[1:-1]
    if s.endswith("."):
        s = s[:-1]
    if not s:
        raise FenError("empty FEN")
    parts = s.split(":")
    side = parts[0].upper()
    if side not in ("W", "B"):
        raise FenError(f"side to move must be W or B, not {parts[0]!r} in FEN {fen!r}")
    pieces: dict[str, tuple[set[int], set[int]]] = {"W": (set(), set()), "B": (set(), set())}
    seen_colours: set[str] = set()
    owner: dict[int, str] = {}
    for part in parts[1:]:
        if not part:
            continue
        colour = part[0].upper()
        if colour not in ("W", "B"):
            if len(seen_colours) == 2:
                continue  # unknown suffix after both colours, such as lidraughts' H0 or F12
            raise FenError(f"field {part!r} must start with W or B in FEN {fen!r}")
        if colour in seen_colours:
            raise FenError(f"colour {colour} is listed twice in FEN {fen!r}")
        seen_colours.add(colour)
        men, kings = pieces[colour]
        body = part[1:]
        if not body:
            continue
        for item in body.split(","):
            if not item:
                raise FenError(f"empty square entry in {part!r} of FEN {fen!r}")
            king = item[0] in "Kk"
            tok = item[1:] if king else item
            if "-" in tok:
                lo_t, _, hi_t = tok.partition("-")
                lo, hi = _square(g, lo_t, fen), _square(g, hi_t, fen)
                if lo > hi:
                    raise FenError(f"range {tok!r} runs backwards in FEN {fen!r}")
                squares = list(range(lo, hi + 1))
            else:
                squares = [_square(g, tok, fen)]
            for sq in squares:
                if sq in owner:
                    raise FenError(f"square {sq} is listed twice in FEN {fen!r}")
                owner[sq] = colour
                (kings if king else men).add(sq)
    wm, wk = pieces["W"]
    bm, bk = pieces["B"]
    pos = Position(prof, g.mask_of(wm), g.mask_of(wk), g.mask_of(bm), g.mask_of(bk), side == "W")
    if check:
        check_position(pos)
    return pos


def to_fen(pos: Position, *, alphanumeric: bool | None = None) -> str:
    """The canonical FEN: side to move, then White's pieces, then Black's; men ascending, then
    kings ascending (``K`` prefix); no ranges, no trailing dot.

    Squares are numbers unless ``alphanumeric`` is True; by default alphanumeric squares are used
    for profiles with alphanumeric notation (Russian, Brazilian), as PDN 3.0 prescribes.
    """
    return pos.to_fen(alphanumeric=alphanumeric)
