"""The draw-rule tracker on hand-made ply streams (no move generation involved).

Each test feeds ``PlyFacts`` as the validator would and checks the exact ply where a rule first holds.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable

import pytest

from arbiter.drawrules import DrawRules
from arbiter.draws import (
    FIVE,
    KING_AGAINST_KING,
    KING_MOVES,
    LONG_DIAGONAL,
    MANY_KINGS,
    NO_CAPTURE_OR_PROMOTION,
    SIXTEEN,
    THREE_KINGS,
    THREEFOLD,
    UNCHANGED_MATERIAL,
    DrawTracker,
    Material,
    PlyFacts,
    long_diagonal,
)
from arbiter.profiles import get_profile

MIDDLE = Material(white_men=5, white_kings=2, black_men=5, black_kings=2)


def tracker(rules: DrawRules, material: Material = MIDDLE, start_key: Hashable = "start") -> DrawTracker:
    return DrawTracker(rules, start_key, material, "W")


def feed(t: DrawTracker, ply: int, key: Hashable, material: Material = MIDDLE, *, man: bool = False,
         captured: int = 0, promoted: bool = False, diag: bool = False) -> list[str]:
    side = "W" if ply % 2 == 1 else "B"
    t.feed(PlyFacts(ply, side, key, material, man, captured, promoted, diag))
    return t.holding()


def first_hold(t: DrawTracker, rule: str, stream: list[dict[str, object]]) -> int | None:
    for i, facts in enumerate(stream, start=t.ply + 1):
        if rule in feed(t, i, **facts):  # type: ignore[arg-type]
            return i
    return None


def test_long_diagonal_of_both_boards() -> None:
    assert long_diagonal(10) == {46, 41, 37, 32, 28, 23, 19, 14, 10, 5}
    assert long_diagonal(8) == {29, 25, 22, 18, 15, 11, 8, 4}


def test_threefold_counts_the_start_position_and_needs_the_same_side_to_move() -> None:
    t = tracker(DrawRules())
    # start A(W) -> B(B) -> C(W) -> D(B) -> A(W) -> B(B) -> C(W) -> D(B) -> A(W): third A at ply 8
    keys = ["B", "C", "D", "start"] * 2
    held = [feed(t, i, k) for i, k in enumerate(keys, start=1)]
    assert all(THREEFOLD not in h for h in held[:7])
    assert THREEFOLD in held[7]
    a = t.assess(THREEFOLD)
    assert a.evidence_plies == (0, 4, 8)


def test_threefold_restarts_after_a_man_move() -> None:
    t = tracker(DrawRules())
    feed(t, 1, "B")
    feed(t, 2, "start")
    feed(t, 3, "B", man=True)  # irreversible: earlier occurrences no longer count
    feed(t, 4, "start")
    feed(t, 5, "B")
    assert t.assess(THREEFOLD).evidence_plies == (3, 5)
    assert not t.assess(THREEFOLD).holds
    feed(t, 6, "start")
    assert THREEFOLD in feed(t, 7, "B")


def test_same_player_option_does_not_count_the_start_position() -> None:
    t = tracker(DrawRules(repetition_same_player=True))
    keys = ["B", "C", "D", "start"] * 2
    for i, k in enumerate(keys, start=1):
        assert THREEFOLD not in feed(t, i, k)
    assert t.assess(THREEFOLD).evidence_plies == (4, 8)
    feed(t, 9, "B")
    feed(t, 10, "C")
    feed(t, 11, "D")
    assert THREEFOLD in feed(t, 12, "start")


def test_25_move_rule_holds_after_ply_50_not_49() -> None:
    t = tracker(DrawRules(threefold_repetition=False))
    feed(t, 1, 1, man=True)
    stream = [{"key": i} for i in range(100, 150)]
    for i, facts in enumerate(stream[:48], start=2):
        assert KING_MOVES not in feed(t, i, **facts)  # type: ignore[arg-type]
    assert KING_MOVES not in feed(t, 50, 5000)  # 49 king plies since ply 1
    assert KING_MOVES in feed(t, 51, 5001)  # the 50th
    a = t.assess(KING_MOVES)
    assert a.evidence_plies == (1,) and a.counted == 50 and a.needed == 50


def test_25_move_rule_resets_on_a_capture() -> None:
    t = tracker(DrawRules(threefold_repetition=False))
    for i in range(1, 40):
        feed(t, i, i)
    feed(t, 40, 40, captured=1)
    for i in range(41, 90):
        assert KING_MOVES not in feed(t, i, i)
    assert KING_MOVES in feed(t, 90, 90)


def test_brettspielnetz_count_ignores_man_moves_but_not_promotions() -> None:
    rules = DrawRules(threefold_repetition=False, king_moves_only_limit=None, no_capture_or_promotion_limit=25)
    t = tracker(rules)
    feed(t, 1, 1, promoted=True, man=True)
    for i in range(2, 51):
        assert NO_CAPTURE_OR_PROMOTION not in feed(t, i, i, man=True)
    assert NO_CAPTURE_OR_PROMOTION in feed(t, 51, 51, man=True)
    assert t.assess(NO_CAPTURE_OR_PROMOTION).evidence_plies == (1,)


THREE_V_ONE = Material(0, 3, 0, 1)
TWO_KINGS_MAN_V_ONE = Material(1, 2, 0, 1)
TWO_V_ONE = Material(0, 2, 0, 1)


def test_16_move_rule_holds_after_32_plies_not_31() -> None:
    t = tracker(DrawRules(threefold_repetition=False), Material(0, 3, 0, 2))
    feed(t, 1, 1, THREE_V_ONE, captured=1)  # creates 3K v K: the count starts after ply 1
    for i in range(2, 33):
        assert SIXTEEN not in feed(t, i, i, THREE_V_ONE)
    assert SIXTEEN in feed(t, 33, 33, THREE_V_ONE)
    a = t.assess(SIXTEEN)
    assert a.evidence_plies == (1,) and a.counted == 32


def test_16_move_count_switches_to_the_5_move_rule_after_a_capture() -> None:
    # The reference example: 3K v K, a king captured at ply 14 of the count, drawn 10 plies later.
    t = tracker(DrawRules(threefold_repetition=False), THREE_V_ONE)
    for i in range(1, 14):
        feed(t, i, i, THREE_V_ONE)
    feed(t, 14, 14, TWO_V_ONE, captured=1)
    for i in range(15, 24):
        assert FIVE not in feed(t, i, i, TWO_V_ONE)
    assert FIVE in feed(t, 24, 24, TWO_V_ONE)
    assert t.assess(FIVE).evidence_plies == (14,)
    assert not t.assess(SIXTEEN).applicable


@pytest.mark.parametrize(("restart", "expected"), [(False, 33), (True, 35)])
def test_promotion_during_the_16_move_count_is_a_profile_option(restart: bool, expected: int) -> None:
    rules = DrawRules(threefold_repetition=False, sixteen_restart_on_promotion=restart)
    t = tracker(rules, Material(1, 2, 0, 2))
    feed(t, 1, 1, TWO_KINGS_MAN_V_ONE, captured=1)  # count starts after ply 1
    feed(t, 2, 2, TWO_KINGS_MAN_V_ONE)
    feed(t, 3, 3, THREE_V_ONE, man=True, promoted=True)  # the man is crowned at ply 3
    assert first_hold(t, SIXTEEN, [{"key": i, "material": THREE_V_ONE} for i in range(4, 60)]) == expected


def test_three_men_against_a_king_fall_under_neither_rule() -> None:
    t = tracker(DrawRules(threefold_repetition=False, king_moves_only_limit=None), Material(3, 0, 0, 1))
    for i in range(1, 80):
        assert feed(t, i, i, Material(3, 0, 0, 1)) == []
    assert not t.assess(SIXTEEN).applicable


def test_5_move_rule_holds_after_10_plies_and_covers_king_against_king() -> None:
    kk = Material(0, 1, 0, 1)
    t = tracker(DrawRules(threefold_repetition=False), Material(0, 2, 0, 2))
    feed(t, 1, 1, kk, captured=1)
    assert first_hold(t, FIVE, [{"key": i, "material": kk} for i in range(2, 30)]) == 11


def test_5_move_count_never_restarts_within_its_material() -> None:
    # 2K v K from the start; the lone king takes one king at ply 4 (K v K): still counted from ply 0.
    kk = Material(0, 1, 0, 1)
    t = tracker(DrawRules(threefold_repetition=False), TWO_V_ONE)
    stream = [{"key": i, "material": TWO_V_ONE} for i in range(1, 4)]
    stream += [{"key": 4, "material": kk, "captured": 1}] + [{"key": i, "material": kk} for i in range(5, 20)]
    assert first_hold(t, FIVE, stream) == 10
    assert t.assess(FIVE).evidence_plies == (0,)


def test_king_against_king_immediate_option() -> None:
    kk = Material(0, 1, 0, 1)
    t = tracker(DrawRules(king_against_king_immediate=True), TWO_V_ONE)
    assert KING_AGAINST_KING in feed(t, 1, 1, kk, captured=1)


def test_three_kings_rule_counts_from_the_lone_king_side() -> None:
    rules = DrawRules(threefold_repetition=False, sixteen_move_rule=False, three_kings_against_one_rule=True)
    # White creates 3K v K at ply 1; Black (lone king) starts the count at ply 2: 20 plies -> ply 21.
    t = tracker(rules, Material(0, 3, 0, 2))
    feed(t, 1, 1, THREE_V_ONE, captured=1)
    assert first_hold(t, THREE_KINGS, [{"key": i, "material": THREE_V_ONE} for i in range(2, 40)]) == 21
    assert t.assess(THREE_KINGS).evidence_plies == (1,)


def test_three_kings_rule_3_moves_when_the_lone_king_holds_the_long_diagonal() -> None:
    rules = DrawRules(threefold_repetition=False, sixteen_move_rule=False, three_kings_against_one_rule=True)
    t = tracker(rules, Material(0, 3, 0, 2))
    feed(t, 1, 1, THREE_V_ONE, captured=1, diag=True)
    stream = [{"key": i, "material": THREE_V_ONE, "diag": True} for i in range(2, 40)]
    assert first_hold(t, THREE_KINGS, stream) == 7


def test_three_kings_rule_when_the_lone_side_created_the_material() -> None:
    rules = DrawRules(threefold_repetition=False, sixteen_move_rule=False, three_kings_against_one_rule=True)
    # Black's lone king captures at ply 2 (4K v K -> 3K v K); White moves at 3, Black's count starts at 4.
    t = tracker(rules, Material(0, 4, 0, 1))
    feed(t, 1, 1, Material(0, 4, 0, 1))
    feed(t, 2, 2, THREE_V_ONE, captured=1)
    assert first_hold(t, THREE_KINGS, [{"key": i, "material": THREE_V_ONE} for i in range(3, 40)]) == 23


def test_unknown_rule_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown draw rule 'fifty'"):
        tracker(DrawRules()).assess("fifty")


# Russian draw rules (fmjd64.org 7.2.4, 7.2.6, 7.2.7; reference/variants.md) as profile data.
RUSSIAN = dataclasses.replace(get_profile("russian").draw, threefold_repetition=False, king_moves_only_limit=None)


def test_russian_profile_carries_its_draw_rules_as_data() -> None:
    r = get_profile("russian").draw
    assert (r.kings_against_lone_king_limit, r.long_diagonal_limit, r.king_moves_only_limit) == (15, 5, 15)
    assert r.unchanged_material_limits == ((4, 5, 30), (6, 7, 60))
    assert r.five_move_rule and not r.sixteen_move_rule
    assert get_profile("english").draw.king_moves_only_limit == 40
    intl = get_profile("international").draw
    assert intl.kings_against_lone_king_limit is None and intl.long_diagonal_limit is None
    assert intl.unchanged_material_limits == ()


@pytest.mark.parametrize("material", [Material(0, 3, 0, 1), Material(0, 4, 0, 1), Material(1, 3, 0, 1)])
def test_russian_three_or_more_kings_against_a_lone_king_15_moves(material: Material) -> None:
    t = tracker(RUSSIAN, Material(0, 4, 1, 1))
    feed(t, 1, 1, material, captured=1)  # the material arises at ply 1
    assert first_hold(t, MANY_KINGS, [{"key": i, "material": material} for i in range(2, 60)]) == 31
    assert t.assess(MANY_KINGS).evidence_plies == (1,)


def test_russian_two_kings_and_a_man_are_not_many_kings() -> None:
    t = tracker(RUSSIAN, Material(1, 2, 0, 1))
    for i in range(1, 70):
        assert MANY_KINGS not in feed(t, i, i, Material(1, 2, 0, 1))
    assert not t.assess(MANY_KINGS).applicable


def test_russian_long_diagonal_5_moves_and_leaving_it_ends_the_count() -> None:
    three = Material(1, 2, 0, 1)  # 2K+M against a lone king
    t = DrawTracker(RUSSIAN, "start", three, "W", True)  # the lone king holds the diagonal from the start
    for i in range(1, 10):
        assert LONG_DIAGONAL not in feed(t, i, i, three, diag=True)
    assert LONG_DIAGONAL in feed(t, 10, 10, three, diag=True)
    assert t.assess(LONG_DIAGONAL).evidence_plies == (0,)
    t = DrawTracker(RUSSIAN, "start", three, "W", True)
    for i in range(1, 6):
        feed(t, i, i, three, diag=True)
    feed(t, 6, 6, three, diag=False)  # driven off the diagonal: no count
    assert not t.assess(LONG_DIAGONAL).applicable
    assert first_hold(t, LONG_DIAGONAL, [{"key": i, "material": three, "diag": True} for i in range(7, 30)]) == 17


def test_russian_unchanged_material_with_kings_on_both_sides() -> None:
    five = Material(2, 1, 1, 1)  # 5 pieces: 30 moves each
    t = tracker(RUSSIAN, five)
    assert first_hold(t, UNCHANGED_MATERIAL, [{"key": i, "material": five} for i in range(1, 80)]) == 60
    seven = Material(3, 1, 2, 1)  # 7 pieces: 60 moves each; a promotion changes the material and restarts
    t = tracker(RUSSIAN, Material(4, 0, 2, 1))
    feed(t, 1, 1, seven, man=True, promoted=True)
    assert first_hold(t, UNCHANGED_MATERIAL, [{"key": i, "material": seven} for i in range(2, 200)]) == 121
    assert t.assess(UNCHANGED_MATERIAL).evidence_plies == (1,)


@pytest.mark.parametrize("material", [Material(2, 0, 1, 1), Material(4, 1, 3, 1), Material(1, 1, 1, 0)])
def test_russian_unchanged_material_needs_kings_both_sides_and_4_to_7_pieces(material: Material) -> None:
    t = tracker(RUSSIAN, material)
    for i in range(1, 150):
        assert UNCHANGED_MATERIAL not in feed(t, i, i, material)
