"""Private submission links: arbiters create, revoke and print them; players use them to submit results."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.forms import ResultForm
from games.models import Game, SubmissionLink
from games.services import GameError
from games.services.games import games_of_entry
from games.services.links import create_link, link_by_token, revoke_link
from games.services.results import submit_result
from games.views.common import form_errors, whole_number
from games.views.results import game_card
from tournaments.access import tournament_for
from tournaments.models import Entry


def links(request: HttpRequest, slug: str) -> HttpResponse:
    """Arbiters: every entry with its link (create / revoke)."""
    tournament = tournament_for(request, slug, "games.manage_games")
    by_entry = {lk.entry_id: lk for lk in SubmissionLink.objects.filter(tournament=tournament)}
    rows = [(e, by_entry.get(e.pk)) for e in Entry.objects.filter(tournament=tournament).select_related("player")]
    return render(request, "games/links.html", {"tournament": tournament, "rows": rows,
                                                "title": _("Submission links")})


@require_POST
def link_create(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug, "games.manage_games")
    entry = Entry.objects.filter(tournament=tournament, pk=whole_number(request.POST.get("entry"))).first()
    if entry is None:
        messages.error(request, _("Choose a player of this tournament."))
        return redirect("games:links", slug=tournament.slug)
    try:
        create_link(tournament, entry, request.user)
        messages.success(request, _("Link created for %(name)s.") % {"name": entry.player.name})
    except GameError as exc:
        messages.error(request, exc.message)
    return redirect("games:links", slug=tournament.slug)


@require_POST
def link_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament = tournament_for(request, slug, "games.manage_games")
    link = get_object_or_404(SubmissionLink, tournament=tournament, pk=pk)
    try:
        revoke_link(link, request.user)
        messages.success(request, _("Link revoked for %(name)s.") % {"name": link.entry.player.name})
    except GameError as exc:
        messages.error(request, exc.message)
    return redirect("games:links", slug=tournament.slug)


def links_print(request: HttpRequest, slug: str) -> HttpResponse:
    """A printable sheet: one slip per player with the full private URL."""
    tournament = tournament_for(request, slug, "games.manage_games")
    rows = [
        (lk, request.build_absolute_uri(reverse("games:link_home", args=[lk.token])))
        for lk in SubmissionLink.objects.filter(tournament=tournament, revoked=False).select_related("entry__player")
    ]
    return render(request, "games/links_print.html", {"tournament": tournament, "rows": rows,
                                                      "title": _("Submission links")})


def _link_or_404(token: str) -> SubmissionLink:
    link = link_by_token(token)
    if link is None:
        raise Http404("unknown or revoked link")
    return link


def link_home(request: HttpRequest, token: str) -> HttpResponse:
    """The link holder's games of published rounds, with result buttons (no account needed)."""
    link = _link_or_404(token)
    cards = [game_card(g, request.user) for g in games_of_entry(link.entry)]
    for card in cards:
        card["entry"] = link.entry
        card["pending"] = [(s, False) for s, _ok in card["pending"]]
    return render(request, "games/link_home.html", {"link": link, "tournament": link.tournament, "cards": cards,
                                                    "result_form": ResultForm(), "title": _("My games")})


@require_POST
def link_submit(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    link = _link_or_404(token)
    game = get_object_or_404(Game.objects.select_related("board__round__tournament"), pk=game_id)
    if game.board.round.tournament_id != link.tournament_id:
        raise Http404("game of another tournament")
    form = ResultForm(request.POST)
    if form.is_valid():
        d = form.cleaned_data
        try:
            submit_result(game, d["result"], link=link, moves=d["moves"], termination=d["termination"])
            messages.success(request, _("Result %(result)s sent; it counts once your opponent or an arbiter "
                                        "confirms it.") % {"result": d["result"]})
        except GameError as exc:
            messages.error(request, exc.message)
    else:
        form_errors(request, form)
    return redirect("games:link_home", token=link.token)
