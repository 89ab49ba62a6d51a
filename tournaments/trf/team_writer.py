"""TRF-2026 team files: the writer and the builder of a consistent ``TrfTeamTournament``.

``write_team_trf(t)`` writes the header records of ``t.tournament`` (TRF26 flavour), ``082``,
``352``, ``362``, the ``001`` players with round cells derived from the matches (a round without a
game is left blank: FIDE's reference checker reads a ``0000 - Z`` of a reserve as a zero-point game
of the team), ``310``, ``300`` where a team's boards differ from its roster order or a board is
empty (the checker needs it), ``320``, ``330``, ``240`` and ``299``. ``read_team_trf`` of the result
gives ``t`` back when ``t`` is consistent (``build_team_tournament`` makes it so).

``forfeit_with_boards`` gives a match forfeited without boards the boards FIDE's checker needs (the present
team's players each winning against an empty board); ``is_forfeit_with_boards`` recognises that shape.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from tournaments.trf.model import TrfCell, TrfPlayer, TrfTournament
from tournaments.trf.reader import cell_points
from tournaments.trf.team_model import TrfTeam, TrfTeamTournament
from tournaments.trf.writer import format_cell, format_player, write_trf
from tournaments.vocabulary import (
    DEFAULT_COLOUR_SEQUENCE,
    TEAM_BYE_CODES,
    MatchBoard,
    TeamBye,
    TeamMatch,
    TeamPenalty,
    TeamScoring,
    board_colour,
    colour_sequence,
    score_match,
    team_bye_points,
)

_HEAD_WIDTH = 89  # a 001 record up to its rank field; round 1 starts at column 92


def board_cells(m: TeamMatch) -> dict[int, TrfCell]:
    """The round cell of every player of a match: the opponent and the colour on the board (none
    against an empty board)."""
    cells: dict[int, TrfCell] = {}
    for b in m.boards:
        away_colour = "b" if b.home_colour == "w" else "w"
        if b.home_player is not None:
            cells[b.home_player] = (
                TrfCell(b.away_player, b.home_colour, b.home_code)
                if b.away_player is not None
                else TrfCell(None, None, b.home_code)
            )
        if b.away_player is not None:
            cells[b.away_player] = (
                TrfCell(b.home_player, away_colour, b.away_code)  # type: ignore[arg-type]
                if b.home_player is not None
                else TrfCell(None, None, b.away_code)
            )
    return cells


def forfeit_with_boards(m: TeamMatch, present: Sequence[int | None], boards: int,
                        sequence: str = DEFAULT_COLOUR_SEQUENCE) -> TeamMatch:
    """A match forfeited without boards (a withdrawn team's, ``forfeit`` ``+-`` or ``-+``) in the shape FIDE's
    checker reads: the present team's players ``present`` (one per board, board order) each winning against an
    empty board (``+`` without opponent, as a board left empty by one team), the absent team's boards all
    empty (its 300 record all 0000; the 330 record stays). Unchanged when the match has boards, both teams
    are absent, or ``present`` does not man each of the ``boards`` boards (the checker cannot read a board
    empty on both sides either way)."""
    if m.boards or m.forfeit not in ("+-", "-+") or len(present) < boards or None in present[:boards]:
        return m
    home = m.forfeit == "+-"
    return replace(m, boards=tuple(
        MatchBoard(n, p if home else None, None if home else p, "+" if home else "", "" if home else "+",
                   board_colour(n, sequence))
        for n, p in enumerate(present[:boards], start=1)))


def is_forfeit_with_boards(m: TeamMatch, boards: int) -> bool:
    """Whether a match's boards are ``forfeit_with_boards``' shape: a forfeited match (``+-`` or ``-+``) in
    which the absent team has no player on any board and the present team's player wins each of the
    ``boards`` boards against an empty board."""
    if m.forfeit not in ("+-", "-+") or len(m.boards) != boards:
        return False
    home = m.forfeit == "+-"
    return all(
        (b.home_player is not None and b.away_player is None and b.home_code == "+" and not b.away_code) if home
        else (b.away_player is not None and b.home_player is None and b.away_code == "+" and not b.home_code)
        for b in m.boards)


def player_cells(t: TrfTeamTournament) -> dict[int, tuple[TrfCell, ...]]:
    """Every player's round cells as the matches give them (up to the player's last game; a round
    without a game is a blank cell, read back as ``Z`` without opponent)."""
    by_round: dict[int, dict[int, TrfCell]] = {}
    for m in t.matches:
        for pid, cell in board_cells(m).items():
            by_round.setdefault(pid, {})[m.round] = cell
    out: dict[int, tuple[TrfCell, ...]] = {}
    for p in t.tournament.players:
        rounds = by_round.get(p.start, {})
        last = max(rounds, default=0)
        out[p.start] = tuple(rounds.get(r, TrfCell(None, None, "Z")) for r in range(1, last + 1))
    return out


def _team_player(p: TrfPlayer) -> str:
    head = format_player(replace(p, cells=())).ljust(_HEAD_WIDTH)
    cells = "".join(
        "  " + ("        " if c.opponent is None and c.result == "Z" else format_cell(c)) for c in p.cells
    )
    return (head + cells).rstrip()


def _pts(value: float, width: int) -> str:
    return f"{value:{width}.1f}"


def _team_line(team: TrfTeam) -> str:
    head = (
        f"310 {team.number:3d} {team.name[:32]:<32} {team.nickname[:5]:<5} {team.strength[:6]:>6} "
        f"{_pts(team.match_points, 6)} {_pts(team.game_points, 6)} {(str(team.rank) if team.rank else ''):>3}"
    )
    return (head + "  " + " ".join(f"{p:4d}" for p in team.players)).rstrip()


def _scoring_line(ts: TeamScoring) -> str:
    entries = [("W", ts.win), ("D", ts.draw), ("L", ts.loss)] + ([("A", ts.absent)] if ts.absent else [])
    return ("362 " + "".join(f"T{code}{_pts(v, 4)}   " for code, v in entries)).rstrip()


def _side(m: TeamMatch, home: bool, boards: int) -> list[int | None]:
    by_board = {b.board: (b.home_player if home else b.away_player) for b in m.boards}
    return [by_board.get(n) for n in range(1, boards + 1)]


def order_records(t: TrfTeamTournament) -> list[str]:
    """``300`` records: a team whose boards leave one empty or differ from its roster order."""
    position = {pid: i for team in t.teams for i, pid in enumerate(team.players)}
    lines = []
    for m in sorted(t.matches, key=lambda x: (x.round, x.home)):
        for team, opponent, home in ((m.home, m.away, True), (m.away, m.home, False)):
            side = _side(m, home, t.boards)
            present = [p for p in side if p is not None]
            if None in side or present != sorted(present, key=lambda p: position.get(p, 0)):
                order = " ".join(f"{p or 0:04d}" for p in side)
                lines.append(f"300 {m.round:03d} {team:03d} {opponent:03d} {order}")
    return lines


def _pab_lines(t: TrfTeamTournament) -> list[str]:
    pabs = [b for b in t.byes if b.kind == "pab"]
    if not pabs:
        return []
    mp, gp = t.team_scoring.pab_points(t.boards, t.tournament.scoring)
    per_round: dict[int, list[int]] = {}
    for b in pabs:
        per_round.setdefault(b.round, []).append(b.team)
    last = max(per_round)
    lines = []
    for k in range(max(len(v) for v in per_round.values())):
        teams = [sorted(per_round.get(r, []))[k] if len(per_round.get(r, [])) > k else 0 for r in range(1, last + 1)]
        lines.append(f"320 {_pts(mp, 4)} {_pts(gp, 4)} " + " ".join(f"{x:03d}" for x in teams))
    return lines


def _bye_lines(byes: Iterable[TeamBye]) -> list[str]:
    grouped: dict[tuple[str, int], list[int]] = {}
    for b in byes:
        if b.kind != "pab":
            grouped.setdefault((TEAM_BYE_CODES[b.kind], b.round), []).append(b.team)
    return [
        f"240 {kind} {rnd:03d} " + " ".join(f"{team:04d}" for team in sorted(teams))
        for (kind, rnd), teams in sorted(grouped.items(), key=lambda kv: (kv[0][1], kv[0][0]))
    ]


def _penalty_line(p: TeamPenalty) -> str:
    return f"299    {_pts(p.match_points, 4)}  {_pts(p.game_points, 4)}  {p.round:03d} {p.team:04d}"


def write_team_trf(t: TrfTeamTournament, *, line_ending: str = "\n") -> str:
    """Serialise a team tournament (see the module docstring)."""
    header = write_trf(replace(t.tournament, players=(), byes=()), "trf26").rstrip("\n").split("\n")
    lines = [line for line in header if line]
    lines.append(f"082 {len(t.teams)}")
    lines.append("352 " + colour_sequence(t.boards, t.colour_sequence))
    lines.append(_scoring_line(t.team_scoring))
    cells = player_cells(t)
    scoring = t.tournament.scoring
    for p in t.tournament.players:
        own = cells[p.start]
        lines.append(_team_player(replace(p, cells=own, points=sum(cell_points(c, scoring) for c in own))))
    lines.extend(_team_line(team) for team in t.teams)
    lines.extend(order_records(t))
    lines.extend(_pab_lines(t))
    lines.extend(
        f"330 {m.forfeit} {m.round:03d} {m.home:03d} {m.away:03d}"
        for m in sorted(t.matches, key=lambda x: (x.round, x.home))
        if m.forfeit
    )
    lines.extend(_bye_lines(t.byes))
    lines.extend(_penalty_line(p) for p in t.penalties)
    return line_ending.join(lines) + line_ending


def team_totals(t: TrfTeamTournament) -> dict[int, tuple[float, float]]:
    """Every team's (match points, game points) from its matches, byes and penalties
    (``tournaments.vocabulary.score_match`` and ``team_bye_points``)."""
    totals = {team.number: [0.0, 0.0] for team in t.teams}
    scoring = t.tournament.scoring
    for m in t.matches:
        s = score_match(m, scoring, t.team_scoring, board_count=t.boards)
        totals[m.home][0] += s.home_match_points
        totals[m.home][1] += s.home_game_points
        totals[m.away][0] += s.away_match_points
        totals[m.away][1] += s.away_game_points
    for b in t.byes:
        mp, gp = team_bye_points(b.kind, t.boards, scoring, t.team_scoring)
        totals[b.team][0] += mp
        totals[b.team][1] += gp
    for p in t.penalties:
        totals[p.team][0] += p.match_points
        totals[p.team][1] += p.game_points
    return {n: (mp, gp) for n, (mp, gp) in totals.items()}


# The TRF 192 code and a 092 text of each kind of team event (FIDE's checker takes a round robin
# from the words of 092: ROBIN, BERGER or RR; a Swiss from SWISS).
TEAM_SYSTEMS: dict[str, tuple[str, str]] = {
    "swiss": ("FIDE_TEAM_MP_GP", "Team Swiss"),
    "round_robin": ("FIDE_TEAM_ROUNDROBIN", "Team round robin"),
    "double_round_robin": ("FIDE_TEAM_DOUBLEROUNDROBIN", "Team double round robin"),
}


def build_team_tournament(
    tournament: TrfTournament,
    teams: Iterable[TrfTeam],
    matches: Iterable[TeamMatch],
    byes: Iterable[TeamBye] = (),
    *,
    boards: int,
    colour_sequence_text: str = DEFAULT_COLOUR_SEQUENCE,
    team_scoring: TeamScoring | None = None,
    penalties: Iterable[TeamPenalty] = (),
    ranks: dict[int, int] | None = None,
    kind: str | None = None,
) -> TrfTeamTournament:
    """A consistent team tournament: the players' cells and points from the matches, each team's
    match and game points from its results (``team_totals``), ``ranks`` (team number -> rank, e.g.
    from the standings) into the 310 records, the colour sequence written out for every board.

    ``tournament``: the header records and the players (their cells are replaced); its 240 byes
    are dropped (a team file's byes are ``byes``). ``kind`` (swiss, round_robin,
    double_round_robin) fills an empty 192 and 092 (``TEAM_SYSTEMS``).
    """
    if kind is not None:
        system, text = TEAM_SYSTEMS[kind]
        tournament = replace(tournament, system=tournament.system or system,
                             tournament_type=tournament.tournament_type or text)  # fmt: skip
    t = TrfTeamTournament(
        tournament=replace(tournament, byes=()),
        teams=tuple(sorted(teams, key=lambda x: x.number)),
        boards=boards,
        colour_sequence=colour_sequence(boards, colour_sequence_text),
        team_scoring=team_scoring or TeamScoring(),
        matches=tuple(sorted(matches, key=lambda m: (m.round, min(m.home, m.away)))),
        byes=tuple(sorted(byes, key=lambda b: (b.round, b.team))),
        penalties=tuple(penalties),
    )
    cells = player_cells(t)
    scoring = tournament.scoring
    players = tuple(
        replace(p, cells=cells[p.start], points=sum(cell_points(c, scoring) for c in cells[p.start]))
        for p in t.tournament.players
    )
    totals = team_totals(t)
    ranks = ranks or {}
    new_teams = tuple(
        replace(team, match_points=totals[team.number][0], game_points=totals[team.number][1],
                rank=ranks.get(team.number, team.rank))
        for team in t.teams
    )  # fmt: skip
    rounds = max(tournament.total_rounds, t.rounds)
    return replace(t, tournament=replace(t.tournament, players=players, total_rounds=rounds), teams=new_teams)

