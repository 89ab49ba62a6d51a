"""Digests of Dutch pairings: a guard for speed work on the engine (issue 26).

Usage::

    .venv/bin/python bench/dutch_digests.py > before.txt     # on the old engine
    .venv/bin/python bench/dutch_digests.py > after.txt      # on the new one
    diff <(cut -d' ' -f1-4 before.txt) <(cut -d' ' -f1-4 after.txt)

Pairs 32 rounds of ``bench_dutch``'s tournaments (150, 251, 400 and 600 players, seeds 1-3, early,
middle and late rounds; odd fields give a PAB) and prints, per round, ``size seed round digest``
and the CPU seconds of ``pair_dutch``; the digest covers every board (colours, order, reasons) and
the byes. A speed-up must leave every digest unchanged. The total CPU time goes to stderr.
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.bench_dutch import bench_setup  # noqa: E402
from tournaments.pairing.dutch import pair_dutch  # noqa: E402
from tournaments.pairing.trf_input import to_pairing_input  # noqa: E402


def cases() -> list[tuple[int, int, int]]:
    out = []
    for size in (150, 251, 400, 600):
        for seed in (1, 2, 3):
            for rnd in (2, 5, 8) if size < 500 else (4, 7):
                out.append((size, seed, rnd))
    return out


def main() -> None:
    only = set(sys.argv[1:])  # optional sizes to run
    total = 0.0
    for size, seed, rnd in cases():
        if only and str(size) not in only:
            continue
        t, _ = bench_setup(size, seed, False, rnd)
        inp = to_pairing_input(t, rnd)
        start = time.process_time()
        rp = pair_dutch(inp)
        cpu = time.process_time() - start
        total += cpu
        text = repr([(p.white, p.black, p.board, p.reasons) for p in rp.pairings]) + repr(rp.byes)
        print(f"{size} {seed} {rnd} {hashlib.sha256(text.encode()).hexdigest()[:16]}  cpu {cpu:.2f}", flush=True)
    print(f"total cpu {total:.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
