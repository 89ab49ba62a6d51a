"""The server-side SVG board: numbering, orientation per profile, men and kings, last move."""

from __future__ import annotations

import re

from arbiter import Position, initial_position, parse_fen
from arbiter.moves import legal_moves
from games.board_svg import render_board


def rect_of(svg: str, square: int) -> tuple[int, int]:
    m = re.search(rf'<rect class="sq" data-square="{square}" x="(\d+)" y="(\d+)"', svg)
    assert m, f"square {square} not drawn"
    return int(m.group(1)), int(m.group(2))


def test_international_board_is_numbered_1_to_50_square_1_top_left():
    svg = render_board(initial_position("international"), cell=40)
    assert len(re.findall(r'<rect class="sq"', svg)) == 50
    assert [int(n) for n in re.findall(r'<text class="num"[^>]*>(\d+)</text>', svg)] == list(range(1, 51))
    assert rect_of(svg, 1) == (40, 0)  # top row, first dark square from White's left
    assert rect_of(svg, 5) == (360, 0)
    assert rect_of(svg, 46) == (0, 360)  # the bottom-left corner is a playing square
    assert rect_of(svg, 50) == (320, 360)


def test_flipped_board_shows_square_1_at_the_bottom_right():
    svg = render_board(initial_position("international"), cell=40, flipped=True)
    assert rect_of(svg, 1) == (320, 360)
    assert rect_of(svg, 50) == (40, 0)


def test_start_position_has_twenty_men_each_and_no_kings():
    svg = render_board(initial_position("international"))
    assert len(re.findall(r'class="piece man white"', svg)) == 20
    assert len(re.findall(r'class="piece man black"', svg)) == 20
    assert "piece king" not in svg
    assert re.search(r'class="piece man black" data-square="1"', svg)
    assert re.search(r'class="piece man white" data-square="50"', svg)


def test_a_king_is_drawn_with_its_crown():
    pos = parse_fen("W:WK10,33:BK22,17", "international")
    svg = render_board(pos)
    assert re.search(r'class="piece king white" data-square="10"', svg)
    assert re.search(r'class="piece king black" data-square="22"', svg)
    assert re.search(r'class="piece man white" data-square="33"', svg)
    assert svg.count('class="crown"') == 2


def test_english_8x8_board_is_numbered_1_to_32():
    svg = render_board(initial_position("english"), cell=40)
    assert len(re.findall(r'<rect class="sq"', svg)) == 32
    assert rect_of(svg, 1) == (40, 0)
    assert rect_of(svg, 32) == (240, 280)
    assert rect_of(svg, 29) == (0, 280)


def test_russian_board_names_squares_alphanumerically():
    svg = render_board(initial_position("russian"))
    assert ">a1</text>" in svg and ">h8</text>" in svg
    assert rect_of(svg, 29) == (0, 280)  # a1, White's bottom-left


def test_last_move_and_captured_square_are_highlighted():
    pos = Position.from_squares("international", white_men=[28], black_men=[23], side_to_move="W")
    move = next(m for m in legal_moves(pos) if m.captures)
    after = __import__("arbiter").apply_move(pos, move)
    svg = render_board(after, last_move=move)
    assert re.search(r'data-square="28" x="\d+" y="\d+" width="40" height="40" fill="#c9a227"', svg)
    assert re.search(r'data-square="19" x="\d+" y="\d+" width="40" height="40" fill="#c9a227"', svg)
    assert 'class="captured"' in svg


def test_every_profile_board_follows_its_geometry():
    """Hand-checked corners (PDN GameType): Canadian 12x12, square 1 at (1, 0); Italian 22,W,8,8,N2,1:
    square 1 in the top-left corner, the bottom-left corner light; Spanish 24,W,8,8,N1,1: square 1 in
    White's bottom-right corner; Turkish: 64 squares, a8 top-left."""
    canadian = render_board(initial_position("canadian"), cell=10)
    assert len(re.findall(r'<rect class="sq"', canadian)) == 72 and rect_of(canadian, 1) == (10, 0)
    assert len(re.findall(r'class="piece man white"', canadian)) == 30
    italian = render_board(initial_position("italian"), cell=10)
    assert rect_of(italian, 1) == (0, 0) and rect_of(italian, 32) == (70, 70)
    spanish = render_board(initial_position("spanish"), cell=10)
    assert rect_of(spanish, 1) == (70, 70) and re.search(r'class="piece man white" data-square="1"', spanish)
    turkish = render_board(initial_position("turkish"), cell=10)
    assert len(re.findall(r'<rect class="sq"', turkish)) == 64 and rect_of(turkish, 1) == (0, 0)
    assert len(re.findall(r'class="piece man black"', turkish)) == 16 and ">a8</text>" in turkish
