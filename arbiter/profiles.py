"""Rule profiles: every difference between the supported games is a named field, not a code fork.

``international`` follows the FMJD rules (Annex 1 of the FMJD statutes); the other profiles state
only how they differ (see /work/shared/reference/variants.md and the seed texts in rules/seeds).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from arbiter.drawrules import DrawRules

Colour = Literal["W", "B"]


class UnknownVariant(ValueError):
    """Raised for a variant name that names no profile."""


@dataclass(frozen=True)
class Profile:
    """The rules of one game of draughts, as data.

    Field names say what they switch; the FMJD article is given where one exists.
    """

    name: str
    # FMJD 2.1/2.6: 10x10 (50 squares) for international; 8x8 (32 squares) for the 64-square games.
    board_size: int
    # FMJD 2.8: rows of men each side starts with (4 on 10x10, 3 on 8x8).
    rows: int
    # FMJD 2.8: White moves first; English and German Dame start with Black.
    first_side: Colour
    # FMJD 4.1-4.2: men capture forwards and backwards (English, German: forwards only).
    men_capture_backwards: bool
    # FMJD 3.9, 4.3: kings move and capture at a distance (English, German: one square).
    flying_kings: bool
    # FMJD 4.13: 'majority' = the sequence taking the most pieces is compulsory (a king counts as
    # one); 'free' = any complete capture sequence may be chosen.
    capture_precedence: Literal["majority", "free"]
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

    @property
    def white_first(self) -> bool:
        """True when White makes the first move of the game."""
        return self.first_side == "W"

    @property
    def squares(self) -> int:
        """Number of playing squares (50 or 32)."""
        return self.board_size * self.board_size // 2


# FMJD art. 6: the international draw rules are the DrawRules defaults.
_FMJD_DRAWS = DrawRules()
# Russian draw rules (fmjd64.org 7.2.3-7.2.8, secondary source): threefold repetition (7.2.3); three
# or more kings against a lone king, 15 moves (7.2.4); 15 moves of kings only without a capture
# (7.2.5); kings on both sides and unchanged material, 30 moves with 4-5 pieces, 60 with 6-7 (7.2.6);
# three pieces against a lone king on the long diagonal, 5 moves (7.2.7); 2K, K+M or K against a lone
# king, 5 moves (7.2.8).
_RUSSIAN_DRAWS = DrawRules(king_moves_only_limit=15, sixteen_move_rule=False, five_move_rule=True,
                           kings_against_lone_king_limit=15, long_diagonal_limit=5,
                           unchanged_material_limits=((4, 5, 30), (6, 7, 60)))
# English / WCDF: threefold repetition; 40 moves each with no man advanced and no piece captured
# (the king-moves-only rule with a limit of 40).
_ENGLISH_DRAWS = DrawRules(king_moves_only_limit=40, no_capture_or_promotion_limit=None,
                           sixteen_move_rule=False, five_move_rule=False)
# Brettspielnetz Dame (seed 002): 25 moves without capture or promotion, threefold repetition;
# the FMJD king-only and endgame counts do not apply.
_GERMAN_DRAWS = DrawRules(threefold_repetition=True, king_moves_only_limit=None,
                          no_capture_or_promotion_limit=25, sixteen_move_rule=False, five_move_rule=False)

PROFILES: dict[str, Profile] = {
    "international": Profile(
        name="international", board_size=10, rows=4, first_side="W", men_capture_backwards=True,
        flying_kings=True, capture_precedence="majority", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="20,W,10,10,N2,0",
        result_family="international", draw=_FMJD_DRAWS,
        description="FMJD international draughts (10x10)"),
    "brazilian": Profile(
        name="brazilian", board_size=8, rows=3, first_side="W", men_capture_backwards=True,
        flying_kings=True, capture_precedence="majority", promote_during_capture=False,
        notation="alphanumeric", capture_separator="x", game_type="26,W,8,8,A0,0",
        result_family="default", draw=_FMJD_DRAWS,
        description="Brazilian draughts: the FMJD rules on an 8x8 board"),
    "russian": Profile(
        name="russian", board_size=8, rows=3, first_side="W", men_capture_backwards=True,
        flying_kings=True, capture_precedence="free", promote_during_capture=True,
        notation="alphanumeric", capture_separator=":", game_type="25,W,8,8,A0,0",
        result_family="default", draw=_RUSSIAN_DRAWS,
        description="Russian draughts (shashki): free capture choice, crowned during a capture"),
    "english": Profile(
        name="english", board_size=8, rows=3, first_side="B", men_capture_backwards=False,
        flying_kings=False, capture_precedence="free", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="21,B,8,8,N1,0",
        result_family="default", draw=_ENGLISH_DRAWS,
        description="English draughts / checkers (WCDF): short kings, free capture choice, Black first"),
    "german": Profile(
        name="german", board_size=8, rows=3, first_side="B", men_capture_backwards=False,
        flying_kings=False, capture_precedence="free", promote_during_capture=False,
        notation="numeric", capture_separator="x", game_type="21,B,8,8,N1,0",
        result_family="default", draw=_GERMAN_DRAWS,
        description="German 8x8 Dame as played on Brettspielnetz (seed 002)",
        pdn_game_type_owner=False, detectable=False),
}


def get_profile(name: str | Profile) -> Profile:
    """Return the profile called ``name`` (case-insensitive); a Profile is returned unchanged.

    Raises UnknownVariant naming the bad value and the known names.
    """
    if isinstance(name, Profile):
        return name
    key = name.strip().lower()
    try:
        return PROFILES[key]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise UnknownVariant(f"unknown variant {name!r} (known variants: {known})") from None
