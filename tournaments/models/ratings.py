"""Rating lists the arbiters look players up in when registering (the FMJD list, a federation's list).

A list is shared by every tournament of the site: imported once, used by all. It has an owner, the
user who imported it first; only the owner or the site's staff replace it (import a file again under
its name). A replacement is read into a new version first (``complete`` False: searched by nobody);
the old version is used until the new one has been read completely, then they change places in one
transaction. A failed upload leaves the old list untouched.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RatingList(models.Model):
    class Kind(models.TextChoices):
        FMJD = "fmjd", _("FMJD rating list (ids are FMJD ids)")
        NATIONAL = "national", _("National list (ids are national ids)")

    name = models.CharField(_("name"), max_length=100)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices, default=Kind.FMJD)
    imported_at = models.DateTimeField(auto_now=True)
    imported_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    # Who imported it first: only they (or staff) replace it. None: only staff (a list from before owners).
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="+")
    rows = models.PositiveIntegerField(default=0)
    # False while a file is being read into it: a new version not yet in use (see the module's docstring).
    complete = models.BooleanField(default=True)
    started_at = models.DateTimeField(auto_now_add=True, null=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["name"], condition=models.Q(complete=True),
                                    name="one_rating_list_per_name"),
        ]

    def __str__(self) -> str:
        return self.name


class RatingListPlayer(models.Model):
    """One line of a rating list, as the list says it."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="players")
    player_id = models.CharField(max_length=20, blank=True)
    country = models.CharField(max_length=3, blank=True)
    last_name = models.CharField(max_length=100)
    first_name = models.CharField(max_length=100, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=10, blank=True)
    rating = models.IntegerField(null=True, blank=True)
    women_title = models.CharField(max_length=10, blank=True)
    women_rating = models.IntegerField(null=True, blank=True)
    # Lower-case, accents removed: what a search by name compares with.
    search_name = models.CharField(max_length=210, db_index=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        indexes = [models.Index(fields=["rating_list", "player_id"])]

    @property
    def name(self) -> str:
        """``Last, First`` as the players of a tournament are written."""
        return f"{self.last_name}, {self.first_name}" if self.first_name else self.last_name
