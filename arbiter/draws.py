"""Draw rules tracked ply by ply: repetition, the move-count rules and their evidence.

The tracker knows nothing about move generation. The validator feeds it one ``PlyFacts`` per ply
(what the ply did and the material after it) and asks, after each ply, which draw conditions hold.
``assess`` answers for one rule with the evidence an arbiter needs: the plies where a position
occurred, or the ply after which a count started, and how far the count has come.

Plies are numbered from 1; ply 0 is the start position. A count rule "holds after ply p" when the
condition is met in the position reached by ply p (e.g. the 25-move rule after the 50th king move).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from arbiter import messages as msg
from arbiter.drawrules import DrawRules
from arbiter.profiles import Profile

# Stable rule identifiers (JSON contract of ``python -m arbiter check``: the first four).
THREEFOLD = "threefold_repetition"
KING_MOVES = "25_move"  # the king-moves-only rule; its limit comes from the profile (25 under FMJD)
SIXTEEN = "16_move"
FIVE = "5_move"
THREE_KINGS = "three_kings"  # seed 000 rule 19b/c, older German edition
NO_CAPTURE_OR_PROMOTION = "no_capture_or_promotion"  # Brettspielnetz (seed 002)
KING_AGAINST_KING = "king_against_king"  # seed 001: an immediate draw when the profile says so
AGREEMENT = "agreement"
# Russian rules (fmjd64.org 7.2.x): 7.2.4, 7.2.7 and 7.2.6.
MANY_KINGS = "kings_against_lone_king"
LONG_DIAGONAL = "long_diagonal"
UNCHANGED_MATERIAL = "unchanged_material"

# Order used when several conditions first hold at the same ply.
RULE_ORDER: tuple[str, ...] = (
    KING_AGAINST_KING,
    THREEFOLD,
    FIVE,
    LONG_DIAGONAL,
    SIXTEEN,
    THREE_KINGS,
    MANY_KINGS,
    KING_MOVES,
    UNCHANGED_MATERIAL,
    NO_CAPTURE_OR_PROMOTION,
)
ALL_RULES: frozenset[str] = frozenset((*RULE_ORDER, AGREEMENT))


@dataclass(frozen=True, slots=True)
class Material:
    """How many men and kings each side has."""

    white_men: int
    white_kings: int
    black_men: int
    black_kings: int

    def men(self, side: str) -> int:
        return self.white_men if side == "W" else self.black_men

    def kings(self, side: str) -> int:
        return self.white_kings if side == "W" else self.black_kings

    def lone_king_side(self) -> str | None:
        """The side that has exactly one king and nothing else (White first if both do)."""
        if self.white_kings != 1 and self.black_kings != 1:
            return None
        for side in ("W", "B"):
            if self.kings(side) == 1 and self.men(side) == 0:
                return side
        return None


@dataclass(frozen=True, slots=True)
class PlyFacts:
    """What one ply did, and the position it reached.

    ``key`` identifies the position reached (same pieces, same side to move); ``lone_king_on_long_diagonal``
    says whether a lone king (if any) stands on the long diagonal in that position.
    """

    ply: int
    side: str
    key: Hashable
    material: Material
    man_moved: bool
    captured: int
    promoted: bool
    lone_king_on_long_diagonal: bool = False


@dataclass(frozen=True, slots=True)
class Assessment:
    """Whether one draw rule holds after a ply, and why.

    ``evidence_plies``: for repetition the plies where the position occurred (0 = start); for a count
    the ply after which the count started. ``counted``/``needed`` are plies (or occurrences).
    """

    rule: str
    holds: bool
    applicable: bool
    evidence_plies: tuple[int, ...]
    counted: int
    needed: int


def long_diagonal(board_size: int) -> frozenset[int]:
    """Squares of the long diagonal (corner to corner, e.g. 46..5 on 10x10, FMJD 2.3).

    Numbering per FMJD 2.6: row by row from the top-left as White sees it; on even rows the dark
    squares are the odd columns. The long diagonal is where row + column = size - 1.
    """
    per_row = board_size // 2
    squares: set[int] = set()
    for row in range(board_size):
        col = board_size - 1 - row
        if (row % 2 == 0 and col % 2 == 1) or (row % 2 == 1 and col % 2 == 0):
            squares.add(row * per_row + col // 2 + 1)
    return frozenset(squares)


def _count_class(m: Material, rules: DrawRules) -> str | None:
    """Which material-count rule the material falls under (5-move, 16-move, many kings or none)."""
    lone = m.lone_king_side()
    if lone is None:
        return None
    other = "B" if lone == "W" else "W"
    pieces = m.men(other) + m.kings(other)
    if m.kings(other) == 0:
        return None  # FMJD 6: men without a king against a lone king fall under neither rule
    if pieces <= 2 and rules.five_move_rule:
        return FIVE
    if pieces == 3 and rules.sixteen_move_rule:
        return SIXTEEN
    if rules.kings_against_lone_king_limit is not None and m.kings(other) >= rules.kings_against_lone_king_min:
        return MANY_KINGS
    return None


def _unchanged_material_limit(m: Material, rules: DrawRules) -> int | None:
    """Russian 7.2.6: the moves each allowed with this material (kings on both sides), else None."""
    if m.white_kings == 0 or m.black_kings == 0:
        return None
    pieces = m.white_men + m.white_kings + m.black_men + m.black_kings
    return next((moves for low, high, moves in rules.unchanged_material_limits if low <= pieces <= high), None)


def _three_kings_class(m: Material) -> str | None:
    """Side with the lone king when seed 000 rule 19b/c applies (3 kings, or 2K+M / K+2M, against 1 king)."""
    lone = m.lone_king_side()
    if lone is None:
        return None
    other = "B" if lone == "W" else "W"
    if m.men(other) + m.kings(other) == 3 and m.kings(other) >= 1:
        return lone
    return None


@dataclass
class DrawTracker:
    """Follows the draw rules of one profile through a game, one ``feed`` per ply.

    The tracker's state describes the position after the last fed ply; ``assess`` and ``holding``
    answer for that position.
    """

    rules: DrawRules
    start_key: Hashable
    start_material: Material
    start_side_to_move: str
    start_lone_king_on_long_diagonal: bool = False
    ply: int = 0
    side_to_move: str = "W"
    material: Material = field(init=False)
    _occurrences: dict[Hashable, list[int]] = field(init=False)
    _key: Hashable = field(init=False)
    _king_run_start: int = 0  # the ply after which the run of king-only moves started
    _quiet_run_start: int = 0  # the ply after which the run without capture or promotion started
    _count_class: str | None = field(init=False)
    _count_start: int = 0
    _tk_lone: str | None = field(init=False)
    _tk_created: int = 0
    _tk_first: int | None = None  # first ply of the lone king's side counted (seed 000: it starts)
    _tk_on_diagonal: bool = False
    _diagonal_start: int | None = None  # the ply after which the lone king held the long diagonal (7.2.7)
    _material_start: int = 0  # the ply after which the material last changed (7.2.6)
    # Whether the Russian counts are followed at all (they cost time on every ply).
    _track_material: bool = field(init=False)
    _track_diagonal: bool = field(init=False)

    def __post_init__(self) -> None:
        self.side_to_move = self.start_side_to_move
        self.material = self.start_material
        self._key = self.start_key
        # Seed 000 rule 19d counts only positions a player produced, so the start position does not count.
        self._occurrences = {} if self.rules.repetition_same_player else {self.start_key: [0]}
        self._count_class = _count_class(self.start_material, self.rules)
        self._tk_lone = _three_kings_class(self.start_material)
        if self._tk_lone is not None and self._tk_lone == self.start_side_to_move:
            self._tk_first = 1
            self._tk_on_diagonal = self.start_lone_king_on_long_diagonal
        self._track_material = bool(self.rules.unchanged_material_limits)
        self._track_diagonal = self.rules.long_diagonal_limit is not None
        if _three_kings_class(self.start_material) is not None and self.start_lone_king_on_long_diagonal:
            self._diagonal_start = 0

    def feed(self, f: PlyFacts) -> None:
        """Take one more ply into account."""
        self.ply = f.ply
        self.side_to_move = "B" if f.side == "W" else "W"
        irreversible = f.man_moved or f.captured > 0
        # FMJD 6.1: nothing before a man move or a capture can recur, so the history restarts there.
        if irreversible:
            self._occurrences = {f.key: [f.ply]}
        else:
            self._occurrences.setdefault(f.key, []).append(f.ply)
        self._key = f.key
        if irreversible:
            self._king_run_start = f.ply
        if f.captured > 0 or f.promoted:
            self._quiet_run_start = f.ply
        if self._track_material and f.material != self.material:
            self._material_start = f.ply
        # 16- and 5-move rules: the count starts after the move that creates the material (FMJD 6.3/6.4).
        new_class = _count_class(f.material, self.rules)
        if new_class != self._count_class:
            self._count_class = new_class
            self._count_start = f.ply
        elif new_class == SIXTEEN and f.promoted and self.rules.sixteen_restart_on_promotion:
            self._count_start = f.ply
        # Seed 000 rule 19b: the count of 10 (or 3) moves each starts with the lone king's side.
        lone = _three_kings_class(f.material)
        new_material = lone != self._tk_lone
        if new_material:
            self._tk_lone = lone
            self._tk_created = f.ply
            self._tk_first = None
        if lone is not None and self._tk_first is None and self.side_to_move == lone:
            self._tk_first = f.ply + 1
            # The limit depends on where the lone king stands when its count begins.
            self._tk_on_diagonal = f.lone_king_on_long_diagonal
        # Russian 7.2.7: counted while the lone king stays on the long diagonal; leaving it ends the count.
        if self._track_diagonal:
            if lone is None or not f.lone_king_on_long_diagonal:
                self._diagonal_start = None
            elif self._diagonal_start is None or new_material:
                self._diagonal_start = f.ply
        self.material = f.material

    def enabled_rules(self) -> tuple[str, ...]:
        """The rules of ``RULE_ORDER`` this profile uses."""
        r = self.rules
        on = {
            KING_AGAINST_KING: r.king_against_king_immediate,
            THREEFOLD: r.threefold_repetition,
            FIVE: r.five_move_rule,
            SIXTEEN: r.sixteen_move_rule,
            THREE_KINGS: r.three_kings_against_one_rule,
            KING_MOVES: r.king_moves_only_limit is not None,
            NO_CAPTURE_OR_PROMOTION: r.no_capture_or_promotion_limit is not None,
            MANY_KINGS: r.kings_against_lone_king_limit is not None,
            LONG_DIAGONAL: r.long_diagonal_limit is not None,
            UNCHANGED_MATERIAL: bool(r.unchanged_material_limits),
        }
        return tuple(name for name in RULE_ORDER if on[name])

    def holds(self, rule: str) -> bool:
        """``assess(rule).holds``, without building the evidence (called for every ply)."""
        r = self.rules
        if rule == THREEFOLD:
            return len(self._occurrences.get(self._key, ())) >= 3
        if rule == KING_MOVES:
            limit = r.king_moves_only_limit
            return limit is not None and self.ply - self._king_run_start >= 2 * limit
        if rule == NO_CAPTURE_OR_PROMOTION:
            limit = r.no_capture_or_promotion_limit
            return limit is not None and self.ply - self._quiet_run_start >= 2 * limit
        if rule in (SIXTEEN, FIVE, MANY_KINGS) and self._count_class != rule:
            return False
        if rule == LONG_DIAGONAL and self._diagonal_start is None:
            return False
        if rule == UNCHANGED_MATERIAL:
            limit = _unchanged_material_limit(self.material, r)
            return limit is not None and self.ply - self._material_start >= 2 * limit
        if rule == THREE_KINGS and self._tk_lone is None:
            return False
        return self.assess(rule).holds

    def holding(self) -> list[str]:
        """The enabled rules whose condition holds in the current position (full assessments; for tests and tools)."""
        return [name for name in self.enabled_rules() if self.assess(name).holds]

    def assess(self, rule: str) -> Assessment:
        """Whether ``rule`` holds now, with its evidence. Unknown rule names raise ``ValueError``."""
        r = self.rules
        m = self.material
        if rule == THREEFOLD:
            plies = tuple(self._occurrences.get(self._key, ()))
            return Assessment(rule, r.threefold_repetition and len(plies) >= 3, r.threefold_repetition, plies,
                              len(plies), 3)
        if rule == KING_MOVES:
            limit = r.king_moves_only_limit
            return self._run(rule, self._king_run_start, limit)
        if rule == NO_CAPTURE_OR_PROMOTION:
            return self._run(rule, self._quiet_run_start, r.no_capture_or_promotion_limit)
        if rule in (SIXTEEN, FIVE, MANY_KINGS):
            limits = {SIXTEEN: r.sixteen_move_limit, FIVE: r.five_move_limit,
                      MANY_KINGS: r.kings_against_lone_king_limit or 0}
            if self._count_class != rule:
                return Assessment(rule, False, False, (), 0, 2 * limits[rule])
            return self._run(rule, self._count_start, limits[rule])
        if rule == LONG_DIAGONAL:
            on = self._diagonal_start is not None
            return self._run(rule, self._diagonal_start or 0, r.long_diagonal_limit if on else None)
        if rule == UNCHANGED_MATERIAL:
            return self._run(rule, self._material_start, _unchanged_material_limit(m, r))
        if rule == THREE_KINGS:
            applicable = r.three_kings_against_one_rule and self._tk_lone is not None
            if not applicable:
                return Assessment(rule, False, False, (), 0, 2 * r.three_kings_limit)
            limit = r.three_kings_long_diagonal_limit if self._tk_on_diagonal else r.three_kings_limit
            if self._tk_first is None:
                return Assessment(rule, False, True, (self._tk_created,), 0, 2 * limit)
            counted = max(0, self.ply - self._tk_first + 1)
            return Assessment(rule, counted >= 2 * limit, True, (self._tk_first - 1,), counted, 2 * limit)
        if rule == KING_AGAINST_KING:
            kk = m.white_men == 0 and m.black_men == 0 and m.white_kings == 1 and m.black_kings == 1
            on = r.king_against_king_immediate
            return Assessment(rule, on and kk, on and kk, (), 0, 0)
        raise ValueError(f"unknown draw rule {rule!r}; known: {', '.join(sorted(ALL_RULES))}")

    def _run(self, rule: str, start: int, limit: int | None) -> Assessment:
        if limit is None:
            return Assessment(rule, False, False, (), 0, 0)
        counted = self.ply - start
        return Assessment(rule, counted >= 2 * limit, True, (start,), counted, 2 * limit)


_FMJD_DRAW_ARTICLES = {THREEFOLD: "FMJD 6.1", KING_MOVES: "FMJD 6.2", SIXTEEN: "FMJD 6.3", FIVE: "FMJD 6.4"}
# Russian rules as quoted from fmjd64.org (secondary source, see reference/variants.md).
_RUSSIAN_DRAW_ARTICLES = {THREEFOLD: "Russian rules 7.2.3", MANY_KINGS: "Russian rules 7.2.4",
                          KING_MOVES: "Russian rules 7.2.5", UNCHANGED_MATERIAL: "Russian rules 7.2.6",
                          LONG_DIAGONAL: "Russian rules 7.2.7", FIVE: "Russian rules 7.2.8"}
_OTHER_DRAW_ARTICLES = {THREE_KINGS: "seed 000 rule 19b/c", NO_CAPTURE_OR_PROMOTION: "Brettspielnetz Dame rules",
                        KING_AGAINST_KING: "seed 001", AGREEMENT: "tournament rules"}


def draw_article(rule: str, profile_name: str) -> str:
    """The article a draw ruling cites: FMJD art. 6 for the FMJD games (numbering per the project's
    reference, a secondary source), the seed text or the profile's own rules otherwise."""
    if rule in _OTHER_DRAW_ARTICLES:
        return _OTHER_DRAW_ARTICLES[rule]
    if profile_name in ("international", "brazilian"):
        return _FMJD_DRAW_ARTICLES[rule]
    if profile_name == "russian" and rule in _RUSSIAN_DRAW_ARTICLES:
        return _RUSSIAN_DRAW_ARTICLES[rule]
    return f"{profile_name} rules"


