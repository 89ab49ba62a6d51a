"""Benchmark: the draughts pairing systems (issue 26), whole process, against the issue's goals.

Usage::

    .venv/bin/python bench/bench_draughts_systems.py [--systems solkoff,rating,resistance,moyenne,keizer]
        [--sizes 200,1000,2000,5000] [--rounds middle,2,3] [--seed 7] [--repeat 3] [--bbp PATH] [--no-engine]

The series of issue 26 for every Swiss engine, FIDE Dutch included: ``--systems dutch --sizes
100,400,1000,2000,5000``; ``--rounds middle,2,3`` adds the early rounds, whose score groups are the
biggest (round 2 of 5,000 players: three groups of ~1,700), which are the hardest for the Dutch
engine; ``--rounds all`` times every round from 2 to the last. The Dutch history is built by a
quick score-order pairing (the Dutch engine on every earlier round of a 5,000-player field would
take the benchmark minutes); the timed round is the Dutch engine's.
With ``--bbp PATH`` (a bbpPairings 6 binary; it is not shipped) the same file is paired by
``bbpPairings --dutch FILE -p OUT`` too and its time and memory printed beside ours.

For every system and field size a tournament is played by the generator (draughts scoring, 30 %
draws, forfeits, withdrawals, half-point byes), each round paired by the system's own engine, up to
the round timed (the middle round: round 5 of 9, or 6 of 11 from 1,000 players); the file is then
paired by the command line, ``python -m tournaments.pairing --system NAME FILE.trf -p OUT``, in a
fresh process: interpreter start, imports, reading the TRF file, pairing and writing the result are
all timed. Round 1 of the largest size is timed the same way. Peak memory is the child process's
``ru_maxrss``. Goals (issue 26): a 200-player round < 0.3 s, 1,000 < 2 s, 2,000 < 10 s, 5,000 < 60 s,
round 1 of 5,000 < 1 s, all < 500 MB; the engines have no recursion (any size pairs).

Prints one line per run: the median wall time of ``--repeat`` runs, its CPU time (user + system:
steadier than wall time on a shared machine), the peak memory, the goal and whether it is met (on
wall time, as the issue asks); the in-process pairing time (``engine``) for comparison, unless
``--no-engine`` skips that run (the Dutch engine on 5,000 players takes minutes).

Python compiles every module it imports unless a compiled copy is cached; this machine sets
``PYTHONDONTWRITEBYTECODE``, which would charge every run with compiling some sixty modules (about
0.2 s). The command line runs here as an installed program does: with a bytecode cache (in a
temporary folder, ``PYTHONPYCACHEPREFIX``), warmed by one untimed run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench_dutch import quick_pairing  # noqa: E402  (bench/ is the script's folder)

from tournaments.pairing.generator import GeneratorConfig, generate  # noqa: E402
from tournaments.pairing.systems import SYSTEMS  # noqa: E402
from tournaments.pairing.trf_input import to_pairing_input  # noqa: E402
from tournaments.trf import TrfTournament, write_trf  # noqa: E402

GOALS = {200: 0.3, 1000: 2.0, 2000: 10.0, 5000: 60.0}
ROUND1_GOAL = 1.0  # round 1 of the largest field (5,000 players)
MEMORY_GOAL_MB = 500.0


def history(system: str, players: int, seed: int, round_no: int) -> TrfTournament:
    """A tournament of ``players`` paired by ``system`` up to round ``round_no - 1``."""
    rounds = 9 if players <= 300 else 11
    cfg = GeneratorConfig(
        players=players, rounds=rounds, draw_percentage=30, forfeit_rate=40, retired_rate=25, half_point_bye_rate=20
    )
    engine = quick_pairing if system == "dutch" else SYSTEMS[system].engine  # bench_dutch's fast history
    return generate(cfg, seed, rounds=round_no - 1, pairer=engine)


def run_bbp(bbp: str, path: Path) -> tuple[float, float]:
    """(wall seconds, peak MB) of ``bbpPairings --dutch FILE -p OUT``."""
    report = path.with_suffix(".bbptime")
    res = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", str(report), bbp, "--dutch", str(path), "-p",
                          str(path.with_suffix(".bbp"))], capture_output=True, text=True)
    if res.returncode != 0:
        return float("nan"), float("nan")
    wall, kb = report.read_text().split()[-2:]
    return float(wall), int(kb) / 1024


def run_cli(system: str, path: Path, cache: Path) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak MB) of one ``python -m tournaments.pairing --system`` process, measured by
    ``/usr/bin/time`` (its child's peak is the process's own: a child forked from this benchmark would
    also count this process's memory, which Linux carries over into ``ru_maxrss`` across exec)."""
    out = path.with_suffix(".out")
    report = path.with_suffix(".time")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    cmd = [sys.executable, "-m", "tournaments.pairing", "--system", system, str(path), "-p", str(out)]
    res = subprocess.run(
        ["/usr/bin/time", "-f", "%e %U %S %M", "-o", str(report), *cmd],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if res.returncode != 0:
        raise SystemExit(f"{system}: the command line failed ({res.returncode}): {res.stderr}")
    wall, user, sys_cpu, kb = report.read_text().split()[-4:]
    return float(wall), float(user) + float(sys_cpu), int(kb) / 1024


def imports_alone(tmp: Path, repeat: int) -> float:
    """Median wall time of starting Python and importing the command line (the fixed cost of a run)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    cmd = [sys.executable, "-c", "import tournaments.pairing.cli"]
    subprocess.run(cmd, cwd=ROOT, env=env, check=True)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=ROOT, env=env, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench(system: str, players: int, round_no: int, seed: int, repeat: int, goal: float, tmp: Path,
          bbp: str = "", engine_run: bool = True) -> bool:
    t = history(system, players, seed, round_no)
    engine = float("nan")
    if engine_run:
        inp = to_pairing_input(t, round_no)
        start = time.perf_counter()
        SYSTEMS[system].engine(inp)
        engine = time.perf_counter() - start
    path = tmp / f"{system}_{players}_{round_no}.trf"
    path.write_text(write_trf(t))
    cache = tmp / "pycache"
    run_cli(system, path, cache)  # warm the bytecode cache
    runs = [run_cli(system, path, cache) for _ in range(repeat)]
    wall = statistics.median(w for w, _, _ in runs)
    cpu = statistics.median(c for _, c, _ in runs)
    peak = max(m for _, _, m in runs)
    ok = wall < goal and peak < MEMORY_GOAL_MB
    print(
        f"{system:<11} {players:>6} players  round {round_no:>2}  process {wall:7.2f} s  cpu {cpu:7.2f} s  "
        f"peak {peak:6.0f} MB  "
        f"(goal < {goal:g} s, < {MEMORY_GOAL_MB:g} MB) {'ok' if ok else 'MISSED'}"
        + (f"  engine {engine:6.2f} s" if engine_run else "")
        + (("  bbpPairings {:.2f} s {:.0f} MB".format(*run_bbp(bbp, path))) if bbp and system == "dutch" else ""),
        flush=True,
    )
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--systems", default="solkoff,rating,resistance,moyenne,keizer")
    parser.add_argument("--sizes", default="200,1000,2000,5000")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--round1", type=int, default=0, help="field size of the round-1 run (default: the largest)")
    parser.add_argument(
        "--rounds",
        default="middle",
        help="the rounds timed at each size, e.g. 'middle,2,3' ('middle': round 5 of 9, or 6 of 11 from 1,000 "
        "players), or 'all' (every round from 2 to the last); the goals hold for any round, and the early ones "
        "have the biggest score groups",
    )
    parser.add_argument("--bbp", default=os.environ.get("BBP", ""), help="a bbpPairings binary to compare with")
    parser.add_argument("--no-engine", action="store_true", help="skip the in-process pairing run")
    args = parser.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    missed = 0
    with tempfile.TemporaryDirectory() as tmp:
        print(f"fixed cost: interpreter and imports alone {imports_alone(Path(tmp), args.repeat):.2f} s", flush=True)
        for system in args.systems.split(","):
            for players in sizes:
                middle = (9 if players <= 300 else 11) // 2 + 1
                goal = GOALS.get(players, max(GOALS.values()))
                last = 9 if players <= 300 else 11
                wanted = [str(r) for r in range(2, last + 1)] if args.rounds == "all" else args.rounds.split(",")
                for r in wanted:
                    round_no = middle if r == "middle" else int(r)
                    missed += not bench(
                        system, players, round_no, args.seed, args.repeat, goal, Path(tmp), args.bbp, not args.no_engine
                    )
            biggest = args.round1 or max(sizes)
            missed += not bench(
                system, biggest, 1, args.seed, args.repeat, ROUND1_GOAL, Path(tmp), args.bbp, not args.no_engine
            )
    print("all goals met" if not missed else f"{missed} goal(s) missed")
    return 0 if not missed else 1


if __name__ == "__main__":
    sys.exit(main())
