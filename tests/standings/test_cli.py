"""The command line contract: ``python -m tournaments.standings INPUT.trf --tiebreaks ... --json``."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

from tournaments.standings.editions import edition_today

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "standings"
ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournaments.standings", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_json_contract() -> None:
    # The values below are the 2024 edition's (the file has no start date: chosen explicitly).
    proc = _run(str(FIXTURES / "d001_n7_r5_trf26.trf"), "--tiebreaks", "BH/C1,BH,SB", "--json", "--rules", "2024")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert [set(r) for r in rows] == [{"start_number", "rank", "points", "tiebreaks"}] * 7
    assert rows[0] == {"start_number": 2, "rank": 1, "points": 8, "tiebreaks": {"BH/C1": 22, "BH": 27, "SB": 43}}
    # Player 1 (hand-computed in test_tiebreaks_fixtures): BH 28, BH/C1 22, SB 30.
    p1 = next(r for r in rows if r["start_number"] == 1)
    assert p1["tiebreaks"] == {"BH/C1": 22, "BH": 28, "SB": 30}
    assert list(p1["tiebreaks"]) == ["BH/C1", "BH", "SB"]  # order kept
    assert isinstance(p1["points"], int) and isinstance(p1["tiebreaks"]["BH"], int)
    # Players 3 and 1 both have 6 points: BH/C1 24 > 22 puts 3 ahead.
    assert [r["start_number"] for r in rows[1:3]] == [3, 1]


def test_table_output() -> None:
    proc = _run(str(FIXTURES / "d002_n6_r5_trfbx.trf"))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["Rk", "SNo", "Name", "Rtg", "Pts", "BH/C1", "BH", "SB", "WIN", "DE"]
    assert lines[1].split()[:2] == ["1", "1"]  # player 1 wins with 9 points


def test_bad_input_exits_2_with_one_line() -> None:
    proc = _run(str(FIXTURES / "d001_n7_r5_trf26.trf"), "--tiebreaks", "BH,XYZ", "--json")
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1
    assert "unknown tie-break code 'XYZ'" in proc.stderr and "BH/C1" in proc.stderr
    proc = _run(str(FIXTURES / "d001_n7_r5_trf26.trf"), "--kind", "round_robin", "--tiebreaks", "BH")
    assert proc.returncode == 2 and "not used in round robins" in proc.stderr
    proc = _run(str(FIXTURES / "missing.trf"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr and "Traceback" not in proc.stderr


def test_bad_trf_names_the_line(tmp_path: Path) -> None:
    text = (FIXTURES / "d001_n7_r5_trf26.trf").read_text().replace(" 6.0    2  0000 - H", " 9.0    2  0000 - H")
    bad = tmp_path / "bad.trf"
    bad.write_text(text)
    proc = _run(str(bad), "--json")
    assert proc.returncode == 2
    assert "line" in proc.stderr and "Traceback" not in proc.stderr


def test_round_robin_file_is_recognised(tmp_path: Path) -> None:
    from tournaments.trf import TrfCell, TrfPlayer, TrfTournament, write_trf
    from tournaments.vocabulary import Scoring

    # Berger table for 4 (R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1); white's results:
    # 1 beats 4, 2 beats 3, 4 beats 3, 1 beats 2, 2 beats 4, 3 beats 1.
    cells = {
        1: [(4, "w", "1"), (2, "w", "1"), (3, "b", "0")],
        2: [(3, "w", "1"), (1, "b", "0"), (4, "w", "1")],
        3: [(2, "b", "0"), (4, "b", "0"), (1, "w", "1")],
        4: [(1, "b", "0"), (3, "w", "1"), (2, "b", "0")],
    }
    players = tuple(
        TrfPlayer(
            start=i,
            name=f"Player {i}",
            rating=1500,
            points=sum(2.0 for *_, r in cells[i] if r == "1"),
            cells=tuple(TrfCell(o, c, r) for o, c, r in cells[i]),  # type: ignore[arg-type]
        )
        for i in cells
    )
    t = TrfTournament(players=players, total_rounds=3, scoring=Scoring(), scoring_declared=True)
    path = tmp_path / "rr.trf"
    path.write_text(write_trf(t))
    proc = _run(str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert list(rows[0]["tiebreaks"]) == ["DE", "WIN", "SB", "KS"]  # round-robin defaults
    assert [r["start_number"] for r in rows] == [1, 2, 4, 3]  # DE: 1 beat 2, 4 beat 3
    proc = _run(str(path), "--tiebreaks", "BH")
    assert proc.returncode == 2 and "not used in round robins" in proc.stderr


def test_every_kind_of_bad_file_exits_2_with_one_line(tmp_path: Path) -> None:
    (tmp_path / "empty.trf").write_bytes(b"")
    (tmp_path / "garbage.trf").write_bytes(bytes(range(256)) * 8)
    (tmp_path / "text.trf").write_text("this is not a tournament\n")
    (tmp_path / "dir.trf").mkdir()
    good = str(FIXTURES / "d001_n7_r5_trf26.trf")
    cases = [
        ((str(tmp_path / "empty.trf"),), "no player records"),
        ((str(tmp_path / "garbage.trf"),), "no player records"),
        ((str(tmp_path / "text.trf"),), "no player records"),
        ((str(tmp_path / "dir.trf"),), "Is a directory"),
        ((str(tmp_path / "missing.trf"),), "No such file"),
        ((good, "--round", "9"), "after_round 9 is outside 0..5"),
        ((good, "--round", "x"), "invalid int value"),
        ((good, "--kind", "ladder"), "invalid choice"),
        ((good, "--tiebreaks", "BH,BH"), "listed twice"),
    ]
    for args, expected in cases:
        proc = _run(*args, "--json")
        assert proc.returncode == 2 and proc.stdout == "", args
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and expected in lines[0], (args, proc.stderr)
        assert lines[0].startswith("standings")


def _with_042(tmp_path: Path, date: str) -> Path:
    first, rest = (FIXTURES / "d001_n7_r5_trf26.trf").read_text().split("\n", 1)
    path = tmp_path / "d001.trf"
    path.write_text(f"{first}\n042 {date}\n{rest}")
    return path


def test_edition_from_042_and_rules(tmp_path: Path) -> None:
    """Player 1 of d001 (hand-computed in test_tiebreaks_fixtures): BH 28 in the 2024 edition; in
    2026 its round-1 half-point bye counts min(6, draw 1 x 5 rounds) = 5, so BH 27, SB 29."""
    def p1(*args: str) -> dict:
        proc = _run(*args, "--tiebreaks", "BH,SB", "--json")
        assert proc.returncode == 0, proc.stderr
        return next(r for r in json.loads(proc.stdout) if r["start_number"] == 1)["tiebreaks"]

    # No 042: the edition in force today (issue 23: FIDE's checker does so), 2026 from 2026-03-01.
    undated = {"2024": {"BH": 28, "SB": 30}, "2026": {"BH": 27, "SB": 29}}[edition_today()]
    assert p1(str(FIXTURES / "d001_n7_r5_trf26.trf")) == undated
    assert p1(str(_with_042(tmp_path, "2026/02/28"))) == {"BH": 28, "SB": 30}
    assert p1(str(_with_042(tmp_path, "2026/03/01"))) == {"BH": 27, "SB": 29}
    assert p1(str(_with_042(tmp_path, "2026/03/01")), "--rules", "2024") == {"BH": 28, "SB": 30}
    assert p1(str(FIXTURES / "d001_n7_r5_trf26.trf"), "--rules", "2026") == {"BH": 27, "SB": 29}
    table = _run(str(_with_042(tmp_path, "2026/09/01"))).stdout
    assert "Rules: FIDE C.07, 2026 edition" in table and "by the start date (042) 2026/09/01" in table
    table = _run(str(FIXTURES / "d001_n7_r5_trf26.trf")).stdout
    assert f"no start date (042): the edition in force today, {datetime.date.today().isoformat()}" in table
    assert "chosen with --rules" in _run(str(FIXTURES / "d001_n7_r5_trf26.trf"), "--rules", "2024").stdout


def test_bad_start_date_or_rules_exit_2(tmp_path: Path) -> None:
    proc = _run(str(_with_042(tmp_path, "next spring")), "--json")
    assert proc.returncode == 2 and proc.stdout == ""
    line = proc.stderr.strip()
    assert len(line.splitlines()) == 1 and "record 042" in line and "'next spring'" in line and "--rules" in line
    # With --rules the date is not needed.
    assert _run(str(_with_042(tmp_path, "next spring")), "--json", "--rules", "2026").returncode == 0
    proc = _run(str(FIXTURES / "d001_n7_r5_trf26.trf"), "--rules", "2025")
    assert proc.returncode == 2 and "invalid choice: '2025'" in proc.stderr


def test_explain_json_keeps_the_contract_and_adds_one_key(tmp_path: Path) -> None:
    path = _with_042(tmp_path, "2026/09/01")
    plain = json.loads(_run(str(path), "--tiebreaks", "BH/C1,BH,SB", "--json").stdout)
    proc = _run(str(path), "--tiebreaks", "BH/C1,BH,SB", "--json", "--explain")
    assert proc.returncode == 0, proc.stderr
    rows = json.loads(proc.stdout)
    assert [{k: v for k, v in r.items() if k != "explain"} for r in rows] == plain
    by_sno = {r["start_number"]: r["explain"] for r in rows}
    assert all(e["rules"] == "2026" for e in by_sno.values())
    # 3 and 1 have 6 points each; BH/C1 24 against 22 puts 3 first.
    assert by_sno[3]["tie_with_next"] == {"above": 3, "below": 1, "decided_by": "BH/C1", "compared": ["BH/C1"]}
    assert "tie_with_next" not in by_sno[2]  # 8 points, alone
    bh = by_sno[1]["tiebreaks"]["BH/C1"]
    assert bh["value"] == 22 and bh["method"] == "sum" and bh["facts"] == {"cut_low": 1, "cut_high": 0}
    r1, r2 = bh["parts"][0], bh["parts"][1]
    # Round 1: half-point bye, own 6 capped at draw x 5 rounds = 5 (16.4.2), a VUR, cut first (16.5).
    assert (r1["kind"], r1["raw"], r1["cap"], r1["score"], r1["article"], r1["vur"], r1["cut"]) == (
        "half_bye", 6, 5, 5, "16.4.2", True, "low")  # fmt: skip
    # Round 2: forfeit loss against 3 (adjusted score 6): min(6, 6) = 6, 16.4.1.
    assert (r2["kind"], r2["opponent"], r2["score"], r2["basis"], r2["article"]) == (
        "forfeit_loss", 3, 6, "dummy", "16.4.1")  # fmt: skip
    table = _run(str(path), "--explain").stdout
    assert "3 above 1: BH/C1 24 against 22" in table
