"""Result entry pages: "My games" (phone-first), the game page, confirm/reject, arbiter entry, overview."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.forms import ArbiterResultForm, ClaimForm, CorrectionForm, DecisionForm, ForfeitForm, ResultForm, RulingForm
from games.models import CorrectionRequest, DrawMark, Game, Result, ResultSubmission, SubmissionLink
from games.permissions import is_game_arbiter
from games.services import GameError, User
from games.services.games import entries_of_user, entry_of_user, games_of_board, games_of_entry
from games.services.results import (
    OPEN_STATUSES,
    apply_default_time,
    confirm_submission,
    conflicts,
    decide_correction,
    disagreeing,
    early_draw_reason,
    enter_result,
    mark_draw,
    may_confirm,
    open_corrections,
    players_locked_out,
    record_forfeit,
    reject_submission,
    request_correction,
    submit_result,
)
from games.services.team_results import record_no_show
from games.services.typed_results import enter_typed_results
from games.services.validation import check_game
from games.views.claims import claims_context
from games.views.common import back, form_errors, game_for, submission_for, url_maker, whole_number
from games.views.moves import entry_context
from tournaments.access import require, tournament_for
from tournaments.models import Board, Entry, Round
from tournaments.permissions import is_arbiter


def result_choices(game: Game, entry: Entry | None) -> list[tuple[str, str]]:
    """The result buttons in words, from the player's side: "I win", "Draw", "Hendriks wins".

    ``entry``: the side of the person looking (None: an arbiter or a spectator, both sides by name).
    White's result first, as on the scoresheet (2-0, 1-1, 0-2).
    """
    white, black = game.white, game.black

    def wins(side: Entry | None) -> str:
        if side is not None and entry is not None and side.pk == entry.pk:
            return _("I win")
        name = side.name.split(",")[0] if side is not None else "?"
        return _("%(name)s wins") % {"name": name}

    return [(Result.WHITE_WINS, wins(white)), (Result.DRAW, _("Draw")), (Result.BLACK_WINS, wins(black))]


def result_words(game: Game, code: str, entry: Entry | None) -> str:
    """A stored result in words for the person looking (forfeits and the rest by their label)."""
    return dict(result_choices(game, entry)).get(code) or str(Result(code).label)


def game_card(game: Game, user: User, entry: Entry | None = None, link: SubmissionLink | None = None
              ) -> dict[str, Any]:
    """What a result card shows: confirmed result, waiting submissions and what ``user`` (or the
    holder of the private ``link``, playing ``entry``) may do: send a result, confirm or reject the
    opponent's, or, once only an arbiter changes it, ask for a correction. The game's submissions and
    correction requests come from ``with_card_rows`` when the caller loaded them (no query per card)."""
    rows: tuple[list[ResultSubmission], list[CorrectionRequest]] | None = getattr(game, _CARD_ROWS, None)
    if rows is None:
        rows = (list(game.submissions.select_related("submitted_by", "submitted_for")),
                list(game.correction_requests.all()))
    subs, requests = rows
    pending = [s for s in subs if s.status == ResultSubmission.Status.PENDING]
    entry = entry or entry_of_user(game, user)
    confirmed = next((s for s in subs if s.status == ResultSubmission.Status.CONFIRMED), None)
    for s in pending:
        s.game = game  # may_confirm reads the board and round already loaded
    return {
        "game": game,
        "board": game.board,
        "link": link,
        "confirmed": confirmed,
        "confirmed_words": result_words(game, confirmed.result, entry) if confirmed else "",
        "pending": [(s, may_confirm(s, user, link, confirmed=confirmed is not None)[0],
                     result_words(game, s.result, entry)) for s in pending],
        "entry": entry,
        "choices": result_choices(game, entry),
        "locked": players_locked_out(game, confirmed=confirmed is not None) if entry is not None else "",
        "requests": [r for r in requests if r.status == CorrectionRequest.Status.OPEN],
    }


_CARD_ROWS = "_card_rows"


def with_card_rows(games: list[Game]) -> list[Game]:
    """``games`` with what ``game_card`` reads of each (submissions, newest first, and correction requests,
    oldest first) loaded in two plain queries for all of them, grouped and ordered here (Django's prefetch
    and the models' default orderings were half of their cost, issue 30). A submission's side is the game's
    White or Black, already loaded: given from there rather than joined (a card never reads who signed a
    submission in)."""
    by_game: dict[int, tuple[list[ResultSubmission], list[CorrectionRequest]]] = {g.pk: ([], []) for g in games}
    for sub in ResultSubmission.objects.filter(game_id__in=list(by_game)).order_by():
        by_game[sub.game_id][0].append(sub)
    for req in CorrectionRequest.objects.filter(game_id__in=list(by_game)).order_by():
        by_game[req.game_id][1].append(req)
    for game in games:
        subs, requests = by_game[game.pk]
        subs.sort(key=lambda s: -s.version)
        requests.sort(key=lambda r: (r.created_at, r.pk))
        sides = {side.pk: side for side in (game.white, game.black) if side is not None}
        for sub in subs:
            sub.game = game
            side = sides.get(sub.submitted_for_id) if sub.submitted_for_id is not None else None
            if side is not None:
                sub.submitted_for = side
        for req in requests:
            req.game = game
        setattr(game, _CARD_ROWS, (subs, requests))
    return games


def sent_message(sub: ResultSubmission) -> str:
    """What a player is told after sending a result: waiting for the opponent, or, when the opponent
    had sent the same, confirmed by the two of them."""
    if sub.status == ResultSubmission.Status.CONFIRMED:
        return _("Your opponent had sent the same result: %(result)s is confirmed.") % {"result": sub.result}
    return _("Result %(result)s sent; it counts once your opponent or an arbiter confirms it.") % {
        "result": sub.result}


def my_games(request: HttpRequest, slug: str) -> HttpResponse:
    """A player's games of published rounds, newest first, each with big result buttons."""
    tournament = tournament_for(request, slug, "tournaments.enter_results")
    entries = entries_of_user(tournament, request.user)
    for e in entries:
        e.tournament = tournament  # games_of_entry reads it: no second load
    cards = [game_card(g, request.user) for g in with_card_rows([g for e in entries for g in games_of_entry(e)])]
    return render(request, "games/my_games.html", {
        "tournament": tournament, "cards": cards, "has_entry": bool(entries),
        "unclaimed": [e for e in entries if e.player.user_id != request.user.pk],
        "title": _("My games"), "is_arbiter": is_arbiter(request.user, tournament),
    })


def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """One game: move entry with live validation, board, submissions (side by side), claims, rulings."""
    game = game_for(request, game_id, "games.submit_result")
    arbiter = bool(is_game_arbiter(request.user, game))
    chk = check_game(game)
    subs = list(game.submissions.select_related("submitted_by", "submitted_for", "confirmed_by"))
    entry = entry_context(request, game, submissions=subs, entry=entry_of_user(game, request.user), arbiter=arbiter,
                          submit_url=reverse("games:submit", args=[game.pk]),
                          check_url=reverse("games:check_moves", args=[game.pk]),
                          board_url=reverse("games:board", args=[game.pk]), stored_check=chk,
                          save_moves_url=reverse("games:save_moves", args=[game.pk]))
    ctx = {
        "game": game,
        "tournament": game.tournament,
        "arbiter": arbiter,
        "forfeits": forfeit_choices(game) if arbiter else [],
        "card": game_card(game, request.user),
        "submissions": subs,
        "conflicts": conflicts(game),
        "check": chk,
        "n_irregular": sum(1 for p in chk.plies if p.get("irregular")),
        "form": (ArbiterResultForm if arbiter else ResultForm)(initial={"moves": entry["initial_moves"]}),
        "forfeit_form": ForfeitForm(),
        "claim_form": ClaimForm(),
        "ruling_form": RulingForm(),
        "claims": claims_context(game),
        "claim_url": reverse("games:claim", args=[game.pk]),
        "rulings": list(game.rulings.all()),
        "title": _("Game %(board)s") % {"board": game.board},
        "correction_url": reverse("games:correction", args=[game.pk]),
        "draw_marks": draw_mark_choices(game) if arbiter else [],
        "default_time": default_time_choices(game) if arbiter else [],
        "early_draw": early_draw_reason(card_confirmed(subs)),
        **entry,
    }
    return render(request, "games/game.html", ctx)


@require_POST
def submit(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player submits (pending); an arbiter enters, confirmed at once unless unticked."""
    game = game_for(request, game_id, "games.submit_result")
    arbiter = bool(is_game_arbiter(request.user, game)) and entry_of_user(game, request.user) is None
    form = (ArbiterResultForm if arbiter else ResultForm)(request.POST)
    if not form.is_valid():
        form_errors(request, form)
        return back(request, reverse("games:game", args=[game.pk]))
    data = form.cleaned_data
    # Quick result buttons send no moves: the game keeps the ones recorded (never dropped unasked).
    moves = data["moves"] if "moves" in request.POST else None
    try:
        if arbiter:
            sub = enter_result(game, data["result"], request.user, moves=moves, termination=data["termination"],
                               confirm=data.get("confirm", False))
            messages.success(request, _("Result %(result)s entered.") % {"result": sub.result})
        else:
            sub = submit_result(game, data["result"], user=request.user, moves=moves,
                                termination=data["termination"])
            messages.success(request, sent_message(sub))
        if sub.result != data["result"] and early_draw_reason(sub):
            messages.warning(request, early_draw_reason(sub))
    except GameError as exc:
        messages.error(request, exc.message)
    return back(request, reverse("games:game", args=[game.pk]))


def _decide(request: HttpRequest, pk: int, act: Callable[[ResultSubmission, Any], object], done: str) -> HttpResponse:
    """Confirm or reject a submission: the opponent or an arbiter only (403 for anyone else while it
    waits; a submission already decided gets a message saying so)."""
    sub = submission_for(request, pk, "games.confirm_result")
    allowed, reason = may_confirm(sub, request.user)
    if not allowed and sub.status == ResultSubmission.Status.PENDING:
        raise PermissionDenied(reason)
    try:
        act(sub, request.user)
        messages.success(request, done % {"result": sub.result})
    except GameError as exc:
        messages.error(request, exc.message)
    return back(request, reverse("games:game", args=[sub.game_id]))


@require_POST
def confirm(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, confirm_submission, _("Result %(result)s confirmed."))


@require_POST
def reject(request: HttpRequest, pk: int) -> HttpResponse:
    return _decide(request, pk, reject_submission, _("Submission %(result)s rejected."))


@require_POST
def correction(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player asks the arbiter to change a result only an arbiter may change now."""
    game = game_for(request, game_id, "games.submit_result")
    form = CorrectionForm(request.POST)
    if not form.is_valid():
        form_errors(request, form)
        return back(request, reverse("games:game", args=[game.pk]))
    d = form.cleaned_data
    try:
        request_correction(game, d["result"], d["reason"], user=request.user,
                           moves=d["moves"] if "moves" in request.POST else None)
        messages.success(request, _("Your request went to the arbiter, who will accept or refuse it."))
    except GameError as exc:
        messages.error(request, exc.message)
    return back(request, reverse("games:game", args=[game.pk]))


@require_POST
def decide(request: HttpRequest, pk: int) -> HttpResponse:
    """An arbiter accepts or refuses a correction request."""
    req = get_object_or_404(CorrectionRequest.objects.select_related("game__board__round__tournament"), pk=pk)
    require(request, "games.enter_final_result", req.game)
    form = DecisionForm(request.POST)
    if not form.is_valid():
        form_errors(request, form)
    else:
        accept = form.cleaned_data["decision"] == "accept"
        try:
            decide_correction(req, request.user, accept=accept, note=form.cleaned_data["note"])
            messages.success(request, _("Request accepted: the result is changed.") if accept
                             else _("Request refused: the result stays."))
        except GameError as exc:
            messages.error(request, exc.message)
    return back(request, reverse("games:game", args=[req.game_id]))


def card_confirmed(subs: list[ResultSubmission]) -> ResultSubmission | None:
    return next((s for s in subs if s.status == ResultSubmission.Status.CONFIRMED), None)


def draw_mark_choices(game: Game) -> list[tuple[str, str, bool]]:
    """The plus/minus marks an arbiter may give the game's confirmed draw, naming the players, each
    with whether it is the current one ([] when the confirmed result is not a draw)."""
    current = ResultSubmission.objects.confirmed().filter(game=game).first()
    if current is None or current.result != Result.DRAW:
        return []
    names = {"white": game.white.name if game.white else "", "black": game.black.name if game.black else ""}
    return [
        (DrawMark.WHITE.value, _("Plus-draw for %(white)s, minus-draw for %(black)s") % names,
         current.draw_mark == DrawMark.WHITE),
        (DrawMark.BLACK.value, _("Plus-draw for %(black)s, minus-draw for %(white)s") % names,
         current.draw_mark == DrawMark.BLACK),
        (DrawMark.NONE.value, _("An ordinary draw (no mark)"), current.draw_mark == DrawMark.NONE),
    ]


def default_time_choices(game: Game) -> list[tuple[str, str]]:
    """The default-time actions of a game without a confirmed result, naming who is late and what
    follows ([] when the tournament sets no default time or the result is confirmed)."""
    minutes = game.board.round.tournament.default_time_minutes
    if not minutes or ResultSubmission.objects.confirmed().filter(game=game).exists():
        return []
    names = {"white": game.white.name if game.white else "", "black": game.black.name if game.black else "",
             "n": minutes}
    return [
        ("w", _("%(white)s not here after %(n)s minutes: %(black)s wins by forfeit (-+)") % names),
        ("b", _("%(black)s not here after %(n)s minutes: %(white)s wins by forfeit (+-)") % names),
        ("both", _("Neither here after %(n)s minutes: both lose by forfeit (--)") % names),
    ]


@require_POST
def draw_mark(request: HttpRequest, game_id: int) -> HttpResponse:
    """An arbiter marks a confirmed draw plus for one player, minus for the other (or unmarks it)."""
    game = game_for(request, game_id, "games.enter_final_result")
    try:
        mark_draw(game, request.user, request.POST.get("mark", "")[:2])
        messages.success(request, _("The draw's plus/minus mark is saved; the score stays 1-1."))
    except GameError as exc:
        messages.error(request, exc.message)
    return back(request, reverse("games:game", args=[game.pk]))


@require_POST
def default_time(request: HttpRequest, game_id: int) -> HttpResponse:
    """An arbiter applies the default time to one board: the late player loses by forfeit."""
    game = game_for(request, game_id, "games.enter_final_result")
    try:
        sub = apply_default_time(game, request.user, request.POST.get("late", "")[:5])
        messages.success(request, _("Default time applied: %(result)s entered and confirmed.") % {
            "result": sub.result})
    except GameError as exc:
        messages.error(request, exc.message)
    return back(request, reverse("games:game", args=[game.pk]))


def forfeit_choices(game: Game) -> list[tuple[str, str, str]]:
    """The forfeits an arbiter may record, each as (code, what it means, the question asked once),
    naming the players: "Jansen wins by forfeit" rather than a bare ``+-``."""
    names = {"white": game.white.name if game.white else "", "black": game.black.name if game.black else ""}
    return [
        (Result.WHITE_WINS_FORFEIT.value, _("%(white)s wins by forfeit") % names,
         _("%(black)s did not play: %(white)s wins by forfeit. The result is entered and confirmed at once.")
         % names),
        (Result.BLACK_WINS_FORFEIT.value, _("%(black)s wins by forfeit") % names,
         _("%(white)s did not play: %(black)s wins by forfeit. The result is entered and confirmed at once.")
         % names),
        (Result.DOUBLE_FORFEIT.value, _("Both lose by forfeit"),
         _("Neither %(white)s nor %(black)s played: both lose by forfeit. The result is entered and confirmed at "
           "once.") % names),
    ]


@require_POST
def team_no_show(request: HttpRequest, slug: str, number: int, board: int) -> HttpResponse:
    """An arbiter records that a team of a match did not show (POST ``side``: ``home`` or ``away``):
    it loses every board by forfeit (``games.services.team_results``)."""
    tournament = tournament_for(request, slug, "games.manage_games")
    match = get_object_or_404(Board.objects.select_related("round__tournament", "white_team", "black_team"),
                              round__tournament=tournament, round__number=number, number=board,
                              white_team__isnull=False)
    team = match.white_team if request.POST.get("side") == "home" else match.black_team
    if team is None or request.POST.get("side") not in ("home", "away"):
        messages.error(request, _("Choose the team that did not show."))
    else:
        try:
            record_no_show(match, team, request.user)
        except GameError as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, _("%(team)s did not show: every board is lost by forfeit.")
                             % {"team": team.name})
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
def forfeit(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_for(request, game_id, "games.enter_final_result")
    form = ForfeitForm(request.POST)
    if form.is_valid():
        try:
            record_forfeit(game, form.cleaned_data["result"], request.user)
            said = {code: choice for code, choice, _question in forfeit_choices(game)}
            messages.success(request, _("Forfeit recorded: %(what)s (%(result)s).") % {
                "what": said.get(form.cleaned_data["result"], ""), "result": form.cleaned_data["result"]})
        except GameError as exc:
            messages.error(request, exc.message)
    else:
        messages.error(request, _("Choose +-, -+ or --."))
    return back(request, reverse("games:game", args=[game.pk]))


def results_overview(request: HttpRequest, slug: str) -> HttpResponse:
    """Arbiters: every board of a round with its confirmed result, pending submissions and conflicts."""
    tournament = tournament_for(request, slug, "games.manage_games")
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    asked = request.GET.get("round")
    rnd = None
    if asked:
        # An unknown round, or one that is not a number at all, is a 404 (not the last round).
        rnd = next((r for r in rounds if r.number == whole_number(asked)), None)
        if rnd is None:
            raise Http404("no such round")
    elif rounds:
        rnd = rounds[-1]
    rows: list[dict[str, Any]] = []
    # The addresses every row links to, made by number (same addresses as {% url %} gives).
    confirm_url, submit_url = url_maker("games:confirm"), url_maker("games:submit")
    default_time_url, game_url = url_maker("games:default_time"), url_maker("games:game")
    if rnd is not None:
        # Games and their open submissions come in prefetch queries, whatever the number of boards.
        games = Game.objects.select_related("white", "black").order_by("number").prefetch_related(Prefetch(
            "submissions", queryset=ResultSubmission.objects.filter(status__in=OPEN_STATUSES),
            to_attr="open_submissions"))
        boards = Board.objects.filter(round=rnd).select_related("white", "black")
        for board in boards.prefetch_related(Prefetch("games", queryset=games)):
            if board.is_bye or board.black_id is None and board.black_team_id is None:
                rows.append({"board": board, "bye": True})
                continue
            for game in list(board.games.all()) or games_of_board(board):
                subs: list[ResultSubmission] = getattr(game, "open_submissions", [])
                waiting = [s for s in subs if s.status == ResultSubmission.Status.PENDING]
                rows.append({
                    "board": board, "game": game,
                    "confirmed": next((s for s in subs if s.status == ResultSubmission.Status.CONFIRMED), None),
                    "pending": len(waiting),
                    # One waiting result and no conflict: the arbiter confirms it with one tap (moves kept).
                    "confirmable": waiting[0] if len(waiting) == 1 and not disagreeing(subs) else None,
                    "conflict": bool(disagreeing(subs))})
                row = rows[-1]
                row.update(game_url=game_url(game.pk), submit_url=submit_url(game.pk),
                           default_time_url=default_time_url(game.pk),
                           confirm_url=confirm_url(row["confirmable"].pk) if row["confirmable"] else "")
    return render(request, "games/results.html", {
        "tournament": tournament, "rounds": rounds, "round": rnd, "rows": rows, "title": _("Results"),
        "corrections": open_corrections(tournament), "decision_form": DecisionForm(),
        "typed_again": request.session.pop(_TYPED_KEY, "") if rnd is not None else "",
        "typed_focus": request.GET.get("typed") == "1",
        "typed_said": request.session.pop(_TYPED_SAID_KEY, []) if rnd is not None else [],
    })


_TYPED_KEY = "typed-results-again"
_TYPED_SAID_KEY = "typed-results-said"


@require_POST
def typed_results(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The results typed by board number (``4 2-0``): each entered and confirmed, or refused with its
    reason; the refused ones come back in the box to be corrected, the cursor in it."""
    tournament = tournament_for(request, slug, "games.manage_games")
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    entries = enter_typed_results(rnd, request.POST.get("typed", "")[:5000], request.user)
    # Said under the box, where the cursor goes back (the page's top is out of view then).
    request.session[_TYPED_SAID_KEY] = [("success" if e.ok else "error", e.message) for e in entries]
    again = "; ".join(e.text for e in entries if not e.ok)
    if again:
        request.session[_TYPED_KEY] = again
    # No #typed: a URL fragment makes the browser skip the box's autofocus (which scrolls it into view).
    return redirect(reverse("games:results", args=[slug]) + f"?round={number}&typed=1")
