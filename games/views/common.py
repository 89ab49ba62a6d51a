"""Shared view helpers: fetch a game or refuse (the same rules as ``tournaments.access``)."""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from games.models import Game, ResultSubmission
from tournaments.access import require


def game_for(request: HttpRequest, game_id: int, perm: str | None) -> Game:
    """The game ``game_id`` if ``request.user`` holds ``perm`` on it (anonymous: login, no perm: 403)."""
    game = get_object_or_404(
        Game.objects.select_related(
            "board__round__tournament", "white", "black"
        ),
        pk=game_id,
    )
    if perm is not None:
        require(request, perm, game)
    return game


def may_view(request: HttpRequest, game: Game) -> None:
    """Public games of published rounds for everyone; otherwise the game's players and arbiters only (404)."""
    # The rule lives in games/permissions.py ("games.view_game"); a 404 rather than a 403 so that private
    # games do not show that they exist.
    if not request.user.has_perm("games.view_game", game):
        raise Http404("no such public game")


def submission_for(request: HttpRequest, pk: int, perm: str) -> ResultSubmission:
    sub = get_object_or_404(
        ResultSubmission.objects.select_related(
            "game__board__round__tournament", "game__white", "game__black"
        ),
        pk=pk,
    )
    require(request, perm, sub.game)
    return sub


_MARK = "987654321987654321"


def url_maker(name: str) -> Callable[[int], str]:
    """``reverse(name, args=[pk])`` for the many rows of one page: reversed once with a marker number,
    then the marker replaced by each row's number (a ``{% url %}`` per row was a tenth of a long page's
    time). Only for a pattern whose one argument is a whole number."""
    template = reverse(name, args=[int(_MARK)])
    if template.count(_MARK) != 1:
        raise ValueError(f"{name}: its address does not hold the one argument once")
    head, tail = template.split(_MARK)
    return lambda pk: f"{head}{int(pk)}{tail}"


def back(request: HttpRequest, default: str) -> HttpResponse:
    """Redirect to ``next`` when it is a local path (``/...``), else to ``default``.

    Never ``redirect(next)``: it would try "abc" as a URL pattern name (NoReverseMatch, a 500).
    """
    nxt = request.POST.get("next") or request.GET.get("next") or ""
    if (nxt.startswith("/") and not nxt.startswith("//")
            and url_has_allowed_host_and_scheme(nxt, allowed_hosts={request.get_host()})):
        return HttpResponseRedirect(nxt)
    return HttpResponseRedirect(default)


def whole_number(value: str | None) -> int | None:
    """``value`` as a non-negative whole number of at most 18 digits, else None.

    Query and POST data are untrusted: "abc", "²" (a digit ``int()`` refuses), "-1" and numbers
    too big for a database integer all give None, so callers answer with a message or a 404.
    """
    value = (value or "").strip()
    if not value or len(value) > 18 or not value.isascii() or not value.isdecimal():
        return None
    return int(value)


def parse_ply(value: str | None, default: int) -> int:
    """The ``ply`` parameter of the board fragment; ``default`` when missing, 404 when not a number.

    A ply beyond the game (however many digits) is returned as a large number; the board clamps it
    to the last ply.
    """
    if value is None or not value.strip():
        return default
    value = value.strip()
    if value.isascii() and value.isdecimal() and len(value) > 9:
        return 10**9
    number = whole_number(value)
    if number is None:
        raise Http404("bad ply")
    return number


def form_errors(request: HttpRequest, form: forms.Form) -> None:
    """Each form error as a message naming its field (``Ply: Enter a whole number.``)."""
    for name, errs in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        text = " ".join(str(e) for e in errs)
        messages.error(request, f"{label}: {text}" if label else text)
