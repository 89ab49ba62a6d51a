"""Rating lists: import a list file (the FMJD player list, or any CSV with a column mapping), find
players in it by name or id, and register one in a tournament from its line.

Format: a CSV file with a header row, separator ``;``, ``,`` or a tab (whichever the header uses
most), UTF-8 (with or without BOM) or, failing that, Windows-1252 (older federation exports). The
columns are found by their header names (``HEADERS``: the FMJD list's own names and common
variants, in English, Dutch, French and German); a column mapping names the header of any field
that is not found. A last name (or a ``name`` column written ``Last, First``) is required.

Bounds: ``MAX_BYTES`` per file and ``MAX_ROWS`` rows; a line that cannot be read (no name, a
rating that is not a number) is skipped and reported with its line number, the first
``MAX_REPORTED`` of them.

Owners and versions: a list belongs to whoever imported it first (``RatingList.owner``). Importing a
file under a name already used replaces that list whole, and only its owner or the site's staff may
(``may_replace``). The file is read into a new version (``complete`` False, searched by nobody, in
batches: the memory stays bounded); the old version stays in use until the new one has been read
completely, then the two change places in one short transaction. A file that is refused, or in which
not one line can be read, leaves the old list untouched. Imports, replacements and refused
replacements are audited in the tournament the arbiter works in.
"""

from __future__ import annotations

import csv
import io
import itertools
import re
import secrets
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import federations
from tournaments.audit import Actor, record
from tournaments.models import Entry, RatingList, RatingListPlayer, Tournament
from tournaments.text import control_characters

from .errors import ServiceError
from .registration import register_player

MAX_BYTES = 20_000_000
MAX_ROWS = 200_000
MAX_REPORTED = 100
SEARCH_LIMIT = 20
BATCH = 2000
# A version left incomplete this long (its import was killed) is removed by the next import.
STALE_VERSION = timedelta(hours=1)

FIELDS = ("player_id", "country", "last_name", "first_name", "name", "sex", "title", "rating", "women_title",
          "women_rating")
# The fields as the messages name them.
FIELD_LABELS = {
    "player_id": gettext_lazy("the id"), "country": gettext_lazy("the country"),
    "last_name": gettext_lazy("the last name"), "first_name": gettext_lazy("the first name"),
    "name": gettext_lazy("the full name"), "sex": gettext_lazy("the sex"), "title": gettext_lazy("the title"),
    "rating": gettext_lazy("the rating"), "women_title": gettext_lazy("the women's title"),
    "women_rating": gettext_lazy("the women's rating"),
}
# Header names (compared without case, accents, spaces, dots, dashes and underscores).
HEADERS: dict[str, tuple[str, ...]] = {
    "player_id": ("id", "fmjdid", "fmjd", "playerid", "number", "nr", "knsbnr", "kndbnr", "licence", "license",
                  "lizenz", "relatienummer", "memberid"),
    "country": ("country", "fed", "federation", "nation", "nat", "land", "pays", "federatie"),
    "last_name": ("lastname", "surname", "familyname", "achternaam", "nom", "nachname", "name1"),
    "first_name": ("firstname", "givenname", "forename", "voornaam", "prenom", "vorname", "name2"),
    "name": ("name", "naam", "player", "speler", "joueur", "spieler", "fullname"),
    "sex": ("sex", "gender", "geslacht", "sexe", "geschlecht"),
    "title": ("title", "titel", "titre"),
    "rating": ("rating", "elo", "ratingfmjd", "rat", "rtg", "classement", "wertung"),
    "women_title": ("womentitle", "womenstitle", "wtitle", "titlewomen"),
    "women_rating": ("womenrating", "womensrating", "wrating", "ratingwomen"),
}


