"""Document downloads: always served from the stored file (built first when missing or stale).

For the public the crosstable follows ``public_crosstable``, the pairing list
``public_pairings``; score sheets are for the arbiters of the tournament
(``tournaments.manage_tournament``), who also get the others whatever the switches.
"""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest

from tournaments.access import require
from tournaments.public.views import public_tournament
from tournaments.services.documents import ROUND_KINDS, DocumentError, current_document
from tournaments.services.site_address import base_url

PAGE_FOR_KIND = {"crosstable": "crosstable", "pairings": "pairings", "scoresheets": None,
                 # A team event's (issue 27): its crosstable, and its match sheets with its pairings.
                 "teamcrosstable": "crosstable", "matchsheets": "pairings"}


def document(request: HttpRequest, slug: str, kind: str, number: int | None = None) -> FileResponse:
    """The PDF ``kind`` of the tournament (``number``: the round, for round documents)."""
    # Imported here: building documents pulls in reportlab, which loading the URLconf need not.

    if kind not in PAGE_FOR_KIND:
        raise Http404(f"unknown document {kind!r}")
    t = public_tournament(request, slug)
    # The tournament's arbiters get every document whatever the public switches: the crosstable
    # is what the chief arbiter signs and sends to the federation, public or not.
    if not request.user.has_perm("tournaments.manage_tournament", t):
        if kind == "scoresheets":
            require(request, "tournaments.manage_tournament", t)
        public_tournament(request, slug, PAGE_FOR_KIND[kind])
    if kind in ROUND_KINDS and number is None:
        raise Http404("a round number is needed")
    try:
        doc = current_document(t, kind, number, base_url(request))
    except DocumentError as exc:
        raise Http404(str(exc)) from exc
    name = f"{t.slug}-{kind}" + (f"-r{number}" if kind in ROUND_KINDS else "") + ".pdf"
    response = FileResponse(doc.file.open("rb"), content_type="application/pdf", filename=name)
    response["Cache-Control"] = "no-cache"
    return response
