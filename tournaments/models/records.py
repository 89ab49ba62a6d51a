"""What the program keeps beside the event: the audit log, background jobs, built documents."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Tournament


class AuditEntry(models.Model):
    """Every arbiter action: who, when, what object, a short before/after summary."""

    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="audit_entries"
    )
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    action = models.CharField(_("action"), max_length=60)
    object_type = models.CharField(_("object"), max_length=60, blank=True)
    object_id = models.CharField(max_length=40, blank=True)
    object_repr = models.CharField(max_length=200, blank=True)
    before = models.TextField(_("before"), blank=True)
    after = models.TextField(_("after"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # History brought by a tournament archive from another server: kept as it was written there, never
    # as an act of a local account (``actor`` stays empty; ``imported_actor`` is the name the archive
    # gave, which may be anyone's on this server).
    imported = models.BooleanField(_("imported"), default=False)
    imported_actor = models.CharField(_("imported: who"), max_length=150, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor} {self.action} {self.object_repr}"


class TaskRun(models.Model):
    """A background job (large pairing, PDN import, PDF build) with progress and a kept report."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("Queued")
        RUNNING = "running", _("Running")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="tasks")
    kind = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    progress = models.PositiveSmallIntegerField(default=0)  # 0..100
    message = models.TextField(blank=True)
    report = models.JSONField(default=dict, blank=True)
    # How many times a worker started it: a job that kills its worker (out of memory) is delivered
    # again by the broker; after ``MAX_DELIVERIES`` it fails with a message instead of looping.
    deliveries = models.PositiveSmallIntegerField(default=0)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    MAX_DELIVERIES = 2

    class Meta:
        ordering = ["-created_at"]

    @classmethod
    def begin(cls, run_id: int) -> TaskRun | None:
        """Count a delivery of the run and mark it running; None (and the run failed, with a message)
        when it was already delivered ``MAX_DELIVERIES`` times or is finished: do not start it again."""
        cls.objects.filter(pk=run_id).update(deliveries=F("deliveries") + 1)
        run = cls.objects.select_related("tournament", "created_by").get(pk=run_id)
        if run.status in (cls.Status.DONE, cls.Status.FAILED):
            return None
        if run.deliveries > cls.MAX_DELIVERIES:
            message = gettext("This job stopped its worker %(n)s times (too large for the server?) and was not "
                        "started again.") % {"n": run.deliveries - 1}
            cls.objects.filter(pk=run_id).update(status=cls.Status.FAILED, progress=100, message=message,
                                                 report={**run.report, "error": message})
            return None
        cls.objects.filter(pk=run_id).update(status=cls.Status.RUNNING)
        run.status = cls.Status.RUNNING
        return run


class Document(models.Model):
    """A built file kept for download (crosstable PDF, pairing list, score sheets)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="documents")
    kind = models.CharField(max_length=40)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    file = models.FileField(upload_to="documents/")
    version = models.PositiveBigIntegerField(default=0)  # the tournament version it was built from
    # The site address its QR codes point to (the pairing list's board codes); another address rebuilds it.
    base_url = models.CharField(max_length=200, blank=True)
    # The language its words are printed in: one file per language asked for ("" before languages were kept).
    language = models.CharField(max_length=10, blank=True, default="")
    built_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "kind", "round_number", "language"],
                                    name="unique_document_language"),
            # NULL escapes the constraint above: one round-less document (the crosstable) per kind and language.
            models.UniqueConstraint(fields=["tournament", "kind", "language"], condition=Q(round_number__isnull=True),
                                    name="unique_tournament_document_language"),
        ]

    def is_current(self, tournament: Tournament) -> bool:
        """Built from the tournament's current version (or newer than this copy of the tournament)."""
        return self.version >= tournament.version


class ThrottleCount(models.Model):
    """Attempts counted in a time window for a throttle key (``tournaments.throttle``): failed sign-ins,
    unknown private-link tokens. Kept in the database, not the cache, so that a lock-out survives a
    Redis restart (issue 23, fault 4) and holds while Redis is down."""

    key = models.CharField(max_length=80, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: {self.count} until {self.expires_at:%H:%M:%S}"
