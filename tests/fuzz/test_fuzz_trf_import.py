"""Fuzzing the TRF tournament import (``games.services.trf_io.import_trf``): a damaged file is
either imported whole (and exports again) or refused with a ``TrfError`` that names line and field,
and then nothing at all is stored."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.fuzz.mutations import FIXTURES, mutated, read_fixture
from tournaments.trf import TrfError, read_trf

TRF_TEXTS = [read_fixture(p) for p in sorted((FIXTURES / "pairing" / "dutch2025").glob("*.trf"))[:6]]


def _counts():
    from games.models import Game, ResultSubmission
    from tournaments.models import Board, Entry, Player, Round, Tournament

    return tuple(m.objects.count() for m in (Tournament, Player, Entry, Round, Board, Game, ResultSubmission))


@pytest.mark.django_db
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_trf_imports_whole_or_stores_nothing(data):
    from games.services.trf_io import export_trf, import_trf

    text = data.draw(mutated(data.draw(st.sampled_from(TRF_TEXTS)), max_edits=4))
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
            assert tournament.entries.count() == len(read_trf(text, check_points=False).players)
            read_trf(export_trf(tournament), check_points=False)
        transaction.set_rollback(True)
