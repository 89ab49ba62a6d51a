"""Django admin for tournament data (for staff maintenance; arbiters use the arbiter pages)."""

from __future__ import annotations

from typing import Any, TypeVar

from django.contrib import admin
from django.db import models, transaction
from django.db.models import QuerySet
from django.http import HttpRequest

from .audit import record
from .models import Absence, AuditEntry, Board, Entry, Player, ProhibitedPair, Role, Round, TaskRun, Tournament


def _tournament_of(obj: models.Model) -> Tournament | None:
    """The tournament a row belongs to (its pages show it), or None for a row of no tournament."""
    if isinstance(obj, Tournament):
        return obj
    for path in ("tournament", "entry", "round"):
        owner = getattr(obj, path, None)
        if isinstance(owner, models.Model) and owner is not obj:
            return _tournament_of(owner)
    return None


def _values(obj: models.Model, names: list[str]) -> str:
    """``name=value; ...`` of the fields ``names`` of ``obj`` as the audit log stores them."""
    fields = [field for field in obj._meta.fields if field.name in names]
    return "; ".join(f"{field.name}={getattr(obj, field.attname)}" for field in fields)


_M = TypeVar("_M", bound=models.Model)


class AuditedAdmin(admin.ModelAdmin[_M]):
    """Staff edits in the admin site are audited like the arbiter's own: each saved, added or deleted row
    (its inlines' rows too) writes an audit entry with the changed fields before and after, and so
    advances the tournament's version (``tournaments.audit.record``): a page never shows a stale copy of
    a row changed here."""

    def save_model(self, request: HttpRequest, obj: _M, form: Any, change: bool) -> None:
        with transaction.atomic():
            changed = [name for name in form.changed_data if name in {f.name for f in obj._meta.fields}]
            before = type(obj)._default_manager.get(pk=obj.pk) if change else None
            super().save_model(request, obj, form, change)
            self._record(request, obj, changed, before)

    def delete_model(self, request: HttpRequest, obj: _M) -> None:
        with transaction.atomic():
            self._record_delete(request, obj)
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[_M]) -> None:
        with transaction.atomic():
            for obj in queryset:
                self._record_delete(request, obj)
            super().delete_queryset(request, queryset)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        with transaction.atomic():
            befores = {
                f.instance.pk: type(f.instance)._default_manager.get(pk=f.instance.pk)
                for f in formset.forms
                if f.instance.pk and f.has_changed()
            }
            for deleted in formset.deleted_forms:
                if deleted.instance.pk:
                    self._record_delete(request, deleted.instance)
            super().save_formset(request, form, formset, change)
            for obj, changed in getattr(formset, "changed_objects", []):
                self._record(request, obj, changed, befores.get(obj.pk))
            for obj in getattr(formset, "new_objects", []):
                self._record(request, obj, [f.name for f in obj._meta.fields if not f.primary_key], None)

    def _record_delete(self, request: HttpRequest, obj: models.Model) -> None:
        """A deleted tournament's entry is kept without it (its own entries go with it)."""
        tournament = _tournament_of(obj)
        record(
            request.user,
            None if tournament is obj else tournament,
            "admin.delete",
            obj,
            before=_values(obj, [f.name for f in obj._meta.fields if not f.primary_key]),
        )

    def _record(self, request: HttpRequest, obj: Any, changed: list[str], before: Any) -> None:
        if before is None:
            record(
                request.user,
                _tournament_of(obj),
                "admin.add",
                obj,
                after=_values(obj, [f.name for f in obj._meta.fields if not f.primary_key]),
            )
        elif changed:
            record(
                request.user,
                _tournament_of(obj),
                "admin.change",
                obj,
                before=_values(before, changed),
                after=_values(obj, changed),
            )


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ("name", "title", "federation", "club", "rating", "fmjd_id", "user")
    search_fields = ("name", "fmjd_id", "national_id", "club")
    raw_id_fields = ("user",)

    def save_model(self, request: HttpRequest, obj: Player, form: Any, change: bool) -> None:
        """Staff may link a player record to an account (or change it); the change is audited."""
        before = Player.objects.filter(pk=obj.pk).values_list("user__username", flat=True).first() if change else None
        super().save_model(request, obj, form, change)
        if "user" in form.changed_data:
            record(
                request.user,
                None,
                "player.link_account",
                obj,
                before=f"account={before or ''}",
                after=f"account={obj.user.get_username() if obj.user else ''}",
            )


class RoleInline(admin.TabularInline[Role, Tournament]):
    model = Role
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Tournament)
class TournamentAdmin(AuditedAdmin[Tournament]):
    list_display = ("name", "slug", "place", "start_date", "pairing_system", "status")
    list_filter = ("pairing_system", "status")
    search_fields = ("name", "slug", "place")
    inlines = [RoleInline]


@admin.register(Entry)
class EntryAdmin(AuditedAdmin[Entry]):
    list_display = ("tournament", "start_number", "player", "rating", "status", "withdrawn_from_round")
    list_filter = ("tournament", "status")
    raw_id_fields = ("player",)


@admin.register(Absence)
class AbsenceAdmin(AuditedAdmin[Absence]):
    list_display = ("entry", "round_number", "kind", "note")


@admin.register(ProhibitedPair)
class ProhibitedPairAdmin(AuditedAdmin[ProhibitedPair]):
    list_display = ("tournament", "first", "second", "reason")


class BoardInline(admin.TabularInline[Board, Round]):
    model = Board
    extra = 0
    raw_id_fields = ("white", "black")


@admin.register(Round)
class RoundAdmin(AuditedAdmin[Round]):
    list_display = ("tournament", "number", "status", "published_at")
    list_filter = ("status",)
    inlines = [BoardInline]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin[AuditEntry]):
    list_display = ("created_at", "tournament", "actor", "action", "object_repr")
    list_filter = ("action",)
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:  # the audit log is written by the services only
        return False

    def has_change_permission(self, request: HttpRequest, obj: AuditEntry | None = None) -> bool:
        return False


@admin.register(TaskRun)
class TaskRunAdmin(admin.ModelAdmin[TaskRun]):
    list_display = ("created_at", "tournament", "kind", "status", "progress")
