"""Object-level permissions per tournament (django-rules predicates).

Roles are rows of ``Role`` (chief arbiter, arbiter, player) for one tournament; Django's
model-wide permissions are not used for tournament work. Staff may create tournaments.
Every predicate takes ``(user, tournament)``.
"""

from __future__ import annotations

import rules

from .models import Role, Tournament


def _has_role(user, tournament: Tournament | None, kinds: tuple[str, ...]) -> bool:
    if tournament is None or not user.is_authenticated:
        return False
    cache_name = "_tournament_roles_cache"
    cache = getattr(user, cache_name, None)
    if cache is None:
        cache = {}
        setattr(user, cache_name, cache)
    if tournament.pk not in cache:
        cache[tournament.pk] = set(
            Role.objects.filter(tournament=tournament, user=user).values_list("kind", flat=True)
        )
    return bool(cache[tournament.pk] & set(kinds))


@rules.predicate
def is_chief_arbiter(user, tournament: Tournament | None) -> bool:
    return _has_role(user, tournament, (Role.Kind.CHIEF_ARBITER,))


@rules.predicate
def is_arbiter(user, tournament: Tournament | None) -> bool:
    """Chief arbiter or arbiter of this tournament."""
    return _has_role(user, tournament, (Role.Kind.CHIEF_ARBITER, Role.Kind.ARBITER))


@rules.predicate
def is_player(user, tournament: Tournament | None) -> bool:
    return _has_role(user, tournament, (Role.Kind.PLAYER,))


is_staff = rules.is_staff

rules.add_perm("tournaments.create_tournament", is_staff)
rules.add_perm("tournaments.manage_tournament", is_arbiter)
rules.add_perm("tournaments.appoint_arbiter", is_chief_arbiter)
rules.add_perm("tournaments.view_audit", is_arbiter)
rules.add_perm("tournaments.pair_round", is_arbiter)
rules.add_perm("tournaments.publish", is_arbiter)
rules.add_perm("tournaments.enter_results", is_arbiter | is_player)
