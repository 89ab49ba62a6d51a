"""Pure pairing helpers for team events (issue 27): teams as the competitors of the usual engines.

* ``pair_team_round_robin``: a team round robin is Berger over teams (``tournaments.pairing.berger``,
  single or double): the table numbers are the teams in table order, the Berger "White" is the
  first-named (home) team, an odd number of teams gives one team a free round.
* ``board_pairings``: the boards of a match from the two line-ups, colours by the event's sequence
  (``tournaments.vocabulary.board_colour``: the home team White on the odd boards by default; any
  sequence, as TRF 352 writes it).
* ``default_line_up`` and ``line_up_problems``: the roster's first N available players, and what is
  wrong with a line-up (a higher-listed player below a lower-listed one, a player twice or not on
  the roster, too many players).
* ``seed_teams``: the teams' order for round 1 of a team Swiss: by lot (a recorded seed) or by the
  average rating of the first N roster players (ties by lot).
* ``team_pairing_input``: a team Swiss is paired by the individual Swiss engines with teams as
  competitors: a ``PairingInput`` whose ``PlayerRecord`` ids are team numbers, points the match
  points, history one ``RoundRecord`` per round (the opposing team, ``w`` when home, the match
  result as a code) and a ``Scoring`` in match points (``match_scoring``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.pairing.berger import pair_round_robin
from tournaments.pairing.model import Bye, Pairing, PairingError, PairingInput, PlayerRecord, RoundPairing
from tournaments.vocabulary import (
    DEFAULT_COLOUR_SEQUENCE,
    TEAM_BYE_CODES,
    Colour,
    ResultCode,
    RoundRecord,
    Scoring,
    TeamBye,
    TeamMatch,
    TeamScoring,
    board_colour,
    score_match,
)


def pair_team_round_robin(
    teams: Sequence[int], round_number: int, *, double: bool = False, swap_last_two: bool = True
) -> RoundPairing:
    """Round ``round_number`` of a team round robin: ``teams`` in table order (table number 1 is
    ``teams[0]``; draw it by lot beforehand). Each pairing's ``white`` is the home team, ``black``
    the away team; the team drawn against the dummy (odd number of teams) gets ``Bye(kind="zero")``.
    Raises ``PairingError`` for fewer than two teams, a team listed twice, or a round outside the
    schedule."""
    if len(set(teams)) != len(teams):
        raise PairingError("A team is listed twice in the round-robin table.")
    table = dict(enumerate(teams, start=1))
    inp = PairingInput(
        round=round_number,
        total_rounds=0,
        players=tuple(PlayerRecord(id=i) for i in table),
    )
    rp = pair_round_robin(inp, double=double, swap_last_two=swap_last_two)
    reasons = "Berger table over teams: table number {n} is team {team}"
    return RoundPairing(
        round=rp.round,
        pairings=tuple(
            Pairing(white=table[p.white], black=table[p.black], board=p.board,
                    reasons=(*p.reasons, reasons.format(n=p.white, team=table[p.white])))
            for p in rp.pairings
        ),  # fmt: skip
        byes=tuple(Bye(player=table[b.player], kind=b.kind, reasons=b.reasons) for b in rp.byes),
        warnings=rp.warnings,
    )


@dataclass(frozen=True)
class BoardPairing:
    """One board of a match to play: ``white`` and ``black`` start numbers (None: that team has
    nobody for the board), ``home_colour`` the home team's colour on it."""

    board: int
    white: int | None
    black: int | None
    home_colour: Colour


def board_pairings(
    home: Sequence[int | None], away: Sequence[int | None], boards: int, sequence: str = DEFAULT_COLOUR_SEQUENCE
) -> tuple[BoardPairing, ...]:
    """The boards of a match from the two line-ups (board order; None or a short line-up: an empty
    board), colours by ``sequence`` for the home team. Boards nobody plays on are left out."""
    if len(home) > boards or len(away) > boards:
        raise PairingError(f"A line-up has more players than the {boards} boards of a match.")
    out = []
    for b in range(1, boards + 1):
        h = home[b - 1] if b <= len(home) else None
        a = away[b - 1] if b <= len(away) else None
        if h is None and a is None:
            continue
        colour = board_colour(b, sequence)
        white, black = (h, a) if colour == "w" else (a, h)
        out.append(BoardPairing(b, white, black, colour))
    return tuple(out)


def default_line_up(roster: Sequence[int], available: Iterable[int], boards: int) -> tuple[int, ...]:
    """The line-up when a captain submits none: the roster's first ``boards`` available players,
    in roster order (fewer when not enough are available)."""
    present = set(available)
    return tuple(p for p in roster if p in present)[:boards]


def line_up_problems(roster: Sequence[int], line_up: Sequence[int | None], boards: int) -> list[str]:
    """What is wrong with a line-up (board order; None: a board left empty), in plain English:
    more players than boards, a player not on the roster or listed twice, and a higher-listed
    roster player on a lower board than a lower-listed one. Empty: the line-up is valid."""
    problems: list[str] = []
    if len(line_up) > boards:
        problems.append(f"The line-up has {len(line_up)} players for {boards} boards.")
    position = {p: i for i, p in enumerate(roster)}
    seen: set[int] = set()
    last: tuple[int, int] | None = None  # (roster position, board) of the previous player
    for board, p in enumerate(line_up, start=1):
        if p is None:
            continue
        if p not in position:
            problems.append(f"Player {p} on board {board} is not on the team's roster.")
            continue
        if p in seen:
            problems.append(f"Player {p} is listed twice.")
            continue
        seen.add(p)
        if last is not None and position[p] < last[0]:
            problems.append(
                f"Player {p} (roster {position[p] + 1}) plays board {board}, below player {roster[last[0]]} "
                f"(roster {last[0] + 1}) on board {last[1]}: the roster order must be kept."
            )
        last = (position[p], board)
    return problems


