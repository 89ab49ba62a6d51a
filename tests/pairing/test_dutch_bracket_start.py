"""A bracket's first solve on part of the next score group (``engine._Round._start_bracket``).

An even bracket that pairs completely inside itself is solved on its own edges; an odd one on its
own edges and the next group's first players (the sinks) when the next group stays as good
whoever of them the downfloater meets. The oracle is the engine solving every bracket with the
whole next score group (``ALONE_MIN`` above every bracket size switches the new start off), whose
pairings are checked against bbpPairings elsewhere (``test_dutch_fixtures``, ``test_dutch_generated``):
each round must come out identical, and every kind of start must have been used.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from tournaments.pairing.dutch import engine
from tournaments.pairing.dutch.completion import pairs_within
from tournaments.pairing.dutch.state import build_context, build_states
from tournaments.pairing.generator import GeneratorConfig, generate
from tournaments.pairing.model import PairingInput
from tournaments.pairing.trf_input import to_pairing_input


def _inputs() -> list[PairingInput]:
    """Early and middle rounds (where brackets are big) of generated fields, odd and even; and
    small late rounds where the checks decide (found by a search: without the check that the
    next group stays as good whichever sink the downfloater takes, the first four pair
    differently from the whole next group; without the rule that the PAB must not go to the next
    group when players are below it, the next two; without the check that each sink leaves the
    next group paired but for a PAB receiver, the last one)."""
    out = []
    for players, seed, rounds in (
        (120, 1, (2, 3, 4, 5)),
        (121, 2, (2, 3, 4)),
        (203, 3, (2, 3)),
        (260, 4, (2, 3, 6)),
        (41, 1, (4,)),  # an odd bracket with sinks in the group where the PAB goes
        (53, 2, (2,)),  # the same
    ):
        cfg = GeneratorConfig(players=players, rounds=9, draw_percentage=30, forfeit_rate=40, retired_rate=25)
        for rnd in rounds:
            out.append(to_pairing_input(generate(cfg, seed, rounds=rnd - 1), rnd))
    for players, seed, rnd in ((9, 14, 4), (11, 4, 5), (13, 24, 6), (15, 2, 5), (21, 19, 6), (37, 11, 7), (127, 22, 7)):
        cfg = GeneratorConfig(players=players, rounds=7, draw_percentage=30, forfeit_rate=10, retired_rate=10)
        out.append(to_pairing_input(generate(cfg, seed), rnd))
    return out


def _run(inp: PairingInput) -> tuple[list[tuple[int, int]], int | None]:
    ctx = build_context(inp)
    result = engine._Round(build_states(ctx), ctx, engine.DutchOptions()).run()
    return result.pairs, result.bye


def test_first_solves_on_part_of_the_next_group_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    inputs = _inputs()
    # (bracket size, players the first solve took, whether the PAB may go to the next group, kept)
    starts: list[tuple[int, int, bool, bool]] = []
    plain = engine._Round._start_bracket

    def recording(self, bracket, mdp_count, next_begin, group_first, end):  # type: ignore[no-untyped-def]
        rows = self._alone_rows(bracket, next_begin, group_first, end) if next_begin >= engine.ALONE_MIN else None
        base, off, first = plain(self, bracket, mdp_count, next_begin, group_first, end)
        if rows is not None:
            pab = bool(self.n % 2 and self.st[group_first].score <= self.bye_score)
            starts.append((next_begin, rows, pab, first is not None))
        return base, off, first

    monkeypatch.setattr(engine._Round, "_start_bracket", recording)
    with_start = [_run(inp) for inp in inputs]
    kept = [(size, rows - size, pab) for size, rows, pab, ok in starts if ok]
    assert any(sinks == 0 for _, sinks, _ in kept), "an even bracket solved alone"
    assert any(sinks == 1 and size % 2 for size, sinks, _ in kept), "an odd bracket with one sink"
    assert any(sinks > 1 for _, sinks, _ in kept), "an odd bracket with several sinks"
    assert any(sinks > 1 and pab for _, sinks, pab in kept), "several sinks, the PAB in the next group"
    assert any(not ok for *_, ok in starts), "a first solve that needed the whole next group after all"
    monkeypatch.setattr(engine, "ALONE_MIN", 10**9)
    starts.clear()
    whole = [_run(inp) for inp in inputs]
    assert not starts
    assert with_start == whole


@settings(max_examples=200, deadline=None)
@given(hs.integers(min_value=0, max_value=2**32 - 1))
def test_pairs_within_never_claims_an_impossible_matching(seed: int) -> None:
    """``pairs_within`` says True only when the members have a perfect matching among themselves
    (networkx as the oracle), whatever edges leave the set; on dense sets it finds one."""
    rng = random.Random(seed)
    n = rng.randint(2, 16)
    density = rng.uniform(0.1, 0.95)
    adj = [0] * n
    edges = [(u, v) for v in range(n) for u in range(v) if rng.random() < density]
    for u, v in edges:
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    members = sorted(rng.sample(range(n), rng.randint(0, n)))
    g = nx.Graph()
    g.add_nodes_from(members)
    inside = set(members)
    g.add_edges_from((u, v) for u, v in edges if u in inside and v in inside)
    possible = len(members) % 2 == 0 and len(nx.max_weight_matching(g, maxcardinality=True)) * 2 == len(members)
    found = pairs_within(adj, members)
    if found:
        assert possible
    if possible and all(g.degree(v) >= len(members) // 2 for v in members):
        assert found  # Dirac: a Hamiltonian cycle, so the greedy's short repairs always succeed


def test_pairs_within_uses_no_edge_leaving_the_set() -> None:
    # 0-1 and 2-3 are not edges; each member's only partner is 4, outside the set.
    adj = [1 << 4, 1 << 4, 1 << 4, 1 << 4, 0b1111]
    assert not pairs_within(adj, [0, 1, 2, 3])
    adj[0] |= 1 << 1
    adj[1] |= 1 << 0
    adj[2] |= 1 << 3
    adj[3] |= 1 << 2
    assert pairs_within(adj, [0, 1, 2, 3])
    assert not pairs_within(adj, [0, 1, 2])  # odd
