"""What every management command (of both apps) that takes a tournament's short name needs."""

from __future__ import annotations

from django.core.management.base import CommandError

from tournaments.models import Tournament


def tournament_or_error(slug: object) -> Tournament:
    """The tournament with this short name, or a CommandError that names it (one clear line)."""
    tournament = Tournament.objects.filter(slug=str(slug)).first()
    if tournament is None:
        raise CommandError(f"no tournament with the short name {str(slug)!r}")
    return tournament
