"""Rounds as players and the public see them: published rounds, pairing lists with results, the
cached standings and crosstable, assembled with a constant number of queries whatever the size.

Boards are read with ``select_related`` and one subquery for the confirmed result, never per row.
Draft rounds are never returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import OuterRef, QuerySet, Subquery
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _

from tournaments.models import Board, Entry, Game, ResultSubmission, Round, Tournament
from tournaments.pairing.model import PlayerRecord
from tournaments.reports.crosstable import Crosstable, build_crosstable
from tournaments.reports.standings import (
    TournamentResults,
    cached_results,
    cached_standings,
)
from tournaments.standings import Standings, rank_changes


def published_rounds(tournament: Tournament) -> QuerySet[Round]:
    """Rounds visible to players and the public: published or finished (never drafts), in order."""
    return tournament.rounds.filter(status__in=(Round.Status.PUBLISHED, Round.Status.FINISHED)).order_by("number")


def boards_with_results(tournament: Tournament) -> QuerySet[Board]:
    """Boards of shown rounds with both entries, the round, the first game's id and confirmed result.

    ``game_id`` is the pairing's (first) game, ``confirmed_result`` the result code of its one confirmed
    submission (None while pending).
    """

    first = Game.objects.filter(board=OuterRef("pk"), number=1)
    confirmed = ResultSubmission.objects.confirmed().filter(game__board=OuterRef("pk"), game__number=1)
    return (
        Board.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "white", "black")
        .annotate(game_id=Subquery(first.values("pk")[:1]), confirmed_result=Subquery(confirmed.values("result")[:1]))
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


def bye_label(tournament: Tournament, bye_kind: str) -> str:
    """What a board without opponent is called: its bye kind, except that a round robin's only
    zero-point bye is the free round of the Berger table's dummy (never a "bye" worth points)."""
    if not bye_kind:
        return ""
    if tournament.is_round_robin and bye_kind == Board.ByeKind.ZERO:
        return str(_("Free round"))
    return str(Board.ByeKind(bye_kind).label)


def round_view(tournament: Tournament, rnd: Round, results: TournamentResults | None = None) -> RoundView:
    """The pairing list of a shown round, with points before the round and confirmed results."""
    results = results or cached_results(tournament)
    boards = boards_with_results(tournament).filter(round=rnd)
    view = RoundView(round=rnd)
    for b in boards:
        w = b.white.start_number if b.white else None
        k = b.black.start_number if b.black else None
        game_id = b.game_id  # type: ignore[attr-defined]  # .annotate() in boards_with_results
        view.lines.append(
            BoardLine(
                number=b.number,
                white=b.white,
                black=b.black,
                white_points=points_before(results.records.get(w), rnd.number, tournament) if w else 0.0,
                black_points=points_before(results.records.get(k), rnd.number, tournament) if k else 0.0,
                result=b.confirmed_result or "",  # type: ignore[attr-defined]  # .annotate() in boards_with_results
                bye=bye_label(tournament, b.bye_kind),
                game_url=game_url(game_id) if game_id is not None and tournament.public_games else "",
            )
        )
    return view


def tournament_standings(tournament: Tournament, after_round: int | None = None) -> tuple[Standings, TournamentResults]:
    """Cached standings plus the results they came from (for crosstables and player pages)."""
    results = cached_results(tournament)
    return cached_standings(tournament, after_round, results), results


def rank_moves(tournament: Tournament, standings: Standings, results: TournamentResults) -> dict[int, int | None]:
    """Places each player gained since the round before ``standings.after_round`` (None: round 1, new)."""
    if standings.after_round < 2:
        return rank_changes(None, standings)
    before = cached_standings(tournament, standings.after_round - 1, results)
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


