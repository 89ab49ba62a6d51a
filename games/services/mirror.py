"""The hall laptop mirrored to the public server (issue 30.3).

Server side: ``create_token`` / ``revoke_token`` (chief arbiter, audited; the token is returned once and
stored as its digest) and ``receive`` (the push endpoint's work: token, bounds, then the archive applied
as a replica in one transaction, ``import_archive(..., mirror=tournament)``).

Laptop side: ``push`` sends the tournament's archive to the server when it changed since the last
successful push (``signature``: the tournament's version and its games' versions, so typed moves count);
``MirrorState`` keeps what was sent and the last error. A push that fails leaves the state as it was and
is tried again: each push carries the whole tournament, so the server ends equal to the laptop, in order,
whatever was lost on the way, and a resend changes nothing (the import is idempotent).

Bounds: a push is at most ``MAX_PUSH_BYTES`` (a zip; the archive reader's own bounds apply inside), a
token at most ``MAX_PUSHES_PER_MINUTE`` pushes a minute.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, F, Max, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game
from games.services import GameError, User
from games.services.archive import ArchiveDocument, ArchiveError, archive_uid, export_archive, import_archive
from tournaments import throttle
from tournaments.audit import record
from tournaments.models import AuditEntry, MirrorState, MirrorToken, Tournament
from tournaments.models.mirror import new_mirror_token, token_digest
from tournaments.permissions import is_chief_arbiter

MAX_PUSH_BYTES = 8 * 1024 * 1024
MAX_PUSHES_PER_MINUTE = 60
PUSH_TIMEOUT_SECONDS = 60
PUSH_PATH = "/g/mirror/push/"


class MirrorRefused(Exception):
    """A push the server refuses: ``status`` is the HTTP status, ``message`` says why (translated)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# --- server: tokens ----------------------------------------------------------------------------

def create_token(tournament: Tournament, user: User, label: str = "") -> tuple[MirrorToken, str]:
    """A new mirror token for ``tournament``: the row and the token itself (shown once, never stored)."""
    if not is_chief_arbiter(user, tournament):
        raise GameError(_("Only the chief arbiter of this tournament may create a mirror key."))
    token = new_mirror_token()
    with transaction.atomic():
        row = MirrorToken.objects.create(tournament=tournament, label=label.strip()[:80], digest=token_digest(token),
                                         hint=token[:8], created_by=user if user and user.is_authenticated else None)
        _keep_live_flag(tournament)
        record(user, tournament, "mirror_token.create", row, after=f"label={row.label}; key={row.hint}…")
    return row, token


def revoke_token(row: MirrorToken, user: User) -> None:
    """Revoke a token at once: its laptop can no longer push, and (with no other live token) the tournament
    can be run on this server again."""
    if not is_chief_arbiter(user, row.tournament):
        raise GameError(_("Only the chief arbiter of this tournament may revoke a mirror key."))
    if row.revoked_at is not None:
        return
    with transaction.atomic():
        row.revoked_at = timezone.now()
        row.save(update_fields=["revoked_at"])
        _keep_live_flag(row.tournament)
        record(user, row.tournament, "mirror_token.revoke", row, before=f"key={row.hint}… live",
               after=f"key={row.hint}… revoked")


def _keep_live_flag(tournament: Tournament) -> None:
    """``Tournament.mirror_live``: whether a live key exists (the permission predicates read the flag)."""
    live = MirrorToken.objects.filter(tournament=tournament, revoked_at__isnull=True).exists()
    Tournament.objects.filter(pk=tournament.pk).update(mirror_live=live)
    tournament.mirror_live = live


# --- server: a push ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Received:
    changed: bool
    lines: list[str]
    version: int


def token_row(token: str) -> MirrorToken | None:
    """The live token row for ``token`` (unknown and revoked tokens look the same)."""
    if not token or len(token) > 100:
        return None
    return (MirrorToken.objects.select_related("tournament", "created_by")
            .filter(digest=token_digest(token), revoked_at__isnull=True).first())


def _adopt(doc: ArchiveDocument, tournament: Tournament) -> None:
    """The first push: the server's tournament takes the laptop's tournament id, if it is still empty and
    no other tournament here has that id. Later pushes must carry the same id."""
    raw = str(archive_uid(doc.get("tournament") or {}) or "")
    try:
        uid = uuid.UUID(raw)
    except ValueError:
        raise MirrorRefused(400, _("The archive has no valid tournament id.")) from None
    if uid == tournament.uid:
        return
    if Tournament.objects.filter(uid=uid).exclude(pk=tournament.pk).exists():
        raise MirrorRefused(409, _("This key is for another tournament: the archive's tournament exists on this "
                                   "server under another address."))
    if tournament.archive_imports.exists() or tournament.entries.exists() or tournament.rounds.exists():
        raise MirrorRefused(409, _("This key is for another tournament: “%(name)s” here already holds other "
                                   "players or rounds.") % {"name": tournament.name})
    Tournament.objects.filter(pk=tournament.pk).update(uid=uid)
    tournament.uid = uid


