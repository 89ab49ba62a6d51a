"""Reading PDN files leniently, game by game, with errors and warnings that name game, line and column.

``iter_pdn(lines)`` streams a file: it cuts the text into chunks at the tag line that starts a game
(outside comments), tokenizes one chunk at a time and yields each game (``PdnGame``) or each
unreadable game (``PdnError``) in file order, so memory does not grow with the number of games.
``read_pdn(text)`` collects the same into a ``PdnReadResult``. Nothing here raises on bad input.

Harmless junk is read with a ``PdnWarning`` (line, column) instead of dropping the game: a tag with
no value or an unreadable tag line (the tag is lost), a literal ``\\r`` after a tag, a stray ``-`` after
the last move, moves written ``1. - - 2. - -`` (not recorded), a moves text with no result (the
``Result`` tag is used). Moves are kept as written; checking them is the validator's job.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator

from arbiter import messages as msg
from arbiter import pdn_lexer as lx
from arbiter.detect import detect_static
from arbiter.fen import FenError
from arbiter.pdn_types import (
    MAX_VARIATION_DEPTH,
    PdnError,
    PdnGame,
    PdnMove,
    PdnReadResult,
    PdnVariation,
    PdnWarning,
    normalise_move_text,
    normalise_result,
)
from arbiter.profiles import Colour

PLACEHOLDER = "--"
_LINE_BREAKS = re.compile(r"\r\n|\r|\n")


class _Builder:
    """Groups the tokens of one chunk into games; the game count runs on across chunks."""

    def __init__(self) -> None:
        self.count = 0
        self.out: list[PdnGame | PdnError] = []
        self.warnings: list[PdnWarning] = []
        self.index = lx.LineIndex("")
        self.first_line = 1
        self.end = 0
        self._new_game()

    def start_chunk(self, text: str, first_line: int) -> None:
        self.index = lx.LineIndex(text)
        self.first_line = first_line
        self.end = len(text)

    def locate(self, pos: int) -> tuple[int, int]:
        line, col = self.index.locate(pos)
        return line + self.first_line - 1, col

    def _new_game(self) -> None:
        self.game = PdnGame()
        self.started = False  # any token seen for this game
        self.in_moves = False  # movetext started
        self.error: PdnError | None = None
        # Stack of open lines: (moves list, leading comments); [0] is the main line.
        self.stack: list[tuple[list[PdnMove], list[str]]] = [(self.game.moves, [])]
        self.mark = ""  # move number written before the next move
        self.tag_pos: dict[str, int] = {}
        # Warnings of this game: line, column, message template, params.
        self.pending: list[tuple[int, int, str, dict[str, object]]] = []

    def fail(self, pos: int, message: str) -> None:
        if self.error is None:
            line, col = self.locate(pos)
            self.error = PdnError(self.count + 1, line, col, message)

    def warn(self, pos: int, template: str, **params: object) -> None:
        line, col = self.locate(pos)
        self.pending.append((line, col, template, params))

    def _start(self, pos: int) -> None:
        if not self.started:
            self.started = True
            self.game.line = self.locate(pos)[0]

    def finish(self, result: str | None, pos: int | None = None) -> None:
        if not self.started:
            return
        self.count += 1
        g = self.game
        self._close_result(g, result, pos)
        self._drop_placeholders(g)
        if len(self.stack) > 1 and self.error is None:
            self.fail(max(self.end - 1, 0), "variation '(' is not closed")
        if self.error is None:
            self._settle_variant(g)
        warnings = [PdnWarning(self.count, line, col, msg.render(template, params), template, params)
                    for line, col, template, params in self.pending]
        self.warnings.extend(warnings)
        if self.error is not None:
            self.error.game = self.count
            self.error.warnings = warnings
            self.out.append(self.error)
        else:
            g.index = self.count
            g.comments = self.stack[0][1]
            g.warnings = warnings
            number_lines(g.moves, _start_side(g), g.first_side)
            self.out.append(g)
        self._new_game()

    def _close_result(self, g: PdnGame, result: str | None, pos: int | None) -> None:
        tag = g.tags.get("Result", "").strip()
        if result is not None:
            g.result = result
            g.result_line = self.locate(pos)[0] if pos is not None else 0
            if tag and normalise_result(tag) is not None and normalise_result(result) is not None \
                    and normalise_result(tag) != normalise_result(result) and result != "*":
                self.warn(pos or 0, msg.PDN_RESULT_DIFFERS, result=result, tag_result=tag)
            return
        last = g.moves[-1] if g.moves else None
        if last is not None and not last.variations and not last.comments and tag and \
                last.raw.replace(" ", "") == tag.replace(" ", ""):
            # A result in an unusual format (Delfts "4-6") reads like a move: the Result tag says what it is.
            g.moves.pop()
            g.result, g.result_line = last.raw, last.line
            return
        if tag:
            # No result closes the moves: the Result tag gives the result to check.
            g.result, g.result_source = tag, "tag"
            g.result_line = self.locate(self.tag_pos.get("Result", 0))[0]
        else:
            g.result_source = "none"

    def _drop_placeholders(self, g: PdnGame) -> None:
        """Unrecorded moves (``- -``) at the end of the main line carry nothing: drop them, with a warning."""
        moves = g.moves
        n = 0
        while moves and moves[-1].text == PLACEHOLDER and not moves[-1].variations:
            last = moves.pop()
            n += 1
        if not n:
            return
        line, col = last.line, last.column
        if not moves:
            self.pending.append((line, col, msg.PDN_NOT_RECORDED, {"n": n}))
        elif n == 1 and last.raw.strip() == "-":
            self.pending.append((line, col, msg.PDN_TRAILING_DASH, {}))
        else:
            self.pending.append((line, col, msg.PDN_TRAILING_PLACEHOLDERS, {"n": n}))

    def _settle_variant(self, g: PdnGame) -> None:
        d = detect_static(g)
        g.variant, g.variant_source, g.variant_candidates, g.variant_evidence = \
            d.variant, d.source, d.candidates, d.evidence
        if g.variant is not None and g.fen is not None:
            try:
                g.start_position()
            except FenError as exc:
                self.fail(self.tag_pos.get("FEN", 0), f"FEN tag: {exc}")

    def feed(self, tok: lx.Token) -> None:
        kind = tok.kind
        if kind == lx.TAG:
            if self.in_moves:
                self.finish(None)
            self._start(tok.pos)
            self.game.tags[tok.text] = tok.value
            self.tag_pos[tok.text] = tok.pos
            if tok.note:
                self.warn(tok.pos, tok.note, tag=tok.text)
            return
        if kind == lx.WARNING:
            self._start(tok.pos)
            self.warn(tok.pos, tok.text, tag=tok.value)
            return
        self._start(tok.pos)
        if kind == lx.ERROR:
            self.fail(tok.pos, tok.text)
        elif kind == lx.RESULT:
            if len(self.stack) > 1:
                self.fail(tok.pos, f"result {tok.text!r} inside a variation: ')' missing")
            self.finish(tok.text, tok.pos)
        else:
            self.in_moves = True
            self._movetext(tok)

    def _movetext(self, tok: lx.Token) -> None:
        kind = tok.kind
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
            line, col = self.locate(tok.pos)
            strength = tok.value
            nags = []
            if strength == "*":  # PDN: '*' as a strength sign means forced, written $7
                strength, nags = "", ["$7"]
            text = normalise_move_text(tok.text)
            if text == "-":
                text = PLACEHOLDER
            moves.append(PdnMove(text, 0, "W", line, col, tok.text, strength, nags, number_mark=self.mark))
            self.mark = ""
        elif kind == lx.LPAREN:
            self._open(tok, moves)
        elif kind == lx.RPAREN:
            if len(self.stack) == 1:
                self.fail(tok.pos, "')' without a matching '('")
                return
            self.stack.pop()
            self.mark = ""

    def _open(self, tok: lx.Token, moves: list[PdnMove]) -> None:
        if not moves and self.error is None:
            self.fail(tok.pos, "variation '(' before any move")
        if len(self.stack) > MAX_VARIATION_DEPTH:
            self.fail(tok.pos, f"variations are nested more than {MAX_VARIATION_DEPTH} levels deep")
        var = PdnVariation()
        if moves and self.error is None:
            moves[-1].variations.append(var)
        self.stack.append((var.moves, var.comments))
        self.mark = ""


def _start_side(game: PdnGame) -> Colour:
    fen = game.fen
    if fen and fen[0].upper() in "WB":
        return "W" if fen[0].upper() == "W" else "B"
    return game.first_side


_MARK = re.compile(r"(\d+)(\.+)")


def number_lines(main: list[PdnMove], side: Colour, first: Colour) -> None:
    """Give each move of the main line and of every variation its number and side: explicit move numbers
    win, else count on. Iterative, so any depth of variations is numbered."""
    other: Colour = "B" if first == "W" else "W"
    work: list[tuple[list[PdnMove], Colour, int, bool]] = [(main, side, 1, True)]
    while work:
        moves, side, number, is_main = work.pop()
        for i, mv in enumerate(moves):
            if i > 0:
                if side == other:
                    number += 1
                side = other if side == first else first
            mark = mv.number_mark
            if mark:
                m = _MARK.match(mark)
                if m:
                    number = int(m.group(1))
                    if not (is_main and i == 0):
                        side = other if m.group(2) == "..." else first
            mv.number, mv.side = number, side
            work.extend((var.moves, side, number, False) for var in mv.variations)


def _chunks(lines: Iterable[str], max_chars: int | None = None) -> Iterator[tuple[str | None, int]]:
    """Cut the text into (chunk, first line number) at each tag line that follows movetext, outside comments.

    A chunk longer than ``max_chars`` is not kept: it comes as (None, first line), and its lines are
    skipped up to the next game, so no game can make the reader hold more than ``max_chars``.
    """
    buf: list[str] = []
    size = 0
    first = 1
    number = 0
    moves_seen = False
    depth = 0
    for raw in lines:
        for line in _LINE_BREAKS.split(raw.rstrip("\r\n")) if "\r" in raw.rstrip("\r\n") else (raw.rstrip("\r\n"),):
            number += 1
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            head = line.lstrip()
            if depth == 0 and head.startswith("[") and moves_seen:
                yield ("\n".join(buf) + "\n" if size <= (max_chars or size) else None), first
                buf, size, first, moves_seen = [], 0, number, False
            size += len(line) + 1
            if max_chars is None or size <= max_chars:
                buf.append(line)
            if head and not head.startswith(("[", "%")):
                moves_seen = True
            if "{" in line or "}" in line:
                depth = max(0, depth + line.count("{") - line.count("}"))
    if buf:
        yield ("\n".join(buf) + "\n" if size <= (max_chars or size) else None), first


def iter_pdn(
    lines: Iterable[str], warnings: list[PdnWarning] | None = None, *, max_game_chars: int | None = None
) -> Iterator[PdnGame | PdnError]:
    """Every game of a PDN text (an iterable of lines, e.g. an open file), in file order, as it is read.

    Yields a ``PdnGame`` for each game that could be read and a ``PdnError`` (game index, line,
    column, message) for each game that could not. Warnings are on each game (``PdnGame.warnings``)
    and, when ``warnings`` is given, appended to it as well (those of unreadable games included).
    With ``max_game_chars``, a game longer than that is an error (it is never held in memory whole).
    Never raises.
    """
    builder = _Builder()
    for chunk, first_line in _chunks(lines, max_game_chars):
        if chunk is None:
            builder.count += 1
            yield PdnError(builder.count, first_line, 1, f"the game is longer than {max_game_chars} characters")
            continue
        builder.start_chunk(chunk, first_line)
        for tok in lx.tokenize(chunk):
            builder.feed(tok)
        if builder.started:
            builder.finish(None)
        yield from _drain(builder, warnings)


def _drain(builder: _Builder, warnings: list[PdnWarning] | None) -> Iterator[PdnGame | PdnError]:
    if warnings is not None:
        warnings.extend(builder.warnings)
    builder.warnings.clear()
    out, builder.out = builder.out, []
    yield from out


def read_pdn(text: str) -> PdnReadResult:
    """Read every game of a PDN text.

    Returns the games that could be read, one PdnError (game index, line, column, message) for
    each game that could not, and every warning; reading goes on after a broken game. Never raises.
    """
    result = PdnReadResult()
    for item in iter_pdn(io.StringIO(text, newline=None), result.warnings):
        if isinstance(item, PdnError):
            result.errors.append(item)
        else:
            result.games.append(item)
    return result