@dataclass(frozen=True)
class TeamSeed:
    """A team's place in the round-1 order and why: ``average`` of its first N roster ratings (None
    when seeded by lot), ``lot`` its draw."""

    team: int
    average: float | None
    lot: int
    reasons: tuple[str, ...] = ()


def average_rating(ratings: Sequence[int], boards: int, unrated: int = 0) -> float:
    """The average rating of the first ``boards`` roster players (an unrated player, rating 0,
    counts as ``unrated``); 0 for an empty roster."""
    first = [r or unrated for r in ratings[:boards]]
    return sum(first) / len(first) if first else 0.0


def seed_teams(
    rosters: dict[int, Sequence[int]], boards: int, *, by: str = "rating", seed: int = 0, unrated: int = 0
) -> tuple[TeamSeed, ...]:
    """The teams in round-1 order (the pairing numbers 1, 2, ... in this order).

    ``rosters``: team number -> the roster's ratings in board order. ``by="lot"``: a draw with
    ``seed`` (record it: the same seed gives the same order); ``by="rating"``: the average rating of
    the first ``boards`` players, highest first, equal averages by that draw."""
    if by not in ("rating", "lot"):
        raise PairingError(f"Teams are seeded by rating or by lot, not {by!r}.")
    rng = random.Random(seed)
    teams = sorted(rosters)
    draws = list(range(1, len(teams) + 1))
    rng.shuffle(draws)
    lot = dict(zip(teams, draws, strict=True))
    if by == "lot":
        return tuple(TeamSeed(t, None, lot[t], (f"Drawn by lot (seed {seed}): {lot[t]}",))
                     for t in sorted(teams, key=lambda t: lot[t]))  # fmt: skip
    avg = {t: average_rating(rosters[t], boards, unrated) for t in teams}
    ordered = sorted(teams, key=lambda t: (-avg[t], lot[t]))
    return tuple(
        TeamSeed(t, avg[t], lot[t], (f"Average rating of the first {boards} roster players: {avg[t]:.1f}",))
        for t in ordered
    )


def match_scoring(team_scoring: TeamScoring, boards: int, scoring: Scoring) -> Scoring:
    """The match points as a ``Scoring``, so that the individual engines read team rounds: a match
    won, drawn or lost, a forfeited match won or lost (``absent``), the byes (PAB as the event sets
    it, full a win, half a draw, zero ``absent``)."""
    pab, _ = team_scoring.pab_points(boards, scoring)
    return Scoring(
        win=team_scoring.win,
        draw=team_scoring.draw,
        loss=team_scoring.loss,
        pab=pab,
        forfeit_win=team_scoring.win,
        forfeit_loss=team_scoring.absent,
        half_bye=team_scoring.draw,
        zero_bye=team_scoring.absent,
        full_bye=team_scoring.win,
    )


_PLAYED = {"W": "1", "D": "=", "L": "0"}
_FORFEITED = {"W": "+", "D": "=", "L": "-"}


def team_history(
    team: int, matches: Iterable[TeamMatch], byes: Iterable[TeamBye], boards: int, scoring: Scoring,
    team_scoring: TeamScoring,
) -> tuple[RoundRecord, ...]:  # fmt: skip
    """A team's rounds as ``RoundRecord``: the opposing team, ``w`` when home (``b`` away), the match
    result as a code (``1 = 0`` played; ``+ -`` a forfeited match, which is no meeting; the bye
    codes ``U F H Z``)."""
    out: list[RoundRecord] = []
    for m in matches:
        if team not in (m.home, m.away):
            continue
        s = score_match(m, scoring, team_scoring, board_count=boards)
        home = team == m.home
        outcome = s.home_outcome if home else s.away_outcome
        code: ResultCode = (_PLAYED if s.played else _FORFEITED)[outcome]  # type: ignore[assignment]
        out.append(RoundRecord(m.round, m.away if home else m.home, "w" if home else "b", code))
    for b in byes:
        if b.team == team:
            out.append(RoundRecord(b.round, None, None, TEAM_BYE_CODES[b.kind]))  # type: ignore[arg-type]
    return tuple(sorted(out, key=lambda r: r.round))


def team_pairing_input(
    round_number: int,
    total_rounds: int,
    teams: dict[int, float],
    matches: Sequence[TeamMatch],
    byes: Sequence[TeamBye] = (),
    *,
    boards: int,
    scoring: Scoring,
    team_scoring: TeamScoring,
    unavailable: Iterable[int] = (),
    initial_colour: Colour = "w",
) -> PairingInput:
    """The ``PairingInput`` of a team Swiss round: ``teams`` maps each team number to its rating
    (e.g. ``average_rating`` of the first N roster players); points are match points
    (``match_scoring``); ``unavailable`` teams are not paired (withdrawn, a bye requested)."""
    ms = match_scoring(team_scoring, boards, scoring)
    absent = set(unavailable)
    players = []
    for number, rating in sorted(teams.items()):
        history = tuple(r for r in team_history(number, matches, byes, boards, scoring, team_scoring)
                        if r.round < round_number)  # fmt: skip
        players.append(
            PlayerRecord(
                id=number,
                rating=round(rating),
                points=sum(r.points(ms) for r in history),
                history=history,
                unavailable=number in absent,
            )
        )
    return PairingInput(
        round=round_number,
        total_rounds=total_rounds,
        players=tuple(players),
        scoring=ms,
        initial_colour=initial_colour,
    )
