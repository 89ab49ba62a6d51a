"""What the public pages show, assembled with a constant number of queries whatever the size.

Views call these; they call the standings service (confirmed results only, pure ranking)
and read rounds and boards with ``select_related`` and one subquery for the confirmed
result, never per row. Draft rounds are never returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.cache import cache
from django.db.models import OuterRef, Q, QuerySet, Subquery
from django.urls import NoReverseMatch, reverse

from tournaments.models import Board, Entry, Round, Tournament
from tournaments.pairing.model import PlayerRecord
from tournaments.public.crosstable import Cell, Crosstable, build_crosstable, swiss_cell
from tournaments.public.version import public_version
from tournaments.services.rounds import published_rounds
from tournaments.services.standings import (
    CACHE_SECONDS,
    TournamentResults,
    cached_results,
    cached_standings,
    standings_for,
)
from tournaments.standings import Standings, StandingsRow, moves, rank_changes


def shown_rounds(tournament: Tournament) -> QuerySet[Round]:
    """Published and finished rounds (never drafts), in order: the one definition in the rounds service."""
    return published_rounds(tournament)


def boards_with_results(tournament: Tournament) -> QuerySet[Board]:
    """Boards of shown rounds with both entries, the round, the game id and the confirmed result.

    ``confirmed_result`` is the result code of the one confirmed submission (None while pending).
    """
    from games.models import ResultSubmission

    confirmed = ResultSubmission.objects.confirmed().filter(game__board=OuterRef("pk")).values("result")[:1]
    return (
        Board.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "white__player", "black__player", "game")
        .annotate(confirmed_result=Subquery(confirmed))
        .order_by("round__number", "number")
    )


def game_url(game_id: int | None) -> str:
    """The URL of the public game viewer (``games:view``), or "" while that page does not exist."""
    if game_id is None:
        return ""
    try:
        return reverse("games:view", args=[game_id])
    except NoReverseMatch:
        return ""


def points_before(record: PlayerRecord | None, round_number: int, tournament: Tournament) -> float:
    """A player's confirmed points from the rounds before ``round_number``."""
    if record is None:
        return 0.0
    scoring = tournament.scoring()
    return sum(h.points(scoring) for h in record.history if h.round < round_number)


@dataclass
class BoardLine:
    """One line of a pairing list."""

    number: int
    white: Entry | None
    black: Entry | None
    white_points: float
    black_points: float
    result: str  # confirmed result code, "" while pending
    bye: str  # bye kind label, "" for a game
    game_url: str = ""


@dataclass
class RoundView:
    round: Round
    lines: list[BoardLine] = field(default_factory=list)

    @property
    def done(self) -> int:
        return sum(1 for line in self.lines if line.result or line.bye)


def round_view(tournament: Tournament, rnd: Round, results: TournamentResults | None = None) -> RoundView:
    """The pairing list of a shown round, with points before the round and confirmed results."""
    results = results or cached_results(tournament, public_version(tournament))
    boards = boards_with_results(tournament).filter(round=rnd)
    view = RoundView(round=rnd)
    for b in boards:
        w = b.white.start_number if b.white else None
        k = b.black.start_number if b.black else None
        game = getattr(b, "game", None)
        view.lines.append(
            BoardLine(
                number=b.number,
                white=b.white,
                black=b.black,
                white_points=points_before(results.records.get(w), rnd.number, tournament) if w else 0.0,
                black_points=points_before(results.records.get(k), rnd.number, tournament) if k else 0.0,
                result=b.confirmed_result or "",  # type: ignore[attr-defined]
                bye=b.get_bye_kind_display() if b.bye_kind else "",
                game_url=game_url(game.pk) if game is not None and tournament.public_games else "",
            )
        )
    return view


def tournament_standings(tournament: Tournament, after_round: int | None = None) -> tuple[Standings, TournamentResults]:
    """Cached standings plus the results they came from (for crosstables and player pages)."""
    version = public_version(tournament)
    results = cached_results(tournament, version)
    return cached_standings(tournament, version, after_round, results), results


def rank_moves(tournament: Tournament, standings: Standings, results: TournamentResults) -> dict[int, int | None]:
    """Places each player gained since the round before ``standings.after_round`` (None: round 1, new)."""
    if standings.after_round < 2:
        return rank_changes(None, standings)
    before = cached_standings(tournament, public_version(tournament), standings.after_round - 1, results)
    return rank_changes(before, standings)


def tournament_crosstable(tournament: Tournament) -> Crosstable:
    """The crosstable of every confirmed result (wall chart or round-robin grid)."""
    standings, results = tournament_standings(tournament)
    return build_crosstable(
        standings,
        results.records,
        tournament.scoring(),
        results.entries,
        rounds_planned=tournament.rounds_planned,
        pending=results.pending,
    )


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
    version = public_version(tournament)
    key = f"public:ranks:{tournament.pk}:{version}:{last}"
    found = cache.get(key)
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
        b.round.number: b.game.pk
        for b in boards_with_results(tournament).filter(Q(white=entry) | Q(black=entry))
        if getattr(b, "game", None) is not None
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
