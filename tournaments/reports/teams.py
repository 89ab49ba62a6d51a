"""Team events as the pages see them (issue 27): each match with its boards, the matches and byes the
team standings and the team Swiss read, the team standings and crosstable. A constant number of
queries whatever the size of the event (no query per team, match or board).

Only confirmed results count: a match enters the standings and the pairing history once every board
game of it has a confirmed result. A board one team left empty has no game: the present player's
``+`` (a win's points), as ``vocabulary.score_match`` reads it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple, cast

from django.db.models import OuterRef, Q, Subquery

from games.models import Game, ResultSubmission
from tournaments.models import Board, LineUpBoard, Round, Team, TeamMember, Tournament
from tournaments.reports.formatting import points_text
from tournaments.standings.teams import (
    TeamCrosstableRow,
    TeamEntry,
    TeamStandings,
    TeamStandingsInput,
    compute_team_standings,
    team_crosstable,
)
from tournaments.vocabulary import (
    DRAUGHTS_TEAM_SCORING,
    MatchBoard,
    MatchScore,
    Scoring,
    TeamBye,
    TeamMatch,
    TeamScoring,
    board_colour,
    is_played,
    points,
    result_codes,
    score_match,
)

# A bye board's kind -> the team bye it is (an absent team scores like a zero-point bye).
TEAM_BYE_OF_BOARD = {"pab": "pab", "full": "full", "half": "half", "zero": "zero", "absent": "zero"}


def team_scoring(tournament: Tournament) -> TeamScoring:
    """The match points of the event: 2/1/0 by board points (the draughts default)."""
    return DRAUGHTS_TEAM_SCORING


@dataclass(frozen=True)
class BoardLine:
    """One board of a match as a page shows it: the two teams' players (names; "" an empty board), the
    home player's colour, the result from the home side ("2-0", "1-1", "0-2", "+", ... ; "" pending),
    both sides' codes and the game's id (None: no game, an empty board)."""

    board: int
    home_name: str
    away_name: str
    home_colour: str
    home_code: str
    away_code: str
    game_id: int | None
    confirmed: bool
    text: str = ""  # the result in points from the home side (``board_result_text``)


@dataclass(frozen=True)
class MatchView:
    round: int
    number: int  # the match's board number in the round
    home: Team
    away: Team | None
    bye_kind: str
    boards: tuple[BoardLine, ...]
    complete: bool
    score: MatchScore | None


def _boards(tournament: Tournament, *, before_round: int | None = None, published_only: bool = True,
            round_number: int | None = None) -> list[Board]:
    qs = Board.objects.filter(round__tournament=tournament, white_team__isnull=False)
    if published_only:
        qs = qs.exclude(round__status=Round.Status.DRAFT)
    if before_round is not None:
        qs = qs.filter(round__number__lt=before_round)
    if round_number is not None:
        qs = qs.filter(round__number=round_number)
    return list(qs.select_related("round", "white_team", "black_team").order_by("round__number", "number"))


class _GameRow(NamedTuple):
    pk: int
    white: str
    black: str
    result: str  # the confirmed result ("" pending)


def _match_views(tournament: Tournament, boards: list[Board]) -> list[MatchView]:
    """The matches of ``boards`` with their board lines (three queries)."""
    # Plain rows, not model instances: a league's hundreds of board games are read in a few milliseconds.
    confirmed = ResultSubmission.objects.confirmed().filter(game=OuterRef("pk")).values("result")[:1]
    games = (Game.objects.filter(board__in=[b for b in boards if not b.bye_kind])
             .annotate(confirmed_result=Subquery(confirmed))
             .values_list("board_id", "number", "pk", "white__name", "black__name", "confirmed_result"))
    by_board: dict[int, dict[int, _GameRow]] = defaultdict(dict)
    for board_id, number, pk, white, black, result in games:
        by_board[board_id][number] = _GameRow(pk, white or "", black or "", result or "")
    rounds = {b.round.number for b in boards}
    team_ids = {t for b in boards for t in (b.white_team_id, b.black_team_id) if t is not None}
    line_ups: dict[tuple[int, int], dict[int, str]] = defaultdict(dict)
    for team_id, round_number, board_number, name in (
            LineUpBoard.objects.filter(line_up__team_id__in=team_ids, line_up__round_number__in=rounds,
                                       entry__isnull=False)
            .values_list("line_up__team_id", "line_up__round_number", "board", "entry__name")):
        line_ups[(team_id, round_number)][board_number] = name
    n = tournament.boards_per_match
    scoring, ts = tournament.scoring(), team_scoring(tournament)
    out = []
    for b in boards:
        home_team = cast(Team, b.white_team)  # ``_boards`` reads team boards only
        if b.bye_kind or b.black_team is None:
            out.append(MatchView(b.round.number, b.number, home_team, None, b.bye_kind or "pab", (), True, None))
            continue
        home_lu = line_ups[(home_team.pk, b.round.number)]
        away_lu = line_ups[(b.black_team.pk, b.round.number)]
        lines: list[BoardLine] = []
        complete = True
        for number in range(1, n + 1):
            colour = board_colour(number, tournament.board_colours)
            game = by_board[b.pk].get(number)
            if game is not None:
                home_white = colour == "w"
                home_name, away_name = (game.white, game.black) if home_white else (game.black, game.white)
                result = game.result
                if result:
                    w, bl = result_codes(result)
                    home_code, away_code = (w, bl) if home_white else (bl, w)
                    lines.append(BoardLine(number, home_name, away_name, colour, home_code, away_code, game.pk, True,
                                           board_result_text(home_code, away_code, scoring)))
                else:
                    complete = False
                    lines.append(BoardLine(number, home_name, away_name, colour, "", "", game.pk, False))
                continue
            home_name, away_name = home_lu.get(number, ""), away_lu.get(number, "")
            if not home_name and not away_name:
                continue
            empty_home, empty_away = "+" if home_name else "", "+" if away_name else ""
            lines.append(BoardLine(number, home_name, away_name, colour, empty_home, empty_away, None, True,
                                   board_result_text(empty_home, empty_away, scoring)))
        if not lines:
            complete = False  # not published with games yet
        score = None
        if complete:
            score = score_match(_team_match(b, lines), scoring, ts, board_count=n)
        out.append(MatchView(b.round.number, b.number, home_team, b.black_team, "", tuple(lines), complete, score))
    return out


def board_result_text(home: str, away: str, scoring: Scoring) -> str:
    """A board's result from the home side in points (``2–0``, ``1–1``, ``0–2``; `` F``: not played over
    the board, a forfeit or an empty board); "" while pending."""
    if not home and not away:
        return ""
    h = points_text(points(home.upper(), scoring, has_opponent=bool(away))) if home else "–"
    a = points_text(points(away.upper(), scoring, has_opponent=bool(home))) if away else "–"
    played = bool(home and away) and is_played(home.upper(), True) and is_played(away.upper(), True)
    return f"{h}–{a}" + ("" if played else " F")


def _team_match(board: Board, lines: list[BoardLine]) -> TeamMatch:
    return TeamMatch(
        round=board.round.number,
        home=board.white_team.number or 0 if board.white_team else 0,
        away=board.black_team.number or 0 if board.black_team else 0,
        boards=tuple(MatchBoard(line.board, line.board if line.home_name else None,
                                line.board if line.away_name else None, line.home_code, line.away_code,
                                line.home_colour) for line in lines),  # type: ignore[arg-type]
    )


def round_matches(tournament: Tournament, round_number: int, *, published_only: bool = True) -> list[MatchView]:
    """The matches of a round with their boards."""
    return _match_views(tournament, _boards(tournament, round_number=round_number, published_only=published_only))


def team_matches_and_byes(tournament: Tournament, *, before_round: int | None = None
                          ) -> tuple[list[TeamMatch], list[TeamBye]]:
    """The complete matches (every board confirmed) and the byes of the shown rounds (before
    ``before_round`` when given), as the pure standings and the team Swiss read them."""
    matches, byes = [], []
    for b, view in _pairs(tournament, before_round):
        if view.away is None:
            byes.append(TeamBye(view.round, view.home.number or 0, TEAM_BYE_OF_BOARD.get(view.bye_kind, "zero")))  # type: ignore[arg-type]
        elif view.complete:
            matches.append(_team_match(b, list(view.boards)))
    return matches, byes


def _pairs(tournament: Tournament, before_round: int | None) -> list[tuple[Board, MatchView]]:
    boards = _boards(tournament, before_round=before_round)
    return list(zip(boards, _match_views(tournament, boards), strict=True))


def team_standings_input(tournament: Tournament) -> TeamStandingsInput:
    """The team standings' input after the shown rounds."""
    teams = list(Team.objects.filter(tournament=tournament, number__isnull=False).order_by("number"))
    members: dict[int, list[int]] = defaultdict(list)
    for team_id, order in TeamMember.objects.filter(team__in=teams).order_by("order").values_list("team_id", "order"):
        members[team_id].append(order)
    matches, byes = team_matches_and_byes(tournament)
    codes = tuple(c.strip() for c in tournament.tiebreaks.split(",") if c.strip())
    played = [m.round for m in matches] + [b.round for b in byes]
    return TeamStandingsInput(
        teams=tuple(TeamEntry(t.number or 0, t.name, tuple(members[t.pk])) for t in teams),
        boards=tournament.boards_per_match,
        total_rounds=max([tournament.rounds_planned, *played]),
        matches=tuple(matches),
        byes=tuple(byes),
        scoring=tournament.scoring(),
        team_scoring=team_scoring(tournament),
        kind=tournament.system.kind if tournament.is_round_robin else "swiss",
        tiebreaks=codes or None,
        after_round=max(played) if played else 0,
        edition=tournament.tiebreak_edition(),
    )


