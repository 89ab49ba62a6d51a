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

Import (one transaction: any error stores nothing):

* a new tournament (unknown ``uid``, ``event_id`` in archives made before stages)
  is created as in the archive; users are matched by username
  and missing ones created inactive (no usable password);
* a tournament this server has (same ``uid``) is updated by a three-way merge against the
  document of the previous import: a value the archive changed since then is taken, a value only
  this server changed is kept, rows only this server has are kept; the report says what changed;
* importing the same file again changes nothing;
* nobody confirms a result of a game they play: a confirmed result the archive adds to a game the
  importing user plays in is stored as waiting for the opponent or another arbiter, and a change
  the archive brings to such a game's confirmed result is not taken (this server's is kept); the
  report names each (``ImportReport.waiting``).

Bounds: the zip at most ``MAX_ZIP_BYTES``, at most ``MAX_MEMBERS`` members, each member's and the
total uncompressed size capped (read in chunks, never trusting the sizes the zip declares), and a
compression ratio above ``MAX_RATIO`` refused as a zip bomb.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import io
import json
import logging
import uuid
import zipfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, cast

from django.contrib.auth.models import User as Account
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import TournamentImport
from games.services import User
from games.services.pdn_export import export_games, tournament_games
from tournaments.audit import record
from tournaments.models import (
    ENTRY_DETAILS,
    AuditEntry,
    Board,
    Entry,
    Game,
    Player,
    ResultSubmission,
    Tournament,
)
from tournaments.permissions import is_chief_arbiter

from .archive_schema import (
    LATER_SECTIONS,
    PLAYER_SKIP,
    SECTIONS,
    TOURNAMENT_SKIP,
    AnyField,
    Section,
    account_model,
    concrete_fields,
    hashable,
    key_json,
    key_of,
    lookup,
    plain_value,
    sort_key,
    target_model,
)
from .archive_zip import FORMAT, JSON_NAME, PDN_NAME, VERSION, ArchiveError, json_member

log = logging.getLogger(__name__)


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
    return qs


def tournament_document(tournament: Tournament, *, exported_at: datetime.datetime | None = None) -> dict[str, Any]:
    """The archive document of ``tournament`` (a dict ready for JSON)."""
    ex = _Exporter()
    doc: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": plain_value(models.DateTimeField(), exported_at or timezone.now()),
        "tournament": ex.row(tournament, TOURNAMENT_SKIP, None),
    }
    for section in SECTIONS:
        qs = _section_rows(section, tournament)
        if section.model is Entry:
            qs = qs.select_related("player")
        doc[section.name] = ex.section(section, qs)
    user_model = account_model()
    doc["users"] = sorted(
        ({"username": u.get_username(), "first_name": getattr(u, "first_name", ""),
          "last_name": getattr(u, "last_name", ""), "email": getattr(u, "email", "")}
         for u in user_model.objects.filter(pk__in=ex.users)),
        key=lambda u: u["username"],
    )
    return doc


def document_bytes(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False, indent=1).encode("utf-8")


def export_archive(tournament: Tournament) -> bytes:
    """The zip: ``tournament.json`` and ``games.pdn``."""
    doc = tournament_document(tournament)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(JSON_NAME, document_bytes(doc))
        zf.writestr(PDN_NAME, export_games(tournament_games(tournament)).encode("utf-8"))
    return buf.getvalue()


def archive_filename(tournament: Tournament) -> str:
    return f"{tournament.slug}-{timezone.localdate():%Y%m%d}.zip"


# --- reading ----------------------------------------------------------------------------------

def read_archive(raw: bytes) -> dict[str, Any]:
    """The validated document of the zip ``raw``; ArchiveError naming what is wrong."""
    data = json_member(raw)
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ArchiveError(_("%(name)s is not UTF-8 text.") % {"name": JSON_NAME}) from None
    except (ValueError, RecursionError) as exc:
        raise ArchiveError(_("%(name)s is not valid JSON: %(error)s") % {"name": JSON_NAME, "error": exc}) from None
    check_document(doc)
    return cast(dict[str, Any], doc)


