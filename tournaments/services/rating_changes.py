"""Rating changes, performance and norms of a stage, from its confirmed results.

Every figure is the pure rating core's (``tournaments.ratings``: ``rate_event`` with a named preset,
``norm_table`` with a requirement table loaded as data); this module only feeds it the stage's
confirmed history (``reports.standings.load_results``) and the entries' ratings, titles and
federations, and puts the names beside the figures.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.audit import record
from tournaments.models import RatingSetup, Tournament
from tournaments.ratings import PRESETS, PlayerRating, Preset, RatingInput, RatingPlayer, load_preset, rate_event
from tournaments.ratings.norms import (
    NORM_TABLES,
    NormOpponent,
    NormResult,
    NormTable,
    NormUploadError,
    load_norm_table,
    norm_table,
    norm_table_from_text,
)
from tournaments.reports.standings import load_results
from tournaments.services.errors import ServiceError
from tournaments.text import spreadsheet_cell
from tournaments.versioning import bump

PERFORMANCE_METHODS = ("table", "formula")
DEFAULT_PRESET = "fmjd"
DEFAULT_NORMS = "fide_b01"
# The presets by what they are, in the reader's language (the data files say it in English).
PRESET_LABELS = {
    "fmjd": gettext_lazy("FMJD-style: normal distribution, sigma 2000/7 (an estimate)"),
    "kndb": gettext_lazy("KNDB: K per game point max(5, 400/(Ne+N)), 2022 proposal as published (an estimate)"),
    "fide": gettext_lazy("FIDE Elo: logistic table, K 40/20/10, 400-point cap (for comparison)"),
}
MAX_NORM_BYTES = 20_000  # a federation's requirement table: a few titles, well under 2 KB each


def rating_setup(tournament: Tournament) -> RatingSetup:
    """The event's rating settings (unsaved defaults when the organiser has set none)."""
    found = RatingSetup.objects.filter(event_id=tournament.event_id).first()
    return found if found is not None else RatingSetup(event_id=tournament.event_id)


def parse_norm_upload(data: bytes, filename: str) -> NormTable:
    """A federation's norm requirement table as uploaded (TOML, as ``data/norms/template.toml``):
    at most ``MAX_NORM_BYTES``, UTF-8; ``ServiceError`` naming the line of the first problem."""
    name = filename.rsplit("/", 1)[-1][:100] or "norms.toml"
    if len(data) > MAX_NORM_BYTES:
        raise ServiceError(_("%(file)s: a norm table is at most %(max)s bytes, this one has %(n)s.")
                           % {"file": name, "max": MAX_NORM_BYTES, "n": len(data)})
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ServiceError(_("%(file)s: not UTF-8 text (byte %(at)s).") % {"file": name, "at": exc.start}) from None
    try:
        return norm_table_from_text(text, name)
    except NormUploadError as exc:
        if exc.line:
            raise ServiceError(_("%(file)s, line %(line)s: %(error)s")
                               % {"file": name, "line": exc.line, "error": exc.detail}) from None
        raise ServiceError(_("%(file)s: %(error)s") % {"file": name, "error": exc.detail}) from None


def _setup_text(setup: RatingSetup) -> str:
    norms = setup.norms_name or DEFAULT_NORMS
    return f"preset={setup.preset}; performance={setup.performance or 'preset'}; norms={norms}"


@transaction.atomic
def save_rating_setup(actor: User, tournament: Tournament, *, preset: str, performance: str,
                      norms: tuple[bytes, str] | None = None, remove_norms: bool = False) -> RatingSetup:
    """Store the event's rating settings (the preset, the performance method, a federation's norm
    table uploaded as (bytes, file name) or removed); checked first, audited on every stage of the
    event, whose documents (the crosstable PDF's rating page) are rebuilt."""
    if preset not in PRESETS:
        raise ServiceError(_("Unknown rating preset %(name)r.") % {"name": preset})
    if performance and performance not in PERFORMANCE_METHODS:
        raise ServiceError(_("Unknown performance method %(name)r.") % {"name": performance})
    table = parse_norm_upload(*norms) if norms is not None else None
    setup = rating_setup(tournament)
    before = _setup_text(setup) if setup.pk else ""
    setup.preset, setup.performance = preset, performance
    if table is not None and norms is not None:
        setup.norms_text, setup.norms_name = norms[0].decode("utf-8-sig"), table.name[:100]
    elif remove_norms:
        setup.norms_text, setup.norms_name = "", ""
    setup.save()
    after = _setup_text(setup)
    if before != after:
        record(actor, tournament, "ratings.update", setup, before=before, after=after)
        bump([t.pk for t in tournament.event.stages.all()])
    return setup


