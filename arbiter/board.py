"""Board geometry: square numbering, the bit layout used internally, and precomputed rays.

Squares are numbered as in FMJD Annex 1 art. 2.6 (and PDN): the playing squares row by row, left to
right, from the top-left as White sees the board. On the 10x10 board row 0 holds squares 1-5 on
columns 1, 3, 5, 7, 9; row 1 holds 6-10 on columns 0, 2, 4, 6, 8, and so on. The 8x8 and 12x12
boards use the same scheme (English numbering 1-32, Canadian 1-72; the alphanumeric names a1-h8 of
the Russian and Brazilian games are derived from it, a1 being White's bottom-left corner).

Other games number and colour the board otherwise (PDN 3.0 GameType, ``reference/pdn.md``):

* ``layout`` 'dark' (the bottom-left corner is a playing square, GameType invert flag 0), 'inverted'
  (it is not: Italian, Spanish, Portuguese; flag 1) or 'all' (every square is played: Turkish);
* ``numbering`` 'top_left' (square 1 at White's top-left, rows left to right from the top) or
  'bottom_right' (square 1 at White's bottom-right, rows right to left from the bottom: Spanish,
  Portuguese, Thai).

Internally a square is a bit index in a Python int. On the diagonal boards a "ghost" bit is inserted
after every two rows so that each diagonal step is one constant shift for every square: with ``half``
squares a row, the steps are ``-(half+1)``, ``-half``, ``+half`` and ``+half+1``. A step off the board
lands on a ghost bit or outside the board mask, which never holds a piece, so bitboard expressions need
no edge masks. An inverted board is stored as its mirror image (the bit of a square is the bit of the
square at the mirrored column on a 'dark' board): every draughts rule is the same mirrored, so the
shift arithmetic holds, while rays and names come from the real coordinates. On an 'all' board the bit
is ``row * size + column`` and only the rays are used.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Literal

# Direction indices: the four diagonals (``3 - d`` is the opposite of ``d``), then the four lines.
UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT = 0, 1, 2, 3
UP, LEFT, RIGHT, DOWN = 4, 5, 6, 7
ALL_DIRECTIONS = (UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT)
LINE_DIRECTIONS = (UP, LEFT, RIGHT, DOWN)
OPPOSITE = (3, 2, 1, 0, 7, 6, 5, 4)
# (row step, column step) of each direction; a line step on a diagonal board skips a square.
STEPS = ((-1, -1), (-1, 1), (1, -1), (1, 1), (-1, 0), (0, -1), (0, 1), (1, 0))

Layout = Literal["dark", "inverted", "all"]
Numbering = Literal["top_left", "bottom_right"]


@dataclass(frozen=True)
class Geometry:
    """Precomputed tables for one board (size, layout, numbering)."""

    size: int
    half: int
    squares: int
    shifts: tuple[int, int, int, int]
    board_mask: int
    # idx_of[s] = bit index of square s (index 0 unused); sq_of[i] = square of bit i (0 = ghost).
    idx_of: tuple[int, ...]
    sq_of: tuple[int, ...]
    # rays[i][d] = bit indices along direction d from bit i, nearest first (empty for ghosts); d 0-3 the
    # diagonals, 4-7 the lines (on a diagonal board a line step goes two squares, to the same colour).
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    # Squares (as bit masks) where White / Black men are crowned: the far row of each side.
    white_promotion: int
    black_promotion: int
    layout: Layout = "dark"
    numbering: Numbering = "top_left"

    @property
    def per_row(self) -> int:
        """Playing squares in one row."""
        return self.size if self.layout == "all" else self.half

    def row_col(self, square: int) -> tuple[int, int]:
        """Row (0 = top as White sees it) and column (0 = White's left) of a square number."""
        if self.numbering == "bottom_right":
            square = self.squares + 1 - square
        row, k = divmod(square - 1, self.per_row)
        if self.layout == "all":
            return row, k
        odd_first = (row % 2 == 0) == (self.layout == "dark")
        return row, (2 * k + 1 if odd_first else 2 * k)

    def square_at(self, row: int, col: int) -> int | None:
        """The square number at (row, col), or None for a square not played or off the board."""
        if not (0 <= row < self.size and 0 <= col < self.size):
            return None
        if self.layout == "all":
            s = row * self.size + col + 1
        else:
            if ((row + col) % 2 == 0) == (self.layout == "dark"):
                return None
            s = row * self.half + col // 2 + 1
        return self.squares + 1 - s if self.numbering == "bottom_right" else s

    def mask_of(self, squares: Iterable[int]) -> int:
        """Bit mask of an iterable of square numbers."""
        m = 0
        for s in squares:
            m |= 1 << self.idx_of[s]
        return m

    def squares_of(self, mask: int) -> list[int]:
        """Square numbers of the bits set in ``mask``, ascending by bit."""
        out = []
        sq_of = self.sq_of
        while mask:
            low = mask & -mask
            out.append(sq_of[low.bit_length() - 1])
            mask ^= low
        return sorted(out) if self.numbering != "top_left" or self.layout == "inverted" else out

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
        """Square number of an alphanumeric name such as ``c3``; None if it is not a playing square."""
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            return None
        col = ord(text[0].lower()) - ord("a")
        row = self.size - int(text[1:])
        return self.square_at(row, col)


def _bit(size: int, layout: Layout, row: int, col: int) -> int:
    """The internal bit of the playing square at (row, col) (see the module docstring)."""
    if layout == "all":
        return row * size + col
    std_col = col if layout == "dark" else size - 1 - col
    s = row * (size // 2) + std_col // 2 + 1
    return (s - 1) + (s - 1) // size


@cache
def geometry(size: int, layout: Layout = "dark", numbering: Numbering = "top_left") -> Geometry:
    """The geometry of a ``size`` x ``size`` board (8, 10 or 12), computed once."""
    if size not in (8, 10, 12):
        raise ValueError(f"unsupported board size {size} (expected 8, 10 or 12)")
    half = size // 2
    squares = size * size if layout == "all" else size * half
    shifts = (-(half + 1), -half, half, half + 1)
    probe = Geometry(size, half, squares, shifts, 0, (), (), (), 0, 0, layout, numbering)
    idx_of = [0] * (squares + 1)
    for s in range(1, squares + 1):
        idx_of[s] = _bit(size, layout, *probe.row_col(s))
    nbits = max(idx_of) + 1
    sq_of = [0] * (nbits + 1)
    board_mask = 0
    for s in range(1, squares + 1):
        sq_of[idx_of[s]] = s
        board_mask |= 1 << idx_of[s]
    # Rays are built from (row, col) coordinates, which checks the bit layout independently.
    line = 1 if layout == "all" else 2
    rays: list[tuple[tuple[int, ...], ...]] = []
    for i in range(nbits + 1):
        s = sq_of[i] if i < len(sq_of) else 0
        if not s:
            rays.append(((),) * 8)
            continue
        row, col = probe.row_col(s)
        per_dir = []
        for d, (dr, dc) in enumerate(STEPS):
            k = 1 if d < 4 else line
            ray = []
            r, c = row + dr * k, col + dc * k
            while (t := probe.square_at(r, c)) is not None:
                ray.append(idx_of[t])
                r, c = r + dr * k, c + dc * k
            per_dir.append(tuple(ray))
        rays.append(tuple(per_dir))
    top = [s for s in range(1, squares + 1) if probe.row_col(s)[0] == 0]
    bottom = [s for s in range(1, squares + 1) if probe.row_col(s)[0] == size - 1]
    mask = probe.__class__.mask_of
    tables = Geometry(size, half, squares, shifts, board_mask, tuple(idx_of), tuple(sq_of), (), 0, 0, layout,
                      numbering)
    return Geometry(size, half, squares, shifts, board_mask, tuple(idx_of), tuple(sq_of), tuple(rays),
                    mask(tables, top), mask(tables, bottom), layout, numbering)
