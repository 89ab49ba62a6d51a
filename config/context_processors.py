"""Template context for every page: the site name and what the navigation may offer the user."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.db import connection
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from tournaments.models import Role
from tournaments.public.page_cache import shares_no_token


@dataclass
class NavRoles:
    """The signed-in user's tournaments by role (for "My games" and "My tournaments")."""

    playing: list[tuple[str, str]] = field(default_factory=list)  # (slug, name)
    arbitrating: list[tuple[str, str]] = field(default_factory=list)

    @property
    def single_playing_slug(self) -> str:
        """The slug when the user plays in exactly one tournament (the nav links straight to it)."""
        return self.playing[0][0] if len(self.playing) == 1 else ""


# The user's roles with their tournaments, newest first: written out, as the ORM spent 0.6 ms of Python
# building this query on every signed-in page with the navigation (issue 30). The same SQL as
# ``Role.objects.filter(user=user).order_by("-tournament__start_date", "tournament__name")``.
_NAV_ROLES_SQL = (
    "SELECT r.kind, t.slug, t.name FROM tournaments_role r JOIN tournaments_tournament t ON t.id = r.tournament_id"
    " WHERE r.user_id = %s ORDER BY t.start_date DESC, t.name ASC"
)


def _nav_roles(request: HttpRequest) -> NavRoles:
    roles = NavRoles()
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return roles

    with connection.cursor() as cursor:
        cursor.execute(_NAV_ROLES_SQL, [user.pk])
        rows = cursor.fetchall()
    for kind, slug, name in rows:
        target = roles.playing if kind == Role.Kind.PLAYER else roles.arbitrating
        if (slug, name) not in target:
            target.append((slug, name))
    return roles


def site(request: HttpRequest) -> dict[str, object]:
    """``SITE_NAME``, and ``nav`` (lazy: one query, only on pages that show the navigation)."""
    return {"SITE_NAME": settings.SITE_NAME, "nav": SimpleLazyObject(lambda: _nav_roles(request))}


def shared_page_token(request: HttpRequest) -> dict[str, str]:
    """No CSRF token in a page rendered once for everyone (``tournaments.public.page_cache``): it
    would be one visitor's token served to all. Otherwise Django's own token stands."""
    return {"csrf_token": ""} if shares_no_token(request) else {}
