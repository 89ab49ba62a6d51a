"""Sign-in with a limit on failed attempts, per client address and per username.

After ``settings.LOGIN_RATE_LIMIT`` failed attempts within ``settings.LOGIN_RATE_WINDOW``
seconds from one address, or for one username, further attempts are refused (HTTP 429)
without checking the password, until the window has passed. Counters live in the cache
(local memory by default, Redis when ``REDIS_URL`` is set, shared by all web processes).
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _


def client_address(request: HttpRequest) -> str:
    """The client's address: ``REMOTE_ADDR``, or the header the reverse proxy sets (``REAL_IP_HEADER``)."""
    header = getattr(settings, "REAL_IP_HEADER", "")
    if header:
        value: str = request.META.get(header, "")
        if value:
            # X-Forwarded-For may hold a chain; the proxy appends the address it saw last.
            return value.split(",")[-1].strip()
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def _keys(request: HttpRequest, username: str) -> list[str]:
    # Hash the username: cache keys must be short and free of control characters.
    digest = hashlib.sha256(username.strip().lower().encode("utf-8")).hexdigest()[:32]
    return [f"login-fail:ip:{client_address(request)}", f"login-fail:user:{digest}"]


def is_blocked(request: HttpRequest, username: str) -> bool:
    """True if the address or the username has used up its failed attempts."""
    limit = settings.LOGIN_RATE_LIMIT
    return any((cache.get(key) or 0) >= limit for key in _keys(request, username))


def note_failure(request: HttpRequest, username: str) -> None:
    """Count one failed attempt for the address and for the username."""
    window = settings.LOGIN_RATE_WINDOW
    for key in _keys(request, username):
        if not cache.add(key, 1, window):
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, window)


def clear_failures(request: HttpRequest, username: str) -> None:
    """Forget the username's failures after a successful sign-in (the address keeps its count)."""
    cache.delete(_keys(request, username)[1])


class RateLimitedLoginView(LoginView):
    """Django's login view, refusing attempts once the failure limit is reached."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        username = request.POST.get("username", "")
        if is_blocked(request, username):
            # The password is not checked at all: a blocked attempt learns nothing.
            form = self.get_form_class()(request, initial={"username": username})
            message = _(
                "Too many failed sign-in attempts. For your security, signing in is paused for "
                "%(minutes)d minutes. Please try again later."
            ) % {"minutes": max(1, settings.LOGIN_RATE_WINDOW // 60)}
            context = self.get_context_data(form=form, blocked_message=message)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form: AuthenticationForm) -> HttpResponse:
        note_failure(self.request, self.request.POST.get("username", ""))
        return super().form_invalid(form)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        clear_failures(self.request, self.request.POST.get("username", ""))
        return super().form_valid(form)
