"""The game validator: replay a recorded game, flag every irregularity, follow the draw rules.

``validate(game)`` replays a ``GameRecord`` or a ``PdnGame`` from its start position under its rule
profile. Every ply that is not a legal move gets an ``Irregularity`` (kinds in
``arbiter.irregularities``) with a plain-words message, a translatable template and its params.
An irregular move stands unless corrected (FMJD 5.4), so the replay continues from the position
the move as written reaches; where none can be reached, it stops and says why.

Arbiter rulings (``Ruling``) are applied by ``validate(game, rulings=[...])``; see ``arbiter.rulings``
for what is allowed. Draw claims are judged by ``arbiter.claims.rule_on_claim``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from arbiter import messages as msg
from arbiter.draws import RULE_ORDER, DrawTracker, Material, PlyFacts, explain, long_diagonal
from arbiter.fen import FenError, parse_fen, to_fen
from arbiter.irregularities import AMBIGUOUS_NOTATION, LOOKAHEAD, PlyJudgement, articles, full_text, judge_ply
from arbiter.movegen import Rules, rules_for
from arbiter.moves import apply_move, legal_moves, to_move
from arbiter.notation import move_to_text, write_squares
from arbiter.pdn import PdnGame
from arbiter.position import IllegalMoveError, Move, Position, initial_position
from arbiter.profiles import Profile, get_profile
from arbiter.results import ResultCheck, check_result

Side = Literal["W", "B"]


@dataclass
class GameRecord:
    """A game as recorded: start FEN (None = the initial position), moves as written, variant and
    declared result (PDN form such as ``2-0``, ``1-1``, ``1/2-1/2``; None or ``*`` = unknown)."""

    start_fen: str | None
    moves: list[str]
    variant: str = "international"
    declared_result: str | None = None
    # Optional: the move number and (line, column) of each ply in its source file.
    move_numbers: list[int | None] | None = None
    locations: list[tuple[int, int] | None] | None = None


@dataclass(frozen=True)
class Ruling:
    """An arbiter's ruling on the irregularity at ``ply`` (1-based).

    ``decision``: 'stands' or 'corrected' (then ``corrected_move`` is the legal move played instead).
    ``demanded_in_time``: the opponent demanded the correction before making a further move. FMJD 5.4
    and seed 000 rule 10: once a further move was made the irregular move stands, so a correction of
    a ply that the record shows was followed by further moves is refused unless this is True (the
    game then went on from the corrected position, and the later moves are re-validated from it).
    """

    ply: int
    decision: Literal["stands", "corrected"]
    corrected_move: str | None = None
    comment: str = ""
    demanded_in_time: bool = False


@dataclass(frozen=True)
class Irregularity:
    """One irregular ply: what was played, what was required, which article, and why.

    ``required`` lists every legal capture (full PDN path) when a capture was compulsory.
    ``message`` is English; ``message_template`` (a constant of ``arbiter.messages``) and ``params``
    let another layer translate it. ``ruling`` is the arbiter's 'stands' ruling, if any.
    """

    ply: int
    move_number: int
    side: Side
    kind: str
    played: str
    required: list[str]
    article: str
    message: str
    message_template: str
    params: dict[str, Any]
    line: int | None = None
    column: int | None = None
    ruling: Ruling | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"ply": self.ply, "move_number": self.move_number, "side": self.side, "kind": self.kind,
                "played": self.played, "required": list(self.required), "article": self.article,
                "message": self.message, "message_template": self.message_template, "params": dict(self.params),
                "line": self.line, "column": self.column,
                "ruling": None if self.ruling is None else {
                    "decision": self.ruling.decision, "corrected_move": self.ruling.corrected_move,
                    "comment": self.ruling.comment, "demanded_in_time": self.ruling.demanded_in_time}}


@dataclass(frozen=True)
class Stop:
    """Why the replay stopped at ``ply`` (that ply could not be played at all)."""

    ply: int
    message: str
    message_template: str
    params: dict[str, Any]


@dataclass(frozen=True)
class PlyRecord:
    """One replayed ply: as written, the move replayed, and its strict notation."""

    ply: int
    move_number: int
    side: Side
    played: str
    move: Move
    notation: str
    legal: bool


@dataclass(frozen=True)
class DrawCondition:
    """A draw rule whose condition first held after ``ply``, with its evidence."""

    rule: str
    ply: int
    evidence_plies: tuple[int, ...]
    message: str
    message_template: str
    params: dict[str, Any]


@dataclass(frozen=True)
class RulingError:
    """A ruling that could not be applied, and why."""

    ruling: Ruling
    message: str
    message_template: str
    params: dict[str, Any]


@dataclass
class ValidationReport:
    """Everything the replay found. ``positions[i]`` is the position after ply ``i`` (0 = start)."""

    profile: Profile
    positions: list[Position]
    plies: list[PlyRecord]
    irregularities: list[Irregularity]
    stopped: Stop | None
    draw_conditions: list[DrawCondition]
    result: ResultCheck
    facts: list[PlyFacts]
    declared_result: str | None
    total_plies: int
    rulings: list[Ruling] = field(default_factory=list)
    ruling_errors: list[RulingError] = field(default_factory=list)
    corrections: dict[int, str] = field(default_factory=dict)
    # Irregularities removed by a 'corrected' ruling, each with that ruling attached.
    resolved: list[Irregularity] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """True when every ply was legal (irregularities ruled 'stands' still count) and the replay ended."""
        return not self.irregularities and self.stopped is None

    @property
    def draw(self) -> DrawCondition | None:
        """The first draw condition that held, if any."""
        return self.draw_conditions[0] if self.draw_conditions else None

    @property
    def start(self) -> Position:
        """The start position."""
        return self.positions[0]

    @property
    def final(self) -> Position:
        """The last position reached."""
        return self.positions[-1]

    def position_after(self, ply: int) -> Position:
        """The position after ``ply`` (0 = start); IndexError names the range."""
        if not 0 <= ply < len(self.positions):
            raise IndexError(f"ply {ply} was not reached; plies 0-{len(self.positions) - 1} were")
        return self.positions[ply]

    def fen_after(self, ply: int) -> str:
        """FEN of the position after ``ply``."""
        return to_fen(self.position_after(ply))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (the ``check --json`` game entry has a subset of these keys)."""
        d = self.draw
        return {
            "variant": self.profile.name,
            "plies": len(self.plies),
            "irregularities": [i.to_dict() for i in self.irregularities],
            "stopped": None if self.stopped is None else {"ply": self.stopped.ply, "message": self.stopped.message},
            "draw": None if d is None else {"rule": d.rule, "ply": d.ply},
            "draw_conditions": [{"rule": c.rule, "ply": c.ply, "evidence_plies": list(c.evidence_plies),
                                 "message": c.message} for c in self.draw_conditions],
            "result": self.declared_result,
            "result_check": self.result.to_dict(),
            "ruling_errors": [{"ply": e.ruling.ply, "message": e.message} for e in self.ruling_errors],
            "corrections": {str(k): v for k, v in self.corrections.items()},
            "resolved": [i.to_dict() for i in self.resolved],
        }


