"""Printouts of a team event (issue 27): the team crosstable and the match sheets.

Team crosstable (A4 landscape, as Toernooimanager prints it): the teams in rank order, in each cell
the row team's board points against the column team's (two in a double round robin), then the matches
played, won, drawn and lost, match points, board points and the other codes of the rank order; the
legend and the chief arbiter's sign-off after the table.

Match sheets (A4 portrait, one match a page, for the captains to sign): the two teams, each board
with its number, both players and their colours, a result box per team (the points when the result
is confirmed), the board-point totals, and signature lines for both captains and the arbiter.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any, Literal
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from tournaments.pdf.common import (
    FONT,
    FONT_BOLD,
    FONT_NARROW,
    FONT_NARROW_BOLD,
    HEAD_BG,
    RULE,
    SHADE,
    DocumentHeader,
    numbered_canvas,
    register_fonts,
    styles,
)
from tournaments.pdf.crosstable import MARGIN, PAGE, header_flowables, running_header, signature_block
from tournaments.reports.formatting import team_code_label

TEAM_NAME_CHARS = 30
SELF = colors.HexColor("#9aa3ad")


@dataclass(frozen=True)
class TeamCrosstableLine:
    """A team's printed line: rank, name, one text per column team (rank order; "" for itself),
    matches played/won/drawn/lost, match and board points, the tie-break values as printed."""

    rank: int
    name: str
    cells: tuple[str, ...]
    played: int
    won: int
    drawn: int
    lost: int
    match_points: str
    board_points: str
    tiebreaks: tuple[str, ...] = ()


@dataclass(frozen=True)
class MatchSheetBoard:
    """A board of a match sheet: the home and away players ("" an empty board), the home player's
    colour ("w"/"b"), each side's points as printed ("" while no result is confirmed)."""

    board: int
    home: str
    away: str
    home_colour: str
    home_points: str = ""
    away_points: str = ""


@dataclass(frozen=True)
class MatchSheet:
    """One match of a round: its number, the two teams and their captains, the boards, the totals
    ("" until every board is confirmed) and the match points."""

    number: int
    home: str
    away: str
    boards: tuple[MatchSheetBoard, ...]
    home_captain: str = ""
    away_captain: str = ""
    home_total: str = ""
    away_total: str = ""
    home_match_points: str = ""
    away_match_points: str = ""


def _short(name: str, chars: int = TEAM_NAME_CHARS) -> str:
    return name if len(name) <= chars else name[: chars - 1] + "…"


def _doc(buf: io.BytesIO, header: DocumentHeader, pagesize: tuple[float, float], margin: float) -> SimpleDocTemplate:
    return SimpleDocTemplate(buf, pagesize=pagesize, leftMargin=margin, rightMargin=margin, topMargin=margin,
                             bottomMargin=margin + 2 * mm, title=f"{header.event} – {header.subtitle}",
                             author=header.chief_arbiter or "", creator="draughts-arbiter")


def team_crosstable_table(lines: list[TeamCrosstableLine], codes: tuple[str, ...], double: bool = False) -> Table:
    """The crosstable as a reportlab ``Table`` (header repeated on every page, rows never split)."""
    register_fonts()
    n = len(lines)
    size = 8.0 if n <= 12 else 7.0
    head = ["#", _("Team"), *[str(i) for i in range(1, n + 1)], _("Pl."), "+", "=", "–",
            team_code_label("MPTS"), team_code_label("GPTS"), *codes]
    body = [[str(x.rank), _short(x.name), *x.cells, str(x.played), str(x.won), str(x.drawn), str(x.lost),
             x.match_points, x.board_points, *x.tiebreaks] for x in lines]
    width = PAGE[0] - 2 * MARGIN
    fixed = [8 * mm, 55 * mm]
    tail = [8 * mm] * 4 + [10 * mm, 11 * mm] + [13 * mm] * len(codes)
    room = width - sum(fixed) - sum(tail)
    each = max(8 * mm, min((22 if double else 14) * mm, room / n)) if n else 0
    if double and n:
        # Two matches per cell ("5–3 4–4"): a smaller type keeps them on one line.
        size = min(size, 7.0)
    table = Table([head, *body], colWidths=fixed + [each] * n + tail, repeatRows=1, hAlign="LEFT")
    first, mp_col = 2, 2 + n + 4
    style: list[tuple[Any, ...]] = [  # reportlab table commands
        ("FONT", (0, 0), (-1, 0), FONT_NARROW_BOLD, size),
        ("FONT", (0, 1), (-1, -1), FONT_NARROW, size),
        ("FONT", (mp_col, 1), (mp_col, -1), FONT_BOLD, size),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (1, 0), (1, -1), "LEFT"),
        ("ALIGN", (first, 0), (first + n - 1, -1), "CENTER"),
        ("GRID", (first, 1), (first + n - 1, -1), 0.25, RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, RULE),
    ]
    for i in range(2, n + 1, 2):
        style += [("BACKGROUND", (0, i), (first - 1, i), SHADE), ("BACKGROUND", (first + n, i), (-1, i), SHADE)]
    for i in range(n):
        style.append(("BACKGROUND", (first + i, i + 1), (first + i, i + 1), SELF))
    table.setStyle(TableStyle(style))
    return table


