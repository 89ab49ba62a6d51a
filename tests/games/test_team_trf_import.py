"""Importing a TRF-2026 team file as a team event (issue 27.7): ``games.services.trf_io.import_trf`` of a file
with 310 records makes teams, rosters, rounds, matches, line-ups and board games.

Oracles: the original event's team standings (``team_tables``) for the round trip of the app's own export, and
a hand computation (in the docstring) for a small hand-written file."""

from __future__ import annotations

import re

import pytest

from games.models import Game
from games.services.trf_io import MAX_TRF_CHARS, import_trf, trf_export
from tests.games.test_team_exchange import play_league
from tests.tournaments.test_team_app import league  # noqa: F401 - the fixture
from tournaments.models import AuditEntry, Board, LineUp, Team, Tournament
from tournaments.reports.teams import round_matches, team_tables
from tournaments.trf import TrfError

pytestmark = pytest.mark.django_db


def _table(t: Tournament) -> list[tuple]:
    s = team_tables(t).standings
    return [(r.team, r.name, r.rank, r.match_points, r.game_points, tuple(r.tiebreaks[c] for c in s.tiebreaks))
            for r in s.rows]


def _records(text: str) -> list[str]:
    """The file's records without the ones that must differ (none so far: the export has no dates of its own)
    and with runs of blanks made one."""
    return [re.sub(r" +", " ", line.rstrip()) for line in text.splitlines() if line.strip()]


def test_round_trip_of_the_apps_team_league(league):  # noqa: F811 - the fixture
    """The finished four-team league (A's round-2 line-up with board 4 empty) exported, imported as a new
    event: the same teams and rosters, 3 finished rounds of 2 matches, the same board games and results, the
    same team standings (ranks, match points, board points, tie-breaks); its export is the same file."""
    t, teams, _arbiter = play_league(league)
    text = trf_export(t).text
    imported = import_trf(text, slug="league-copy")
    assert imported.competitors == Tournament.Competitors.TEAMS
    assert (imported.boards_per_match, imported.board_colours, imported.pairing_system) == (4, "WB", "berger")
    assert _table(imported) == _table(t)
    assert Team.objects.filter(tournament=imported).count() == 4
    a = Team.objects.get(tournament=imported, name="Team A")
    assert [m.entry.name for m in a.members.order_by("order")] == [e.name for e in teams["A"][2]]
    assert Board.objects.filter(round__tournament=imported).count() == 6
    assert Game.objects.filter(board__round__tournament=imported).count() == 3 * 2 * 4 - 1
    a2 = LineUp.objects.get(team=a, round_number=2)
    assert [b.entry.name if b.entry else None for b in a2.boards.order_by("board")] == [
        "A1 Player", "A3 Player", "A5 Player", None]
    views = [v for r in (1, 2, 3) for v in round_matches(imported, r)]
    assert all(v.complete for v in views)
    assert _records(trf_export(imported).text) == _records(text)
    entry = AuditEntry.objects.get(tournament=imported, action="tournament.import_team_trf")
    assert "4 teams, 20 players, 3 rounds, 6 matches, 23 board games" in entry.after
