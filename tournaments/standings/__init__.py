"""Standings and tie-breaks: a pure module (frozen dataclasses in, ranked rows out).

Public API::

    from tournaments.standings import (
        StandingsInput, StandingsPlayer, StandingsRow, Standings, StandingsError,
        compute_standings, REGISTRY, default_tiebreaks, describe, known_codes, legend, parse_tiebreaks,
        Edition, EDITIONS, edition_for, explain_standings, Explained, Explanation, Part, Tie,
        rank_changes, moves,
    )

Both editions of FIDE C.07 (2024, 2026: ``StandingsInput.edition``, see ``editions``); every
value can be explained (``explain_standings``: the rounds, scores, cuts and articles behind it,
and per tie the tie-break that separates two players).

``python -m tournaments.standings INPUT.trf [--tiebreaks BH/C1,BH,SB] [--json] [--rules 2026]
[--explain]`` prints them.
"""

from tournaments.standings.editions import (
    EDITION_FROM,
    EDITION_TITLES,
    EDITIONS,
    edition_for,
    parse_date,
    parse_edition,
)
from tournaments.standings.explain import Explained, Explanation, Part, Tie, explain_standings
from tournaments.standings.model import (
    PLAYOFF,
    Edition,
    PlayoffDecision,
    Standings,
    StandingsError,
    StandingsInput,
    StandingsPlayer,
    StandingsRow,
    TiebreakValue,
    TournamentKind,
)
from tournaments.standings.movement import moves, rank_changes
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
    "EDITIONS",
    "EDITION_FROM",
    "EDITION_TITLES",
    "Edition",
    "Explained",
    "Explanation",
    "PLAYOFF",
    "Part",
    "PlayoffDecision",
    "Tie",
    "edition_for",
    "explain_standings",
    "moves",
    "parse_date",
    "parse_edition",
    "rank_changes",
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
