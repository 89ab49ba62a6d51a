"""Team events as the pages see them (issue 27): each match with its boards, the matches and byes the
team standings and the team Swiss read, the team standings and crosstable. A constant number of
queries whatever the size of the event (no query per team, match or board).

Only confirmed results count: a match enters the standings and the pairing history once every board
game of it has a confirmed result. A board one team left empty has no game: the present player's
``+`` (a win's points), as ``vocabulary.score_match`` reads it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
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
    MatchBoard,
    MatchScore,
    Scoring,
    TeamBye,
    TeamMatch,
    TeamScoring,
    board_colour,
    forfeit_type,
    is_played,
    no_show_penalties,
    points,
    result_codes,
    score_match,
    withdrawal_keeps_results,
)

# A bye board's kind -> the team bye it is (an absent team scores like a zero-point bye).
TEAM_BYE_OF_BOARD = {"pab": "pab", "full": "full", "half": "half", "zero": "zero", "absent": "zero"}


def team_scoring(tournament: Tournament) -> TeamScoring:
    """The event's team scoring from its settings: the match points of a match won, drawn and lost
    (draughts: 2/1/0 by the board points), the match points a team that does not show loses on top,
    and the pairing-allocated bye (empty settings: a match won, with the points of a PAB on every
    board). A forfeited match lost scores the loss's match points too."""
    pab_mp = tournament.team_pab_match_points
    pab_gp = tournament.team_pab_board_points
    return TeamScoring(
        win=float(tournament.team_points_win),
        draw=float(tournament.team_points_draw),
        loss=float(tournament.team_points_loss),
        absent=float(tournament.team_points_loss),
        pab_match_points=float(tournament.team_points_win if pab_mp is None else pab_mp),
        pab_game_points=None if pab_gp is None else float(pab_gp),
        no_show_penalty=float(tournament.team_no_show_penalty),
    )


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
    home_entry: int | None = None  # the players' entry ids (None: an empty side)
    away_entry: int | None = None


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
    # A match a withdrawn team does not play (TRF 330 type: ``+-`` the home team wins, ``-+`` the away
    # team, ``--`` both withdrawn); "" for a match played.
    withdrawn: str = ""


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
    white_id: int | None = None
    black_id: int | None = None


def withdrawn_in(team: Team | None, round_number: int) -> bool:
    """Whether ``team`` is withdrawn for ``round_number`` (withdrawn from that round or an earlier one)."""
    return team is not None and team.withdrawn_from_round is not None and team.withdrawn_from_round <= round_number


def withdrawal_forfeit(home: Team, away: Team, round_number: int) -> str:
    """The forfeit type (TRF 330) of a match one or both teams no longer play, "" when both play."""
    h, a = withdrawn_in(home, round_number), withdrawn_in(away, round_number)
    return "--" if h and a else "-+" if h else "+-" if a else ""


def _match_views(tournament: Tournament, boards: list[Board]) -> list[MatchView]:
    """The matches of ``boards`` with their board lines (three queries)."""
    # Plain rows, not model instances: a league's hundreds of board games are read in a few milliseconds.
    confirmed = ResultSubmission.objects.confirmed().filter(game=OuterRef("pk")).values("result")[:1]
    games = (Game.objects.filter(board__in=[b for b in boards if not b.bye_kind])
             .annotate(confirmed_result=Subquery(confirmed))
             .values_list("board_id", "number", "pk", "white__name", "black__name", "confirmed_result", "white_id",
                          "black_id"))
    by_board: dict[int, dict[int, _GameRow]] = defaultdict(dict)
    for board_id, number, pk, white, black, result, white_id, black_id in games:
        by_board[board_id][number] = _GameRow(pk, white or "", black or "", result or "", white_id, black_id)
    rounds = {b.round.number for b in boards}
    team_ids = {t for b in boards for t in (b.white_team_id, b.black_team_id) if t is not None}
    line_ups: dict[tuple[int, int], dict[int, tuple[str, int]]] = defaultdict(dict)
    for team_id, round_number, board_number, name, entry_id in (
            LineUpBoard.objects.filter(line_up__team_id__in=team_ids, line_up__round_number__in=rounds,
                                       entry__isnull=False)
            .values_list("line_up__team_id", "line_up__round_number", "board", "entry__name", "entry_id")):
        line_ups[(team_id, round_number)][board_number] = (name, entry_id)
    n = tournament.boards_per_match
    scoring, ts = tournament.scoring(), team_scoring(tournament)
    out = []
    for b in boards:
        home_team = cast(Team, b.white_team)  # ``_boards`` reads team boards only
        if b.bye_kind or b.black_team is None:
            out.append(MatchView(b.round.number, b.number, home_team, None, b.bye_kind or "pab", (), True, None))
            continue
        withdrawn = withdrawal_forfeit(home_team, b.black_team, b.round.number)
        if withdrawn:
            match = TeamMatch(round=b.round.number, home=home_team.number or 0, away=b.black_team.number or 0,
                              forfeit=withdrawn)
            out.append(MatchView(b.round.number, b.number, home_team, b.black_team, "", (), True,
                                 score_match(match, scoring, ts, board_count=n), withdrawn))
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
                home_id, away_id = (game.white_id, game.black_id) if home_white else (game.black_id, game.white_id)
                result = game.result
                if result:
                    w, bl = result_codes(result)
                    home_code, away_code = (w, bl) if home_white else (bl, w)
                    lines.append(BoardLine(number, home_name, away_name, colour, home_code, away_code, game.pk, True,
                                           board_result_text(home_code, away_code, scoring), home_id, away_id))
                else:
                    complete = False
                    lines.append(BoardLine(number, home_name, away_name, colour, "", "", game.pk, False, "",
                                           home_id, away_id))
                continue
            (home_name, home_id), (away_name, away_id) = (home_lu.get(number, ("", None)),
                                                          away_lu.get(number, ("", None)))
            if not home_name and not away_name:
                continue
            empty_home, empty_away = "+" if home_name else "", "+" if away_name else ""
            lines.append(BoardLine(number, home_name, away_name, colour, empty_home, empty_away, None, True,
                                   board_result_text(empty_home, empty_away, scoring), home_id, away_id))
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


