"""The values of a PDN file: games, moves, variations, and the errors and warnings of reading.

Reading is in ``arbiter.pdn_reader`` (``read_pdn``, ``iter_pdn``), writing in ``arbiter.pdn_writer``;
``arbiter.pdn`` gathers the public names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from arbiter.fen import parse_fen
from arbiter.position import Position, initial_position
from arbiter.profiles import PROFILES, Colour, Profile, UnknownVariant, get_profile

VariantSource = Literal["tag", "detected", "default"]

# PDN GameType number -> profile name (reference/pdn.md section 2; PDN 3.0 doc/gametype.rst).
GAME_TYPES: dict[int, str] = {int(p.game_type.split(",")[0]): p.name for p in PROFILES.values()
                              if p.pdn_game_type_owner}
_GAMETYPE_RE = re.compile(
    r"^\s*(\d+)\s*(?:,\s*([WB?])\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([ANS][0-3])\s*(?:,\s*([01]))?)?\s*$")
# Variations nested deeper than this make the game unreadable (a clear error instead of exhausting the
# stack of every later reader, writer and comparison).
MAX_VARIATION_DEPTH = 100


@dataclass
class PdnError:
    """A problem that makes one game unreadable: ``game`` is its 1-based index in the file."""

    game: int
    line: int
    column: int
    message: str
    # What was read leniently in this game before it turned out unreadable.
    warnings: list[PdnWarning] = field(default_factory=list, compare=False)

    def __str__(self) -> str:
        return f"game {self.game}, line {self.line}, column {self.column}: {self.message}"


@dataclass
class PdnWarning:
    """Something read leniently (and what was done with it); ``game`` is the 1-based index of the game."""

    game: int
    line: int
    column: int
    message: str
    # The message as a template of ``arbiter.messages`` and its params (the web translates them).
    template: str = ""
    params: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"game {self.game}, line {self.line}, column {self.column}: {self.message}"


@dataclass
class PdnVariation:
    """An alternative line: comments before its first move, then its moves."""

    moves: list[PdnMove] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


@dataclass
class PdnMove:
    """One written move (half-move) with its annotations.

    ``text`` is the move as written with spaces and leading zeros removed and dashes unified
    (``"1- 6"`` -> ``"1-6"``); ``raw`` is exactly as written. ``number`` and ``side`` ('W'/'B')
    follow the move numbers of the text (or count on from the previous move). ``strength`` is a
    mark such as ``!``, ``?!`` or ``(?)``; ``nags`` are ``$n`` codes; ``comments`` follow the
    move; ``variations`` are alternatives to this move. ``line``/``column`` locate the move.
    ``--`` is a move that was not recorded (``1. - -``).
    """

    text: str
    number: int
    side: Colour
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)
    raw: str = field(default="", compare=False)
    strength: str = ""
    nags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variations: list[PdnVariation] = field(default_factory=list)
    # The move number as written before this move ("12." or "12..."), "" if none; not compared.
    number_mark: str = field(default="", compare=False)


_RESULT_MAP = {"2-0": "2-0", "1-0": "2-0", "0-2": "0-2", "0-1": "0-2", "1-1": "1-1", "1/2-1/2": "1-1",
               "\u00bd-\u00bd": "1-1", "0.5-0.5": "1-1", "0-0": "0-0", "*": "*", "1+-1-": "2-0", "1--1+": "0-2"}
RESULTS_ACCEPTED = "2-0, 1-1, 0-2, 1-0, 1/2-1/2, 0-1, 0-0, *"


def normalise_result(text: str | None) -> str | None:
    """The draughts-family result (``2-0``, ``1-1``, ``0-2``, ``0-0`` or ``*``) of a result string.

    Chess results map to draughts ones. None when the text is not a result: a score such as ``4-6``
    (a match or a Delfts-format score) says nothing about who won this game under the PDN result
    families, so it is not guessed.
    """
    if text is None:
        return None
    t = text.strip().replace(" ", "")
    return _RESULT_MAP.get(t)


@dataclass
class PdnGame:
    """One game: tags in file order, the main line, the result.

    ``variant`` is the profile name: from a ``GameType`` tag (short ``20`` or full
    ``20,W,10,10,N2,0``; a ``Variant`` tag naming a profile with the same GameType number refines
    it, see ``variant_tags``) or a ``Variant`` tag alone (``variant_source`` 'tag'); else detected
    from the FEN, the square notation and the first moves ('detected'); else the family's default
    ('default', with the profiles that stay possible in ``variant_candidates``). None with an
    unsupported GameType. ``result`` is the result text (``*`` when none was written);
    ``result_source`` says whether it closed the moves ('moves'), came from the ``Result`` tag
    ('tag') or is missing ('none'). ``index`` is the 1-based position of the game in the file,
    unreadable games included. ``warnings`` are what was read leniently.
    """

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[PdnMove] = field(default_factory=list)
    result: str = "*"
    comments: list[str] = field(default_factory=list)
    variant: str | None = "international"
    variant_source: VariantSource = "default"
    index: int = field(default=0, compare=False)
    line: int = field(default=0, compare=False)
    variant_candidates: tuple[str, ...] = field(default=(), compare=False)
    variant_evidence: str = field(default="", compare=False)
    result_source: str = field(default="moves", compare=False)
    result_line: int = field(default=0, compare=False)
    warnings: list[PdnWarning] = field(default_factory=list, compare=False)

    @property
    def fen(self) -> str | None:
        """The start FEN from the FEN tag, or None for the variant's initial position."""
        value = self.tags.get("FEN")
        return value.strip() if value and value.strip() else None

    @property
    def normalised_result(self) -> str | None:
        """The result in the draughts family (see ``normalise_result``)."""
        return normalise_result(self.result)

    @property
    def profile(self) -> Profile:
        """The rule profile of the game; raises UnknownVariant for an unsupported GameType."""
        if self.variant is None:
            raise UnknownVariant(f"unsupported GameType {self.tags.get('GameType', '')!r}")
        return get_profile(self.variant)

    def start_position(self) -> Position:
        """The position the game starts from (FEN tag, else the initial position).

        A FEN whose side to move is '?' takes the profile's first side. Raises FenError.
        """
        prof = self.profile
        fen = self.fen
        if fen is None:
            return initial_position(prof)
        if fen.startswith("?"):
            fen = prof.first_side + fen[1:]
        return parse_fen(fen, prof)

    @property
    def first_side(self) -> Colour:
        """The side that moves first within each move number (White unless the variant starts with Black)."""
        if self.variant in PROFILES:
            return PROFILES[self.variant].first_side
        return "W"


