"""Benchmark: full standings with the default Swiss tie-breaks, 300 players x 11 rounds.

Goal (issue 7): under 100 ms. The history is Swiss-like and seeded: each round pairs the
players top-down by score then rating avoiding rematches, with results drawn from the Elo
expectation (30 % draws), about 2 % forfeits, a few half-point byes and the odd player's PAB.

    .venv/bin/python bench/bench_standings.py [--players 300] [--rounds 11] [--repeat 15] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from tournaments.standings import StandingsInput, StandingsPlayer, compute_standings  # noqa: E402
from tournaments.standings.ratings import expected_score  # noqa: E402
from tournaments.vocabulary import RoundRecord  # noqa: E402


def generate(players: int, rounds: int, seed: int) -> StandingsInput:
    """A plausible seeded Swiss history (not a FIDE Dutch pairing: only the shape matters here)."""
    rng = random.Random(seed)
    ratings = dict(enumerate(sorted((rng.randint(900, 2400) for _ in range(players)), reverse=True), 1))
    points = dict.fromkeys(ratings, 0.0)
    met: dict[int, set[int]] = {i: set() for i in ratings}
    hist: dict[int, list[RoundRecord]] = {i: [] for i in ratings}
    had_bye: set[int] = set()
    for rnd in range(1, rounds + 1):
        order = sorted(ratings, key=lambda i: (-points[i], -ratings[i]))
        for pid in [p for p in order if rng.random() < 0.01]:  # requested half-point byes
            hist[pid].append(RoundRecord(rnd, None, None, "H"))
            points[pid] += 1
            order.remove(pid)
        if len(order) % 2:
            out = next(p for p in reversed(order) if p not in had_bye)
            had_bye.add(out)
            order.remove(out)
            hist[out].append(RoundRecord(rnd, None, None, "U"))
            points[out] += 2
        while order:
            a = order.pop(0)
            j = next((k for k, b in enumerate(order) if b not in met[a]), 0)
            b = order.pop(j)
            met[a].add(b)
            met[b].add(a)
            w, bl = (a, b) if rnd % 2 else (b, a)
            if rng.random() < 0.02:
                rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            else:
                x = rng.random()
                e = expected_score(ratings[w], ratings[bl])
                if x < 0.3:
                    rw, rb = "=", "="
                elif x < 0.3 + 0.7 * e:
                    rw, rb = "1", "0"
                else:
                    rw, rb = "0", "1"
            value = {"1": 2.0, "+": 2.0, "=": 1.0, "0": 0.0, "-": 0.0}
            hist[w].append(RoundRecord(rnd, bl, "w", rw))  # type: ignore[arg-type]
            hist[bl].append(RoundRecord(rnd, w, "b", rb))  # type: ignore[arg-type]
            points[w] += value[rw]
            points[bl] += value[rb]
    return StandingsInput(
        players=tuple(
            StandingsPlayer(start_number=i, name=f"Player {i:03d}", rating=ratings[i], rounds=tuple(hist[i]))
            for i in ratings
        ),
        total_rounds=rounds,
        kind="swiss",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    inp = generate(args.players, args.rounds, args.seed)
    compute_standings(inp)  # warm-up
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        s = compute_standings(inp)
        times.append((time.perf_counter() - t0) * 1000)
    print(
        f"standings {args.players} players x {args.rounds} rounds, tie-breaks {','.join(s.tiebreaks)}: "
        f"median {statistics.median(times):.1f} ms, min {min(times):.1f} ms, max {max(times):.1f} ms "
        f"over {args.repeat} runs (goal < 100 ms)"
    )
    top = s.rows[0]
    print(f"leader: #{top.start_number} {top.points:g} pts, {top.tiebreaks}")


if __name__ == "__main__":
    main()
