"""The bridge between games and the arbiter's validator: move text in, a report the web can show out.

Nothing here judges moves: the arbiter package does (``arbiter.validator.validate``,
``arbiter.claims.rule_on_claim``). This module reads scoresheet text with the arbiter's PDN lexer
(so every move keeps its offset, line and column), builds a ``GameRecord``, applies the arbiter's
rulings stored for the game, and turns the report into translated, JSON-ready rows.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal, cast

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from arbiter import messages as msg
from arbiter.claims import ClaimError, rule_on_claim
from arbiter.fen import FenError
from arbiter.irregularities import AMBIGUOUS_NOTATION, full_text
from arbiter.notation import NotationError, find_moves
from arbiter.pdn_lexer import ERROR, MOVE, NUMBER, RESULT, LineIndex, tokenize
from arbiter.profiles import UnknownVariant
from arbiter.validator import GameInputError, GameRecord, Ruling, ValidationReport, validate
from games.draw_rules import rule_label
from games.models import Game, IrregularityRuling
from games.services.games import profile_name
from tournaments.vocabulary import MAX_MOVE_TEXT

log = logging.getLogger(__name__)

# IrregularityRuling.Decision's values as arbiter.validator.Ruling takes them (it reports any other).
Decision = Literal["stands", "corrected"]



def move_text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored as a game's moves (over ``MAX_MOVE_TEXT``), or None."""
    if len(text) > MAX_MOVE_TEXT:
        return _("The move text is too long: %(n)s characters, at most %(max)s.") % {"n": len(text),
                                                                                   "max": MAX_MOVE_TEXT}
    return None


def translate_message(template: str, params: dict[str, Any]) -> str:
    """The validator's message in the active language: template and word params through gettext.

    Falls back to the English template when a translation breaks the placeholders.
    """
    p = dict(params)
    for key in ("side", "played_pieces"):
        if isinstance(p.get(key), str):
            p[key] = _(p[key])
    if isinstance(p.get("rule"), str):
        # A rule id ("long_diagonal") reads as its label ("Lone king on the long diagonal").
        p["rule"] = rule_label(p["rule"])
    parts = p.get("detail_parts")
    if isinstance(parts, list):  # a claim's "no rule applies": each rule's detail in the active language
        p["details"] = " ".join(translate_message(str(t), pp) for t, pp in parts
                                if isinstance(pp, dict))
    reason_template = p.get("reason_template")
    if isinstance(reason_template, str):
        inner = {k: (_(v) if k == "side" and isinstance(v, str) else v) for k, v in p.items()}
        try:
            p["reason"] = _(reason_template).format(**inner)
        except (KeyError, IndexError, ValueError):
            p["reason"] = msg.render(reason_template, params)
    try:
        return _(template).format(**p)
    except (KeyError, IndexError, ValueError):
        return msg.render(template, params)


@dataclass
class WrittenMove:
    """One move token of the text: what was written, where (offsets, line, column), its move number."""

    text: str
    start: int
    end: int
    line: int
    column: int
    number: int | None


@dataclass
class MoveText:
    """Scoresheet text split into moves; ``errors`` are unreadable parts with line and column."""

    moves: list[WrittenMove] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    result: str | None = None


def read_move_text(text: str) -> MoveText:
    """Split scoresheet text (``32-28 19-23 28x19 ...``, numbers optional) into moves; never raises."""
    out = MoveText()
    too_long = move_text_problem(text)
    if too_long:
        out.errors.append({"line": 1, "column": 1, "message": too_long})
        return out
    index = LineIndex(text)
    number: int | None = None
    for tok in tokenize(text):
        line, col = index.locate(tok.pos)
        if tok.kind == NUMBER:
            number = int(tok.text)
        elif tok.kind == MOVE:
            end = tok.pos + len(tok.text)
            out.moves.append(WrittenMove(tok.text, tok.pos, end, line, col, number))
        elif tok.kind == RESULT:
            out.result = None if tok.text == "*" else tok.text
        elif tok.kind == ERROR:
            out.errors.append({"line": line, "column": col, "message": tok.text})
    return out