@dataclass
class PdnReadResult:
    """The games read from a file, the errors of the games that could not be read, and the warnings."""

    games: list[PdnGame] = field(default_factory=list)
    errors: list[PdnError] = field(default_factory=list)
    warnings: list[PdnWarning] = field(default_factory=list)


_SPACES = re.compile(r"\s+")
_DASHES = re.compile(r"[\u2010\u2011\u2012\u2013\u2014\u2212]")
_ZEROS = re.compile(r"(?<![0-9A-Za-z])0+(?=\d)")


def normalise_move_text(raw: str) -> str:
    """Move text without spaces and leading zeros, with unicode dashes/crosses unified."""
    t = raw
    if " " in t or "\t" in t:
        t = _SPACES.sub("", t)
    if not t.isascii():
        t = _DASHES.sub("-", t).replace("\u00d7", "x")
    if "0" in t:
        t = _ZEROS.sub("", t)
    return t


def variant_from_game_type(value: str) -> str | None:
    """Profile name of a GameType tag value (short or full form), None if not supported."""
    m = _GAMETYPE_RE.match(value)
    if not m:
        return None
    return GAME_TYPES.get(int(m.group(1)))


def game_type_number(value: str) -> int | None:
    """The number of a GameType tag value (``20`` of ``20,W,10,10,N2,0``), None if unreadable."""
    m = _GAMETYPE_RE.match(value)
    return int(m.group(1)) if m else None


def variant_tags(profile: Profile | str) -> dict[str, str]:
    """The tags that name ``profile`` in a PDN file so that ``read_pdn`` gives it back.

    Always ``GameType`` (full form). A profile that has no GameType of its own (German Dame is
    written as English, 21) also gets ``Variant`` with its name; the reader lets that tag refine
    a GameType of the same number.
    """
    prof = get_profile(profile)
    tags = {"GameType": prof.game_type}
    if variant_from_game_type(prof.game_type) != prof.name:
        tags["Variant"] = prof.name
    return tags
