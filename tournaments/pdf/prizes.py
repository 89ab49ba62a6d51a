"""The prize list PDF: A4 portrait, DejaVu, the event header, one table per prize list (place, name,
amount, how it was computed), then the fund, the amount paid and what stays unpaid."""

from __future__ import annotations

import io
from collections.abc import Sequence
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from tournaments.pdf.common import DocumentHeader, list_table_style, numbered_canvas, styles
from tournaments.pdf.crosstable import header_flowables, running_header

MARGIN = 14 * mm
# One printed line: place text, name, amount, how it was computed.
PrizeRow = tuple[str, str, str, str]


def _table(rows: Sequence[PrizeRow]) -> Table:
    st = styles()
    head: list[object] = [pgettext("prize list", "Place"), _("Name"), _("Amount"), _("How")]
    data: list[list[object]] = [head]
    for place, name, amount, how in rows:
        data.append([place, Paragraph(escape(name), st["normal"]), amount, Paragraph(escape(how), st["small"])])
    width = A4[0] - 2 * MARGIN
    table = Table(data, colWidths=[18 * mm, 52 * mm, 24 * mm, width - 94 * mm], repeatRows=1)
    style = list_table_style(("ALIGN", (2, 0), (2, -1), "RIGHT"), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                             rows=len(data) - 1)
    table.setStyle(TableStyle(style))
    return table


def prize_list_pdf(header: DocumentHeader, sections: Sequence[tuple[str, Sequence[PrizeRow]]],
                   totals: Sequence[str]) -> bytes:
    """The prize list as PDF bytes."""
    st = styles()
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN + 2 * mm, title=f"{header.event} – {header.subtitle}",
                            author=header.chief_arbiter or "", creator="draughts-arbiter")
    story: list[Flowable] = header_flowables(header)
    for title, rows in sections:
        block: list[Flowable] = [Paragraph(escape(title), st["heading"])]
        block.append(_table(rows) if rows else Paragraph(escape(_("Nobody is eligible.")), st["normal"]))
        story.append(KeepTogether(block))
    story.append(Spacer(1, 4 * mm))
    story += [Paragraph(escape(line), st["normal"]) for line in totals]
    doc.build(story, onLaterPages=running_header(header), canvasmaker=numbered_canvas(_("Page"), header.footer))
    return buf.getvalue()
