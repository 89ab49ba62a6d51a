"""Automatic rulings on draw claims, with evidence.

``rule_on_claim(game, ply, rule)`` judges a claim made after ``ply`` (0 = before the first move):
upheld when the named rule holds in the position reached by that ply (with ``rule=None``: when any
rule of the profile holds). The evidence is the plies where a repeated position occurred, or the
ply after which a count started. A draw by agreement is judged against the tournament's
``min_agreement_move`` (seed 001: 40 moves by each player).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from arbiter import messages as msg
from arbiter.draws import AGREEMENT, ALL_RULES, RULE_ORDER, DrawTracker, explain
from arbiter.validator import Ruling, ValidationReport, new_tracker, validate


@dataclass(frozen=True)
class ClaimRuling:
    """The ruling on one claim. ``rule`` is the rule judged (the one upheld, for ``rule=None``)."""

    upheld: bool
    rule: str | None
    ply: int
    evidence_plies: tuple[int, ...]
    explanation: str
    explanation_template: str
    params: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"upheld": self.upheld, "rule": self.rule, "ply": self.ply,
                "evidence_plies": list(self.evidence_plies), "explanation": self.explanation}


class ClaimError(ValueError):
    """The claim cannot be judged (unknown rule, ply out of range); the message says why."""


def _ruling(upheld: bool, rule: str | None, ply: int, evidence: tuple[int, ...], template: str,
            params: dict[str, object]) -> ClaimRuling:
    return ClaimRuling(upheld, rule, ply, evidence, msg.render(template, params), template, params)


def tracker_at(report: ValidationReport, ply: int) -> DrawTracker:
    """A draw tracker that has followed the game up to and including ``ply``."""
    t = new_tracker(report.positions[0])
    for f in report.facts[:ply]:
        t.feed(f)
    return t


def rule_on_claim(game: object, ply: int, rule: str | None = None, *, profile: str | None = None,
                  rulings: Sequence[Ruling] | None = None,
                  min_agreement_move: int | None = None) -> ClaimRuling:
    """Judge a draw claim made after ``ply`` of ``game`` (a GameRecord, a PdnGame or a ValidationReport).

    ``rule``: one of ``arbiter.draws.ALL_RULES`` or None (any rule of the profile). For
    ``'agreement'``, ``min_agreement_move`` (default: the profile's) is the number of moves each
    player must have made. Raises ``ClaimError`` for an unknown rule or a ply the replay did not reach.
    """
    report = game if isinstance(game, ValidationReport) else validate(game, profile, rulings)
    reached = len(report.positions) - 1
    if rule is not None and rule not in ALL_RULES:
        bad: dict[str, object] = {"rule": rule, "known": ", ".join(sorted(ALL_RULES))}
        raise ClaimError(msg.render(msg.CLAIM_UNKNOWN_RULE, bad))
    if not 0 <= ply <= reached:
        raise ClaimError(msg.render(msg.CLAIM_BAD_PLY, {"ply": ply, "plies": reached}))
    if rule == AGREEMENT:
        return _agreement(report, ply, min_agreement_move)
    t = tracker_at(report, ply)
    enabled = t.enabled_rules()
    if rule is not None:
        if rule not in enabled:
            off: dict[str, object] = {"rule": rule, "profile": report.profile.name}
            return _ruling(False, rule, ply, (), msg.DRAW_DISABLED, off)
        a = t.assess(rule)
        template, params = explain(a, ply, report.profile, t.material)
        return _ruling(a.holds, rule, ply, a.evidence_plies, template, params)
    details = []
    parts: list[list[object]] = []  # each detail's template and params, for a translated page
    for name in RULE_ORDER:
        if name not in enabled:
            continue
        a = t.assess(name)
        template, params = explain(a, ply, report.profile, t.material)
        if a.holds:
            return _ruling(True, name, ply, a.evidence_plies, template, params)
        if a.applicable:
            details.append(msg.render(template, params))
            parts.append([template, params])
    none: dict[str, object] = {"ply": ply, "details": " ".join(details), "detail_parts": parts}
    return _ruling(False, None, ply, (), msg.DRAW_NONE, none)


def _agreement(report: ValidationReport, ply: int, minimum: int | None) -> ClaimRuling:
    """Seed 001: a draw may be agreed only once each player has made ``minimum`` moves."""
    if minimum is None:
        minimum = report.profile.draw.min_agreement_move
    if minimum is None:
        return _ruling(True, AGREEMENT, ply, (), msg.DRAW_AGREEMENT_FREE, {"ply": ply})
    white = sum(1 for p in report.plies[:ply] if p.side == "W")
    black = ply - white
    params: dict[str, object] = {"ply": ply, "minimum": minimum, "white_moves": white, "black_moves": black,
                              "moves": min(white, black)}
    if white >= minimum and black >= minimum:
        return _ruling(True, AGREEMENT, ply, (), msg.DRAW_AGREEMENT_OK, params)
    return _ruling(False, AGREEMENT, ply, (), msg.DRAW_AGREEMENT_TOO_EARLY, params)
