"""Creating a tournament, the arbiter's dashboard, a tournament's overview, its settings and TRF download."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from tournaments.access import LoginRequired, require, tournament_for
from tournaments.forms import TournamentCreateForm, TournamentSettingsForm
from tournaments.models import Role, Round, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.registration import create_tournament, update_tournament
from tournaments.services.trf_io import export_trf as trf_text

from .common import refuse


def create(request: HttpRequest) -> HttpResponse:
    """Staff open a new tournament and become its chief arbiter."""
    user = require(request, "tournaments.create_tournament", None)
    form = TournamentCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            t = create_tournament(user, **form.cleaned_data)
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("Tournament created at /t/%(slug)s/. You are its chief arbiter.")
                             % {"slug": t.slug})
            return redirect("tournaments:manage", slug=t.slug)
    return render(request, "tournaments/manage/create.html", {"form": form})


def dashboard(request: HttpRequest) -> HttpResponse:
    """“My tournaments”: the tournaments where the signed-in user is (chief) arbiter."""
    if not request.user.is_authenticated:
        raise LoginRequired  # any signed-in user sees their own (possibly empty) list
    kinds = (Role.Kind.CHIEF_ARBITER, Role.Kind.ARBITER)
    tournaments = (
        Tournament.objects.filter(roles__user=request.user, roles__kind__in=kinds).distinct().order_by("-start_date")
    )
    return render(
        request,
        "tournaments/manage/dashboard.html",
        {"tournaments": tournaments, "can_create": request.user.has_perm("tournaments.create_tournament")},
    )


def overview(request: HttpRequest, slug: str) -> HttpResponse:
    """The arbiter's home for one tournament: counts, rounds and the next step."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    rounds = list(tournament.rounds.order_by("number"))
    entries = tournament.entries
    context = {
        "tournament": tournament,
        "rounds": rounds,
        "n_entries": entries.count(),
        "n_unnumbered": entries.filter(start_number__isnull=True).count(),
        "draft": next((r for r in rounds if r.status == Round.Status.DRAFT), None),
        "trf_flavours": TRF_FLAVOURS,
    }
    return render(request, "tournaments/manage/overview.html", context)


def settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Scoring, tie-breaks, draw offers, withdrawal rule, Keizer parameters, what is public."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    form = TournamentSettingsForm(request.POST or None, instance=Tournament.objects.get(pk=tournament.pk))
    if request.method == "POST" and form.is_valid():
        changes = form.changes()
        try:
            update_tournament(request.user, tournament, changes)
        except ServiceError as exc:
            refuse(request, exc)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("tournaments:settings", slug=tournament.slug)
    return render(request, "tournaments/manage/settings.html", {"tournament": tournament, "form": form})


# URL value -> label shown on the overview's download links.
TRF_FLAVOURS = {"trf26": "TRF26", "trf16": "TRF16"}


def export_trf(request: HttpRequest, slug: str, flavour: str) -> HttpResponse:
    """Download the tournament as TRF (``trf26``, or ``trf16`` with XXR/XXC/BB* records).

    Arbiters only: a TRF file carries FMJD ids and birth years. Confirmed results of published
    and finished rounds, as ``manage.py export_trf`` writes them; an unknown flavour is a 404.
    """
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    if flavour not in TRF_FLAVOURS:
        raise Http404(f"unknown TRF flavour {flavour!r}: use trf26 or trf16")
    response = HttpResponse(trf_text(tournament, flavour), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-{flavour}.trf"'
    return response
