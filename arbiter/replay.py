"""Replaying a recorded game ply by ply (the validator's core, without rulings).

``source`` normalises a ``GameRecord`` or ``PdnGame``; ``replay`` judges every ply (``arbiter.irregularities``)
and follows the draw rules (``arbiter.draws``).
"""

from __future__ import annotations

import re
from typing import Any

from arbiter import messages as msg
from arbiter.draws import RULE_ORDER, DrawTracker, Material, PlyFacts, explain, long_diagonal
from arbiter.fen import FenError, parse_fen
from arbiter.irregularities import (
    AMBIGUOUS_NOTATION,
    ILLEGAL_MOVE,
    LOOKAHEAD,
    PlyJudgement,
    articles,
    full_text,
    judge_ply,
)
from arbiter.movegen import Rules
from arbiter.movegen_generic import GenericRules
from arbiter.moves import apply_move, legal_moves, to_move
from arbiter.notation import move_to_text, square_name, write_squares
from arbiter.pdn_types import PdnGame
from arbiter.position import IllegalMoveError, Move, Position, initial_position
from arbiter.profiles import Profile, get_profile
from arbiter.report import (
    DrawCondition,
    GameInputError,
    GameRecord,
    GameSource,
    Irregularity,
    PlyRecord,
    Stop,
    ValidationReport,
)
from arbiter.results import check_result
from arbiter.rulesets import rules_for

PLACEHOLDER = "--"  # a move that was not recorded (``1. - -``)


def source(game: object, profile: Profile | str | None) -> GameSource:
    """Normalise a GameRecord or a PdnGame into what the replay needs."""
    if isinstance(game, GameRecord):
        prof = get_profile(profile if profile is not None else game.variant)
        fen = game.start_fen
        texts = list(game.moves)
        n = len(texts)
        numbers: list[int | None] = list(game.move_numbers) if game.move_numbers is not None else [None] * n
        locs: list[tuple[int, int] | None] = list(game.locations) if game.locations is not None else [None] * n
        declared = game.declared_result
    elif isinstance(game, PdnGame):
        prof = get_profile(profile if profile is not None else game.profile)
        fen = game.fen
        if fen is not None and fen.startswith("?"):
            fen = prof.first_side + fen[1:]  # PDN: '?' = the profile's first side
        texts = [m.text for m in game.moves]
        numbers = [m.number for m in game.moves]
        locs = [(m.line, m.column) for m in game.moves]
        declared = game.result
    else:
        raise TypeError(f"validate() needs a GameRecord or a PdnGame, not {type(game).__name__}")
    try:
        start = parse_fen(fen, prof) if fen else initial_position(prof)
    except FenError as exc:
        raise GameInputError(f"start position: {exc}") from None
    return GameSource(prof, start, texts, numbers, locs, declared)


def _material(p: Position) -> Material:
    return Material(p.wm.bit_count(), p.wk.bit_count(), p.bm.bit_count(), p.bk.bit_count())


def new_tracker(start: Position) -> DrawTracker:
    """A draw tracker for a game that starts from ``start``, under the start position's profile."""
    m0 = _material(start)
    diagonal = long_diagonal(start.profile.board_size)
    return DrawTracker(start.profile.draw, start, m0, start.side_to_move, _lone_on_diagonal(start, m0, diagonal))


def _move_number(start: Position, ply: int, written: int | None) -> int:
    if written is not None:
        return written
    # Moves are numbered from 1 with the profile's first side; a start with the other side to move
    # begins in the second half of move 1.
    offset = 0 if start.side_to_move == start.profile.first_side else 1
    return (ply - 1 + offset) // 2 + 1


