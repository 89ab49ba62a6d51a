"""Rating changes, performance and norms of a stage, from its confirmed results.

Every figure is the pure rating core's (``tournaments.ratings``: ``rate_event`` with a named preset,
``norm_table`` with a requirement table loaded as data); this module only feeds it the stage's
confirmed history (``reports.standings.load_results``) and the entries' ratings, titles and
federations, and puts the names beside the figures.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Tournament
from tournaments.ratings import PRESETS, PlayerRating, Preset, RatingInput, RatingPlayer, load_preset, rate_event
from tournaments.ratings.norms import NORM_TABLES, NormOpponent, NormResult, NormTable, load_norm_table, norm_table
from tournaments.reports.standings import load_results

PERFORMANCE_METHODS = ("table", "formula")
DEFAULT_PRESET = "fmjd"
DEFAULT_NORMS = "fide_b01"


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


def rating_report(tournament: Tournament, preset_name: str = DEFAULT_PRESET, method: str = "",
                  norms_name: str = DEFAULT_NORMS) -> RatingReport:
    """Per player (start-number order): expected score, change, new rating, both performances, and
    the norm table's result for every title. Unknown names fall back to the defaults."""
    preset = load_preset(preset_name if preset_name in PRESETS else DEFAULT_PRESET)
    method = method if method in PERFORMANCE_METHODS else preset.performance
    table = load_norm_table(norms_name if norms_name in NORM_TABLES else DEFAULT_NORMS)
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
    return RatingReport(preset, method, table, tuple(lines), results.rounds)
