"""Every POST view of the permission matrix with random form data, as the people allowed to act:
never a 500; and tournament settings changed to odd-but-accepted values never break the pages that
read them (standings, crosstable, pairing pages, PDF)."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.matrix.table import DONE, LOGIN, TABLE, Case
from tests.matrix.test_permission_matrix import call
from tests.matrix.world import build_world

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

POST_CASES = [(name, case) for name in sorted(TABLE) for case in TABLE[name] if case.method == "POST"]
FIELDS = ["result", "termination", "moves", "ply", "rule", "decision", "corrected_move", "comment", "entry", "first",
          "second", "method", "seed", "from_round", "round_number", "kind", "note", "reason", "slug", "name", "place",
          "start_date", "end_date", "pairing_system", "rounds_planned", "rule_profile", "override", "action",
          "username", "role", "index", "board", "confirm", "language", "demanded_in_time", "rating"]
# ``next`` has its own test below (every value the fuzzer tried that was not a path crashed).
VALUES = st.one_of(st.sampled_from(["", "0", "-1", "1", "2", "3", "99999999999999999999", "2-0", "1-1", "+-", "on",
                                    "appoint", "remove", "rating", "lot", "absent", "half", "stands", "corrected",
                                    "threefold_repetition", "2026-02-30", "dutch", "keizer", "international",
                                    "//evil.example/", "x" * 300]),
                   st.text(max_size=20))


@pytest.fixture
def world(request, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"  # the matrix's upload cases store files
    return build_world(request)


def _allowed(case: Case) -> list[str]:
    return [p for p, want in case.expected.items() if want not in (LOGIN, 403, 404, 405)] or ["anonymous"]


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_no_post_view_fails_on_random_form_data(data, world):
    name, case = data.draw(st.sampled_from(POST_CASES))
    persona = data.draw(st.sampled_from(_allowed(case)))
    form = data.draw(st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=6))
    bad = Case(case.kwargs, "POST", case.expected, lambda w, f=form: {**case.data(w), **f})
    with transaction.atomic():
        response = call(world, persona, name, bad)
        transaction.set_rollback(True)
    event(f"status {response.status_code}")
    assert response.status_code < 500, f"{name} as {persona} with {form}: {response.status_code}"


SETTINGS_VALUES = {
    "tiebreaks": st.one_of(st.sampled_from(["", "BH", "BH/C1,BH,SB", "SB,SB", "XX", "DE,KS", "BH/M1,PS,ARO,TPR",
                                            "AOB,WIN,WON", "bh", " , "]), st.text(max_size=15)),
    "option_top_value": st.sampled_from(["", "50", "0", "-5", "x", "1e308", "nan"]),
    "option_step": st.sampled_from(["", "1", "-1", "x"]),
    "option_absence_cap": st.sampled_from(["", "0", "3", "-1", "x"]),
    "points_win": st.sampled_from(["2", "0", "-1", "1.5", "x", "", "1e9"]),
    "points_draw": st.sampled_from(["1", "0", "3", "-1", "0.5"]),
    "points_pab": st.sampled_from(["2", "0", "1", "9"]),
    "rounds_planned": st.sampled_from(["1", "0", "5", "99", "-3", ""]),
    "pairing_system": st.sampled_from(["dutch", "berger", "berger_double", "keizer", "solkoff", "resistance", "x"]),
    "draw_offer_min_move": st.sampled_from(["0", "1", "40", "-1", "100000", ""]),
    "elo_k": st.sampled_from(["20", "0", "1000", "-5", ""]),
    "initial_colour": st.sampled_from(["", "white", "black", "w", "x"]),
    "start_date": st.sampled_from(["2026-11-20", "2026-02-30", "", "x"]),
    "end_date": st.sampled_from(["", "2026-11-19", "2026-11-30"]),
}


@pytest.mark.django_db
@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(changes=st.fixed_dictionaries({}, optional=SETTINGS_VALUES))
def test_odd_tournament_settings_are_refused_or_leave_every_page_working(changes, world):
    from django.forms.models import model_to_dict

    from tournaments.forms import TournamentSettingsForm

    t = world.tournament
    client = Client(raise_request_exception=False)
    client.force_login(world.users["chief"])
    initial = TournamentSettingsForm(instance=t).initial
    base = {k: ("on" if v is True else "" if v in (False, None) else str(v))
            for k, v in {**model_to_dict(t, fields=TournamentSettingsForm.Meta.fields), **initial}.items()}
    base = {k: v for k, v in base.items() if not (v == "" and k.startswith("public_") or k == "is_public" and not v)}
    with transaction.atomic():
        response = client.post(reverse("tournaments:settings", args=[t.slug]), {**base, **changes})
        assert response.status_code in (200, 302), (response.status_code, changes)
        event("accepted" if response.status_code == 302 else "refused")
        if response.status_code == 302:
            for page in (reverse("public:standings", args=[t.slug]), reverse("public:crosstable", args=[t.slug]),
                         reverse("public:standings_live", args=[t.slug]), reverse("public:tournament", args=[t.slug]),
                         reverse("tournaments:rounds", args=[t.slug]), reverse("tournaments:manage", args=[t.slug]),
                         reverse("public:document", args=[t.slug, "crosstable"])):
                got = client.get(page).status_code
                assert got < 500, f"{page} answers {got} after settings {changes}"
        transaction.set_rollback(True)


@pytest.mark.django_db
@pytest.mark.parametrize("nxt", ["abc", "0", "games:nonsense", "javascript:alert(1)", "//evil.example/x", "/g/"])
def test_a_next_parameter_that_is_not_a_local_path_falls_back_instead_of_failing(nxt, world):
    """games/views/common.py ``back()`` hands ``next`` to ``redirect()``, which first tries it as a
    URL pattern name: ``next=abc`` raised NoReverseMatch (a 500) on every games POST view."""
    client = Client(raise_request_exception=False)
    client.force_login(world.users["player"])
    response = client.post(reverse("games:claim", args=[world.game.pk]), {"ply": "0", "next": nxt})
    assert response.status_code == 302, f"next={nxt!r}: {response.status_code}"
    location = response.headers["Location"]
    assert location.startswith("/") and not location.startswith("//"), location


def test_post_cases_exist():
    assert len(POST_CASES) >= 25 and DONE
