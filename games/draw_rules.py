"""Labels of the validator's draw rules (``arbiter.draws.ALL_RULES``), for forms, pages and messages."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from arbiter.draws import AGREEMENT, RULE_ORDER

# Every draw rule of the validator (``arbiter.draws.ALL_RULES``) with its label for the claim form
# and the claims list. Labels name the situation, not a number of moves: the limits differ per
# profile (25 king moves under FMJD, 40 in English, 15 in Russian).
RULE_LABELS = {
    "threefold_repetition": _("Threefold repetition"),
    "25_move": _("Only king moves, no man moved and nothing captured"),
    "16_move": _("Three pieces with a king against a lone king (16-move rule)"),
    "5_move": _("Two pieces with a king against a lone king (5-move rule)"),
    "three_kings": _("Three kings against one (older German rule)"),
    "no_capture_or_promotion": _("No capture or promotion"),
    "king_against_king": _("King against king"),
    "long_diagonal": _("Lone king on the long diagonal"),
    "kings_against_lone_king": _("Three or more kings against a lone king"),
    "unchanged_material": _("Kings on both sides, material unchanged"),
    AGREEMENT: _("Draw offer (agreement)"),
}
# The claim form's order: the validator's order, then the draw offer.
CLAIM_RULES: tuple[str, ...] = (*RULE_ORDER, AGREEMENT)


def rule_label(rule: str) -> str:
    """The translated label of a draw rule id; the id itself for a rule this version does not know."""
    label = RULE_LABELS.get(rule)
    return str(label) if label is not None else rule
