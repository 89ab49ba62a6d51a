"""Printable A4 cards with QR codes: board cards (one per board of a round) and the link sheet
(one slip per player with their private link).

Board card (105 x 74 mm, eight per page, dashed cut lines): the event, "Round n", a large board
number, White and Black with start numbers and colour discs, and a QR code of the board's
result page. Link slip (105 x 59 mm, ten per page): the player, the event, the QR code of the
private link and the link itself. Long names shrink, then wrap onto two lines, then are
shortened with an ellipsis: they never run into the QR code.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from tournaments.pdf.common import FONT, FONT_BOLD, FONT_NARROW, FONT_NARROW_BOLD, RULE, register_fonts
from tournaments.pdf.qr import draw_qr

PAGE_W, PAGE_H = A4
T = TypeVar("T")
PAD = 5 * mm


@dataclass(frozen=True)
class BoardCard:
    event: str
    round_number: int
    board: int
    white: str
    white_sno: str
    black: str
    black_sno: str
    url: str


@dataclass(frozen=True)
class LinkSlip:
    event: str
    name: str
    sno: str
    url: str


def _ellipsis(text: str, font: str, size: float, width: float) -> str:
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_lines(text: str, font: str, width: float, largest: float, smallest: float) -> tuple[list[str], float]:
    """``text`` in at most two lines of ``width``: the largest size from ``largest`` down to
    ``smallest`` that fits one line, else two lines (split at spaces) at ``smallest``, else
    shortened with an ellipsis. Returns the lines and the font size."""
    size = largest
    while size >= smallest:
        if stringWidth(text, font, size) <= width:
            return [text], size
        size -= 0.5
    size = smallest
    words = text.split()
    for cut in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if stringWidth(first, font, size) <= width:
            return [first, _ellipsis(second, font, size, width)], size
    # One word longer than the line: break it where the line is full.
    cut = len(text)
    while cut > 1 and stringWidth(text[:cut], font, size) > width:
        cut -= 1
    return [text[:cut], _ellipsis(text[cut:].lstrip(), font, size, width)], size


def _disc(canv: Canvas, x: float, y: float, r: float, dark: bool) -> None:
    canv.setStrokeColor(colors.black)
    canv.setLineWidth(0.8)
    canv.setFillColor(colors.black if dark else colors.white)
    canv.circle(x, y, r, stroke=1, fill=1)


def _cut_lines(canv: Canvas, cols: int, rows: int, cell_w: float, cell_h: float) -> None:
    canv.saveState()
    canv.setStrokeColor(colors.HexColor("#9aa3ad"))
    canv.setLineWidth(0.3)
    canv.setDash(2, 3)
    for c in range(1, cols):
        canv.line(c * cell_w, 0, c * cell_w, PAGE_H)
    for r in range(1, rows):
        canv.line(0, r * cell_h, PAGE_W, r * cell_h)
    canv.restoreState()


def _player_line(canv: Canvas, x: float, y: float, width: float, name: str, sno: str, dark: bool) -> None:
    """A colour disc, the name (fitted) and the start number, on the baseline ``y``."""
    _disc(canv, x + 2.2 * mm, y + 1.3 * mm, 2 * mm, dark)
    text_x = x + 6 * mm
    if sno:
        # The start number first, in its own narrow column: a shortened name never loses it.
        canv.setFillColor(colors.black)
        canv.setFont(FONT_NARROW, 10)
        canv.drawString(text_x, y, sno)
        text_x += 7 * mm
    lines, size = fit_lines(name, FONT_NARROW_BOLD, width - (text_x - x), 12, 8)
    canv.setFillColor(colors.black)
    canv.setFont(FONT_NARROW_BOLD, size)
    if len(lines) == 1:
        canv.drawString(text_x, y, lines[0])
    else:
        canv.drawString(text_x, y + size * 0.55, lines[0])
        canv.drawString(text_x, y - size * 0.55, lines[1])


def _board_card(canv: Canvas, card: BoardCard, x: float, y: float, w: float, h: float) -> None:
    qr_size = 40 * mm
    text_w = w - 2 * PAD - qr_size - 3 * mm
    top = y + h - PAD
    canv.setFillColor(RULE)
    canv.setFont(FONT_NARROW, 7.5)
    canv.drawString(x + PAD, top - 7, _ellipsis(card.event, FONT_NARROW, 7.5, w - 2 * PAD))
    canv.setFillColor(colors.black)
    canv.setFont(FONT_BOLD, 11)
    canv.drawString(x + PAD, top - 22, _("Round %(n)s") % {"n": card.round_number})
    board_label = _("Board")
    canv.setFont(FONT, 11)
    canv.drawString(x + PAD, top - 52, board_label)
    canv.setFont(FONT_BOLD, 30)
    canv.drawString(x + PAD + stringWidth(board_label, FONT, 11) + 2 * mm, top - 52, str(card.board))
    base = y + PAD + 19 * mm
    canv.setFont(FONT, 7)
    canv.setFillColor(RULE)
    canv.drawString(x + PAD, base + 6.5 * mm, _("White"))
    _player_line(canv, x + PAD, base + 1.5 * mm, text_w, card.white, card.white_sno, dark=False)
    canv.setFont(FONT, 7)
    canv.setFillColor(RULE)
    canv.drawString(x + PAD, base - 5 * mm, _("Black"))
    _player_line(canv, x + PAD, base - 10 * mm, text_w, card.black, card.black_sno, dark=True)
    qr_x = x + w - PAD - qr_size
    qr_y = y + PAD + 6 * mm
    draw_qr(canv, card.url, qr_x, qr_y, qr_size)
    canv.setFillColor(colors.black)
    # The caption may reach a little past the code on both sides (the card's padding is wider).
    lines, size = fit_lines(_("Scan to enter the result"), FONT_NARROW_BOLD, qr_size + 8 * mm, 7.5, 6)
    canv.setFont(FONT_NARROW_BOLD, size)
    for i, line in enumerate(lines):
        canv.drawCentredString(qr_x + qr_size / 2, qr_y - 3.2 * mm - i * (size + 1), line)
    canv.setFillColor(RULE)
    canv.setFont(FONT_NARROW, 6)
    canv.drawString(x + PAD, y + PAD - 1.5 * mm, _ellipsis(card.url, FONT_NARROW, 6, w - 2 * PAD))


def _link_slip(canv: Canvas, slip: LinkSlip, x: float, y: float, w: float, h: float) -> None:
    qr_size = 38 * mm
    text_w = w - 2 * PAD - qr_size - 3 * mm
    top = y + h - PAD
    canv.setFillColor(RULE)
    canv.setFont(FONT_NARROW, 7.5)
    lines, size = fit_lines(slip.event, FONT_NARROW, text_w, 7.5, 7)
    for i, line in enumerate(lines):
        canv.drawString(x + PAD, top - 7 - i * 9, line)
    canv.setFillColor(colors.black)
    name_lines, size = fit_lines(slip.name, FONT_NARROW_BOLD, text_w, 14, 9)
    canv.setFont(FONT_NARROW_BOLD, size)
    for i, line in enumerate(name_lines):
        canv.drawString(x + PAD, top - 28 - i * (size + 2), line)
    if slip.sno:
        canv.setFont(FONT, 8.5)
        canv.drawString(x + PAD, top - 28 - len(name_lines) * (size + 2) - 4,
                        _("Start number %(n)s") % {"n": slip.sno})
    canv.setFont(FONT, 8)
    help_lines, hsize = fit_lines(_("Scan to see your games and send your results (no account needed)."),
                                  FONT, text_w, 8, 7)
    canv.setFont(FONT, hsize)
    for i, line in enumerate(help_lines):
        canv.drawString(x + PAD, y + PAD + 13 * mm - i * (hsize + 2), line)
    canv.setFont(FONT_BOLD, 7.5)
    canv.drawString(x + PAD, y + PAD + 4 * mm, _ellipsis(_("Keep this link private."), FONT_BOLD, 7.5, text_w))
    draw_qr(canv, slip.url, x + w - PAD - qr_size, y + PAD + 3 * mm, qr_size)
    canv.setFillColor(RULE)
    canv.setFont(FONT_NARROW, 5.5)
    canv.drawString(x + PAD, y + PAD - 1.5 * mm, _ellipsis(slip.url, FONT_NARROW, 5.5, w - 2 * PAD))


def _grid_pdf(
    items: Sequence[T], draw: Callable[[Canvas, T, float, float, float, float], None], cols: int, rows: int,
    title: str, empty: str,
) -> bytes:
    register_fonts()
    buf = io.BytesIO()
    canv = Canvas(buf, pagesize=A4)
    canv.setTitle(title)
    canv.setCreator("draughts-arbiter")
    cell_w, cell_h = PAGE_W / cols, PAGE_H / rows
    per_page = cols * rows
    if not items:
        canv.setFont(FONT, 11)
        canv.drawString(20 * mm, PAGE_H - 30 * mm, empty)
        canv.showPage()
    for start in range(0, len(items), per_page):
        _cut_lines(canv, cols, rows, cell_w, cell_h)
        for i, item in enumerate(items[start:start + per_page]):
            col, row = i % cols, i // cols
            draw(canv, item, col * cell_w, PAGE_H - (row + 1) * cell_h, cell_w, cell_h)
        canv.showPage()
    canv.save()
    return buf.getvalue()


def board_cards_pdf(cards: list[BoardCard], title: str) -> bytes:
    """Eight board cards per A4 page, in board order."""
    return _grid_pdf(cards, _board_card, 2, 4, title, _("No games in this round."))


def link_sheet_pdf(slips: list[LinkSlip], title: str) -> bytes:
    """Ten link slips per A4 page, in start-number order."""
    return _grid_pdf(slips, _link_slip, 2, 5, title, _("No active links."))
