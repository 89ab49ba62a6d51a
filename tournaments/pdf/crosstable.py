"""The crosstable PDF: A4 landscape, DejaVu, header, repeated table header, legend, signature.

Layout per shared/reference/crosstables.md §4: 10 mm margins, 7 pt (6 pt above 120 players),
the table header repeated on every page (``repeatRows``), rows never split, every third
row shaded, a thin rule between score groups, "Page x / y" in the footer, the legend and
the chief arbiter's sign-off after the table.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
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
from tournaments.reports.crosstable import Crosstable

PAGE = landscape(A4)
MARGIN = 10 * mm
NAME_CHARS = 28


def header_flowables(h: DocumentHeader) -> list[Flowable]:
    """The full header of page 1: event, place and dates, system, scoring, tie-breaks, arbiter."""
    st = styles()
    out: list[Flowable] = [Paragraph(escape(h.event), st["title"])]
    facts = " · ".join(x for x in (h.place, h.dates, h.system) if x)
    if facts:
        out.append(Paragraph(escape(facts), st["normal"]))
    if h.scoring:
        out.append(Paragraph(escape(h.scoring), st["normal"]))
    if h.tiebreaks:
        out.append(Paragraph(escape(_("Tie-break order: ") + "; ".join(h.tiebreaks)), st["normal"]))
    if h.chief_arbiter:
        out.append(Paragraph(escape(_("Chief arbiter: %(name)s") % {"name": h.chief_arbiter}), st["normal"]))
    for line in h.extra:
        out.append(Paragraph(escape(line), st["normal"]))
    if h.subtitle:
        out.append(Paragraph(escape(h.subtitle), st["heading"]))
    out.append(Spacer(1, 2 * mm))
    return out


def running_header(h: DocumentHeader) -> Callable[[Canvas, BaseDocTemplate], None]:
    """Draws the one-line running header on pages after the first."""

    def draw(canv: Canvas, doc: BaseDocTemplate) -> None:
        width, height = doc.pagesize
        canv.saveState()
        canv.setFont(FONT, 7.5)
        canv.setFillColor(RULE)
        canv.drawString(MARGIN, height - 7 * mm, " · ".join(x for x in (h.event, h.subtitle, h.dates) if x)[:180])
        canv.restoreState()

    return draw


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def _widths(fixed: list[float], flexible: int, total: float, minimum: float, maximum: float) -> list[float]:
    room = total - sum(fixed)
    each = max(minimum, min(maximum, room / flexible)) if flexible else 0
    return fixed + [each] * flexible


def crosstable_table(ct: Crosstable) -> Table:
    """The wall chart or grid as a reportlab ``Table`` (header repeated, rows never split)."""
    register_fonts()
    big = len(ct.rows) > 120
    size = 6.0 if big else 7.0
    width = PAGE[0] - 2 * MARGIN
    tb_heads = [f"TB{i}" for i in range(1, len(ct.tiebreaks) + 1)]
    if ct.layout == "grid":
        head = ["#", _("Name"), _("Rtg"), *ct.columns, _("Pts"), *tb_heads, _("Rk")]
        body = [
            [str(r.position), _short(r.name), str(r.rating or ""), *[c.text for c in r.cells], r.points,
             *r.tiebreaks, str(r.rank)]
            for r in ct.rows
        ]
        fixed = [7 * mm, 48 * mm, 10 * mm]
        tail = [9 * mm] + [11 * mm] * len(tb_heads) + [8 * mm]
        cells = _widths(fixed + tail, len(ct.columns), width, 4.5 * mm, (12 if ct.double else 9) * mm)
        widths = cells[: len(fixed)] + cells[len(fixed) + len(tail) :] + tail
        first_cell, n_cells = 3, len(ct.columns)
        pts_col = first_cell + n_cells
    else:
        head = [_("Rk"), _("SNo"), _("Name"), _("Fed"), _("Rtg"), *ct.columns, _("Pts"), *tb_heads]
        body = [
            [str(r.rank), str(r.start_number), _short((f"{r.title} " if r.title else "") + r.name)
             + (f" ({r.note})" if r.note else ""), r.federation, str(r.rating or ""),
             *[c.text for c in r.cells], r.points, *r.tiebreaks]
            for r in ct.rows
        ]
        fixed = [7 * mm, 8 * mm, 50 * mm, 10 * mm, 10 * mm]
        tail = [9 * mm] + [11 * mm] * len(tb_heads)
        cells = _widths(fixed + tail, len(ct.columns), width, 5 * mm, 12 * mm)
        widths = cells[: len(fixed)] + cells[len(fixed) + len(tail) :] + tail
        first_cell, n_cells = 5, len(ct.columns)
        pts_col = first_cell + n_cells
    if n_cells and widths[first_cell] < 7 * mm:
        size = 5.5  # many rounds (or a big grid): smaller type keeps every column on the page
    table = Table([head, *body], colWidths=widths, repeatRows=1, splitByRow=1, hAlign="LEFT")
    style: list[tuple[Any, ...]] = [  # reportlab table commands
        ("FONT", (0, 0), (-1, 0), FONT_NARROW_BOLD, size),
        ("FONT", (0, 1), (-1, -1), FONT_NARROW, size),
        ("FONT", (pts_col, 1), (pts_col, -1), FONT_BOLD, size),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("ALIGN", (0, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (2 if ct.layout == "swiss" else 1, 0), (2 if ct.layout == "swiss" else 1, -1), "LEFT"),
        ("ALIGN", (first_cell, 0), (first_cell + n_cells - 1, -1), "CENTER"),
        *([("ALIGN", (3, 0), (3, -1), "CENTER")] if ct.layout == "swiss" else []),
        ("TOPPADDING", (0, 0), (-1, -1), 0.6),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
        ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, RULE),
        ("LINEBELOW", (0, -1), (-1, -1), 0.6, RULE),
    ]
    for i in range(3, len(body) + 1, 3):
        style.append(("BACKGROUND", (0, i), (-1, i), SHADE))
    for i in range(1, len(body)):
        if ct.rows[i].points != ct.rows[i - 1].points:
            style.append(("LINEABOVE", (0, i + 1), (-1, i + 1), 0.3, RULE))
    if ct.layout == "grid":
        for i in range(len(body)):
            style.append(("BACKGROUND", (first_cell + i, i + 1), (first_cell + i, i + 1), colors.HexColor("#9aa3ad")))
    if ct.layout == "swiss" and n_cells:
        style.append(("FONT", (first_cell, 1), (first_cell + n_cells - 1, -1), FONT, size - 0.5))
    table.setStyle(TableStyle(style))
    return table


def signature_block(chief: str, place: str) -> Flowable:
    """The sign-off: chief arbiter's name, signature, date and place lines."""
    st = styles()
    line = "_" * 28
    rows = [
        [Paragraph(escape(_("Chief arbiter")), st["small"]), Paragraph(escape(chief or line), st["normal"])],
        [Paragraph(escape(_("Signature")), st["small"]), Paragraph(line, st["normal"])],
        [Paragraph(escape(_("Date and place")), st["small"]), Paragraph(escape(f"{line}  {place}"), st["normal"])],
    ]
    t = Table(rows, colWidths=[35 * mm, 90 * mm], hAlign="LEFT")
    t.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("TOPPADDING", (0, 0), (-1, -1), 6)]))
    return t


