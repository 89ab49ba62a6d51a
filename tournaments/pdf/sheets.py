"""Round printouts: the pairing list (A4 portrait) and score sheets (one board per page).

Pairing list (crosstables.md §5): per board, board no., White (name, SNo, points), a result
box, Black (name, SNo, points); byes last. Score sheet: event, round, board, date, both
names, numbered move rows with White and Black columns, result, time used, two signatures.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from tournaments.pdf.common import (
    FONT,
    FONT_BOLD,
    RULE,
    SHADE,
    DocumentHeader,
    list_table_style,
    numbered_canvas,
    register_fonts,
    styles,
)
from tournaments.pdf.crosstable import header_flowables, running_header
from tournaments.pdf.qr import QrFlowable

MARGIN = 12 * mm
MOVE_ROWS = 40  # per column; two columns give 80 moves
QR_SIZE = 15 * mm  # per board on the pairing list: big enough for a phone at arm's length


@dataclass(frozen=True)
class SheetLine:
    """One board as printed: names with start numbers and points before the round."""

    board: int
    white: str
    white_sno: str
    white_points: str
    black: str
    black_sno: str
    black_points: str
    result: str = ""
    bye: str = ""
    url: str = ""  # the board's result page: printed as a QR code when given
    opening: str = ""  # the balloted opening's label (issue 28)
    game: int = 0  # a micro-match's game number (its score sheet says "board 3, game 2"); 0: the only game
    games: str = ""  # a micro-match's game results ("2-0 · 1-1"), printed under its score


def _cell(name: str) -> Paragraph:
    """A name in a table cell: wraps onto a second line instead of running into the next column."""
    return Paragraph(escape(name), ParagraphStyle("cell", fontName=FONT, fontSize=8.5, leading=10))


def _result_cell(line: SheetLine) -> object:
    """The result box: the result, or a micro-match's score with its games' results in small type below."""
    if not line.games:
        return line.result or ""
    score = f"<b>{escape(line.result)}</b><br/>" if line.result else ""
    return Paragraph(f"{score}<font size=7>{escape(line.games)}</font>",
                     ParagraphStyle("result", fontName=FONT, fontSize=8.5, leading=9.5, alignment=1))


def _doc(buf: io.BytesIO, header: DocumentHeader) -> SimpleDocTemplate:
    return SimpleDocTemplate(
        buf,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"{header.event} – {header.subtitle}",
        creator="draughts-arbiter",
    )


def pairing_list_pdf(lines: list[SheetLine], header: DocumentHeader) -> bytes:
    """The pairing list of one round (games first in board order, then byes) as PDF bytes."""
    register_fonts()
    buf = io.BytesIO()
    doc = _doc(buf, header)
    games = [x for x in lines if not x.bye]
    byes = [x for x in lines if x.bye]
    head = [_("Bd"), _("SNo"), _("White"), _("Pts"), _("Result"), _("Pts"), _("SNo"), _("Black")]
    rows: list[list[object]] = [
        [str(x.board), x.white_sno, _cell(x.white), x.white_points, _result_cell(x), x.black_points, x.black_sno,
         _cell(x.black)]
        for x in games
    ]
    # A bye's words ("Vom Paarungssystem vergebenes Freilos") take the result, Black's points, number
    # and name cells together (a SPAN below): centred in the result box they ran over the points.
    rows += [[str(x.board), x.white_sno, _cell(x.white), x.white_points, _cell(x.bye), "", "", ""] for x in byes]
    widths = [10 * mm, 10 * mm, 58 * mm, 10 * mm, 22 * mm, 10 * mm, 10 * mm, 56 * mm]
    with_qr = any(x.url for x in games)
    if with_qr:
        # A QR code per game (its board's result page) in a last column; the names give up the room.
        head.append(_("Scan"))
        for row, line in zip(rows, [*games, *byes]):
            row.append(QrFlowable(line.url, QR_SIZE) if line.url else "")
        widths = [10 * mm, 10 * mm, 50 * mm, 10 * mm, 22 * mm, 10 * mm, 10 * mm, 48 * mm, QR_SIZE + 2 * mm]
    if any(x.opening for x in games):
        # Balloted openings (issue 28): a last column with each pairing's label; the names give up the room.
        head.append(_("Opening"))
        for row, line in zip(rows, [*games, *byes]):
            row.append(line.opening)
        widths[2] -= 9 * mm
        widths[7] -= 9 * mm
        widths.append(18 * mm)
    table = Table([head, *rows], colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = list_table_style(("ALIGN", (0, 0), (1, -1), "RIGHT"), ("ALIGN", (3, 0), (6, -1), "CENTER"),
                             ("LINEBELOW", (0, 1), (-1, -1), 0.25, RULE), ("BOX", (4, 1), (4, len(games)), 0.6, RULE),
                             ("VALIGN", (0, 1), (-1, -1), "MIDDLE"))
    if with_qr:
        style += [("ALIGN", (8, 0), (8, -1), "CENTER"), ("TOPPADDING", (8, 1), (8, -1), 1),
                  ("BOTTOMPADDING", (8, 1), (8, -1), 1)]
    for i in range(len(games) + 1, len(rows) + 1):
        style += [("SPAN", (4, i), (7, i)), ("ALIGN", (4, i), (7, i), "LEFT")]
    for i in range(2, len(rows) + 1, 2):
        style.append(("BACKGROUND", (0, i), (3, i), SHADE))
        style.append(("BACKGROUND", (4 if i > len(games) else 5, i), (-1, i), SHADE))
    table.setStyle(TableStyle(style))
    story: list[Flowable] = [*header_flowables(header), table]
    doc.build(story, onLaterPages=running_header(header), canvasmaker=numbered_canvas(_("Page"), header.footer))
    return buf.getvalue()


def _board_text(line: SheetLine) -> str:
    """The board as a score sheet names it, with a micro-match's game and the balloted opening."""
    text = str(line.board)
    if line.game:
        text = _("%(board)s, game %(game)s") % {"board": text, "game": line.game}
    if line.opening:
        text = _("%(board)s · opening %(opening)s") % {"board": text, "opening": line.opening}
    return text


