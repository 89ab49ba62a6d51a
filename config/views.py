"""Site-wide views: home, staff status page, health check."""

from __future__ import annotations

from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.core.cache import cache
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from tournaments.models import Tournament


def home(request: HttpRequest) -> HttpResponse:
    tournaments = Tournament.objects.filter(is_public=True).order_by("-start_date", "name")[:50]
    mine = []
    if request.user.is_authenticated:
        mine = list(
            Tournament.objects.filter(roles__user=request.user).distinct().order_by("-start_date", "name")[:50]
        )
    return render(request, "home.html", {"tournaments": tournaments, "my_tournaments": mine})


def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers and the container healthcheck: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("ok", content_type="text/plain")


def task_mode() -> dict[str, object]:
    """Inline (eager) tasks, or the workers that answer a ping."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"mode": "inline", "workers": [], "ok": True}
    from config.celery import app

    try:
        replies = app.control.inspect(timeout=1.0).ping() or {}
    except Exception as exc:  # the broker is down: say so instead of failing the page
        return {"mode": "broker", "workers": [], "ok": False, "error": str(exc)}
    return {"mode": "broker", "workers": sorted(replies), "ok": bool(replies)}


def cache_status() -> dict[str, object]:
    backend = settings.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1]
    try:
        cache.set("status-probe", "1", 5)
        ok = cache.get("status-probe") == "1"
    except Exception as exc:
        return {"backend": backend, "ok": False, "error": str(exc)}
    return {"backend": backend, "ok": ok}


@staff_member_required
def status(request: HttpRequest) -> HttpResponse:
    data = {
        "database": {"engine": connection.vendor, "name": str(settings.DATABASES["default"]["NAME"])},
        "tasks": task_mode(),
        "cache": cache_status(),
    }
    if request.GET.get("format") == "json":
        return JsonResponse(data)
    return render(request, "status.html", {"status": data, "title": _("System status")})
