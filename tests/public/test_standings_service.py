"""The standings service: confirmed results only, the tournament's tie-break order, the CLI contract."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.reports.standings import standings_for, standings_json, tiebreak_order
from tournaments.standings import StandingsError, StandingsInput, StandingsPlayer, compute_standings
from tournaments.vocabulary import RoundRecord


def by_sno(standings):
    return {r.start_number: r for r in standings.rows}


def test_two_rounds_match_hand_computed_buchholz_and_sonneborn_berger(tournament, two_rounds):
    # Scores 4, 2, 1, 1. BH: opponents' scores; BH/C1 drops the lowest; SB: opponent's score x points scored.
    s = standings_for(tournament)
    rows = by_sno(s)
    assert [r.start_number for r in s.rows] == [1, 2, 4, 3]
    assert [r.rank for r in s.rows] == [1, 2, 3, 4]
    assert {sno: r.points for sno, r in rows.items()} == {1: 4, 2: 2, 3: 1, 4: 1}
    assert {sno: r.tiebreaks["BH"] for sno, r in rows.items()} == {1: 3, 2: 5, 3: 3, 4: 5}
    assert {sno: r.tiebreaks["BH/C1"] for sno, r in rows.items()} == {1: 2, 2: 4, 3: 2, 4: 4}
    assert {sno: r.tiebreaks["SB"] for sno, r in rows.items()} == {1: 6, 2: 2, 3: 1, 4: 1}
    assert s.tiebreaks == ("BH/C1", "BH", "SB", "WIN", "DE")


def test_standings_equal_the_pure_module_on_the_same_records(tournament, two_rounds):
    # The same tournament written by hand as pure records must rank identically.
    hand = {
        1: ((1, 2, "w", "1"), (2, 4, "b", "1")),
        2: ((1, 1, "b", "0"), (2, 3, "w", "1")),
        3: ((1, 4, "w", "="), (2, 2, "b", "0")),
        4: ((1, 3, "b", "="), (2, 1, "w", "0")),
    }
    inp = StandingsInput(
        players=tuple(
            StandingsPlayer(start_number=sno, rounds=tuple(RoundRecord(r, o, c, x) for r, o, c, x in recs))  # type: ignore[arg-type]
            for sno, recs in hand.items()
        ),
        total_rounds=5,
    )
    pure = compute_standings(inp)
    ours = standings_for(tournament)
    assert [(r.start_number, r.rank, r.points, r.tiebreaks) for r in ours.rows] == [
        (r.start_number, r.rank, r.points, r.tiebreaks) for r in pure.rows
    ]


def test_pending_and_draft_results_do_not_count(tournament, entries, play):
    from tournaments.models import Round

    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, ("pending", "2-0"))])
    play(tournament, 2, [(b, a, "2-0")], status=Round.Status.DRAFT)
    rows = by_sno(standings_for(tournament))
    assert rows[1].points == 2 and rows[2].points == 0
    assert rows[3].points == 0 and rows[3].games == 0


def test_tournament_tiebreak_order_is_used_and_a_bad_one_is_named(tournament, two_rounds):
    tournament.tiebreaks = "SB, BH"
    tournament.save()
    assert standings_for(tournament).tiebreaks == ("SB", "BH")
    tournament.tiebreaks = "SB,XYZ"
    with pytest.raises(StandingsError, match="XYZ"):
        tiebreak_order(tournament)


def test_round_robin_default_order_has_no_buchholz(tournament):
    tournament.pairing_system = "berger"
    assert tiebreak_order(tournament) == ("DE", "WIN", "SB", "KS")


def test_keizer_events_rank_by_keizer_score(tournament, two_rounds):
    tournament.pairing_system = "keizer"
    tournament.save()
    s = standings_for(tournament)
    assert s.kind == "keizer"
    scores = [r.keizer_score for r in s.rows]
    assert all(x is not None for x in scores)
    assert scores == sorted(scores, reverse=True)


def test_manage_standings_json_prints_the_cli_contract(tournament, two_rounds):
    out = StringIO()
    call_command("standings", tournament.slug, "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data == standings_json(standings_for(tournament))
    assert data[0] == {
        "start_number": 1,
        "rank": 1,
        "points": 4,
        "tiebreaks": {"BH/C1": 2, "BH": 3, "SB": 6, "WIN": 2, "DE": 0},
    }


def test_manage_standings_text_and_unknown_slug(tournament, two_rounds):
    out = StringIO()
    call_command("standings", tournament.slug, stdout=out)
    lines = out.getvalue().splitlines()
    assert "BH/C1" in lines[0]
    assert "Jansen, Piet" in lines[1] and "Lefèvre, Amélie" in lines[4]
    with pytest.raises(CommandError, match="no-such"):
        call_command("standings", "no-such")


def test_every_pairing_system_maps_to_a_standings_kind(tournament):
    """Every system of the registry can be chosen and gives the standings a kind they rank by."""
    from tournaments.pairing.systems import SYSTEMS
    from tournaments.reports.standings import tournament_kind
    from tournaments.standings.model import KINDS

    for key in SYSTEMS:
        tournament.pairing_system = key
        assert tournament_kind(tournament) in KINDS, key
