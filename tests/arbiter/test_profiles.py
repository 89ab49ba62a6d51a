"""Rule profiles are data: the shipped profiles and their switches."""

from __future__ import annotations

import pytest

from arbiter import PROFILES, DrawRules, Profile, UnknownVariant, get_profile, initial_position


def test_shipped_profiles() -> None:
    assert set(PROFILES) == {"international", "brazilian", "russian", "english", "german", "canadian", "pool",
                             "italian", "spanish", "portuguese", "czech", "turkish", "thai", "frisian"}
    intl = PROFILES["international"]
    assert (intl.board_size, intl.white_first, intl.men_capture_backwards, intl.flying_kings,
            intl.capture_precedence, intl.promote_during_capture) == (10, True, True, True, "majority", False)
    rus = PROFILES["russian"]
    assert rus.promote_during_capture and rus.capture_precedence == "free" and rus.capture_separator == ":"
    for name in ("english", "german"):
        p = PROFILES[name]
        assert p.first_side == "B" and not p.men_capture_backwards and not p.flying_kings
        assert p.capture_precedence == "free"


def test_draw_rules_per_profile() -> None:
    assert PROFILES["international"].draw == DrawRules()
    german = PROFILES["german"].draw
    assert german.no_capture_or_promotion_limit == 25 and german.threefold_repetition
    assert german.king_moves_only_limit is None and not german.sixteen_move_rule and not german.five_move_rule


def test_get_profile() -> None:
    assert get_profile("International") is PROFILES["international"]
    assert get_profile(PROFILES["german"]) is PROFILES["german"]
    with pytest.raises(UnknownVariant, match="unknown variant 'spantsiretti'.*international"):
        get_profile("spantsiretti")
    assert issubclass(UnknownVariant, ValueError)


def test_profiles_are_frozen_and_initial_positions_follow_them() -> None:
    with pytest.raises(AttributeError):
        PROFILES["international"].board_size = 8  # type: ignore[misc]
    assert isinstance(PROFILES["english"], Profile)
    eng = initial_position("english")
    assert eng.side_to_move == "B" and eng.men("B") == set(range(1, 13)) and eng.men("W") == set(range(21, 33))
    assert initial_position("international").men("W") == set(range(31, 51))