def check_document(doc: Any) -> None:
    """The document's outline: format, version, sections of the right types."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ArchiveError(_("%(name)s is not a tournament archive of this program (format %(format)r).")
                           % {"name": JSON_NAME, "format": doc.get("format") if isinstance(doc, dict) else None})
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ArchiveError(_("The archive has no format version."))
    if version > VERSION:
        raise ArchiveError(_("The archive has format version %(v)s, made by a newer version of this program; "
                             "this server reads version %(mine)s. Update the server first.")
                           % {"v": version, "mine": VERSION})
    if version < 1:
        raise ArchiveError(_("Unknown archive format version %(v)s.") % {"v": version})
    if not isinstance(doc.get("tournament"), dict):
        raise ArchiveError(_("The archive has no tournament."))
    for name in LATER_SECTIONS:
        doc.setdefault(name, [])  # an archive made before the section existed has none of its rows
    for name in [s.name for s in SECTIONS] + ["users"]:
        rows = doc.get(name)
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            raise ArchiveError(_("Section %(name)s of the archive is missing or not a list of rows.") % {"name": name})
    for i, entry in enumerate(doc["entries"]):
        if not isinstance(entry.get("player"), dict):
            raise ArchiveError(_("entries[%(i)s]: the player is missing.") % {"i": i})
    for i, user in enumerate(doc["users"]):
        if not isinstance(user.get("username"), str) or not user["username"]:
            raise ArchiveError(_("users[%(i)s]: the username is missing.") % {"i": i})
    _older_shapes(doc)


def _older_shapes(doc: dict[str, Any]) -> None:
    """Read archives written by earlier versions of the program as today's: the tournament's identity was
    ``event_id`` before events had stages; entries carried the player's details in ``player`` only before
    each entry kept its own."""
    tournament = doc["tournament"]
    if "uid" not in tournament and "event_id" in tournament:
        tournament["uid"] = tournament.pop("event_id")
    for i, entry in enumerate(doc["entries"]):
        player = entry["player"]
        doc["entries"][i] = {**{f: player[f] for f in ENTRY_DETAILS if f not in entry and f in player}, **entry}
    # Before a pairing held several games, each board had one game, whose players were the board's.
    board_section = next(s for s in SECTIONS if s.model is Board)
    boards = {hashable(key_json(key_of(board_section, b))): b for b in doc["boards"]}
    for game in doc["games"]:
        if "number" not in game:
            game["number"] = 1
            board = boards.get(hashable(game.get("board")))
            if isinstance(board, dict) and "white" not in game:
                game["white"], game["black"] = board.get("white"), board.get("black")


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
    waiting: list[str] = field(default_factory=list)

    @property
    def unchanged(self) -> bool:
        return not (self.created or self.added or self.changed or self.users_created)

    def as_dict(self) -> dict[str, Any]:
        return {"slug": self.slug, "created": self.created, "added": self.added, "changed": self.changed,
                "kept": self.kept, "users_created": self.users_created, "ignored_fields": self.ignored_fields,
                "waiting": self.waiting}

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
        if not self.created:
            out += self.changed
        out += [_("Kept (changed on this server): %(what)s") % {"what": k} for k in self.kept]
        if self.users_created:
            out.append(_("Accounts created (inactive): %(names)s") % {"names": ", ".join(self.users_created)})
        if self.ignored_fields:
            out.append(_("Fields this server does not know, ignored: %(names)s")
                       % {"names": ", ".join(self.ignored_fields)})
        out += self.waiting
        return out


class _Importer:
    def __init__(self, doc: dict[str, Any], base: dict[str, Any] | None, actor: User) -> None:
        self.doc = doc
        self.base = base
        self.actor = actor
        self.report = ImportReport()
        self.users: dict[str, int] = {}
        self.refs: dict[type[models.Model], dict[str, int]] = {}
        self.ex = _Exporter()

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

    def _apply(self, section_name: str, index: int, obj: models.Model, theirs: dict[str, Any],
               ours: dict[str, Any] | None, base: dict[str, Any] | None, skip: frozenset[str],
               parent: str | None) -> list[str]:
        """Set on ``obj`` the fields the archive changed; returns the names set."""
        known = {f.name: f for f in concrete_fields(type(obj), skip)}
        for name in theirs:
            if name not in known and name != "player":
                label = f"{type(obj)._meta.model_name}.{name}"
                if label not in self.report.ignored_fields:
                    self.report.ignored_fields.append(label)
        changed = []
        for name, f in known.items():
            if name == parent and f.related_model is Tournament or name not in theirs:
                continue
            if ours is not None:
                if theirs[name] == ours.get(name):
                    continue
                if base is not None and name in base and base[name] == theirs[name]:
                    # Only this server changed it since the last import: keep it.
                    what = f"{section_name} {_key_text(theirs, name)}: {name}"
                    self.report.kept.append(what)
                    continue
            setattr(obj, f.attname, self._value(f"{section_name}[{index}].{name}", f, theirs[name]))
            changed.append(name)
        return changed

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
        names = {u["username"]: u for u in self.doc["users"]}
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
        theirs = self.doc["tournament"]
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
            ours = self.ex.row(tournament, TOURNAMENT_SKIP, None)
        slug = theirs.get("slug")
        if isinstance(slug, str) and Tournament.objects.filter(slug=slug).exclude(uid=event_id).exists():
            raise ArchiveError(_("The web address /t/%(slug)s/ is used by another tournament on this server; "
                                 "rename one of them first.") % {"slug": slug})
        base = self.base["tournament"] if self.base else None
        changed = self._apply("tournament", 0, tournament, theirs, ours, base, TOURNAMENT_SKIP, None)
        self._save("tournament", tournament, changed, theirs, created)
        self.report.created = created
        self.report.slug = tournament.slug
        if changed and not created:
            self.report.changed += [_("tournament: %(field)s changed") % {"field": n} for n in changed]
        return tournament

    # sections ----------------------------------------------------------------------------
    def section_step(self, tournament: Tournament, section: Section) -> None:
        qs = _section_rows(section, tournament)
        if section.model is Entry:
            qs = qs.select_related("player")
        ours_by_key = {hashable(key_of(section, d)): (obj, d) for obj, d in self.ex.pairs(section, qs)}
        base_by_key = {}
        if self.base is not None:
            base_by_key = {hashable(key_of(section, d)): d for d in self.base.get(section.name, [])
                           if isinstance(d, dict)}
        refs = self.refs.setdefault(section.model, {})
        for obj, data in ours_by_key.values():
            refs[hashable(key_json(key_of(section, data)))] = obj.pk
        rows = list(enumerate(self.doc[section.name]))
        if section.model is ResultSubmission:
            # Leave "confirmed" last: one confirmed submission per game at every moment.
            rows.sort(key=lambda r: r[1].get("status") == ResultSubmission.Status.CONFIRMED)
        if section.model is Entry and self.base is not None:
            self._free_start_numbers(tournament, rows, ours_by_key)
        seen: set[str] = set()
        added = 0
        for index, theirs in rows:
            where = f"{section.name}[{index}]"
            key = hashable(key_of(section, theirs))
            if key in seen:
                raise ArchiveError(_("%(where)s: the same row appears twice.") % {"where": where})
            seen.add(key)
            found = ours_by_key.get(key)
            obj, ours = (found[0], found[1]) if found else (section.model(), None)
            base = base_by_key.get(key)
            if found is None and section.parent == "tournament":
                obj.tournament_id = tournament.pk  # type: ignore[attr-defined]
            elif found is None and theirs.get(section.parent) is None:
                raise ArchiveError(_("%(where)s: %(field)s is missing.") % {"where": where, "field": section.parent})
            if section.model is Entry and found is None:
                self._player(where, obj, theirs)
            changed = self._apply(section.name, index, obj, theirs, ours, base, section.skip, section.parent)
            if section.model is ResultSubmission:
                changed = self._no_own_confirmation(where, cast(ResultSubmission, obj), changed, ours)
            self._save(where, obj, changed, theirs, found is None)
            if section.model is Entry and changed and found is not None:
                record(self.actor, tournament, "entry.edit", obj, before=_fields_text(ours, changed),
                       after=_fields_text(theirs, changed) + " (archive import)")
            if found is None:
                added += 1
                refs[hashable(key_json(key_of(section, theirs)))] = obj.pk
            elif changed:
                self.report.changed.append(_("%(where)s %(key)s: %(fields)s changed")
                                           % {"where": section.name, "key": _key_text(theirs, None, section),
                                              "fields": ", ".join(changed)})
        if added:
            self.report.added[section.name] = added

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
            changed = self._apply("entries", 0, player, theirs["player"], None, None, PLAYER_SKIP, None)
            self._save(f"{where}.player", player, changed, theirs["player"], True)
        entry.player_id = player.pk  # type: ignore[attr-defined]

    def _free_start_numbers(self, tournament: Tournament, rows: list[tuple[int, dict[str, Any]]],
                            ours_by_key: dict[str, tuple[models.Model, dict[str, Any]]]) -> None:
        """Start numbers that move are cleared first (unique per tournament at every moment)."""
        moving = []
        for _i, theirs in rows:
            found = ours_by_key.get(hashable(key_of(SECTIONS[0], theirs)))
            if found and "start_number" in theirs and theirs["start_number"] != found[1].get("start_number"):
                moving.append(found[0].pk)
        if moving:
            Entry.objects.filter(pk__in=moving).update(start_number=None)
            for obj, _d in ours_by_key.values():
                if obj.pk in moving:
                    obj.start_number = None  # type: ignore[attr-defined]

    def run(self) -> Tournament:
        self.users_step()
        tournament = self.tournament_step()
        for section in SECTIONS:
            self.section_step(tournament, section)
        return tournament


def _key_text(row: dict[str, Any], name: str | None, section: Section | None = None) -> str:
    if section is not None:
        return json.dumps(key_json(key_of(section, row)), ensure_ascii=False)
    return str(row.get("slug", ""))


def may_import(user: User, doc: dict[str, Any]) -> bool:
    """A new event: whoever may create tournaments (staff; arbiters where the site allows it). An
    event this server has: its chief arbiter, or staff; never another tournament's arbiter."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    event = str(doc.get("tournament", {}).get("uid", ""))
    try:
        existing = Tournament.objects.filter(uid=uuid.UUID(event)).first()
    except ValueError:
        existing = None
    if existing is not None:
        return bool(user.is_staff or is_chief_arbiter(user, existing))
    return bool(user.has_perm("tournaments.create_tournament"))


