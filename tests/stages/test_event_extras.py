"""Issue 29, the rest of the event: stage points carried into the next stage (standings and
pairing), the event's rating settings, norm tables, the event ranking order, the archive. Figures
by hand in the docstrings."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.stages.play import make_stage, play
from tournaments.models import AuditEntry, Tournament
from tournaments.reports.standings import standings_for
from tournaments.services.errors import ServiceError
from tournaments.services.pairing import pair_round
from tournaments.services.stages import TransitionRequest, create_next_stage, event_levels

pytestmark = pytest.mark.django_db


def _players(n: int, base: int = 2000) -> list[tuple[str, int, dict]]:
    return [(f"Player {i:02d}", base - 10 * (i - 1), {}) for i in range(1, n + 1)]


@pytest.fixture
def organiser(make_user):
    return make_user("organiser")


@pytest.fixture
def round_robin_10(organiser):
    """A 10-player round robin where the lower start number always wins (2-0): player k scores
    2 * (10 - k) = 18, 16, ..., 0, rank k."""
    return play(organiser, make_stage(organiser, "nk-rapid", _players(10), pairing_system="berger",
                                      rounds_planned=9))


def _finals(t: Tournament) -> list[Tournament]:
    return list(t.event.stages.filter(stage=2).order_by("group"))


def test_carried_points_among_qualifiers_count_in_the_final_standings(organiser, round_robin_10):
    """Rank blocks of 4, carry "among": final A = 1-4. Points each scored against the other three
    of final A (all won by the lower number, 2 each): 1 beat 2, 3, 4 -> 6; 2 beat 3, 4 -> 4;
    3 beat 4 -> 2; 4 -> 0. Final C = 9, 10 (plus 2 byes): 9 beat 10 -> 2, 10 -> 0. Before any
    round the standings of final A are 6, 4, 2, 0; the event page says so; the audit names it."""
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4, carry="among"))
    a, b, c = _finals(round_robin_10)
    carried = {e.name: e.seat.carried_points for e in a.entries.select_related("seat")}
    assert carried == {"Player 01": 6.0, "Player 02": 4.0, "Player 03": 2.0, "Player 04": 0.0}
    assert sorted(e.seat.carried_points for e in c.entries.select_related("seat")) == [0.0, 2.0]
    assert [(r.name, r.points) for r in standings_for(a).rows] == [
        ("Player 01", 6.0), ("Player 02", 4.0), ("Player 03", 2.0), ("Player 04", 0.0)]
    why = {s.name: s.why for s in event_levels(round_robin_10.event)[1].groups[0].seats}
    assert why["Player 01"].endswith("starts with 6 points") and "starts with" not in why["Player 04"]
    entry = AuditEntry.objects.filter(action="stage.create", tournament=a).get()
    assert "carried points=among" in entry.after and "Player 01: 6" in entry.after


def test_default_carries_nothing(organiser, round_robin_10):
    """No carry setting: every seat starts on 0 and final A's standings before a round are all 0."""
    create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4))
    a = _finals(round_robin_10)[0]
    assert {e.seat.carried_points for e in a.entries.select_related("seat")} == {0.0}
    assert {r.points for r in standings_for(a).rows} == {0.0}


@pytest.mark.parametrize(("carry", "expected"), [
    ("none", {frozenset(("Player 01", "Player 03")), frozenset(("Player 02", "Player 04"))}),
    ("all", {frozenset(("Player 01", "Player 02")), frozenset(("Player 03", "Player 04"))}),
])
def test_a_swiss_final_pairs_on_carried_points(organiser, round_robin_10, carry, expected):
    """Final A as a 3-round Dutch Swiss. Without carried points all four are on 0: one score
    group, top half against bottom half: 1-3, 2-4. Carrying all points (18, 16, 14, 12) every
    player is alone in his score group: the highest floats down to the next: 1-2, 3-4."""
    create_next_stage(organiser, round_robin_10,
                      TransitionRequest(kind="rank_blocks", group_size=4, system="dutch", rounds=3, carry=carry))
    a = _finals(round_robin_10)[0]
    boards = pair_round(a, organiser).round.boards.select_related("white", "black")
    assert {frozenset((b.white.name, b.black.name)) for b in boards if b.black_id} == expected


def test_an_unknown_carry_rule_is_refused(organiser, round_robin_10):
    with pytest.raises(ServiceError, match="carried points"):
        create_next_stage(organiser, round_robin_10, TransitionRequest(kind="rank_blocks", group_size=4, carry="x"))


def test_carry_through_the_page(client, organiser, round_robin_10):
    """The form's carry field: "all" makes Player 01 start final A with his 18 points."""
    client.force_login(organiser)
    url = reverse("tournaments:event", args=["nk-rapid"])
    client.post(url, {"kind": "rank_blocks", "system": "berger", "group_size": "4", "short_last": "fill",
                      "snake_by": "ranking", "carry": "all"})
    a = _finals(round_robin_10)[0]
    assert standings_for(a).rows[0].points == 18.0
