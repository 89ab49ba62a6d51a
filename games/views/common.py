"""Shared view helpers: fetch a game or refuse (the same rules as ``tournaments.access``)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.http import url_has_allowed_host_and_scheme

from games.models import Game, ResultSubmission
from tournaments.access import require


def game_for(request: HttpRequest, game_id: int, perm: str | None) -> Game:
    """The game ``game_id`` if ``request.user`` holds ``perm`` on it (anonymous: login, no perm: 403)."""
    game = get_object_or_404(
        Game.objects.select_related(
            "board__round__tournament", "board__white__player", "board__black__player"
        ),
        pk=game_id,
    )
    if perm is not None:
        require(request, perm, game)
    return game


def submission_for(request: HttpRequest, pk: int, perm: str) -> ResultSubmission:
    sub = get_object_or_404(
        ResultSubmission.objects.select_related(
            "game__board__round__tournament", "game__board__white__player", "game__board__black__player"
        ),
        pk=pk,
    )
    require(request, perm, sub.game)
    return sub


def back(request: HttpRequest, default: str) -> HttpResponse:
    """Redirect to a safe ``next`` parameter or to ``default``."""
    nxt = request.POST.get("next") or request.GET.get("next")
    if nxt and url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()}):
        return redirect(nxt)
    return redirect(default)


def parse_ply(value: str | None, default: int) -> int:
    try:
        return int(value) if value not in (None, "") else default
    except (TypeError, ValueError):
        raise Http404("bad ply") from None
