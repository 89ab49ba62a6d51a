"""Site-wide request guards."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control


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


class ContentSecurityPolicy:
    """Send ``settings.CONTENT_SECURITY_POLICY`` on every response that has none yet.

    The policy allows scripts and styles from the site's own files only: no inline script, no
    inline style, no ``eval`` (htmx runs with ``allowEval`` off), so an injected tag does nothing.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response


class PrivateByDefault:
    """A response that says nothing about caching gets ``Cache-Control: private``: only the public
    pages rendered for everyone (``tournaments.public.page_cache``) may be kept by a shared cache."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not response.has_header("Cache-Control"):
            patch_cache_control(response, private=True)
        return response
