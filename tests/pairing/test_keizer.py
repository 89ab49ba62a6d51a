"""Keizer system: worked examples computed by hand (rules as in roundrobin-keizer.md), pairing."""

from __future__ import annotations

import pytest

from tournaments.pairing.keizer import KeizerParams, keizer_scores, pair_keizer
from tournaments.pairing.model import PairingError, PairingInput, PlayerRecord
from tournaments.vocabulary import RoundRecord

_FLIP = {"1": "0", "0": "1", "=": "="}


def _players(
    n: int,
    games: list[tuple[int, int, int, str]],
    byes: list[tuple[int, int, str]] = (),  # type: ignore[assignment]
    unavailable: frozenset[int] = frozenset(),
) -> tuple[PlayerRecord, ...]:
    """Players 1..n from (round, white, black, white's result) games and (round, player, code) byes."""
    hist: dict[int, list[RoundRecord]] = {i: [] for i in range(1, n + 1)}
    for rnd, w, b, res in games:
        hist[w].append(RoundRecord(rnd, b, "w", res))  # type: ignore[arg-type]
        hist[b].append(RoundRecord(rnd, w, "b", _FLIP[res]))  # type: ignore[arg-type]
    for rnd, p, code in byes:
        hist[p].append(RoundRecord(rnd, None, None, code))  # type: ignore[arg-type]
    return tuple(PlayerRecord(id=i, history=tuple(hist[i]), unavailable=i in unavailable) for i in hist)


# Worked example 1 (the reference's "V = 40, step 1": beating no. 2 (value 39) and drawing
# with no. 3 (value 38) gives 39 + 19 = 58, plus 40 where the own value is added).
# Four players, initial ranking = start numbers. R1: 1-3 draw, 2-4 2 wins. R2: 1-2 1 wins, 3-4 3 wins.
EX1 = [(1, 1, 3, "="), (1, 2, 4, "1"), (2, 1, 2, "1"), (2, 3, 4, "1")]


def test_worked_example_first_pass_matches_the_reference() -> None:
    params = KeizerParams(top_value=40, step=1, own_value_base=False, iterations=1)
    table = keizer_scores(_players(4, EX1), params)
    # Pass 1, values 1:40 2:39 3:38 4:37.
    # P1: win v 2 (39) + draw v 3 (38/2 = 19) = 58.  P2: win v 4 = 37.  P3: draw v 1 (20) + win v 4 (37) = 57.
    # P4: 0.
    scores = {r.player: r.score for r in table.rows}
    assert scores == {1: 58, 2: 37, 3: 57, 4: 0}
    assert table.stable is False and table.iterations == 1  # ranking moved (3 passed 2)


def test_worked_example_iterates_to_a_stable_ranking_with_own_value() -> None:
    params = KeizerParams(top_value=40, step=1, own_value_base=True)
    table = keizer_scores(_players(4, EX1), params)
    # Pass 1 (values 1:40 2:39 3:38 4:37): P1 40+39+19 = 98, P2 39+37 = 76, P3 38+20+37 = 95, P4 37.
    # New ranking 1, 3, 2, 4 -> values 1:40 3:39 2:38 4:37.
    # Pass 2: P1 40 + 38 (win v 2) + 19.5 (draw v 3) = 97.5; P3 39 + 20 + 37 = 96; P2 38 + 37 = 75; P4 37.
    # Ranking unchanged -> stable.
    assert [(r.player, r.rank, r.value, r.score) for r in table.rows] == [
        (1, 1, 40, 97.5),
        (3, 2, 39, 96),
        (2, 3, 38, 75),
        (4, 4, 37, 37),
    ]
    assert table.stable and table.iterations == 2


# Worked example 2: absence cap. V = 30, step 3, no own-value base, absence = 1/3 of own value.
# Five players; R1: 1 beats 2, 3 beats 4, 5 absent with notice (H); R2: 1 beats 3, 2 beats 4, 5 H again.
EX2 = [(1, 1, 2, "1"), (1, 3, 4, "1"), (2, 1, 3, "1"), (2, 2, 4, "1")]
EX2_BYES = [(1, 5, "H"), (2, 5, "H")]


