"""FEN (PDN 3.0): lenient reading, one canonical writing, clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter import PROFILES, FenError, Position, UnknownVariant, initial_position, parse_fen, to_fen


def test_initial_position_fen() -> None:
    assert parse_fen("W:W31-50:B1-20") == initial_position("international")
    assert to_fen(initial_position("international")) == "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(
        map(str, range(1, 21)))


@pytest.mark.parametrize("text", [
    "W:W31-50:B1-20",
    "W:B1-20:W31-50",            # either colour first
    "W:W31-50:B1-20.",           # trailing dot
    "  W : W31-50 : B1-20 \n",   # whitespace anywhere
    "w:w31-50:b1-20",            # lower case
    "W:W31-50:B1-20:H0:F1",      # lidraughts suffixes
    "\ufeffW:W31-50:B1-20",      # BOM
])
def test_lenient_forms_read_the_same_position(text: str) -> None:
    assert parse_fen(text) == initial_position("international")


def test_kings_and_side_to_move() -> None:
    pos = parse_fen("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")
    assert pos.side_to_move == "B"
    assert pos.kings("W") == {10, 15} and pos.men("W") == {18, 24, 27, 28}
    assert pos.kings("B") == {22, 25, 29} and pos.pieces("B") == {12, 16, 20, 22, 25, 29}
    assert pos.piece_at(10) == "W" and pos.piece_at(12) == "b" and pos.piece_at(1) is None


def test_canonical_form_round_trips() -> None:
    text = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
    pos = parse_fen(text)
    assert to_fen(pos) == text
    assert parse_fen(to_fen(pos)) == pos


def test_side_with_no_pieces() -> None:
    pos = parse_fen("W:W:BK5")
    assert not pos.pieces("W") and pos.kings("B") == {5}
    assert to_fen(pos) == "W:W:BK5"


def test_alphanumeric_squares_on_8x8() -> None:
    pos = parse_fen("W:Wa1,c3,Kh8:Bb8", "russian")
    assert pos.men("W") == {29, 22} and pos.kings("W") == {4} and pos.men("B") == {1}
    assert to_fen(pos) == "W:Wc3,a1,Kh8:Bb8"  # square-number order
    assert to_fen(pos, alphanumeric=False) == "W:W22,29,K4:B1"
    assert parse_fen("W:W22,29,K4:B1", "russian") == pos


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty FEN"),
    ("X:W31:B1", "side to move"),
    ("W:W31:B1:W32", "listed twice"),
    ("W:W51:B1", "square 51 is off the board"),
    ("W:W31,31:B1", "square 31 is listed twice"),
    ("W:W31:B31", "square 31 is listed twice"),
    ("W:W40-31:B1", "runs backwards"),
    ("W:Wabc:B1", "bad square 'abc'"),
    ("W:W31,,32:B1", "empty square entry"),
    ("W:Z31:B1", "must start with W or B"),
])
def test_errors_name_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(FenError, match=message):
        parse_fen(text)


def test_8x8_square_range_is_checked() -> None:
    with pytest.raises(FenError, match="square 33 is off the board"):
        parse_fen("W:W33:B1", "english")


def test_unknown_variant() -> None:
    with pytest.raises(UnknownVariant, match="unknown variant 'chess'"):
        parse_fen("W:W31:B1", "chess")


def test_positions_are_hashable_and_compare_by_pieces_and_side() -> None:
    a = parse_fen("W:W31,32:B1")
    b = parse_fen("W:W32,31:B1.")
    c = parse_fen("B:W31,32:B1")
    assert a == b and hash(a) == hash(b) and a != c
    assert len({a, b, c}) == 2
    with pytest.raises(AttributeError):
        a.wm = 0  # type: ignore[misc]


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, Position]:
    variant = draw(st.sampled_from(sorted(PROFILES)))
    prof = PROFILES[variant]
    n = prof.squares
    squares = draw(st.lists(st.integers(1, n), unique=True, max_size=24))
    kinds = draw(st.lists(st.sampled_from("wWbB"), min_size=len(squares), max_size=len(squares)))
    groups: dict[str, list[int]] = {"w": [], "W": [], "b": [], "B": []}
    for s, kind in zip(squares, kinds):
        groups[kind].append(s)
    side = draw(st.sampled_from(["W", "B"]))
    pos = Position.from_squares(variant, white_men=groups["w"], white_kings=groups["W"], black_men=groups["b"],
                                black_kings=groups["B"], side_to_move=side)
    return variant, pos


@settings(max_examples=300, deadline=None)
@given(positions())
def test_fen_round_trip_property(case: tuple[str, Position]) -> None:
    variant, pos = case
    # Arbitrary piece sets (men on a crowning row, empty boards): the round trip, not the legality checks.
    assert parse_fen(to_fen(pos), variant, check=False) == pos
    assert parse_fen(to_fen(pos, alphanumeric=False), variant, check=False) == pos
    for sq in range(1, pos.profile.squares + 1):
        code = pos.piece_at(sq)
        assert (code is not None) == (sq in pos.pieces("W") | pos.pieces("B"))