def receive(token: str, body: bytes) -> Received:
    """Apply a laptop's push: refused with MirrorRefused (nothing stored) for a wrong, revoked or foreign
    token, a push over the bounds, or a damaged archive."""
    row = token_row(token)
    if row is None:
        raise MirrorRefused(403, _("Unknown or revoked mirror key."))
    if len(body) > MAX_PUSH_BYTES:
        raise MirrorRefused(413, _("A push is at most %(mb)s MB.") % {"mb": MAX_PUSH_BYTES // (1024 * 1024)})
    if throttle.count(throttle.key("mirror", str(row.pk)), 60) > MAX_PUSHES_PER_MINUTE:
        raise MirrorRefused(429, _("Too many pushes with this key: at most %(n)s a minute.")
                            % {"n": MAX_PUSHES_PER_MINUTE})
    tournament = row.tournament
    try:
        with transaction.atomic():
            report = import_archive(body, row.created_by, check=lambda doc: _adopt(doc, tournament),
                                    mirror=tournament)
            MirrorToken.objects.filter(pk=row.pk).update(last_used_at=timezone.now(), pushes=F("pushes") + 1)
    except ArchiveError as exc:
        raise MirrorRefused(400, str(exc)) from None
    tournament.refresh_from_db(fields=["version"])
    return Received(changed=not report.unchanged, lines=report.lines(), version=tournament.version)


# --- laptop: the outbox --------------------------------------------------------------------------

def signature(tournament: Tournament) -> str:
    """What the server must have for the laptop's tournament to be mirrored: the tournament's version (every
    result, pairing and setting) and its games' versions (every typed move)."""
    games = Game.objects.filter(board__round__tournament=tournament).aggregate(n=Count("id"), v=Sum("version"))
    return f"{tournament.version}:{games['v'] or 0}:{games['n']}"


def last_audit_id(tournament: Tournament) -> int:
    return int(AuditEntry.objects.filter(tournament=tournament).aggregate(m=Max("id"))["m"] or 0)


def push_url(target: str) -> str:
    return target.rstrip("/") + PUSH_PATH


def push(tournament: Tournament, target: str, token: str, *, force: bool = False) -> tuple[bool, str]:
    """Send the tournament to ``target`` if it changed since the last successful push (or ``force``).
    Returns (sent, message); a failure is kept in the state (``error``) and tried again next time."""
    state, _created = MirrorState.objects.get_or_create(tournament=tournament, target=target.rstrip("/"))
    tournament.refresh_from_db(fields=["version"])
    audit_id = last_audit_id(tournament)
    sig = signature(tournament)
    if not force and sig == state.sent_signature:
        return False, _("Nothing changed since the last push.")
    body = export_archive(tournament)
    url = push_url(target)
    if not url.startswith(("http://", "https://")):
        raise GameError(_("The server's address must start with https:// or http://."))
    request = urllib.request.Request(url, data=body, method="POST", headers={  # noqa: S310 (checked above)
        "Authorization": f"Bearer {token}", "Content-Type": "application/zip"})
    now = timezone.now()
    try:
        with urllib.request.urlopen(request, timeout=PUSH_TIMEOUT_SECONDS) as response:  # noqa: S310 (http(s) only)
            answer = json.loads(response.read(64 * 1024) or b"{}")
    except urllib.error.HTTPError as exc:
        detail = _error_text(exc)
        MirrorState.objects.filter(pk=state.pk).update(attempted_at=now, error=detail[:300])
        return False, detail
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        detail = _("The server cannot be reached (%(reason)s); the changes wait and are sent again.") % {
            "reason": str(reason)[:120]}
        MirrorState.objects.filter(pk=state.pk).update(attempted_at=now, error=detail[:300])
        return False, detail
    MirrorState.objects.filter(pk=state.pk).update(sent_signature=sig, sent_audit_id=audit_id, sent_at=now,
                                                   attempted_at=now, error="")
    lines = answer.get("lines") if isinstance(answer, dict) else None
    return True, "; ".join(str(x) for x in lines or [])[:500]


def _error_text(exc: urllib.error.HTTPError) -> str:
    try:
        message = json.loads(exc.read(16 * 1024) or b"{}").get("error", "")
    except (ValueError, AttributeError, OSError):
        message = ""
    return _("The server refused the push (HTTP %(status)s): %(message)s") % {
        "status": exc.code, "message": message or exc.reason}
