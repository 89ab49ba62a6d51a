"""One test per rule, on hand-made positions. Failure messages name the FMJD article."""

from __future__ import annotations

import pytest

from arbiter import (
    IllegalMoveError,
    Move,
    all_capture_sequences,
    apply_move,
    capture_prefixes,
    initial_position,
    is_capture_prefix,
    legal_moves,
    move_to_text,
    parse_fen,
    to_fen,
)


def keys(fen: str, variant: str = "international") -> set[tuple[int, int, frozenset[int]]]:
    return {m.key for m in legal_moves(parse_fen(fen, variant))}


def k(frm: int, to: int, *caps: int) -> tuple[int, int, frozenset[int]]:
    return (frm, to, frozenset(caps))


# -- men ---------------------------------------------------------------------------------------
def test_men_move_one_square_forward_only() -> None:
    assert keys("W:W33:B1") == {k(33, 28), k(33, 29)}, "FMJD 3: a man moves forward"
    assert keys("B:W50:B18") == {k(18, 22), k(18, 23)}


def test_men_capture_backwards_in_international() -> None:
    # White man on 23, black man on 28 behind it: capture backwards 23x32 (FMJD 4.2).
    assert keys("W:W23:B28") == {k(23, 32, 28)}, "FMJD 4.2: men capture backwards"


@pytest.mark.parametrize("variant", ["english", "german"])
def test_men_do_not_capture_backwards_in_english_and_german(variant: str) -> None:
    # 8x8: white man on 14, black man on 18 behind it (down-left), 23 empty.
    assert keys("W:W14:B18", variant) == {k(14, 9), k(14, 10)}
    assert keys("W:W14:B18", "brazilian") == {k(14, 23, 18)}


def test_capture_is_compulsory() -> None:
    moves = keys("W:W32,45:B28")
    assert moves == {k(32, 23, 28)}, "FMJD 4.1: capturing is compulsory"


# -- majority ------------------------------------------------------------------------------------
def test_majority_king_counts_as_one_piece() -> None:
    # 38x27 would take one king; 34x14 takes two men: only the two-piece capture is legal.
    assert keys("W:W34,38:BK32,29,19") == {k(34, 14, 19, 29)}, "FMJD 4.13: a king counts as one"


def test_majority_prefers_more_men_over_fewer_kings() -> None:
    # 39x28 would take the black king on 33; 37x26x17 takes the men on 31 and 21.
    got = keys("W:W37,39:BK33,31,21")
    assert got == {k(37, 17, 21, 31)}, "FMJD 4.13: two men beat one king"


def test_equal_majorities_leave_a_free_choice() -> None:
    got = keys("W:W32,34:B27,29")
    assert got == {k(32, 21, 27), k(34, 23, 29)}, "FMJD 4.14: equal maxima leave a free choice"


def test_free_precedence_profiles_allow_shorter_captures() -> None:
    # 8x8: 23x16 (e3:g5) takes one piece; 22x6 and others take two.
    fen = "W:W22,23:B18,10,19"
    assert k(23, 16, 19) in keys(fen, "russian"), "Russian: free choice among complete captures"
    assert k(23, 16, 19) not in keys(fen, "brazilian"), "Brazilian: majority rule (FMJD 4.13)"
    assert {len(c) for _, _, c in keys(fen, "brazilian")} == {2}


# -- Turkish strike --------------------------------------------------------------------------
def test_turkish_strike_captured_pieces_block_until_the_end() -> None:
    # tricky example: removing pieces at once would allow other sequences.
    got = keys("W:WK49:B22,28,29,42,43")
    expected = {k(49, t, 22, 29, 43) for t in (34, 40, 45)} | {k(49, t, 28, 29, 43) for t in (34, 40, 45)}
    assert got == expected, "FMJD 4.11: jumped pieces stay on the board until the move ends"


def test_piece_is_jumped_only_once_and_start_square_is_free() -> None:
    seqs = legal_moves(parse_fen("W:W32,33,35:B18,19,28,29"))
    assert [m.key for m in seqs] == [k(33, 33, 18, 19, 28, 29)], "circular capture 33x33"
    assert seqs[0].path[0] == seqs[0].path[-1] == 33


# -- promotion ---------------------------------------------------------------------------------
def test_man_passing_the_far_row_mid_capture_stays_a_man() -> None:
    pos = parse_fen("W:W12:B8,9,45")
    (move,) = legal_moves(pos)
    assert move.key == k(12, 14, 8, 9) and not move.promotes
    after = apply_move(pos, move)
    assert after.men("W") == {14} and not after.kings("W"), "FMJD 4.15: passing the row does not crown"


def test_man_ending_on_far_row_is_crowned() -> None:
    pos = parse_fen("W:W7:B40")
    move = next(m for m in legal_moves(pos) if m.to_sq == 2)
    assert move.promotes
    assert apply_move(pos, move).kings("W") == {2}, "FMJD 3.5: crowned when the move ends on the row"


def test_russian_man_is_crowned_mid_capture_and_continues_as_king() -> None:
    # The man on 11 (f6) takes 7 landing on 2 (far row); crowned at once, it takes 9 as a flying
    # king along 2-6-9-13 and ends on 13 (a5). As a man (Brazilian) it cannot take 9 from 2.
    pos = parse_fen("W:W11:B7,9", "russian")
    assert [(m.key, m.promotes) for m in legal_moves(pos)] == [(k(11, 13, 7, 9), True)]
    assert apply_move(pos, legal_moves(pos)[0]).kings("W") == {13}
    assert keys("W:W11:B7,9", "brazilian") == {k(11, 2, 7)}, "Brazilian: a man stays a man mid-capture"