@pytest.mark.parametrize(("cap", "expected_p5"), [(None, 14), (1, 7), (0, 0)])
def test_absence_cap(cap: int | None, expected_p5: float) -> None:
    params = KeizerParams(top_value=30, step=3, own_value_base=False, absence=1 / 3, absence_cap=cap)
    table = keizer_scores(_players(5, EX2, EX2_BYES), params)
    # Pass 1 (values 30 27 24 21 18): P1 27 + 24 = 51; P2 0 + 21 = 21; P3 21 + 0 = 21; P4 0;
    # P5 18/3 per scored absence (12 uncapped, 6 with cap 1, 0 with cap 0).
    # Ranking 1, 2, 3 (tie with 2 keeps the earlier order), 5, 4 (for cap 0: 4 and 5 tie at 0,
    # order kept: 4, 5).
    # Pass 2 (cap None/1): values 1:30 2:27 3:24 5:21 4:18: P1 27 + 24 = 51; P2 0 + 18 = 18; P3 18;
    # P5 21/3 = 7 per scored absence -> 14 / 7. Ranking unchanged -> stable.
    rows = table.by_player()
    assert rows[5].score == pytest.approx(expected_p5)
    assert rows[1].score == 51
    if cap != 0:
        assert rows[2].score == 18 and rows[3].score == 18
        assert rows[5].absences_scored == (2 if cap is None else 1)
    assert table.stable


def test_bye_scores_a_fraction_of_own_value() -> None:
    # 3 players, R1: 1 beats 2, 3 odd player out (U). V 30, step 3, base off, bye 2/3.
    params = KeizerParams(top_value=30, step=3, own_value_base=False, bye=2 / 3)
    table = keizer_scores(_players(3, [(1, 1, 2, "1")], [(1, 3, "U")]), params)
    # Pass 1 (30 27 24): P1 27; P2 0; P3 24 * 2/3 = 16 -> ranking 1, 3, 2 -> values 1:30 3:27 2:24.
    # Pass 2: P1 24 (beat 2, now worth 24); P3 27 * 2/3 = 18; P2 0 -> ranking 1, 3, 2 stable.
    rows = table.by_player()
    assert rows[1].score == 24 and rows[3].score == pytest.approx(18) and rows[2].score == 0


def test_params_validation() -> None:
    with pytest.raises(ValueError, match="top value must be positive"):
        KeizerParams(top_value=0)
    with pytest.raises(ValueError, match="step not negative"):
        KeizerParams(step=-1)
    with pytest.raises(ValueError, match="at least one recalculation"):
        KeizerParams(iterations=0)
    with pytest.raises(ValueError, match="absence cap must be 0 or more"):
        KeizerParams(absence_cap=-1)
    with pytest.raises(ValueError, match="rematch window must be 0 or more"):
        KeizerParams(rematch_rounds=-1)


def _inp(players: tuple[PlayerRecord, ...], rnd: int) -> PairingInput:
    return PairingInput(round=rnd, total_rounds=10, players=players)


def test_pairing_is_top_down_by_keizer_rank() -> None:
    params = KeizerParams(top_value=40, step=1, rematch_rounds=0)
    rp = pair_keizer(_inp(_players(4, EX1), 3), params)
    # Ranking after round 2 (example 1): 1, 3, 2, 4 -> 1 v 3, 2 v 4.
    assert [frozenset((p.white, p.black)) for p in rp.pairings] == [frozenset({1, 3}), frozenset({2, 4})]
    assert "Keizer rank 1" in rp.pairings[0].reasons[0]
    assert rp.warnings == ()


