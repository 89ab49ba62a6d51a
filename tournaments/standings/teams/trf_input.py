"""Adapter from a parsed TRF team file (``tournaments.trf.read_team_trf``) to ``TeamStandingsInput``.

No parsing here: the TRF package reads the file and rebuilds its matches; this maps them onto the
standings input and guesses the kind of event.
"""

from __future__ import annotations

from tournaments.scores.berger import schedule
from tournaments.standings.model import Edition, StandingsError, TournamentKind
from tournaments.standings.teams.model import TeamEntry, TeamStandingsInput
from tournaments.standings.teams.tiebreaks import parse_team_tiebreaks
from tournaments.standings.trf_input import file_edition
from tournaments.trf import TrfTeamTournament


def guess_team_kind(t: TrfTeamTournament) -> TournamentKind:
    """The kind of event from the system records (192/092), else from its shape: a file whose
    matches are exactly the Berger schedule of its teams (single or double) is a round robin."""
    text = f"{t.tournament.system} {t.tournament.tournament_type}".upper()
    if "DOUBLE" in text and ("ROBIN" in text or "BERGER" in text):
        return "double_round_robin"
    if "ROBIN" in text or "BERGER" in text:
        return "round_robin"
    if "SWISS" in text or "_TEAM_MP" in text or "_TEAM_GP" in text:
        return "swiss"
    numbers = sorted(team.number for team in t.teams)
    n = len(numbers)
    if n < 3 or numbers != list(range(1, n + 1)):
        return "swiss"
    for double in (False, True):
        sched = schedule(n, double=double)
        if t.rounds != len(sched):
            continue
        if all(frozenset((m.home, m.away)) in {frozenset(p) for p in sched[m.round - 1]} for m in t.matches):
            return "double_round_robin" if double else "round_robin"
    return "swiss"


def file_team_tiebreaks(t: TrfTeamTournament, kind: TournamentKind) -> tuple[str, ...] | None:
    """The file's own rank order (212, else 202) when every code is known here, else None."""
    for codes in (t.tournament.standings_tiebreaks, t.tournament.tiebreaks):
        if codes:
            try:
                parse_team_tiebreaks(codes, kind)
            except StandingsError:
                return None
            return codes
    return None


def team_standings_input_from_trf(
    t: TrfTeamTournament,
    *,
    kind: TournamentKind | None = None,
    tiebreaks: tuple[str, ...] | None = None,
    after_round: int | None = None,
    edition: Edition | None = None,
) -> TeamStandingsInput:
    """A ``TeamStandingsInput`` for a parsed team file: ``kind`` defaults to ``guess_team_kind``,
    ``tiebreaks`` to the file's 212 (else 202) order when every code is known (else the default
    MPTS, GPTS, DE), ``edition`` (C.07) to the one of the start date (record 042)."""
    base = t.tournament
    k = kind or guess_team_kind(t)
    return TeamStandingsInput(
        teams=tuple(TeamEntry(number=x.number, name=x.name, players=x.players) for x in t.teams),
        boards=t.boards,
        total_rounds=t.rounds,
        matches=t.matches,
        byes=t.byes,
        penalties=t.penalties,
        scoring=base.scoring,
        team_scoring=t.team_scoring,
        kind=k,
        tiebreaks=tiebreaks if tiebreaks is not None else file_team_tiebreaks(t, k),
        after_round=after_round,
        edition=edition or file_edition(base),
    )
