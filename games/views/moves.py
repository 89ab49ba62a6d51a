"""Move entry (live validation with htmx) and the board fragment for stepping through a game."""

from __future__ import annotations

import datetime
from typing import Any

from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from arbiter.notation import example_moves
from games.board_svg import render_board
from games.services.games import entry_of_user, profile_name, side_of_entry
from games.services.validation import MoveCheck, check_game
from games.views.common import game_for, may_view, parse_ply
from tournaments.models import Entry, Game, ResultSubmission
from tournaments.vocabulary import MAX_MOVE_TEXT


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


def default_flip(request: HttpRequest, game: Game, entry: Entry | None = None) -> bool:
    """Show the board from Black's side to the player of Black (``flip`` = 0/1 overrides).

    ``entry``: the side of a private-link holder; by default the signed-in user's entry.
    """
    value = request.POST.get("flip", request.GET.get("flip"))
    if value in ("0", "1"):
        return value == "1"
    if entry is None:
        entry = entry_of_user(game, request.user)
    return side_of_entry(game, entry) == "B"


def entry_context(request: HttpRequest, game: Game, *, submissions: list[ResultSubmission], entry: Entry | None,
                  arbiter: bool, submit_url: str, check_url: str, board_url: str,
                  stored_check: MoveCheck | None = None) -> dict[str, Any]:
    """Context of ``games/_entry.html`` for a signed-in player or arbiter and for a private link alike.

    The text box starts with the newest moves this person has seen stored: the recorded moves, the
    moves this side (or, for an arbiter, anybody) last submitted, or those of their last draw claim,
    so that nothing typed before has to be typed again.
    """
    initial = _newest_moves(request, game, submissions, entry, arbiter)
    entry_check = stored_check if stored_check is not None and initial == game.moves else check_game(game, initial)
    return {
        "initial_moves": initial,
        # The example in the event's own rules and notation (a Russian event: c3-d4, not 32-28).
        "moves_help": _("As on the scoresheet, e.g. %(example)s; move numbers are optional.")
        % {"example": example_moves(profile_name(game))},
        "entry_check": entry_check,
        "submit_url": submit_url,
        "check_url": check_url,
        **board_context(game, entry_check, None, post_url=board_url, flipped=default_flip(request, game, entry)),
    }


def _newest_moves(request: HttpRequest, game: Game, submissions: list[ResultSubmission], entry: Entry | None,
                  arbiter: bool) -> str:
    user_pk = request.user.pk if request.user.is_authenticated else None
    found: list[tuple[datetime.datetime, str]] = [(game.updated_at, game.moves)] if game.moves.strip() else []
    found += [(s.created_at, s.moves) for s in submissions if s.moves.strip() and (
        arbiter or (user_pk is not None and s.submitted_by_id == user_pk)
        or (entry is not None and s.submitted_for_id == entry.pk))]
    claims = game.draw_claims.all() if arbiter else game.draw_claims.filter(
        Q(claimed_by_id=user_pk or -1) | Q(claimed_for_id=entry.pk if entry is not None else -1))
    for claim in claims.order_by("-created_at")[:1]:
        moves = (claim.evidence or {}).get("moves")
        if isinstance(moves, str) and moves.strip():
            found.append((claim.created_at, moves))
    return max(found, key=lambda pair: pair[0])[1] if found else ""


def check_response(request: HttpRequest, game: Game, board_url: str, entry: Entry | None = None) -> HttpResponse:
    """The annotated move list of the posted ``moves`` and, out of band, the board after the last ply."""
    text = request.POST.get("moves", "")[: MAX_MOVE_TEXT + 1]
    chk = check_game(game, text)
    ctx = {"game": game, "check": chk, "oob_board": True,
           **board_context(game, chk, None, post_url=board_url, flipped=default_flip(request, game, entry))}
    return render(request, "games/_moves_check.html", ctx)


def posted_board_response(request: HttpRequest, game: Game, board_url: str,
                          entry: Entry | None = None) -> HttpResponse:
    """The board fragment after the posted ``ply`` of the posted ``moves`` (the entry page's step buttons)."""
    text = request.POST.get("moves", "")[: MAX_MOVE_TEXT + 1]
    ply = parse_ply(request.POST.get("ply"), -1)
    ctx = board_context(game, check_game(game, text), None if ply < 0 else ply, post_url=board_url,
                        flipped=default_flip(request, game, entry))
    return render(request, "games/_board.html", ctx)


def check_moves_view(request: HttpRequest, game_id: int) -> HttpResponse:
    """POST (htmx): validate the textarea's moves; returns the annotated move list and the board."""
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    game = game_for(request, game_id, "games.submit_result")
    return check_response(request, game, reverse("games:board", args=[game.pk]))


def board_view(request: HttpRequest, game_id: int) -> HttpResponse:
    """The board fragment after ``ply``: GET shows the stored moves (viewers); POST the posted moves (entry)."""
    if request.method == "POST":
        game = game_for(request, game_id, "games.submit_result")
        return posted_board_response(request, game, reverse("games:board", args=[game.pk]))
    game = game_for(request, game_id, None)
    may_view(request, game)
    ply = parse_ply(request.GET.get("ply"), -1)
    ctx = board_context(game, check_game(game), None if ply < 0 else ply,
                        get_url=reverse("games:board", args=[game.pk]), flipped=default_flip(request, game))
    return render(request, "games/_board.html", ctx)
