"""The public game viewer: board with step-through, the moves and the result."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from games.services.results import confirmed_submission
from games.services.validation import check_game
from games.views.common import game_for, may_view
from games.views.moves import board_context


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
