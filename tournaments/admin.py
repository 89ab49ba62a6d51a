"""Django admin for tournament data (for staff maintenance; arbiters use the arbiter pages)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from .audit import record
from .models import Absence, AuditEntry, Board, Entry, Player, ProhibitedPair, Role, Round, TaskRun, Tournament


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
            record(request.user, None, "player.link_account", obj, before=f"account={before or ''}",
                   after=f"account={obj.user.get_username() if obj.user else ''}")


class RoleInline(admin.TabularInline[Role, Tournament]):
    model = Role
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin[Tournament]):
    list_display = ("name", "slug", "place", "start_date", "pairing_system", "status")
    list_filter = ("pairing_system", "status")
    search_fields = ("name", "slug", "place")
    inlines = [RoleInline]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin[Entry]):
    list_display = ("tournament", "start_number", "player", "rating", "status", "withdrawn_from_round")
    list_filter = ("tournament", "status")
    raw_id_fields = ("player",)


@admin.register(Absence)
class AbsenceAdmin(admin.ModelAdmin[Absence]):
    list_display = ("entry", "round_number", "kind", "note")


@admin.register(ProhibitedPair)
class ProhibitedPairAdmin(admin.ModelAdmin[ProhibitedPair]):
    list_display = ("tournament", "first", "second", "reason")


class BoardInline(admin.TabularInline[Board, Round]):
    model = Board
    extra = 0
    raw_id_fields = ("white", "black")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin[Round]):
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