def _team_match(board: Board, lines: list[BoardLine], withdrawn: str = "") -> TeamMatch:
    """The match as the pure cores read it; a match in which a team lost every board without playing
    any is a forfeited match of that type (``vocabulary.forfeit_type``: the team did not show)."""
    boards = tuple(MatchBoard(line.board, line.board if line.home_name else None,
                              line.board if line.away_name else None, line.home_code, line.away_code,
                              line.home_colour) for line in lines)  # type: ignore[arg-type]
    return TeamMatch(
        round=board.round.number,
        home=board.white_team.number or 0 if board.white_team else 0,
        away=board.black_team.number or 0 if board.black_team else 0,
        boards=boards,
        forfeit=withdrawn or forfeit_type(boards),
    )


def round_matches(tournament: Tournament, round_number: int, *, published_only: bool = True) -> list[MatchView]:
    """The matches of a round with their boards."""
    return _match_views(tournament, _boards(tournament, round_number=round_number, published_only=published_only))


def team_matches_and_byes(tournament: Tournament, *, before_round: int | None = None
                          ) -> tuple[list[TeamMatch], list[TeamBye]]:
    """The complete matches (every board confirmed) and the byes of the shown rounds (before
    ``before_round`` when given), as the pure standings and the team Swiss read them."""
    matches, byes, _withdrawals = _matches_byes(tournament, before_round)
    return matches, byes


def _matches_byes(tournament: Tournament, before_round: int | None
                  ) -> tuple[list[TeamMatch], list[TeamBye], dict[int, TeamWithdrawal]]:
    pairs = _pairs(tournament, before_round)
    withdrawals = team_withdrawals(tournament, [v for _b, v in pairs])
    annulled = {w.team for w in withdrawals.values() if not w.kept}
    matches, byes = [], []
    for b, view in pairs:
        if view.away is None:
            if view.home.pk not in annulled:
                byes.append(TeamBye(view.round, view.home.number or 0, TEAM_BYE_OF_BOARD.get(view.bye_kind, "zero")))  # type: ignore[arg-type]
        elif view.complete and not {view.home.pk, view.away.pk} & annulled:
            matches.append(_team_match(b, list(view.boards), view.withdrawn))
    return matches, byes, withdrawals


@dataclass(frozen=True)
class TeamWithdrawal:
    """A withdrawn team and what the event's rule does to its matches (``vocabulary.withdrawal_keeps_results``):
    ``kept`` its results stay and its remaining matches are forfeits; else every match of it is annulled
    for both teams (nothing stored is deleted: reinstating the team brings them back)."""

    team: int  # the team's id
    from_round: int
    kept: bool
    rule: str
    played: int  # matches played over the board before the withdrawal
    total: int  # matches of the schedule (round robin) or the planned rounds (Swiss)


