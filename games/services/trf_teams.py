"""A team event as a TRF-2026 team file (issue 27.7), through the pure ``tournaments.trf`` team writer.

``team_event_to_trf(tournament)`` builds the ``TrfTeamTournament`` of the completed rounds (every
match of the round with each board confirmed, from round 1 on): the ``001`` players (every entry
with a start number; their round cells come from the boards), ``310`` teams with their rosters, the
match and board points and the ranks of the app's team standings, ``352`` the event's colour
sequence, ``362`` its match points, ``300`` where a line-up left a board empty or differs from the
roster order, ``240``/``320`` the byes, ``299`` the no-show penalties, ``202`` the rank order.
``team_trf_text`` writes it. ``store_team_event`` is the way back: a team file read by ``read_team_trf``
stored as a team event (``trf_io.import_trf`` of a file with 310 records).

The boards' players are start numbers here (the standings only need to know a board was manned):
a game's White and Black, an empty board's present player from the line-up.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from decimal import Decimal

from django.utils import timezone

from games.models import Game, ResultSubmission
from tournaments.audit import Actor, record
from tournaments.models import Board, Entry, LineUp, LineUpBoard, Round, Team, TeamMember, Tournament
from tournaments.pairing.systems import for_kind, from_trf_code
from tournaments.reports.rounds import published_rounds
from tournaments.reports.teams import round_matches, team_matches_and_byes, team_scoring, team_tables
from tournaments.text import strip_control
from tournaments.trf import (
    TrfError,
    TrfPlayer,
    TrfTeam,
    TrfTeamTournament,
    TrfTournament,
    build_team_tournament,
    write_team_trf,
)
from tournaments.trf.team_writer import TEAM_SYSTEMS
from tournaments.vocabulary import (
    TeamMatch,
    board_colour,
    colour_sequence,
    forfeit_type,
    mark_of_codes,
    no_show_penalties,
    no_show_sides,
    result_from_codes,
)


class TeamTrfError(ValueError):
    """A team event that cannot be written as TRF (a roster player without a start number)."""


def completed_team_rounds(tournament: Tournament) -> int:
    """The last round up to which every match of every shown round is complete (each board confirmed)."""
    done = 0
    for rnd in published_rounds(tournament):
        if rnd.number != done + 1 or not all(m.complete for m in round_matches(tournament, rnd.number)):
            break
        done = rnd.number
    return done


def _players_by_board(tournament: Tournament, rounds: int) -> dict[tuple[int, int, int], int]:
    """(round, team number, board) -> the start number of the team's player on that board: the games'
    players (by the colour the team had) and the line-ups' players of the empty boards."""
    out: dict[tuple[int, int, int], int] = {}
    games = (Game.objects.filter(board__round__tournament=tournament, board__round__number__lte=rounds,
                                 board__white_team__isnull=False)
             .values_list("board__round__number", "number", "white__start_number", "black__start_number",
                          "white__team_member__team__number", "black__team_member__team__number"))
    for rnd, board, white, black, white_team, black_team in games:
        for sn, team in ((white, white_team), (black, black_team)):
            if sn is not None and team is not None:
                out[(rnd, team, board)] = sn
    for rnd, team, board, sn in (LineUpBoard.objects.filter(line_up__team__tournament=tournament,
                                                            line_up__round_number__lte=rounds, entry__isnull=False)
                                 .values_list("line_up__round_number", "line_up__team__number", "board",
                                              "entry__start_number")):
        if sn is not None and team is not None:
            out.setdefault((rnd, team, board), sn)
    return out


