"""A team event as a TRF-2026 team file (issue 27.7), through the pure ``tournaments.trf`` team writer.

``team_event_to_trf(tournament)`` builds the ``TrfTeamTournament`` of the completed rounds (every
match of the round with each board confirmed, from round 1 on): the ``001`` players (every entry
with a start number; their round cells come from the boards), ``310`` teams with their rosters, the
match and board points and the ranks of the app's team standings, ``352`` the event's colour
sequence, ``362`` its match points, ``300`` where a line-up left a board empty or differs from the
roster order, ``240``/``320`` the byes, ``202`` the rank order. ``team_trf_text`` writes it.

The boards' players are start numbers here (the standings only need to know a board was manned):
a game's White and Black, an empty board's present player from the line-up.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from games.models import Game
from tournaments.models import Entry, LineUpBoard, Team, TeamMember, Tournament
from tournaments.reports.rounds import published_rounds
from tournaments.reports.teams import round_matches, team_matches_and_byes, team_scoring, team_tables
from tournaments.text import strip_control
from tournaments.trf import TrfPlayer, TrfTeam, TrfTeamTournament, TrfTournament, build_team_tournament, write_team_trf
from tournaments.vocabulary import TeamMatch


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
        ranks=ranks if rounds and rounds == tables.standings.after_round else None,
        kind=kind if kind in ("swiss", "round_robin", "double_round_robin") else "swiss",
    )


def team_trf_text(tournament: Tournament, *, line_ending: str = "\n") -> tuple[str, int]:
    """The TRF-2026 team file of ``tournament`` and the number of completed rounds it holds."""
    rounds = completed_team_rounds(tournament)
    return write_team_trf(team_event_to_trf(tournament, rounds), line_ending=line_ending), rounds