def _score_sheet(line: SheetLine, header: DocumentHeader, date: str) -> list[Flowable]:
    st = styles()
    facts = Table(
        [
            [_("Event"), header.event, _("Round"), header.subtitle],
            [_("Board"), _board_text(line), _("Date"), date],
            [_("White"), f"{line.white} ({line.white_sno})", _("Black"), f"{line.black} ({line.black_sno})"],
        ],
        colWidths=[18 * mm, 75 * mm, 18 * mm, 75 * mm],
    )
    facts.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, -1), FONT, 9),
                ("FONT", (0, 0), (0, -1), FONT_BOLD, 9),
                ("FONT", (2, 0), (2, -1), FONT_BOLD, 9),
                ("LINEBELOW", (1, 0), (1, -1), 0.4, RULE),
                ("LINEBELOW", (3, 0), (3, -1), 0.4, RULE),
            ]
        )
    )
    rows = [[_("No."), _("White"), _("Black"), _("No."), _("White"), _("Black")]]
    for i in range(1, MOVE_ROWS + 1):
        rows.append([str(i), "", "", str(i + MOVE_ROWS), "", ""])
    moves = Table(rows, colWidths=[10 * mm, 38 * mm, 38 * mm, 10 * mm, 38 * mm, 38 * mm], rowHeights=5.1 * mm)
    moves.setStyle(
        TableStyle(
            [
                ("FONT", (0, 0), (-1, 0), FONT_BOLD, 8),
                ("FONT", (0, 1), (-1, -1), FONT, 7.5),
                ("GRID", (0, 0), (-1, -1), 0.3, RULE),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("BACKGROUND", (0, 1), (0, -1), SHADE),
                ("BACKGROUND", (3, 1), (3, -1), SHADE),
                ("LINEBEFORE", (3, 0), (3, -1), 1.2, RULE),
            ]
        )
    )
    line_ = "_" * 22
    sign = Table(
        [
            [_("Result"), line_, _("Time used White"), line_, _("Time used Black"), line_],
            [_("Signature White"), line_, _("Signature Black"), line_, _("Arbiter"), line_],
        ],
        colWidths=[26 * mm, 36 * mm, 26 * mm, 36 * mm, 26 * mm, 36 * mm],
    )
    sign.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), FONT, 7), ("TOPPADDING", (0, 0), (-1, -1), 7)]))
    title = Paragraph(escape(_("Score sheet")), st["title"])
    return [title, facts, Spacer(1, 3 * mm), moves, Spacer(1, 3 * mm), sign]


def score_sheets_pdf(lines: list[SheetLine], header: DocumentHeader, date: str = "") -> bytes:
    """One score sheet per game of the round (byes get none), one page each."""
    register_fonts()
    buf = io.BytesIO()
    doc = _doc(buf, header)
    story: list[Flowable] = []
    for line in (x for x in lines if not x.bye):
        if story:
            story.append(PageBreak())
        story.extend(_score_sheet(line, header, date))
    if not story:
        story.append(Paragraph(escape(_("No games in this round.")), styles()["normal"]))
    doc.build(story, canvasmaker=numbered_canvas(_("Page"), header.footer))
    return buf.getvalue()