class _Replay:
    """The state of one replay: position, records, draw tracking; ``step`` plays one written ply."""

    def __init__(self, src: GameSource) -> None:
        self.src = src
        self.prof = src.profile
        self.pos = src.start
        self.positions = [self.pos]
        self.plies: list[PlyRecord] = []
        self.irregularities: list[Irregularity] = []
        self.facts: list[PlyFacts] = []
        self.diagonal = long_diagonal(self.prof.board_size)
        self.tracker = new_tracker(self.pos)
        self.first: dict[str, DrawCondition] = {}
        self.enabled = self.tracker.enabled_rules()
        self.stopped: Stop | None = None
        self.rules = rules_for(self.prof)
        # Frisian: per side, the king making non-capturing moves in a row (its square now, how many).
        self.king_runs: dict[str, tuple[int, int]] = {}

    def step(self, i: int, text: str) -> bool:
        """Play ply ``i`` as written; False when the replay must stop there."""
        pos = self.pos
        src = self.src
        number = _move_number(src.start, i, src.numbers[i - 1])
        if text == PLACEHOLDER:
            params = {"move_number": number, "side": msg.side_name(pos.side_to_move), "played": "-",
                      "reason": msg.render(msg.WHY_NOT_RECORDED, {}), "reason_template": msg.WHY_NOT_RECORDED}
            self.stopped = Stop(i, msg.render(msg.IRR_STOPPED, params), msg.IRR_STOPPED, params)
            return False
        fast = _fast_legal(pos, text, self.rules)
        if fast is not None and self._king_run_over(pos, fast[0]) is None:
            move, notation = fast
            self.record(i, number, text, move, notation, True, apply_move(pos, move))
            return True
        legal = legal_moves(pos)
        j = judge_ply(pos, text, legal, src.texts[i:i + LOOKAHEAD])
        if j.kind is None and j.move is not None:
            j = self._king_limit(pos, j, legal)
        if j.kind is not None:
            self.irregularities.append(_irregularity(pos, i, number, text, j, src.locations[i - 1], legal))
        new = None
        if j.move is not None:
            try:
                new = apply_move(pos, j.move)
            except IllegalMoveError:
                new = None
        if j.move is None or new is None:
            self.stopped = _stop(self.irregularities, pos, i, number, text)
            return False
        legal_ply = j.kind is None
        notation = move_to_text(pos, j.move, legal) if legal_ply or j.kind == AMBIGUOUS_NOTATION else text.strip()
        self.record(i, number, text, j.move, notation, legal_ply, new)
        return True

    def _king_run_over(self, pos: Position, move: Move) -> int | None:
        """The profile's limit when ``move`` is a non-capturing move of the king that has already made
        that many in a row while its side has men (Frisian), else None."""
        limit = self.prof.king_quiet_move_limit
        if limit is None or move.captures:
            return None
        run = self.king_runs.get(pos.side_to_move)
        if run is None or run[0] != move.from_sq or run[1] < limit:
            return None
        return limit

    def _king_limit(self, pos: Position, j: PlyJudgement, legal: list[Move]) -> PlyJudgement:
        """A legal-looking move that breaks the king move limit: an illegal move, played as written
        (FMJD 5.4); the moves the position allowed instead are the other pieces' moves."""
        assert j.move is not None
        limit = self._king_run_over(pos, j.move)
        if limit is None:
            return j
        return PlyJudgement(j.move, ILLEGAL_MOVE, reason_template=msg.WHY_KING_LIMIT,
                            reason_params={"square": square_name(self.prof, j.move.from_sq), "limit": limit})

    def _track_king_run(self, pos: Position, move: Move) -> None:
        side = pos.side_to_move
        if self.prof.king_quiet_move_limit is None:
            return
        bit = 1 << pos.geo.idx_of[move.from_sq]
        men = pos.wm if pos.white_to_move else pos.bm
        if move.captures or not (pos.wk | pos.bk) & bit or not men:
            self.king_runs.pop(side, None)
            return
        run = self.king_runs.get(side)
        count = run[1] + 1 if run is not None and run[0] == move.from_sq else 1
        self.king_runs[side] = (move.to_sq, count)

    def record(self, i: int, number: int, text: str, move: Move, notation: str, legal: bool, new: Position) -> None:
        pos = self.pos
        self._track_king_run(pos, move)
        self.plies.append(PlyRecord(i, number, pos.side_to_move, text, move, notation, legal))
        fb = 1 << pos.geo.idx_of[move.from_sq]
        man = bool((pos.wm | pos.bm) & fb)
        mat = _material(new)
        promoted = man and bool((new.wk | new.bk) & (1 << pos.geo.idx_of[move.to_sq]))
        f = PlyFacts(i, pos.side_to_move, new, mat, man, len(move.captures), promoted,
                     _lone_on_diagonal(new, mat, self.diagonal))
        self.facts.append(f)
        tracker = self.tracker
        tracker.feed(f)
        first = self.first
        for rule in self.enabled:
            if rule not in first and tracker.holds(rule):
                a = tracker.assess(rule)
                if a.holds:
                    template, params = explain(a, i, self.prof, mat)
                    first[rule] = DrawCondition(rule, i, a.evidence_plies, msg.render(template, params), template,
                                                params)
        self.pos = new
        self.positions.append(new)

    def report(self) -> ValidationReport:
        conditions = sorted(self.first.values(), key=lambda c: (c.ply, RULE_ORDER.index(c.rule)))
        draw = conditions[0] if conditions else None
        result = check_result(self.prof, self.positions[-1], self.src.declared, self.stopped is not None,
                              len(self.plies), draw.rule if draw else None, draw.ply if draw else None)
        return ValidationReport(self.prof, self.positions, self.plies, self.irregularities, self.stopped, conditions,
                                result, self.facts, self.src.declared, len(self.src.texts))