def team_crosstable_pdf(lines: list[TeamCrosstableLine], codes: tuple[str, ...], legend: list[str],
                        header: DocumentHeader, *, double: bool = False) -> bytes:
    """The team crosstable PDF (A4 landscape) as bytes; ``codes``: the tie-break columns' heads."""
    register_fonts()
    st = styles()
    buf = io.BytesIO()
    doc = _doc(buf, header, PAGE, MARGIN)
    story: list[Flowable] = header_flowables(header)
    if lines:
        story.append(team_crosstable_table(lines, codes, double))
    else:
        story.append(Paragraph(escape(_("No match has a confirmed result yet.")), st["normal"]))
    after: list[Flowable] = [Paragraph(escape(_("Legend")), st["heading"])]
    after += [Paragraph(escape(line), st["legend"]) for line in legend]
    after += [Spacer(1, 4 * mm), signature_block(header.chief_arbiter, header.place)]
    story.append(KeepTogether(after))
    doc.build(story, onLaterPages=running_header(header), canvasmaker=numbered_canvas(_("Page"), header.footer))
    return buf.getvalue()


def _colour(c: str) -> str:
    return _("White") if c == "w" else _("Black")


def _para(text: str, size: float = 10, bold: bool = False, align: Literal[0, 1] = 0, colour: Any = colors.black
          ) -> Paragraph:
    return Paragraph(escape(text), ParagraphStyle("p", fontName=FONT_BOLD if bold else FONT, fontSize=size,
                                                  leading=size + 2, alignment=align, textColor=colour))


