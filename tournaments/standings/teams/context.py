"""Every team's rounds, normalised once per standings run (as FIDE's reference checker reads them).

Each team gets one ``TeamRound`` per round 1..R:

* a match: the opponent, whether any board was played over the board (``played``; a match with
  none is a forfeited match), the match result (``code`` W, D, L; a forfeited match lost is Z),
  the match and board points (``tournaments.vocabulary.score_match``) and the team's boards;
* a bye: PAB (code P, played), full (W), half (D) or zero (Z) with ``team_bye_points``;
* no record: not paired (Z, nothing).

``vur``: a voluntary unplayed round (C.07 art. 16): not played and not won (a half or zero bye,
a forfeited match lost, a round not paired). ``boards`` are the round's entries at board level
(what WIN:GP, BC and the board tie-breaks count): the team's boards of a match played; for any
other round one entry per board worth the round's result on a board (a PAB: a win).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from tournaments.standings.model import StandingsError
from tournaments.standings.teams.model import TeamEntry, TeamStandingsInput
from tournaments.vocabulary import (
    MatchScore,
    TeamMatch,
    is_played,
    points,
    score_match,
    team_bye_points,
)

# Levels of points: "m" match points, "g" game (board) points.
Level = str
_BYE_CODES = {"pab": "P", "full": "W", "half": "D", "zero": "Z"}


class BoardEntry(NamedTuple):
    """One board of a team's round: ``board`` 1..N, the team's ``points`` on it."""

    board: int
    points: float
    played: bool
    vur: bool
    opponent: int | None  # the opposing player (None: an empty board or a round without a match)
    colour: str | None


class TeamRound(NamedTuple):
    """One team's round (see the module docstring)."""

    round: int
    kind: str  # match, forfeit_win, forfeit_loss, forfeit, pab, full_bye, half_bye, zero_bye, not_paired
    opponent: int | None
    home: bool | None
    code: str  # W D L Z (a match lost without a board played), P (PAB)
    played: bool
    mp: float
    gp: float
    vur: bool
    boards: tuple[BoardEntry, ...]

    def pts(self, level: Level) -> float:
        """The round's points at ``level`` (m: match points, g: game points)."""
        return self.mp if level == "m" else self.gp


@dataclass
class TeamContext:
    """Everything a team tie-break needs; tie-breaks may cache intermediate results in ``cache``."""

    inp: TeamStandingsInput
    rounds: int
    teams: dict[int, TeamEntry]
    entries: dict[int, list[TeamRound]]
    extra: dict[int, tuple[float, float]]  # penalties for the event as a whole (round 0): (mp, gp)
    cache: dict[str, object] = field(default_factory=dict)

    @property
    def round_robin(self) -> bool:
        return self.inp.kind in ("round_robin", "double_round_robin")

    def total(self, team: int, level: Level) -> float:
        """The team's points at ``level`` (match or game points), penalties included."""
        key = f"total:{level}"
        cached = self.cache.get(key)
        if not isinstance(cached, dict):
            cached = {
                t: sum(e.pts(level) for e in row) + self.extra[t][0 if level == "m" else 1]
                for t, row in self.entries.items()
            }
            self.cache[key] = cached
        return float(cached[team])

    def win(self, level: Level) -> float:
        """A win's points at ``level``: a match won, or a board won."""
        return self.inp.team_scoring.win if level == "m" else self.inp.scoring.win

    def draw(self, level: Level) -> float:
        """A draw's points at ``level``; for game points a draw on every board (C.07 16.2.5)."""
        return self.inp.team_scoring.draw if level == "m" else self.inp.scoring.draw * self.inp.boards


def _match_rounds(inp: TeamStandingsInput, m: TeamMatch, s: MatchScore) -> tuple[TeamRound, TeamRound]:
    sc = inp.scoring
    out = []
    for home in (True, False):
        team, opp = (m.home, m.away) if home else (m.away, m.home)
        outcome = s.home_outcome if home else s.away_outcome
        mp, gp = (s.home_match_points, s.home_game_points) if home else (s.away_match_points, s.away_game_points)
        code = outcome if (outcome != "L" or s.played) else "Z"
        if s.played:
            kind = "match"
            boards = []
            for b in m.boards:
                own, other = (b.home_player, b.away_player) if home else (b.away_player, b.home_player)
                own_code, other_code = (b.home_code, b.away_code) if home else (b.away_code, b.home_code)
                if own is None or not own_code:
                    continue
                colour = b.home_colour if home else ("b" if b.home_colour == "w" else "w")
                code_up = own_code.upper()
                has_opp = other is not None
                game = is_played(code_up, has_opp) and is_played(other_code.upper(), True)
                boards.append(
                    BoardEntry(
                        board=b.board,
                        points=points(code_up, sc, has_opponent=has_opp),
                        played=game,
                        vur=not game and code_up != "+",  # a board won without playing is no VUR
                        opponent=other,
                        colour=colour if has_opp else None,
                    )
                )
            board_entries = tuple(boards)
        else:
            kind = "forfeit_win" if outcome == "W" else ("forfeit_loss" if outcome == "L" else "forfeit")
            board_entries = _pseudo_boards(inp, code, played=False, vur=code != "W")
        out.append(
            TeamRound(
                round=m.round, kind=kind, opponent=opp, home=home, code=code, played=s.played, mp=mp, gp=gp,
                vur=not s.played and code != "W", boards=board_entries,
            )
        )  # fmt: skip
    return out[0], out[1]