def replay(src: GameSource, *, limit: int | None = None) -> ValidationReport:
    """Replay the source ply by ply (no rulings applied).

    With ``limit``, the replay ends early once that many irregularities were found (the report then
    covers only the plies replayed; ``arbiter.detect`` uses it to rule out a profile cheaply).
    """
    r = _Replay(src)
    for i, text in enumerate(src.texts, start=1):
        if not r.step(i, text) or (limit is not None and len(r.irregularities) >= limit):
            break
    return r.report()


_SIMPLE = re.compile(r"\s*(\d{1,2})\s*[-xX:]\s*(\d{1,2})\s*")
_SIMPLE_ALPHA = re.compile(r"\s*([a-h][1-8])\s*[-xX:]\s*([a-h][1-8])\s*")


def _fast_legal(pos: Position, text: str, rules: Rules) -> tuple[Move, str] | None:
    """The common case, fast: ``a-b`` or ``axb`` naming exactly one legal move (with its strict
    notation). None sends the ply to ``judge_ply``, which gives the same verdict for such moves."""
    if isinstance(rules, GenericRules):
        return None
    g = pos.geo
    m = _SIMPLE.fullmatch(text)
    if m is not None:
        a, b = int(m[1]), int(m[2])
        if not (1 <= a <= g.squares and 1 <= b <= g.squares):
            return None
    else:
        m = _SIMPLE_ALPHA.fullmatch(text)
        if m is None or g.size != 8:
            return None
        sa, sb = g.from_alphanumeric(m[1]), g.from_alphanumeric(m[2])
        if sa is None or sb is None:
            return None
        a, b = sa, sb
    fa, fb = g.idx_of[a], g.idx_of[b]
    if pos.white_to_move:
        om, ok, xm, xk, white = pos.wm, pos.wk, pos.bm, pos.bk, True
    else:
        om, ok, xm, xk, white = pos.bm, pos.bk, pos.wm, pos.wk, False
    prof = pos.profile
    if not rules.has_capture(om, ok, xm, xk, white):
        promotes = _quiet_move_fits(rules, om, ok, xm, xk, white, fa, fb)
        if promotes is None:
            return None
        return Move(a, b, (), (a, b), promotes), _pair(prof, a, b, False)
    hits = [r for r in rules.legal_captures(om, ok, xm, xk, white) if r[0] == fa and r[1] == fb]
    if len(hits) != 1:
        return None
    return to_move(rules, hits[0]), _pair(prof, a, b, True)


def _pair(prof: Profile, a: int, b: int, capture: bool) -> str:
    """``a-b`` / ``axb`` in the profile's notation (numbers written directly: the hot path)."""
    if prof.notation == "numeric":
        return f"{a}{prof.capture_separator if capture else prof.move_separator}{b}"
    return write_squares(prof, (a, b), capture)