@dataclass
class _Source:
    profile: Profile
    start: Position
    texts: list[str]
    numbers: list[int | None]
    locations: list[tuple[int, int] | None]
    declared: str | None


class GameInputError(ValueError):
    """The game cannot be replayed at all (unknown variant, unreadable start FEN)."""


def _source(game: object, profile: Profile | str | None) -> _Source:
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
    return _Source(prof, start, texts, numbers, locs, declared)


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


def replay(src: _Source) -> ValidationReport:
    """Replay the source ply by ply (no rulings applied)."""
    prof = src.profile
    pos = src.start
    positions = [pos]
    plies: list[PlyRecord] = []
    irregularities: list[Irregularity] = []
    facts: list[PlyFacts] = []
    diagonal = long_diagonal(prof.board_size)
    tracker = new_tracker(pos)
    first: dict[str, DrawCondition] = {}
    enabled = tracker.enabled_rules()
    stopped: Stop | None = None
    texts = src.texts
    rules = rules_for(prof)
    for i, text in enumerate(texts, start=1):
        side = pos.side_to_move
        number = _move_number(src.start, i, src.numbers[i - 1])
        fast = _fast_legal(pos, text, rules)
        if fast is not None:
            move, notation = fast
            new: Position | None = apply_move(pos, move)
            legal_ply = True
        else:
            legal = legal_moves(pos)
            j = judge_ply(pos, text, legal, texts[i:i + LOOKAHEAD])
            if j.kind is not None:
                irregularities.append(_irregularity(pos, i, number, text, j, src.locations[i - 1], legal))
            new = None
            if j.move is not None:
                try:
                    new = apply_move(pos, j.move)
                except IllegalMoveError:
                    new = None
            if j.move is None or new is None:
                stopped = _stop(irregularities, pos, i, number, text)
                break
            move = j.move
            legal_ply = j.kind is None
            notation = move_to_text(pos, move, legal) if legal_ply or j.kind == AMBIGUOUS_NOTATION else text.strip()
        assert new is not None
        plies.append(PlyRecord(i, number, side, text, move, notation, legal_ply))
        from_piece = pos.piece_at(move.from_sq)
        man = from_piece is not None and from_piece.islower()
        mat = _material(new)
        promoted = man and (new.piece_at(move.to_sq) or "").isupper()
        f = PlyFacts(i, side, new, mat, man, len(move.captures), promoted, _lone_on_diagonal(new, mat, diagonal))
        facts.append(f)
        tracker.feed(f)
        for rule in enabled:
            if rule not in first and tracker.holds(rule):
                a = tracker.assess(rule)
                if a.holds:
                    template, params = explain(a, i, prof, mat)
                    first[rule] = DrawCondition(rule, i, a.evidence_plies, msg.render(template, params),
                                                template, params)
        pos = new
        positions.append(pos)
    conditions = sorted(first.values(), key=lambda c: (c.ply, RULE_ORDER.index(c.rule)))
    result = check_result(prof, positions[-1], src.declared, stopped is not None, len(plies),
                          conditions[0].rule if conditions else None, conditions[0].ply if conditions else None)
    return ValidationReport(prof, positions, plies, irregularities, stopped, conditions, result, facts,
                            src.declared, len(texts))


