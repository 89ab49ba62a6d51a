"""Rounds: pair the next round (inline or as a task), preview with reasons and warnings, edit, publish, unpair."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.access import tournament_for
from tournaments.audit import Actor
from tournaments.forms import PairForm, SwapPlayersForm
from tournaments.models import Board, Round, TaskRun
from tournaments.reports.mirror import mirror_status
from tournaments.reports.reasons import BoardWhy, round_why
from tournaments.reports.rounds import boards_with_results, micro_match_text
from tournaments.reports.teams import round_matches
from tournaments.services import openings as opening_service
from tournaments.services import pairing as pairing_service
from tournaments.services import rounds as round_service
from tournaments.services import teams as team_service
from tournaments.services.documents import DocumentError, board_cards, build_ballot_sheet
from tournaments.services.errors import ServiceError
from tournaments.services.site_address import base_url
from tournaments.services.teams import is_team_event, line_up_deadline
from tournaments.tasks import start_pairing

from .common import attempt, refuse


def round_list(request: HttpRequest, slug: str) -> HttpResponse:
    """All rounds (drafts included) with the “pair next round” form."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    rounds = list(tournament.rounds.order_by("number"))
    running = TaskRun.objects.filter(
        tournament=tournament, kind="pair_round", status__in=(TaskRun.Status.QUEUED, TaskRun.Status.RUNNING)
    ).first()
    draft = rounds[-1] if rounds and rounds[-1].status == Round.Status.DRAFT else None
    refused = ""
    if draft is None:
        try:  # a finished event (every round paired) offers no "pair the next round"
            pairing_service.check_can_pair(tournament, (rounds[-1].number if rounds else 0) + 1)
        except ServiceError as exc:
            refused = exc.message
    return render(
        request,
        "tournaments/manage/rounds.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "draft": draft,
            "refused": refused,
            "pair_form": PairForm(),
            "running": running,
            "can_pair": request.user.has_perm("tournaments.pair_round", tournament),
        },
    )


@require_POST
def pair(request: HttpRequest, slug: str) -> HttpResponse:
    """Pair the next round as a draft; large fields go to a background task with a progress page."""
    tournament = tournament_for(request, slug, "tournaments.pair_round")
    form = PairForm(request.POST)
    override = form.is_valid() and form.cleaned_data["override"]
    try:
        outcome = start_pairing(tournament, request.user, override=override)
    except ServiceError as exc:
        refuse(request, exc)
        return redirect("tournaments:rounds", slug=slug)
    if isinstance(outcome, TaskRun):
        return redirect("tournaments:task", slug=slug, task_id=outcome.pk)
    for warning in outcome.warnings:
        messages.warning(request, warning)
    messages.success(request, _("Round %(n)s paired as a draft: check it, then publish.") % {"n": outcome.round.number})
    return redirect("tournaments:round", slug=slug, number=outcome.round.number)


