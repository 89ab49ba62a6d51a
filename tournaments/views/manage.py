"""Creating a tournament, the arbiter's dashboard, a tournament's overview, its settings and TRF download."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games.services.trf_io import trf_export
from games.services.trf_teams import TeamTrfError
from tournaments.access import LoginRequired, require, tournament_for
from tournaments.forms import TournamentCreateForm, TournamentSettingsForm
from tournaments.models import Document, Role, TaskRun, Tournament
from tournaments.permissions import is_chief_arbiter
from tournaments.reports.cockpit import cockpit
from tournaments.services.errors import ServiceError
from tournaments.services.pairing import PairingRefused, check_can_pair
from tournaments.services.registration import create_tournament, update_tournament
from tournaments.services.rounds import paired_but_away

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
    """The arbiter's cockpit, the page kept open all evening: the current round's state (games
    without a result, waiting confirmations, conflicts, claims to rule, corrections asked), each a
    link to act; the next step as one button with what blocks it; rounds left published although
    complete, offered for finishing; players at the forfeit limit, offered the withdrawal.

    A constant number of queries whatever the number of boards (``tournaments.reports.cockpit``).
    """
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    state = cockpit(tournament)
    step = state.next_step()
    refused = ""
    if step.action == "pair":
        try:
            check_can_pair(tournament, step.round)
        except PairingRefused as exc:
            refused = exc.message
    current = state.current
    draft = tournament.rounds.get(number=current.number) if current is not None and current.is_draft else None
    running = TaskRun.objects.filter(tournament=tournament, kind="pair_round",
                                     status__in=(TaskRun.Status.QUEUED, TaskRun.Status.RUNNING)).first()
    context = {
        "tournament": tournament,
        "state": state,
        "step": step,
        "refused": refused,
        "current": current,
        "away": paired_but_away(tournament, draft) if draft is not None else [],
        # The current round's requests are on its tiles; the others (asked after their round) here.
        "earlier_corrections": [c for c in state.corrections if current is None or c.game.round != current.number
                                or current.is_draft],
        "running": running,
        "can_pair": request.user.has_perm("tournaments.pair_round", tournament),
        "can_publish": request.user.has_perm("tournaments.publish", tournament),
        "trf_flavours": TRF_FLAVOURS,
    }
    context["trf_complete"], context["trf_in_play"] = state.trf_rounds()
    context["is_chief"] = is_chief_arbiter(request.user, tournament)
    # A stored crosstable built before the tournament's last change (its rebuild lost or not yet run):
    # said here; a download builds it anew first.
    context["stale_crosstable"] = Document.objects.filter(tournament=tournament, kind="crosstable",
                                                          version__lt=tournament.version).first()
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
    """Download the tournament as TRF (``trf26``, or ``trf16`` with XXR/XXC/BB* records), in UTF-8.

    Arbiters only: a TRF file carries FMJD ids and birth years. The completed rounds (every game
    with a confirmed result), as ``manage.py export_trf`` writes them; ``?in_play=1`` adds the boards
    of a round in play as comments. The file name says which rounds (``slug-trf26-r1-4.trf``); an
    unknown flavour is a 404.
    """
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    if flavour not in TRF_FLAVOURS:
        raise Http404(f"unknown TRF flavour {flavour!r}: use trf26 or trf16")
    try:
        export = trf_export(tournament, flavour, in_play=request.GET.get("in_play") == "1")
    except TeamTrfError as exc:  # a team event's roster player without a start number
        return HttpResponse(str(exc), content_type="text/plain; charset=utf-8", status=409)
    response = HttpResponse(export.text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{export.filename(tournament.slug, flavour)}"'
    return response
