"""``python -m tournaments.pairing`` through subprocess: formats and exit codes 0/1/3."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tournaments.trf import read_trf_file, round_pairs, truncate, write_trf

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "pairing" / "dutch2025"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_pair_next_round_writes_count_pairs_and_bye(tmp_path: Path) -> None:
    t = read_trf_file(str(FIXTURES / "d010_n19_r6_trfbx.trf"))
    src = tmp_path / "in.trf"
    src.write_text(write_trf(truncate(t, 4), "trf16").replace("\n", "\r"))  # CR-only, like bbpPairings
    out = tmp_path / "out.txt"
    res = run("--dutch", str(src), "-p", str(out))
    assert res.returncode == 0, res.stderr
    lines = out.read_text().splitlines()
    assert int(lines[0]) == len(lines) - 1 == 10
    expected, pab = round_pairs(t, 4)
    got = [tuple(int(x) for x in line.split()) for line in lines[1:]]
    assert {g for g in got if g[1] != 0} == set(expected)
    assert [g[0] for g in got if g[1] == 0] == [pab]


def test_check_clean_fixture_and_pair_to_stdout() -> None:
    t = read_trf_file(str(FIXTURES / "d002_n6_r5_trfbx.trf"))
    expected, _ = round_pairs(t, 1)
    res = run("--dutch", str(FIXTURES / "d002_n6_r5_trfbx.trf"), "-c")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "0 discrepancies" in res.stdout
    assert len(expected) == 3
    full = run("--dutch", str(FIXTURES / "d002_n6_r5_trfbx.trf"), "-p")
    assert full.returncode == 3  # the file is complete: no round left to pair


def test_check_reports_a_discrepancy(tmp_path: Path) -> None:
    text = (FIXTURES / "d001_n7_r5_trf26.trf").read_text()
    # Swap the colours of one round-5 game: 1 b 0 vs 7 w 1 becomes 1 w 0 vs 7 b 1.
    text = text.replace("     7 w 1\n", "     7 b 1\n").replace("     1 b 0\n", "     1 w 0\n")
    src = tmp_path / "swapped.trf"
    src.write_text(text)
    res = run("--dutch", str(src), "-c")
    assert res.returncode == 1
    assert "Round 5: discrepancy" in res.stdout
    assert "Checker pairings" in res.stdout and "Tournament pairings" in res.stdout


def test_bad_file_exit_3_names_line_and_field(tmp_path: Path) -> None:
    src = tmp_path / "bad.trf"
    src.write_text(
        "012 Bad\n142 3\n001    1      A, B                              2000                             x.0    1\n"
    )
    res = run("--dutch", str(src), "-p")
    assert res.returncode == 3
    err = res.stderr.strip().splitlines()
    assert len(err) == 1 and "line 3" in err[0] and "points" in err[0]
    assert "Traceback" not in res.stderr


def test_missing_file_and_bad_usage() -> None:
    assert run("--dutch", "/nonexistent/file.trf", "-p").returncode == 5
    assert run("--dutch", "--bogus").returncode == 3


def test_no_valid_pairing_exit_1(tmp_path: Path) -> None:
    src = tmp_path / "stuck.trf"
    src.write_text(
        "142 3\n152 W\n162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0\n"
        "001    1      A, A                              2000                             2.0    1     2 w 1\n"
        "001    2      B, B                              1900                             0.0    2     1 b 0\n"
    )
    res = run("--dutch", str(src), "-p")
    assert res.returncode == 1
    assert "No valid pairing" in res.stderr


def test_generator_then_check_is_consistent(tmp_path: Path) -> None:
    cfg = tmp_path / "rtg.cfg"
    cfg.write_text("# test\nPlayersNumber=15\nRoundsNumber=5\nDrawPercentage=30\nForfeitRate=15\nPointsForWin=2\n")
    out = tmp_path / "gen.trf"
    res = run("--dutch", "-g", str(cfg), "-o", str(out), "-s", "42")
    assert res.returncode == 0, res.stderr
    assert out.read_text().splitlines()[0] == "### generator seed 42"
    again = tmp_path / "gen2.trf"
    run("--dutch", "-g", str(cfg), "-o", str(again), "-s", "42")
    assert again.read_text() == out.read_text()
    t = read_trf_file(str(out))
    assert len(t.players) == 15 and t.rounds_played == 5
    check = run("--dutch", str(out), "-c")
    assert check.returncode == 0, check.stdout
    bad_cfg = tmp_path / "bad.cfg"
    bad_cfg.write_text("PlayersNumber=ten\n")
    res = run("--dutch", "-g", str(bad_cfg), "-o", str(out))
    assert res.returncode == 3 and "line 1" in res.stderr and "PlayersNumber" in res.stderr
