"""Fetch "the object this user may act on" or refuse: every view reads the same way.

Anonymous users are sent to the login page; signed-in users without the permission get 403;
unknown objects give 404.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from .models import Tournament


class LoginRequired(Exception):
    """Raised for anonymous users; turned into a login redirect by ``AccessMiddleware``."""


def tournament_for(request: HttpRequest, slug: str, perm: str | None = None) -> Tournament:
    """The tournament ``slug`` if ``request.user`` holds ``perm`` on it (``None``: public view)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if perm is not None:
        require(request, perm, tournament)
    return tournament


def require(request: HttpRequest, perm: str, obj: Model | None) -> User:
    """The signed-in user if they hold ``perm`` on ``obj``; else LoginRequired or PermissionDenied."""
    user = request.user
    if not user.is_authenticated:
        raise LoginRequired
    if not user.has_perm(perm, obj):
        raise PermissionDenied
    return user


class AccessMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, LoginRequired):
            return redirect_to_login(request.get_full_path())
        return None
