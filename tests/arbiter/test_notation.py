"""Move notation: lenient reading, strict writing, matching text to legal moves."""

from __future__ import annotations

import pytest

from arbiter import (
    NotationError,
    all_capture_sequences,
    find_moves,
    initial_position,
    legal_moves,
    match_moves,
    move_to_text,
    parse_fen,
    parse_move_text,
)


@pytest.mark.parametrize(("text", "squares", "capture"), [
    ("32-28", (32, 28), False),
    ("28x19", (28, 19), True),
    ("28X19", (28, 19), True),
    ("28:19", (28, 19), True),
    ("1- 6", (1, 6), False),
    ("47x 9", (47, 9), True),
    ("06-11", (6, 11), False),
    ("47x38x24x13x36", (47, 38, 24, 13, 36), True),
    ("32\u201328", (32, 28), False),
    ("3228", (32, 28), None),
])
def test_lenient_reading(text: str, squares: tuple[int, ...], capture: bool | None) -> None:
    parsed = parse_move_text(text, "international")
    assert parsed.squares == squares and parsed.capture_sign is capture


def test_alphanumeric_reading() -> None:
    assert parse_move_text("c3-d4", "russian").squares == (22, 18)
    assert parse_move_text("d4:b6", "russian").squares == (18, 9)
    assert parse_move_text("a3b4", "russian").squares == (21, 17)
    assert parse_move_text(" A3B4 ", "russian").squares == (21, 17)


def test_alphanumeric_capture_path_with_no_separator() -> None:
    # Written glued ("c3e5g7") the squares are read as pairs; the move is a capture path.
    parsed = parse_move_text("c3e5g7", "russian")
    assert parsed.squares == (22, 15, 8) and parsed.capture_sign is None
    pos = parse_fen("W:Wc3:Bd4,f6", "russian")
    (move,) = find_moves(pos, "c3e5g7")
    assert move.captures == (11, 18)


def test_glued_alphanumeric_fixture_validates_through_notation() -> None:
    from pathlib import Path

    from arbiter.check import check_text

    text = (Path(__file__).parents[1] / "fixtures" / "pdn" / "syntax" / "alphanumeric.pdn").read_text()
    doc, clean = check_text(text)
    assert clean and doc["games"][0]["plies"] == 1 and doc["games"][0]["variant"] == "russian"


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty move text"),
    ("32", "cannot read move '32': one square only"),
    ("32-", "cannot read move '32-': missing square"),
    ("abc", "cannot read move 'abc': not a move"),
    ("32-99", "cannot read move '32-99': square 99 is off the board (1-50)"),
    ("x-y", "cannot read move 'x-y': missing square"),
    ("31-2a", "cannot read move '31-2a': '2a' is not a square"),
])
def test_unreadable_text_raises_naming_the_text_and_the_problem(text: str, message: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_move_text(text, "international")
    assert str(err.value).startswith(message)


def test_find_moves_matches_separators_leniently() -> None:
    pos = parse_fen("W:W28:B23")  # 28x19 captures 23; written with '-' by mistake
    assert [m.key for m in find_moves(pos, "28-19")] == [(28, 19, frozenset({23}))]
    assert find_moves(initial_position(), "32-27")[0].to_sq == 27
    assert find_moves(initial_position(), "32-26") == []


def test_ambiguous_short_capture_returns_both_moves() -> None:
    pos = parse_fen("W:WK4:B13,20,32,37")
    assert len(find_moves(pos, "4x15")) == 2
    (one,) = find_moves(pos, "4x27x38x15")
    assert one.captures == (13, 20, 32)
    (other,) = find_moves(pos, "4x31x15")  # an incomplete path still picks one move
    assert other.captures == (13, 20, 37)


def test_path_squares_prefer_landing_squares_over_passed_squares() -> None:
    # 2x30x11: 30 is where one capture turns; the other only passes over 30.
    pos = parse_fen("W:W45,K2:B16,18,24,34,40,K22,K29")
    (move,) = find_moves(pos, "2x30x11")
    assert move.captures == (22, 24, 34)


def test_match_moves_on_non_maximal_captures() -> None:
    pos = parse_fen("W:W34,38:BK32,29,19")
    parsed = parse_move_text("38x27", "international")
    assert find_moves(pos, "38x27") == []
    assert [m.key for m in match_moves(pos, parsed, all_capture_sequences(pos))] == [(38, 27, frozenset({32}))]


def test_strict_writing_uses_profile_notation() -> None:
    pos = initial_position("russian")
    assert sorted(move_to_text(pos, m) for m in legal_moves(pos))[:2] == ["a3-b4", "c3-b4"]
    cap = parse_fen("W:W22:B18", "russian")
    assert [move_to_text(cap, m) for m in legal_moves(cap)] == ["c3:e5"]
    eng = parse_fen("B:W22:B18", "english")
    assert [move_to_text(eng, m) for m in legal_moves(eng)] == ["18x25"]
