"""The ballot sheet of a round (issue 28) as an A4 PDF, printed before the round.

The event, the round, the deck and the seed of the draw on top; then one line per pairing: the board,
both players, the opening's label, its moves (or the set-up of a position) and a small diagram of the
position the games start from, drawn from the arbiter's board geometry (the same squares and the same
orientation as the web board, ``games.board_svg``: White at the bottom). When the whole round plays one
opening (one opening per round), the opening is printed once, large, above the list of pairings.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from arbiter.position import Position
from tournaments.pdf.common import (
    FONT,
    FONT_BOLD,
    RULE,
    DocumentHeader,
    list_table_style,
    numbered_canvas,
    register_fonts,
)
from tournaments.pdf.crosstable import header_flowables, running_header

MARGIN = 12 * mm
SMALL_BOARD = 30 * mm  # a diagram per pairing
LARGE_BOARD = 60 * mm  # the one opening of the round
LIGHT = colors.HexColor("#f0d9b5")
DARK = colors.HexColor("#8b5a2b")


@dataclass(frozen=True)
class BallotLine:
    """One pairing of the sheet: board, players (``"1. Name"``), the opening and its start position
    (None when the opening is not in the deck this version knows: the label alone is printed)."""

    board: int
    white: str
    black: str
    label: str
    moves: str
    setup: str
    fen: str
    position: Position | None


class BoardDiagram(Flowable):
    """A draughts position drawn square by square: playing squares dark, men as discs, kings with a ring."""

    def __init__(self, position: Position, size: float) -> None:
        super().__init__()
        self.position = position
        self.size = size
        self.width = self.height = size

    def wrap(self, *_args: Any) -> tuple[float, float]:
        return self.size, self.size

    def draw(self) -> None:
        canv = self.canv
        prof = self.position.profile
        n = prof.board_size
        geo = prof.geometry
        cell = self.size / n
        canv.saveState()
        canv.setFillColor(LIGHT)
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.rect(0, 0, self.size, self.size, fill=1, stroke=1)
        for sq in range(1, geo.squares + 1):
            row, col = geo.row_col(sq)  # row 0 at the top as White sees the board
            x, y = col * cell, (n - 1 - row) * cell
            canv.setFillColor(DARK)
            canv.rect(x, y, cell, cell, fill=1, stroke=0)
            piece = self.position.piece_at(sq)
            if piece is None:
                continue
            white = piece.lower() == "w"
            canv.setFillColor(colors.HexColor("#fbfaf5") if white else colors.HexColor("#1b1b1b"))
            canv.setStrokeColor(colors.HexColor("#333333") if white else colors.black)
            canv.setLineWidth(0.4)
            canv.circle(x + cell / 2, y + cell / 2, cell * 0.38, fill=1, stroke=1)
            if piece.isupper():  # a king: a ring inside
                canv.setStrokeColor(colors.HexColor("#333333") if white else colors.HexColor("#e8c547"))
                canv.setLineWidth(0.8)
                canv.circle(x + cell / 2, y + cell / 2, cell * 0.2, fill=0, stroke=1)
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.rect(0, 0, self.size, self.size, fill=0, stroke=1)
        canv.restoreState()


def _style(size: float = 8.5, bold: bool = False) -> ParagraphStyle:
    return ParagraphStyle("ballot", fontName=FONT_BOLD if bold else FONT, fontSize=size, leading=size + 2)


def _opening_text(line: BallotLine) -> str:
    """The opening's moves, or its set-up, and whose move it is, as paragraph markup."""
    if line.setup:
        text = _("Set-up: %(s)s") % {"s": line.setup}
    else:
        text = line.moves or _("the starting position")
    parts = [escape(text)]
    if line.position is not None:
        parts.append(escape(_("White to move") if line.position.white_to_move else _("Black to move")))
    if line.fen:
        parts.append(f"<font size=6.5>{escape(line.fen)}</font>")
    return "<br/>".join(parts)


def ballot_sheet_pdf(lines: list[BallotLine], header: DocumentHeader) -> bytes:
    """The ballot sheet as PDF bytes (``header.extra`` carries the deck and the seed lines)."""
    register_fonts()
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN, title=f"{header.event} – {header.subtitle}",
                            creator="draughts-arbiter")
    story: list[Flowable] = [*header_flowables(header)]
    one = len({x.label for x in lines}) == 1 and lines[0].label
    if one:
        first = lines[0]
        text = Paragraph(f"<b>{escape(_('Opening'))} {escape(first.label)}</b><br/>{_opening_text(first)}",
                         _style(10))
        block = Table([[BoardDiagram(first.position, LARGE_BOARD) if first.position is not None else "", text]],
                      colWidths=[LARGE_BOARD + 6 * mm, None], hAlign="LEFT")
        block.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (0, 0), 0)]))
        story += [Paragraph(escape(_("Every board of this round plays this opening.")), _style()), Spacer(1, 2 * mm),
                  block, Spacer(1, 4 * mm)]
    head = [_("Bd"), _("Players"), _("Opening")]
    widths: list[float] = [10 * mm, 80 * mm, 96 * mm]
    if not one:
        head.append(_("Position"))
        widths = [10 * mm, 58 * mm, 84 * mm, SMALL_BOARD + 4 * mm]
    rows: list[list[object]] = []
    for x in lines:
        players = Paragraph(f"{escape(x.white)}<br/>{escape(x.black)}", _style())
        opening = Paragraph(f"<b>{escape(x.label or '–')}</b>" + ("" if one else f"<br/>{_opening_text(x)}"),
                            _style())
        row: list[object] = [str(x.board), players, opening]
        if not one:
            row.append(BoardDiagram(x.position, SMALL_BOARD) if x.position is not None else "")
        rows.append(row)
    if not rows:
        rows.append(["", Paragraph(escape(_("No boards in this round.")), _style()), *([""] * (len(head) - 2))])
    table = Table([head, *rows], colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = list_table_style(("ALIGN", (0, 0), (0, -1), "RIGHT"), ("VALIGN", (0, 1), (-1, -1), "TOP"),
                             ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE), rows=len(rows), shade_to=-1 if one else -2)
    table.setStyle(TableStyle(style))
    story.append(table)
    doc.build(story, onLaterPages=running_header(header), canvasmaker=numbered_canvas(_("Page"), header.footer))
    return buf.getvalue()
