"""The organiser's event pages: the stages and the transition to the next one, the prize settings
with a preview of the list, the federation report download."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.access import tournament_for
from tournaments.forms_event import (
    FederationReportForm,
    PrizeSetupForm,
    RankingOrderForm,
    RatingSetupForm,
    TransitionForm,
)
from tournaments.models import PrizeSetup
from tournaments.services.errors import ServiceError
from tournaments.services.federation import ReportError, federation_report_zip, problem_text
from tournaments.services.prizes import prize_view, save_prize_setup
from tournaments.services.rating_changes import MAX_NORM_BYTES, event_norm_table, rating_setup, save_rating_setup
from tournaments.services.stages import (
    create_next_stage,
    event_levels,
    last_stage_groups,
    next_stage_refusal,
    set_ranking_order,
)

from .common import refuse

MAX_UPLOAD = MAX_NORM_BYTES + 1  # read one byte more than allowed: the service says it is too big


def event(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's stages in order; from a finished stage, the next one by the transition chosen."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    form = TransitionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            transition = create_next_stage(request.user, tournament, form.request())  # type: ignore[arg-type]
        except ServiceError as exc:
            refuse(request, exc)
        else:
            made = transition.event.stages.filter(stage=transition.target_stage).count()
            messages.success(request, _("Stage %(n)s made: %(groups)s groups. Pair their first rounds from each "
                                        "group's page.") % {"n": transition.target_stage, "groups": made})
            return redirect("tournaments:event", slug=tournament.slug)
    return render(request, "tournaments/manage/event.html", {
        "tournament": tournament, "form": form, "levels": event_levels(tournament.event),
        "refusal": next_stage_refusal(tournament), "order_form": RankingOrderForm(
            initial={"ranking_order": tournament.event.ranking_order}),
        "ranking_groups": [t.group for t in last_stage_groups(tournament.event)]})


def ranking_order(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser's order of the last stage's groups in the event's final ranking (POST only)."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    if request.method != "POST":
        return redirect("tournaments:event", slug=tournament.slug)
    form = RankingOrderForm(request.POST)
    if form.is_valid():
        try:
            set_ranking_order(request.user, tournament, form.cleaned_data["ranking_order"])  # type: ignore[arg-type]
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("Order of the final ranking saved."))
    else:
        refuse(request, ServiceError(" ".join(str(e) for errs in form.errors.values() for e in errs)))
    return redirect("tournaments:event", slug=tournament.slug)


def prizes(request: HttpRequest, slug: str) -> HttpResponse:
    """The prize settings of the stage and the list they give on the current standings."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    setup = PrizeSetup.objects.filter(tournament=tournament).first() or PrizeSetup(tournament=tournament)
    form = PrizeSetupForm(request.POST or None, instance=setup)
    if request.method == "POST" and form.is_valid():
        try:
            save_prize_setup(request.user, tournament, **form.cleaned_data)  # type: ignore[arg-type]
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("Prizes saved."))
            return redirect("tournaments:prizes", slug=tournament.slug)
    view, error = None, ""
    try:
        view = prize_view(tournament)
    except ServiceError as exc:
        error = str(exc)
    return render(request, "tournaments/manage/prizes.html",
                  {"tournament": tournament, "form": form, "view": view, "error": error})


def federation_report(request: HttpRequest, slug: str) -> HttpResponse:
    """The report to the federation (ZIP: CSV and PDN), or the list of what keeps it from being made."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    form = FederationReportForm(request.GET if "download" in request.GET else None)
    problems: tuple[str, ...] = ()
    if form.is_bound and form.is_valid():
        announced = form.cleaned_data["announced"]
        try:
            data = federation_report_zip(tournament, form.cleaned_data["chief_arbiter_id"] or "",
                                         announced.isoformat() if announced else "")
        except ReportError as exc:
            problems = tuple(problem_text(p) for p in exc.issues)
        else:
            response = HttpResponse(data, content_type="application/zip")
            response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-federation-report.zip"'
            return response
    return render(request, "tournaments/manage/federation_report.html",
                  {"tournament": tournament, "form": form, "problems": problems})


def ratings(request: HttpRequest, slug: str) -> HttpResponse:
    """The event's rating settings: the preset, the performance method, a federation's norm table."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    setup = rating_setup(tournament)
    form = RatingSetupForm(request.POST or None, request.FILES or None,
                           initial={"preset": setup.preset, "performance": setup.performance})
    if request.method == "POST" and form.is_valid():
        d = form.cleaned_data
        upload = d.get("norms")
        try:
            save_rating_setup(request.user, tournament, preset=d["preset"],  # type: ignore[arg-type]
                              performance=d.get("performance") or "",
                              norms=(upload.read(MAX_UPLOAD), upload.name) if upload else None,
                              remove_norms=bool(d.get("remove_norms")))
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("Rating settings saved."))
            return redirect("tournaments:ratings", slug=tournament.slug)
    return render(request, "tournaments/manage/ratings.html",
                  {"tournament": tournament, "form": form, "setup": setup, "table": event_norm_table(setup)})
