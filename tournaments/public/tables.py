"""The standings table (django-tables2): sortable columns, CSV and XLSX export.

The rows come from the pure standings module; the table only formats them. Tie-break
columns are added per tournament (their codes are the headers, the description the title),
each sorted by the numeric value, not the printed text.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext
from django_tables2.export.export import TableExport
from tablib import Dataset

from tournaments.reports.formatting import (
    points_text,
    rating_change_text,
    tiebreak_sort_key,
    tiebreak_text,
    tiebreak_words,
)
from tournaments.standings import Standings
from tournaments.text import spreadsheet_cell

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
# Columns folded away on a phone (public.css): rank, name and points always stay in view.
FOLD = {"th": {"class": "fold"}, "td": {"class": "fold"}}
NUM_FOLD = {"th": {"class": "num fold"}, "td": {"class": "num fold"}}
POINTS = {"th": {"class": "num points"}, "td": {"class": "num points"}}


class NameColumn(tables.Column):
    """The player's name, linked to the player page when player pages are public."""

    def render(self, value: str, record: dict[str, Any]) -> str:
        url = record.get("url")
        return format_html('<a href="{}">{}</a>', url, value) if url else value

    def value(self, value: str, record: dict[str, Any]) -> str:
        """Exports get the plain name."""
        return value


class MoveColumn(tables.Column):
    """Places gained since the round before: an arrow and a number, exported as a signed number."""

    def value(self, value: object, record: dict[str, Any]) -> object:
        return record.get("move_value", "")


def move_html(n: int | None) -> SafeString:
    """"▲ 3" (up 3), "▼ 2" (down 2), "=" (same place); empty for a player new in the standings."""
    if n is None:
        return mark_safe("")  # noqa: S308 - a constant
    if n == 0:
        return format_html('<span class="move same" title="{}">=</span>', _("same place"))
    if n > 0:
        label = ngettext("up %(n)s place", "up %(n)s places", n) % {"n": n}
        return format_html('<span class="move up" title="{}" aria-label="{}">▲&#8239;{}</span>', label, label, n)
    label = ngettext("down %(n)s place", "down %(n)s places", -n) % {"n": -n}
    return format_html('<span class="move down" title="{}" aria-label="{}">▼&#8239;{}</span>', label, label, -n)


class SpreadsheetExport(TableExport):
    """django-tables2's CSV/XLSX export with every cell made safe for a spreadsheet: no control
    characters, no text read as a formula (``tournaments.text.spreadsheet_cell``)."""

    def table_to_dataset(self, table: tables.Table, exclude_columns: Any,
                         dataset_kwargs: dict[str, Any] | None = None) -> Any:
        dataset = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        return Dataset(*([spreadsheet_cell(v) for v in row] for row in dataset),
                       headers=[spreadsheet_cell(h) for h in dataset.headers or []], title=dataset.title)


class StandingsTable(tables.Table):
    """Sorted and exported by django-tables2; the body is rendered in Python (``fast_body``).

    Rendering hundreds of rows cell by cell through templates costs about a second; the
    rows here are plain dicts of already formatted text, so they are joined directly.
    """

    rank = tables.Column(verbose_name=_("Rk"), attrs=NUM)
    start_number = tables.Column(verbose_name=_("SNo"), attrs=NUM_FOLD)
    title = tables.Column(verbose_name=_("Title"), default="", attrs=FOLD)
    name = NameColumn(verbose_name=_("Name"))
    federation = tables.Column(verbose_name=_("Fed"), default="", attrs=FOLD)
    rating = tables.Column(verbose_name=_("Rating"), attrs=NUM_FOLD, default="")
    points = tables.Column(verbose_name=_("Pts"), attrs=POINTS, order_by=("points_key",))

    class Meta:
        attrs = {"class": "standings"}
        orderable = True
        order_by = ("rank",)
        template_name = "public/table_fast.html"

    def fast_body(self) -> SafeString:
        """The ``<tr>`` rows in the current order, every value escaped."""
        names = [c.name for c in self.columns]
        # A column without a class has None there: no class="None" in the page (issue 24).
        classes = {c.name: str(c.attrs.get("td", {}).get("class") or "") for c in self.columns}
        classes = {name: f' class="{escape(cls)}"' if cls else "" for name, cls in classes.items()}
        out: list[str] = []
        for i, rec in enumerate(self.data):
            cells = []
            for name in names:
                value = rec.get(name, "")
                text: str = conditional_escape("" if value is None else value)
                if name == "name" and rec.get("url"):
                    text = f'<a href="{escape(rec["url"])}">{text}</a>'
                if name == "name" and rec.get("note"):
                    text += f' <small class="standing-note">{escape(rec["note"])}</small>'
                if name == "name" and rec.get("withdrawn"):
                    text += f" {rec['withdrawn']}"  # built from escaped words (withdrawn_mark)
                cells.append(f"<td{classes[name]}>{text}</td>")
            out.append(f'<tr class="{"odd" if i % 2 else "even"}">{"".join(cells)}</tr>')
        return mark_safe("".join(out))  # noqa: S308 - built from escaped values only