def _record(moves: MoveText, profile: str, start_fen: str, declared: str | None) -> GameRecord:
    return GameRecord(
        start_fen=start_fen or None,
        moves=[m.text for m in moves.moves],
        variant=profile,
        declared_result=declared,
        move_numbers=[m.number for m in moves.moves],
        locations=[(m.line, m.column) for m in moves.moves],
    )


def rulings_of(game: Game) -> list[Ruling]:
    """The arbiter's stored rulings of ``game`` as the validator's ``Ruling`` values."""
    if game.pk is None:
        return []
    # ``game.rulings.all()`` uses a prefetch when the caller made one (PDN export of many games).
    stored: list[IrregularityRuling] = sorted(game.rulings.all(), key=lambda r: r.ply)
    return [
        Ruling(
            r.ply, cast(Decision, r.decision), r.corrected_move or None, r.comment,
            demanded_in_time=r.demanded_in_time,
        )
        for r in stored
    ]


@dataclass
class MoveCheck:
    """What the move-entry page shows: the moves, each ply's verdict, the report, the reading errors."""

    text: str
    written: MoveText
    report: ValidationReport | None
    errors: list[dict[str, Any]]
    plies: list[dict[str, Any]]
    stopped: str | None

    @property
    def ok(self) -> bool:
        return not self.errors and self.report is not None and self.report.clean


def check_moves(text: str, profile: str, start_fen: str = "", *, rulings: list[Ruling] | None = None,
                declared: str | None = None) -> MoveCheck:
    """Validate scoresheet text under ``profile``; never raises on bad input.

    Each ply row has: ply, number, side, text, start/end offsets, line, column, irregular (bool),
    kind, message (translated) and ``alternatives`` (full-path moves an ambiguous capture may mean).
    """
    written = read_move_text(text)
    errors = list(written.errors)
    report: ValidationReport | None = None
    try:
        report = validate(_record(written, profile, start_fen, declared), rulings=rulings or None)
    except (GameInputError, FenError, UnknownVariant) as exc:
        errors.append({"line": None, "column": None, "message": str(exc)})
    except Exception:  # a validator bug must not lose the user's text or give a 500
        log.exception("validator failed on %r (%s)", text[:200], profile)
        errors.append({"line": None, "column": None,
                       "message": _("The moves could not be checked (internal error); they are kept as written.")})
    plies: list[dict[str, Any]] = []
    stopped = None
    if report is not None:
        irr = {i.ply: i for i in report.irregularities}
        for n, w in enumerate(written.moves, start=1):
            row: dict[str, Any] = {"ply": n, "text": w.text, "start": w.start, "end": w.end, "line": w.line,
                                   "column": w.column, "number": w.number, "irregular": False, "kind": "",
                                   "message": "", "alternatives": [], "reached": n <= len(report.plies)}
            if n <= len(report.plies):
                rec = report.plies[n - 1]
                row.update(number=rec.move_number, side=rec.side, notation=rec.notation)
            i = irr.get(n)
            if i is not None:
                row.update(irregular=True, kind=i.kind, message=translate_message(i.message_template, i.params),
                           side=i.side, number=i.move_number, ruling=i.ruling.decision if i.ruling else "")
                if i.kind == AMBIGUOUS_NOTATION:
                    row["alternatives"] = alternatives(report, n, w.text)
            plies.append(row)
        if report.stopped is not None:
            stopped = translate_message(report.stopped.message_template, report.stopped.params)
    return MoveCheck(text, written, report, errors, plies, stopped)


def alternatives(report: ValidationReport, ply: int, text: str) -> list[str]:
    """The full-path moves an ambiguous written capture at ``ply`` may mean (for "which path?")."""
    pos = report.positions[ply - 1] if ply - 1 < len(report.positions) else None
    if pos is None:
        return []
    try:
        return [full_text(pos.profile, m) for m in find_moves(pos, text)]
    except NotationError:
        return []


