"""Team standings: match points, board (game) points and the team tie-breaks (pure, no Django).

Public API::

    from tournaments.standings.teams import (
        TeamEntry, TeamStandingsInput, TeamStandingsRow, TeamStandings, compute_team_standings,
        DEFAULT_TEAM_TIEBREAKS, parse_team_tiebreaks, team_legend, explain_team_standings,
        team_standings_input_from_trf, guess_team_kind, team_crosstable, TeamCrosstableRow,
        TeamCrosstableCell, TeamExplained,
    )

The codes are those of FIDE's reference checker (Gacrux): ``MPTS``, ``GPTS``, ``DE``, ``EDE``,
``BH`` (resistance points), ``BH:GP``, ``BH/C1``, ``SB``, ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB``,
``WIN``, ``WON``, ``PS``, ``AOB``, ``BC`` (see ``tournaments.standings.teams.tiebreaks``); values and
ranks equal the checker's, both editions of C.07 (``TeamStandingsInput.edition``).
``python -m tournaments.standings FILE.trf --teams --tiebreaks CODES --json`` prints them.
"""

from tournaments.standings.teams.crosstable import TeamCrosstableCell, TeamCrosstableRow, team_crosstable
from tournaments.standings.teams.explain import TeamExplained, explain_team_standings
from tournaments.standings.teams.model import TeamEntry, TeamStandings, TeamStandingsInput, TeamStandingsRow
from tournaments.standings.teams.ranking import compute_team_standings, rank_teams
from tournaments.standings.teams.tiebreaks import (
    DEFAULT_TEAM_TIEBREAKS,
    POINTS_COLUMNS,
    parse_team_tiebreaks,
    team_legend,
)
from tournaments.standings.teams.trf_input import guess_team_kind, team_standings_input_from_trf

__all__ = [
    "DEFAULT_TEAM_TIEBREAKS",
    "POINTS_COLUMNS",
    "TeamCrosstableCell",
    "TeamCrosstableRow",
    "TeamExplained",
    "TeamEntry",
    "TeamStandings",
    "TeamStandingsInput",
    "TeamStandingsRow",
    "compute_team_standings",
    "explain_team_standings",
    "guess_team_kind",
    "parse_team_tiebreaks",
    "rank_teams",
    "team_crosstable",
    "team_legend",
    "team_standings_input_from_trf",
]