@dataclass(frozen=True)
class TeamTables:
    standings: TeamStandings
    crosstable: tuple[TeamCrosstableRow, ...]
    teams: dict[int, Team]


def team_tables(tournament: Tournament) -> TeamTables:
    """The team standings and crosstable after the shown rounds."""
    inp = team_standings_input(tournament)
    standings = compute_team_standings(inp)
    teams = {t.number: t for t in Team.objects.filter(tournament=tournament, number__isnull=False)}
    return TeamTables(standings, team_crosstable(inp, standings), teams)  # type: ignore[arg-type]


def team_of(user_id: int | None, tournament: Tournament) -> Team | None:
    if user_id is None:
        return None
    return Team.objects.filter(Q(tournament=tournament) & Q(captain_id=user_id)).first()


@dataclass(frozen=True)
class BoardScore:
    """A player's results on one board number: games with a confirmed result, points, percentage of the
    points a win on each would give (None: no game)."""

    name: str
    team: str
    games: int
    points: float
    percentage: float | None


def board_scores(tournament: Tournament) -> dict[int, list[BoardScore]]:
    """Per board number, the players who played it (board games with a confirmed result; an empty
    board's walkover is no game), best percentage first, then more games: the board prizes' table."""
    scoring = tournament.scoring()
    tally: dict[tuple[int, str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    for view in _match_views(tournament, _boards(tournament)):
        if view.away is None:
            continue
        for line in view.boards:
            if line.game_id is None or not line.confirmed:
                continue
            for name, team, own, other in ((line.home_name, view.home.name, line.home_code, line.away_code),
                                           (line.away_name, view.away.name, line.away_code, line.home_code)):
                if name:
                    row = tally[(line.board, name, team)]
                    row[0] += 1
                    row[1] += points(own.upper(), scoring, has_opponent=bool(other))
    out: dict[int, list[BoardScore]] = defaultdict(list)
    for (board, name, team), (games, pts) in tally.items():
        pct = 100 * pts / (games * scoring.win) if games and scoring.win else None
        out[board].append(BoardScore(name, team, int(games), pts, pct))
    for rows in out.values():
        rows.sort(key=lambda r: (-(r.percentage or 0), -r.games, r.name))
    return dict(sorted(out.items()))
