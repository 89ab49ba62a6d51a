"""Site-wide request guards."""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse


class RejectNulInPath:
    """A path with a NUL character names no page: answer 404 before any view sees it.

    Why: URL patterns such as ``<str:token>`` accept ``%00``, and PostgreSQL refuses NUL in a
    query parameter, which would turn a harmless bad link into a 500 on PostgreSQL only.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if "\x00" in request.path_info:
            raise Http404("The address contains a NUL character.")
        return self.get_response(request)
