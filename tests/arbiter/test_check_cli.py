"""``python -m arbiter check``: the JSON contract and the exit codes, through a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "pdn"

CLEAN = """[Event "clean"]
[White "A"]
[Black "B"]
[Result "1-1"]
1. 32-28 19-23 2. 28x19 14x23 1-1

"""
# Game 2 misses a capture at ply 3 and plays on; game 3 shuffles kings into a threefold repetition.
IRREGULAR = CLEAN + """[Event "missed"]
[Result "2-0"]
1. 32-28 19-23 2. 34-30 23x32 3. 37x28 2-0

[Event "repetition"]
[FEN "W:WK46,36,37:BK5,14,15"]
[Result "1-1"]
1. 46-41 5-10 2. 41-46 10-5 3. 46-41 5-10 4. 41-46 10-5 1-1

"""


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "arbiter", "check", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)


def write(tmp_path: Path, text: str, name: str = "games.pdn") -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_clean_file_exits_0_with_the_json_shape(tmp_path: Path) -> None:
    out = check(write(tmp_path, CLEAN), "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert set(doc) == {"games", "errors"} and doc["errors"] == []
    [g] = doc["games"]
    assert (g["index"], g["plies"], g["irregularities"], g["draw"], g["result"]) == (0, 4, [], None, "1-1")


def test_irregularities_exit_1_and_draws_are_reported(tmp_path: Path) -> None:
    out = check(write(tmp_path, IRREGULAR), "--json")
    assert out.returncode == 1, out.stderr
    games = json.loads(out.stdout)["games"]
    assert [g["index"] for g in games] == [0, 1, 2]
    [irr] = games[1]["irregularities"]
    assert {k: irr[k] for k in ("ply", "kind", "played")} == {"ply": 3, "kind": "capture_missed", "played": "34-30"}
    assert irr["message"].startswith("Move 2, White 34-30 does not capture")
    assert games[1]["plies"] == 5 and games[1]["result"] == "2-0"
    assert games[2]["draw"] == {"rule": "threefold_repetition", "ply": 8} and games[2]["irregularities"] == []


def test_readable_report_without_json(tmp_path: Path) -> None:
    out = check(write(tmp_path, IRREGULAR))
    assert out.returncode == 1
    assert "ply 3: capture_missed: Move 2, White 34-30" in out.stdout
    assert "draw: threefold_repetition holds after ply 8" in out.stdout
    assert out.stdout.strip().splitlines()[-1].endswith("3 games, 1 irregularities, 0 errors")


def test_a_broken_game_is_listed_in_errors_with_its_line(tmp_path: Path) -> None:
    broken = CLEAN + '[Event "broken"]\n[GameType "20"]\n[FEN "W:W31-60:B1-20"]\n1. 32-28 *\n\n'
    out = check(write(tmp_path, broken), "--json")
    doc = json.loads(out.stdout)
    assert out.returncode == 1 and len(doc["games"]) == 1
    [err] = doc["errors"]
    assert err["line"] >= 7 and "60" in err["message"]


@pytest.mark.parametrize("args", [("missing.pdn",), ("{clean}", "--variant", "chess")])
def test_unreadable_input_exits_2_with_one_clear_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    clean = write(tmp_path, CLEAN)
    out = check(*(a.format(clean=clean) if a != "missing.pdn" else str(tmp_path / a) for a in args))
    assert out.returncode == 2 and out.stdout == ""
    assert len(out.stderr.strip().splitlines()) == 1 and out.stderr.startswith("arbiter")


def test_a_file_without_games_exits_2(tmp_path: Path) -> None:
    out = check(write(tmp_path, "just some text, no game\n"))
    assert out.returncode == 2 and "line 1: unexpected text" in out.stderr
    empty = check(write(tmp_path, "", "empty.pdn"))
    assert empty.returncode == 2 and "no game found" in empty.stderr


def test_variant_option_and_real_files() -> None:
    out = check(str(FIXTURES / "other-variants" / "OCA_2.0-english.pdn"), "--json", "--variant", "english")
    assert out.returncode == 0, out.stdout[-500:]
    assert all(g["variant"] == "english" for g in json.loads(out.stdout)["games"])
    flagged = check(str(FIXTURES / "international" / "schildpad.pdn"), "--json")
    assert flagged.returncode == 1
    games = json.loads(flagged.stdout)["games"]
    kinds = {(g["index"], i["ply"], i["kind"]) for g in games for i in g["irregularities"]}
    assert kinds == {(2, 69, "ambiguous_notation"), (6, 111, "ambiguous_notation")}
