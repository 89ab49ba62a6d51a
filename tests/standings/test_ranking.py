"""Ranking: direct encounter, Koya, shared ranks, defaults and bad settings (hand-built events)."""

from __future__ import annotations

import pytest

from tournaments.standings import (
    REGISTRY,
    StandingsError,
    StandingsInput,
    StandingsPlayer,
    compute_standings,
    default_tiebreaks,
    describe,
)
from tournaments.vocabulary import RoundRecord

_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _event(games: list[tuple[int, int, int, str]], n: int) -> tuple[StandingsPlayer, ...]:
    """Players 1..n from (round, white, black, white's result code) games."""
    recs: dict[int, list[RoundRecord]] = {i: [] for i in range(1, n + 1)}
    for rnd, w, b, res in games:
        recs[w].append(RoundRecord(rnd, b, "w", res))  # type: ignore[arg-type]
        recs[b].append(RoundRecord(rnd, w, "b", _FLIP[res]))  # type: ignore[arg-type]
    return tuple(StandingsPlayer(start_number=i, rating=1500 + 10 * i, rounds=tuple(recs[i])) for i in recs)


# Round robin of 4 (Berger rounds): 1 beats 2, 3 beats 1, 1 beats 4, 2 beats 3, 2 beats 4, 4 beats 3.
RR4 = [
    (1, 1, 4, "1"),
    (1, 2, 3, "1"),
    (2, 4, 3, "1"),
    (2, 1, 2, "1"),
    (3, 2, 4, "1"),
    (3, 3, 1, "1"),
]


def test_round_robin_direct_encounter_and_koya() -> None:
    inp = StandingsInput(players=_event(RR4, 4), total_rounds=3, kind="round_robin")
    s = compute_standings(inp)
    assert s.tiebreaks == ("DE", "WIN", "SB", "KS")  # round-robin default
    # Points: 1: 2+2+0 = 4; 2: 2+0+2 = 4; 3: 0+0+2 = 2; 4: 0+2+0 = 2.
    # DE: 1 beat 2 -> 1 first; 4 beat 3 -> 4 third.
    assert [(r.rank, r.start_number, r.points) for r in s.rows] == [(1, 1, 4), (2, 2, 4), (3, 4, 2), (4, 3, 2)]
    de = {r.start_number: r.tiebreaks["DE"] for r in s.rows}
    assert de == {1: 2, 2: 0, 3: 0, 4: 2}
    # Koya limit: 50 % of 3 games x 2 = 3 points -> players 1 and 2 qualify.
    # KS(1) = 2 (v 2); KS(2) = 0 (lost to 1); KS(3) = 2 (beat 1) + 0 (lost to 2); KS(4) = 0.
    ks = {r.start_number: r.tiebreaks["KS"] for r in s.rows}
    assert ks == {1: 2, 2: 0, 3: 2, 4: 0}
    # SB: 1: 2*4 (beat 2) + 2*2 (beat 4) = 12; 2: 2*2 (beat 3) + 2*2 (beat 4) = 8.
    sb = {r.start_number: r.tiebreaks["SB"] for r in s.rows}
    assert sb[1] == 12 and sb[2] == 8


def test_round_robin_cycle_shares_rank() -> None:
    # 1 beats 2, 2 beats 3, 3 beats 1, everyone beats 4: 1, 2, 3 equal on everything.
    games = [(1, 1, 4, "1"), (1, 2, 3, "1"), (2, 4, 3, "0"), (2, 1, 2, "1"), (3, 2, 4, "1"), (3, 3, 1, "1")]
    s = compute_standings(StandingsInput(players=_event(games, 4), total_rounds=3, kind="round_robin"))
    assert [(r.rank, r.start_number) for r in s.rows] == [(1, 1), (1, 2), (1, 3), (4, 4)]


def test_double_round_robin_de_averages_repeated_meetings() -> None:
    # Double RR of 3 (+ free rounds): 1 and 2 split their games; each beats 3 twice.
    games = [(1, 1, 2, "1"), (2, 2, 3, "1"), (3, 3, 1, "0"), (4, 2, 1, "1"), (5, 3, 2, "0"), (6, 1, 3, "1")]
    s = compute_standings(StandingsInput(players=_event(games, 3), total_rounds=6, kind="double_round_robin"))
    rows = {r.start_number: r for r in s.rows}
    # 1 and 2 tie on 6 points; DE per opponent is averaged: (2 + 0) / 2 = 1 each -> still tied.
    assert rows[1].tiebreaks["DE"] == 1 and rows[2].tiebreaks["DE"] == 1
    assert rows[1].rank == rows[2].rank == 1 and rows[3].rank == 3


