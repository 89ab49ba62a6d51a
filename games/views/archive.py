"""Tournament archives on the web: the arbiters' download, and the upload page (staff, or a chief
arbiter updating their own event). The work is done by ``games.services.archive``."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.forms import ArchiveUploadForm
from games.services.archive import archive_filename, export_archive, import_archive, may_import
from games.services.archive_zip import MAX_ZIP_BYTES, ArchiveError
from tournaments.access import LoginRequired, tournament_for
from tournaments.models import Role, Tournament


def export(request: HttpRequest, slug: str) -> HttpResponse:
    """The tournament archive (zip) for the tournament's arbiters."""
    tournament = tournament_for(request, slug, "tournaments.manage_tournament")
    response = HttpResponse(export_archive(tournament), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{archive_filename(tournament)}"'
    response["Cache-Control"] = "no-store"
    return response


def _may_open(user: Any) -> bool:
    return bool(user.has_perm("tournaments.create_tournament")
                or Role.objects.filter(user=user, kind=Role.Kind.CHIEF_ARBITER).exists())


def upload(request: HttpRequest) -> HttpResponse:
    """GET: the upload form; POST: import the archive and show the report (or what is wrong)."""
    if not request.user.is_authenticated:
        raise LoginRequired
    if not _may_open(request.user):
        raise PermissionDenied
    report = None
    error = ""
    tournament = None
    form = ArchiveUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        sent = form.cleaned_data["file"]
        if sent.size > MAX_ZIP_BYTES:
            error = _("The file is larger than %(mb)s MB.") % {"mb": MAX_ZIP_BYTES // (1024 * 1024)}
        else:
            def check(doc: dict[str, Any]) -> None:
                if not may_import(request.user, doc):
                    raise ArchiveError(_("You may not import this archive: a chief arbiter updates only their "
                                         "own tournament; creating one needs the right to create tournaments."))

            try:
                report = import_archive(sent.read(), request.user, check=check)
                tournament = Tournament.objects.filter(slug=report.slug).first()
            except ArchiveError as exc:
                error = str(exc)
    return render(request, "games/archive_import.html", {
        "form": form, "report": report, "error": error, "tournament": tournament,
        "max_mb": MAX_ZIP_BYTES // (1024 * 1024), "title": _("Import a tournament archive"),
    }, status=400 if error else 200)
