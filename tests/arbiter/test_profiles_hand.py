"""Hand-worked positions, one for each rule in which a profile differs from its nearest relative.

Coordinates are worked out in each docstring from the PDN GameType numbering (arbiter/RULES.md):
(row, column) from White's top-left corner.
"""

from __future__ import annotations

from arbiter import initial_position, legal_moves, parse_fen, perft


def moves(variant: str, fen: str) -> set[tuple[int, int, tuple[int, ...]]]:
    return {(m.from_sq, m.to_sq, m.captures) for m in legal_moves(parse_fen(fen, variant))}


def test_italian_men_do_not_take_kings() -> None:
    """Italian (bottom-left light): 22 = (5,3); 18 = (4,2) a black king, 19 = (4,4) a black man; 15 = (3,5).
    The man may only take the man 19; under English rules (18 = (4,3)) the same FEN lets it take the king."""
    assert moves("italian", "W:W22:BK18,19") == {(22, 15, (19,))}
    assert moves("english", "W:W22:BK18,19") == {(22, 15, (18,))}


def test_italian_quantity_then_the_king_must_capture() -> None:
    """Man 22 (5,3) can take 18 (4,2) alone; king 30 (7,3) takes 26 (6,2) and 18 from 21 (5,1), landing on
    14 (3,3): two pieces, and it is the king."""
    assert moves("italian", "W:W22,K30:B18,26") == {(30, 14, (18, 26))}


def test_czech_king_must_capture_when_it_can() -> None:
    """c3 (man) can take d4 and king h2 can take f4: Czech allows only the king's captures; Russian (free
    choice) both, its man even going on backwards over f4 (c3:e5:g3)."""
    czech = moves("czech", "W:Wc3,Kh2:Bd4,f4")
    assert {m[0] for m in czech} == {28} and all(m[2] == (19,) for m in czech)
    russian = moves("russian", "W:Wc3,Kh2:Bd4,f4")
    assert (22, 24, (18, 19)) in russian and {m[0] for m in russian} == {22, 28}


def test_spanish_quality_rule_takes_the_king() -> None:
    """Spanish numbering from White's bottom-right: king 19 = (3,3); man 14 = (4,4) with 10 = (5,5) free,
    king 23 = (2,2) with 28 = (1,1) and 32 = (0,0) free. One piece either way: the king must be taken."""
    assert moves("spanish", "W:WK19:B14,K23") == {(19, 28, (23,)), (19, 32, (23,))}
    assert moves("portuguese", "W:WK19:B14,K23") == {(19, 28, (23,)), (19, 32, (23,))}


def test_thai_king_stops_just_behind_the_piece_it_takes() -> None:
    """Thai numbering from White's bottom-right: king 1 = (7,6), man 10 = (5,4), 15 = (4,3) just behind.
    A flying king of the FMJD games could also stop on (3,2), (2,1), (1,0)."""
    assert moves("thai", "W:WK1:B10") == {(1, 15, (10,))}


def test_pool_man_crossing_the_back_row_goes_on_as_a_man() -> None:
    """English numbering: man 11 = (2,5) takes 7 = (1,4) to 2 = (0,3) on the back row, then 6 = (1,2)
    backwards to 9 = (2,1): pool men capture backwards and are crowned only where the capture ends. In
    English the man cannot jump backwards: it stops on 2 and is crowned."""
    [pool] = legal_moves(parse_fen("W:W11:B7,6", "pool"))
    assert (pool.to_sq, pool.captures, pool.promotes) == (9, (6, 7), False)
    [english] = legal_moves(parse_fen("W:W11:B7,6", "english"))
    assert (english.to_sq, english.captures, english.promotes) == (2, (7,), True)


def test_canadian_board_and_start() -> None:
    """12x12, 30 men each: the front row of six men has 5 x 2 + 1 moves (the edge man one) = 11, and the
    two armies do not meet within two plies: 11 x 11."""
    start = initial_position("canadian")
    assert len(start.pieces("W")) == len(start.pieces("B")) == 30
    assert [perft(start, d) for d in (1, 2)] == [11, 121]


def test_turkish_men_move_forward_and_sideways_and_pieces_go_at_once() -> None:
    """Turkish: a man on d4 (nothing around) steps to d5, c4 or e4, never diagonally or back. A king on
    a1 takes a3 and, the piece gone at once, may not turn back over a2 (no 180-degree turn)."""
    lone = moves("turkish", "W:Wd4:Bh8")
    pos = parse_fen("W:Wd4:Bh8", "turkish")
    g = pos.geo
    names = {g.alphanumeric(t) for _f, t, _c in lone}
    assert names == {"d5", "c4", "e4"}
    kings = legal_moves(parse_fen("W:WKa1:Ba3,c4", "turkish"))
    assert kings and all(len(m.captures) == 1 or g.alphanumeric(m.to_sq)[0] != "a" for m in kings)
