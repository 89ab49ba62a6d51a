"""Play-offs the arbiter records for places the tournament names (issue 26, KNDB championships)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Tournament


class PlayOff(models.Model):
    """A play-off between players tied for the places from ``first_place`` on: their finishing order
    (start numbers, winner first) and, optionally, its games or score as the arbiter writes them. The
    final standings order those places by it (``reports.standings.apply_playoffs``) while the same
    players are still tied there; pairings never read it."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="playoffs")
    first_place = models.PositiveSmallIntegerField(_("first place"))
    order = models.JSONField(_("finishing order"), default=list)  # start numbers, winner first
    games = models.TextField(_("games or score"), blank=True, max_length=2000)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["tournament", "first_place"], name="one_playoff_per_place")]
        ordering = ["first_place"]

    def __str__(self) -> str:
        return f"{self.tournament} play-off {self.first_place}"  # stored in the audit log: no words of one language