def team_event_to_trf(tournament: Tournament, rounds: int | None = None) -> TrfTeamTournament:
    """The completed rounds of a team event (``rounds``: the first so many; None: every completed
    one, ``completed_team_rounds``) as a consistent ``TrfTeamTournament``.

    Raises ``TeamTrfError`` when a roster player has no start number."""
    if rounds is None:
        rounds = completed_team_rounds(tournament)
    teams = list(Team.objects.filter(tournament=tournament, number__isnull=False).order_by("number"))
    rosters: dict[int, list[int]] = defaultdict(list)
    for team_number, sn, name in (TeamMember.objects.filter(team__in=teams).order_by("team__number", "order")
                                  .values_list("team__number", "entry__start_number", "entry__name")):
        if sn is None:
            raise TeamTrfError(f"{name} (team {team_number}) has no start number: number the players first")
        rosters[team_number or 0].append(sn)
    matches, byes = team_matches_and_byes(tournament, before_round=rounds + 1)
    who = _players_by_board(tournament, rounds)

    def with_players(m: TeamMatch) -> TeamMatch:
        return replace(m, boards=tuple(
            replace(b, home_player=who.get((m.round, m.home, b.board)) if b.home_player is not None else None,
                    away_player=who.get((m.round, m.away, b.board)) if b.away_player is not None else None)
            for b in m.boards))

    tables = team_tables(tournament)
    ranks = {r.team: r.rank for r in tables.standings.rows}
    players = tuple(
        TrfPlayer(start=e.start_number or 0, name=strip_control(e.name), title=strip_control(e.title),
                  rating=e.rating or 0, federation=strip_control(e.federation), fide_id=strip_control(e.fmjd_id),
                  birth=str(e.birth_year) if e.birth_year else "")
        for e in Entry.objects.filter(tournament=tournament, start_number__isnull=False).order_by("start_number")
    )
    fmt = "%Y/%m/%d"
    base = TrfTournament(
        players=players,
        total_rounds=tournament.rounds_planned,
        scoring=tournament.scoring(),
        scoring_declared=True,
        name=strip_control(tournament.name),
        city=strip_control(tournament.place),
        federation=strip_control(tournament.federation),
        start_date=tournament.start_date.strftime(fmt) if tournament.start_date else "",
        end_date=tournament.end_date.strftime(fmt) if tournament.end_date else "",
        time_control=strip_control(tournament.time_control),
        tiebreaks=tables.standings.tiebreaks,
        comments=(f"Team event: {tournament.boards_per_match} boards per match; the completed rounds 1-{rounds}."
                  if rounds else "Team event: no round is completed yet.",),
    )
    kind = tournament.system.kind if tournament.is_round_robin else "swiss"
    return build_team_tournament(
        base,
        [TrfTeam(number=t.number or 0, name=strip_control(t.name)[:32], players=tuple(rosters[t.number or 0]))
         for t in teams],
        [with_players(m) for m in matches],
        byes,
        boards=tournament.boards_per_match,
        colour_sequence_text=tournament.board_colours,
        team_scoring=team_scoring(tournament),
        # A team that did not show loses the event's penalty (299), as the standings count it.
        penalties=no_show_penalties([m for m in matches if m.boards], team_scoring(tournament)),
        ranks=ranks if rounds and rounds == tables.standings.after_round else None,
        kind=kind if kind in ("swiss", "round_robin", "double_round_robin") else "swiss",
    )


def team_trf_text(tournament: Tournament, *, line_ending: str = "\n") -> tuple[str, int]:
    """The TRF-2026 team file of ``tournament`` and the number of completed rounds it holds."""
    rounds = completed_team_rounds(tournament)
    return write_team_trf(team_event_to_trf(tournament, rounds), line_ending=line_ending), rounds


# --- Import: a TRF-2026 team file as a team event ---------------------------------------------------------

_TEAM_SYSTEM_KINDS = {code: kind for kind, (code, _text) in TEAM_SYSTEMS.items()}


def _record_line(lines: list[str], code: str, *numbers: int) -> int:
    """The line number of the first ``code`` record holding ``numbers`` in that order among its whole-number
    fields (0: none), to name the record in an error."""
    for lineno, line in enumerate(lines, start=1):
        if line[:3] != code:
            continue
        values = [int(x) for x in line[3:].split() if x.isdigit()]
        it = iter(values)
        if all(any(v == n for v in it) for n in numbers):
            return lineno
    return 0


def _shortest_sequence(sequence: str) -> str:
    """The colour sequence as the event stores it: its shortest repeating start (``WBWB`` -> ``WB``)."""
    for size in range(1, len(sequence) + 1):
        if all(sequence[i] == sequence[i % size] for i in range(len(sequence))):
            return sequence[:size]
    return sequence


def _team_system(t: TrfTeamTournament) -> str:
    """The registry key of the file's system: its 192 code (the app's ``FIDE_TEAM_...`` codes or a
    system's own), else a team Swiss."""
    code = t.tournament.system.strip().upper()
    spec = from_trf_code(code) if code else None
    if spec is not None:
        return spec.key
    return for_kind(_TEAM_SYSTEM_KINDS.get(code, "swiss")).key


def _settings(tournament: Tournament, t: TrfTeamTournament, lines: list[str]) -> None:
    """The event's team settings from 352, 362, 320 and 299 (TrfError where the event cannot hold them)."""
    ts = t.team_scoring
    if ts.absent != ts.loss:
        raise TrfError(_record_line(lines, "362"), "match points (362)",
                       f"a forfeited match lost scores {ts.absent:g} (TA) but a match lost {ts.loss:g} (TL): the app "
                       "scores both alike")
    sequence = _shortest_sequence(colour_sequence(t.boards, t.colour_sequence))
    if len(sequence) > Tournament._meta.get_field("board_colours").max_length:  # type: ignore[operator]
        raise TrfError(_record_line(lines, "352"), "colour sequence (352)", f"{sequence!r} is too long to store")
    tournament.competitors = Tournament.Competitors.TEAMS
    tournament.boards_per_match = t.boards
    tournament.board_colours = sequence
    tournament.team_points_win = Decimal(str(ts.win))
    tournament.team_points_draw = Decimal(str(ts.draw))
    tournament.team_points_loss = Decimal(str(ts.loss))
    tournament.team_pab_match_points = None if ts.pab_match_points is None else Decimal(str(ts.pab_match_points))
    tournament.team_pab_board_points = None if ts.pab_game_points is None else Decimal(str(ts.pab_game_points))
    tournament.pairing_system = _team_system(t)
    tournament.rounds_planned = max(t.rounds, 1)


