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

from collections.abc import Sequence

from arbiter.profiles import Profile
from arbiter.replay import new_tracker, replay, source
from arbiter.report import (
    DrawCondition,
    GameInputError,
    GameRecord,
    GameSource,
    Irregularity,
    PlyRecord,
    Ruling,
    RulingError,
    Side,
    Stop,
    ValidationReport,
)
from arbiter.rulings import apply_rulings

__all__ = ["DrawCondition", "GameInputError", "GameRecord", "GameSource", "Irregularity", "PlyRecord", "Ruling",
           "RulingError", "Side", "Stop", "ValidationReport", "new_tracker", "replay", "source", "validate"]


def validate(game: object, profile: Profile | str | None = None,
             rulings: Sequence[Ruling] | None = None) -> ValidationReport:
    """Replay ``game`` (a ``GameRecord`` or a ``PdnGame``) and report every irregularity and draw condition.

    ``profile`` overrides the game's own variant. ``rulings`` are applied in ply order: 'stands' is
    attached to its irregularity; 'corrected' replaces the ply's move by the corrected legal move and
    the game is re-validated from there. A ruling that is not allowed is not applied and is listed
    in ``report.ruling_errors``. Raises ``GameInputError`` when the start position cannot be read and
    ``UnknownVariant`` for an unknown variant.
    """
    src = source(game, profile)
    report = replay(src)
    if rulings:
        report = apply_rulings(src, report, list(rulings))
    return report

