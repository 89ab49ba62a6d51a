"""Fuzzing the TRF import of team files (``games.services.trf_io.import_trf`` of a file with 310 records): a
damaged team file is either imported whole as a team event (whose export reads again) or refused with a
``TrfError`` naming line and field, and then nothing at all is stored; never another exception."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.models import Game, ResultSubmission
from games.services.trf_io import export_trf, import_trf
from tests.fuzz.mutations import mutated
from tournaments.models import Board, Entry, LineUp, Round, Team, TeamMember, Tournament
from tournaments.trf import TrfError, read_team_trf

TEAMS = Path(__file__).resolve().parent.parent / "fixtures" / "standings" / "teams"
TEAM_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(TEAMS.glob("*.trf"))]


def _counts() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Tournament, Entry, Team, TeamMember, LineUp, Round, Board, Game,
                                             ResultSubmission))


@pytest.mark.django_db
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_team_trf_imports_whole_or_stores_nothing(data):
    text = data.draw(mutated(data.draw(st.sampled_from(TEAM_TEXTS)), max_edits=4))
    with transaction.atomic():
        before = _counts()
        try:
            tournament = import_trf(text, slug="fuzzed")
        except TrfError as exc:
            event("refused")
            assert exc.field and exc.message, exc
            assert _counts() == before, f"a refused file stored something: {exc}"
        else:
            event("imported")
            if tournament.competitors == Tournament.Competitors.TEAMS:  # a damaged 310 may make it individual
                event("team event")
                assert tournament.teams.count() == len(read_team_trf(text, check_points=False).teams)
                read_team_trf(export_trf(tournament), check_points=False)
        transaction.set_rollback(True)