def _no_show_penalty(t: TrfTeamTournament, lines: list[str]) -> float:
    """The event's no-show penalty the 299 records amount to: each the same number of match points taken
    from every team that did not show a match (``no_show_penalties``); other penalties have no place in the
    event (TrfError naming the first 299 record)."""
    if not t.penalties:
        return 0.0
    value = -t.penalties[0].match_points
    expected = no_show_penalties([m for m in t.matches if m.boards], replace(t.team_scoring, no_show_penalty=value))
    if value <= 0 or sorted(expected, key=repr) != sorted(t.penalties, key=repr):
        raise TrfError(_record_line(lines, "299"), "penalty (299)",
                       "only the same match points taken from each team that did not show a match can be imported "
                       "(the event's no-show penalty)")
    return value


def _withdrawals(t: TrfTeamTournament, lines: list[str]) -> dict[int, int]:
    """Team number -> the round from which it is withdrawn: a forfeited match without boards (330) is a
    withdrawn team's match, as the app stores it; the team must lose every match from that round on
    without boards and have no bye then (TrfError naming the 330 record)."""
    first: dict[int, int] = {}
    for m in t.matches:
        if m.boards or not m.forfeit:
            continue
        for team, absent in zip((m.home, m.away), no_show_sides(m.forfeit), strict=True):
            if absent:
                first[team] = min(first.get(team, m.round), m.round)
    for m in t.matches:
        if m.boards or not m.forfeit:
            continue
        for team, absent in zip((m.home, m.away), no_show_sides(m.forfeit), strict=True):
            if not absent and team in first and first[team] <= m.round:
                why = f"round {m.round}: team {team} wins a forfeited match without boards after it withdrew"
                raise TrfError(_record_line(lines, "330", m.round, m.home, m.away), "forfeited match (330)", why)
    for team, start in first.items():
        later = [m for m in t.matches if team in (m.home, m.away) and m.round >= start and m.boards]
        later_byes = [b for b in t.byes if b.team == team and b.round >= start]
        if later or later_byes:
            rnd = (later[0].round if later else later_byes[0].round)
            m = next(x for x in t.matches if team in (x.home, x.away) and x.round == start)
            why = (f"team {team} loses round {start} without boards (stored as a withdrawal) but plays or has a bye in "
                   f"round {rnd}; give the boards of the forfeited match (its players with +)")
            raise TrfError(_record_line(lines, "330", start, m.home, m.away), "forfeited match (330)", why)
    return first


def _check_match(m: TeamMatch, t: TrfTeamTournament, sequence: str, lines: list[str]) -> None:
    """A match the event can hold: the boards' colours by the sequence and the 330 type the boards give."""
    for b in m.boards:
        if b.home_player is not None and b.away_player is not None and b.home_colour != board_colour(b.board,
                                                                                                         sequence):
            why = (f"match {m.home}-{m.away}, board {b.board}: team {m.home}'s player has "
                   f"{'White' if b.home_colour == 'w' else 'Black'}, against the colour sequence {sequence}")
            raise TrfError(t.tournament.player(b.home_player).line, f"round {m.round} colour", why)
    if m.boards and m.forfeit and forfeit_type(m.boards) != m.forfeit:
        found = forfeit_type(m.boards) or "a match played"
        why = f"round {m.round}: the boards of match {m.home}-{m.away} give {found}, not {m.forfeit}"
        raise TrfError(_record_line(lines, "330", m.round, m.home, m.away), "forfeited match (330)", why)