def round_detail(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Preview of a round: each board with the engine's reasons and the arbiter's warnings."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    is_draft = rnd.status == Round.Status.DRAFT
    # A team round: its matches, each with its board games (the games exist once it is published).
    matches = round_matches(tournament, number, published_only=False) if is_team_event(tournament) else None
    # A published or finished round shows each board's confirmed result (the read model's one query).
    boards = list(rnd.boards.select_related("white", "black").order_by("number") if is_draft
                  else boards_with_results(tournament).filter(round=rnd))
    is_published = rnd.status == Round.Status.PUBLISHED
    latest = tournament.rounds.order_by("-number").first()
    names = {e.start_number: e.name for b in boards for e in (b.white, b.black)
             if e is not None and e.start_number is not None}
    why = round_why([(b.pk, b.reasons) for b in boards], names)
    micro = tournament.games_per_pairing > 1 and not is_draft
    for b in boards:
        b.why = why.boards.get(b.pk, BoardWhy())  # type: ignore[attr-defined]
        if micro and not b.bye_kind:
            games = [b.confirmed_result, b.second_result]  # type: ignore[attr-defined]  # boards_with_results
            b.micro = {"score": micro_match_text(games, tournament), "games": games}  # type: ignore[attr-defined]
    return render(
        request,
        "tournaments/manage/round.html",
        {
            "tournament": tournament,
            "round": rnd,
            "boards": boards,
            "matches": matches,
            "why_common": why.common,
            "is_draft": is_draft,
            "is_published": is_published,
            "n_missing": len(round_service.unfinished_boards(rnd)) if is_published else 0,
            "is_latest": latest is not None and latest.pk == rnd.pk,
            "n_warnings": sum(1 for b in boards if b.warnings),
            "away": round_service.paired_but_away(tournament, rnd) if is_draft else [],
            "swap_form": SwapPlayersForm(),
            "can_pair": request.user.has_perm("tournaments.pair_round", tournament),
            "can_publish": request.user.has_perm("tournaments.publish", tournament),
            "site_address": base_url(request),
            "has_openings": bool(rnd.opening_deck) or any(b.opening for b in boards),
            "can_draw": is_draft and bool(tournament.opening_deck)
            and request.user.has_perm("tournaments.pair_round", tournament),
            "mirrors": mirror_status(tournament),
            "deadline": line_up_deadline(tournament, rnd) if matches is not None else None,
            "starts_at": (timezone.localtime(rnd.starts_at).strftime("%Y-%m-%dT%H:%M") if rnd.starts_at else ""),
        },
    )


@require_POST
def round_start(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Set or clear a round's start time (``starts_at``, the browser's ``datetime-local`` value in the
    site's time zone; empty clears it): a team event's line-up deadline counts from it."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    raw = request.POST.get("starts_at", "").strip()
    when = None
    if raw:
        try:
            when = timezone.make_aware(datetime.datetime.fromisoformat(raw)) if len(raw) <= 25 else None
        except ValueError:
            when = None
        if when is None:
            messages.error(request, _("“%(value)s” is not a date and time (e.g. 2026-11-28 19:30).")
                           % {"value": raw[:25]})
            return redirect("tournaments:round", slug=slug, number=number)
    team_service.set_round_start(request.user, rnd, when)
    messages.success(request, _("Saved."))
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
def draw_openings(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Draw the openings of a draft round again (a new seed; audited)."""
    tournament = tournament_for(request, slug, "tournaments.pair_round")
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    attempt(request, lambda: opening_service.draw_openings(request.user, rnd),
            _("The openings of round %(n)s were drawn.") % {"n": number})
    return redirect("tournaments:round", slug=slug, number=number)


def ballot_sheet(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's ballot sheet to print: the deck, the seed and each pairing's opening (moves or set-up and
    the position), drafts included (it is printed before the round)."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    return render(request, "tournaments/manage/ballot_sheet.html", {
        "tournament": tournament, "round": rnd, "rows": opening_service.ballot_rows(rnd),
        "deck_title": opening_service.round_deck_label(rnd),
        "can_draw": rnd.is_draft and bool(tournament.opening_deck)
        and request.user.has_perm("tournaments.pair_round", tournament),
    })


def ballot_sheet_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's ballot sheet as an A4 PDF to print before the round (drafts included)."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    response = HttpResponse(build_ballot_sheet(tournament, rnd), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{tournament.slug}-ballot-sheet-r{number}.pdf"'
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
def swap_colours(request: HttpRequest, slug: str, number: int, board: int) -> HttpResponse:
    tournament = tournament_for(request, slug, "tournaments.pair_round")
    b = get_object_or_404(Board, round__tournament=tournament, round__number=number, number=board)
    try:
        b = round_service.swap_colours(request.user, b)
    except ServiceError as exc:
        refuse(request, exc)
    else:
        for w in b.warnings:
            messages.warning(request, w)
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
def swap_players(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Exchange two players' places in a draft round; the new warnings are shown."""
    tournament = tournament_for(request, slug, "tournaments.pair_round")
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    form = SwapPlayersForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give two start numbers."))
        return redirect("tournaments:round", slug=slug, number=number)
    try:
        touched = round_service.swap_players(request.user, rnd, form.cleaned_data["first"], form.cleaned_data["second"])
    except ServiceError as exc:
        refuse(request, exc)
    else:
        messages.success(request, _("Players exchanged."))
        for b in touched:
            b.refresh_from_db()
            for w in b.warnings:
                messages.warning(request, w)
    return redirect("tournaments:round", slug=slug, number=number)


def _sign_off(
    request: HttpRequest, slug: str, number: int, service: Callable[[Actor, Round], Round], done: str
) -> HttpResponse:
    """Run ``service(actor, round)`` (publish or finish, both under the publish permission)."""
    tournament = tournament_for(request, slug, "tournaments.publish")
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    attempt(request, lambda: service(request.user, rnd), done % {"n": number})
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
def publish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Publish a draft round: players and the public see it."""
    return _sign_off(request, slug, number, round_service.publish_round, _("Round %(n)s published."))


@require_POST
def finish(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Sign a published round off as finished (refused, with the boards, while results are missing)."""
    return _sign_off(request, slug, number, round_service.finish_round, _("Round %(n)s finished."))


@require_POST
def pair_again(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Unpair the latest draft round and pair it again (the roll call or a withdrawal changed who plays)."""
    tournament = tournament_for(request, slug, "tournaments.pair_round")
    latest = tournament.rounds.order_by("-number").first()
    if latest is None or latest.number != number:
        messages.error(request, _("Only the latest round can be paired again."))
        return redirect("tournaments:round", slug=slug, number=number)
    try:
        outcome = pairing_service.pair_again(tournament, request.user, override=bool(request.POST.get("override")))
    except ServiceError as exc:
        refuse(request, exc)
        return redirect("tournaments:round", slug=slug, number=number)
    for warning in outcome.warnings:
        messages.warning(request, warning)
    messages.success(request, _("Round %(n)s paired again as a draft: check it, then publish.") % {"n": number})
    return redirect("tournaments:round", slug=slug, number=number)


@require_POST
def unpair(request: HttpRequest, slug: str) -> HttpResponse:
    """Delete the latest round while it is a draft."""
    tournament = tournament_for(request, slug, "tournaments.pair_round")
    try:
        n = round_service.unpair_round(request.user, tournament)
    except ServiceError as exc:
        refuse(request, exc)
    else:
        messages.success(request, _("Round %(n)s unpaired.") % {"n": n})
    return redirect("tournaments:rounds", slug=slug)


def task(request: HttpRequest, slug: str, task_id: int) -> HttpResponse:
    """Progress of a background pairing; htmx polls the partial until it is done."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    run = get_object_or_404(TaskRun, pk=task_id, tournament=tournament)
    context = {"tournament": tournament, "run": run, "finished": run.status in ("done", "failed")}
    if getattr(request, "htmx", False):
        return render(request, "tournaments/manage/_task_progress.html", context)
    return render(request, "tournaments/manage/task.html", context)


def board_cards_pdf(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """The round's board cards (A4 PDF): a QR code per board to its result page on this site's address."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    try:
        data = board_cards(tournament, number, base_url(request))
    except DocumentError as exc:
        raise Http404(str(exc)) from exc
    response = HttpResponse(data, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}-board-cards-r{number}.pdf"'
    response["Cache-Control"] = "no-cache"
    return response
