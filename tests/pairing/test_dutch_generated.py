"""Differential test: the Dutch engine gives exactly the output recorded before its speed work.

``tests/fixtures/pairing/generated/`` holds generated tournaments (40-120 players, forfeits,
withdrawals, half-point byes; some re-paired with Baku acceleration) and the benchmark's 200- and
400-player rounds, with the complete ``RoundPairing`` of every round as the engine returned it
when recorded (``dutch_generated_record``). Every round is re-paired from the TRF file and must
give the same pairs, colours, board numbers, byes and reasons.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.pairing.dutch_generated_record import CASES, outcome, round_inputs
from tournaments.pairing.model import PairingInput
from tournaments.pairing.trf_input import to_pairing_input
from tournaments.trf import read_trf_file

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pairing" / "generated"
GENERATED = sorted(FIXTURES.glob("gen_*.trf"))
BENCH = sorted(FIXTURES.glob("bench_*.trf"))


def test_every_case_recorded() -> None:
    assert len(GENERATED) == len(CASES) == 10
    assert len(BENCH) == 2


def _plain(inp: PairingInput) -> object:
    """The engine's output as the recorded JSON would read back (tuples become lists)."""
    return json.loads(json.dumps(outcome(inp)))


@pytest.mark.parametrize("path", GENERATED, ids=lambda p: p.stem)
def test_generated_rounds_unchanged(path: Path) -> None:
    seed = int(path.stem.split("_")[1])
    expected = json.loads(path.with_suffix(".json").read_text())
    t = read_trf_file(str(path))
    inputs = round_inputs(t, seed)
    assert [key for key, _ in inputs] == sorted(expected, key=lambda k: (int(k.rstrip("b")), k))
    diffs = [key for key, inp in inputs if _plain(inp) != expected[key]]
    assert diffs == []


@pytest.mark.parametrize("path", BENCH, ids=lambda p: p.stem)
def test_bench_round_unchanged(path: Path) -> None:
    expected = json.loads(path.with_suffix(".json").read_text())
    t = read_trf_file(str(path))
    ((key, want),) = expected.items()
    got = _plain(to_pairing_input(t, int(key)))
    assert isinstance(got, dict) and "error" not in got and got["pairings"]
    assert got == want
