"""Benchmark of ``python -m arbiter check`` over a file of real international games (issue 17).

Builds files of real tournament games (the international fixtures of tests/fixtures/pdn, repeated) of
about 1 MB and 4 MB, runs the whole command on each in a fresh process and prints: the wall time, games
and plies checked, games of 100 plies per second, and the peak memory of the process. The goal: at least
300 games of 100 plies per second over 1 MB, and a peak memory that does not grow with the file (games
are streamed).

    .venv/bin/python bench/bench_check.py [--size-mb 1] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["international/nk_ronde_01.pdn", "international/nk_ronde_02.pdn", "international/rk_ronde_12.pdn",
           "international/DUTCH96H.pdn", "international/PROF2.pdn", "international/candidate95.pdn",
           "international/kurnik.pdn", "international/090417ronde12.pdn", "corpus/international_nk2003.pdn"]
GOAL = 300.0


def build(size_mb: float, path: Path) -> None:
    base = "\n\n".join((ROOT / "tests" / "fixtures" / "pdn" / s).read_text(encoding="utf-8", errors="replace")
                       .replace("\r\n", "\n") for s in SOURCES) + "\n\n"
    copies = max(1, int(size_mb * 1_000_000 / len(base.encode())) + 1)
    path.write_text(base * copies, encoding="utf-8")


def run(path: Path) -> tuple[float, int, int, int]:
    """(seconds, games, plies, peak RSS in KiB) of one check of ``path``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "arbiter", "check", str(path), "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    doc = json.loads(out.stdout)
    games = doc["games"]
    return seconds, len(games), sum(g["plies"] for g in games), max(peak, before)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=1.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for size in (args.size_mb, args.size_mb * 4):
            path = Path(tmp) / f"games_{size:g}mb.pdn"
            build(size, path)
            runs = [run(path) for _ in range(args.repeat)]
            secs = statistics.median(r[0] for r in runs)
            _s, games, plies, _rss = runs[0]
            rate = plies / 100 / secs
            # ru_maxrss of children is the largest child so far: run the small file first, then the big one.
            print(f"{path.stat().st_size / 1e6:.2f} MB: {games} games, {plies} plies, {secs:.2f} s (median of "
                  f"{args.repeat}; min {min(r[0] for r in runs):.2f}), {rate:.0f} games of 100 plies/s "
                  f"(goal {GOAL:.0f}: {'met' if rate >= GOAL else 'NOT met'}), peak RSS so far "
                  f"{runs[-1][3] / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
