"""Private submission links: arbiters create, revoke and print them; players use them to enter moves and results."""

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
from games.services.games import games_of_entry, side_of_entry
from games.services.links import create_link, link_by_token, revoke_link
from games.services.results import submit_result
from games.views.common import back, form_errors, whole_number
from games.views.moves import check_response, entry_context, posted_board_response
from games.views.results import game_card
from tournaments.access import tournament_for
from tournaments.models import Entry, Round


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
    entry_id = whole_number(request.POST.get("entry"))
    entry = None if entry_id is None else Entry.objects.filter(tournament=tournament, pk=entry_id).first()
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


def _link_game(token: str, game_id: int) -> tuple[SubmissionLink, Game]:
    """The active link and one of its player's games of a published round; 404 for anything else
    (an unknown or revoked token, a game of another tournament or of another player)."""
    link = _link_or_404(token)
    game = get_object_or_404(
        Game.objects.select_related("board__round__tournament", "board__white__player", "board__black__player"),
        pk=game_id,
    )
    board = game.board
    if (board.round.tournament_id != link.tournament_id or side_of_entry(game, link.entry) is None
            or board.round.status == Round.Status.DRAFT):
        raise Http404("not a game of this link")
    return link, game


def link_home(request: HttpRequest, token: str) -> HttpResponse:
    """The link holder's games of published rounds, with result buttons (no account needed)."""
    link = _link_or_404(token)
    cards = [game_card(g, request.user) for g in games_of_entry(link.entry)]
    for card in cards:
        card["entry"] = link.entry
        card["pending"] = [(s, False) for s, _ok in card["pending"]]
    return render(request, "games/link_home.html", {"link": link, "tournament": link.tournament, "cards": cards,
                                                    "result_form": ResultForm(), "title": _("My games")})


def link_submit(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    """GET: the link holder's entry page for one game (moves validated as typed, board, result buttons);
    POST: submit the result and moves (pending until the opponent or an arbiter confirms)."""
    link, game = _link_game(token, game_id)
    if request.method == "POST":
        form = ResultForm(request.POST)
        if form.is_valid():
            d = form.cleaned_data
            try:
                submit_result(game, d["result"], link=link, moves=d["moves"], termination=d["termination"])
                messages.success(request, _("Result %(result)s sent; it counts once your opponent or an arbiter "
                                            "confirms it.") % {"result": d["result"]})
                return back(request, reverse("games:link_home", args=[link.token]))
            except GameError as exc:
                messages.error(request, exc.message)
        else:
            form_errors(request, form)
        return back(request, reverse("games:link_submit", args=[link.token, game.pk]))
    subs = list(game.submissions.select_related("submitted_for__player"))
    entry = entry_context(request, game, submissions=subs, entry=link.entry, arbiter=False,
                          submit_url=reverse("games:link_submit", args=[link.token, game.pk]),
                          check_url=reverse("games:link_check", args=[link.token, game.pk]),
                          board_url=reverse("games:link_board", args=[link.token, game.pk]))
    card = game_card(game, request.user)
    return render(request, "games/link_game.html", {
        "link": link, "tournament": link.tournament, "game": game, "card": card, "arbiter": False,
        "form": ResultForm(initial={"moves": entry["initial_moves"]}),
        "title": _("Game %(board)s") % {"board": game.board}, **entry,
    })


@require_POST
def link_check(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    """POST (htmx): the same live validation as for signed-in players, for a link holder's game."""
    link, game = _link_game(token, game_id)
    return check_response(request, game, reverse("games:link_board", args=[link.token, game.pk]), link.entry)


@require_POST
def link_board(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    """POST (htmx): the board after a ply of the moves being typed on the link's entry page."""
    link, game = _link_game(token, game_id)
    return posted_board_response(request, game, reverse("games:link_board", args=[link.token, game.pk]),
                                 link.entry)
