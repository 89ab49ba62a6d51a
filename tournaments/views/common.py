"""Helpers shared by the arbiter views."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest

from tournaments.services.errors import ServiceError


def refuse(request: HttpRequest, exc: ServiceError) -> None:
    """Show a refused action as an error message, with its details (e.g. boards) as warnings."""
    messages.error(request, str(exc))
    for detail in exc.details[:50]:
        messages.warning(request, detail)


def attempt(request: HttpRequest, action: Callable[[], object], success: str) -> bool:
    """Run a service ``action``: on success show ``success``, on ``ServiceError`` show the refusal.

    Returns whether the action ran, for the views whose only reaction is a message and a redirect.
    """
    try:
        action()
    except ServiceError as exc:
        refuse(request, exc)
        return False
    messages.success(request, success)
    return True