def explain(a: Assessment, ply: int, profile: Profile,
            material: Material | None = None) -> tuple[str, dict[str, object]]:
    """Template and params explaining assessment ``a`` of the position after ``ply``."""
    article = draw_article(a.rule, profile.name)
    params: dict[str, object] = {"ply": ply, "article": article, "rule": a.rule, "profile": profile.name,
                                 "counted": a.counted, "needed": a.needed, "limit": a.needed // 2,
                                 "start": a.evidence_plies[0] if a.evidence_plies else 0}
    if a.rule == THREEFOLD:
        params.update(occurrences=", ".join(str(p) for p in a.evidence_plies), count=a.counted)
        if a.holds:
            return msg.DRAW_THREEFOLD, params
        return (msg.DRAW_THREEFOLD_ONCE if a.counted == 1 else msg.DRAW_THREEFOLD_NOT), params
    if a.rule == KING_MOVES:
        return (msg.DRAW_KING_MOVES if a.holds else msg.DRAW_KING_MOVES_NOT), params
    if a.rule == NO_CAPTURE_OR_PROMOTION:
        return (msg.DRAW_NO_CAPTURE if a.holds else msg.DRAW_NO_CAPTURE_NOT), params
    if a.rule == KING_AGAINST_KING:
        return (msg.DRAW_KING_V_KING if a.holds else msg.DRAW_ENDGAME_NA), params
    if a.rule == UNCHANGED_MATERIAL:
        if not a.applicable:
            return msg.DRAW_ENDGAME_NA, params
        return (msg.DRAW_UNCHANGED if a.holds else msg.DRAW_UNCHANGED_NOT), params
    # 16-move, 5-move, three kings, many kings, long diagonal: describe the strong side's material.
    if not a.applicable:
        return msg.DRAW_ENDGAME_NA, params
    if material is not None:
        lone = material.lone_king_side() or "W"
        strong = "B" if lone == "W" else "W"
        params.update(pieces=material.men(strong) + material.kings(strong), kings=material.kings(strong))
    else:
        params.update(pieces="?", kings="?")
    if a.rule == THREE_KINGS and a.counted == 0 and not a.holds:
        return msg.DRAW_ENDGAME_WAIT, params
    return (msg.DRAW_ENDGAME if a.holds else msg.DRAW_ENDGAME_NOT), params