def store_team_event(actor: Actor, tournament: Tournament, t: TrfTeamTournament, by_start: dict[int, Entry],
                     lines: list[str]) -> None:
    """Make ``tournament`` (just created with the file's players, ``by_start``) the team event of the team
    file ``t`` (``read_team_trf``; ``lines``: its text, to name records in errors): the team settings (352
    boards and colours, 362 match points, 320 PAB values, 192 system, 299 as the no-show penalty), the 310
    teams with their rosters in board order, every round finished with its matches (a board per match, the
    home team White's by the sequence), each board's game with its confirmed result and both teams' line-ups
    (an empty board: no game, the line-up's board left empty), the byes as bye boards, a forfeited match
    without boards as the losing team's withdrawal (results kept). Call inside a transaction; raises
    ``TrfError``. Audited (``tournament.import_team_trf``, in key=value pairs the audit page words)."""
    _settings(tournament, t, lines)
    for m in t.matches:
        _check_match(m, t, tournament.board_colours, lines)
    tournament.team_no_show_penalty = Decimal(str(_no_show_penalty(t, lines)))
    withdrawn = _withdrawals(t, lines)
    if withdrawn:
        tournament.withdrawal_rule = Tournament.WithdrawalRule.KEEP  # the file's results stand as they are
        tournament.annul_early_withdrawals = False
    tournament.save()
    names: dict[str, int] = {}
    teams: dict[int, Team] = {}
    for team in t.teams:
        name = strip_control(team.name).strip()[:120] or f"Team {team.number}"
        if name.casefold() in names:
            raise TrfError(team.line, "team name (310)", f"“{name}” is also the name of team {names[name.casefold()]}")
        names[name.casefold()] = team.number
        teams[team.number] = Team(tournament=tournament, number=team.number, name=name,
                                  withdrawn_from_round=withdrawn.get(team.number))
    Team.objects.bulk_create(teams.values())
    TeamMember.objects.bulk_create([TeamMember(team=teams[team.number], entry=by_start[pid], order=i)
                                    for team in t.teams for i, pid in enumerate(team.players, start=1)])
    last = max([m.round for m in t.matches] + [b.round for b in t.byes], default=0)
    now = timezone.now()
    line_ups: list[tuple[LineUp, list[int | None]]] = []
    games: list[tuple[Game, str, str]] = []
    for number in range(1, last + 1):
        rnd = Round.objects.create(tournament=tournament, number=number, status=Round.Status.FINISHED,
                                   published_at=now)
        matches = [m for m in t.matches if m.round == number]
        byes = [b for b in t.byes if b.round == number]
        boards = [Board(round=rnd, number=i, white_team=teams[m.home], black_team=teams[m.away])
                  for i, m in enumerate(matches, start=1)]
        boards += [Board(round=rnd, number=len(matches) + i, white_team=teams[b.team], bye_kind=b.kind)
                   for i, b in enumerate(byes, start=1)]
        Board.objects.bulk_create(boards)
        for board, m in zip(boards, matches):  # the byes' boards come last
            if not m.boards:
                continue  # a withdrawn team's forfeit (``reports.teams.withdrawal_forfeit``)
            for side, home in ((m.home, True), (m.away, False)):
                line_up = LineUp(team=teams[side], round_number=number)
                by_board = {b.board: b.home_player if home else b.away_player for b in m.boards}
                line_ups.append((line_up, [by_board.get(n) for n in range(1, t.boards + 1)]))
            for b in m.boards:
                if b.home_player is None or b.away_player is None:
                    continue  # an empty board: the present player wins it (``reports.teams``)
                home_white = b.home_colour == "w"
                white, black = (b.home_player, b.away_player) if home_white else (b.away_player, b.home_player)
                codes = (b.home_code, b.away_code) if home_white else (b.away_code, b.home_code)
                games.append((Game(board=board, number=b.board, white=by_start[white], black=by_start[black]),
                              *codes))
    LineUp.objects.bulk_create([lu for lu, _players in line_ups])
    LineUpBoard.objects.bulk_create([LineUpBoard(line_up=lu, board=i, entry=by_start[p])  # as ``submit_line_up``:
                                     for lu, players in line_ups  # an empty board has no row
                                     for i, p in enumerate(players, start=1) if p is not None])
    made = Game.objects.bulk_create([g for g, _w, _b in games])
    confirmed = ResultSubmission.Status.CONFIRMED
    submissions = []
    for g, (_g, white_code, black_code) in zip(made, games):
        result = result_from_codes(white_code, black_code)
        assert result is not None  # checked by ``read_team_trf``
        submissions.append(ResultSubmission(game=g, version=1, result=result, status=confirmed, confirmed_at=now,
                                            draw_mark=mark_of_codes(white_code, black_code)))
    ResultSubmission.objects.bulk_create(submissions)
    withdrawals = ", ".join(f"{teams[n].name}: {r}" for n, r in sorted(withdrawn.items()))
    record(actor, tournament, "tournament.import_team_trf", tournament,
           after=(f"teams={len(teams)}; players={len(by_start)}; rounds={last}; matches={len(t.matches)}; "
                  f"board_games={len(made)}; team_byes={len(t.byes)}; boards_per_match={t.boards}"
                  + (f"; withdrawn={withdrawals}" if withdrawals else ""))[:20000])