def _pseudo_boards(inp: TeamStandingsInput, code: str, *, played: bool, vur: bool) -> tuple[BoardEntry, ...]:
    """One entry per board worth the round's result on a board (a PAB: a win on every board)."""
    sc = inp.scoring
    per_board = {"W": sc.win, "D": sc.draw, "L": sc.loss, "Z": sc.zero_bye, "P": sc.win}[code]
    return tuple(BoardEntry(b, per_board, played, vur, None, None) for b in range(1, inp.boards + 1))


class _Rounds:
    """Every team's rounds, filled match by match and bye by bye (one per team and round)."""

    def __init__(self, teams: dict[int, TeamEntry], rounds: int) -> None:
        self.teams = teams
        self.rounds = rounds
        self.by_team: dict[int, dict[int, TeamRound]] = {t: {} for t in teams}
        self.seen: set[tuple[int, int]] = set()

    def put(self, team: int, entry: TeamRound, what: str) -> None:
        if team not in self.teams:
            raise StandingsError(f"round {entry.round}: {what}: team {team} is not entered")
        if entry.round < 1:
            raise StandingsError(f"team {team}: round numbers start at 1")
        if (team, entry.round) in self.seen:
            raise StandingsError(f"team {team}, round {entry.round}: two matches or byes in the same round")
        self.seen.add((team, entry.round))
        if entry.round <= self.rounds:
            self.by_team[team][entry.round] = entry


def _add_matches(inp: TeamStandingsInput, rounds: _Rounds) -> None:
    for m in inp.matches:
        where = f"match {m.home}-{m.away}"
        if m.home == m.away:
            raise StandingsError(f"round {m.round}: team {m.home} cannot meet itself")
        for b in m.boards:
            if not 1 <= b.board <= inp.boards:
                raise StandingsError(f"round {m.round}, {where}: board {b.board} is outside 1..{inp.boards}")
        try:
            s = score_match(m, inp.scoring, inp.team_scoring, board_count=inp.boards)
        except KeyError as exc:
            raise StandingsError(f"round {m.round}, {where}: unknown result code {exc.args[0]!r}") from None
        home, away = _match_rounds(inp, m, s)
        rounds.put(m.home, home, where)
        rounds.put(m.away, away, where)


_BYE_ROUND_KINDS = {"pab": "pab", "full": "full_bye", "half": "half_bye", "zero": "zero_bye"}


def _add_byes(inp: TeamStandingsInput, rounds: _Rounds) -> None:
    for b in inp.byes:
        if b.kind not in _BYE_CODES:
            raise StandingsError(f"round {b.round}, team {b.team}: unknown bye kind {b.kind!r}")
        mp, gp = team_bye_points(b.kind, inp.boards, inp.scoring, inp.team_scoring)
        code = _BYE_CODES[b.kind]
        played = b.kind == "pab"
        vur = not played and code != "W"
        boards = _pseudo_boards(inp, code, played=played, vur=vur)
        entry = TeamRound(b.round, _BYE_ROUND_KINDS[b.kind], None, None, code, played, mp, gp, vur, boards)
        rounds.put(b.team, entry, f"{b.kind} bye")


def build_team_context(inp: TeamStandingsInput) -> TeamContext:
    """Validate ``inp`` and normalise every team's rounds.

    Raises ``StandingsError`` naming the team and round for: duplicate team numbers, a match or
    bye of a team not entered, a team with two matches or byes in one round, a team meeting
    itself, a board number outside 1..N, an unknown result code, an ``after_round`` out of range.
    """
    if inp.boards < 1:
        raise StandingsError(f"a match has at least 1 board, got {inp.boards}")
    teams: dict[int, TeamEntry] = {}
    for t in inp.teams:
        if t.number in teams:
            raise StandingsError(f"team number {t.number} appears twice")
        teams[t.number] = t
    last = max([m.round for m in inp.matches] + [b.round for b in inp.byes], default=0)
    if inp.after_round is not None and not 0 <= inp.after_round <= max(inp.total_rounds, last):
        raise StandingsError(f"after_round {inp.after_round} is outside 0..{max(inp.total_rounds, last)}")
    rounds = _Rounds(teams, inp.after_round if inp.after_round is not None else max(inp.total_rounds, last))
    _add_matches(inp, rounds)
    _add_byes(inp, rounds)
    by_team = rounds.by_team
    extra = dict.fromkeys(teams, (0.0, 0.0))
    for p in inp.penalties:
        if p.team not in teams:
            raise StandingsError(f"penalty: team {p.team} is not entered")
        if p.round == 0:
            extra[p.team] = (extra[p.team][0] + p.match_points, extra[p.team][1] + p.game_points)
        elif p.round <= rounds.rounds:
            e = by_team[p.team].get(p.round) or _not_paired(inp, p.round)
            by_team[p.team][p.round] = e._replace(mp=e.mp + p.match_points, gp=e.gp + p.game_points)
    entries = {t: [by_team[t].get(r) or _not_paired(inp, r) for r in range(1, rounds.rounds + 1)] for t in teams}
    return TeamContext(inp=inp, rounds=rounds.rounds, teams=teams, entries=entries, extra=extra)


def _not_paired(inp: TeamStandingsInput, rnd: int) -> TeamRound:
    boards = _pseudo_boards(inp, "Z", played=False, vur=True)
    return TeamRound(rnd, "not_paired", None, None, "Z", False, 0.0, 0.0, True, boards)
