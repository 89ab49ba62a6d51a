"""Object-level permissions per tournament (django-rules predicates).

Roles are rows of ``Role`` (chief arbiter, arbiter, player) for one tournament; Django's
model-wide permissions are not used for tournament work. Staff may create tournaments.
Every predicate takes ``(user, tournament)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

import rules
from django.conf import settings
from django.db import connection
from rules.predicates import Predicate

from .audit import Actor
from .models import Role, Tournament

_User = TypeVar("_User", contravariant=True)
_Target = TypeVar("_Target", contravariant=True)


class TypedPredicate(Protocol[_User, _Target]):
    """A rules predicate as its callers see it: ``(user, target) -> bool``, combined with ``|`` and ``&``."""

    def __call__(self, user: _User, target: _Target, /) -> bool: ...

    def __or__(self, other: Predicate | TypedPredicate[Any, Any], /) -> Predicate: ...

    def __and__(self, other: Predicate | TypedPredicate[Any, Any], /) -> Predicate: ...


def predicate(fn: Callable[[_User, _Target], bool]) -> TypedPredicate[_User, _Target]:
    """``rules.predicate``, keeping the function's signature for the type checker (rules' own is untyped)."""
    return cast("TypedPredicate[_User, _Target]", rules.predicate(fn))


# The user's roles in one tournament, read afresh by every request (kept on its user object only):
# written out, as the ORM spent 0.5 ms of Python building this two-condition query on every request
# that checks a permission (issue 30).
_ROLE_KINDS_SQL = "SELECT kind FROM tournaments_role WHERE tournament_id = %s AND user_id = %s"


def _has_role(user: Actor, tournament: Tournament | None, kinds: tuple[str, ...]) -> bool:
    # user None: a private link or a command without --user, nobody's role.
    if tournament is None or user is None or not user.is_authenticated:
        return False
    cache_name = "_tournament_roles_cache"
    cache: dict[int, set[str]] | None = getattr(user, cache_name, None)
    if cache is None:
        cache = {}
        setattr(user, cache_name, cache)
    if tournament.pk not in cache:
        with connection.cursor() as cursor:
            cursor.execute(_ROLE_KINDS_SQL, [tournament.pk, user.pk])
            cache[tournament.pk] = {kind for (kind,) in cursor.fetchall()}
    return bool(cache[tournament.pk] & set(kinds))


@predicate
def is_chief_arbiter(user: Actor, tournament: Tournament | None) -> bool:
    return _has_role(user, tournament, (Role.Kind.CHIEF_ARBITER,))


@predicate
def is_arbiter(user: Actor, tournament: Tournament | None) -> bool:
    """Chief arbiter or arbiter of this tournament."""
    return _has_role(user, tournament, (Role.Kind.CHIEF_ARBITER, Role.Kind.ARBITER))


@predicate
def is_player(user: Actor, tournament: Tournament | None) -> bool:
    return _has_role(user, tournament, (Role.Kind.PLAYER,))


is_staff = rules.is_staff


def is_mirrored(tournament: Tournament | None) -> bool:
    """The tournament is mirrored here from a hall laptop (a live mirror token, issue 30.3): on this server
    it is read-only for everybody but the mirror. Revoking the token hands it back to this server."""
    return tournament is not None and tournament.mirror_live


@predicate
def is_writable(user: Actor, tournament: Tournament | None) -> bool:
    """Results, pairings and publishing may be done here: the tournament is not a mirror of a laptop's."""
    return not is_mirrored(tournament)


@predicate
def may_create_tournament(user: Actor, _target: object) -> bool:
    """Staff; and, where the site allows it (``ARBITERS_MAY_CREATE_TOURNAMENTS``), anyone who is an
    arbiter of some tournament: they run their club's next event themselves."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return bool(settings.ARBITERS_MAY_CREATE_TOURNAMENTS) and Role.objects.filter(
        user=user, kind__in=(Role.Kind.CHIEF_ARBITER, Role.Kind.ARBITER)).exists()


rules.add_perm("tournaments.create_tournament", may_create_tournament)
rules.add_perm("tournaments.manage_tournament", is_arbiter)
rules.add_perm("tournaments.appoint_arbiter", is_chief_arbiter)
rules.add_perm("tournaments.view_audit", is_arbiter)
rules.add_perm("tournaments.pair_round", is_arbiter & is_writable)
rules.add_perm("tournaments.publish", is_arbiter & is_writable)
rules.add_perm("tournaments.enter_results", (is_arbiter | is_player) & is_writable)
