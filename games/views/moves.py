"""Move entry (live validation with htmx) and the board fragment for stepping through a game."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.board_svg import render_board
from games.models import Game
from games.services.games import entry_of_user, side_of_entry
from games.services.validation import MAX_MOVE_TEXT, MoveCheck, check_game
from games.views.common import game_for, parse_ply


def board_context(game: Game, chk: MoveCheck, ply: int | None, *, post_url: str | None = None,
                  get_url: str | None = None, flipped: bool = False) -> dict:
    """Context of ``games/_board.html``: the SVG after ``ply`` (default: the last ply reached) and the
    step-through buttons. ``post_url`` re-sends the textarea (entry page); ``get_url`` uses the stored moves."""
    report = chk.report
    if report is None:
        return {"board_svg": "", "ply": 0, "max_ply": 0, "board_game": game}
    last = len(report.positions) - 1
    ply = last if ply is None else max(0, min(ply, last))
    move = report.plies[ply - 1].move if ply >= 1 else None
    if ply >= 1:
        rec = report.plies[ply - 1]
        label = _("After %(number)s. %(side)s %(move)s") % {
            "number": rec.move_number, "side": _("White") if rec.side == "W" else _("Black"), "move": rec.notation}
    else:
        label = _("Start position")
    return {
        "board_svg": render_board(report.positions[ply], last_move=move, flipped=flipped,
                                  clickable=post_url is not None),
        "ply": ply,
        "max_ply": last,
        "prev_ply": max(ply - 1, 0),
        "next_ply": min(ply + 1, last),
        "ply_label": label,
        "board_game": game,
        "board_post_url": post_url,
        "board_get_url": get_url,
        "flipped": int(flipped),
        "unflipped": int(not flipped),
    }


def default_flip(request: HttpRequest, game: Game) -> bool:
    """Show the board from Black's side to the player of Black (``flip`` = 0/1 overrides)."""
    value = request.POST.get("flip", request.GET.get("flip"))
    if value in ("0", "1"):
        return value == "1"
    return side_of_entry(game, entry_of_user(game, request.user)) == "B"


def check_moves_view(request: HttpRequest, game_id: int) -> HttpResponse:
    """POST (htmx): validate the textarea's moves; returns the annotated move list and the board."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    game = game_for(request, game_id, "games.submit_result")
    text = request.POST.get("moves", "")[: MAX_MOVE_TEXT + 1]
    chk = check_game(game, text)
    ctx = {"game": game, "check": chk, "oob_board": True,
           **board_context(game, chk, None, post_url=reverse("games:board", args=[game.pk]),
                           flipped=default_flip(request, game))}
    return render(request, "games/_moves_check.html", ctx)


def board_view(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board fragment after ``ply``: GET shows the stored moves (viewers); POST the posted moves (entry)."""
    if request.method == "POST":
        game = game_for(request, game_id, "games.submit_result")
        text = request.POST.get("moves", "")[: MAX_MOVE_TEXT + 1]
        ply = parse_ply(request.POST.get("ply"), -1)
        chk = check_game(game, text)
        urls = {"post_url": reverse("games:board", args=[game.pk])}
    else:
        game = game_for(request, game_id, None)
        from games.views.public import may_view

        may_view(request, game)
        ply = parse_ply(request.GET.get("ply"), -1)
        chk = check_game(game)
        urls = {"get_url": reverse("games:board", args=[game.pk])}
    ctx = board_context(game, chk, None if ply < 0 else ply, flipped=default_flip(request, game), **urls)
    return render(request, "games/_board.html", ctx)
