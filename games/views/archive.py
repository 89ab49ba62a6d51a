"""Tournament archives on the web: the arbiters' download, and the upload page (staff, or a chief
arbiter updating their own event). The work is done by ``games.services.archive``; an upload is
imported by a background task (``games.tasks.import_archive_task``) whose progress and report the
status page shows."""

from __future__ import annotations

import uuid
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.files.storage import default_storage
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games.forms import ArchiveUploadForm
from games.services.archive import archive_filename, export_archive, export_with_email
from games.services.archive_zip import MAX_ZIP_BYTES, ArchiveError, check_zip
from games.tasks import ARCHIVE_IMPORT, queue_archive_import, task_progress
from tournaments.access import LoginRequired, tournament_for
from tournaments.models import Role, TaskRun, Tournament
from tournaments.permissions import is_chief_arbiter


def export(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament archive (zip) for the tournament's arbiters, without e-mail addresses; POST with
    ``include_email`` and a ``reason``: with them, for the chief arbiter only, the reason audited."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    if request.method == "POST":
        if not is_chief_arbiter(request.user, tournament):
            raise PermissionDenied
        if request.POST.get("include_email") != "on":
            data = export_archive(tournament)
        else:
            try:
                data = export_with_email(tournament, request.user, request.POST.get("reason", ""))
            except ArchiveError as exc:
                return render(request, "games/archive_email_refused.html",
                              {"tournament": tournament, "error": str(exc), "title": _("Export archive")}, status=400)
    else:
        data = export_archive(tournament)
    response = HttpResponse(data, content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{archive_filename(tournament)}"'
    response["Cache-Control"] = "no-store"
    return response


def _may_open(user: Any) -> bool:
    return bool(user.has_perm("tournaments.create_tournament")
                or Role.objects.filter(user=user, kind=Role.Kind.CHIEF_ARBITER).exists())


def upload(request: HttpRequest) -> HttpResponse:
    """GET: the upload form; POST: check the zip's outline at once, then import it in the background
    and show its progress (the permission to import is checked by the task, on the document)."""
    if not request.user.is_authenticated:
        raise LoginRequired
    if not _may_open(request.user):
        raise PermissionDenied
    error = ""
    form = ArchiveUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        sent = form.cleaned_data["file"]
        try:
            if sent.size > MAX_ZIP_BYTES:
                raise ArchiveError(_("The file is larger than %(mb)s MB.") % {"mb": MAX_ZIP_BYTES // (1024 * 1024)})
            check_zip(sent.file)
            sent.seek(0)
        except ArchiveError as exc:
            error = str(exc)
        else:
            path = default_storage.save(f"archive-imports/{uuid.uuid4().hex}.zip", sent)
            with transaction.atomic():
                run = TaskRun.objects.create(kind=ARCHIVE_IMPORT, created_by=request.user,
                                             report={"source": path, "file": str(sent.name)[:200]})
                queue_archive_import(run)
            return redirect("games:archive_import_status", task_id=run.pk)
    past = TaskRun.objects.filter(kind=ARCHIVE_IMPORT, created_by=request.user).order_by("-created_at")[:10]
    return render(request, "games/archive_import.html", {
        "form": form, "error": error, "past": past,
        "max_mb": MAX_ZIP_BYTES // (1024 * 1024), "title": _("Import a tournament archive"),
    }, status=400 if error else 200)


def status(request: HttpRequest, task_id: int) -> HttpResponse:
    """An archive import's progress (polled while it runs) and its report: for whoever started it, and staff."""
    if not request.user.is_authenticated:
        raise LoginRequired
    run = get_object_or_404(TaskRun, pk=task_id, kind=ARCHIVE_IMPORT)
    if run.created_by_id != request.user.pk and not request.user.is_staff:
        raise PermissionDenied
    progress, message = task_progress(run)
    tournament = Tournament.objects.filter(pk=run.tournament_id).first() if run.tournament_id else None
    template = ("games/_archive_progress.html" if request.headers.get("HX-Request")
                else "games/archive_import_status.html")
    return render(request, template, {
        "run": run, "progress": progress, "message": message, "tournament": tournament,
        "lines": (run.report or {}).get("lines", []), "title": _("Import a tournament archive"),
    })