_SIMPLE = re.compile(r"\s*(\d{1,2})\s*[-xX:]\s*(\d{1,2})\s*")
_SIMPLE_ALPHA = re.compile(r"\s*([a-h][1-8])\s*[-xX:]\s*([a-h][1-8])\s*")


def _fast_legal(pos: Position, text: str, rules: Rules) -> tuple[Move, str] | None:
    """The common case, fast: ``a-b`` or ``axb`` naming exactly one legal move (with its strict
    notation). None sends the ply to ``judge_ply``, which gives the same verdict for such moves."""
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
        return Move(a, b, (), (a, b), promotes), write_squares(prof, (a, b), False)
    hits = [r for r in rules.legal_captures(om, ok, xm, xk, white) if r[0] == fa and r[1] == fb]
    if len(hits) != 1:
        return None
    return to_move(rules, hits[0]), write_squares(prof, (a, b), True)


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
    for ray in rules.rays[fa]:
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
        params.update(candidates=" or ".join(full_text(prof, m) for m in j.candidates),
                      chosen=full_text(prof, j.move) if j.move else "")
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
    reason = last.params.get("reason", "") if last else ""
    if not reason:
        reason = msg.render(msg.WHY_NOT_POSSIBLE, {})
    params: dict[str, Any] = {"move_number": number, "side": msg.side_name(pos.side_to_move),
                              "played": text.strip(), "reason": reason}
    return Stop(ply, msg.render(msg.IRR_STOPPED, params), msg.IRR_STOPPED, params)


def validate(game: object, profile: Profile | str | None = None,
             rulings: Sequence[Ruling] | None = None) -> ValidationReport:
    """Replay ``game`` (a ``GameRecord`` or a ``PdnGame``) and report every irregularity and draw condition.

    ``profile`` overrides the game's own variant. ``rulings`` are applied in ply order: 'stands' is
    attached to its irregularity; 'corrected' replaces the ply's move by the corrected legal move and
    the game is re-validated from there. A ruling that is not allowed is not applied and is listed
    in ``report.ruling_errors``. Raises ``GameInputError`` when the start position cannot be read and
    ``UnknownVariant`` for an unknown variant.
    """
    src = _source(game, profile)
    report = replay(src)
    if rulings:
        from arbiter.rulings import apply_rulings

        report = apply_rulings(src, report, list(rulings))
    return report

