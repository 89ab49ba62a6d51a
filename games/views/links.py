"""Private submission links: arbiters create, revoke and print them; players use them to enter moves and results."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

import segno
from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from games.forms import ClaimForm, CorrectionForm, ResultForm
from games.models import Game, ResultSubmission, SubmissionLink
from games.services import GameError
from games.services.games import games_of_entry, side_of_entry
from games.services.links import (
    active_links,
    create_link,
    create_missing_links,
    link_by_token,
    link_sheet,
    revoke_link,
)
from games.services.results import confirm_submission, reject_submission, request_correction, submit_result
from games.views.claims import claim_view, claims_context
from games.views.common import back, form_errors, whole_number
from games.views.moves import check_response, entry_context, posted_board_response, save_moves_response
from games.views.results import game_card, sent_message, with_card_rows
from tournaments import throttle
from tournaments.access import tournament_for
from tournaments.models import Entry, Tournament
from tournaments.services.site_address import base_url, link_url
from tournaments.throttle import client_address


def links(request: HttpRequest, slug: str) -> HttpResponse:
    """Arbiters: every entry with its link (create / revoke)."""
    tournament = tournament_for(request, slug, "games.manage_games")
    by_entry = {lk.entry_id: lk for lk in SubmissionLink.objects.filter(tournament=tournament)}
    rows = [(e, by_entry.get(e.pk)) for e in Entry.objects.filter(tournament=tournament)]
    return render(request, "games/links.html", {"tournament": tournament, "rows": rows,
                                                "title": _("Submission links")})


@require_POST
def link_create(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug, "games.manage_games")
    entry_id = whole_number(request.POST.get("entry"))
    entry = None if entry_id is None else Entry.objects.filter(tournament=tournament, pk=entry_id).first()
    if entry is None:
        messages.error(request, _("Choose a player of this tournament."))
        return redirect("games:links", slug=tournament.slug)
    try:
        create_link(tournament, entry, request.user)
        messages.success(request, _("Link created for %(name)s.") % {"name": entry.name})
    except GameError as exc:
        messages.error(request, exc.message)
    return redirect("games:links", slug=tournament.slug)


def links_pdf(request: HttpRequest, slug: str) -> HttpResponse:
    """The link sheet as an A4 PDF: one slip per player with the private link and its QR code."""
    tournament = tournament_for(request, slug, "games.manage_games")
    response = HttpResponse(link_sheet(tournament, base_url(request)), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-links.pdf"'
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def link_revoke(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament = tournament_for(request, slug, "games.manage_games")
    link = get_object_or_404(SubmissionLink, tournament=tournament, pk=pk)
    try:
        revoke_link(link, request.user)
        messages.success(request, _("Link revoked for %(name)s.") % {"name": link.entry.name})
    except GameError as exc:
        messages.error(request, exc.message)
    return redirect("games:links", slug=tournament.slug)


@require_POST
def links_create_missing(request: HttpRequest, slug: str) -> HttpResponse:
    """A link for every player without an account who has none yet."""
    tournament = tournament_for(request, slug, "games.manage_games")
    try:
        n = create_missing_links(tournament, request.user)
    except GameError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, ngettext("%(n)s link created.", "%(n)s links created.", n) % {"n": n})
    return redirect("games:links", slug=tournament.slug)


def links_print(request: HttpRequest, slug: str) -> HttpResponse:
    """A printable sheet: one slip per player with the full private URL and its QR code."""
    tournament = tournament_for(request, slug, "games.manage_games")
    base = base_url(request)
    rows = []
    for lk in active_links(tournament):
        url = link_url(base, lk.token)
        rows.append((lk, url, mark_safe(segno.make(url, error="m", micro=False).svg_inline(  # noqa: S308
            scale=1, border=2, omitsize=True, title=lk.entry.name))))
    return render(request, "games/links_print.html", {"tournament": tournament, "rows": rows,
                                                      "title": _("Submission links")})


SESSION_LINKS = "submission_links"  # {tournament id: token} of the links opened on this phone


# Misses are counted per token prefix (its first characters: someone trying completions of a link
# they saw part of, from any number of addresses) and per address with a far higher limit (a hall's
# phones share one address, and its players mistype).
TOKEN_PREFIX = 8


class _TooManyMisses(Exception):
    """An unknown token asked for once its prefix or its address is over the limit."""


def _count_miss(request: HttpRequest, token: str) -> bool:
    """Count an unknown token on its prefix and its address; True when either is over its limit."""
    window = settings.LINK_LOOKUP_WINDOW
    by_prefix = throttle.count(throttle.key("link-miss-prefix", token[:TOKEN_PREFIX]), window)
    by_address = throttle.count(throttle.key("link-miss-address", client_address(request)), window)
    return by_prefix > settings.LINK_LOOKUP_LIMIT or by_address > settings.LINK_LOOKUP_LIMIT_ADDRESS


def throttled(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A private-link view answers an unknown or revoked token with 404, and with 429 ("too many
    tries") once ``LINK_LOOKUP_LIMIT`` unknown tokens with the same first ``TOKEN_PREFIX`` characters,
    or ``LINK_LOOKUP_LIMIT_ADDRESS`` from one address, were asked for within ``LINK_LOOKUP_WINDOW``
    seconds. A valid token is never refused, whatever others typed: the token itself (256 random
    bits) is what keeps a link private; the count tells a guesser to stop and shows in the logs."""

    @wraps(view)
    def wrapper(request: HttpRequest, token: str, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, token, *args, **kwargs)
        except _TooManyMisses:
            minutes = max(1, settings.LINK_LOOKUP_WINDOW // 60)
            return render(request, "games/link_throttled.html", {"minutes": minutes, "title": _("Too many tries")},
                          status=429)

    return wrapper


def _link_or_404(token: str, request: HttpRequest, remember: bool = True) -> SubmissionLink:
    """The active link ``token`` (404 otherwise, counted as a miss of its prefix and its address; 429
    over a limit); remembered in the phone's session, so that a board card's QR code scanned later
    on the same phone leads to the link's entry page for that game."""
    link = link_by_token(token)
    if link is None:
        if _count_miss(request, token):
            raise _TooManyMisses
        raise Http404("unknown or revoked link")
    if remember:
        known = request.session.get(SESSION_LINKS, {})
        if known.get(str(link.tournament_id)) != link.token:
            request.session[SESSION_LINKS] = {**known, str(link.tournament_id): link.token}
    return link


def remembered_link(request: HttpRequest, tournament: Tournament, entry_ids: tuple[int | None, ...]
                    ) -> SubmissionLink | None:
    """The active link this phone opened for ``tournament``, if its player is one of ``entry_ids``."""
    token = request.session.get(SESSION_LINKS, {}).get(str(tournament.pk))
    link = link_by_token(token) if isinstance(token, str) else None
    if link is None or link.tournament_id != tournament.pk or link.entry_id not in entry_ids:
        return None
    return link


def _link_game(token: str, game_id: int, request: HttpRequest, remember: bool = True
               ) -> tuple[SubmissionLink, Game]:
    """The active link and one of its player's games of a published round; 404 for anything else
    (an unknown or revoked token, a game of another tournament or of another player)."""
    link = _link_or_404(token, request, remember)
    game = get_object_or_404(
        Game.objects.select_related("board__round__tournament", "white", "black"),
        pk=game_id,
    )
    board = game.board
    if (board.round.tournament_id != link.tournament_id or side_of_entry(game, link.entry) is None
            or board.round.is_draft):
        raise Http404("not a game of this link")
    return link, game


@throttled
def link_home(request: HttpRequest, token: str) -> HttpResponse:
    """The link holder's games of published rounds, with result buttons and the opponent's waiting
    results to confirm or reject, as on "My games" (no account needed)."""
    link = _link_or_404(token, request)
    cards = [game_card(g, None, link.entry, link=link) for g in with_card_rows(games_of_entry(link.entry))]
    return render(request, "games/link_home.html", {"link": link, "tournament": link.tournament, "cards": cards,
                                                    "title": _("My games")})


def _link_decision(request: HttpRequest, token: str, pk: int, confirm: bool) -> HttpResponse:
    """The link holder confirms or rejects the opponent's waiting result (404 for anything not theirs
    to see: another tournament's or another player's game)."""
    link = _link_or_404(token, request, remember=False)
    sub = get_object_or_404(ResultSubmission.objects.select_related(
        "game__board__round__tournament", "game__white", "game__black"), pk=pk)
    game = sub.game
    if (game.board.round.tournament_id != link.tournament_id or side_of_entry(game, link.entry) is None
            or game.board.round.is_draft):
        raise Http404("not a game of this link")
    try:
        if confirm:
            confirm_submission(sub, None, link=link)
            messages.success(request, _("Result %(result)s confirmed.") % {"result": sub.result})
        else:
            reject_submission(sub, None, link=link)
            messages.success(request, _("Submission %(result)s rejected.") % {"result": sub.result})
    except GameError as exc:
        messages.error(request, exc.message)
    return back(request, reverse("games:link_home", args=[link.token]))


@require_POST
@throttled
def link_confirm(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    return _link_decision(request, token, pk, confirm=True)


@require_POST
@throttled
def link_reject(request: HttpRequest, token: str, pk: int) -> HttpResponse:
    return _link_decision(request, token, pk, confirm=False)


@require_POST
@throttled
def link_claim(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    """The link holder claims a draw (or offers one), judged like a signed-in player's claim."""
    link, game = _link_game(token, game_id, request, remember=False)
    claim_view(request, game, None, link=link)
    return back(request, reverse("games:link_submit", args=[link.token, game.pk]))


@throttled
def link_submit(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    """GET: the link holder's entry page for one game (moves validated as typed, board, result buttons);
    POST: submit the result and moves (pending until the opponent or an arbiter confirms)."""
    link, game = _link_game(token, game_id, request)
    if request.method == "POST":
        if "reason" in request.POST:
            return _link_correction(request, link, game)
        form = ResultForm(request.POST)
        if form.is_valid():
            d = form.cleaned_data
            moves = d["moves"] if "moves" in request.POST else None
            try:
                sub = submit_result(game, d["result"], link=link, moves=moves, termination=d["termination"])
                messages.success(request, sent_message(sub))
                return back(request, reverse("games:link_home", args=[link.token]))
            except GameError as exc:
                messages.error(request, exc.message)
        else:
            form_errors(request, form)
        return back(request, reverse("games:link_submit", args=[link.token, game.pk]))
    subs = list(game.submissions.select_related("submitted_for"))
    entry = entry_context(request, game, submissions=subs, entry=link.entry, arbiter=False,
                          submit_url=reverse("games:link_submit", args=[link.token, game.pk]),
                          check_url=reverse("games:link_check", args=[link.token, game.pk]),
                          board_url=reverse("games:link_board", args=[link.token, game.pk]),
                          save_moves_url=reverse("games:link_save_moves", args=[link.token, game.pk]))
    card = game_card(game, None, link.entry, link=link)
    return render(request, "games/link_game.html", {
        "link": link, "tournament": link.tournament, "game": game, "card": card, "arbiter": False,
        "form": ResultForm(initial={"moves": entry["initial_moves"]}),
        "claim_form": ClaimForm(), "claim_url": reverse("games:link_claim", args=[link.token, game.pk]),
        "claims": claims_context(game),
        "title": _("Game %(board)s") % {"board": game.board}, **entry,
    })


@require_POST
def link_save_moves(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    """POST: the link holder saves the moves typed so far (no result), for the spectators."""
    link, game = _link_game(token, game_id, request)
    return save_moves_response(request, game, reverse("games:link_submit", args=[link.token, game.pk]), link=link)


def _link_correction(request: HttpRequest, link: SubmissionLink, game: Game) -> HttpResponse:
    """A link holder asks the arbiter for a correction (the result is confirmed or the round finished)."""
    form = CorrectionForm(request.POST)
    if not form.is_valid():
        form_errors(request, form)
    else:
        d = form.cleaned_data
        try:
            request_correction(game, d["result"], d["reason"], link=link,
                               moves=d["moves"] if "moves" in request.POST else None)
            messages.success(request, _("Your request went to the arbiter, who will accept or refuse it."))
        except GameError as exc:
            messages.error(request, exc.message)
    return back(request, reverse("games:link_submit", args=[link.token, game.pk]))


@require_POST
@throttled
def link_check(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    """POST (htmx): the same live validation as for signed-in players, for a link holder's game."""
    link, game = _link_game(token, game_id, request, remember=False)
    return check_response(request, game, reverse("games:link_board", args=[link.token, game.pk]), link.entry)


@require_POST
@throttled
def link_board(request: HttpRequest, token: str, game_id: int) -> HttpResponse:
    """POST (htmx): the board after a ply of the moves being typed on the link's entry page."""
    link, game = _link_game(token, game_id, request, remember=False)
    return posted_board_response(request, game, reverse("games:link_board", args=[link.token, game.pk]),
                                 link.entry)
