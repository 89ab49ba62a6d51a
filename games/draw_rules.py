"""Labels of the validator's draw rules (``arbiter.draws.ALL_RULES``), for forms, pages and messages."""

from __future__ import annotations

from django.utils.translation import gettext_lazy, gettext_noop

from arbiter.draws import AGREEMENT, RULE_ORDER

# Every draw rule of the validator (``arbiter.draws.ALL_RULES``) with its name for the claim form,
# the claims list and the audit log (which keeps the English name, a message of the catalog, and
# words it in the reader's language). Names say the situation, not a number of moves: the limits
# differ per profile (25 king moves under FMJD, 40 in English, 15 in Russian).
RULE_NAMES = {
    "threefold_repetition": gettext_noop("Threefold repetition"),
    "25_move": gettext_noop("Only king moves, no man moved and nothing captured"),
    "16_move": gettext_noop("Three pieces with a king against a lone king (16-move rule)"),
    "5_move": gettext_noop("Two pieces with a king against a lone king (5-move rule)"),
    "three_kings": gettext_noop("Three kings against one (older German rule)"),
    "no_capture_or_promotion": gettext_noop("No capture or promotion"),
    "king_against_king": gettext_noop("King against king"),
    "long_diagonal": gettext_noop("Lone king on the long diagonal"),
    "kings_against_lone_king": gettext_noop("Three or more kings against a lone king"),
    "unchanged_material": gettext_noop("Kings on both sides, material unchanged"),
    AGREEMENT: gettext_noop("Draw offer (agreement)"),
}
RULE_LABELS = {rule: gettext_lazy(name) for rule, name in RULE_NAMES.items()}
# The claim form's order: the validator's order, then the draw offer.
CLAIM_RULES: tuple[str, ...] = (*RULE_ORDER, AGREEMENT)


def rule_label(rule: str) -> str:
    """The translated label of a draw rule id; the id itself for a rule this version does not know."""
    label = RULE_LABELS.get(rule)
    return str(label) if label is not None else rule
