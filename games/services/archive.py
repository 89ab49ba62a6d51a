"""Tournament archives: everything of one tournament in one zip, from the laptop to the server.

The zip holds ``tournament.json`` (a versioned JSON document) and ``games.pdn`` (the games, for
people and other programs; the import reads the JSON only). The document has no database ids:
every row is identified by a *natural key* (an entry by its ``uid``, a round by its number, a
board by round and number, a submission by board and version, a user by username), so an
export, an import elsewhere and an export there give the same document.

Rows are taken *generically*: every concrete field of a covered model travels (foreign keys as
the natural key of their target, users as usernames), so a field added to a model later travels
without a change here. ``SECTIONS`` lists the covered models, ``NOT_ARCHIVED`` the models tied to
a tournament that are deliberately left out; ``tests/games/test_archive.py`` fails for any model
with a path to ``Tournament`` in neither.

Export: e-mail addresses of the accounts named in the archive are left out unless the chief arbiter
asks for them, giving a reason that is written to the audit log (``include_email``).

Import (one transaction: any error stores nothing; the web runs it as a background task):

* the archive is read as a stream within bounds (``archive_zip``, ``archive_read``): nothing is
  stored before every row has been read and checked, and the import holds one row at a time;
* a new tournament (unknown ``uid``; ``event_id`` in archives made before events had stages) is created
  as in the archive, the single stage of an event of its own; the importing account becomes its chief
  arbiter; users are matched by username and missing ones created inactive (no usable password);
* a tournament this server has (same ``uid``) is updated by a three-way merge against the
  document of the previous import: a value the archive changed since then is taken, a value only
  this server changed is kept, rows only this server has are kept; the report says what changed;
* an import writes only the importing tournament's entries (each change audited): a new entry is tied
  to the player with its FMJD id on this server (else a new one), and no player row is ever changed, so
  an import never alters another tournament (issue 23);
* nobody confirms a result of a game they play: a confirmed result the archive adds to a game the
  importing user plays in is stored as waiting for the opponent or another arbiter, and a change
  the archive brings to such a game's confirmed result is not taken (this server's is kept); the
  report names each (``ImportReport.waiting``);
* archives written by earlier versions are read as today's (``_older_row``);
* roles never travel (an archive cannot grant one), and audit rows are history: added as *imported*
  with the name the archive gave, never as acts of a local account;
* web addresses are unique whatever their case;
* importing the same file again changes nothing.
"""

from __future__ import annotations

import contextlib
import datetime
import gzip
import hashlib
import io
import json
import logging
import uuid
import zipfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User as Account
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, ResultSubmission, TournamentImport
from games.services import User
from games.services.pdn_export import export_games, tournament_games
from tournaments.audit import record
from tournaments.models import ENTRY_DETAILS, AuditEntry, Board, Entry, Player, Role, Tournament
from tournaments.permissions import is_chief_arbiter
from tournaments.versioning import bump, quiet_bumps

from .archive_read import ArchiveDocument, Progress, read_archive
from .archive_schema import (
    DROPPED_SECTIONS,
    PLAYER_SKIP,
    SECTIONS,
    TOURNAMENT_SKIP,
    AnyField,
    Section,
    account_model,
    compact,
    concrete_fields,
    hashable,
    key_json,
    key_of,
    lookup,
    plain_value,
    sort_key,
    target_model,
)
from .archive_zip import FORMAT, JSON_NAME, PDN_NAME, VERSION, ArchiveError, Source

log = logging.getLogger(__name__)

__all__ = ["ArchiveDocument", "ArchiveError", "ImportReport", "archive_filename", "export_archive",
           "import_archive", "may_import", "read_archive", "tournament_document"]

# --- export -----------------------------------------------------------------------------------

