"""Arbiter rulings on irregularities (FMJD 5.4; seed 000 rule 10; seed 003).

The opponent decides whether an irregular move stands or is corrected (FMJD 5.4). Once a further
move has been made the irregular move stands (seed 000 rule 10a; the older German FMJD text). The
arbiter records the decision:

* ``stands``: always allowed on an irregular ply; the ruling is attached to the irregularity.
* ``corrected``: the corrected move must be legal in the position before the ply. If the record
  shows further moves after the ply, the correction is refused unless ``demanded_in_time`` says the
  opponent demanded it before making his next move (the recorded continuation was then played from
  the corrected position, and it is re-validated from there).

A refused ruling is not applied; it is listed in ``report.ruling_errors`` with the reason.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from arbiter import messages as msg
from arbiter.irregularities import articles, full_text
from arbiter.moves import legal_moves
from arbiter.notation import NotationError, find_moves, move_to_text
from arbiter.replay import replay
from arbiter.report import GameSource, Irregularity, Ruling, RulingError, ValidationReport


def _error(ruling: Ruling, template: str, **params: Any) -> RulingError:
    params.setdefault("ply", ruling.ply)
    return RulingError(ruling, msg.render(template, params), template, params)


def apply_rulings(src: GameSource, report: ValidationReport, rulings: list[Ruling]) -> ValidationReport:
    """Apply ``rulings`` in ply order to the replay of ``src`` (whose unruled replay is ``report``)."""
    errors: list[RulingError] = []
    accepted: list[Ruling] = []
    corrections: dict[int, str] = {}
    stands: dict[int, Ruling] = {}
    seen: set[int] = set()
    resolved: list[Irregularity] = []
    for r in sorted(rulings, key=lambda r: r.ply):
        if r.ply in seen:
            errors.append(_error(r, msg.RUL_DUPLICATE))
            continue
        seen.add(r.ply)
        if not 1 <= r.ply <= len(src.texts):
            errors.append(_error(r, msg.RUL_NO_SUCH_PLY, plies=len(src.texts)))
            continue
        irregular = _irregularity_at(report, r.ply)
        if irregular is None:
            errors.append(_error(r, msg.RUL_NO_IRREGULARITY))
            continue
        if r.decision == "stands":
            stands[r.ply] = r
            accepted.append(r)
            continue
        if r.decision != "corrected":
            errors.append(_error(r, msg.RUL_BAD_DECISION, decision=repr(r.decision)))
            continue
        if not r.corrected_move:
            errors.append(_error(r, msg.RUL_CORRECTION_MISSING))
            continue
        if r.ply < len(src.texts) and not r.demanded_in_time:
            article, _rule = articles(report.profile, irregular.kind)
            errors.append(_error(r, msg.RUL_TOO_LATE, played=irregular.played, article=article))
            continue
        before = report.position_after(r.ply - 1)
        legal = legal_moves(before)
        try:
            fits = find_moves(before, r.corrected_move)
        except NotationError:
            fits = []
        shown = ", ".join(move_to_text(before, m, legal) for m in legal)
        if len(fits) > 1:
            errors.append(_error(r, msg.RUL_CORRECTION_AMBIGUOUS, corrected=r.corrected_move,
                                 candidates=" or ".join(full_text(report.profile, m) for m in fits)))
            continue
        if not fits:
            errors.append(_error(r, msg.RUL_CORRECTION_ILLEGAL, corrected=r.corrected_move, legal=shown))
            continue
        text = move_to_text(before, fits[0], legal)
        corrections[r.ply] = text
        src.texts[r.ply - 1] = text
        accepted.append(r)
        resolved.append(_with_ruling(irregular, r))
        # Later plies are judged from the corrected position.
        report = replay(src)
    # Attach the 'stands' rulings to their irregularities.
    report.irregularities = [_with_ruling(i, stands.get(i.ply)) for i in report.irregularities]
    report.rulings = accepted
    report.ruling_errors = errors
    report.corrections = corrections
    report.resolved = resolved
    return report


def _irregularity_at(report: ValidationReport, ply: int) -> Irregularity | None:
    for i in report.irregularities:
        if i.ply == ply:
            return i
    return None


def _with_ruling(i: Irregularity, ruling: Ruling | None) -> Irregularity:
    if ruling is None:
        return i
    return dataclasses.replace(i, ruling=ruling)