def _extra_columns(
    standings: Standings, keizer: bool, optional: bool
) -> list[tuple[str, tables.Column]]:
    cols: list[tuple[str, tables.Column]] = []
    if keizer:
        cols.append(("points", tables.Column(verbose_name=_("Keizer"), attrs=POINTS, order_by=("points_key",))))
    for i, code in enumerate(standings.tiebreaks, start=1):
        cols.append(
            (
                f"tb{i}",
                tables.Column(
                    verbose_name=code,
                    attrs={"th": {"class": "num", "title": tiebreak_words(code)[1]}, "td": {"class": "num"}},
                    order_by=(f"tb{i}_key",),
                ),
            )
        )
    if optional:
        cols += [
            ("games", tables.Column(verbose_name=_("Games"), attrs=NUM_FOLD)),
            ("wdl", tables.Column(verbose_name=_("W-D-L"), attrs=NUM_FOLD, order_by=("wins",))),
            ("performance", tables.Column(verbose_name=_("Perf."), attrs=NUM_FOLD, default="")),
            (
                "rating_change",
                tables.Column(
                    verbose_name=_("Δ rating (est.)"),
                    attrs={
                        "th": {"class": "num fold", "title": _("Estimated rating change (Elo); not official")},
                        "td": {"class": "num fold"},
                    },
                    order_by=("rating_change_key",),
                ),
            ),
        ]
    return cols


def withdrawn_mark(from_round: int) -> SafeString:
    """The mark beside a withdrawn player's name: "wd" in the reader's language, the round in its title."""
    title = _("withdrawn from round %(n)s") % {"n": from_round}
    return format_html('<abbr class="badge withdrawn" title="{}">{}</abbr>', title,
                       pgettext("mark of a withdrawn player in the standings", "wd"))


def standings_records(
    standings: Standings, player_url: Callable[[int], str] | None = None, moves: dict[int, int | None] | None = None,
    notes: dict[int, str] | None = None,
    withdrawn: dict[int, int] | None = None,
) -> list[dict[str, Any]]:
    """One dict per row: printed values plus numeric sort keys (``*_key``); ``moves`` adds the rank change,
    ``notes`` a line under a player's name (a withdrawal and what happened to the results), ``withdrawn``
    (start number -> the round the player withdrew from) marks those players."""
    out: list[dict[str, Any]] = []
    for row in standings.rows:
        primary = row.keizer_score if row.keizer_score is not None else row.points
        rec: dict[str, Any] = {
            "rank": row.rank,
            "start_number": row.start_number,
            "title": row.title,
            "name": row.name,
            "federation": row.federation,
            "rating": row.rating or "",
            "points": points_text(primary),
            "points_key": primary,
            "games": row.games,
            "wins": row.wins,
            "wdl": f"{row.wins}-{row.draws}-{row.losses}",
            "performance": row.performance or "",
            "rating_change": rating_change_text(row.rating_change),
            "rating_change_key": row.rating_change if row.rating_change is not None else -1e9,
            "url": player_url(row.start_number) if player_url else "",
            "note": (notes or {}).get(row.start_number, ""),
            "withdrawn": withdrawn_mark(withdrawn[row.start_number]) if withdrawn and row.start_number in withdrawn
            else "",
        }
        for i, code in enumerate(standings.tiebreaks, start=1):
            value = row.tiebreaks.get(code)
            rec[f"tb{i}"] = tiebreak_text(value)
            rec[f"tb{i}_key"] = tiebreak_sort_key(value)
        if moves is not None:
            gained = moves.get(row.start_number)
            rec["move"] = move_html(gained)
            rec["move_value"] = "" if gained is None else f"{gained:+d}" if gained else "0"
            rec["move_key"] = -1000 if gained is None else gained
        out.append(rec)
    return out


def standings_table(
    standings: Standings,
    slug: str | None = None,
    link_players: bool = True,
    optional: bool = True,
    moves: dict[int, int | None] | None = None,
    notes: dict[int, str] | None = None,
    withdrawn: dict[int, int] | None = None,
) -> StandingsTable:
    """The django-tables2 table of ``standings`` (call ``RequestConfig`` to sort it); ``moves``
    (places gained since the round before) adds a column after the rank; ``notes``, a line under names;
    ``withdrawn`` marks withdrawn players."""
    keizer = standings.kind == "keizer"

    # One reverse() for all rows: the URL differs only by the start number at its end.
    pattern = reverse("public:player", args=[slug, 0])[: -len("0/")] if slug else ""

    def player_url(sno: int) -> str:
        return f"{pattern}{sno}/"

    extra = _extra_columns(standings, keizer, optional)
    if moves is not None:
        title = _("Places gained since round %(n)s") % {"n": standings.after_round - 1}
        column = MoveColumn(verbose_name="±", attrs={"th": {"class": "num", "title": title}, "td": {"class": "num"}},
                            order_by=("move_key",))  # fmt: skip
        extra = [("move", column), *extra]
    table = StandingsTable(
        standings_records(standings, player_url if (slug and link_players) else None, moves, notes, withdrawn),
        extra_columns=extra,
        sequence=("rank", "move", "...") if moves is not None else ("...",),
    )
    return table
