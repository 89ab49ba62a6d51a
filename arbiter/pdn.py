"""PDN files: reading many games leniently, with errors that name game, line and column.

``read_pdn(text)`` returns every readable game and one ``PdnError`` per broken game; a broken game
never stops the others. Moves are kept as written (normalised only in spacing, leading zeros and
dashes); checking them against the rules is the validator's job. Writing is in
``arbiter.pdn_writer``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from arbiter import pdn_lexer as lx
from arbiter.fen import FenError, parse_fen
from arbiter.position import Position, initial_position
from arbiter.profiles import PROFILES, Colour, Profile, UnknownVariant, get_profile

# PDN GameType number -> profile name (reference/pdn.md section 2).
GAME_TYPES: dict[int, str] = {20: "international", 21: "english", 25: "russian", 26: "brazilian"}
_GAMETYPE_RE = re.compile(
    r"^\s*(\d+)\s*(?:,\s*([WB?])\s*,\s*(\d+)\s*,\s*(\d+)\s*,\s*([ANS][0-3])\s*(?:,\s*([01]))?)?\s*$")


@dataclass
class PdnError:
    """A problem in one game: ``game`` is its 1-based index in the file."""

    game: int
    line: int
    column: int
    message: str

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


def normalise_result(text: str | None) -> str | None:
    """The draughts-family result (``2-0``, ``1-1``, ``0-2``, ``0-0`` or ``*``) of a result string.

    Chess results map to draughts ones; a score like ``4-6`` (Delfts format) maps by comparing the
    two numbers. None when the text cannot be understood.
    """
    if text is None:
        return None
    t = text.strip().replace(" ", "")
    if t in _RESULT_MAP:
        return _RESULT_MAP[t]
    m = re.fullmatch(r"(\d+(?:[.,]\d+)?)-(\d+(?:[.,]\d+)?)", t)
    if m:
        a, b = (float(x.replace(",", ".")) for x in m.groups())
        return "2-0" if a > b else "0-2" if a < b else "1-1"
    return None


@dataclass
class PdnGame:
    """One game: tags in file order, the main line, the result.

    ``variant`` is the profile name from GameType (short ``20`` or full ``20,W,10,10,N2,0``; a
    ``Variant`` tag naming a profile with the same GameType number refines it, see
    ``variant_tags``), else from a ``Variant`` tag alone, else inferred from the squares used;
    ``variant_source`` says which ('GameType', 'Variant', 'inferred', 'default'); None with an
    unsupported GameType. ``result`` is the raw result text (``*`` when
    none was written). ``index`` is the 1-based position of the game in the file.
    """

    tags: dict[str, str] = field(default_factory=dict)
    moves: list[PdnMove] = field(default_factory=list)
    result: str = "*"
    comments: list[str] = field(default_factory=list)
    variant: str | None = "international"
    variant_source: str = "default"
    index: int = field(default=0, compare=False)
    line: int = field(default=0, compare=False)

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
    """The games read from a file and the errors of the games that could not be read."""

    games: list[PdnGame] = field(default_factory=list)
    errors: list[PdnError] = field(default_factory=list)


def normalise_move_text(raw: str) -> str:
    """Move text without spaces and leading zeros, with unicode dashes/crosses unified."""
    t = re.sub(r"\s+", "", raw)
    t = re.sub(r"[\u2010\u2011\u2012\u2013\u2014\u2212]", "-", t).replace("\u00d7", "x")
    return re.sub(r"(?<![0-9A-Za-z])0+(?=\d)", "", t)


def variant_from_game_type(value: str) -> str | None:
    """Profile name of a GameType tag value (short or full form), None if not supported."""
    m = _GAMETYPE_RE.match(value)
    if not m:
        return None
    return GAME_TYPES.get(int(m.group(1)))


def _game_type_number(value: str) -> int | None:
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


def _infer_variant(game: PdnGame) -> tuple[str | None, str]:
    gt = game.tags.get("GameType")
    named = game.tags.get("Variant", "").strip().lower()
    tagged = PROFILES.get(named)
    if gt is not None and gt.strip():
        number = _game_type_number(gt)
        # A Variant tag naming a profile refines a GameType of the same number (German Dame is 21).
        if tagged is not None and number is not None and _game_type_number(tagged.game_type) == number:
            return tagged.name, "GameType"
        return variant_from_game_type(gt), "GameType"
    if tagged is not None:
        return tagged.name, "Variant"
    texts = [mv.text for mv in game.moves]
    if any(re.search(r"[a-hA-H][1-8]", t) for t in texts):
        return "russian", "inferred"
    nums = [int(x) for t in texts for x in re.findall(r"\d+", t)]
    fen = game.fen or ""
    nums += [int(x) for x in re.findall(r"\d+", fen)]
    if nums and max(nums) > 32:
        return "international", "inferred"
    if texts and not fen:
        first = re.findall(r"\d+", texts[0])
        if first and 1 <= int(first[0]) <= 12:
            return "english", "inferred"  # Black moves first from 9-12 on the 8x8 board
    return "international", "default"


class _Builder:
    """Groups tokens into games (see read_pdn)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.index = lx.LineIndex(text)
        self.result = PdnReadResult()
        self.count = 0
        self._new_game()

    def _new_game(self) -> None:
        self.game = PdnGame()
        self.started = False  # any token seen for this game
        self.in_moves = False  # movetext started
        self.error: PdnError | None = None
        # Stack of open lines: (moves list, leading comments); [0] is the main line.
        self.stack: list[tuple[list[PdnMove], list[str]]] = [(self.game.moves, [])]
        self.mark = ""  # move number written before the next move
        self.tag_pos: dict[str, int] = {}

    def fail(self, pos: int, message: str) -> None:
        if self.error is None:
            line, col = self.index.locate(pos)
            self.error = PdnError(self.count + 1, line, col, message)

    def _start(self, pos: int) -> None:
        if not self.started:
            self.started = True
            self.game.line = self.index.locate(pos)[0]

    def finish(self, result: str | None) -> None:
        if not self.started:
            return
        self.count += 1
        g = self.game
        if result is not None:
            g.result = result
        elif g.moves and not g.moves[-1].variations and not g.moves[-1].comments and \
                g.moves[-1].raw.replace(" ", "") == g.tags.get("Result", "").replace(" ", "") != "":
            # A result in an unusual format (Delfts "4-6") reads like a move: the Result tag says
            # what it is.
            g.result = g.moves.pop().raw
        if len(self.stack) > 1 and self.error is None:
            self.fail(len(self.text) - 1, "variation '(' is not closed")
        if self.error is None:
            g.variant, g.variant_source = _infer_variant(g)
            if g.variant is not None and g.fen is not None:
                try:
                    g.start_position()
                except FenError as exc:
                    self.fail(self.tag_pos.get("FEN", 0), f"FEN tag: {exc}")
        if self.error is not None:
            self.error.game = self.count
            self.result.errors.append(self.error)
        else:
            g.index = self.count
            g.comments = self.stack[0][1]
            _number_line(g.moves, _start_side(g), 1, g.first_side, True)
            self.result.games.append(g)
        self._new_game()

    def feed(self, tok: lx.Token) -> None:
        kind = tok.kind
        if kind == lx.TAG:
            if self.in_moves:
                self.finish(None)
            self._start(tok.pos)
            self.game.tags[tok.text] = tok.value
            self.tag_pos[tok.text] = tok.pos
            return
        self._start(tok.pos)
        if kind == lx.ERROR:
            self.fail(tok.pos, tok.text)
            return
        if kind == lx.RESULT:
            if len(self.stack) > 1:
                self.fail(tok.pos, f"result {tok.text!r} inside a variation: ')' missing")
            self.finish(tok.text)
            return
        self.in_moves = True
        moves, comments = self.stack[-1]
        if kind == lx.COMMENT:
            if moves:
                moves[-1].comments.append(tok.text)
            else:
                comments.append(tok.text)
        elif kind == lx.NAG:
            if moves:
                moves[-1].nags.append(tok.text)
            else:
                self.fail(tok.pos, f"NAG {tok.text} before any move")
        elif kind == lx.NUMBER:
            self.mark = f"{int(tok.text)}{tok.value}"
        elif kind == lx.ELLIPSIS:
            if self.mark:
                self.mark = self.mark.rstrip(".") + "..."
        elif kind == lx.MOVE:
            line, col = self.index.locate(tok.pos)
            strength = tok.value
            nags = []
            if strength == "*":  # PDN: '*' as a strength sign means forced, written $7
                strength, nags = "", ["$7"]
            moves.append(PdnMove(normalise_move_text(tok.text), 0, "W", line, col, tok.text, strength, nags,
                                 number_mark=self.mark))
            self.mark = ""
        elif kind == lx.LPAREN:
            if not moves:
                self.fail(tok.pos, "variation '(' before any move")
                return
            var = PdnVariation()
            moves[-1].variations.append(var)
            self.stack.append((var.moves, var.comments))
            self.mark = ""
        elif kind == lx.RPAREN:
            if len(self.stack) == 1:
                self.fail(tok.pos, "')' without a matching '('")
                return
            self.stack.pop()
            self.mark = ""

    def close(self) -> PdnReadResult:
        if self.started:
            self.finish(None)
        return self.result