DEFAULT_TABLE = load_norm_table(DEFAULT_NORMS)


def event_norm_table(setup: RatingSetup) -> NormTable:
    """The norm table the event uses: its federation's upload, else FIDE B.01's (the shipped example)."""
    if setup.norms_text:
        try:
            return norm_table_from_text(setup.norms_text, setup.norms_name or "norms.toml")
        except NormUploadError:
            pass  # checked when saved; a table the code no longer accepts falls back to the example
    return load_norm_table(DEFAULT_NORMS)


@dataclass(frozen=True)
class RatingLine:
    start_number: int
    name: str
    title: str
    federation: str
    rating: PlayerRating
    norms: tuple[NormResult, ...]

    @property
    def norms_met(self) -> tuple[str, ...]:
        return tuple(n.title for n in self.norms if n.met)


@dataclass(frozen=True)
class RatingReport:
    preset: Preset
    method: str
    table: NormTable
    lines: tuple[RatingLine, ...]
    rounds: int
    own_norms: bool = False  # the norm table is the event's upload (not FIDE B.01's example)


def rating_report(tournament: Tournament, preset_name: str = "", method: str = "",
                  norms_name: str = "") -> RatingReport:
    """Per player (start-number order): expected score, change, new rating, both performances, and
    the norm table's result for every title. The event's settings (``RatingSetup``) unless a name is
    given (a reader's choice on the page); unknown names fall back to the settings."""
    setup = rating_setup(tournament)
    preset = load_preset(preset_name if preset_name in PRESETS else setup.preset or DEFAULT_PRESET)
    method = method if method in PERFORMANCE_METHODS else setup.performance or preset.performance
    table = load_norm_table(norms_name) if norms_name in NORM_TABLES else event_norm_table(setup)
    results = load_results(tournament)
    players = []
    for sn, rec in sorted(results.records.items()):
        entry = results.entries.get(sn)
        rating = (entry.rating if entry is not None else rec.rating) or 0
        players.append(RatingPlayer(start_number=sn, rating=rating, rounds=tuple(rec.history)))
    scoring = tournament.scoring()
    rated = rate_event(RatingInput(tuple(players), scoring), preset, performance=method)
    lines = []
    for r in rated:
        entry = results.entries.get(r.start_number)
        opponents = []
        for g in r.games_detail:
            opp = results.entries.get(g.opponent)
            opponents.append(NormOpponent(g.opponent_rating, g.score, opp.title if opp else "",
                                          opp.federation if opp else ""))
        own_fed = entry.federation if entry is not None else ""
        norms = norm_table(own_fed, opponents, table, win_points=scoring.win or 1.0) if opponents else ()
        lines.append(RatingLine(r.start_number, entry.name if entry else str(r.start_number),
                                entry.title if entry else "", own_fed, r, norms))
    own = norms_name not in NORM_TABLES and bool(setup.norms_text) and table.name != DEFAULT_TABLE.name
    return RatingReport(preset, method, table, tuple(lines), results.rounds, own)


# The export's columns: the keys of ``python -m tournaments.ratings --json`` (a data file, as the
# federation report: the same words in every language), then the names and the norms met.
CSV_HEADER = ("start_number", "name", "title", "federation", "rating", "games", "score", "expected", "change",
              "new_rating", "performance", "performance_table", "performance_formula", "norms_met")


def _figure(x: float | None, places: int) -> str:
    return "" if x is None else f"{x:.{places}f}"


def rating_figures(line: RatingLine) -> tuple[str, str, str, str, str]:
    """Rating, expected, change (signed), new rating, performance as printed ("" where none)."""
    r = line.rating
    change = "" if r.change is None else f"{r.change:+.2f}"
    new = "" if r.new_rating is None else f"{r.new_rating:g}"
    return (str(r.rating or ""), _figure(r.expected, 2), change, new,
            "" if r.performance is None else str(r.performance))


def rating_csv(report: RatingReport) -> str:
    """The rating changes as CSV: one row a player (start-number order), ``CSV_HEADER``'s columns."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(CSV_HEADER)
    for line in report.lines:
        r = line.rating
        w.writerow([spreadsheet_cell(v) for v in (
            line.start_number, line.name, line.title, line.federation, r.rating or "", r.games, f"{r.score:g}",
            _figure(r.expected, 4), _figure(r.change, 4), "" if r.new_rating is None else f"{r.new_rating:g}",
            r.performance or "", r.performance_table or "", r.performance_formula or "", " ".join(line.norms_met))])
    return out.getvalue()
