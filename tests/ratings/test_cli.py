"""The command line contract: ``python -m tournaments.ratings FILE.trf --preset fide|fmjd|kndb [--k K] --json``.

The fixture ``four_players.trf`` (2/1/0): 1 Alpha 2000, 2 Bravo 1900, 3 Charlie 1800, 4 Delta unrated.
R1: 1-4 1-0, 2-3 draw; R2: 1-3 forfeit (+/-), 4-2 1-0; R3: 2-1 draw, 3-4 1-0.
Rated games: 1 has only the draw with 2 (4 is unrated, the forfeit never counts); 2 has the draws
with 3 and 1; 3 has the draw with 2; 4 (unrated) has 3 games against rated players, 1 win.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from statistics import NormalDist

import pytest

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rating_engine"
ROOT = Path(__file__).resolve().parents[2]
TRF = str(FIXTURES / "four_players.trf")
KEYS = {"start_number", "rating", "games", "expected", "change", "new_rating", "performance"}


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournaments.ratings", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_fide_contract_by_hand() -> None:
    """FIDE (table 8.1.2, K 20 below 2400): 1 vs 2, D = 100 -> .64: We .64, W .5 -> 20 x -.14 = -2.8,
    expected 1.28 game points, new 1997.2 -> 1997, performance 1900 + dp(.5) = 1900.
    2: .64 (vs 3) + .36 (vs 1) = 1.00 = W: change 0, expected 2.0. 3: +2.8 -> 1802.8 -> 1803.
    4 (unrated): 3 games < 5: no first rating; performance ARO 1900 + dp(.33) = 1900 - 125 = 1775."""
    proc = _run(TRF, "--preset", "fide", "--json")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert all(set(r) == KEYS for r in rows)
    assert rows == [
        {"start_number": 1, "rating": 2000, "games": 1, "expected": 1.28, "change": -2.8, "new_rating": 1997,
         "performance": 1900},
        {"start_number": 2, "rating": 1900, "games": 2, "expected": 2, "change": 0, "new_rating": 1900,
         "performance": 1900},
        {"start_number": 3, "rating": 1800, "games": 1, "expected": 0.72, "change": 2.8, "new_rating": 1803,
         "performance": 1900},
        {"start_number": 4, "rating": None, "games": 3, "expected": None, "change": None, "new_rating": None,
         "performance": 1775},
    ]  # fmt: skip


def test_kndb_contract_by_hand() -> None:
    """KNDB: K 5 per draughts point; 1 vs 2: NP = 2 x Phi(100 / 285.714) = 2 x .636831 = 1.273661,
    WP 1: change 5 x (1 - 1.273661) = -1.368307 -> 1998.63 -> 1999. 4 (unrated, 1 win of 3 = 2
    game points >= 1): Ra 1900 + 800 x (1/3 - 1/2) = 1766.67 -> 1767; performance by the formula:
    1900 + 285.714 x Phi^-1(1/3) = 1900 - 123.06 -> 1777."""
    rows = json.loads(_run(TRF, "--preset", "kndb", "--json").stdout)
    phi = NormalDist(0, 2000 / 7).cdf(100)
    assert rows[0]["expected"] == pytest.approx(2 * phi, abs=1e-9)
    assert rows[0]["change"] == pytest.approx(5 * (1 - 2 * phi), abs=1e-9)
    assert rows[0]["new_rating"] == 1999
    assert (rows[3]["new_rating"], rows[3]["performance"]) == (1767, 1777)


def test_k_override_on_the_presets_scale() -> None:
    """--k 10 with FIDE (one-point scale): 10 x (.5 - .64) = -1.4; with KNDB (per draughts point):
    10 x (1 - 1.273661) = -2.736613."""
    assert json.loads(_run(TRF, "--preset", "fide", "--k", "10", "--json").stdout)[0]["change"] == -1.4
    kndb = json.loads(_run(TRF, "--preset", "kndb", "--k", "10", "--json").stdout)[0]
    assert kndb["change"] == pytest.approx(-2.736613, abs=1e-6)


def test_table_output_and_bad_input(tmp_path: Path) -> None:
    proc = _run(TRF, "--preset", "fmjd")
    assert proc.returncode == 0 and "(estimate)" in proc.stdout
    bad = tmp_path / "bad.trf"
    bad.write_text("001    1      Someone                           abcd\n")
    for args in ([str(bad), "--preset", "fide"], [str(tmp_path / "none.trf"), "--preset", "fide"],
                 [TRF, "--preset", "elo"], [TRF, "--preset", "fide", "--k", "-3"]):  # fmt: skip
        proc = _run(*args)
        assert proc.returncode == 2, args
        assert proc.stderr.startswith("ratings: ") and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
