"""Perft speed of the arbiter, side by side with py-draughts 1.10 (not a test; prints figures).

Both count leaf nodes from the international start position, bulk-counting the last ply (the
moves of each depth-1 node are counted, not made). py-draughts is GPL: it is never a dependency of
this project. Install it in a throwaway venv and pass its interpreter:

    python3 -m venv /tmp/pyd && /tmp/pyd/bin/pip install py-draughts==1.10.1
    .venv/bin/python bench/bench_perft.py --depth 6 --peer-python /tmp/pyd/bin/python

The peer runs in a subprocess through its public Board API (legal_moves / push / pop).
Figures: leaf nodes per second (best of --repeat runs), and the ratio arbiter / peer.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arbiter import apply_move, initial_position, legal_moves, perft  # noqa: E402
from arbiter.position import Position  # noqa: E402

PEER_SCRIPT = r"""
import json, sys, time
import draughts
from draughts import StandardBoard
depth, repeat = int(sys.argv[1]), int(sys.argv[2])

def perft(board, depth):
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total

best = None
for _ in range(repeat):
    board = StandardBoard()
    t = time.perf_counter()
    n = perft(board, depth)
    dt = time.perf_counter() - t
    best = dt if best is None else min(best, dt)
print(json.dumps({"leaves": n, "seconds": best, "version": draughts.__version__}))
"""


def _object_perft(pos: Position, depth: int) -> int:
    # The same count through the object API (Move objects, apply_move), for information.
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(_object_perft(apply_move(pos, m), depth - 1) for m in moves)


def _best(fn: object, repeat: int) -> tuple[int, float]:
    best = float("inf")
    n = 0
    for _ in range(repeat):
        t = time.perf_counter()
        n = fn()  # type: ignore[operator]
        best = min(best, time.perf_counter() - t)
    return n, best


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depth", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--peer-python", default=None, help="interpreter of a venv with py-draughts==1.10.1")
    ap.add_argument("--object-api", action="store_true", help="also time legal_moves + apply_move")
    args = ap.parse_args()

    pos = initial_position("international")
    n, dt = _best(lambda: perft(pos, args.depth), args.repeat)
    ours = n / dt
    print(f"arbiter perft({args.depth}) = {n} leaves in {dt:.3f} s: {ours / 1e6:.3f} M leaves/s")
    if args.object_api:
        n2, dt2 = _best(lambda: _object_perft(pos, args.depth), 1)
        print(f"arbiter object API (legal_moves/apply_move) = {n2} leaves in {dt2:.3f} s: "
              f"{n2 / dt2 / 1e6:.3f} M leaves/s")
    if args.peer_python:
        out = subprocess.run([args.peer_python, "-c", PEER_SCRIPT, str(args.depth), str(args.repeat)],
                             capture_output=True, text=True, check=True)
        peer = json.loads(out.stdout.strip().splitlines()[-1])
        rate = peer["leaves"] / peer["seconds"]
        print(f"py-draughts {peer['version']} perft({args.depth}) = {peer['leaves']} leaves in "
              f"{peer['seconds']:.3f} s: {rate / 1e6:.3f} M leaves/s")
        if peer["leaves"] != n:
            print(f"WARNING: leaf counts differ ({n} vs {peer['leaves']})")
        print(f"ratio arbiter / py-draughts = {ours / rate:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