class _Exporter:
    """Turns rows into JSON dicts, remembering each row's natural key for later references."""

    def __init__(self) -> None:
        self.refs: dict[type[models.Model], dict[int, Any]] = {}
        self.usernames: dict[int, str] = {}
        self.users: set[int] = set()

    def username(self, pk: int | None) -> str | None:
        if pk is None:
            return None
        if pk not in self.usernames:
            user_model = account_model()
            self.usernames.update(user_model.objects.filter(pk=pk).values_list("pk", user_model.USERNAME_FIELD))
        self.users.add(pk)
        return self.usernames.get(pk)

    def row(self, obj: models.Model, skip: frozenset[str], parent: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in concrete_fields(type(obj), skip):
            value = getattr(obj, f.attname)
            if f.is_relation:
                target = target_model(f)
                if f.name == parent and target is Tournament:
                    continue
                if target is account_model():
                    out[f.name] = self.username(value)
                elif target in self.refs:
                    out[f.name] = None if value is None else self.refs[target][value]
                else:
                    raise ArchiveError(f"{obj._meta.label}.{f.name} points to {target._meta.label}, "
                                       "which the archive does not cover")
            else:
                out[f.name] = plain_value(f, value)
        return out

    def pairs(self, section: Section, rows: Iterable[models.Model]) -> list[tuple[models.Model, dict[str, Any]]]:
        """Each row with its JSON, in natural-key order; remembers each row's key for references."""
        out = []
        refs = self.refs.setdefault(section.model, {})
        for obj in rows:
            data = self.row(obj, section.skip, section.parent)
            if section.model is Entry:
                data["player"] = self.row(obj.player, PLAYER_SKIP, None)  # type: ignore[attr-defined]
            refs[obj.pk] = key_json(key_of(section, data))
            out.append((obj, data))
        out.sort(key=lambda pair: sort_key(key_of(section, pair[1])))
        return out

    def section(self, section: Section, rows: Iterable[models.Model]) -> list[dict[str, Any]]:
        return [data for _obj, data in self.pairs(section, rows)]


# This server's own record of the archives it imported (one audit entry per import) stays here, like
# ``TournamentImport``: an export, an import elsewhere and an export there still give the same document.
LOCAL_AUDIT_ACTIONS = ("import_archive",)


def _section_rows(section: Section, tournament: Tournament) -> models.QuerySet[models.Model]:
    """The rows of ``section`` that belong to ``tournament``'s archive, in the order they were made."""
    qs = section.model._default_manager.filter(**{lookup(section): tournament}).order_by("pk")
    if section.model is AuditEntry:
        qs = qs.exclude(action__in=LOCAL_AUDIT_ACTIONS)
    if section.model is Entry:
        qs = qs.select_related("player")
    return qs


def tournament_document(tournament: Tournament, *, exported_at: datetime.datetime | None = None,
                        include_email: bool = False) -> dict[str, Any]:
    """The archive document of ``tournament`` (a dict ready for JSON); the accounts' e-mail addresses
    only with ``include_email``."""
    ex = _Exporter()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": plain_value(models.DateTimeField(), exported_at or timezone.now()),
        "tournament": ex.row(tournament, TOURNAMENT_SKIP, None),
    }
    for section in SECTIONS:
        doc[section.name] = ex.section(section, _section_rows(section, tournament))
    user_model = account_model()
    doc["users"] = sorted(
        ({"username": u.get_username(), "first_name": getattr(u, "first_name", ""),
          "last_name": getattr(u, "last_name", ""), **({"email": getattr(u, "email", "")} if include_email else {})}
         for u in user_model.objects.filter(pk__in=ex.users)),
        key=lambda u: u["username"],
    )
    return doc


def document_bytes(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False, indent=1).encode("utf-8")


def export_archive(tournament: Tournament, *, include_email: bool = False) -> bytes:
    """The zip: ``tournament.json`` and ``games.pdn`` (e-mail addresses only with ``include_email``:
    the caller audits why, see ``export_with_email``)."""
    doc = tournament_document(tournament, include_email=include_email)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(JSON_NAME, document_bytes(doc))
        zf.writestr(PDN_NAME, export_games(tournament_games(tournament)).encode("utf-8"))
    return buf.getvalue()


def archive_filename(tournament: Tournament) -> str:
    return f"{tournament.slug}-{timezone.localdate():%Y%m%d}.zip"


@transaction.atomic
def export_with_email(tournament: Tournament, actor: User, reason: str) -> bytes:
    """The archive with the accounts' e-mail addresses, for a reason the chief arbiter gives; the
    reason is written to the audit log (who, when, why)."""
    reason = " ".join(reason.split())
    if not reason:
        raise ArchiveError(_("Say why the archive must contain e-mail addresses."))
    record(actor, tournament, "archive.export_with_email", tournament, after=reason[:500])
    return export_archive(tournament, include_email=True)


# --- the previous import (the base of the three-way merge) -------------------------------------

COMPACT_BASE = 2  # TournamentImport.document["compact"]: the rows are in ``TournamentImport.rows``