def test_rematch_window() -> None:
    # Same event; 1 and 3 met in round 1, 2 and 4 in round 1.
    players = _players(4, EX1)
    # Window 2 rounds: pairing round 3, round 1 is 2 rounds back -> 1 may not meet 3 (or 2, met in
    # round 2) -> 1 gets 4, then 3 v 2 (met? 3 and 2 never met).
    rp = pair_keizer(_inp(players, 3), KeizerParams(top_value=40, step=1, rematch_rounds=2))
    assert [frozenset((p.white, p.black)) for p in rp.pairings] == [frozenset({1, 4}), frozenset({3, 2})]
    assert any("Skipped rank 2 (player 3): met in round 1" in r for r in rp.pairings[0].reasons)
    # Window 1: only round 2 is too recent (1 met 2) -> 1 v 3 again is fine.
    rp = pair_keizer(_inp(players, 3), KeizerParams(top_value=40, step=1, rematch_rounds=1))
    assert frozenset((rp.pairings[0].white, rp.pairings[0].black)) == frozenset({1, 3})


def test_rematch_allowed_with_warning_when_unavoidable() -> None:
    players = _players(2, [(1, 1, 2, "1")])
    rp = pair_keizer(_inp(players, 2), KeizerParams(rematch_rounds=5))
    assert len(rp.pairings) == 1 and rp.warnings and "Rematch" in rp.pairings[0].reasons[1]


def test_odd_number_and_absent_players() -> None:
    # Example 1 plus player 5 who arrives in round 3; player 4 is absent tonight.
    base = _players(4, EX1)
    players = (*base, PlayerRecord(id=5))
    players = tuple(PlayerRecord(id=p.id, history=p.history, unavailable=p.id == 4) for p in players)
    rp = pair_keizer(_inp(players, 3), KeizerParams(top_value=40, step=1, rematch_rounds=0))
    paired = {x for p in rp.pairings for x in (p.white, p.black)}
    assert 4 not in paired
    # Present: 1, 3, 2, 5 (ranks 1, 2, 3, 5 — player 5 has only its own value). Even: no bye.
    assert rp.byes == () and paired == {1, 2, 3, 5}
    # Now 2 is absent as well: 1, 3, 5 present -> the lowest-ranked (5) sits out.
    players = tuple(PlayerRecord(id=p.id, history=p.history, unavailable=p.id in (2, 4)) for p in players)
    rp = pair_keizer(_inp(players, 3), KeizerParams(top_value=40, step=1, rematch_rounds=0))
    assert [b.player for b in rp.byes] == [5] and rp.byes[0].kind == "pab"
    assert [frozenset((p.white, p.black)) for p in rp.pairings] == [frozenset({1, 3})]


def test_colours_are_balanced() -> None:
    # Example 1 colours: 1 had White twice; 3 had Black then White. 1 v 3 -> 3 gets White.
    rp = pair_keizer(_inp(_players(4, EX1), 3), KeizerParams(top_value=40, step=1, rematch_rounds=0))
    first = rp.pairings[0]
    assert (first.white, first.black) == (3, 1)
    # 2: Black... 2 had White (R1) and Black (R2): balance 0, last Black; 4: Black, Black (-2) -> 4 White.
    second = rp.pairings[1]
    assert (second.white, second.black) == (4, 2)


def test_nobody_present() -> None:
    players = tuple(PlayerRecord(id=i, unavailable=True) for i in (1, 2))
    with pytest.raises(PairingError, match="nobody is present"):
        pair_keizer(_inp(players, 1), KeizerParams())


def test_many_rounds_never_pair_within_the_window() -> None:
    # Simulate 12 rounds of a 10-player club with a 3-round window and decisive results.
    players = tuple(PlayerRecord(id=i) for i in range(1, 11))
    params = KeizerParams(rematch_rounds=3)
    for rnd in range(1, 13):
        rp = pair_keizer(_inp(players, rnd), params)
        assert rp.warnings == ()
        hist = {p.id: list(p.history) for p in players}
        for pr in rp.pairings:
            for a, b in ((pr.white, pr.black), (pr.black, pr.white)):
                last = max((r.round for r in hist[a] if r.opponent == b), default=None)
                assert last is None or rnd - last > 3
            res = "1" if (pr.white + rnd) % 3 else "0"
            hist[pr.white].append(RoundRecord(rnd, pr.black, "w", res))  # type: ignore[arg-type]
            hist[pr.black].append(RoundRecord(rnd, pr.white, "b", _FLIP[res]))  # type: ignore[arg-type]
        players = tuple(PlayerRecord(id=p.id, history=tuple(hist[p.id])) for p in players)
    for p in players:
        whites = sum(1 for r in p.history if r.colour == "w")
        assert abs(2 * whites - len(p.history)) <= 2


