"""Board geometry: square numbering, the bit layout used internally, and precomputed rays.

Squares are numbered as in FMJD Annex 1 art. 2.6 (and PDN): the dark squares row by row, left to
right, from the top-left as White sees the board. On the 10x10 board row 0 holds squares 1-5 on
columns 1, 3, 5, 7, 9; row 1 holds 6-10 on columns 0, 2, 4, 6, 8, and so on. The 8x8 board uses the
same scheme with 4 squares a row (English numbering 1-32; the alphanumeric names a1-h8 of the
Russian and Brazilian games are derived from it, a1 being White's bottom-left corner).

Internally a square is a bit index in a Python int. A "ghost" bit is inserted after every two rows
so that each diagonal step is one constant shift for every square: with ``half`` squares a row,
the steps are ``-(half+1)`` (up-left), ``-half`` (up-right), ``+half`` (down-left) and
``+half+1`` (down-right). A step off the board lands on a ghost bit or outside the board mask,
which never holds a piece, so bitboard expressions need no edge masks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

# Direction indices. ``3 - d`` is the opposite of ``d``.
UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = 0, 1, 2, 3
ALL_DIRECTIONS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)


@dataclass(frozen=True)
class Geometry:
    """Precomputed tables for one board size (8 or 10)."""

    size: int
    half: int
    squares: int
    shifts: tuple[int, int, int, int]
    board_mask: int
    # idx_of[s] = bit index of square s (index 0 unused); sq_of[i] = square of bit i (0 = ghost).
    idx_of: tuple[int, ...]
    sq_of: tuple[int, ...]
    # rays[i][d] = bit indices along direction d from bit i, nearest first (empty for ghosts).
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    # Squares (as bit masks) where White / Black men are crowned: the far row of each side.
    white_promotion: int
    black_promotion: int

    def row_col(self, square: int) -> tuple[int, int]:
        """Row (0 = top as White sees it) and column (0 = White's left) of a square number."""
        row, k = divmod(square - 1, self.half)
        return row, (2 * k + 1 if row % 2 == 0 else 2 * k)

    def square_at(self, row: int, col: int) -> int | None:
        """The square number at (row, col), or None for a light square or off the board."""
        if not (0 <= row < self.size and 0 <= col < self.size) or (row + col) % 2 == 0:
            return None
        return row * self.half + col // 2 + 1

    def mask_of(self, squares: Iterable[int]) -> int:
        """Bit mask of an iterable of square numbers."""
        m = 0
        for s in squares:
            m |= 1 << self.idx_of[s]
        return m

    def squares_of(self, mask: int) -> list[int]:
        """Square numbers of the bits set in ``mask``, ascending."""
        out = []
        sq_of = self.sq_of
        while mask:
            low = mask & -mask
            out.append(sq_of[low.bit_length() - 1])
            mask ^= low
        return out

    def alphanumeric(self, square: int) -> str:
        """Alphanumeric name of a square: file letter from White's left, rank 1 at White's side."""
        row, col = self.row_col(square)
        return f"{chr(ord('a') + col)}{self.size - row}"

    def name(self, square: int, profile: object) -> str:
        """The written name of ``square`` under the notation of ``profile`` (a ``Profile``)."""
        if getattr(profile, "notation", "numeric") == "alphanumeric":
            return self.alphanumeric(square)
        return str(square)

    def from_alphanumeric(self, text: str) -> int | None:
        """Square number of an alphanumeric name such as ``c3``; None if it is not a dark square."""
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            return None
        col = ord(text[0].lower()) - ord("a")
        row = self.size - int(text[1:])
        return self.square_at(row, col)


@cache
def geometry(size: int) -> Geometry:
    """The geometry of a ``size`` x ``size`` board (8 or 10), computed once."""
    if size not in (8, 10):
        raise ValueError(f"unsupported board size {size} (expected 8 or 10)")
    half = size // 2
    squares = size * half
    shifts = (-(half + 1), -half, half, half + 1)
    idx_of = [0] + [(s - 1) + (s - 1) // size for s in range(1, squares + 1)]
    nbits = idx_of[squares] + 1
    sq_of = [0] * (nbits + 1)
    for s in range(1, squares + 1):
        sq_of[idx_of[s]] = s
    board_mask = 0
    for s in range(1, squares + 1):
        board_mask |= 1 << idx_of[s]
    # Rays are built from (row, col) coordinates, which checks the ghost layout independently.
    geo_tmp = Geometry(size, half, squares, shifts, board_mask, tuple(idx_of), tuple(sq_of), (), 0, 0)
    steps = ((-1, -1), (-1, 1), (1, -1), (1, 1))
    rays: list[tuple[tuple[int, ...], ...]] = []
    for i in range(nbits + 1):
        s = sq_of[i] if i < len(sq_of) else 0
        if not s:
            rays.append(((), (), (), ()))
            continue
        row, col = geo_tmp.row_col(s)
        per_dir = []
        for dr, dc in steps:
            ray = []
            r, c = row + dr, col + dc
            while (t := geo_tmp.square_at(r, c)) is not None:
                ray.append(t)
                r, c = r + dr, c + dc
            per_dir.append(tuple(idx_of[t] for t in ray))
        rays.append(tuple(per_dir))
    white_promotion = geo_tmp.mask_of(range(1, half + 1))
    black_promotion = geo_tmp.mask_of(range(squares - half + 1, squares + 1))
    return Geometry(size, half, squares, shifts, board_mask, tuple(idx_of), tuple(sq_of), tuple(rays),
                    white_promotion, black_promotion)
