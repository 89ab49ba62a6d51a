"""The command line contract (python -m arbiter ...), run through subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbiter", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_perft_last_line_is_the_leaf_count() -> None:
    out = run("perft", "4")
    assert out.returncode == 0
    assert out.stdout.strip().splitlines()[-1] == "4265"
    assert run("perft", "3", "--fen", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"
               ).stdout.strip().splitlines()[-1] == "30"
    assert run("perft", "5", "--variant", "english").stdout.strip().splitlines()[-1] == "7361"


def test_moves_json_from_stdin_one_line_per_fen() -> None:
    fens = ["W:W34,38:BK32,29,19", "W:WK4:B13,20,32,37", "W:W31-50:B1-20"]
    out = run("moves", "--json", stdin="\n".join(fens) + "\n")
    assert out.returncode == 0, out.stderr
    records = [json.loads(line) for line in out.stdout.splitlines()]
    assert [r["fen"] for r in records] == fens
    assert records[0]["moves"] == [{"notation": "34x14", "from": 34, "to": 14, "captures": [19, 29],
                                    "path": [34, 23, 14]}]
    assert sorted(m["notation"] for m in records[1]["moves"]) == ["4x27x38x15", "4x31x42x15"]
    assert len(records[2]["moves"]) == 9
    assert set(records[2]["moves"][0]) == {"notation", "from", "to", "captures", "path"}


def test_moves_json_for_8x8_uses_numbers_and_profile_notation() -> None:
    out = run("moves", "--json", "--variant", "russian", "--fen", "W:W22:B18")
    record = json.loads(out.stdout)
    assert record["moves"] == [{"notation": "c3:e5", "from": 22, "to": 15, "captures": [18], "path": [22, 15]}]


def test_moves_text_lists_notation() -> None:
    out = run("moves")
    assert out.returncode == 0 and sorted(out.stdout.split()) == sorted(
        ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"])


def test_bad_input_gives_one_line_and_exit_2() -> None:
    for args in (("perft", "2", "--fen", "X:W1"), ("perft", "2", "--variant", "chess"),
                 ("moves", "--fen", "W:W99:B1"), ("perft", "abc"), ("perft", "-1"), ("frobnicate",)):
        out = run(*args)
        assert out.returncode == 2, args
        assert len(out.stderr.strip().splitlines()) == 1, (args, out.stderr)
        assert "Traceback" not in out.stderr
    unknown = run("perft", "2", "--variant", "chess")
    assert "unknown variant 'chess'" in unknown.stderr


def test_bad_fen_in_stream_is_reported_and_others_answered() -> None:
    out = run("moves", "--json", stdin="W:W31-50:B1-20\nnonsense\n")
    assert out.returncode == 2
    lines = [json.loads(x) for x in out.stdout.splitlines()]
    assert len(lines[0]["moves"]) == 9 and "error" in lines[1]
    assert len(out.stderr.strip().splitlines()) == 1