# Swiss, 6 players, 3 rounds:
# R1: 1-2 1-0, 3-6 1-0, 4-5 0-1;  R2: 1-3 1-0, 2-5 1-0, 4-6 0-1;  R3: 1-4 0-1, 2-6 1-0, 3-5 1-0.
# Points: 1, 2, 3: 4 each; 4, 5, 6: 2 each.
SWISS = [
    (1, 1, 2, "1"),
    (1, 3, 6, "1"),
    (1, 4, 5, "0"),
    (2, 1, 3, "1"),
    (2, 2, 5, "1"),
    (2, 4, 6, "0"),
    (3, 1, 4, "0"),
    (3, 2, 6, "1"),
    (3, 3, 5, "1"),
]


def test_swiss_direct_encounter_when_not_all_met() -> None:
    inp = StandingsInput(players=_event(SWISS, 6), total_rounds=3, tiebreaks=("DE",))
    s = compute_standings(inp)
    ranks = {r.start_number: r.rank for r in s.rows}
    # Group {1, 2, 3}: 1 beat both (4 points, met all). 2 and 3 have not met: at most
    # 0 + 2 = 2 each. 4 > 2 -> 1 is first. 2 and 3 cannot be separated -> shared rank 2.
    assert ranks[1] == 1 and ranks[2] == ranks[3] == 2
    # Group {4, 5, 6}: 5 and 6 each beat 4 (2 points) but have not met (could reach 4);
    # nobody scores more than the best another could reach -> all three share rank 4.
    assert ranks[4] == ranks[5] == ranks[6] == 4


def test_shared_rank_skips_positions() -> None:
    inp = StandingsInput(players=_event(SWISS, 6), total_rounds=3, tiebreaks=())
    assert [r.rank for r in compute_standings(inp).rows] == [1, 1, 1, 4, 4, 4]


def test_after_round_limits_the_rounds() -> None:
    inp = StandingsInput(players=_event(SWISS, 6), total_rounds=3, tiebreaks=("BH",), after_round=1)
    s = compute_standings(inp)
    assert s.after_round == 1
    pts = {r.start_number: r.points for r in s.rows}
    assert pts == {1: 2, 2: 0, 3: 2, 4: 0, 5: 2, 6: 0}


def test_keizer_event_ranks_by_keizer_score() -> None:
    inp = StandingsInput(players=_event(SWISS, 6), total_rounds=3, kind="keizer")
    s = compute_standings(inp)
    assert s.tiebreaks == ("SB", "DE")
    scores = [r.keizer_score for r in s.rows]
    assert all(x is not None for x in scores)
    assert scores == sorted(scores, reverse=True)  # type: ignore[type-var]


def test_defaults_and_descriptions() -> None:
    assert default_tiebreaks("swiss") == ("BH/C1", "BH", "SB", "WIN", "DE")
    assert default_tiebreaks("round_robin") == ("DE", "WIN", "SB", "KS")
    for code, tb in REGISTRY.items():
        name, text = describe(code)
        assert name and text and tb.code == code


@pytest.mark.parametrize(
    ("kind", "codes", "message"),
    [
        ("swiss", ("BH/C9",), "known codes: BH, BH/C1"),
        ("round_robin", ("SB", "BH"), "not used in round robins"),
        ("double_round_robin", ("FMJD-TS",), "not used in round robins"),
        ("swiss", ("SB", "sb"), "listed twice"),
    ],
)
def test_bad_tiebreak_settings(kind: str, codes: tuple[str, ...], message: str) -> None:
    inp = StandingsInput(players=_event(RR4, 4), total_rounds=3, kind=kind, tiebreaks=codes)  # type: ignore[arg-type]
    with pytest.raises(StandingsError, match=message):
        compute_standings(inp)


def test_bad_rounds_name_player_and_round() -> None:
    bad = (StandingsPlayer(1, rounds=(RoundRecord(2, 9, "w", "1"),)),)
    with pytest.raises(StandingsError, match="player 1, round 2: opponent 9 is not entered"):
        compute_standings(StandingsInput(players=bad, total_rounds=3))
    bad = (StandingsPlayer(1, rounds=(RoundRecord(1, None, None, "X"),)),)  # type: ignore[arg-type]
    with pytest.raises(StandingsError, match="player 1, round 1: unknown result code 'X'"):
        compute_standings(StandingsInput(players=bad, total_rounds=3))


def test_unrated_players_drop_rating_tiebreaks_unless_given_a_rating() -> None:
    players = list(_event(SWISS, 6))
    players[5] = StandingsPlayer(6, rating=0, rounds=players[5].rounds)
    inp = StandingsInput(players=tuple(players), total_rounds=3, tiebreaks=("ARO",))
    assert all(r.tiebreaks["ARO"] is None for r in compute_standings(inp).rows)
    with_rating = StandingsInput(players=tuple(players), total_rounds=3, tiebreaks=("ARO",), unrated_rating=1000)
    aro = {r.start_number: r.tiebreaks["ARO"] for r in compute_standings(with_rating).rows}
    # Player 2 met 1 (1510), 5 (1550), 6 (unrated -> 1000): 4060 / 3 = 1353.3 -> 1353.
    assert aro[2] == 1353