def _start_side(game: PdnGame) -> Colour:
    fen = game.fen
    if fen and fen[0].upper() in "WB":
        return "W" if fen[0].upper() == "W" else "B"
    return game.first_side


def _number_line(moves: list[PdnMove], side: Colour, number: int, first: Colour, main: bool) -> None:
    """Give each move its number and side: explicit move numbers win, else count on."""
    other: Colour = "B" if first == "W" else "W"
    for i, mv in enumerate(moves):
        mark = mv.number_mark
        if i > 0:
            if side == other:
                number += 1
            side = other if side == first else first
        if mark:
            m = re.match(r"(\d+)(\.+)", mark)
            if m:
                number = int(m.group(1))
                if not (main and i == 0):
                    side = other if m.group(2) == "..." else first
        mv.number, mv.side = number, side
        for var in mv.variations:
            _number_line(var.moves, side, number, first, False)


def read_pdn(text: str) -> PdnReadResult:
    """Read every game of a PDN text.

    Returns the games that could be read and one PdnError (game index, line, column, message) for
    each game that could not; reading goes on after a broken game. Never raises.
    """
    builder = _Builder(text)
    for tok in lx.tokenize(text):
        builder.feed(tok)
    return builder.close()


__all__ = ["FenError", "PdnError", "PdnGame", "PdnMove", "PdnReadResult", "PdnVariation", "normalise_result",
           "read_pdn", "variant_from_game_type", "variant_tags"]
