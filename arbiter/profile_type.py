"""The ``Profile`` type: the rules of one game of draughts as named traits (the profiles are in
``arbiter.profiles``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from arbiter.board import Geometry, Layout, Numbering, geometry
from arbiter.drawrules import DrawRules

Colour = Literal["W", "B"]
Lines = Literal["diagonal", "orthogonal", "both"]


class UnknownVariant(ValueError):
    """Raised for a variant name that names no profile."""


@dataclass(frozen=True)
class Profile:
    """The rules of one game of draughts, as data.

    Field names say what they switch; the FMJD article is given where one exists. The defaults are
    the FMJD rules; ``sources`` cites, for every trait a profile sets otherwise, the rule and its text.
    """

    name: str
    # FMJD 2.1/2.6: 10x10 (50 squares) for international; 8x8 (32 squares), 12x12 (72 squares).
    board_size: int
    # FMJD 2.8: rows of men each side starts with (4 on 10x10, 3 on 8x8, 5 on 12x12, 2 Thai and Turkish).
    rows: int
    # FMJD 2.8: White moves first; English, German Dame, American pool and Thai start with Black.
    first_side: Colour
    # FMJD 4.1-4.2: men capture forwards and backwards (English, German, Italian, Spanish, Czech: forwards only).
    men_capture_backwards: bool
    # FMJD 3.9, 4.3: kings move and capture at a distance (English, German, Italian: one square).
    flying_kings: bool
    # FMJD 4.13: 'majority' = the sequence taking the most pieces is compulsory (a king counts as
    # one); 'free' = any complete capture sequence may be chosen; 'value' = the sequence of the highest
    # value, a king worth ``king_value`` men (Frisian).
    capture_precedence: Literal["majority", "free", "value"]
    # FMJD 4.15: a man passing the far row during a capture stays a man (False). Russian: it is
    # crowned at once and continues capturing as a king (True).
    promote_during_capture: bool
    # PDN GameType notation: 'numeric' squares (1-50, 1-32) or 'alphanumeric' (a1-h8).
    notation: Literal["numeric", "alphanumeric"]
    # FMJD 8.2: separator of a capture in notation ('x'; ':' in Russian).
    capture_separator: str
    # PDN GameType written for this profile (full form).
    game_type: str
    # PDN result family: 'international' (2-0 1-1 0-2) or 'default' (1-0 1/2-1/2 0-1).
    result_family: Literal["international", "default"]
    # FMJD art. 6 or the profile's own draw rules (used by the validator).
    draw: DrawRules = field(default_factory=DrawRules)
    # FMJD 8.2: separator of an ordinary move.
    move_separator: str = "-"
    description: str = ""
    # The profile that a bare GameType number stands for (German Dame shares 21 with English: False).
    pdn_game_type_owner: bool = True
    # Tried when a file does not name its game (``arbiter.detect``); German Dame is never guessed.
    detectable: bool = True
    # PDN GameType invert flag and notation corner (see ``arbiter.board``).
    layout: Layout = "dark"
    numbering: Numbering = "top_left"
    # Rows left empty behind the men (Turkish: the back row).
    back_rows_empty: int = 0
    # How men move (diagonally forward; Turkish: one square forward or sideways).
    men_move: Literal["diagonal", "orthogonal"] = "diagonal"
    # Along which lines pieces capture (Frisian: both; Turkish: orthogonal) and kings move.
    capture_lines: Lines = "diagonal"
    king_move_lines: Literal["diagonal", "orthogonal"] = "diagonal"
    # Italian: a man may not capture a king.
    men_capture_kings: bool = True
    # Thai: a flying king capturing lands on the square just behind the piece it takes.
    king_lands_next: bool = False
    # FMJD 4.11: jumped pieces are removed when the move ends ('end'); Turkish and Thai: at once ('immediate').
    removal: Literal["end", "immediate"] = "end"
    # Turkish: a piece may not reverse its direction between two captures (with 'end' removal the
    # captured piece blocks the way back anyway).
    no_reverse: bool = False
    # Value of a king in men for 'value' precedence, in thousandths (Frisian: more than 1, less than 2).
    king_value_milli: int = 1000
    # Who must capture: 'always' = if a king can capture, a king captures (Czech); 'on_tie' = among the
    # captures left by the count or value, one made by a king (Italian, Frisian); 'never'.
    king_capture_priority: Literal["never", "always", "on_tie"] = "never"
    # Among equal counts, the sequence taking the most kings (Italian, Spanish, Portuguese) ...
    most_kings_priority: bool = False
    # ... and among those, the one that takes a king earliest (Italian).
    earliest_king_priority: bool = False
    # Frisian: a king may make at most this many non-capturing moves in a row while its side has men.
    king_quiet_move_limit: int | None = None
    # The rule book the irregularity messages cite, and the article of each rule they apply
    # (keys: the irregularity kinds of ``arbiter.irregularities`` and 'capture_rule', 'majority_rule',
    # 'continue_rule', 'move_rule'); empty for the FMJD games, which use the FMJD numbers.
    rule_book: str = "FMJD"
    articles: tuple[tuple[str, str], ...] = ()
    # For every trait that differs from the FMJD rules: (trait, the rule and where it was read).
    sources: tuple[tuple[str, str], ...] = ()

    @property
    def white_first(self) -> bool:
        """True when White makes the first move of the game."""
        return self.first_side == "W"

    @cached_property
    def geometry(self) -> Geometry:
        """The board of this profile (size, layout, numbering)."""
        return geometry(self.board_size, self.layout, self.numbering)

    @property
    def squares(self) -> int:
        """Number of playing squares (50, 32, 72; 64 on the Turkish board)."""
        return self.geometry.squares

    @property
    def generic(self) -> bool:
        """True when a trait needs the ray-based move generator (``arbiter.movegen_generic``)."""
        return (self.layout == "all" or self.capture_lines != "diagonal" or self.men_move != "diagonal"
                or not self.men_capture_kings or self.king_lands_next or self.removal != "end"
                or self.capture_precedence == "value" or self.king_capture_priority != "never"
                or self.most_kings_priority or self.earliest_king_priority)

    def article(self, key: str) -> str:
        """The article this profile's rule book gives for ``key`` (see ``articles``), or the book's name."""
        return dict(self.articles).get(key, f"{self.rule_book} rules")
