"""Helpers shared by the arbiter views."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest

from tournaments.services.errors import ServiceError


def refuse(request: HttpRequest, exc: ServiceError) -> None:
    """Show a refused action as an error message, with its details (e.g. boards) as warnings."""
    messages.error(request, str(exc))
    for detail in exc.details[:50]:
        messages.warning(request, detail)
