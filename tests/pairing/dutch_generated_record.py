"""Record the Dutch engine's full output on generated tournaments (run once, before optimising).

Usage::

    .venv/bin/python -m tests.pairing.dutch_generated_record

Writes ``tests/fixtures/pairing/generated/gen_<seed>.trf`` (the generated tournament) and
``gen_<seed>.json`` (for every round: the complete ``RoundPairing`` the engine returned, and for
odd seeds also the round paired with Baku acceleration switched on). ``test_dutch_generated``
re-pairs every round and demands exactly the recorded output, so a speed change of the engine
cannot change a single pairing, colour, board number or reason unnoticed.
"""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from tournaments.pairing.dutch import pair_dutch
from tournaments.pairing.generator import GeneratorConfig, generate
from tournaments.pairing.model import PairingError, PairingInput
from tournaments.pairing.trf_input import to_pairing_input
from tournaments.trf import TrfTournament, write_trf

OUT = Path(__file__).resolve().parent.parent / "fixtures" / "pairing" / "generated"

# (seed, players, rounds, draw %, forfeit rate, retired rate, half-point bye rate)
CASES: tuple[tuple[int, int, int, int, float, float, float], ...] = (
    (101, 40, 7, 30, 0.0, 0.0, 0.0),
    (102, 41, 9, 20, 10.0, 8.0, 10.0),
    (103, 55, 9, 40, 20.0, 15.0, 6.0),
    (104, 64, 9, 10, 0.0, 0.0, 0.0),
    (105, 77, 11, 30, 15.0, 10.0, 8.0),
    (106, 80, 7, 50, 8.0, 20.0, 0.0),
    (107, 93, 9, 25, 25.0, 12.0, 12.0),
    (108, 100, 11, 30, 0.0, 0.0, 10.0),
    (109, 111, 9, 35, 12.0, 9.0, 15.0),
    (110, 120, 9, 30, 40.0, 25.0, 20.0),
)


# The benchmark's big fields (``bench/bench_dutch.py``, seed 7): their middle round is recorded too.
BENCH_SIZES = (200, 400)


def bench_tournament(players: int) -> tuple[TrfTournament, int]:
    """The benchmark's tournament for ``players`` and the round it times."""
    from bench.bench_dutch import bench_setup

    return bench_setup(players, 7)


def round_inputs(t: TrfTournament, seed: int) -> list[tuple[str, PairingInput]]:
    """Every round's input (keys ``"<round>"``), plus Baku-accelerated ones for odd seeds (``"<round>b"``)."""
    out: list[tuple[str, PairingInput]] = []
    for k in range(1, t.total_rounds + 1):
        inp = to_pairing_input(t, k)
        out.append((str(k), inp))
        if seed % 2:
            out.append((f"{k}b", replace(inp, baku_acceleration=True)))
    return out


def outcome(inp: PairingInput) -> dict[str, Any]:
    """The engine's output as plain JSON data (or the error it raised)."""
    try:
        return asdict(pair_dutch(inp))
    except PairingError as exc:
        return {"error": str(exc)}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for seed, players, rounds, draws, forfeit, retired, half in CASES:
        cfg = GeneratorConfig(
            players=players,
            rounds=rounds,
            draw_percentage=draws,
            forfeit_rate=forfeit,
            retired_rate=retired,
            half_point_bye_rate=half,
        )
        t = generate(cfg, seed)
        (OUT / f"gen_{seed}.trf").write_text(write_trf(t))
        data = {key: outcome(inp) for key, inp in round_inputs(t, seed)}
        (OUT / f"gen_{seed}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"gen_{seed}: {players} players, {len(data)} rounds recorded", flush=True)
    for players in BENCH_SIZES:
        t, k = bench_tournament(players)
        (OUT / f"bench_{players}.trf").write_text(write_trf(t))
        data = {str(k): outcome(to_pairing_input(t, k))}
        (OUT / f"bench_{players}.json").write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"bench_{players}: round {k} recorded", flush=True)


if __name__ == "__main__":
    main()