def team_withdrawals(tournament: Tournament, views: list[MatchView]) -> dict[int, TeamWithdrawal]:
    """Each withdrawn team (by id) with the rule's decision: a round robin applies ``withdrawal_rule``
    (``half``: kept when more than half the matches of the schedule were played), the team Swiss the
    players' rule for early withdrawals (``annul_early_withdrawals``), as ``tournaments.history`` does
    for players."""
    teams = list(Team.objects.filter(tournament=tournament, withdrawn_from_round__isnull=False))
    if not teams:
        return {}
    rule, total = _withdrawal_rule(tournament)
    out = {}
    for t in teams:
        played = _played(t, views)
        out[t.pk] = TeamWithdrawal(t.pk, t.withdrawn_from_round or 0, withdrawal_keeps_results(rule, played, total),
                                   rule, played, total)
    return out


def _withdrawal_rule(tournament: Tournament) -> tuple[str, int]:
    """The rule a team's withdrawal follows and the matches it counts against (``team_withdrawals``)."""
    if tournament.is_round_robin:
        count = Team.objects.filter(tournament=tournament).count()
        return tournament.withdrawal_rule, (count - 1) * (2 if tournament.system.kind == "double_round_robin" else 1)
    return ("half" if tournament.annul_early_withdrawals else ""), tournament.rounds_planned


def _played(team: Team, views: list[MatchView]) -> int:
    """The matches of ``views`` that ``team`` played over the board."""
    return sum(1 for v in views if v.away is not None and team.pk in (v.home.pk, v.away.pk) and not v.withdrawn
               and v.score is not None and v.score.played)


def withdrawal_outcome(tournament: Tournament, team: Team, from_round: int) -> TeamWithdrawal:
    """What withdrawing ``team`` from ``from_round`` on would do, by the same rule as ``team_withdrawals``
    (the matches it played before that round count): the arbiter's confirmation page says it."""
    boards = _boards(tournament, before_round=from_round)
    rule, total = _withdrawal_rule(tournament)
    played = _played(team, _match_views(tournament, boards))
    return TeamWithdrawal(team.pk, from_round, withdrawal_keeps_results(rule, played, total), rule, played, total)


def _pairs(tournament: Tournament, before_round: int | None) -> list[tuple[Board, MatchView]]:
    boards = _boards(tournament, before_round=before_round)
    return list(zip(boards, _match_views(tournament, boards), strict=True))


def team_standings_input(tournament: Tournament) -> TeamStandingsInput:
    """The team standings' input after the shown rounds."""
    matches, byes, _withdrawals = _matches_byes(tournament, None)
    return _standings_input(tournament, matches, byes)


