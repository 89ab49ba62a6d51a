"""Public pages of the whole event: its stages in order with the seeding reasons and the final
ranking; a stage's prize list (page and PDF, once its last round is finished); a stage's rating
changes, performances and norms. Reached from any stage's address (``/t/<slug>/event/``...)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Tournament
from tournaments.pdf.common import DocumentHeader
from tournaments.pdf.event import event_ranking_pdf
from tournaments.pdf.prizes import prize_list_pdf
from tournaments.permissions import is_arbiter
from tournaments.public.views import nav_context, public_tournament
from tournaments.ratings import PRESETS
from tournaments.reports.formatting import points_text
from tournaments.services.errors import ServiceError
from tournaments.services.prizes import PrizeView, prize_view
from tournaments.services.rating_changes import (
    PERFORMANCE_METHODS,
    PRESET_LABELS,
    rating_csv,
    rating_report,
    rating_setup,
)
from tournaments.services.stages import event_levels, event_ranking

NORM_CHECKS = {
    "games": gettext_lazy("games"),
    "average rating": gettext_lazy("opponents' average rating"),
    "score share": gettext_lazy("score"),
    "performance": gettext_lazy("performance"),
    "titled opponents": gettext_lazy("titled opponents"),
    "title holders": gettext_lazy("title holders"),
    "federations": gettext_lazy("federations"),
    "own federation": gettext_lazy("own federation"),
    "one federation": gettext_lazy("one federation"),
    "unrated opponents": gettext_lazy("unrated opponents"),
}


def event_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The event of stage ``slug``: every stage in order, each group with its standings link, its
    players and why each is there; the cuts of each transition; the event's final ranking. It shows
    rankings: public with the stage's standings."""
    t = public_tournament(request, slug, "standings")
    levels = event_levels(t.event)
    ranking = event_ranking(t.event) if len(levels) > 1 else []
    return render(request, "public/event.html", {
        **nav_context(t, "event"), "event": t.event, "levels": levels,
        "ranking": [(r, points_text(r.points)) for r in ranking], "title": t.event.name})


def event_ranking_document(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's final ranking as one PDF (404 while the last stage has no result)."""
    t = public_tournament(request, slug, "standings")
    ranking = event_ranking(t.event)
    if not ranking or len(event_levels(t.event)) < 2:
        raise Http404("the event has no final ranking yet")
    rows = [(str(r.place), r.name, f"{r.group} ({r.group_rank})", points_text(r.points)) for r in ranking]
    header = DocumentHeader(event=t.event.name, place=t.place, subtitle=_("Final ranking of the event"),
                            footer=_("Generated %(when)s") % {"when": timezone.localtime().strftime("%Y-%m-%d %H:%M")})
    pdf = event_ranking_pdf(header, rows, _("The groups of the last stage in order (final A, then B, ...), each in "
                                            "its own standings order."))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{t.event.slug}-ranking.pdf"'
    return response


def _prizes_shown(request: HttpRequest, t: Tournament) -> bool:
    """The public sees a prize list once the stage is finished; its arbiters see it at any time."""
    return t.status == Tournament.Status.FINISHED or is_arbiter(request.user, t)


def _prizes(t: Tournament) -> tuple[PrizeView | None, str]:
    try:
        return prize_view(t), ""
    except ServiceError as exc:
        return None, str(exc)


def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """The stage's prize list with how each amount was computed (after its last round)."""
    t = public_tournament(request, slug, "standings")
    shown = _prizes_shown(request, t)
    view, error = _prizes(t) if shown else (None, "")
    return render(request, "public/prizes.html", {
        **nav_context(t, "prizes"), "shown": shown, "view": view, "error": error, "title": _("Prizes")})


def prizes_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The printable prize list (PDF), built on request: one page per about 40 prizes, at most 50 lists."""
    t = public_tournament(request, slug, "standings")
    if not _prizes_shown(request, t):
        raise Http404("the prize list is published once the last round is finished")
    view, error = _prizes(t)
    if view is None:
        raise Http404(error or "no prizes are set")
    cur = view.setup.currency
    sections = [(name, [(str(x.award.first_place) if x.award.first_place == x.award.last_place else
                         f"{x.award.first_place}–{x.award.last_place}", x.name, f"{x.amount} {cur}".strip(), x.how)
                        for x in lines]) for name, lines in view.by_list]
    totals = [_("Fund: %(fund)s %(cur)s; paid: %(paid)s %(cur)s; not paid (rounding, nobody eligible): "
                "%(unpaid)s %(cur)s") % {"fund": view.fund, "paid": view.paid, "unpaid": view.unpaid, "cur": cur}]
    header = DocumentHeader(event=t.name, place=t.place, subtitle=_("Prize list"),
                            footer=_("Generated %(when)s") % {"when": timezone.localtime().strftime("%Y-%m-%d %H:%M")})
    pdf = prize_list_pdf(header, sections, totals)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{t.slug}-prizes.pdf"'
    return response


def ratings(request: HttpRequest, slug: str) -> HttpResponse:
    """Rating changes, performances and norms of the stage, by the preset the reader picks."""
    t = public_tournament(request, slug, "standings")
    setup = rating_setup(t)  # the event's settings; the reader's choice on the page overrides them
    preset = request.GET.get("preset", "")
    preset = preset if preset in PRESETS else setup.preset
    method = request.GET.get("performance", "")
    method = method if method in PERFORMANCE_METHODS else ""
    report = rating_report(t, preset, method)
    lines = [(line, [(n.title, [NORM_CHECKS.get(c.rule, c.rule) for c in n.checks if not c.ok]) for n in line.norms
                     if not n.met]) for line in report.lines]
    return render(request, "public/ratings.html", {
        **nav_context(t, "ratings"), "report": report, "lines": lines, "preset": preset, "presets": PRESET_LABELS,
        "preset_label": PRESET_LABELS[preset], "method": report.method, "methods": PERFORMANCE_METHODS,
        "finished": t.status == Tournament.Status.FINISHED, "title": _("Rating changes and norms")})


def ratings_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """The stage's rating changes as CSV, by the event's settings (``?preset=``/``?performance=``
    as on the page)."""
    t = public_tournament(request, slug, "standings")
    preset = request.GET.get("preset", "")
    method = request.GET.get("performance", "")
    report = rating_report(t, preset if preset in PRESETS else "", method if method in PERFORMANCE_METHODS else "")
    response = HttpResponse(rating_csv(report), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{t.slug}-ratings.csv"'
    return response