class _Base:
    """What the previous import of the event said, as compact rows (``archive_schema.compact``):
    ``tournament`` and, section by section, the rows by key digest."""

    def __init__(self, imported: TournamentImport) -> None:
        self.imported = imported
        doc = imported.document if isinstance(imported.document, dict) else {}
        self.compacted = doc.get("compact") == COMPACT_BASE
        self.tournament: dict[str, Any] = compact(doc.get("tournament") or {})

    def _lines(self) -> Iterator[list[Any]]:
        if not self.compacted:  # an import made before bases were compact: the whole document
            doc = self.imported.document
            for section in SECTIONS:
                for row in doc.get(section.name, []) if isinstance(doc, dict) else []:
                    if isinstance(row, dict):
                        yield [section.name, compact(row)]
            return
        with gzip.open(io.BytesIO(bytes(self.imported.rows)), "rt", encoding="utf-8") as fh:
            for line in fh:
                yield json.loads(line)

    def section(self, section: Section) -> dict[bytes, dict[str, Any]]:
        out = {}
        for name, row in self._lines():
            if name == section.name and isinstance(row, dict):
                out[_digest(key_of(section, row))] = row
        return out


def _digest(key: list[Any]) -> bytes:
    """A row's natural key as 20 bytes (a set of 100,000 audit keys costs a few MB, not 100)."""
    return hashlib.sha1(hashable(key).encode("utf-8"), usedforsecurity=False).digest()


