"""Sign-in with a limit on failed attempts, per address and username together, and per address.

* ``settings.LOGIN_RATE_LIMIT`` attempts that were not successful within ``settings.LOGIN_RATE_WINDOW``
  seconds for one username from one address pause that username *from that address* (HTTP 429, the
  password is not checked). A stranger guessing from many addresses therefore never locks the real
  user out of their own phone.
* ``settings.LOGIN_RATE_LIMIT_ADDRESS`` attempts from one address, whatever the usernames, pause that
  address (password spraying). It is higher: a club hall's players share one address.
* The username is keyed as Django would compare it after normalisation: NFKC (``ｖera`` is ``vera``),
  case-folded, trimmed.
* Atomic: each attempt is counted *before* the password is checked (``cache.add``/``incr``, atomic in
  Redis and in the local-memory cache), so parallel attempts can never exceed the limit; a successful
  sign-in gives its attempt back and clears its username's count from that address.

Counters live in the cache (local memory by default, Redis when ``REDIS_URL`` is set, shared by all
web processes). A maintained library (django-axes) was considered: it stores attempts in the database
on every request, which the embedded SQLite default would pay for in the hall; this limiter does what
the issue asks with the cache the app already has.
"""

from __future__ import annotations

import unicodedata

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments import throttle
from tournaments.models import Entry
from tournaments.services.errors import ServiceError
from tournaments.services.registration import claim_player as link_player_record
from tournaments.throttle import client_address


def username_key(username: str) -> str:
    """The username as the limiter counts it: NFKC-normalised, case-folded, trimmed."""
    return unicodedata.normalize("NFKC", username).casefold().strip()


def _keys(request: HttpRequest, username: str) -> tuple[str, str]:
    """(address + username, address)."""
    address = client_address(request)
    return throttle.key("login-pair", address, username_key(username)), throttle.key("login-ip", address)


def reserve_attempt(request: HttpRequest, username: str) -> bool:
    """Count one attempt for the pair and the address; False when either is over its limit."""
    pair, address = _keys(request, username)
    window = settings.LOGIN_RATE_WINDOW
    over_pair = throttle.count(pair, window) > settings.LOGIN_RATE_LIMIT
    over_address = throttle.count(address, window) > settings.LOGIN_RATE_LIMIT_ADDRESS
    return not (over_pair or over_address)


def give_back(request: HttpRequest, username: str) -> None:
    """A successful sign-in: its username's count from this address is cleared, the address's attempt
    given back."""
    pair, address = _keys(request, username)
    throttle.forget(pair)
    throttle.give_back(address)


class RateLimitedLoginView(LoginView):
    """Django's login view, refusing attempts once a limit is reached."""

    def post(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponse:
        username = request.POST.get("username", "")
        if not reserve_attempt(request, username):
            # The password is not checked at all: a blocked attempt learns nothing.
            form = self.get_form_class()(request, initial={"username": username})
            message = _(
                "Too many failed sign-in attempts. For your security, signing in is paused for "
                "%(minutes)d minutes. Please try again later."
            ) % {"minutes": max(1, settings.LOGIN_RATE_WINDOW // 60)}
            context = self.get_context_data(form=form, blocked_message=message)
            return self.render_to_response(context, status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        give_back(self.request, self.request.POST.get("username", ""))
        return super().form_valid(form)


@login_required
@require_POST
def claim_player(request: HttpRequest, entry_id: int) -> HttpResponse:
    """The signed-in account says it is the player of one of its entries (the link across events)."""
    entry = get_object_or_404(Entry.objects.select_related("tournament"), pk=entry_id, user=request.user)
    try:
        link_player_record(request.user, entry)  # type: ignore[arg-type]  # login_required: a real user
    except ServiceError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("Your account is linked to your player record."))
    return redirect("games:my_games", slug=entry.tournament.slug)
