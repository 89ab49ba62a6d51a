"""Rounds as players and the public see them: published rounds, pairing lists with results, the
cached standings and crosstable, assembled with a constant number of queries whatever the size.

Boards are read with ``select_related`` and one subquery for the confirmed result, never per row.
Draft rounds are never returned.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.db.models import Min, OuterRef, QuerySet, Subquery
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Game, ResultSubmission
from tournaments.models import Board, Entry, Round, Tournament
from tournaments.pairing.model import PlayerRecord
from tournaments.reports.crosstable import Crosstable, build_crosstable
from tournaments.reports.formatting import points_text
from tournaments.reports.standings import (
    TournamentResults,
    cached_results,
    cached_standings,
)
from tournaments.standings import Standings, rank_changes
from tournaments.vocabulary import score_micro_match


def published_rounds(tournament: Tournament) -> QuerySet[Round]:
    """Rounds visible to players and the public: published or finished (never drafts), in order."""
    return tournament.rounds.filter(status__in=(Round.Status.PUBLISHED, Round.Status.FINISHED)).order_by("number")


def round_day(rnd: Round) -> datetime.date | None:
    """The day a round is played, as the printed sheets date it: the date the arbiter gave the round, else
    the day of its start time, else (a round played without either) the day its first confirmed result was
    written; None for a round not played yet that has neither (its sheets leave the box for the pen)."""
    if rnd.date:
        return rnd.date
    if rnd.starts_at:
        return timezone.localdate(rnd.starts_at)
    first = (ResultSubmission.objects.filter(game__board__round=rnd, status=ResultSubmission.Status.CONFIRMED)
             .aggregate(first=Min("created_at"))["first"])
    return timezone.localdate(first) if first else None


def boards_with_results(tournament: Tournament) -> QuerySet[Board]:
    """Boards of shown rounds with both entries, the round, the first game's id and confirmed result.

    ``game_id`` is the pairing's (first) game, ``confirmed_result`` the result code of its one confirmed
    submission (None while pending); a micro-match's second game is ``second_game_id`` and
    ``second_result`` (None for a single game).
    """

    first = Game.objects.filter(board=OuterRef("pk"), number=1)
    confirmed = ResultSubmission.objects.confirmed().filter(game__board=OuterRef("pk"), game__number=1)
    qs = (
        Board.objects.filter(round__tournament=tournament)
        .exclude(round__status=Round.Status.DRAFT)
        .select_related("round", "white", "black")
        .annotate(game_id=Subquery(first.values("pk")[:1]), confirmed_result=Subquery(confirmed.values("result")[:1]))
        .order_by("round__number", "number")
    )
    if tournament.games_per_pairing > 1:
        second = Game.objects.filter(board=OuterRef("pk"), number=2)
        confirmed2 = ResultSubmission.objects.confirmed().filter(game__board=OuterRef("pk"), game__number=2)
        qs = qs.annotate(second_game_id=Subquery(second.values("pk")[:1]),
                         second_result=Subquery(confirmed2.values("result")[:1]))
    return qs


def micro_match_text(results: list[str | None], tournament: Tournament) -> str:
    """A micro-match's score from the first-named player's side, its game points summed (``3–1``); "" while
    a game has no confirmed result (``vocabulary.score_micro_match``)."""
    if not results or any(r is None for r in results):
        return ""
    mm = score_micro_match([r for r in results if r is not None], tournament.scoring())
    return f"{points_text(mm.first_points)}–{points_text(mm.second_points)}"


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
    # A micro-match (issue 28): each game's confirmed result ("" while pending) with its viewer URL, in
    # game order, and the balloted opening; ``result`` is then the micro-match score (``micro_match_text``).
    games: list[tuple[str, str]] = field(default_factory=list)
    opening: str = ""


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
    micro = tournament.games_per_pairing > 1
    view = RoundView(round=rnd)
    for b in boards:
        w = b.white.start_number if b.white else None
        k = b.black.start_number if b.black else None
        game_id = b.game_id  # type: ignore[attr-defined]  # .annotate() in boards_with_results
        first: str | None = b.confirmed_result  # type: ignore[attr-defined]  # .annotate() in boards_with_results
        result = first or ""
        games: list[tuple[str, str]] = []
        if micro and not b.bye_kind:
            second_id = b.second_game_id  # type: ignore[attr-defined]  # .annotate() in boards_with_results
            second: str | None = b.second_result  # type: ignore[attr-defined]  # .annotate() in boards_with_results
            result = micro_match_text([first, second], tournament)
            games = [(r or "", game_url(g) if g is not None and tournament.public_games else "")
                     for r, g in ((first, game_id), (second, second_id))]
        view.lines.append(
            BoardLine(
                number=b.number,
                white=b.white,
                black=b.black,
                white_points=points_before(results.records.get(w), rnd.number, tournament) if w else 0.0,
                black_points=points_before(results.records.get(k), rnd.number, tournament) if k else 0.0,
                result=result,
                bye=bye_label(tournament, b.bye_kind),
                game_url=game_url(game_id) if game_id is not None and tournament.public_games else "",
                games=games,
                opening=b.opening,
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


