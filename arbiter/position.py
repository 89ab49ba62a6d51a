"""Positions and moves: immutable values of the public API."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from arbiter.board import Geometry
from arbiter.profiles import Colour, Profile, get_profile

PieceCode = Literal["w", "W", "b", "B"]


class IllegalMoveError(ValueError):
    """Raised when a move cannot be applied at all (no piece of the side to move on its origin)."""


@dataclass(frozen=True, eq=False)
class Move:
    """A move: origin, destination, captured squares (ascending) and one path.

    ``path`` is (from, intermediate squares, to) in PDN 3.0 form: for a multiple capture the squares
    where the piece turns, or, going straight on, the square just behind each captured piece
    except the last. Identity (``==``, ``hash``) is ``(from_sq, to_sq, frozenset(captures))``:
    two paths capturing the same pieces between the same squares are one move (FMJD; perft).
    ``promotes`` is True when the moving man is crowned by this move.
    """

    from_sq: int
    to_sq: int
    captures: tuple[int, ...] = ()
    path: tuple[int, ...] = ()
    promotes: bool = False

    def __post_init__(self) -> None:
        # Keep the documented invariant (ascending captures) for hand-built moves as well.
        caps = self.captures
        if type(caps) is not tuple or (len(caps) > 1 and list(caps) != sorted(caps)):
            object.__setattr__(self, "captures", tuple(sorted(caps)))

    @property
    def key(self) -> tuple[int, int, frozenset[int]]:
        """The identity of the move: (from, to, set of captured squares)."""
        return (self.from_sq, self.to_sq, frozenset(self.captures))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        sep = "x" if self.captures else "-"
        caps = f", captures={list(self.captures)}" if self.captures else ""
        return f"Move({self.from_sq}{sep}{self.to_sq}{caps})"


class Position:
    """An immutable position: the pieces, the side to move, and the rule profile.

    Equality and hash cover the pieces, the side to move and the profile name, which is what
    repetition detection needs (FMJD 6.1: the same pieces on the same squares, same side to move).
    Pieces are kept as bit masks in the layout of ``arbiter.board``; use the accessors.
    """

    __slots__ = ("profile", "geo", "wm", "wk", "bm", "bk", "white_to_move", "_hash")

    profile: Profile
    geo: Geometry
    wm: int
    wk: int
    bm: int
    bk: int
    white_to_move: bool
    _hash: int

    def __init__(self, profile: Profile, wm: int, wk: int, bm: int, bk: int, white_to_move: bool) -> None:
        object.__setattr__(self, "profile", profile)
        object.__setattr__(self, "geo", profile.geometry)
        object.__setattr__(self, "wm", wm)
        object.__setattr__(self, "wk", wk)
        object.__setattr__(self, "bm", bm)
        object.__setattr__(self, "bk", bk)
        object.__setattr__(self, "white_to_move", white_to_move)
        object.__setattr__(self, "_hash", hash((profile.name, wm, wk, bm, bk, white_to_move)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    @classmethod
    def from_squares(cls, profile: Profile | str, *, white_men: Iterable[int] = (), white_kings: Iterable[int] = (),
                     black_men: Iterable[int] = (), black_kings: Iterable[int] = (),
                     side_to_move: Colour = "W") -> Position:
        """Build a position from iterables of square numbers.

        Raises ValueError when a square is off the board or holds two pieces.
        """
        prof = get_profile(profile)
        g = prof.geometry
        groups = [list(white_men), list(white_kings), list(black_men), list(black_kings)]
        seen: set[int] = set()
        for group in groups:
            for s in group:
                if not 1 <= s <= g.squares:
                    raise ValueError(f"square {s} is not on the board (1-{g.squares})")
                if s in seen:
                    raise ValueError(f"square {s} holds two pieces")
                seen.add(s)
        wm, wk, bm, bk = (g.mask_of(group) for group in groups)
        return cls(prof, wm, wk, bm, bk, side_to_move == "W")

    # -- equality ---------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self.wm == other.wm and self.wk == other.wk and self.bm == other.bm and self.bk == other.bk
                and self.white_to_move == other.white_to_move and self.profile.name == other.profile.name)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Position({self.to_fen()!r}, {self.profile.name!r})"

    def to_fen(self, *, alphanumeric: bool | None = None) -> str:
        """The canonical FEN (see ``arbiter.fen.to_fen``, which calls this)."""
        g = self.geo
        alpha = self.profile.notation == "alphanumeric" if alphanumeric is None else alphanumeric

        def name(s: int) -> str:
            return g.alphanumeric(s) if alpha else str(s)

        def field(colour: str, men: int, kings: int) -> str:
            items = [name(s) for s in g.squares_of(men)] + ["K" + name(s) for s in g.squares_of(kings)]
            return colour + ",".join(items)

        return f"{self.side_to_move}:{field('W', self.wm, self.wk)}:{field('B', self.bm, self.bk)}"

    # -- accessors --------------------------------------------------------------------------
    @property
    def side_to_move(self) -> Colour:
        """'W' or 'B'."""
        return "W" if self.white_to_move else "B"

    def _masks(self, colour: str) -> tuple[int, int]:
        c = colour.upper()[:1]
        if c == "W":
            return self.wm, self.wk
        if c == "B":
            return self.bm, self.bk
        raise ValueError(f"colour must be 'W' or 'B', not {colour!r}")

    def men(self, colour: str) -> frozenset[int]:
        """Squares of the men of ``colour`` ('W' or 'B')."""
        return frozenset(self.geo.squares_of(self._masks(colour)[0]))

    def kings(self, colour: str) -> frozenset[int]:
        """Squares of the kings of ``colour``."""
        return frozenset(self.geo.squares_of(self._masks(colour)[1]))

    def pieces(self, colour: str) -> frozenset[int]:
        """Squares of all pieces (men and kings) of ``colour``."""
        m, k = self._masks(colour)
        return frozenset(self.geo.squares_of(m | k))

    def piece_at(self, square: int) -> PieceCode | None:
        """'w'/'b' for a man, 'W'/'B' for a king, None for an empty square.

        Raises ValueError for a number that is not a square of this board.
        """
        if not 1 <= square <= self.geo.squares:
            raise ValueError(f"square {square} is not on the board (1-{self.geo.squares})")
        bit = 1 << self.geo.idx_of[square]
        if self.wm & bit:
            return "w"
        if self.wk & bit:
            return "W"
        if self.bm & bit:
            return "b"
        if self.bk & bit:
            return "B"
        return None

    @property
    def occupied(self) -> int:
        """Bit mask of all pieces."""
        return self.wm | self.wk | self.bm | self.bk


def initial_position(profile: Profile | str = "international") -> Position:
    """The start position of a profile: the men of each side on its ``rows`` nearest rows, behind
    ``back_rows_empty`` empty rows (FMJD 2.8: Black on 1-20, White on 31-50; 8x8: 1-12 / 21-32).

    Raises UnknownVariant for an unknown profile name.
    """
    prof = get_profile(profile)
    g = prof.geometry
    skip, rows = prof.back_rows_empty, prof.rows
    black = [s for s in range(1, g.squares + 1) if skip <= g.row_col(s)[0] < skip + rows]
    white = [s for s in range(1, g.squares + 1) if g.size - skip - rows <= g.row_col(s)[0] < g.size - skip]
    return Position(prof, g.mask_of(white), 0, g.mask_of(black), 0, prof.white_first)
