"""The public game viewer: board with step-through, the moves and the result."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from games.models import Game
from games.services.results import confirmed_submission
from games.services.validation import check_game
from games.views.common import game_for
from games.views.moves import board_context


def may_view(request: HttpRequest, game: Game) -> None:
    """Public games of published rounds for everyone; otherwise the game's players and arbiters only (404)."""
    # The rule lives in games/rules.py ("games.view_game"); a 404 rather than a 403 so that private
    # games do not show that they exist.
    if not request.user.has_perm("games.view_game", game):
        raise Http404("no such public game")


def view(request: HttpRequest, game_id: int) -> HttpResponse:
    """``games:view``: the game for spectators (when ``Tournament.public_games``)."""
    game = game_for(request, game_id, None)
    may_view(request, game)
    chk = check_game(game)
    ctx = {
        "game": game,
        "tournament": game.tournament,
        "check": chk,
        "confirmed": confirmed_submission(game),
        "title": str(game.board),
        **board_context(game, chk, None, get_url=reverse("games:board", args=[game.pk]),
                        flipped=request.GET.get("flip") == "1"),
    }
    return render(request, "games/view.html", ctx)
