"""A draughts board as inline SVG, drawn on the server.

Square numbering and orientation come from the arbiter's board geometry (FMJD 2.6 / PDN): rows
counted from the top as White sees the board, square 1 in the top row at White's left-hand side
(top-left), the bottom-left corner a playing square; 8x8 and 12x12 profiles use the same scheme (English
1-32, Canadian 1-72, or a1-h8 names for the alphanumeric games). Profiles with another board follow
their own geometry: Italian, Spanish and Portuguese play with the bottom-left corner light (Spanish,
Portuguese and Thai number from White's bottom-right corner), Turkish uses all 64 squares.
``flipped`` shows the board as Black sees it.
"""

from __future__ import annotations

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from arbiter.board import Geometry, geometry
from arbiter.notation import square_name
from arbiter.position import Move, Position

LIGHT = "#f0d9b5"
DARK = "#8b5a2b"
HIGHLIGHT = "#c9a227"
CAPTURED = "#b3261e"
ALL_SQUARES_LIGHT = "#c8a074"


def square_xy(size: int, square: int, flipped: bool, cell: int, geo: Geometry | None = None) -> tuple[int, int]:
    """Top-left pixel of ``square`` on a ``size`` board (row 0 at the top as White sees it); ``geo`` is the
    profile's board (layout and numbering: Italian, Spanish, Thai, Turkish), the FMJD board by default."""
    row, col = (geo or geometry(size)).row_col(square)
    if flipped:
        row, col = size - 1 - row, size - 1 - col
    return col * cell, row * cell


def render_board(
    position: Position,
    *,
    last_move: Move | None = None,
    flipped: bool = False,
    cell: int = 40,
    numbers: bool = True,
    title: str | None = None,
    clickable: bool = False,
) -> SafeString:
    """SVG markup of ``position``: numbered squares, men and kings, the last move highlighted.

    Each playing square is a ``<rect class="sq" data-square="N">``; men are ``<g class="piece man white">``,
    kings ``<g class="piece king black">`` (a crown ring is drawn inside). Safe to insert in a template.
    """
    prof = position.profile
    size = prof.board_size
    geo = prof.geometry
    total = size * cell
    highlight: set[int] = set()
    captured: set[int] = set()
    if last_move is not None:
        highlight = {last_move.from_sq, last_move.to_sq}
        captured = set(last_move.captures)
    label = title or _("Board: %(side)s to move") % {"side": _("White") if position.white_to_move else _("Black")}
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="board-svg{" clickable" if clickable else ""}" '
        f'viewBox="0 0 {total} {total}" width="{total}" height="{total}" role="img" '
        f'aria-label="{escape(label)}" data-size="{size}" data-flipped="{int(flipped)}">',
        f'<title>{escape(label)}</title>',
        f'<rect x="0" y="0" width="{total}" height="{total}" fill="{LIGHT}"/>',
    ]
    font = max(8, cell // 4)
    for sq in range(1, geo.squares + 1):
        x, y = square_xy(size, sq, flipped, cell, geo)
        fill = HIGHLIGHT if sq in highlight else DARK
        if geo.layout == "all" and sq not in highlight and sum(geo.row_col(sq)) % 2 == 0:
            fill = ALL_SQUARES_LIGHT  # Turkish: every square is played; keep the checkering visible
        out.append(f'<rect class="sq" data-square="{sq}" x="{x}" y="{y}" width="{cell}" height="{cell}" '
                   f'fill="{fill}"/>')
    r = cell * 0.38
    for sq in range(1, geo.squares + 1):
        piece = position.piece_at(sq)
        x, y = square_xy(size, sq, flipped, cell, geo)
        cx, cy = x + cell / 2, y + cell / 2
        if sq in captured and piece is None:
            out.append(f'<circle class="captured" cx="{cx}" cy="{cy}" r="{r * 0.35:.1f}" fill="{CAPTURED}" '
                       f'pointer-events="none"/>')
        if piece is None:
            continue
        colour = "white" if piece.lower() == "w" else "black"
        kind = "king" if piece.isupper() else "man"
        fill, stroke = ("#fbfaf5", "#333") if colour == "white" else ("#1b1b1b", "#000")
        ring = "#333" if colour == "white" else "#e8c547"
        name = _("%(colour)s %(kind)s on %(square)s") % {
            "colour": _("White") if colour == "white" else _("Black"),
            "kind": _("king") if kind == "king" else _("man"),
            "square": square_name(prof, sq),
        }
        out.append(f'<g class="piece {kind} {colour}" data-square="{sq}" pointer-events="none">'
                   f'<title>{escape(name)}</title>'
                   f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" stroke-width="1.5"/>')
        if kind == "king":
            # A crown: a second ring and a small star-like mark so kings read at a glance.
            out.append(f'<circle class="crown" cx="{cx}" cy="{cy}" r="{r * 0.55:.1f}" fill="none" '
                       f'stroke="{ring}" stroke-width="2.5"/>'
                       f'<circle cx="{cx}" cy="{cy}" r="{r * 0.18:.1f}" fill="{ring}"/>')
        out.append("</g>")
    if numbers:
        # Drawn last, with a dark outline, so that numbers stay readable on top of the pieces.
        for sq in range(1, geo.squares + 1):
            x, y = square_xy(size, sq, flipped, cell, geo)
            out.append(f'<text class="num" x="{x + 2}" y="{y + font}" font-size="{font}" fill="#fff8e8" '
                       f'stroke="#3a2410" stroke-width="{max(1, font // 4)}" paint-order="stroke" '
                       f'font-family="sans-serif" pointer-events="none">{escape(square_name(prof, sq))}</text>')
    out.append("</svg>")
    return mark_safe("".join(out))  # noqa: S308 - every dynamic part above is escaped or numeric
