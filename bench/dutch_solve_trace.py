"""Where a Dutch round's time goes, solve by solve (issue 26): a trace of the matching solves.

Usage::

    .venv/bin/python bench/dutch_solve_trace.py [--size 1000] [--seed 7] [--top 5] [--stages]

Pairs ``bench_dutch``'s middle round for ``--size`` players and prints the CPU seconds of the
whole ``pair_dutch``, of all blossom solves, of setting the bracket weights, and then, for the
``--top`` most expensive solves: CPU seconds, vertices with edges, live edges, vertices re-fitted
by the warm start, pairs found, stages, augmentations, dual steps and blossoms made. ``--stages``
adds each of those solves' stage log: the number of roots a stage starts with, then ``d`` for
a dual step, ``A`` for an augmentation and ``r`` for a stage begun again keeping least slacks
(it found no augmenting path among tight edges; a stage that keeps them from the start,
after one with several augmentations or none, shows its ``d`` without an ``r``). Wraps the
solver's methods, so its own figures are a little slower than ``bench_dutch.py``'s.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_dutch import bench_setup  # noqa: E402
from tournaments.pairing.dutch import blossom, blossom_forest, engine, matcher, pair_dutch  # noqa: E402
from tournaments.pairing.trf_input import to_pairing_input  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--top", type=int, default=5)
    ap.add_argument("--stages", action="store_true")
    args = ap.parse_args()
    t, rnd = bench_setup(args.size, args.seed)
    inp = to_pairing_input(t, rnd)

    log: list[str] = []  # the current solve's stage log
    counts: dict[str, int] = {}

    def counting(cls: type, name: str, event: Callable[[Any, Any], str | None]) -> None:
        inner = getattr(cls, name)

        def wrapped(self: Any, *a: Any) -> Any:
            result = inner(self, *a)
            counts[name] = counts.get(name, 0) + 1
            text = event(self, result)
            if text:
                log.append(text)
            return result

        setattr(cls, name, wrapped)

    def roots(solver: Any, started: bool) -> str | None:
        if not started:
            return None
        free = sum(1 for v in solver.active if solver.mate[v] == -1 and solver.dual[v] > 0)
        return f"\n    {free} roots:"

    counting(blossom._Solver, "begin_stage", roots)
    counting(blossom._Solver, "restart_stage", lambda s, r: "r")
    counting(blossom._Solver, "dual_step", lambda s, r: "d")
    counting(blossom._Solver, "augment_and_block", lambda s, r: "A")
    counting(blossom_forest.BlossomForest, "add_blossom", lambda s, r: None)

    solves: list[tuple[float, str, str]] = []
    solve_matching = matcher.solve_matching  # type: ignore[attr-defined]

    def traced(n: int, graph: Any, start: Any, changed: Any, shifted: Any) -> Any:
        log.clear()
        counts.clear()
        refit = len(changed or ())
        c = time.process_time()
        result = solve_matching(n, graph, start, changed, shifted)
        cpu = time.process_time() - c
        vertices = sum(1 for d in graph.degree if d)
        pairs = sum(1 for x in result[0] if x >= 0) // 2
        line = (
            f"{cpu:7.3f} s  {vertices:5d} vertices {graph.size:7d} edges {refit:5d} re-fitted "
            f"{pairs:5d} pairs  {counts.get('begin_stage', 0):3d} stages "
            f"{counts.get('augment_and_block', 0):4d} augmentations {counts.get('dual_step', 0):4d} dual steps "
            f"{counts.get('add_blossom', 0):4d} blossoms {counts.get('restart_stage', 0):3d} restarts"
        )
        solves.append((cpu, line, "".join(" " + x if len(x) == 1 else x for x in log)))
        return result

    matcher.solve_matching = traced  # type: ignore[attr-defined,assignment]
    weights_cpu = [0.0]
    bracket_weights = engine._Round._bracket_weights

    def timed_weights(self: Any, *a: Any) -> Any:
        c = time.process_time()
        result = bracket_weights(self, *a)
        weights_cpu[0] += time.process_time() - c
        return result

    engine._Round._bracket_weights = timed_weights  # type: ignore[method-assign,assignment]
    c = time.process_time()
    pair_dutch(inp)
    total = time.process_time() - c
    solve_total = sum(s[0] for s in solves)
    print(
        f"{args.size} players, round {rnd}: pair_dutch {total:.2f} s cpu, {len(solves)} solves {solve_total:.2f} s, "
        f"bracket weights {weights_cpu[0]:.2f} s, the rest {total - solve_total - weights_cpu[0]:.2f} s"
    )
    for _cpu, line, stages in sorted(solves, key=lambda s: -s[0])[: args.top]:
        print(line)
        if args.stages:
            print(stages)


if __name__ == "__main__":
    main()