def _standings_input(tournament: Tournament, matches: list[TeamMatch], byes: list[TeamBye]) -> TeamStandingsInput:
    teams = list(Team.objects.filter(tournament=tournament, number__isnull=False).order_by("number"))
    members: dict[int, list[int]] = defaultdict(list)
    for team_id, order in TeamMember.objects.filter(team__in=teams).order_by("order").values_list("team_id", "order"):
        members[team_id].append(order)
    ts = team_scoring(tournament)
    codes = tuple(c.strip() for c in tournament.tiebreaks.split(",") if c.strip())
    played = [m.round for m in matches] + [b.round for b in byes]
    return TeamStandingsInput(
        teams=tuple(TeamEntry(t.number or 0, t.name, tuple(members[t.pk])) for t in teams),
        boards=tournament.boards_per_match,
        total_rounds=max([tournament.rounds_planned, *played]),
        matches=tuple(matches),
        byes=tuple(byes),
        # A team that did not show loses the event's penalty on top (a withdrawn team's forfeits, which have
        # no boards, are no no-show).
        penalties=no_show_penalties([m for m in matches if m.boards], ts),
        scoring=tournament.scoring(),
        team_scoring=ts,
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
    withdrawals: dict[int, TeamWithdrawal] = field(default_factory=dict)  # by team number

    def withdrawal(self, number: int) -> TeamWithdrawal | None:
        return self.withdrawals.get(number)


def team_tables(tournament: Tournament) -> TeamTables:
    """The team standings and crosstable after the shown rounds, and the withdrawn teams."""
    matches, byes, withdrawals = _matches_byes(tournament, None)
    inp = _standings_input(tournament, matches, byes)
    standings = compute_team_standings(inp)
    teams = {t.number: t for t in Team.objects.filter(tournament=tournament, number__isnull=False)}
    by_number = {t.number: withdrawals[t.pk] for t in teams.values() if t.pk in withdrawals}
    return TeamTables(standings, team_crosstable(inp, standings), teams, by_number)  # type: ignore[arg-type]


def team_of(user_id: int | None, tournament: Tournament) -> Team | None:
    if user_id is None:
        return None
    return Team.objects.filter(Q(tournament=tournament) & Q(captain_id=user_id)).first()


@dataclass(frozen=True)
class BoardScore:
    """A player's results on one board number: games with a confirmed result, points, percentage of the
    points a win on each would give (None: no game); ``eligible``: at least the board prizes' minimum of
    games (``board_prize_minimum``); ``entry``: the player's entry id (the player's page)."""

    name: str
    team: str
    games: int
    points: float
    percentage: float | None
    eligible: bool = True
    entry: int | None = None


def board_prize_minimum(tournament: Tournament) -> int:
    """The games a player needs on a board to be ranked for its prize: the event's setting, else half
    the rounds (a round robin's table rounds, a Swiss's planned rounds), rounded up."""
    if tournament.board_prize_min_games is not None:
        return tournament.board_prize_min_games
    rounds = tournament.table_rounds(Team.objects.filter(tournament=tournament).count()) or tournament.rounds_planned
    return (rounds + 1) // 2


def board_scores(tournament: Tournament) -> dict[int, list[BoardScore]]:
    """Per board number, the players who played it (board games with a confirmed result; an empty
    board's walkover is no game): the board prizes' table. Those with the minimum of games
    (``board_prize_minimum``) first, best percentage first, then more games; then the others."""
    scoring = tournament.scoring()
    minimum = board_prize_minimum(tournament)
    tally: dict[tuple[int, str, str, int | None], list[float]] = defaultdict(lambda: [0, 0.0])
    for view in _match_views(tournament, _boards(tournament)):
        if view.away is None:
            continue
        for line in view.boards:
            if line.game_id is None or not line.confirmed:
                continue
            for name, team, own, other, entry in (
                    (line.home_name, view.home.name, line.home_code, line.away_code, line.home_entry),
                    (line.away_name, view.away.name, line.away_code, line.home_code, line.away_entry)):
                if name:
                    row = tally[(line.board, name, team, entry)]
                    row[0] += 1
                    row[1] += points(own.upper(), scoring, has_opponent=bool(other))
    out: dict[int, list[BoardScore]] = defaultdict(list)
    for (board, name, team, entry), (games, pts) in tally.items():
        pct = 100 * pts / (games * scoring.win) if games and scoring.win else None
        out[board].append(BoardScore(name, team, int(games), pts, pct, games >= minimum, entry))
    for rows in out.values():
        rows.sort(key=lambda r: (not r.eligible, -(r.percentage or 0), -r.games, r.name))
    return dict(sorted(out.items()))


@dataclass(frozen=True)
class PlayerBoard:
    """One round of a player in a team event: the board, the opponent and the opposing team ("" an empty
    board), the player's colour, the result in points from the player's side (``2–0``; `` F`` not played
    over the board; "" pending) and the player's points (None: pending)."""

    round: int
    board: int
    opponent: str
    opponent_entry: int | None
    opposing_team: str
    colour: str
    result: str
    points: float | None
    game_id: int | None
    counts: bool  # a board game with a confirmed result (the score and percentage count it)


@dataclass(frozen=True)
class PlayerTeamRecord:
    boards: tuple[PlayerBoard, ...]
    games: int
    points: float
    percentage: float | None


def player_boards(tournament: Tournament, entry_id: int) -> PlayerTeamRecord:
    """A player's boards in the event round by round (the shown rounds; a constant number of queries):
    score and percentage over the board games with a confirmed result, as the board prizes count them."""
    scoring = tournament.scoring()
    rows: list[PlayerBoard] = []
    for view in _match_views(tournament, _boards(tournament)):
        if view.away is None:
            continue
        for line in view.boards:
            if entry_id == line.home_entry:
                own, other, opp, opp_entry, team = (line.home_code, line.away_code, line.away_name, line.away_entry,
                                                    view.away.name)
                colour = line.home_colour
            elif entry_id == line.away_entry:
                own, other, opp, opp_entry, team = (line.away_code, line.home_code, line.home_name, line.home_entry,
                                                    view.home.name)
                colour = "b" if line.home_colour == "w" else "w"
            else:
                continue
            pts = points(own.upper(), scoring, has_opponent=bool(other)) if own else None
            rows.append(PlayerBoard(view.round, line.board, opp, opp_entry, team, colour,
                                    board_result_text(own, other, scoring) if own else "", pts, line.game_id,
                                    line.game_id is not None and line.confirmed and pts is not None))
    counted = [r for r in rows if r.counts]
    total = sum(r.points or 0.0 for r in counted)
    pct = 100 * total / (len(counted) * scoring.win) if counted and scoring.win else None
    return PlayerTeamRecord(tuple(rows), len(counted), total, pct)
