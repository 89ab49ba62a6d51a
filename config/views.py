"""Site-wide views: home, staff status page (with a task self-test), health check."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

import redis
from django.conf import settings
from django.core.cache import cache, caches
from django.core.exceptions import PermissionDenied
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from config.celery import app
from tournaments.access import LoginRequired
from tournaments.models import Role, TaskRun, Tournament
from tournaments.services.registration import link_requests_of

from .tasks import SELFTEST_KIND, queue_selftest

View = Callable[..., HttpResponse]


def staff_required(view: View) -> View:
    """Anonymous users go to the login page; signed-in users who are not staff get 403."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        if not request.user.is_authenticated:
            raise LoginRequired
        if not request.user.is_staff:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped


def home(request: HttpRequest) -> HttpResponse:
    """Public tournaments; the signed-in user's own (games, arbiting) come from ``nav`` in the template,
    and the requests of arbiters to link their account to a player (to accept or decline) from here."""
    tournaments = Tournament.objects.filter(is_public=True).order_by("-start_date", "name")[:50]
    return render(request, "home.html", {"tournaments": tournaments,
                                         "link_requests": link_requests_of(request.user)})


def _database_state() -> tuple[bool, str]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as exc:
        return False, str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return True, connection.vendor


def _cache_state() -> tuple[bool, str]:
    backend = caches["default"]
    available = getattr(backend, "available", None)
    if available is None:
        return True, type(backend).__name__
    if available():
        return True, "redis"
    return False, f"redis: {getattr(backend, 'last_error', '')}; pages and standings are computed from the database"


def _broker_state() -> tuple[bool, str]:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return True, "inline"
    url = settings.CELERY_BROKER_URL
    if not url.startswith(("redis://", "rediss://")):
        return True, "not checked"
    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5, socket_timeout=0.5).ping()
    except (redis.RedisError, OSError) as exc:
        return False, f"redis: {exc}; documents are built on download, background jobs cannot be started"
    return True, "redis"


def healthz(request: HttpRequest) -> HttpResponse:
    """For load balancers, monitors and the container healthcheck. First line ``ok`` (200) while the
    database answers: the site works, also without Redis; ``unavailable`` (503) when it does not. Then
    one line per service (``database``, ``cache``, ``broker``: ``ok`` or ``down`` with the reason), and
    the header ``X-Health`` names what is down (``degraded: cache, broker``). ``?format=json`` for machines."""
    states = {"database": _database_state(), "cache": _cache_state(), "broker": _broker_state()}
    down = [name for name, (ok, _detail) in states.items() if not ok]
    serving = states["database"][0]
    status = 200 if serving else 503
    if request.GET.get("format") == "json":
        response: HttpResponse = JsonResponse(
            {"status": "ok" if serving else "unavailable", "down": down,
             "services": {name: {"ok": ok, "detail": detail} for name, (ok, detail) in states.items()}},
            status=status)
    else:
        lines = ["ok" if serving else "unavailable"]
        lines += [f"{name}: {'ok' if ok else 'down'} ({detail})" for name, (ok, detail) in states.items()]
        response = HttpResponse("\n".join(lines) + "\n", content_type="text/plain", status=status)
    response["X-Health"] = f"degraded: {', '.join(down)}" if down else "ok"
    response["Cache-Control"] = "no-store"
    return response


def task_mode() -> dict[str, object]:
    """Inline (eager) tasks, or the workers that answer a ping within a second."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return {"mode": "inline", "workers": [], "ok": True}

    try:
        replies = app.control.inspect(timeout=1.0).ping() or {}
    except Exception as exc:  # the broker is down: say so instead of failing the page
        return {"mode": "broker", "workers": [], "ok": False, "error": str(exc)}
    return {"mode": "broker", "workers": sorted(replies), "ok": bool(replies)}


def cache_status() -> dict[str, object]:
    """The cache backend's class name and whether a value written can be read back."""
    backend = str(settings.CACHES["default"]["BACKEND"]).rsplit(".", 1)[-1]
    try:
        cache.set("status-probe", "1", 5)
        ok = cache.get("status-probe") == "1"
    except Exception as exc:
        return {"backend": backend, "ok": False, "error": str(exc)}
    return {"backend": backend, "ok": ok}


def _run_json(run: TaskRun) -> dict[str, object]:
    return {
        "id": run.pk,
        "kind": run.kind,
        "status": run.status,
        "progress": run.progress,
        "report": run.report,
        "created_at": run.created_at.isoformat(),
        "updated_at": run.updated_at.isoformat(),
    }


@staff_required
def status(request: HttpRequest) -> HttpResponse:
    """Database engine, task mode and cache; the latest self-test runs. ``?format=json`` for machines."""
    data: dict[str, object] = {
        "database": {"engine": connection.vendor, "name": str(settings.DATABASES["default"]["NAME"])},
        "tasks": task_mode(),
        "cache": cache_status(),
    }
    runs = list(TaskRun.objects.filter(kind=SELFTEST_KIND).order_by("-created_at", "-id")[:5])
    if request.GET.get("format") == "json":
        data["selftests"] = [_run_json(run) for run in runs]
        return JsonResponse(data)
    return render(request, "status.html", {"status": data, "runs": runs, "title": _("System status")})


@staff_required
@require_POST
def status_selftest(request: HttpRequest) -> HttpResponse:
    """Queue the self-test task; the status page (or its JSON) then shows whether it ran."""
    run = queue_selftest(request.user)
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse({"id": run.pk, "url": f"{request.path}{run.pk}/"}, status=202)
    return redirect("status")


@staff_required
def status_selftest_detail(request: HttpRequest, pk: int) -> JsonResponse:
    """One self-test run as JSON (polled by the integration test and by scripts)."""
    run = get_object_or_404(TaskRun, pk=pk, kind=SELFTEST_KIND)
    return JsonResponse(_run_json(run))


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """The 403 page, naming who can grant access: on a tournament's page its chief arbiter(s);
    elsewhere the site's administrators (staff)."""
    match = getattr(request, "resolver_match", None)
    slug = match.kwargs.get("slug") if match is not None else None
    tournament = Tournament.objects.filter(slug=slug).first() if isinstance(slug, str) else None
    chiefs: list[str] = []
    if tournament is not None:
        roles = tournament.roles.filter(kind=Role.Kind.CHIEF_ARBITER).select_related("user").order_by("user_id")
        chiefs = [r.user.get_full_name() or r.user.get_username() for r in roles]
    return render(request, "403.html", {"denied_tournament": tournament, "chiefs": chiefs}, status=403)