# Toernooimanager's settings (issue 26): long absence, maximum meetings, the initial order.


def test_long_absence_scores_its_own_fraction_with_its_own_cap() -> None:
    """V = 10, step 1, no own value. Player 1: announced absence (H) twice at 1/2 -> 10 x 1/2 x 2 = 10.
    Player 2: long absence (F) twice at 1/4, paid once (cap 1) -> 9 x 1/4 = 2.25. Ranking 1, 2 stays."""
    players = _players(2, [], [(1, 1, "H"), (2, 1, "H"), (1, 2, "F"), (2, 2, "F")])
    params = KeizerParams(
        top_value=10, step=1, own_value_base=False, absence=0.5, long_absence=0.25, long_absence_cap=1
    )
    rows = keizer_scores(players, params).by_player()
    assert rows[1].score == 10 and rows[2].score == 2.25
    assert rows[1].absences_scored == 2 and rows[2].absences_scored == 1


def test_initial_order_ranks_before_the_first_result() -> None:
    """``initial_order`` (3, 1): before any game the ranking is 3, 1, 2 (the others by start number),
    values 50, 49, 48; round 1 pairs top-down 3-1 and 2 sits out. From JSON a list is accepted."""
    params = KeizerParams(**{"initial_order": [3, 1]})  # type: ignore[arg-type]
    assert params.initial_order == (3, 1)
    players = tuple(PlayerRecord(id=i) for i in (1, 2, 3))
    table = keizer_scores(players, params)
    assert [(r.player, r.value) for r in table.rows] == [(3, 50), (1, 49), (2, 48)]
    rp = pair_keizer(_inp(players, 1), params)
    assert {rp.pairings[0].white, rp.pairings[0].black} == {1, 3} and rp.byes[0].player == 2


def test_maximum_meetings_is_never_exceeded() -> None:
    """Four players met 1-2 and 3-4 in round 1, 1-3 and 2-4 in round 2. With at most one meeting and
    no rematch window, round 3 can only be 1-4 and 2-3; after 1-4, 2-3 nobody may meet anybody: round 4
    is refused (the cap is never relaxed, unlike the rematch window)."""
    games = [(1, 1, 2, "1"), (1, 3, 4, "1"), (2, 1, 3, "="), (2, 2, 4, "1")]
    params = KeizerParams(rematch_rounds=0, max_meetings=1)
    rp = pair_keizer(_inp(_players(4, games), 3), params)
    assert {frozenset((p.white, p.black)) for p in rp.pairings} == {frozenset((1, 4)), frozenset((2, 3))}
    assert any("met 1 times, the maximum" in r for p in rp.pairings for r in p.reasons)
    games += [(3, 1, 4, "1"), (3, 2, 3, "=")]
    with pytest.raises(PairingError):
        pair_keizer(_inp(_players(4, games), 4), params)
    with pytest.raises(ValueError, match="maximum meetings"):
        KeizerParams(max_meetings=0)
    with pytest.raises(ValueError, match="must not be negative"):
        KeizerParams(long_absence=-0.1)


def test_a_large_club_pairs_without_recursion_limits() -> None:
    """3,000 present players (a large online Keizer): the iterative top-down search pairs them all."""
    players = tuple(PlayerRecord(id=i) for i in range(1, 3001))
    rp = pair_keizer(_inp(players, 1), KeizerParams(iterations=2))
    assert len(rp.pairings) == 1500 and rp.pairings[0].white in (1, 2)
