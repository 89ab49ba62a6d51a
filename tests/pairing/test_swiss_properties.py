"""Properties of the draughts Swiss engines on generated tournaments (withdrawals, half-point byes,
forfeits), checked against independent oracles: a brute-force search says whether any pairing
exists when an engine refuses, and every pairing is checked for the hard rules."""

from __future__ import annotations

import contextlib
import functools
import random
from collections.abc import Callable

import pytest

from tournaments.pairing.fmjd import pair_rating, pair_solkoff
from tournaments.pairing.generator import GeneratorConfig, generate
from tournaments.pairing.model import PairingError, PairingInput, RoundPairing
from tournaments.pairing.moyenne import pair_moyenne
from tournaments.pairing.resistance import pair_resistance
from tournaments.reports.reasons import is_known
from tournaments.vocabulary import history_colour

SWISS: dict[str, Callable[[PairingInput], RoundPairing]] = {
    "solkoff": pair_solkoff,
    "rating": pair_rating,
    "resistance": pair_resistance,
    "solkoff-plain": lambda inp: pair_solkoff(inp, {"solkoff_variant": "plain"}),
    "resistance-adjacent": lambda inp: pair_resistance(inp, {"adjacent": True}),
}


def pairing_exists(inp: PairingInput) -> bool:
    """Brute force: can the available players be paired (one bye if odd) without a rematch of a
    played game and without a prohibited pair? (Colours ignored: the engines relax them last.)"""
    avail = sorted(p.id for p in inp.players if not p.unavailable)
    met = {p.id: {h.opponent for h in p.history if h.played} for p in inp.players}
    banned = {frozenset(g) for g in inp.prohibited}

    @functools.lru_cache(None)
    def perfect(rest: tuple[int, ...]) -> bool:
        if not rest:
            return True
        a = rest[0]
        return any(
            rest[i] not in met[a] and frozenset((a, rest[i])) not in banned and perfect(rest[1:i] + rest[i + 1 :])
            for i in range(1, len(rest))
        )

    if len(avail) % 2 == 0:
        return perfect(tuple(avail))
    return any(perfect(tuple(x for x in avail if x != b)) for b in avail)


def check_round(inp: PairingInput, rp: RoundPairing, strict_colours: bool) -> None:
    """Everyone available is paired once or has the bye; nobody else; no rematch of a played game;
    no prohibited pair; FIDE colour limits (difference at most 2, never three in a row) unless the
    engine said it had to relax them; every reason is one the pages can translate."""
    by_id = {p.id: p for p in inp.players}
    avail = {p.id for p in inp.players if not p.unavailable}
    seen = [x for p in rp.pairings for x in (p.white, p.black)] + [b.player for b in rp.byes]
    assert sorted(seen) == sorted(avail)
    banned = {frozenset(g) for g in inp.prohibited}
    for p in rp.pairings:
        assert frozenset((p.white, p.black)) not in banned
        assert p.black not in {h.opponent for h in by_id[p.white].history if h.played}
        unknown = [r for r in p.reasons if not is_known(r)]
        assert not unknown, unknown
        if strict_colours:
            for pid, colour in ((p.white, "w"), (p.black, "b")):
                seq = [
                    c
                    for h in sorted(by_id[pid].history, key=lambda r: r.round)
                    if (c := history_colour(h.points_code, h.colour, h.opponent is not None)) is not None
                ] + [colour]
                diff = sum(1 if c == "w" else -1 for c in seq)
                assert abs(diff) <= 2, (pid, seq)
                assert not (len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3]), (pid, seq)
    for b in rp.byes:
        assert all(is_known(r) for r in b.reasons), b.reasons


@pytest.mark.parametrize("name", sorted(SWISS))
def test_generated_tournaments_keep_the_rules(name: str) -> None:
    engine = SWISS[name]
    rounds_checked = 0
    for seed in range(25):
        rng = random.Random(seed)
        n = rng.randint(6, 30)
        cfg = GeneratorConfig(
            players=n,
            rounds=rng.randint(3, min(9, n - 1)),
            forfeit_rate=rng.choice([0, 12]),
            retired_rate=rng.choice([0, 8]),
            half_point_bye_rate=rng.choice([0, 6]),
        )

        def checked(inp: PairingInput, seed: int = seed) -> RoundPairing:
            nonlocal rounds_checked
            try:
                rp = engine(inp)
            except PairingError:
                assert not pairing_exists(inp), f"seed {seed}: a pairing exists for round {inp.round}"
                raise
            relaxed = any("absolute colour" in w for w in rp.warnings)
            check_round(inp, rp, strict_colours=not relaxed)
            rounds_checked += 1
            return rp

        with contextlib.suppress(PairingError):
            generate(cfg, seed, pairer=checked)
    assert rounds_checked > 100


@pytest.mark.parametrize("name", sorted(SWISS))
def test_small_fields_fail_only_when_no_pairing_exists(name: str) -> None:
    """Tiny fields with many rounds exhaust the possible opponents: whenever an engine refuses a
    round, the brute force finds no pairing either; whenever one exists, the engine finds one."""
    engine = SWISS[name]
    refused = 0
    for seed in range(60):
        rng = random.Random(1000 + seed)
        n = rng.randint(3, 9)
        cfg = GeneratorConfig(players=n, rounds=n, forfeit_rate=rng.choice([0, 6]), retired_rate=rng.choice([0, 4]))

        def checked(inp: PairingInput) -> RoundPairing:
            nonlocal refused
            try:
                return engine(inp)
            except PairingError:
                refused += 1
                assert not pairing_exists(inp)
                raise

        with contextlib.suppress(PairingError):
            generate(cfg, seed, pairer=checked)
    assert refused > 0  # the oracle was exercised


def test_moyenne_reasons_are_known() -> None:
    def checked(inp: PairingInput) -> RoundPairing:
        rp = pair_moyenne(inp)
        for p in rp.pairings:
            assert all(is_known(r) for r in p.reasons), p.reasons
        for b in rp.byes:
            assert all(is_known(r) for r in b.reasons), b.reasons
        return rp

    generate(GeneratorConfig(players=15, rounds=8, retired_rate=5, half_point_bye_rate=4), 3, pairer=checked)
