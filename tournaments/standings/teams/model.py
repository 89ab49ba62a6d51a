"""Frozen input and output dataclasses of the team standings (pure, no Django).

The matches, byes and penalties are the vocabulary's (``tournaments.vocabulary.TeamMatch``,
``MatchBoard``, ``TeamBye``, ``TeamPenalty``): the TRF reader, the pairing helpers and the app's
models all speak them. Board (game) points follow the tournament's ``Scoring`` (2/1/0), match
points its ``TeamScoring`` (2/1/0 by comparing board points).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.standings.model import Edition, TiebreakValue, TournamentKind
from tournaments.vocabulary import Scoring, TeamBye, TeamMatch, TeamPenalty, TeamScoring


@dataclass(frozen=True)
class TeamEntry:
    """A team of the event: its pairing number, name and roster (start numbers in board order)."""

    number: int
    name: str = ""
    players: tuple[int, ...] = ()
    rating: int = 0  # e.g. the average rating of the first N roster players (0: none)


@dataclass(frozen=True)
class TeamStandingsInput:
    """A team event as the standings see it.

    ``boards``: the number of boards of a match (N). ``total_rounds``: the rounds of the event
    (a round without a match or bye for a team counts as not paired, like an absence).
    ``tiebreaks``: the rank order in FIDE's reference checker's names (``MPTS``, ``GPTS``, ``DE``,
    ``BH:GP/C1``, ...; see ``tournaments.standings.teams.tiebreaks``); when it does not start with
    ``MPTS``, ``GPTS`` or ``PTS``, match points come first. None: ``DEFAULT_TEAM_TIEBREAKS``.
    ``after_round``: the standings after that round (None: every round present).
    ``edition``: the edition of FIDE C.07 (2026 caps the dummy of an unplayed round, art. 16.4).
    """

    teams: tuple[TeamEntry, ...]
    boards: int
    total_rounds: int
    matches: tuple[TeamMatch, ...] = ()
    byes: tuple[TeamBye, ...] = ()
    penalties: tuple[TeamPenalty, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)
    team_scoring: TeamScoring = field(default_factory=TeamScoring)
    kind: TournamentKind = "swiss"
    tiebreaks: tuple[str, ...] | None = None
    after_round: int | None = None
    edition: Edition = "2024"


@dataclass(frozen=True)
class TeamStandingsRow:
    """One line of the team standings, in rank order (``rank`` shared by teams equal on
    everything). ``tiebreaks`` maps each code of the rank order to its value; ``played``, ``won``,
    ``drawn``, ``lost`` count matches (forfeited ones included, byes not)."""

    rank: int
    team: int
    name: str
    match_points: float
    game_points: float
    tiebreaks: dict[str, TiebreakValue]
    played: int
    won: int
    drawn: int
    lost: int


@dataclass(frozen=True)
class TeamStandings:
    """Rows in rank order, the codes of the rank order, and what separates neighbours:
    ``separated_by[i]`` is the first code whose values differ between ``rows[i]`` and
    ``rows[i + 1]`` (None: they share the place)."""

    rows: tuple[TeamStandingsRow, ...]
    tiebreaks: tuple[str, ...]
    after_round: int
    kind: TournamentKind
    edition: Edition = "2024"
    separated_by: tuple[str | None, ...] = ()
