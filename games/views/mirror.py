"""The hall laptop mirrored to this server (issue 30.3): the chief arbiter's mirror keys, and the push
endpoint the laptop's ``manage.py mirror`` calls."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.services import GameError
from games.services.mirror import MAX_PUSH_BYTES, MirrorRefused, create_token, receive, revoke_token
from tournaments.access import tournament_for
from tournaments.models import MirrorToken
from tournaments.services.site_address import base_url


def mirror_keys(request: HttpRequest, slug: str) -> HttpResponse:
    """The chief arbiter's mirror keys: create one (shown once), revoke one."""
    tournament = tournament_for(request, slug, "tournaments.appoint_arbiter")
    shown = None
    if request.method == "POST":
        try:
            if request.POST.get("action") == "revoke":
                row = get_object_or_404(MirrorToken, tournament=tournament, pk=request.POST.get("key") or 0)
                revoke_token(row, request.user)
                messages.success(request, _("The key %(hint)s… is revoked: its laptop can no longer send.")
                                 % {"hint": row.hint})
                return redirect("games:mirror_keys", slug=tournament.slug)
            _row, shown = create_token(tournament, request.user, request.POST.get("label", ""))
        except GameError as exc:
            messages.error(request, exc.message)
            return redirect("games:mirror_keys", slug=tournament.slug)
    return render(request, "games/mirror_keys.html", {
        "tournament": tournament, "keys": MirrorToken.objects.filter(tournament=tournament), "shown": shown,
        "server": base_url(request), "max_mb": MAX_PUSH_BYTES // (1024 * 1024)})


@csrf_exempt  # a machine's call, authenticated by its mirror key (no session, no cookie)
@require_POST
def push(request: HttpRequest) -> HttpResponse:
    """Receive a laptop's push: ``Authorization: Bearer <key>``, the tournament archive (zip) as the body.
    Answers JSON: ``{"changed", "lines", "version"}``, or ``{"error"}`` with 400/403/409/413/429."""
    header = request.headers.get("Authorization", "")
    token = header[7:].strip() if header.startswith("Bearer ") else ""
    declared = request.headers.get("Content-Length", "")
    if declared.isdigit() and int(declared) > MAX_PUSH_BYTES:
        return JsonResponse({"error": _("A push is at most %(mb)s MB.") % {"mb": MAX_PUSH_BYTES // (1024 * 1024)}},
                            status=413)
    body = request.read(MAX_PUSH_BYTES + 1)
    try:
        received = receive(token, body)
    except MirrorRefused as exc:
        return JsonResponse({"error": exc.message}, status=exc.status)
    return JsonResponse({"changed": received.changed, "lines": received.lines, "version": received.version})
