"""The public game viewer: board with step-through, the moves and the result, following the moves as
they are typed (``static/js/live.js`` polls ``public:game_live`` for a public game without a result)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.board_context import game_live_context
from games.permissions import games_are_public
from games.views.common import game_for, may_view


def view(request: HttpRequest, game_id: int) -> HttpResponse:
    """``games:view``: the game for spectators (when ``Tournament.public_games``), its players and arbiters."""
    game = game_for(request, game_id, None)
    may_view(request, game)
    ctx = {
        **game_live_context(game, flipped=request.GET.get("flip") == "1"),
        "following": bool(games_are_public(request.user, game)),
        "title": str(game.board),
    }
    return render(request, "games/view.html", ctx)
