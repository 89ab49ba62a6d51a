"""A board's result page: where the QR code of a board card (and of the pairing list) leads.

``/g/t/<slug>/round/<n>/board/<b>/`` sends each visitor where they can act:

* a signed-in player of that game, or an arbiter of the tournament: the game page (submit,
  confirm, as from "My games");
* a phone that opened a private link of this tournament earlier (remembered in its session) and
  whose player plays this game: the link's entry page for the game;
* anyone else: the board read-only (players, colours, the confirmed result, whether one waits
  for confirmation) with a button to sign in; when the tournament's pairings are not public,
  an anonymous visitor is asked to sign in first and a signed-in one without a role gets 404.

Draft rounds and unknown boards are 404.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.models import ResultSubmission
from games.services.games import game_for_board, games_of_board
from games.services.results import confirmed_submission
from games.views.links import remembered_link
from tournaments.access import LoginRequired, tournament_for
from tournaments.models import Board


def board_result(request: HttpRequest, slug: str, number: int, board: int) -> HttpResponse:
    tournament = tournament_for(request, slug)
    b = get_object_or_404(
        Board.objects.select_related("round", "white", "black"),
        round__tournament=tournament, round__number=number, number=board,
    )
    if b.round.is_draft:
        raise Http404("round not published")
    game = None if not b.is_encounter else game_for_board(b)
    if game is not None:
        if request.user.is_authenticated and request.user.has_perm("games.submit_result", game):
            return HttpResponseRedirect(reverse("games:game", args=[game.pk]))
        link = remembered_link(request, tournament, (b.white_id, b.black_id))
        if link is not None:
            return HttpResponseRedirect(reverse("games:link_submit", args=[link.token, game.pk]))
    if not tournament.public_pairings:
        # Pairings not public: a phone that scanned a card is asked to sign in; signed in, the
        # tournament's own people see the board, anyone else finds nothing (like every switched-off page).
        if not request.user.is_authenticated:
            raise LoginRequired
        if not request.user.has_perm("tournaments.enter_results", tournament):
            raise Http404("pairings of this tournament are not public")
    subs = list(game.submissions.filter(status__in=(ResultSubmission.Status.CONFIRMED,
                                                    ResultSubmission.Status.PENDING))) if game else []
    confirmed = next((s for s in subs if s.status == ResultSubmission.Status.CONFIRMED), None)
    # A micro-match (issue 28): each game with its own colours and confirmed result.
    micro = [(g, confirmed_submission(g)) for g in games_of_board(b)] if tournament.games_per_pairing > 1 else []
    return render(request, "games/board_result.html", {
        "micro": micro,
        "tournament": tournament, "current": "pairings", "board": b, "game": game, "confirmed": confirmed,
        "waiting": any(s.status == ResultSubmission.Status.PENDING for s in subs),
        "title": _("Round %(n)s, board %(b)s") % {"n": number, "b": board},
    })
