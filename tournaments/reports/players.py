"""A player's page: rounds, opponents, running score and rank after each round."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Q

from tournaments.models import Entry, Tournament
from tournaments.reports.crosstable import Cell, swiss_cell
from tournaments.reports.rounds import boards_with_results, game_url, tournament_standings
from tournaments.reports.standings import CACHE_SECONDS, TournamentResults, standings_for
from tournaments.standings import StandingsRow, moves


@dataclass
class PlayerRound:
    number: int
    cell: Cell
    opponent: Entry | None
    points: str
    running: float
    rank: int | None
    game_url: str = ""
    move: int | None = None  # places gained since the round before


@dataclass
class PlayerPage:
    entry: Entry
    row: StandingsRow | None  # None before the player has any result
    rounds: list[PlayerRound]
    ranks: list[int]
    running: list[float]
    field_size: int


def ranks_by_round(tournament: Tournament, results: TournamentResults, last: int) -> dict[int, list[int]]:
    """Start number -> rank after each round 1..``last`` (a player without a row ranks last).

    One small cache entry per public version for the whole field: every player page needs it,
    and reading eleven cached standings of 300 rows each was most of a warm player page.
    """
    version = tournament.version
    key = f"public:ranks:{tournament.pk}:{version}:{last}"
    found: dict[int, list[int]] | None = cache.get(key)
    if found is None:
        found = {}
        for r in range(1, last + 1):
            after = standings_for(tournament, r, results)
            rank_of = {row.start_number: row.rank for row in after.rows}
            for sno in results.records:
                found.setdefault(sno, []).append(rank_of.get(sno, len(after.rows)))
        cache.set(key, found, CACHE_SECONDS)
    return found


def player_page(tournament: Tournament, entry: Entry) -> PlayerPage:
    """A player's rounds (opponent, colour, result, running score, rank after the round) and row."""
    standings, results = tournament_standings(tournament)
    sno = entry.start_number or 0
    record = results.records.get(sno)
    history = sorted(record.history, key=lambda h: h.round) if record else []
    last = standings.after_round
    ranks = ranks_by_round(tournament, results, last).get(sno, [])
    games = {
        b.round.number: b.game_id  # type: ignore[attr-defined]  # .annotate() in boards_with_results
        for b in boards_with_results(tournament).filter(Q(white=entry) | Q(black=entry))
        if b.game_id is not None  # type: ignore[attr-defined]
    }
    scoring = tournament.scoring()
    gained = moves(ranks)
    by_round = {h.round: h for h in history}
    rounds: list[PlayerRound] = []
    running = 0.0
    totals: list[float] = []
    for r in range(1, last + 1):
        h = by_round.get(r)
        pts = h.points(scoring) if h else 0.0
        running += pts
        totals.append(running)
        opp = results.entries.get(h.opponent) if h and h.opponent else None
        rounds.append(
            PlayerRound(
                number=r,
                cell=swiss_cell(h, scoring),
                opponent=opp,
                points=str(pts),
                running=running,
                rank=ranks[r - 1] if r - 1 < len(ranks) else None,
                game_url=game_url(games.get(r)) if tournament.public_games else "",
                move=gained[r - 1] if r - 1 < len(gained) else None,
            )
        )
    row = next((row for row in standings.rows if row.start_number == sno), None)
    return PlayerPage(
        entry=entry, row=row, rounds=rounds, ranks=ranks, running=totals, field_size=len(standings.rows)
    )


# A person's history lists at most this many events (the newest first).
MAX_HISTORY = 100


@dataclass(frozen=True)
class HistoryRow:
    """One event of a person, as that event shows the player (its entry's own details)."""

    entry: Entry
    tournament: Tournament
    rank: int | None
    points: float | None
    games: int | None


def player_history(fmjd_id: str) -> list[HistoryRow]:
    """The public events of the player with FMJD id ``fmjd_id``, newest first: each with the name, rating
    and result that event shows. Read from the entries; nothing is written. Events whose player pages are
    not public are left out, and so is the score of an event whose standings are not public."""
    entries = (Entry.objects.filter(fmjd_id=fmjd_id, tournament__is_public=True, tournament__public_players=True)
               .select_related("tournament")
               .order_by("-tournament__start_date", "-tournament__created_at", "-pk")[:MAX_HISTORY])
    rows = []
    for entry in entries:
        t = entry.tournament
        row = None
        if t.public_standings and entry.start_number is not None:
            standings, _results = tournament_standings(t)
            row = next((r for r in standings.rows if r.start_number == entry.start_number), None)
        rows.append(HistoryRow(entry=entry, tournament=t, rank=row.rank if row else None,
                               points=row.points if row else None, games=row.games if row else None))
    return rows
