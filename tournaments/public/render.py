"""HTML of large tables rendered in Python (crosstable rows): templates cost ~50 µs a cell.

Every value is escaped; the result is a ``SafeString`` for the template.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tournaments.reports.crosstable import Crosstable


def crosstable_rows(ct: Crosstable, slug: str, link_players: bool) -> SafeString:
    """The ``<tr>`` rows of the crosstable page (wall chart or grid), names linked to player pages."""
    base = reverse("public:player", args=[slug, 0])[: -len("0/")] if link_players else ""
    out: list[str] = []
    for r in ct.rows:
        label = escape((f"{r.title} " if r.title and ct.layout == "swiss" else "") + r.name)
        name = f'<a href="{base}{r.start_number}/">{label}</a>' if base else label
        if r.note:
            name += f' <span class="muted">({escape(r.note)})</span>'
        cells = []
        for c in r.cells:
            if ct.double and c.parts:
                inner = "".join(f'<span class="sub">{escape(p or "·")}</span>' for p in c.parts)
            else:
                inner = escape(c.text)
            cells.append(f'<td class="cell {c.kind}">{inner}</td>')
        tbs = "".join(f'<td class="num">{escape(v)}</td>' for v in r.tiebreaks)
        if ct.layout == "grid":
            out.append(
                f'<tr><td class="num">{r.position}</td><td class="name">{name}</td>'
                f'<td class="num">{r.rating or ""}</td>{"".join(cells)}'
                f'<td class="num pts">{escape(r.points)}</td>{tbs}<td class="num">{r.rank}</td></tr>'
            )
        else:
            out.append(
                f'<tr><td class="num">{r.rank}</td><td class="num">{r.start_number}</td>'
                f'<td class="name">{name}</td><td>{escape(r.federation)}</td>'
                f'<td class="num">{r.rating or ""}</td>{"".join(cells)}'
                f'<td class="num pts">{escape(r.points)}</td>{tbs}</tr>'
            )
    return mark_safe("".join(out))  # noqa: S308 - built from escaped values only