class _BaseWriter:
    """The compact rows of the document being imported: the base of the next import."""

    def __init__(self) -> None:
        self.buf = io.BytesIO()
        self.gz = gzip.GzipFile(fileobj=self.buf, mode="wb", compresslevel=6)

    def add(self, name: str, row: dict[str, Any]) -> None:
        self.gz.write(json.dumps([name, row], ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")

    def value(self) -> bytes:
        self.gz.close()
        return self.buf.getvalue()


# --- import -----------------------------------------------------------------------------------

@dataclass
class ImportReport:
    """What an import did (the page and the command print it)."""

    slug: str = ""
    created: bool = False
    added: dict[str, int] = field(default_factory=dict)
    changed: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    users_created: list[str] = field(default_factory=list)
    ignored_fields: list[str] = field(default_factory=list)
    roles_ignored: int = 0
    chief_arbiter: str = ""
    waiting: list[str] = field(default_factory=list)
    removed: dict[str, int] = field(default_factory=dict)  # a mirror: rows the laptop no longer has

    @property
    def unchanged(self) -> bool:
        return not (self.created or self.added or self.changed or self.users_created or self.removed)

    def as_dict(self) -> dict[str, Any]:
        return {"slug": self.slug, "created": self.created, "added": self.added, "changed": self.changed,
                "kept": self.kept, "users_created": self.users_created, "ignored_fields": self.ignored_fields,
                "roles_ignored": self.roles_ignored, "chief_arbiter": self.chief_arbiter, "waiting": self.waiting,
                "removed": self.removed, "lines": self.lines()}

    def lines(self) -> list[str]:
        out = []
        if self.created:
            out.append(_("Tournament %(slug)s created.") % {"slug": self.slug})
        elif self.unchanged:
            out.append(_("Tournament %(slug)s: nothing changed (this archive was already imported).")
                       % {"slug": self.slug})
        else:
            out.append(_("Tournament %(slug)s updated.") % {"slug": self.slug})
        out += [_("%(section)s: %(n)s added") % {"section": k, "n": v} for k, v in sorted(self.added.items())]
        out += [_("%(section)s: %(n)s removed") % {"section": k, "n": v} for k, v in sorted(self.removed.items())]
        if not self.created:
            out += self.changed
        out += [_("Kept (changed on this server): %(what)s") % {"what": k} for k in self.kept]
        if self.users_created:
            out.append(_("Accounts created (inactive): %(names)s") % {"names": ", ".join(self.users_created)})
        if self.chief_arbiter:
            out.append(_("Chief arbiter on this server: %(name)s (roles are never imported).")
                       % {"name": self.chief_arbiter})
        if self.roles_ignored:
            out.append(_("Roles in the archive not imported: %(n)s (an archive never grants a role; the chief "
                         "arbiter gives them on this server).") % {"n": self.roles_ignored})
        if self.ignored_fields:
            out.append(_("Fields this server does not know, ignored: %(names)s")
                       % {"names": ", ".join(self.ignored_fields)})
        out += self.waiting
        return out


def _imported_audit(row: dict[str, Any]) -> dict[str, Any]:
    """An audit row of an archive as this server keeps it: history marked imported, the name the
    archive gave kept as text, never linked to a local account."""
    name = row.get("imported_actor") or row.get("actor") or ""
    return {**row, "actor": None, "imported": True, "imported_actor": str(name)[:150]}


def archive_uid(tournament: dict[str, Any]) -> Any:
    """The tournament's identity in an archive (``event_id`` in archives made before events had stages)."""
    return tournament.get("uid", tournament.get("event_id"))


# Pairing systems as archives made before the one registry named them.
_OLD_SYSTEMS = {"swiss_dutch": "dutch", "round_robin": "berger", "double_round_robin": "berger_double"}


def _older_tournament(row: dict[str, Any]) -> dict[str, Any]:
    """The tournament row of an archive written by an earlier version, as today's: ``event_id`` was the
    tournament's identity before events had stages; systems had their own names, the Keizer options were
    ``keizer_params`` and Baku acceleration a field of its own before the one registry."""
    out = dict(row)
    if "uid" not in out and "event_id" in out:
        out["uid"] = out.pop("event_id")
    system = out.get("pairing_system")
    if isinstance(system, str) and system in _OLD_SYSTEMS:
        out["pairing_system"] = _OLD_SYSTEMS[system]
    if "keizer_params" in out:
        out.setdefault("system_options", out.pop("keizer_params") or {})
    if out.pop("baku_acceleration", False):
        out["system_options"] = {**(out.get("system_options") or {}), "baku_acceleration": True}
    return out


def _older_row(section: Section, row: dict[str, Any], board_players: dict[str, tuple[Any, Any]]) -> dict[str, Any]:
    """A row of an archive written by an earlier version, as today's: entries carried the player's
    details in ``player`` only before each entry kept its own; before a pairing held several games, each
    board had one game, whose players were the board's (``board_players``: board key -> White, Black)."""
    if section.model is Entry:
        player = row["player"]
        return {**{f: player[f] for f in ENTRY_DETAILS if f not in row and f in player}, **row}
    if section.model is Game and "number" not in row:
        white, black = board_players.get(hashable(row.get("board")), (None, None))
        return {**row, "number": 1, **({} if "white" in row else {"white": white, "black": black})}
    return row


class _Importer:
    """One import. ``mirror``: the tournament this archive mirrors (issue 30.3): the archive is the truth,
    applied as a replica (every changed value taken, rows it no longer has removed, the server's web
    address kept), never a merge."""

    def __init__(self, doc: ArchiveDocument, base: _Base | None, actor: User,
                 progress: Progress | None = None, mirror: Tournament | None = None) -> None:
        self.doc = doc
        self.mirror = mirror
        self.stale: list[tuple[Section, list[int]]] = []  # a mirror's rows to remove, in section order
        self.base = base
        self.actor = actor
        self.progress = progress
        self.report = ImportReport()
        self.users: dict[str, int] = {}
        self.refs: dict[type[models.Model], dict[str, int]] = {}
        self.ex = _Exporter()
        self.next_base = _BaseWriter()
        self.board_players: dict[str, tuple[Any, Any]] = {}  # board key -> White, Black (``_older_row``)

    # values ------------------------------------------------------------------------------
    def _value(self, where: str, f: AnyField, value: Any) -> Any:
        """The Python value (or the target's pk for a relation) of an archived field value."""
        if f.is_relation:
            if value is None:
                return None
            target = target_model(f)
            if target is account_model():
                if not isinstance(value, str) or value not in self.users:
                    raise ArchiveError(_("%(where)s: unknown user %(user)r.") % {"where": where, "user": value})
                return self.users[value]
            pk = self.refs.get(target, {}).get(hashable(value))
            if pk is None:
                raise ArchiveError(_("%(where)s: refers to %(target)s %(key)s, which is not in the archive.")
                                   % {"where": where, "target": target._meta.verbose_name, "key": value})
            return pk
        if isinstance(value, dict | list) and not isinstance(f, models.JSONField):
            raise ArchiveError(_("%(where)s: not a plain value.") % {"where": where})
        try:
            return f.to_python(value)
        except ValidationError as exc:
            raise ArchiveError(f"{where}: {' '.join(exc.messages)}") from None

    def _changes(self, section_name: str, model: type[models.Model], theirs: dict[str, Any],
                 ours: dict[str, Any] | None, base: dict[str, Any] | None, skip: frozenset[str],
                 parent: str | None) -> list[str]:
        """The fields the archive changed (``ours``/``base``: compact rows; None for a new row)."""
        known = {f.name: f for f in concrete_fields(model, skip)}
        for name in theirs:
            if name not in known and name != "player":
                label = f"{model._meta.model_name}.{name}"
                if label not in self.report.ignored_fields:
                    self.report.ignored_fields.append(label)
        changed = []
        for name, f in known.items():
            if name == parent and f.related_model is Tournament or name not in theirs:
                continue
            if ours is not None:
                mine = compact(theirs[name])
                if mine == ours.get(name):
                    continue
                if self.mirror is None and base is not None and name in base and base[name] == mine:
                    # Only this server changed it since the last import: keep it.
                    self.report.kept.append(f"{section_name} {_key_text(theirs, name)}: {name}")
                    continue
            changed.append(name)
        return changed

    def _apply(self, where: str, obj: models.Model, theirs: dict[str, Any], names: list[str]) -> None:
        known = {f.name: f for f in type(obj)._meta.concrete_fields}
        for name in names:
            f = known[name]
            setattr(obj, f.attname, self._value(f"{where}.{name}", f, theirs[name]))

    def _save(self, where: str, obj: models.Model, changed: list[str], theirs: dict[str, Any], created: bool) -> None:
        auto = [f for f in type(obj)._meta.concrete_fields
                if isinstance(f, models.DateField) and (getattr(f, "auto_now", False) or getattr(f, "auto_now_add",
                                                                                                 False))]
        exclude = [f.name for f in type(obj)._meta.concrete_fields if f.is_relation or f in auto]
        try:
            obj.clean_fields(exclude=exclude)
        except ValidationError as exc:
            detail = "; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items())
            raise ArchiveError(f"{where}: {detail}") from None
        plain = [n for n in changed if n not in {f.name for f in auto}]
        if created:
            obj.save(force_insert=True)
        elif plain:
            obj.save(update_fields=plain)
        stamps = {f.attname: f.to_python(theirs[f.name])
                  for f in auto if f.name in theirs and (created or f.name in changed)}
        if stamps:
            type(obj)._default_manager.filter(pk=obj.pk).update(**stamps)

    # users -------------------------------------------------------------------------------
    def users_step(self) -> None:
        user_model = account_model()
        names = {u["username"]: u for _i, u in self.doc.rows("users")}
        existing = dict(user_model.objects.filter(**{f"{user_model.USERNAME_FIELD}__in": list(names)})
                        .values_list(user_model.USERNAME_FIELD, "pk"))
        for name, data in sorted(names.items()):
            if name in existing:
                self.users[name] = existing[name]
                continue
            user = user_model(**{user_model.USERNAME_FIELD: name})
            for attr in ("first_name", "last_name", "email"):
                if hasattr(user, attr) and isinstance(data.get(attr), str):
                    setattr(user, attr, data[attr])
            user.is_active = False
            user.set_unusable_password()
            try:
                user.full_clean(exclude=["password"])
            except ValidationError as exc:
                raise ArchiveError(_("users: %(name)r: %(error)s") % {"name": name, "error": " ".join(exc.messages)}
                                   ) from None
            user.save()
            self.users[name] = user.pk
            self.report.users_created.append(name)

    # tournament --------------------------------------------------------------------------
    def tournament_step(self) -> Tournament:
        theirs = _older_tournament(self.doc["tournament"])
        if self.mirror is not None:
            theirs = {**theirs, "slug": self.mirror.slug}  # the server's web address stays
        event = theirs.get("uid")
        try:
            event_id = uuid.UUID(str(event))
        except ValueError:
            raise ArchiveError(_("tournament.uid: %(value)r is not a tournament id.") % {"value": event}) from None
        tournament = Tournament.objects.filter(uid=event_id).first()
        created = tournament is None
        if tournament is None:
            ours = None
            tournament = Tournament()
        else:
            ours = compact(self.ex.row(tournament, TOURNAMENT_SKIP, None))
        slug = theirs.get("slug")
        taken = (Tournament.objects.filter(slug__iexact=slug).exclude(uid=event_id).values_list("slug", flat=True)
                 .first() if isinstance(slug, str) else None)
        if taken is not None:
            raise ArchiveError(_("The web address /t/%(slug)s/ is used by another tournament on this server (as "
                                 "/t/%(taken)s/: addresses differing only in capitals are the same); rename one of "
                                 "them first.") % {"slug": slug, "taken": taken})
        base = self.base.tournament if self.base else None
        changed = self._changes("tournament", Tournament, theirs, ours, base, TOURNAMENT_SKIP, None)
        self._apply("tournament", tournament, theirs, changed)
        self._save("tournament", tournament, changed, theirs, created)
        self.report.created = created
        self.report.slug = tournament.slug
        if changed and not created:
            self.report.changed += [_("tournament: %(field)s changed") % {"field": n} for n in changed]
        if created and isinstance(self.actor, Account) and self.mirror is None:
            Role.objects.create(tournament=tournament, user=self.actor, kind=Role.Kind.CHIEF_ARBITER)
            self.report.chief_arbiter = self.actor.get_full_name() or self.actor.get_username()
        return tournament

    # sections ----------------------------------------------------------------------------
    def _ours(self, tournament: Tournament, section: Section) -> dict[bytes, tuple[int, dict[str, Any]]]:
        """This server's rows of the section by key digest: (pk, compact row); references remembered."""
        qs = _section_rows(section, tournament)
        refs = self.refs.setdefault(section.model, {})
        ex_refs = self.ex.refs.setdefault(section.model, {})
        out = {}
        for obj in qs.iterator(chunk_size=500):
            data = self.ex.row(obj, section.skip, section.parent)
            if section.model is Entry:
                data["player"] = self.ex.row(obj.player, PLAYER_SKIP, None)  # type: ignore[attr-defined]
            row = compact(data)
            key = key_of(section, row)
            # History rows are only looked up (a row the server has is never changed): keep no copy.
            out[_digest(key)] = (obj.pk, {} if section.append_only else row)
            if not section.append_only:  # history rows are never referred to
                ex_refs[obj.pk] = key_json(key)
                refs[hashable(key_json(key))] = obj.pk
        return out

    def _rows(self, section: Section) -> Iterator[tuple[int, dict[str, Any]]]:
        rows = self.doc.rows(section.name)
        if section.model is ResultSubmission:
            # Confirmed ones last: one confirmed submission per game at every moment.
            confirmed = ResultSubmission.Status.CONFIRMED
            yield from ((i, r) for i, r in rows if r.get("status") != confirmed)
            yield from ((i, r) for i, r in self.doc.rows(section.name) if r.get("status") == confirmed)
            return
        for index, row in rows:
            if section.model is AuditEntry:
                yield index, _imported_audit(row)
                continue
            row = _older_row(section, row, self.board_players)
            if section.model is Board:
                self.board_players[hashable(key_json(key_of(section, row)))] = (row.get("white"), row.get("black"))
            yield index, row

    def section_step(self, tournament: Tournament, section: Section) -> None:
        ours_by_key = self._ours(tournament, section)
        base_by_key = self.base.section(section) if self.base is not None and not section.append_only else {}
        refs = self.refs.setdefault(section.model, {})
        if section.model is Entry and self.base is not None:
            self._free_start_numbers(ours_by_key)
        seen: set[bytes] = set()
        added = 0
        for index, theirs in self._rows(section):
            where = f"{section.name}[{index}]"
            small = compact(theirs)
            self.next_base.add(section.name, small)
            key = _digest(key_of(section, small))
            if key in seen:
                raise ArchiveError(_("%(where)s: the same row appears twice.") % {"where": where})
            seen.add(key)
            found = ours_by_key.get(key)
            if found is not None and section.append_only:
                continue
            if found is None and section.parent != "tournament" and theirs.get(section.parent) is None:
                raise ArchiveError(_("%(where)s: %(field)s is missing.") % {"where": where, "field": section.parent})
            pk = self._row(tournament, section, where, theirs, found, base_by_key.get(key))
            if pk is not None:
                added += 1
                if not section.append_only:
                    refs[hashable(key_json(key_of(section, theirs)))] = pk
        if added:
            self.report.added[section.name] = added
        if self.mirror is not None and not section.append_only:
            stale = [pk for key, (pk, _row) in ours_by_key.items() if key not in seen]
            if stale:
                self.stale.append((section, stale))

    def remove_stale(self) -> None:
        """A mirror: remove the rows the laptop no longer has, dependants first (reverse section order)."""
        for section, pks in reversed(self.stale):
            deleted = section.model._default_manager.filter(pk__in=pks).delete()[1].get(section.model._meta.label, 0)
            if deleted:
                self.report.removed[section.name] = deleted

    def _row(self, tournament: Tournament, section: Section, where: str, theirs: dict[str, Any],
             found: tuple[int, dict[str, Any]] | None, base: dict[str, Any] | None) -> int | None:
        """Store one row: the new row's pk when it was added, else None."""
        ours = found[1] if found else None
        changed = self._changes(section.name, section.model, theirs, ours, base, section.skip, section.parent)
        if found is not None and not changed:
            return None
        obj = section.model() if found is None else self._load(section, found[0])
        if found is None and section.parent == "tournament":
            obj.tournament_id = tournament.pk  # type: ignore[attr-defined]
        if section.model is Entry and found is None:
            self._player(where, obj, theirs)
        self._apply(where, obj, theirs, changed)
        if section.model is ResultSubmission:
            changed = self._no_own_confirmation(where, obj, changed, ours)  # type: ignore[arg-type]
        self._save(where, obj, changed, theirs, found is None)
        if section.model is Entry and found is not None and changed:
            record(self.actor, tournament, "entry.edit", obj, before=_fields_text(ours, changed),
                   after=_fields_text(theirs, changed) + " (archive import)")
        if found is not None and changed:
            self.report.changed.append(_("%(where)s %(key)s: %(fields)s changed")
                                       % {"where": section.name, "key": _key_text(theirs, None, section),
                                          "fields": ", ".join(changed)})
        return obj.pk if found is None else None

    @staticmethod
    def _load(section: Section, pk: int) -> models.Model:
        qs = section.model._default_manager.all()
        if section.model is Entry:
            qs = qs.select_related("player")
        return qs.get(pk=pk)

    def _no_own_confirmation(self, where: str, sub: ResultSubmission, changed: list[str],
                             ours: dict[str, Any] | None) -> list[str]:
        """The fields of ``sub`` to save. A confirmed result the import adds to a game the importing
        user plays in waits for confirmation instead; a change to a confirmed result of such a game (or
        one that would confirm it) is not taken. Nobody confirms a result of their own game, an archive
        neither. ``ours``: this server's row before the import (None: a new row)."""
        created = ours is None
        confirmed = ResultSubmission.Status.CONFIRMED
        user_id = getattr(self.actor, "pk", None) if getattr(self.actor, "is_authenticated", False) else None
        touches = (sub.status == confirmed if created
                   else bool(changed) and confirmed in (sub.status, (ours or {}).get("status")))
        if user_id is None or not touches:
            return changed
        players = Game.objects.filter(pk=sub.game_id).values_list("white__user_id", "black__user_id",
                                                                  "board__round__number", "board__number").first()
        if players is None or user_id not in players[:2]:
            return changed
        what = {"where": where, "round": players[2], "board": players[3], "result": sub.result}
        if created:
            sub.status = ResultSubmission.Status.PENDING
            sub.confirmed_by_id = None
            sub.confirmed_at = None
            self.report.waiting.append(_(
                "Round %(round)s, board %(board)s (%(where)s): you play in this game, so its result %(result)s "
                "waits for confirmation by your opponent or another arbiter.") % what)
            return changed
        sub.refresh_from_db()
        self.report.waiting.append(_(
            "Round %(round)s, board %(board)s (%(where)s): you play in this game, so the archive's change to its "
            "confirmed result was not taken; another arbiter imports it, or changes the result.") % what)
        return []

    def _player(self, where: str, entry: models.Model, theirs: dict[str, Any]) -> None:
        """Tie a new entry to its player: the one with its FMJD id on this server, else a new one made of
        the archive's details. No existing player is changed: what a tournament shows is its entries'
        own details, so an import never alters another tournament."""
        fmjd = str(theirs.get("fmjd_id") or theirs["player"].get("fmjd_id") or "").strip()
        player = Player.objects.filter(fmjd_id=fmjd).order_by("pk").first() if fmjd else None
        if player is None:
            player = Player()
            changed = self._changes("entries", Player, theirs["player"], None, None, PLAYER_SKIP, None)
            self._apply(f"{where}.player", player, theirs["player"], changed)
            self._save(f"{where}.player", player, changed, theirs["player"], True)
        entry.player_id = player.pk  # type: ignore[attr-defined]

    def _free_start_numbers(self, ours_by_key: dict[bytes, tuple[int, dict[str, Any]]]) -> None:
        """Start numbers that move are cleared first (unique per tournament at every moment)."""
        section = SECTIONS[0]
        moving = []
        for _i, theirs in self.doc.rows(section.name):
            found = ours_by_key.get(_digest(key_of(section, compact(theirs))))
            if found and "start_number" in theirs and theirs["start_number"] != found[1].get("start_number"):
                moving.append(found[0])
        if moving:
            Entry.objects.filter(pk__in=moving).update(start_number=None)
            for pk, row in ours_by_key.values():
                if pk in moving:
                    row["start_number"] = None

    def run(self) -> Tournament:
        self.users_step()
        tournament = self.tournament_step()
        for done, section in enumerate(SECTIONS, start=1):
            self.section_step(tournament, section)
            if self.progress is not None:
                self.progress(done * 100 // len(SECTIONS), _("Importing %(section)s") % {"section": section.name})
        self.remove_stale()
        self.report.roles_ignored = sum(self.doc.counts.get(name, 0) for name in DROPPED_SECTIONS)
        return tournament


def _key_text(row: dict[str, Any], name: str | None, section: Section | None = None) -> str:
    if section is not None:
        return json.dumps(key_json(key_of(section, row)), ensure_ascii=False)
    return str(row.get("slug", ""))


def may_import(user: User, doc: ArchiveDocument | dict[str, Any]) -> bool:
    """A new event: whoever may create tournaments (staff; arbiters where the site allows it). An
    event this server has: its chief arbiter, or staff; never another tournament's arbiter."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    event = str(archive_uid(doc.get("tournament") or {}) or "")
    try:
        existing = Tournament.objects.filter(uid=uuid.UUID(event)).first()
    except ValueError:
        existing = None
    if existing is not None:
        return bool(user.is_staff or is_chief_arbiter(user, existing))
    return bool(user.has_perm("tournaments.create_tournament"))


def _fields_text(row: dict[str, Any] | None, fields: list[str]) -> str:
    return "; ".join(f"{f}={'' if row is None or row.get(f) is None else row.get(f)}" for f in fields)


def _store(doc: ArchiveDocument, actor: User, progress: Progress | None,
           mirror: Tournament | None = None) -> ImportReport:
    event = archive_uid(doc["tournament"])
    previous = None
    with contextlib.suppress(ValueError):
        previous = (TournamentImport.objects.filter(tournament__uid=uuid.UUID(str(event)))
                    .order_by("-imported_at", "-id").first())
    importer = _Importer(doc, _Base(previous) if previous else None, actor, progress, mirror)
    with quiet_bumps():  # one version bump for the whole import, below, not one per row
        tournament = importer.run()
    report = importer.report
    if not report.unchanged:
        bump(tournament.pk)
    if not report.unchanged:
        TournamentImport.objects.create(
            tournament=tournament, sha256=doc.sha256,
            document={"format": doc["format"], "version": doc["version"], "compact": COMPACT_BASE,
                      "exported_at": doc.get("exported_at"), "tournament": compact(doc["tournament"])},
            rows=importer.next_base.value(), report=report.as_dict(),
            imported_by=actor if isinstance(actor, Account) else None)
        record(actor, tournament, "import_archive" if mirror is None else "mirror_received", tournament,
               after="; ".join(report.lines())[:2000])
    return report


def import_archive(source: Source, actor: User = None, *,
                   check: Callable[[ArchiveDocument], None] | None = None,
                   progress: Progress | None = None, mirror: Tournament | None = None) -> ImportReport:
    """Import the zip ``source`` (bytes, a path or a binary file) in one transaction. The archive is
    read and checked first (``progress(pct, message)`` hears of both steps); ``check(doc)`` may refuse
    (a permission check) by raising ArchiveError before anything is written. ``mirror``: the tournament
    the archive mirrors (a replica, see ``_Importer``; its uid is the archive's). Returns the report."""
    reading = (lambda pct, message: progress(pct * 3 // 10, message)) if progress else None
    with read_archive(source, progress=reading) as doc:
        if check is not None:
            check(doc)
        importing = (lambda pct, message: progress(30 + pct * 7 // 10, message)) if progress else None
        try:
            with transaction.atomic():
                return _store(doc, actor, importing, mirror)
        except ArchiveError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as exc:
            # A row of an unexpected shape that the outline check let through: name it, store nothing.
            log.warning("archive import refused: %r", exc)
            raise ArchiveError(_("The archive is damaged: a row has an unexpected shape (%(error)s); nothing was "
                                 "stored.") % {"error": f"{type(exc).__name__}: {exc}"[:200]}) from None
        except (IntegrityError, DatabaseError) as exc:
            raise ArchiveError(_("The archive contradicts itself or this server's data; nothing was stored "
                                 "(%(error)s).") % {"error": str(exc).splitlines()[0] if str(exc) else
                                                    type(exc).__name__}) from None
