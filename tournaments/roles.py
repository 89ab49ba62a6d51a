"""Appointing and removing the arbiters of a tournament.

Only the tournament's chief arbiter may appoint or remove arbiters (permission
``tournaments.appoint_arbiter``); every change is written to the audit log in the same
transaction. ``grant_role`` is the unchecked building block for other services (tournament
creation makes its creator chief arbiter; demo data; player registration).
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from . import audit
from .models import Role, Tournament

ARBITER_KINDS = (Role.Kind.CHIEF_ARBITER, Role.Kind.ARBITER)


class RoleError(ValueError):
    """A request the chief arbiter can fix (translated, shown to them), e.g. removing the last chief."""


def _kind_label(kind: str) -> str:
    return str(Role.Kind(kind).label)


def _check_kind(kind: str) -> Role.Kind:
    if kind not in ARBITER_KINDS:
        raise RoleError(_("“%(kind)s” is not an arbiter role.") % {"kind": kind})
    return Role.Kind(kind)


def _require_chief(actor: User | AnonymousUser, tournament: Tournament) -> None:
    if not actor.is_authenticated or not actor.has_perm("tournaments.appoint_arbiter", tournament):
        raise PermissionDenied(_("Only the chief arbiter of this tournament may appoint or remove arbiters."))


def grant_role(tournament: Tournament, user: User, kind: str) -> tuple[Role, bool]:
    """Give ``user`` the role ``kind`` in ``tournament`` without any permission check.

    Returns ``(role, created)``; granting a role the user already holds changes nothing.
    Callers are services that have done their own checks (and their own audit entry).
    """
    return Role.objects.get_or_create(tournament=tournament, user=user, kind=kind)


def arbiters_of(tournament: Tournament) -> list[Role]:
    """The tournament's chief arbiters, then its arbiters, each by username."""
    roles = Role.objects.filter(tournament=tournament, kind__in=ARBITER_KINDS).select_related("user")
    order = {Role.Kind.CHIEF_ARBITER: 0, Role.Kind.ARBITER: 1}
    return sorted(roles, key=lambda role: (order[Role.Kind(role.kind)], role.user.get_username().lower()))


def appoint_arbiter(
    actor: User | AnonymousUser,
    tournament: Tournament,
    user: User,
    kind: str = Role.Kind.ARBITER,
) -> Role:
    """Appoint ``user`` as (chief) arbiter of ``tournament``; only its chief arbiter may.

    Raises ``PermissionDenied`` for anyone else and ``RoleError`` if ``kind`` is not an
    arbiter role or the user already holds it. Audit-logged as ``appoint_arbiter``.
    """
    _require_chief(actor, tournament)
    role_kind = _check_kind(kind)
    if not user.is_active:
        raise RoleError(_("The account “%(user)s” is disabled.") % {"user": user.get_username()})
    with transaction.atomic():
        role, created = grant_role(tournament, user, role_kind)
        if not created:
            raise RoleError(
                _("%(user)s already has the role “%(role)s” in this tournament.")
                % {"user": user.get_username(), "role": _kind_label(role_kind)}
            )
        audit.record(
            actor,
            tournament,
            "appoint_arbiter",
            role,
            before="",
            after=f"user={user.get_username()}; role={role_kind.value}",
        )
    return role


def remove_arbiter(
    actor: User | AnonymousUser,
    tournament: Tournament,
    user: User,
    kind: str = Role.Kind.ARBITER,
) -> None:
    """Take the role ``kind`` away from ``user``; only the chief arbiter may.

    The last chief arbiter cannot be removed (the tournament would have nobody to appoint
    arbiters). Raises ``RoleError`` if the user does not hold the role. Audit-logged as
    ``remove_arbiter``.
    """
    _require_chief(actor, tournament)
    role_kind = _check_kind(kind)
    with transaction.atomic():
        role = Role.objects.select_for_update().filter(tournament=tournament, user=user, kind=role_kind).first()
        if role is None:
            raise RoleError(
                _("%(user)s does not have the role “%(role)s” in this tournament.")
                % {"user": user.get_username(), "role": _kind_label(role_kind)}
            )
        if role_kind == Role.Kind.CHIEF_ARBITER:
            # Lock the chief rows (FOR UPDATE does not mix with COUNT on PostgreSQL, so fetch ids).
            chiefs = len(
                Role.objects.select_for_update().filter(tournament=tournament, kind=role_kind).values_list("id")
            )
            if chiefs <= 1:
                raise RoleError(_("A tournament needs a chief arbiter: appoint another one first."))
        audit.record(
            actor,
            tournament,
            "remove_arbiter",
            role,
            before=f"user={user.get_username()}; role={role_kind.value}",
            after="",
        )
        role.delete()
