"""Standings and tie-breaks: a pure module (frozen dataclasses in, ranked rows out).

Public API::

    from tournaments.standings import (
        StandingsInput, StandingsPlayer, StandingsRow, Standings, StandingsError,
        compute_standings, REGISTRY, default_tiebreaks, describe, known_codes, legend, parse_tiebreaks,
    )

``python -m tournaments.standings INPUT.trf [--tiebreaks BH/C1,BH,SB] [--json]`` prints them.
"""

from tournaments.standings.model import (
    Standings,
    StandingsError,
    StandingsInput,
    StandingsPlayer,
    StandingsRow,
    TiebreakValue,
    TournamentKind,
)
from tournaments.standings.ranking import compute_standings
from tournaments.standings.tiebreaks import (
    REGISTRY,
    Tiebreak,
    default_tiebreaks,
    describe,
    known_codes,
    legend,
    parse_tiebreaks,
)

__all__ = [
    "REGISTRY",
    "Standings",
    "StandingsError",
    "StandingsInput",
    "StandingsPlayer",
    "StandingsRow",
    "Tiebreak",
    "TiebreakValue",
    "TournamentKind",
    "compute_standings",
    "default_tiebreaks",
    "describe",
    "known_codes",
    "legend",
    "parse_tiebreaks",
]
