"""The hall laptop's mirror as the round page shows it (issue 30.3): per server, "mirrored 12 s ago", or
"not mirrored since 20:14 (3 changes waiting)" with the last error. Reads ``MirrorState`` (written by
``games.services.mirror.push``) and counts the audited changes made since the last successful push."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone
from django.utils.formats import time_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import UNSHOWN
from tournaments.models import AuditEntry, MirrorState, Tournament


@dataclass(frozen=True)
class MirrorLine:
    target: str
    text: str
    ok: bool
    error: str


def mirror_status(tournament: Tournament) -> list[MirrorLine]:
    lines = []
    now = timezone.now()
    for state in MirrorState.objects.filter(tournament=tournament).order_by("target"):
        waiting = (AuditEntry.objects.filter(tournament=tournament, id__gt=state.sent_audit_id)
                   .exclude(action__in=UNSHOWN).count())
        if state.sent_at is None:
            text = ngettext("never mirrored (%(n)s change waiting)", "never mirrored (%(n)s changes waiting)",
                            waiting) % {"n": waiting}
            ok = False
        elif waiting == 0 and not state.error:
            seconds = max(0, int((now - state.sent_at).total_seconds()))
            text = (ngettext("mirrored %(n)s s ago", "mirrored %(n)s s ago", seconds) % {"n": seconds}
                    if seconds < 3600 else _("mirrored at %(time)s") % {
                        "time": time_format(timezone.localtime(state.sent_at), "H:i")})
            ok = True
        else:
            at = time_format(timezone.localtime(state.sent_at), "H:i")
            text = ngettext("not mirrored since %(time)s (%(n)s change waiting)",
                            "not mirrored since %(time)s (%(n)s changes waiting)", waiting) % {"time": at, "n": waiting}
            ok = False
        lines.append(MirrorLine(target=state.target, text=text, ok=ok, error=state.error))
    return lines
