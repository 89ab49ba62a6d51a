"""Play-offs for the places a tournament names (issue 26): record who won, with its games or score."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import tournament_for
from tournaments.models import Entry, PlayOff
from tournaments.reports.why import place_range
from tournaments.services import playoffs as service
from tournaments.services.errors import ServiceError
from tournaments.standings import StandingsError

from .common import refuse

PERM = "tournaments.manage_tournament"


def _number(value: str | None) -> int | None:
    return int(value) if value is not None and value.strip().isdigit() and len(value.strip()) < 6 else None


def playoffs(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the play-offs the standings call for and those recorded. POST: record one (``first``,
    ``place_1``..``place_k`` start numbers in finishing order, ``games``)."""
    tournament = tournament_for(request, slug, PERM)
    if request.method == "POST":
        first = _number(request.POST.get("first"))
        places = [_number(request.POST.get(f"place_{i}")) for i in range(1, 65) if f"place_{i}" in request.POST]
        order = [p for p in places if p is not None]
        if first is None or not order or len(order) != len(places):
            messages.error(request, _("Choose the first place and a player for every place of the play-off."))
        else:
            try:
                service.record_playoff(request.user, tournament, first, order, request.POST.get("games", ""))
            except ServiceError as exc:
                refuse(request, exc)
            else:
                messages.success(request, _("Play-off recorded: the standings order these places by it."))
        return redirect("tournaments:playoffs", slug=slug)
    names = dict(Entry.objects.filter(tournament=tournament, start_number__isnull=False)
                 .values_list("start_number", "player__name"))
    try:
        candidates = service.playoff_candidates(tournament)
        error = ""
    except StandingsError as exc:
        candidates, error = [], str(exc)
    recorded = {p.first_place: p for p in PlayOff.objects.filter(tournament=tournament)}
    groups = []
    for first, last, group in candidates:
        players = [(sno, names.get(sno, "?")) for sno in group]
        places = list(range(first, last + 1))
        groups.append({"first": first, "last": last, "range": place_range(first, last), "players": players,
                       "places": [(place, group[i]) for i, place in enumerate(places)],
                       "recorded": recorded.get(first)})
    listed = [{"playoff": p, "order": [(p.first_place + i, names.get(sno, "?")) for i, sno in enumerate(p.order)]}
              for p in recorded.values()]
    return render(request, "tournaments/manage/playoffs.html", {
        "tournament": tournament, "groups": groups, "listed": listed, "error": error,
        "title": _("Play-offs")})


@require_POST
def playoff_delete(request: HttpRequest, slug: str, playoff_id: int) -> HttpResponse:
    """Remove a recorded play-off: the standings flag the tie again."""
    tournament = tournament_for(request, slug, PERM)
    playoff = get_object_or_404(PlayOff, pk=playoff_id, tournament=tournament)
    service.remove_playoff(request.user, playoff)
    messages.success(request, _("Removed."))
    return redirect("tournaments:playoffs", slug=slug)