@dataclass(frozen=True)
class RatingPage:
    """The rating figures printed after the crosstable: a heading, the system in words, the column
    heads and one row a player (strings, already formatted)."""

    heading: str
    note: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def rating_table(page: RatingPage) -> list[Flowable]:
    """The rating page: heading, note, and the table (name left, figures right, every third row shaded)."""
    st = styles()
    widths = [12 * mm, 70 * mm] + [30 * mm] * (len(page.head) - 2)
    table = Table([list(page.head), *[list(r) for r in page.rows]], colWidths=widths, repeatRows=1, hAlign="LEFT")
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 8), ("FONT", (0, 1), (-1, -1), FONT, 8),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG), ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
        ("ALIGN", (0, 0), (0, -1), "RIGHT"), ("LINEBELOW", (0, 0), (-1, 0), 0.5, RULE),
    ]
    style += [("BACKGROUND", (0, i), (-1, i), SHADE) for i in range(3, len(page.rows) + 1, 3)]
    table.setStyle(TableStyle(style))
    return [PageBreak(), Paragraph(escape(page.heading), st["heading"]), Paragraph(escape(page.note), st["legend"]),
            Spacer(1, 2 * mm), table]


def crosstable_pdf(ct: Crosstable, header: DocumentHeader, ratings: RatingPage | None = None) -> bytes:
    """The crosstable PDF (A4 landscape) as bytes; ``ratings``: a page of rating figures after it."""
    register_fonts()
    st = styles()
    buf = io.BytesIO()
    doc = SimpleDocTemplate(
        buf,
        pagesize=PAGE,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN + 2 * mm,
        title=f"{header.event} – {header.subtitle}",
        author=header.chief_arbiter or "",
        creator="draughts-arbiter",
    )
    story: list[Flowable] = header_flowables(header)
    story.append(crosstable_table(ct))
    legend: list[Flowable] = [Paragraph(escape(_("Legend")), st["heading"])]
    legend += [Paragraph(escape(line), st["legend"]) for line in ct.legend]
    legend.append(Spacer(1, 4 * mm))
    legend.append(signature_block(header.chief_arbiter, header.place))
    story.append(KeepTogether(legend))
    if ratings is not None and ratings.rows:
        story.extend(rating_table(ratings))
    doc.build(
        story,
        onLaterPages=running_header(header),
        canvasmaker=numbered_canvas(_("Page"), header.footer),
    )
    return buf.getvalue()
