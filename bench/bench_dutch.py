"""Benchmark: one FIDE Dutch round for 200 and 1,000 players (goal < 0.5 s and < 10 s, < 1 GB).

Usage::

    .venv/bin/python bench/bench_dutch.py [--sizes 200,1000] [--seed 7] [--repeat 3] [--round N] [--dutch-history]

The tournament is made by the random tournament generator (draughts scoring, 30 % draws,
forfeits, withdrawals and half-point byes). Its earlier rounds are paired by a quick
score-order pairing (rematches avoided) unless ``--dutch-history`` asks for the Dutch engine
there too (slow for big fields); the middle round is then paired by the Dutch engine and timed.
Prints the median wall and CPU time of ``--repeat`` runs (the machines are shared and noisy: the
same run varies by +-20 %), whether the issue's goal is met, the number of matching solves and peak
memory (ru_maxrss; ``--trace`` adds a tracemalloc run, which is much slower).
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.pairing.dutch import pair_dutch  # noqa: E402
from tournaments.pairing.dutch.engine import DutchOptions, _Round  # noqa: E402
from tournaments.pairing.dutch.state import build_context, build_states  # noqa: E402
from tournaments.pairing.generator import GeneratorConfig, generate  # noqa: E402
from tournaments.pairing.model import Bye, Pairing, PairingInput, RoundPairing  # noqa: E402
from tournaments.pairing.trf_input import to_pairing_input  # noqa: E402
from tournaments.trf import TrfTournament  # noqa: E402


def quick_pairing(inp: PairingInput) -> RoundPairing:
    """Score-order pairing that avoids rematches greedily: only to build a history fast."""
    present = sorted((p for p in inp.players if not p.unavailable), key=lambda p: (-p.points, p.id))
    met = {p.id: {r.opponent for r in p.history if r.played} for p in present}
    pairs: list[Pairing] = []
    free = [p.id for p in present]
    bye: tuple[Bye, ...] = ()
    if len(free) % 2:
        bye = (Bye(player=free.pop()),)
    while free:
        a = free.pop(0)
        b = next((x for x in free if x not in met[a]), free[0])
        free.remove(b)
        white, black = (a, b) if len(pairs) % 2 == 0 else (b, a)
        pairs.append(Pairing(white=white, black=black, board=len(pairs) + 1))
    return RoundPairing(round=inp.round, pairings=tuple(pairs), byes=bye)


def bench_setup(
    players: int, seed: int, dutch_history: bool = False, round_no: int | None = None
) -> tuple[TrfTournament, int]:
    """The benchmark tournament for ``players`` (its history) and the round to time (the middle
    one unless ``round_no`` is given)."""
    rounds = 9 if players <= 300 else 11
    middle = round_no or rounds // 2 + 1
    cfg = GeneratorConfig(
        players=players, rounds=rounds, draw_percentage=30, forfeit_rate=40, retired_rate=25, half_point_bye_rate=20
    )
    t = generate(cfg, seed, rounds=middle - 1, pairer=pair_dutch if dutch_history else quick_pairing)
    return t, middle


GOALS = {200: 0.5, 1000: 10.0}  # seconds for one round (issue 5)


def bench(
    players: int, seed: int, dutch_history: bool, trace: bool, repeat: int = 3, round_no: int | None = None
) -> None:
    t0 = time.perf_counter()
    t, middle = bench_setup(players, seed, dutch_history, round_no)
    rounds = t.total_rounds
    setup = time.perf_counter() - t0
    inp = to_pairing_input(t, middle)
    ctx = build_context(inp)
    result = _Round(build_states(ctx), ctx, DutchOptions()).run()
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(repeat):
        t1 = time.perf_counter()
        c1 = time.process_time()
        rp = pair_dutch(inp)  # the public entry point: engine plus colours, boards and reasons
        walls.append(time.perf_counter() - t1)
        cpus.append(time.process_time() - c1)  # less disturbed than wall time on a shared machine
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    line = (
        f"{players:5d} players, round {middle} of {rounds}: pair_dutch median {wall:6.2f} s wall, {cpu:6.2f} s cpu "
        f"(min {min(walls):.2f} / max {max(walls):.2f} s wall over {repeat} runs), "
        f"{result.solves} matching solves, {len(rp.pairings)} boards, max RSS {rss:4.0f} MiB"
    )
    goal = GOALS.get(players)
    if goal is not None:
        line += f", goal < {goal:g} s: {'met' if wall < goal else 'MISSED'}"
    if trace:
        # tracemalloc slows Python code down several times: a separate run, for memory only.
        tracemalloc.start()
        pair_dutch(inp)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        line += f", peak traced {peak / 2**20:.1f} MiB"
    print(line + f" (history built in {setup:.1f} s)", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="200,1000")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--dutch-history", action="store_true")
    ap.add_argument("--trace", action="store_true", help="also measure peak Python memory with tracemalloc (slow)")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per size (the median is reported)")
    ap.add_argument("--round", type=int, default=None, help="the round to time (default: the middle one)")
    args = ap.parse_args()
    for size in (int(x) for x in args.sizes.split(",")):
        bench(size, args.seed, args.dutch_history, args.trace, args.repeat, args.round)


if __name__ == "__main__":
    main()
