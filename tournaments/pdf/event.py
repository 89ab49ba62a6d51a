"""The final ranking of an event as a PDF: A4 portrait, the event header, one table (place, name,
group with the rank in it, points), the groups of the last stage in order."""

from __future__ import annotations

import io
from collections.abc import Sequence
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle
from reportlab.platypus.flowables import Flowable

from tournaments.pdf.common import DocumentHeader, list_table_style, numbered_canvas, styles
from tournaments.pdf.crosstable import header_flowables, running_header

MARGIN = 14 * mm
RankingRow = tuple[str, str, str, str]  # place, name, group (rank in it), points


def event_ranking_pdf(header: DocumentHeader, rows: Sequence[RankingRow], note: str) -> bytes:
    """The event's final ranking as PDF bytes."""
    st = styles()
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN,
                            bottomMargin=MARGIN + 2 * mm, title=f"{header.event} – {header.subtitle}",
                            creator="draughts-arbiter")
    data: list[list[object]] = [[_("Rk"), _("Name"), _("Group"), _("Pts")]]
    data += [[place, Paragraph(escape(name), st["normal"]), group, points] for place, name, group, points in rows]
    width = A4[0] - 2 * MARGIN
    table = Table(data, colWidths=[14 * mm, width - 64 * mm, 30 * mm, 20 * mm], repeatRows=1)
    style = list_table_style(("ALIGN", (0, 0), (0, -1), "RIGHT"), ("ALIGN", (3, 0), (3, -1), "RIGHT"),
                             rows=len(data) - 1)
    table.setStyle(TableStyle(style))
    story: list[Flowable] = header_flowables(header)
    story += [table, Paragraph(escape(note), st["small"])]
    doc.build(story, onLaterPages=running_header(header), canvasmaker=numbered_canvas(_("Page"), header.footer))
    return buf.getvalue()
