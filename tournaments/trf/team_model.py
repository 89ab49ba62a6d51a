"""Frozen dataclasses of a TRF-2026 team tournament (see ``tournaments.trf.teams`` for the API).

A team file is an individual file (``001`` players with their round cells, ``162`` game points)
plus the team records: ``310`` teams with their rosters, ``352`` the colour sequence of the boards,
``362`` the match points, ``320`` pairing-allocated byes, ``240`` the other team byes, ``330``
forfeited matches, ``300`` boards played out of the roster order or left empty, ``299`` penalties.
The reader turns the players' games into matches (``tournaments.vocabulary.TeamMatch``) of boards
(``MatchBoard``); the writer turns matches back into round cells.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.trf.model import TrfTournament
from tournaments.vocabulary import DEFAULT_COLOUR_SEQUENCE, TeamBye, TeamMatch, TeamPenalty, TeamScoring


@dataclass(frozen=True)
class TrfTeam:
    """A ``310`` record: the team's pairing number (1-999), name, nickname, strength factor (free
    text), match and game points and rank as the file states them, and its roster: the players'
    start numbers in board order (reserves last)."""

    number: int
    name: str
    nickname: str = ""
    strength: str = ""
    match_points: float = 0.0
    game_points: float = 0.0
    rank: int = 0
    players: tuple[int, ...] = ()
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class TrfTeamTournament:
    """A team tournament: ``tournament`` holds the header records and the ``001`` players (their
    cells as the file has them; the writer derives them from ``matches``); its ``byes`` are empty
    (the 240 records of a team file name teams: they are in ``byes`` here).

    ``boards``: the number of boards of a match (the length of record 352); ``colour_sequence``:
    352 as one letter per board; ``team_scoring``: match points (362) and the PAB's values (320).
    """

    tournament: TrfTournament
    teams: tuple[TrfTeam, ...]
    boards: int
    colour_sequence: str = DEFAULT_COLOUR_SEQUENCE
    team_scoring: TeamScoring = field(default_factory=TeamScoring)
    matches: tuple[TeamMatch, ...] = ()
    byes: tuple[TeamBye, ...] = ()
    penalties: tuple[TeamPenalty, ...] = ()

    def team(self, number: int) -> TrfTeam:
        """The team with that pairing number (KeyError if none)."""
        for t in self.teams:
            if t.number == number:
                return t
        raise KeyError(number)

    @property
    def rounds(self) -> int:
        """The number of rounds: record 142, else the last round with a match or a bye."""
        last = max([m.round for m in self.matches] + [b.round for b in self.byes], default=0)
        return max(self.tournament.total_rounds, last)
