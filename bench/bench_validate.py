"""Validator speed: games per second on the real PDN files and on 1,000 generated games.

Run: ``.venv/bin/python bench/bench_validate.py [--games 1000] [--plies 100] [--seed 1]``

Goal (issue 4): at least 200 games of 100 plies per second, i.e. 20,000 plies per second. The
generated games are random legal international games (seeded), written to a PDN file, read back
and validated; the real files are every PDN fixture the validator tests use. Reading the PDN is
timed apart from validating. Prints the figures; exits 0 whatever they are.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arbiter.moves import apply_move, legal_moves  # noqa: E402
from arbiter.pdn import PdnGame, read_pdn  # noqa: E402
from arbiter.pdn_writer import moves_to_movetext  # noqa: E402
from arbiter.position import Move, initial_position  # noqa: E402
from arbiter.validator import validate  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "pdn"


def generated_pdn(games: int, plies: int, seed: int) -> str:
    """``games`` random legal international games of up to ``plies`` plies, as one PDN text."""
    rng = random.Random(seed)
    start = initial_position("international")
    out = []
    for n in range(games):
        pos = start
        moves: list[Move] = []
        for _ in range(plies):
            legal = legal_moves(pos)
            if not legal:
                break
            m = rng.choice(legal)
            moves.append(m)
            pos = apply_move(pos, m)
        out.append(f'[Event "generated {n + 1}"]\n[GameType "20"]\n[Result "*"]\n\n'
                   f"{moves_to_movetext(start, moves, '*')}\n")
    return "\n".join(out)


def measure(label: str, games: list[PdnGame], read_seconds: float) -> None:
    """Validate ``games`` and print games/s, plies/s and the 100-ply equivalent."""
    t0, c0 = time.perf_counter(), time.process_time()
    plies = 0
    irregular = 0
    for g in games:
        r = validate(g)
        plies += len(r.plies)
        irregular += len(r.irregularities)
    dt, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"{label}: {len(games)} games, {plies} plies ({plies / max(1, len(games)):.1f} per game), "
          f"{irregular} irregularities; read {read_seconds:.2f} s")
    # CPU time is printed too: the machine is shared, and wall time counts other people's work.
    for what, secs in (("wall", dt), ("cpu", cpu)):
        print(f"  validate ({what}) {secs:.2f} s = {len(games) / secs:.0f} games/s, {plies / secs:.0f} plies/s"
              f" = {plies / secs / 100:.0f} games of 100 plies/s (goal 200)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--plies", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    files = sorted(FIXTURES.rglob("*.pdn"))
    t0 = time.perf_counter()
    real: list[PdnGame] = []
    for f in files:
        real.extend(read_pdn(f.read_text(encoding="utf-8", errors="replace")).games)
    measure(f"real PDN files ({len(files)} files)", real, time.perf_counter() - t0)

    t0 = time.perf_counter()
    text = generated_pdn(args.games, args.plies, args.seed)
    print(f"generated {args.games} games in {time.perf_counter() - t0:.1f} s (seed {args.seed})")
    with tempfile.NamedTemporaryFile("w", suffix=".pdn", delete=False, encoding="utf-8") as fh:
        fh.write(text)
        path = Path(fh.name)
    try:
        t0 = time.perf_counter()
        read = read_pdn(path.read_text(encoding="utf-8"))
        measure(f"generated file ({path.stat().st_size // 1024} KiB)", read.games, time.perf_counter() - t0)
    finally:
        path.unlink()
    return 0


if __name__ == "__main__":
    sys.exit(main())
