"""PDN upload (with progress and a kept report), resolving doubtful matches, and PDN downloads."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.forms import PdnUploadForm
from games.services import GameError
from games.services.pdn_export import export_games, round_games, tournament_games
from games.services.pdn_import import resolve_game
from games.tasks import PDN_IMPORT, queue_pdn_import
from games.views.common import game_for, may_view, whole_number
from tournaments.access import tournament_for
from tournaments.models import Board, Round, TaskRun, Tournament
from tournaments.permissions import is_arbiter

MAX_UPLOAD = 20 * 1024 * 1024


def import_pdn(request: HttpRequest, slug: str) -> HttpResponse:
    """Arbiters upload a PDN file; the import runs as a task and its report stays available."""
    tournament = tournament_for(request, slug, "games.manage_games")
    # Bound on every POST, even an empty one, so that a missing file is reported on the form.
    form = PdnUploadForm(request.POST, request.FILES) if request.method == "POST" else PdnUploadForm()
    if form.is_bound and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            form.add_error("file", _("The file is larger than 20 MB."))
        else:
            path = default_storage.save(f"pdn-imports/{uuid.uuid4().hex}.pdn", ContentFile(upload.read()))
            with transaction.atomic():
                task = TaskRun.objects.create(
                    tournament=tournament, kind=PDN_IMPORT,
                    created_by=request.user if request.user.is_authenticated else None,  # signed in (checked)
                    report={"file": upload.name, "source": path, "round": form.cleaned_data.get("round_number")},
                )
                queue_pdn_import(task)
            return redirect("games:import_status", slug=tournament.slug, task_id=task.pk)
    past = TaskRun.objects.filter(tournament=tournament, kind=PDN_IMPORT)[:20]
    return render(request, "games/import.html", {"tournament": tournament, "form": form, "past": past,
                                                 "title": _("Import PDN")})


def _task(tournament: Tournament, task_id: int) -> TaskRun:
    """The tournament's PDN import ``task_id``, or 404."""
    return get_object_or_404(TaskRun, pk=task_id, tournament=tournament, kind=PDN_IMPORT)


REPORT_PAGE = 100  # report lines per section and page


def _report_page(report: dict[str, Any], page: int) -> tuple[dict[str, Any], bool]:
    """The report with each list cut to ``page`` (0-based) of ``REPORT_PAGE`` lines, and whether more follow."""
    lists = ("stored", "doubtful", "unmatched", "errors")
    start = page * REPORT_PAGE
    cut = {k: (v[start:start + REPORT_PAGE] if k in lists and isinstance(v, list) else v) for k, v in report.items()}
    cut["counts"] = {k: len(report.get(k, [])) for k in lists}
    more = any(len(report.get(k, [])) > start + REPORT_PAGE for k in lists)
    return cut, more


def import_status(request: HttpRequest, slug: str, task_id: int) -> HttpResponse:
    """Progress (polled with htmx while running) and the import report with the games to resolve,
    ``REPORT_PAGE`` lines of each section per page (a file of thousands of games stays a small page)."""
    tournament = tournament_for(request, slug, "games.manage_games")
    task = _task(tournament, task_id)
    page = whole_number(request.GET.get("page")) or 0
    report, more = _report_page(task.report or {}, page)
    boards = {}
    for key in ("doubtful", "unmatched"):
        for item in report.get(key, []):
            number = item.get("round_number")
            if number and number not in boards:
                boards[number] = list(Board.objects.filter(round__tournament=tournament, round__number=number,
                                                           bye_kind="").select_related("white",
                                                                                       "black"))
    # Games without a usable round may go on any board of the tournament.
    needs_any = any(not item.get("round_number") for key in ("doubtful", "unmatched") for item in report.get(key, []))
    any_boards = list(Board.objects.filter(round__tournament=tournament, bye_kind="", black__isnull=False)
                      .select_related("round", "white", "black")
                      .order_by("round__number", "number")) if needs_any else []
    ctx = {"tournament": tournament, "task": task, "report": report, "boards": boards, "any_boards": any_boards,
           "all_rounds": Round.objects.filter(tournament=tournament), "title": _("PDN import"),
           "page": page, "next_page": page + 1 if more else None, "previous_page": page - 1 if page else None}
    template = "games/_import_progress.html" if request.headers.get("HX-Request") else "games/import_status.html"
    return render(request, template, ctx)


@require_POST
def import_resolve(request: HttpRequest, slug: str, task_id: int) -> HttpResponse:
    """The arbiter puts a doubtful or unmatched game on a board."""
    tournament = tournament_for(request, slug, "games.manage_games")
    index, board_id = whole_number(request.POST.get("index")), whole_number(request.POST.get("board"))
    if index is None or board_id is None:
        messages.error(request, _("Choose a board."))
        return redirect("games:import_status", slug=slug, task_id=task_id)
    with transaction.atomic():
        task = TaskRun.objects.select_for_update().get(pk=_task(tournament, task_id).pk)
        report = dict(task.report or {})
        try:
            resolve_game(tournament, report, index, board_id, request.user)
            task.report = report
            task.save(update_fields=["report", "updated_at"])
            messages.success(request, _("Game %(index)d stored.") % {"index": index})
        except GameError as exc:
            messages.error(request, exc.message)
    return redirect("games:import_status", slug=slug, task_id=task_id)


def _pdn_response(text: str, name: str) -> HttpResponse:
    response = HttpResponse(text, content_type="application/x-draughts-pdn; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}.pdn"'
    return response


def _may_export(request: HttpRequest, tournament: Tournament) -> None:
    """Arbiters always; everybody else when the tournament's games are public. ``is_public`` only
    says whether the tournament is listed: an unlisted one stays reachable by its link, like its
    game viewer (``games.view_game``)."""
    if is_arbiter(request.user, tournament):
        return
    if not tournament.public_games:
        raise Http404("games are not public")


def export_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_for(request, game_id, None)
    may_view(request, game)
    name = slugify(f"{game.tournament.slug}-r{game.board.round.number}-b{game.board.number}")
    return _pdn_response(export_games([game]), name)


def export_round(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    tournament = tournament_for(request, slug, None)
    _may_export(request, tournament)
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    if rnd.status == Round.Status.DRAFT and not is_arbiter(request.user, tournament):
        raise Http404("round not published")
    return _pdn_response(export_games(round_games(rnd)), f"{tournament.slug}-round-{number}")


def export_tournament(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug, None)
    _may_export(request, tournament)
    return _pdn_response(export_games(tournament_games(tournament)), tournament.slug)