def _quiet_move_fits(rules: Rules, om: int, ok: int, xm: int, xk: int, white: bool, fa: int, fb: int) -> bool | None:
    """Whether the quiet move between bit indices ``fa`` and ``fb`` is legal (no capture being
    possible): None if not, else whether it crowns a man. A man steps one square forward (FMJD 3);
    a king goes along a free diagonal, one square only without flying kings."""
    empty = rules.board & ~(om | ok | xm | xk)
    if not (empty >> fb) & 1:
        return None
    if (om >> fa) & 1:
        steps = rules.shifts[:2] if white else rules.shifts[2:]
        if fb - fa not in steps:
            return None
        promo = rules.geo.white_promotion if white else rules.geo.black_promotion
        return bool((promo >> fb) & 1)
    if not (ok >> fa) & 1:
        return None
    for ray in rules.rays[fa][:4]:
        for i in ray:
            if i == fb:
                return False
            if not (empty >> i) & 1 or not rules.flying:
                break
    return None


def _lone_on_diagonal(p: Position, m: Material, diagonal: frozenset[int]) -> bool:
    lone = m.lone_king_side()
    if lone is None:
        return False
    return any(s in diagonal for s in p.kings(lone))


def _irregularity(pos: Position, ply: int, number: int, text: str, j: PlyJudgement,
                  loc: tuple[int, int] | None, legal: list[Move]) -> Irregularity:
    prof = pos.profile
    kind = j.kind or ""
    article, rule_article = articles(prof, kind)
    if j.reason_template == msg.WHY_KING_LIMIT:
        rule_article = prof.article("king_limit_rule")
    side = pos.side_to_move
    params: dict[str, Any] = {"move_number": number, "side": msg.side_name(side), "played": text.strip(),
                              "article": article, "rule_article": rule_article,
                              "required": " or ".join(j.required), "required_count": 0}
    if j.required:
        params["required_count"] = max(len(m.captures) for m in legal)
    if kind == "capture_missed":
        template = msg.IRR_CAPTURE_MISSED
    elif kind == "capture_not_maximal":
        template = msg.IRR_CAPTURE_NOT_MAXIMAL
        played_count = len(j.move.captures) if j.move else 0
        params.update(played_count=played_count, played_pieces=msg.pieces_word(played_count))
    elif kind == "capture_incomplete":
        template = msg.IRR_CAPTURE_INCOMPLETE
    elif kind == AMBIGUOUS_NOTATION:
        template = msg.IRR_AMBIGUOUS
        params.update(candidates=" or ".join(full_text(prof, m, text) for m in j.candidates),
                      chosen=full_text(prof, j.move, text) if j.move else "")
    else:
        template = msg.IRR_ILLEGAL_MOVE
    if j.reason_template is not None:
        params.update(j.reason_params)
        params["reason_template"] = j.reason_template
        params["reason"] = msg.render(j.reason_template, j.reason_params)
    required = list(j.required) if kind != AMBIGUOUS_NOTATION else []
    return Irregularity(ply, number, side, kind, text.strip(), required, article, msg.render(template, params),
                        template, params, loc[0] if loc else None, loc[1] if loc else None)


def _stop(irregularities: list[Irregularity], pos: Position, ply: int, number: int, text: str) -> Stop:
    last = irregularities[-1] if irregularities and irregularities[-1].ply == ply else None
    # The reason's own template and values go along (``reason_template``), so that the web layer words
    # the reason in the reader's language, as it does for the irregularity itself.
    params: dict[str, Any] = dict(last.params) if last and last.params.get("reason") else {
        "reason": msg.render(msg.WHY_NOT_POSSIBLE, {}), "reason_template": msg.WHY_NOT_POSSIBLE}
    params.update({"move_number": number, "side": msg.side_name(pos.side_to_move), "played": text.strip()})
    return Stop(ply, msg.render(msg.IRR_STOPPED, params), msg.IRR_STOPPED, params)