# -- kings ---------------------------------------------------------------------------------------
def test_flying_king_moves_any_distance() -> None:
    got = keys("W:WK46:B1")
    assert got == {k(46, t) for t in (41, 37, 32, 28, 23, 19, 14, 10, 5)}, "FMJD 3.9: flying king"


def test_king_free_landing_squares_after_capture() -> None:
    got = keys("W:WK46:B28")
    assert got == {k(46, t, 28) for t in (23, 19, 14, 10, 5)}, "FMJD 4.3: land on any free square"


def test_king_must_land_where_the_capture_continues() -> None:
    # K46 takes 37 and may land on 32, 28, 23, ...; only 23 lets it take 29 next (ending on 34,
    # 40 or 45), so stopping on 32 or 28 is not a legal move.
    got = keys("W:WK46:B37,29")
    assert got == {k(46, t, 29, 37) for t in (34, 40, 45)}, "FMJD 4.5: must continue capturing"


@pytest.mark.parametrize("variant", ["english", "german"])
def test_short_kings_move_and_capture_one_square(variant: str) -> None:
    assert keys("W:WK18:B1", variant) == {k(18, t) for t in (14, 15, 22, 23)}
    assert keys("W:WK18:B23", variant) == {k(18, 27, 23)}, "short king lands directly behind"


# -- capture sequences, prefixes -----------------------------------------------------------------
def test_all_capture_sequences_ignore_majority() -> None:
    pos = parse_fen("W:W34,38:BK32,29,19")
    assert {m.key for m in all_capture_sequences(pos)} == {k(34, 14, 19, 29), k(38, 27, 32)}


def test_capture_prefixes_are_the_incomplete_captures() -> None:
    pos = parse_fen("W:W34,38:BK32,29,19")
    prefixes = capture_prefixes(pos)
    assert {m.key for m in prefixes} == {k(34, 23, 29)}
    assert is_capture_prefix(pos, Move(34, 23, (29,)))
    assert not is_capture_prefix(pos, Move(34, 14, (19, 29)))


# -- apply_move -----------------------------------------------------------------------------------
def test_apply_move_plays_irregular_moves() -> None:
    pos = parse_fen("W:W28:B1")
    back = apply_move(pos, Move(28, 33))
    assert back.men("W") == {33} and back.side_to_move == "B"


def test_apply_move_needs_a_piece_of_the_side_to_move() -> None:
    pos = initial_position()
    with pytest.raises(IllegalMoveError, match="no White piece on square 28"):
        apply_move(pos, Move(28, 23))
    with pytest.raises(IllegalMoveError, match="square 19"):
        apply_move(pos, Move(19, 23))


def test_apply_non_maximal_capture_removes_only_its_pieces() -> None:
    pos = parse_fen("W:W34,38:BK32,29,19")
    after = apply_move(pos, Move(38, 27, (32,)))
    assert to_fen(after) == "B:W27,34:B19,29"


# -- notation of ambiguous captures --------------------------------------------------------------
def test_ambiguous_capture_is_written_with_its_full_path() -> None:
    pos = parse_fen("W:WK4:B13,20,32,37")
    texts = sorted(move_to_text(pos, m) for m in legal_moves(pos))
    assert texts == ["4x27x38x15", "4x31x42x15"], "PDN 3.0: full path when from and to are shared"


def test_spec_example_path_lists_squares_behind_captured_pieces() -> None:
    # pdn.md: 47x36 must be written 47x38x24x13x36 or 47x38x20x9x36 (straight on: square behind
    # each captured piece; at a turn, the turn square).
    pos = parse_fen("W:WK47:B42,29,19,14,22")
    texts = {move_to_text(pos, m) for m in legal_moves(pos) if m.to_sq == 36}
    assert texts == {"47x38x24x13x36", "47x38x20x9x36"}


@pytest.mark.parametrize("variant", ["international", "brazilian", "russian", "english", "german"])
def test_random_games_keep_move_invariants(variant: str) -> None:
    import random

    rng = random.Random(variant)
    for _game in range(15):
        pos = initial_position(variant)
        for _ply in range(120):
            moves = legal_moves(pos)
            if not moves:
                break
            assert len({m.key for m in moves}) == len(moves), "one entry per move identity"
            if any(m.captures for m in moves):
                assert all(m.captures for m in moves), "FMJD 4.1: capture is compulsory"
            if pos.profile.capture_precedence == "majority":
                assert len({len(m.captures) for m in moves}) == 1, "FMJD 4.13: only maximal captures"
            move = rng.choice(moves)
            me, other = pos.side_to_move, "B" if pos.side_to_move == "W" else "W"
            after = apply_move(pos, move)
            assert after.side_to_move == other
            assert len(after.pieces(me)) == len(pos.pieces(me))
            assert len(after.pieces(other)) == len(pos.pieces(other)) - len(move.captures)
            assert after.piece_at(move.to_sq) in (("w", "W") if me == "W" else ("b", "B"))
            assert move.path[0] == move.from_sq and move.path[-1] == move.to_sq
            pos = after
