"""Small server-rendered SVG charts (no JavaScript, no library): they print and scale.

Every text that goes into the SVG is escaped; the functions return ``SafeString`` ready
for a template.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from tournaments.reports.formatting import points_text


def _svg(width: int, height: int, label: str, body: list[str]) -> SafeString:
    return mark_safe(  # noqa: S308 - every text below is escaped
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>{''.join(body)}</svg>"
    )


def histogram_bins(ratings: Sequence[int], width: int = 100) -> list[tuple[int, int]]:
    """(bin start, count) for every bin of ``width`` rating points from the lowest to the highest."""
    rated = [r for r in ratings if r and r > 0]
    if not rated:
        return []
    lo = min(rated) // width * width
    hi = max(rated) // width * width
    counts = dict.fromkeys(range(lo, hi + width, width), 0)
    for r in rated:
        counts[r // width * width] += 1
    return sorted(counts.items())


def rating_histogram(ratings: Sequence[int], bin_width: int = 100) -> SafeString:
    """A bar chart of the field's ratings (unrated players counted in the caption only)."""
    bins = histogram_bins(ratings, bin_width)
    unrated = sum(1 for r in ratings if not r or r <= 0)
    label = _("Rating distribution: %(rated)s rated, %(unrated)s unrated players") % {
        "rated": len(ratings) - unrated,
        "unrated": unrated,
    }
    width, height, left, bottom, top = 480, 180, 30, 30, 12
    if not bins:
        return _svg(width, 40, label, [f'<text x="4" y="24" font-size="13">{escape(label)}</text>'])
    peak = max(c for _b, c in bins)
    bar_w = (width - left - 6) / len(bins)
    plot_h = height - bottom - top
    body = [
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - 4}" y2="{height - bottom}" stroke="#5b6470"/>',
        f'<text x="{left - 4}" y="{top + 8}" font-size="10" text-anchor="end">{peak}</text>',
    ]
    every = max(1, len(bins) // 8)
    for i, (start, count) in enumerate(bins):
        h = plot_h * count / peak
        x = left + i * bar_w
        body.append(
            f'<rect x="{x + 1:.1f}" y="{height - bottom - h:.1f}" width="{max(bar_w - 2, 1):.1f}" '
            f'height="{h:.1f}" fill="#1f5fa8"><title>{start}–{start + bin_width - 1}: {count}</title></rect>'
        )
        if i % every == 0:
            body.append(
                f'<text x="{x + bar_w / 2:.1f}" y="{height - bottom + 14}" font-size="10" '
                f'text-anchor="middle">{start}</text>'
            )
    body.append(
        f'<text x="{width / 2:.0f}" y="{height - 2}" font-size="10" text-anchor="middle" fill="#5b6470">'
        f"{escape(label)}</text>"
    )
    return _svg(width, height, label, body)


def score_rank_chart(points: Sequence[float], ranks: Sequence[int], field_size: int, max_points: float) -> SafeString:
    """The player's running score (bars) and rank (line, 1 at the top) after each round."""
    label = _("Score and rank by round")
    # Worded outside the f-strings below: xgettext does not find messages inside f-strings.
    nothing_yet = escape(_("No results yet."))
    round_word, rank_word = escape(_("Round")), escape(_("Rank"))
    caption = escape(_("Bars: score after each round; line: rank (top = 1st)"))
    n = len(points)
    width, height, left, right, top, bottom = 480, 200, 34, 34, 12, 28
    if n == 0:
        return _svg(width, 40, label, [f'<text x="4" y="24" font-size="13">{nothing_yet}</text>'])
    plot_w = width - left - right
    plot_h = height - top - bottom
    step = plot_w / n
    max_points = max(max_points, max(points), 1.0)
    field = max(field_size, max(ranks, default=1), 2)
    body = [
        f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="#5b6470"/>',
        f'<text x="{left - 4}" y="{top + 8}" font-size="10" text-anchor="end" fill="#1f5fa8">'
        f"{points_text(max_points)}</text>",
        f'<text x="{left + plot_w + 4}" y="{top + 8}" font-size="10" fill="#b3261e">1</text>',
        f'<text x="{left + plot_w + 4}" y="{top + plot_h}" font-size="10" fill="#b3261e">{field}</text>',
    ]
    line: list[str] = []
    for i, (p, r) in enumerate(zip(points, ranks)):
        x = left + i * step
        h = plot_h * p / max_points
        body.append(
            f'<rect x="{x + step * 0.2:.1f}" y="{top + plot_h - h:.1f}" width="{step * 0.6:.1f}" height="{h:.1f}" '
            f'fill="#9dbce3"><title>{round_word} {i + 1}: {points_text(p)}</title></rect>'
        )
        body.append(
            f'<text x="{x + step / 2:.1f}" y="{top + plot_h + 14}" font-size="10" text-anchor="middle">{i + 1}</text>'
        )
        y = top + plot_h * (r - 1) / (field - 1)
        line.append(f"{x + step / 2:.1f},{y:.1f}")
        body.append(
            f'<circle cx="{x + step / 2:.1f}" cy="{y:.1f}" r="3" fill="#b3261e">'
            f"<title>{rank_word} {r}</title></circle>"
        )
    body.append(f'<polyline points="{" ".join(line)}" fill="none" stroke="#b3261e" stroke-width="2"/>')
    body.append(
        f'<text x="{width / 2:.0f}" y="{height - 2}" font-size="10" text-anchor="middle" fill="#5b6470">'
        f"{caption}</text>"
    )
    return _svg(width, height, label, body)
