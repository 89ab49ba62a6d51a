"""Dutch engine: absolute rules on random tournaments (hypothesis) and hand-made cases."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournaments.pairing.dutch import pair_dutch
from tournaments.pairing.generator import GeneratorConfig, generate
from tournaments.pairing.model import PairingError, PairingInput, PlayerRecord
from tournaments.pairing.trf_input import to_pairing_input
from tournaments.trf import TrfTournament, round_pairs
from tournaments.vocabulary import RoundRecord


def _played_colours(rec: PlayerRecord) -> list[str]:
    return [r.colour for r in rec.history if r.played and r.colour]


def _check_round(t: TrfTournament, k: int) -> None:
    inp = to_pairing_input(t, k)
    pairs, pab = round_pairs(t, k)
    by_id = {p.id: p for p in inp.players}
    present = {p.id for p in inp.players if not p.unavailable}
    seen = [x for pair in pairs for x in pair] + ([pab] if pab is not None else [])
    # Every present player exactly once; nobody absent is paired.
    assert sorted(seen) == sorted(present)
    assert len(present) % 2 == (1 if pab is not None else 0)
    last_round = k == inp.total_rounds
    threshold = (k - 1) * max(inp.scoring.win, inp.scoring.draw) / 2
    for white, black in pairs:
        # No rematch of a played game.
        assert not any(r.played and r.opponent == black for r in by_id[white].history)
        topscorer = last_round and (by_id[white].points > threshold or by_id[black].points > threshold)
        for pid, colour in ((white, "w"), (black, "b")):
            colours = _played_colours(by_id[pid]) + [colour]
            if topscorer:
                continue
            assert abs(colours.count("w") - colours.count("b")) <= 2, (k, pid, colours)
            assert colours[-3:] != [colour] * 3, (k, pid, colours)
    if pab is not None:
        rec = by_id[pab]
        # At most one PAB per player, and never after a win without playing.
        assert not any(r.result == "U" or (r.result in ("+", "F") and not r.played) for r in rec.history)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=4, max_value=22),
    rounds=st.integers(min_value=3, max_value=8),
    draws=st.integers(min_value=0, max_value=60),
    forfeit=st.sampled_from([0.0, 5.0, 15.0]),
    retired=st.sampled_from([0.0, 4.0, 10.0]),
    half=st.sampled_from([0.0, 4.0, 10.0]),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_generated_tournaments_respect_absolute_rules(
    players: int, rounds: int, draws: int, forfeit: float, retired: float, half: float, seed: int
) -> None:
    rounds = min(rounds, players - 1)
    cfg = GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_percentage=draws,
        forfeit_rate=forfeit,
        retired_rate=retired,
        half_point_bye_rate=half,
    )
    try:
        t = generate(cfg, seed)
    except PairingError:
        return  # small fields can run out of valid pairings; that is reported, never violated
    for k in range(1, t.total_rounds + 1):
        _check_round(t, k)


def _player(pid: int, rating: int, history: tuple[RoundRecord, ...] = (), points: float = 0.0) -> PlayerRecord:
    return PlayerRecord(id=pid, rating=rating, points=points, history=history)


def test_round_one_top_half_against_bottom_half_with_initial_colour() -> None:
    players = tuple(_player(i, 2000 - i) for i in range(1, 9))
    rp = pair_dutch(PairingInput(round=1, total_rounds=5, players=players, initial_colour="w"))
    assert [(p.white, p.black) for p in rp.pairings] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    rp_b = pair_dutch(PairingInput(round=1, total_rounds=5, players=players, initial_colour="b"))
    assert [(p.white, p.black) for p in rp_b.pairings] == [(5, 1), (2, 6), (7, 3), (4, 8)]
    assert all(p.reasons for p in rp.pairings)
    assert rp.byes == ()


def test_odd_field_gives_pab_to_lowest_and_explains_it() -> None:
    players = tuple(_player(i, 2000 - i) for i in range(1, 6))
    rp = pair_dutch(PairingInput(round=1, total_rounds=3, players=players))
    assert [b.player for b in rp.byes] == [5]
    assert any("PAB" in r for r in rp.byes[0].reasons)
    assert {p.white for p in rp.pairings} | {p.black for p in rp.pairings} == {1, 2, 3, 4}


def test_unavailable_players_are_not_paired() -> None:
    players = tuple(_player(i, 2000 - i) for i in range(1, 6))
    players = players[:2] + (replace(players[2], unavailable=True),) + players[3:]
    rp = pair_dutch(PairingInput(round=1, total_rounds=3, players=players))
    ids = {p.white for p in rp.pairings} | {p.black for p in rp.pairings}
    assert 3 not in ids and len(rp.pairings) == 2 and rp.byes == ()


def test_no_valid_pairing_raises() -> None:
    a = _player(1, 2000, (RoundRecord(1, 2, "w", "1"),), 2.0)
    b = _player(2, 1900, (RoundRecord(1, 1, "b", "0"),), 0.0)
    with pytest.raises(PairingError):
        pair_dutch(PairingInput(round=2, total_rounds=3, players=(a, b)))


def test_forfeit_is_not_a_meeting() -> None:
    a = _player(1, 2000, (RoundRecord(1, 2, "w", "+"),), 2.0)
    b = _player(2, 1900, (RoundRecord(1, 1, "b", "-"),), 0.0)
    rp = pair_dutch(PairingInput(round=2, total_rounds=3, players=(a, b)))
    assert len(rp.pairings) == 1


def test_colour_preference_reason_and_absolute_alternation() -> None:
    # 1 had White twice: absolute preference for Black; 2 had Black twice: absolute for White.
    h1 = (RoundRecord(1, 3, "w", "1"), RoundRecord(2, 4, "w", "1"))
    h2 = (RoundRecord(1, 4, "b", "1"), RoundRecord(2, 3, "b", "1"))
    h3 = (RoundRecord(1, 1, "b", "0"), RoundRecord(2, 2, "w", "0"))
    h4 = (RoundRecord(1, 2, "w", "0"), RoundRecord(2, 1, "b", "0"))
    players = (_player(1, 2000, h1, 4.0), _player(2, 1900, h2, 4.0), _player(3, 1800, h3), _player(4, 1700, h4))
    rp = pair_dutch(PairingInput(round=3, total_rounds=4, players=players))
    top = next(p for p in rp.pairings if {p.white, p.black} == {1, 2})
    assert (top.white, top.black) == (2, 1)
    assert any("colour preference met (absolute" in r for r in top.reasons)


def test_baku_acceleration_pairs_the_top_half_apart_in_round_one() -> None:
    players = tuple(_player(i, 2000 - i) for i in range(1, 9))
    plain = pair_dutch(PairingInput(round=1, total_rounds=7, players=players))
    assert [(p.white, p.black) for p in plain.pairings] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    baku = pair_dutch(PairingInput(round=1, total_rounds=7, players=players, baku_acceleration=True))
    # Players 1-4 carry a virtual win, so they form their own score group.
    assert [(p.white, p.black) for p in baku.pairings] == [(1, 3), (4, 2), (5, 7), (8, 6)]
    explicit = tuple(replace(p, accelerations=(2.0,)) if p.id <= 4 else p for p in players)
    same = pair_dutch(PairingInput(round=1, total_rounds=7, players=explicit))
    assert [(p.white, p.black) for p in same.pairings] == [(1, 3), (4, 2), (5, 7), (8, 6)]