def _fields_text(row: dict[str, Any] | None, fields: list[str]) -> str:
    return "; ".join(f"{f}={'' if row is None or row.get(f) is None else row.get(f)}" for f in fields)


def import_archive(raw: bytes, actor: User = None, *, check: Callable[[dict[str, Any]], None] | None = None
                   ) -> ImportReport:
    """Import the zip ``raw`` (one transaction). ``check(doc)`` may refuse (a permission check)
    by raising ArchiveError before anything is written. Returns the report."""
    doc = read_archive(raw)
    if check is not None:
        check(doc)
    digest = hashlib.sha256(document_bytes(doc)).hexdigest()
    try:
        with transaction.atomic():
            event = doc["tournament"].get("uid")
            previous = None
            with contextlib.suppress(ValueError):
                previous = (TournamentImport.objects.filter(tournament__uid=uuid.UUID(str(event)))
                            .order_by("-imported_at", "-id").first())
            importer = _Importer(doc, previous.document if previous else None, actor)
            tournament = importer.run()
            report = importer.report
            if not report.unchanged:
                TournamentImport.objects.create(
                    tournament=tournament, sha256=digest, document=doc, report=report.as_dict(),
                    imported_by=actor if isinstance(actor, Account) else None)
                # A new event too: every import is a change someone made (issue 23: no unaudited write).
                record(actor, tournament, "import_archive", tournament, after="; ".join(report.lines())[:2000])
    except ArchiveError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as exc:
        # A row of an unexpected shape that the outline check let through: name it, store nothing.
        log.warning("archive import refused: %r", exc)
        raise ArchiveError(_("The archive is damaged: a row has an unexpected shape (%(error)s); nothing was stored.")
                           % {"error": f"{type(exc).__name__}: {exc}"[:200]}) from None
    except (IntegrityError, DatabaseError) as exc:
        raise ArchiveError(_("The archive contradicts itself or this server's data; nothing was stored (%(error)s).")
                           % {"error": str(exc).splitlines()[0] if str(exc) else type(exc).__name__}) from None
    return report
