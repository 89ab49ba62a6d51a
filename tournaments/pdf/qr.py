"""QR codes in the PDFs: encoded by segno (never by hand), drawn as vector squares by reportlab.

``draw_qr`` draws the code's modules (segno's matrix, quiet zone included) as filled rectangles,
one per horizontal run of dark modules, so the code stays sharp at any print size.
"""

from __future__ import annotations

import segno
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.flowables import Flowable

QUIET = 2  # modules of white border; the card around the code adds more white


def qr_rows(data: str, error: str = "m") -> list[list[bool]]:
    """The modules of the QR code of ``data`` (True = dark), quiet zone included."""
    code = segno.make(data, error=error, micro=False)
    return [[bool(v) for v in row] for row in code.matrix_iter(scale=1, border=QUIET)]


def draw_qr(canv: Canvas, data: str, x: float, y: float, size: float, error: str = "m") -> None:
    """Draw the QR code of ``data`` in the square with lower-left corner (x, y) and side ``size``."""
    rows = qr_rows(data, error)
    n = len(rows)
    module = size / n
    canv.saveState()
    canv.setFillColor(colors.white)
    canv.rect(x, y, size, size, stroke=0, fill=1)
    canv.setFillColor(colors.black)
    for r, row in enumerate(rows):
        top = y + size - (r + 1) * module
        c = 0
        while c < n:
            if not row[c]:
                c += 1
                continue
            start = c
            while c < n and row[c]:
                c += 1
            # A hair wider than the run: no white seams between neighbouring rectangles in viewers.
            canv.rect(x + start * module, top, (c - start) * module + 0.01, module + 0.01, stroke=0, fill=1)
    canv.restoreState()
    if data.startswith(("http://", "https://")):
        # On screen the code is a link too (and programs read the address without decoding the image).
        canv.linkURL(data, (x, y, x + size, y + size), relative=1)


class QrFlowable(Flowable):
    """A QR code as a platypus flowable (table cells of the pairing list)."""

    def __init__(self, data: str, size: float, error: str = "l") -> None:
        super().__init__()
        self.data = data
        self.size = size
        self.error = error

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803 - reportlab's names
        return self.size, self.size

    def draw(self) -> None:
        draw_qr(self.canv, self.data, 0, 0, self.size, self.error)
