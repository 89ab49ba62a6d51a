"""The context of ``games/_board.html`` (the board with its step-through buttons), for the game pages of
the games app and the live game fragment of the public pages alike."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games.board_svg import render_board
from games.models import Game
from games.services.live_view import GAME_CELL, POLL_LIMIT, POLL_SECONDS, live_game
from games.services.validation import MoveCheck, check_game


def board_context(game: Game, chk: MoveCheck, ply: int | None, *, post_url: str | None = None,
                  get_url: str | None = None, flipped: bool = False) -> dict[str, Any]:
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


def game_live_context(game: Game, *, flipped: bool = False) -> dict[str, Any]:
    """The context of ``games/_game_live.html`` (the game page renders it too)."""
    chk = check_game(game)
    return {
        "game": game,
        "tournament": game.board.round.tournament,
        "check": chk,
        "live": live_game(game, cell=GAME_CELL),
        "live_url": reverse("public:game_live", args=[game.board.round.tournament.slug, game.pk])
        + ("?flip=1" if flipped else ""),
        "poll_seconds": POLL_SECONDS,
        "poll_limit": POLL_LIMIT,
        **board_context(game, chk, None, get_url=reverse("games:board", args=[game.pk]), flipped=flipped),
    }