def _key(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[\s._\-'’]+", "", plain)


def search_key(text: str) -> str:
    """What a name is compared by: lower case, no accents, words separated by one space."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return " ".join(re.findall(r"[a-z0-9]+", plain))


@dataclass
class ListReport:
    """What an import did: rows stored, lines skipped (line, reason), the header used for each field."""

    name: str
    rows: int = 0
    skipped: list[tuple[int, str]] = field(default_factory=list)
    skipped_count: int = 0
    columns: dict[str, str] = field(default_factory=dict)


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _columns(header: list[str], mapping: dict[str, str], sample: list[list[str]] | None = None) -> dict[str, int]:
    """Field -> column index, from the mapping first (header names as written), then ``HEADERS``.

    The FMJD and KNDB lists write ``Surname;Name``: beside a last-name column, a column called
    "Name" holds the first names, not the full name (unless its cells, in ``sample``, are written
    ``Last, First``). Without this every player was stored without a first name.
    """
    keys = [_key(h) for h in header]
    out: dict[str, int] = {}
    for fld, wanted in mapping.items():
        if not wanted:
            continue
        if _key(wanted) not in keys:
            raise ServiceError(_("The column “%(column)s” given for %(field)s is not in the file. Its columns: "
                                 "%(columns)s.") % {"column": wanted, "field": FIELD_LABELS[fld],
                                                    "columns": ", ".join(header)})
        out[fld] = keys.index(_key(wanted))
    for fld in FIELDS:
        if fld not in out:
            hit = next((i for i, k in enumerate(keys) if k in HEADERS[fld] and i not in out.values()), None)
            if hit is not None:
                out[fld] = hit
    if ("last_name" in out and "first_name" not in out and "name" in out and "name" not in mapping
            and not any("," in cells[out["name"]] for cells in sample or [] if out["name"] < len(cells))):
        out["first_name"] = out.pop("name")
    if "last_name" not in out and "name" not in out:
        raise ServiceError(_("No column with the players' names was found. The file's columns: %(columns)s. Name "
                             "the column of the last name (or of the full name) in the column mapping.")
                           % {"columns": ", ".join(header)})
    return out


def _int(text: str) -> int | None:
    t = text.strip()
    if not t:
        return None
    if not re.fullmatch(r"\d{1,5}", t):
        raise ValueError(t)
    return int(t)


def _row(cells: list[str], cols: dict[str, int], rating_list: RatingList) -> RatingListPlayer:
    def get(fld: str) -> str:
        i = cols.get(fld)
        return cells[i].strip() if i is not None and i < len(cells) else ""

    last, first = get("last_name"), get("first_name")
    if get("name") and not (last and first):  # a full name "Last, First" fills what the others leave out
        full_last, _sep, rest = get("name").partition(",")
        last, first = last or full_last.strip(), first or rest.strip()
    if not last:
        raise ValueError(_("no name"))
    bad = control_characters(" ".join(cells))
    if bad:
        raise ValueError(_("control characters (%(chars)s)") % {"chars": ", ".join(bad)})
    country = federations.normalise(get("country"))
    try:
        rating, women = _int(get("rating")), _int(get("women_rating"))
    except ValueError as exc:
        raise ValueError(_("the rating “%(value)s” is not a number") % {"value": exc.args[0]}) from None
    return RatingListPlayer(
        rating_list=rating_list, player_id=get("player_id")[:20], country=country if federations.is_code(country)
        else "", last_name=last[:100], first_name=first[:100], sex=get("sex")[:1].upper(), title=get("title")[:10],
        rating=rating, women_title=get("women_title")[:10], women_rating=women,
        search_name=search_key(f"{last} {first}")[:210])


def _lines(reader: Any) -> Iterator[tuple[int, list[str]]]:
    """The rows of ``reader`` with their line numbers; a line the csv module cannot read (a field
    over its size limit) refuses the file, naming the line (the transaction stores nothing)."""
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            line = getattr(reader, "line_num", 0)
            raise ServiceError(_("The file cannot be read at line %(line)s: %(error)s.")
                               % {"line": line, "error": exc}) from None
        yield reader.line_num, cells


SAMPLE_ROWS = 50  # rows read before the columns are decided (a "Name" column's cells)


@dataclass
class _ListFile:
    """A list file opened for reading: its header, the columns of each field, the rows with line numbers."""

    header: list[str]
    cols: dict[str, int]
    rows: Iterator[tuple[int, list[str]]]


def _open(data: bytes, mapping: dict[str, str] | None) -> _ListFile:
    """Read the header and decide the columns (``_columns``); ServiceError for a file over the bounds,
    without a header or without a name column."""
    if len(data) > MAX_BYTES:
        raise ServiceError(_("The file is too large: at most %(mb)s MB.") % {"mb": MAX_BYTES // 1_000_000})
    text = _decode(data)
    first = text.split("\n", 1)[0]
    delimiter = max((";", ",", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        raise ServiceError(_("The file cannot be read at line %(line)s: %(error)s.")
                           % {"line": reader.line_num, "error": exc}) from None
    if not header or not any(h.strip() for h in header):
        raise ServiceError(_("The file is empty or has no header row."))
    lines = _lines(reader)
    sample = list(itertools.islice(lines, SAMPLE_ROWS))
    cols = _columns(header, {k: v for k, v in (mapping or {}).items() if k in FIELDS}, [c for _n, c in sample])
    return _ListFile(header, cols, itertools.chain(sample, lines))


@dataclass
class ListPreview:
    """What an import would store, shown before it does: which column became which field, the columns
    left unused, the first players as they would be stored and the first lines that would be skipped."""

    columns: dict[str, str]  # field -> header
    unused: list[str]
    players: list[RatingListPlayer]
    skipped: list[tuple[int, str]]
    lines: int  # data lines read for the preview (at most PREVIEW_LINES)


PREVIEW_PLAYERS = 10
PREVIEW_LINES = 1000


def preview_rating_list(data: bytes, mapping: dict[str, str] | None = None) -> ListPreview:
    """The preview of importing ``data`` (nothing is stored): the same reading as ``import_rating_list``."""
    opened = _open(data, mapping)
    used = set(opened.cols.values())
    preview = ListPreview(columns={f: opened.header[i] for f, i in opened.cols.items()},
                          unused=[h for i, h in enumerate(opened.header) if i not in used and h.strip()],
                          players=[], skipped=[], lines=0)
    dummy = RatingList(name="")
    for line, cells in itertools.islice(opened.rows, PREVIEW_LINES):
        if not any(c.strip() for c in cells):
            continue
        preview.lines += 1
        try:
            row = _row(cells, opened.cols, dummy)
        except ValueError as exc:
            if len(preview.skipped) < PREVIEW_PLAYERS:
                preview.skipped.append((line, str(exc)))
            continue
        if len(preview.players) < PREVIEW_PLAYERS:
            preview.players.append(row)
    return preview


def columns_text(columns: dict[str, str]) -> str:
    """Which column became which field, in words: ``the last name = “Surname”, the first name = “Name”``."""
    return ", ".join(f"{FIELD_LABELS[f]} = “{h}”" for f, h in columns.items())


def may_replace(user: Actor, rating_list: RatingList) -> bool:
    """Whether ``user`` may replace ``rating_list``: its owner, or the site's staff (a list without an
    owner, imported before lists had one, only staff)."""
    if user is None or not user.is_authenticated:
        return False
    return bool(user.is_staff) or (rating_list.owner_id is not None and rating_list.owner_id == user.pk)


def _owner_name(rating_list: RatingList) -> str:
    owner = rating_list.owner
    return owner.get_username() if owner is not None else _("the site's staff")


def _version_text(rating_list: RatingList) -> str:
    """A list for the audit log (``key=value``, worded by the audit page in the reader's language)."""
    by = rating_list.imported_by.get_username() if rating_list.imported_by is not None else "?"
    return (f"list={rating_list.name}; kind={rating_list.kind}; players={rating_list.rows}; "
            f"imported={timezone.localtime(rating_list.imported_at):%Y-%m-%d %H:%M}; by={by}")


def _refuse(actor: Actor, tournament: Tournament, rating_list: RatingList | None, why: str) -> ServiceError:
    """Audit a refused replacement of ``rating_list`` (nothing to audit for a new name) and return the error."""
    if rating_list is not None:
        record(actor, tournament, "ratinglist.refused", rating_list, before=_version_text(rating_list),
               after=f"refused={why}"[:2000])
    return ServiceError(why)


def _read_into(version: RatingList, rows: Iterator[tuple[int, list[str]]], cols: dict[str, int],
               report: ListReport) -> None:
    """Store ``rows`` (line number, cells) as rows of ``version``, in batches; ServiceError over ``MAX_ROWS``."""
    batch: list[RatingListPlayer] = []
    for line, cells in rows:
        if not any(c.strip() for c in cells):
            continue
        if report.rows + report.skipped_count >= MAX_ROWS:
            raise ServiceError(_("The file has more than %(n)s players: nothing was stored.") % {"n": MAX_ROWS})
        try:
            batch.append(_row(cells, cols, version))
            report.rows += 1
        except ValueError as exc:
            report.skipped_count += 1
            if len(report.skipped) < MAX_REPORTED:
                report.skipped.append((line, str(exc)))
        if len(batch) >= BATCH:
            RatingListPlayer.objects.bulk_create(batch)
            batch = []
    RatingListPlayer.objects.bulk_create(batch)


def _drop(version: RatingList) -> None:
    """Remove a version and its rows (Django deletes the rows with one DELETE: none is loaded)."""
    RatingList.objects.filter(pk=version.pk).delete()


def import_rating_list(actor: Actor, tournament: Tournament, name: str, kind: str, data: bytes,
                       mapping: dict[str, str] | None = None) -> ListReport:
    """Store the list file ``data`` as the rating list ``name`` (replacing the list of that name, when
    ``actor`` owns it or is staff).

    ``tournament``: where the arbiter works (the audit entries go there, with the columns used). Raises
    ServiceError, leaving any list of that name as it was, for a file over the bounds, without a header,
    a name column or a single readable line, and for a list ``actor`` may not replace (that refusal is
    audited too).
    """
    name = name.strip()
    if not name:
        raise ServiceError(_("Give the list a name, e.g. “FMJD 2026-11”."))
    if kind not in RatingList.Kind.values:
        raise ServiceError(_("Unknown kind of list."))
    old = RatingList.objects.filter(name=name, complete=True).select_related("owner", "imported_by").first()
    if old is not None and not may_replace(actor, old):
        raise _refuse(actor, tournament, old, _(
            "The list “%(name)s” belongs to %(owner)s: only they or the site's staff replace it. Import your "
            "file under another name.") % {"name": name, "owner": _owner_name(old)})
    try:
        opened = _open(data, mapping)
    except ServiceError as exc:
        raise _refuse(actor, tournament, old, exc.message) from None
    report = ListReport(name=name, columns={f: opened.header[i] for f, i in opened.cols.items()})
    user = actor if isinstance(actor, User) else None
    RatingList.objects.filter(complete=False, started_at__lt=timezone.now() - STALE_VERSION).delete()
    version = RatingList.objects.create(name=name, kind=kind, complete=False, imported_by=user,
                                        owner=old.owner if old is not None else user)
    try:
        _read_into(version, opened.rows, opened.cols, report)
        if not report.rows:
            raise ServiceError(_("Not one line of the file could be read: nothing was stored."))
        _put_in_place(actor, tournament, version, report)
    except ServiceError as exc:
        _drop(version)
        raise _refuse(actor, tournament, old, exc.message) from None
    except BaseException:
        _drop(version)
        raise
    return report


def _put_in_place(actor: Actor, tournament: Tournament, version: RatingList, report: ListReport) -> None:
    """The new version replaces the list of its name (if any) in one transaction; audited."""
    try:
        with transaction.atomic():
            old = (RatingList.objects.select_for_update(of=("self",)).filter(name=version.name, complete=True)
                   .select_related("owner", "imported_by").first())
            if old is not None and not may_replace(actor, old):  # another one's list, imported meanwhile
                raise ServiceError(_("The list “%(name)s” belongs to %(owner)s: only they or the site's staff "
                                     "replace it. Import your file under another name.")
                                   % {"name": version.name, "owner": _owner_name(old)})
            before = _version_text(old) if old is not None else ""
            if old is not None:
                version.owner_id = old.owner_id
                _drop(old)
            version.rows = report.rows
            version.complete = True
            version.save(update_fields=["rows", "complete", "owner", "imported_at"])
            after = (f"list={version.name}; players={report.rows}; skipped={report.skipped_count}; columns="
                     + ", ".join(f"{f}={h}" for f, h in report.columns.items()))
            if old is None:
                record(actor, tournament, "ratinglist.import", version, after=after)
            else:
                record(actor, tournament, "ratinglist.replace", version, before=before, after=after)
    except IntegrityError:
        raise ServiceError(_("Another import of the list “%(name)s” finished at the same moment: look at the "
                             "list, then import again if needed.") % {"name": version.name}) from None


def find_players(query: str) -> QuerySet[RatingListPlayer]:
    """Lines of every list matching ``query``: its id exactly, or every word of it in the name."""
    q = query.strip()
    words = search_key(q).split()
    if not words:
        return RatingListPlayer.objects.none()
    by_name = Q()
    for w in words:
        by_name &= Q(search_name__contains=w)
    return (RatingListPlayer.objects.filter(Q(player_id=q) | by_name, rating_list__complete=True)
            .select_related("rating_list").order_by("last_name", "first_name", "rating_list__name")[:SEARCH_LIMIT])


def register_from_list(actor: Actor, tournament: Tournament, row: RatingListPlayer,
                       missed_rounds: str | None = None) -> Entry:
    """Register the player of a rating-list line: name, country, title and rating as the list says;
    the id goes to the FMJD id or the national id, as the list's kind says."""
    data: dict[str, object] = {"name": row.name, "federation": row.country, "title": row.title or row.women_title,
                               "rating": row.rating if row.rating is not None else row.women_rating,
                               "sex": row.sex.lower() if row.sex.lower() in ("m", "f") else ""}
    data["fmjd_id" if row.rating_list.kind == RatingList.Kind.FMJD else "national_id"] = row.player_id
    return register_player(actor, tournament, data, missed_rounds=missed_rounds)


# An uploaded list waits here between its preview and the arbiter's "Save the list" (a day at most).
UPLOADS = "rating-lists/uploads"
_TOKEN = re.compile(r"[A-Za-z0-9_-]{20,64}")


def keep_upload(data: bytes) -> str:
    """Keep an uploaded list file until it is saved (``kept_upload``); returns its token. Files kept
    longer than a day are removed on the way."""
    try:
        _folders, names = default_storage.listdir(UPLOADS)
    except FileNotFoundError:
        names = []
    old = timezone.now() - timedelta(days=1)
    for stale in names:
        path = f"{UPLOADS}/{stale}"
        if default_storage.get_modified_time(path) < old:
            default_storage.delete(path)
    token = secrets.token_urlsafe(24)
    default_storage.save(f"{UPLOADS}/{token}.csv", ContentFile(data))
    return token


def kept_upload(token: str) -> bytes:
    """The file kept under ``token``; ServiceError when it is gone (saved already, or over a day old)."""
    path = f"{UPLOADS}/{token}.csv"
    if not _TOKEN.fullmatch(token) or not default_storage.exists(path):
        raise ServiceError(_("The uploaded file is no longer here (saved already, or older than a day): "
                             "upload it again."))
    with default_storage.open(path, "rb") as fh:
        data: bytes = fh.read(MAX_BYTES + 1)
    return data


def drop_upload(token: str) -> None:
    """Remove the file kept under ``token`` (once saved)."""
    if _TOKEN.fullmatch(token):
        default_storage.delete(f"{UPLOADS}/{token}.csv")
