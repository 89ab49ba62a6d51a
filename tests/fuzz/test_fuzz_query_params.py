"""Every GET page of the permission matrix with random query parameters (the ones the views read,
plus junk), as a full page or as an htmx fragment request: never a 500, whoever asks. Bad
parameters give a page, a 404 or a redirect."""

from __future__ import annotations

import pytest
from django.db import transaction
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.matrix.table import TABLE
from tests.matrix.test_permission_matrix import call
from tests.matrix.world import build_world

GET_CASES = [(name, case) for name in sorted(TABLE) for case in TABLE[name] if case.method == "GET"]
PARAMS = ["round", "ply", "page", "next", "format", "action", "_export", "flip", "sort", "slide", "interval",
          "number", "board"]
VALUES = st.one_of(st.sampled_from(["", "0", "-1", "1", "2", "999999999999999999999", "json", "csv", "xlsx", "pdf",
                                    "rank", "-name", "name", "nonsense", "//evil.example", "javascript:alert(1)",
                                    "1e9", "NaN", "\u00e9", "%00"]),
                   st.text(max_size=12))


@pytest.fixture
def world(request):
    return build_world(request)


@pytest.mark.django_db
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(index=st.integers(min_value=0, max_value=len(GET_CASES) - 1),
       persona=st.sampled_from(["anonymous", "player", "arbiter", "chief", "staff"]),
       query=st.dictionaries(st.sampled_from(PARAMS), VALUES, max_size=3), htmx=st.booleans())
def test_no_get_page_fails_on_odd_query_parameters(index, persona, query, htmx, world):
    from urllib.parse import urlencode

    name, case = GET_CASES[index]
    with transaction.atomic():
        response = call(world, persona, name, case, query="?" + urlencode(query), htmx=htmx)
        transaction.set_rollback(True)
    event(f"status {response.status_code}")
    assert response.status_code < 500, f"{name} as {persona} with {query}: {response.status_code}"
