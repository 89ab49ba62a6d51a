"""Shared PDF pieces (reportlab): the DejaVu fonts, styles, header data, "page x / y".

The PDF core fonts are Latin-1 only; draughts fields include Cyrillic names, so every
document uses DejaVu Sans, shipped in ``static/fonts`` (falling back to the system copy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_NARROW = "DejaVuSansCondensed"
FONT_NARROW_BOLD = "DejaVuSansCondensed-Bold"
_FILES = {
    FONT: "DejaVuSans.ttf",
    FONT_BOLD: "DejaVuSans-Bold.ttf",
    FONT_NARROW: "DejaVuSansCondensed.ttf",
    FONT_NARROW_BOLD: "DejaVuSansCondensed-Bold.ttf",
}
_SYSTEM_DIR = Path("/usr/share/fonts/truetype/dejavu")
SHADE = colors.HexColor("#eef1f5")
RULE = colors.HexColor("#5b6470")
HEAD_BG = colors.HexColor("#12263f")


def list_table_style(*commands: tuple[Any, ...], rows: int = 0,
                     shade_to: int = -1) -> list[tuple[Any, ...]]:
    """The house style of a printed list table: a dark head row in bold white, an 8.5 pt body, then
    ``commands``; with ``rows`` (the body rows), every second body row shaded up to column ``shade_to``."""
    style: list[tuple[Any, ...]] = [  # reportlab table commands
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, 8.5),
        ("FONT", (0, 1), (-1, -1), FONT, 8.5),
        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        *commands,
    ]
    style += [("BACKGROUND", (0, i), (shade_to, i), SHADE) for i in range(2, rows + 1, 2)]
    return style


class FontMissing(RuntimeError):
    """A DejaVu font file is missing from static/fonts and from the system."""


def register_fonts() -> None:
    """Register the DejaVu fonts with reportlab once (idempotent).

    Raises ``FontMissing`` naming the file and the places looked in.
    """
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    here = Path(settings.BASE_DIR) / "static" / "fonts"
    for name, filename in _FILES.items():
        for folder in (here, _SYSTEM_DIR):
            path = folder / filename
            if path.exists():
                pdfmetrics.registerFont(TTFont(name, str(path)))
                break
        else:
            raise FontMissing(f"font {filename} not found in {here} or {_SYSTEM_DIR}")
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD)


def styles() -> dict[str, ParagraphStyle]:
    """Paragraph styles in DejaVu (title, normal, small, legend)."""
    register_fonts()
    return {
        "title": ParagraphStyle("title", fontName=FONT_BOLD, fontSize=14, leading=17, spaceAfter=2),
        "normal": ParagraphStyle("normal", fontName=FONT, fontSize=8.5, leading=11),
        "small": ParagraphStyle("small", fontName=FONT, fontSize=7, leading=9),
        "legend": ParagraphStyle("legend", fontName=FONT, fontSize=7, leading=9, spaceBefore=1),
        "heading": ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=10, leading=13, spaceBefore=6),
    }


@dataclass(frozen=True)
class DocumentHeader:
    """What every document prints at the top (first page in full, later pages one line)."""

    event: str
    place: str = ""
    dates: str = ""
    system: str = ""
    scoring: str = ""
    tiebreaks: tuple[str, ...] = ()  # "TB1 BH/C1 = truncated Solkoff" lines
    chief_arbiter: str = ""
    subtitle: str = ""  # "Standings after round 5", "Final standings", "Round 3"
    footer: str = ""  # generation time / version
    extra: tuple[str, ...] = field(default_factory=tuple)


def numbered_canvas(label: str, footer: str) -> type[canvas.Canvas]:
    """A canvas class that writes "<label> x / y" and ``footer`` on every page once the count is known."""

    class NumberedCanvas(canvas.Canvas):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._saved: list[dict[str, object]] = []

        def showPage(self) -> None:  # noqa: N802 - reportlab's name
            self._saved.append(dict(self.__dict__))
            self._startPage()  # type: ignore[attr-defined]  # reportlab's own (private), not in types-reportlab

        def save(self) -> None:
            total = len(self._saved)
            for state in self._saved:
                self.__dict__.update(state)
                self._footer(total)
                super().showPage()
            super().save()

        def _footer(self, total: int) -> None:
            width, _height = self._pagesize  # type: ignore[attr-defined]  # reportlab's own, not in types-reportlab
            self.setFont(FONT, 7)
            self.setFillColor(RULE)
            self.drawRightString(width - 28, 16, f"{label} {self.getPageNumber()} / {total}")
            if footer:
                self.drawString(28, 16, footer)

    return NumberedCanvas
