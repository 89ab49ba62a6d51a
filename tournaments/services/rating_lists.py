"""Rating lists: import a list file (the FMJD player list, or any CSV with a column mapping), find
players in it by name or id, and register one in a tournament from its line.

Format: a CSV file with a header row, separator ``;``, ``,`` or a tab (whichever the header uses
most), UTF-8 (with or without BOM) or, failing that, Windows-1252 (older federation exports). The
columns are found by their header names (``HEADERS``: the FMJD list's own names and common
variants, in English, Dutch, French and German); a column mapping names the header of any field
that is not found. A last name (or a ``name`` column written ``Last, First``) is required.

Bounds: ``MAX_BYTES`` per file and ``MAX_ROWS`` rows; a line that cannot be read (no name, a
rating that is not a number) is skipped and reported with its line number, the first
``MAX_REPORTED`` of them. Importing a list under a name already used replaces that list whole, in
one transaction: nothing already stored is lost if the new file is refused.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments import federations
from tournaments.audit import Actor, record
from tournaments.models import Entry, RatingList, RatingListPlayer, Tournament
from tournaments.text import control_characters

from .errors import ServiceError
from .registration import MISSED_ZERO, register_player

MAX_BYTES = 20_000_000
MAX_ROWS = 200_000
MAX_REPORTED = 100
SEARCH_LIMIT = 20
BATCH = 2000

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


def _columns(header: list[str], mapping: dict[str, str]) -> dict[str, int]:
    """Field -> column index, from the mapping first (header names as written), then ``HEADERS``."""
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
    if not last and get("name"):
        last, _sep, rest = get("name").partition(",")
        last, first = last.strip(), first or rest.strip()
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


def _lines(reader: Iterator[list[str]]) -> Iterator[list[str]]:
    """The rows of ``reader``; a line the csv module cannot read (a field over its size limit)
    refuses the file, naming the line (the transaction stores nothing)."""
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as exc:
            line = getattr(reader, "line_num", 0)
            raise ServiceError(_("The file cannot be read at line %(line)s: %(error)s.")
                               % {"line": line, "error": exc}) from None
        yield cells


def import_rating_list(actor: Actor, tournament: Tournament, name: str, kind: str, data: bytes,
                       mapping: dict[str, str] | None = None) -> ListReport:
    """Store the list file ``data`` as the rating list ``name`` (replacing a list of that name).

    ``tournament``: where the arbiter works (the audit entry goes there). Raises ServiceError,
    storing nothing, for a file over the bounds, without a header or a name column.
    """
    name = name.strip()
    if not name:
        raise ServiceError(_("Give the list a name, e.g. “FMJD 2026-11”."))
    if kind not in RatingList.Kind.values:
        raise ServiceError(_("Unknown kind of list."))
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
    cols = _columns(header, {k: v for k, v in (mapping or {}).items() if k in FIELDS})
    report = ListReport(name=name, columns={f: header[i] for f, i in cols.items()})
    with transaction.atomic():
        rating_list, _created = RatingList.objects.update_or_create(
            name=name, defaults={"kind": kind, "imported_by": actor if getattr(actor, "pk", None) else None})
        rating_list.players.all().delete()
        batch: list[RatingListPlayer] = []
        for cells in _lines(reader):
            line = reader.line_num
            if not any(c.strip() for c in cells):
                continue
            if report.rows + report.skipped_count >= MAX_ROWS:
                raise ServiceError(_("The file has more than %(n)s players: nothing was stored.") % {"n": MAX_ROWS})
            try:
                batch.append(_row(cells, cols, rating_list))
                report.rows += 1
            except ValueError as exc:
                report.skipped_count += 1
                if len(report.skipped) < MAX_REPORTED:
                    report.skipped.append((line, str(exc)))
            if len(batch) >= BATCH:
                RatingListPlayer.objects.bulk_create(batch)
                batch = []
        RatingListPlayer.objects.bulk_create(batch)
        rating_list.rows = report.rows
        rating_list.save(update_fields=["rows"])
        record(actor, tournament, "ratinglist.import", rating_list,
               after=f"list={name}; players={report.rows}; skipped={report.skipped_count}")
    return report


def find_players(query: str) -> QuerySet[RatingListPlayer]:
    """Lines of every list matching ``query``: its id exactly, or every word of it in the name."""
    q = query.strip()
    words = search_key(q).split()
    if not words:
        return RatingListPlayer.objects.none()
    by_name = Q()
    for w in words:
        by_name &= Q(search_name__contains=w)
    return (RatingListPlayer.objects.filter(Q(player_id=q) | by_name).select_related("rating_list")
            .order_by("last_name", "first_name", "rating_list__name")[:SEARCH_LIMIT])


def register_from_list(actor: Actor, tournament: Tournament, row: RatingListPlayer,
                       missed_rounds: str = MISSED_ZERO) -> Entry:
    """Register the player of a rating-list line: name, country, title and rating as the list says;
    the id goes to the FMJD id or the national id, as the list's kind says."""
    data: dict[str, object] = {"name": row.name, "federation": row.country, "title": row.title or row.women_title,
                               "rating": row.rating if row.rating is not None else row.women_rating}
    data["fmjd_id" if row.rating_list.kind == RatingList.Kind.FMJD else "national_id"] = row.player_id
    return register_player(actor, tournament, data, missed_rounds=missed_rounds)
