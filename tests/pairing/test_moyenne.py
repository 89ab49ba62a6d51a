"""Moyenne pairing (Dutch club competitions): present players paired top-down by points per game
played, avoiding recent rematches; hand-worked examples."""

from __future__ import annotations

import pytest

from tournaments.pairing.model import PairingError, PairingInput, PlayerRecord
from tournaments.pairing.moyenne import pair_moyenne
from tournaments.vocabulary import RoundRecord

_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def _inp(n: int, games, rnd: int, absent=frozenset(), ratings=None, alone=()):  # type: ignore[no-untyped-def]
    hist: dict[int, list[RoundRecord]] = {i: [] for i in range(1, n + 1)}
    for r, w, b, code in games:
        hist[w].append(RoundRecord(r, b, "w", code))
        hist[b].append(RoundRecord(r, w, "b", _FLIP[code]))
    for r, p, code in alone:
        hist[p].append(RoundRecord(r, None, None, code))
    players = tuple(
        PlayerRecord(id=i, rating=(ratings or {}).get(i, 0), history=tuple(h), unavailable=i in absent)
        for i, h in hist.items()
    )
    return PairingInput(round=rnd, total_rounds=30, players=players)


def test_pairs_by_current_moyenne() -> None:
    """Round 3 of a club evening. Games: R1 1-2 1-0, 3-4 draw, 5-6 0-1; R2 1-3 0-1, 2-6 draw (4, 5
    absent). Moyennes: 3: (1 + 2) / 2 = 1.5; 6: (2 + 1) / 2 = 1.5; 1: 2 / 2 = 1.0; 4: 1 / 1 = 1.0;
    2: (0 + 1) / 2 = 0.5; 5: 0 / 1 = 0. Ties: more games first, then rating (all 0), then start
    number: 3, 6, 1, 4, 2, 5. Top-down with a 3-round window: 3 takes 6; 1 takes 4; 2 takes 5."""
    games = [(1, 1, 2, "1"), (1, 3, 4, "="), (1, 5, 6, "0"), (2, 1, 3, "0"), (2, 2, 6, "=")]
    rp = pair_moyenne(_inp(6, games, 3))
    assert [frozenset((p.white, p.black)) for p in rp.pairings] == [
        frozenset((3, 6)), frozenset((1, 4)), frozenset((2, 5))
    ]  # fmt: skip
    assert rp.pairings[0].reasons[0] == "Moyenne rank 1 (1.5) v rank 2 (1.5)"


def test_rematch_window_newcomers_and_the_bye() -> None:
    """Round 2 after 1-2 (1 wins) and 3-4 (3 wins), with newcomer 5 (no game, rated 1800): moyennes
    1 = 3 = 2.0, 2 = 4 = 0; the newcomer comes last. Order 1, 3, 2, 4, 5: five present, so 5 (lowest,
    no bye yet) sits out; 1-3, then 2-4 (met? no: 2 met 1, 4 met 3). With the default window 3,
    a round-3 pairing 1-2 is avoided (met in round 1)."""
    games = [(1, 1, 2, "1"), (1, 3, 4, "1")]
    rp = pair_moyenne(_inp(5, games, 2, ratings={5: 1800}))
    assert rp.byes[0].player == 5
    assert {frozenset((p.white, p.black)) for p in rp.pairings} == {frozenset((1, 3)), frozenset((2, 4))}
    # Round 3 with 3 and 4 absent: 1 and 2 must meet again; a warning says so.
    games += [(2, 1, 3, "="), (2, 2, 4, "=")]
    rp = pair_moyenne(_inp(5, games, 3, absent=frozenset({3, 4, 5})))
    assert rp.warnings and "Rematch: last met in round 1" in rp.pairings[0].reasons
    # A window of 0 allows it without a warning.
    assert not pair_moyenne(_inp(5, games, 3, absent=frozenset({3, 4, 5})), {"rematch_rounds": 0}).warnings


def test_nobody_present_and_bad_window() -> None:
    with pytest.raises(PairingError):
        pair_moyenne(_inp(2, [], 1, absent=frozenset({1, 2})))
    with pytest.raises(PairingError):
        pair_moyenne(_inp(2, [], 1), {"rematch_rounds": -1})
