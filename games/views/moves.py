"""Move entry (live validation with htmx) and the board fragment for stepping through a game."""

from __future__ import annotations

import datetime
from typing import Any

from django.contrib import messages
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from arbiter.notation import example_moves
from games.board_context import board_context
from games.models import Game, ResultSubmission, SubmissionLink
from games.services import GameError, User
from games.services.games import entry_of_user, profile_name, side_of_entry
from games.services.live_moves import save_moves
from games.services.validation import MoveCheck, check_game, early_draw_warning
from games.views.common import back, game_for, may_view, parse_ply
from tournaments.models import Entry
from tournaments.vocabulary import MAX_MOVE_TEXT


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
                  stored_check: MoveCheck | None = None, save_moves_url: str = "") -> dict[str, Any]:
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
        # "A draw agreed now would score 0-0" under the event's no-draw-before-move-N rule (issue 26).
        "early_draw_warning": early_draw_warning(game, entry_check),
        "submit_url": submit_url,
        "check_url": check_url,
        # "Save the moves so far" (issue 30): stores them for spectators without a result.
        "save_moves_url": save_moves_url,
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
    ctx = {"game": game, "check": chk, "oob_board": True, "early_draw_warning": early_draw_warning(game, chk),
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


def save_moves_response(request: HttpRequest, game: Game, done_url: str, *, user: User = None,
                        link: SubmissionLink | None = None) -> HttpResponse:
    """Store the posted ``moves`` as the game's moves so far (``games.services.live_moves.save_moves``)
    and go back to the entry page with what happened: the number of moves stored, or the refusal
    naming the move. Asked by the entry page's "save each move" box (``HX-Request``): the same words
    as plain text (200 when saved, 422 when refused), no page."""
    text = request.POST.get("moves", "")[: MAX_MOVE_TEXT + 1]
    quiet = request.headers.get("HX-Request") == "true"
    try:
        saved = save_moves(game, text, user=user, link=link)
    except GameError as exc:
        words = _("The moves were not saved: %(reason)s") % {"reason": exc.message}
        if quiet:
            return HttpResponse(words, status=422, content_type="text/plain; charset=utf-8")
        messages.error(request, words)
        return back(request, done_url)
    if saved.changed:
        words = ngettext(
            "Saved: %(n)s half-move. Spectators see it on the live board.",
            "Saved: %(n)s half-moves. Spectators see them on the live board.", saved.plies) % {"n": saved.plies}
    else:
        words = _("These moves were already saved.")
    if quiet:
        return HttpResponse(words, content_type="text/plain; charset=utf-8")
    (messages.success if saved.changed else messages.info)(request, words)
    return back(request, done_url)


@require_POST
def save_moves_view(request: HttpRequest, game_id: int) -> HttpResponse:
    """POST: a player of the game or an arbiter saves the moves typed so far (no result)."""
    game = game_for(request, game_id, "games.submit_result")
    return save_moves_response(request, game, reverse("games:game", args=[game.pk]), user=request.user)