CHECK_CACHE_SIZE = 32  # move checks kept per process (a 20,000-character text's check takes about 2 MB)


@lru_cache(maxsize=CHECK_CACHE_SIZE)
def _check_once(text: str, profile: str, start_fen: str, rulings: tuple[Ruling, ...], language: str) -> MoveCheck:
    return check_moves(text, profile, start_fen, rulings=list(rulings))


def forget_checks() -> None:
    """Empty the move-check cache (tests that change the validator's behaviour)."""
    _check_once.cache_clear()


def check_game(game: Game, text: str | None = None) -> MoveCheck:
    """``check_moves`` for a game: its profile, start position and stored rulings.

    Cached per text, position and rulings (and language): the entry page's live check and its board
    steps re-send the same text, which is replayed once. The result is shared: read it, never change it.
    """
    return _check_once(game.moves if text is None else text, profile_name(game), game.start_fen,
                       tuple(rulings_of(game)), get_language() or "")


def validate_game(game: Game) -> dict[str, Any]:
    """The JSON report stored in ``Game.validation`` (the validator's ``to_dict`` plus reading errors)."""
    chk = check_game(game)
    data: dict[str, Any] = chk.report.to_dict() if chk.report is not None else {"plies": 0, "irregularities": []}
    data["errors"] = chk.errors
    return data


def has_moves(text: str) -> bool:
    """Whether a move text holds at least one move (comments and a result alone do not count)."""
    return bool(read_move_text(text).moves)


def agreement_refusal(game: Game, moves: str, *, require_moves: bool = True) -> str | None:
    """Why a draw by agreement after ``moves`` is refused (translated), or None when it is allowed.

    The tournament's ``draw_offer_min_move`` (0 = any time) is the number of moves each player must
    have made (seed rule 001); the validator's claim ruling for 'agreement' decides.
    """
    minimum = game.board.round.tournament.draw_offer_min_move
    if not minimum:
        return None
    written = read_move_text(moves)
    if not written.moves:
        if not require_moves:
            return None
        return _("A draw by agreement is allowed only from move %(n)d: enter the moves so this can be checked.") % {
            "n": minimum}
    try:
        report = validate(_record(written, profile_name(game), game.start_fen, None))
        ruling = rule_on_claim(report, len(report.plies), "agreement", min_agreement_move=minimum)
    except (GameInputError, FenError, UnknownVariant, ClaimError) as exc:
        return str(exc)
    if ruling.upheld:
        return None
    return translate_message(ruling.explanation_template, ruling.params)


def early_draw_warning(game: Game, check: MoveCheck) -> str:
    """What a draw agreed after the checked moves would bring under the tournament's "no draw before
    move N" rule (``draw_offer_min_move``), said while the moves are typed, before any result is sent
    (translated; "" when the rule is off, the moves cannot be read, or a draw is allowed now).

    The arbiter's agreement ruling (``rule_on_claim(..., "agreement")``) decides and counts the moves
    each side has made; the event's ``early_draw_scores_zero`` says whether such a draw scores 0-0 or
    is refused (``games.services.results`` applies the same rule to the submitted result).
    """
    tournament = game.board.round.tournament
    minimum = tournament.draw_offer_min_move
    if not minimum or check.errors or check.report is None or not check.plies:
        return ""
    try:
        ruling = rule_on_claim(check.report, len(check.report.positions) - 1, "agreement",
                               min_agreement_move=minimum)
    except ClaimError:
        return ""
    if ruling.upheld:
        return ""
    numbers = {"n": minimum, "white": ruling.params["white_moves"], "black": ruling.params["black_moves"]}
    if tournament.early_draw_scores_zero:
        return _("A draw agreed now would score 0-0 for both players: draws count from move %(n)s; moves made "
                 "so far: White %(white)s, Black %(black)s.") % numbers
    return _("A draw agreed now would be refused: draws are allowed from move %(n)s; moves made so far: "
             "White %(white)s, Black %(black)s.") % numbers
