"""The address printed QR codes point to, and the URLs of a board's result page and a private link.

One rule, used by the web pages, the stored PDFs and the commands:

1. ``settings.SITE_URL`` when set (a server's own address; venue mode sets it to the address it
   announces, ``http://192.168.1.20:8000/``);
2. on a web page, the address of the request;
3. in a command (no request), the address the venue server last announced for this SQLite
   database (kept beside it, see ``tournaments.venue.address``).

Without any of them a command refuses with a message saying how to give one (``--base-url``).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.services.errors import ServiceError
from tournaments.venue import address as venue


def _clean(url: str) -> str:
    return url.rstrip("/") + "/" if url else ""


def check_base_url(url: str) -> str:
    """``url`` as a base address (``http(s)://host[:port]/``); ServiceError naming what is wrong."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ServiceError(_("%(url)s is not a site address like http://192.168.1.20:8000/") % {"url": url})
    return _clean(url)


def announced_base_url() -> str:
    """The address the venue server announced for this database (SQLite only), or ""."""
    if connection.vendor != "sqlite":
        return ""
    return venue.announced_url(Path(settings.DATABASES["default"]["NAME"]))


def base_url(request: HttpRequest | None = None) -> str:
    """The site address for QR codes: SITE_URL, else the request's address, else the announced one."""
    if settings.SITE_URL:
        return _clean(settings.SITE_URL)
    if request is not None:
        return _clean(request.build_absolute_uri("/"))
    return _clean(announced_base_url())


def command_base_url(explicit: str = "") -> str:
    """For commands: ``explicit`` (``--base-url``), else SITE_URL, else the announced venue address."""
    if explicit:
        return check_base_url(explicit)
    found = base_url(None)
    if not found:
        raise ServiceError(_("No site address known for the QR codes: start the venue server once "
                             "(python manage.py venue), set SITE_URL, or give --base-url http://HOST:PORT/"))
    return found


def board_url(base: str, slug: str, round_number: int, board_number: int) -> str:
    """The full URL of a board's result page (what its QR code holds)."""
    path = reverse("games:board_result", args=[slug, round_number, board_number])
    return base.rstrip("/") + path


def link_url(base: str, token: str) -> str:
    """The full URL of a private submission link."""
    return base.rstrip("/") + reverse("games:link_home", args=[token])