def _match_sheet(m: MatchSheet, header: DocumentHeader, round_number: int, date: str) -> list[Flowable]:
    st = styles()
    width = A4[0] - 2 * MARGIN
    title = Paragraph(escape(_("Match sheet")), st["title"])
    facts = Table([
        [_("Event"), header.event, _("Round"), str(round_number)],
        [_("Match"), str(m.number), _("Date"), date],
    ], colWidths=[28 * mm, 82 * mm, 22 * mm, width - 132 * mm])
    facts.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), FONT, 9), ("FONT", (0, 0), (0, -1), FONT_BOLD, 9),
        ("FONT", (2, 0), (2, -1), FONT_BOLD, 9),
        ("LINEBELOW", (1, 0), (1, -1), 0.4, RULE), ("LINEBELOW", (3, 0), (3, -1), 0.4, RULE),
    ]))
    teams = Table([[_para(m.home, 13, True, 1), _para("–", 13, True, 1), _para(m.away, 13, True, 1)]],
                  colWidths=[(width - 10 * mm) / 2, 10 * mm, (width - 10 * mm) / 2])
    teams.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("TOPPADDING", (0, 0), (-1, -1), 6),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
    # The colour columns fit their heading and words whole in every language (French "Couleur" was broken
    # over two lines in 16 mm): at least 16 mm, wider as the words need, padding (6 pt a side) included.
    colour_w = max(16 * mm, stringWidth(_("Colour"), FONT_BOLD, 8) + 13,
                   *(stringWidth(_colour(c), FONT, 8) + 13 for c in "wb"))
    name_w = (width - 10 * mm - 2 * colour_w - 2 * 14 * mm) / 2
    head = [_("Bd"), m.home, _("Colour"), _("Result"), "", _("Colour"), m.away]
    rows: list[list[object]] = [[_para(str(x), 8, True, 0 if i in (1, 6) else 1, colors.white)
                                 for i, x in enumerate(head)]]
    for b in m.boards:
        away_colour = "b" if b.home_colour == "w" else "w"
        rows.append([str(b.board), _para(b.home or "–"), _colour(b.home_colour), b.home_points, b.away_points,
                     _colour(away_colour), _para(b.away or "–")])
    rows.append(["", _para(_("Board points"), 9, True), "", m.home_total, m.away_total, "", ""])
    rows.append(["", _para(_("Match points"), 9, True), "", m.home_match_points, m.away_match_points, "", ""])
    table = Table(rows, colWidths=[10 * mm, name_w, colour_w, 14 * mm, 14 * mm, colour_w, name_w],
                  rowHeights=[None] + [9 * mm] * (len(m.boards) + 2))
    nb = len(m.boards)
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), FONT, 10),
        ("FONT", (2, 1), (2, -1), FONT, 8), ("FONT", (5, 1), (5, -1), FONT, 8),
        ("FONT", (3, 1), (4, -1), FONT_BOLD, 12),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("SPAN", (3, 0), (4, 0)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (2, 0), (5, -1), "CENTER"),
        ("LINEBELOW", (0, 1), (-1, nb), 0.25, RULE),
        ("GRID", (3, 1), (4, nb + 2), 0.8, RULE),
        ("LINEABOVE", (0, nb + 1), (-1, nb + 1), 1.0, RULE),
        ("BACKGROUND", (3, nb + 1), (4, nb + 2), SHADE),
    ]
    for i in range(2, nb + 1, 2):
        style += [("BACKGROUND", (0, i), (2, i), SHADE), ("BACKGROUND", (5, i), (6, i), SHADE)]
    table.setStyle(TableStyle(style))
    line = "_" * 30
    sign_rows: list[list[object]] = [
        [_para(_("Captain of %(team)s") % {"team": m.home}, 8), _para(_("Captain of %(team)s") % {"team": m.away}, 8),
         _para(_("Arbiter"), 8)],
        [_para(m.home_captain or line, 9), _para(m.away_captain or line, 9), _para(header.chief_arbiter or line, 9)],
        [_para(_("Signature"), 7), _para(_("Signature"), 7), _para(_("Signature"), 7)],
        [line, line, line],
    ]
    sign = Table(sign_rows, colWidths=[width / 3] * 3)
    sign.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), FONT, 9), ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                              ("VALIGN", (0, 0), (-1, 0), "TOP"),
                              ("TOPPADDING", (0, 1), (-1, 1), 10), ("TOPPADDING", (0, 3), (-1, 3), 18)]))
    note = Paragraph(escape(" ".join(x for x in (header.scoring, _("By signing, the captains agree with the "
                                                                   "results written on this sheet.")) if x)),
                     st["small"])
    return [title, facts, Spacer(1, 3 * mm), teams, Spacer(1, 2 * mm), table, Spacer(1, 3 * mm), note,
            Spacer(1, 8 * mm), sign]


def match_sheets_pdf(matches: list[MatchSheet], header: DocumentHeader, round_number: int, date: str = "",
                     byes: tuple[str, ...] = ()) -> bytes:
    """One match sheet a page (A4 portrait); a round without matches says so; ``byes``: the teams
    without a match this round, named on the last page."""
    register_fonts()
    st = styles()
    buf = io.BytesIO()
    doc = _doc(buf, header, A4, MARGIN)
    story: list[Flowable] = []
    for m in matches:
        if story:
            story.append(PageBreak())
        story.extend(_match_sheet(m, header, round_number, date))
    if not story:
        story.append(Paragraph(escape(_("No matches in this round.")), st["normal"]))
    if byes:
        story += [Spacer(1, 6 * mm), Paragraph(escape(_("No match this round (bye): %(teams)s")
                                                        % {"teams": ", ".join(byes)}), st["normal"])]
    doc.build(story, canvasmaker=numbered_canvas(_("Page"), header.footer))
    return buf.getvalue()
