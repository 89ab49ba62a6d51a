"""``python -m arbiter ballots``: the command-line contract of the opening decks (issue 28)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from arbiter.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
ALPHANUMERIC_FEN = re.compile(r"^[WB]:W(K?[a-h][1-8],?)+:B(K?[a-h][1-8],?)+$")
NUMERIC_FEN = re.compile(r"^[WB]:W(K?\d+,?)+:B(K?\d+,?)+$")


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main(["ballots", *args]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(("deck", "playable", "everything"), [
    ("fmjd64", 736, 736), ("fmjd64-brazilian", 725, 725), ("idf150", 150, 150),
    ("english-3move", 156, 174), ("english-2move", 43, 49)])
def test_deck_json_lists_playable_openings_and_all_adds_the_barred(
        capsys: pytest.CaptureFixture[str], deck: str, playable: int, everything: int) -> None:
    shown = run_json(capsys, deck, "--json")
    assert len(shown) == playable
    assert all(set(o) == {"label", "moves", "fen", "barred"} for o in shown)
    assert not any(o["barred"] for o in shown)
    full = run_json(capsys, deck, "--json", "--all")
    assert len(full) == everything and sum(o["barred"] for o in full) == everything - playable
    assert [o for o in full if not o["barred"]] == shown
    fen = NUMERIC_FEN if deck.startswith("english") else ALPHANUMERIC_FEN
    assert all(fen.match(o["fen"]) for o in full), deck


def test_moves_are_a_list_in_the_games_notation_and_a_position_has_none(capsys: pytest.CaptureFixture[str]) -> None:
    fmjd = {o["label"]: o for o in run_json(capsys, "fmjd64", "--json")}
    assert fmjd["3-V"]["moves"] == ["c3-b4", "b6-c5", "e3-d4", "c5:e3", "f2:d4", "c7-b6"]
    assert fmjd["11-IV"]["moves"] == []
    assert fmjd["11-IV"]["fen"] == "W:Wa5,a3,c3,e3,g3,b2,d2,f2,h2,c1,e1,g1:Bb8,d8,f8,h8,c7,e7,g7,b6,d6,f6,h6,h4"
    brazilian = {o["label"]: o for o in run_json(capsys, "fmjd64-brazilian", "--json")}
    assert brazilian["3-V"]["moves"] == ["c3-b4", "b6-c5", "e3-d4", "c5xe3", "f2xd4", "c7-b6"]
    assert "1-IX" not in brazilian
    english = run_json(capsys, "english-3move", "--json", "--all")
    assert english[25] == {"label": "26", "moves": ["9-13", "24-19", "10-15"], "barred": True,
                           "fen": "W:W19,21,22,23,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,11,12,13,15"}


def test_list_names_the_decks_with_their_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ballots", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["fmjd64", "fmjd64-brazilian", "idf150", "english-3move",
                                                   "english-2move"]
    assert "736 openings" in lines[0] and "725 openings" in lines[1] and "150 openings" in lines[2]
    assert "156 playable of 174 openings" in lines[3] and "43 playable of 49 openings" in lines[4]
    listed = run_json(capsys, "--list", "--json")
    assert {d["name"]: (d["count"], d["playable"], d["game"]) for d in listed} == {
        "fmjd64": (736, 736, "russian"), "fmjd64-brazilian": (725, 725, "brazilian"),
        "idf150": (150, 150, "russian"), "english-3move": (174, 156, "english"),
        "english-2move": (49, 43, "english")}
    assert all(d["version"] and d["source"] for d in listed)


def test_text_output_one_opening_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ballots", "english-2move", "--all"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 49
    assert lines[7] == "8\t9-14 21-17\tB:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,14\tbarred"
    assert main(["ballots", "idf150"]) == 0
    assert "5-VII\t(start position)\tW:" in capsys.readouterr().out


@pytest.mark.parametrize(("args", "expected"), [
    (("ballots", "fmjd100"), "arbiter: unknown deck 'fmjd100'; the decks are: fmjd64, fmjd64-brazilian, idf150, "
                             "english-3move, english-2move"),
    (("ballots", "english-3move ", "--json"), "unknown deck 'english-3move '"),
    (("ballots",), "give a deck name (see 'python -m arbiter ballots --list')"),
    (("ballots", "idf150", "--list"), "give a deck name or --list, not both"),
    (("ballots", "idf150", "--count", "3"), "unrecognized arguments: --count 3"),
])
def test_bad_input_gives_one_line_on_stderr_and_exit_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...],
                                                       expected: str) -> None:
    assert main(list(args)) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert len(out.err.strip().splitlines()) == 1
    assert expected in out.err


def test_python_dash_m_arbiter_ballots() -> None:
    """The real entry point, as other tools call it."""
    done = subprocess.run([sys.executable, "-m", "arbiter", "ballots", "english-2move", "--json"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)) == 43
    bad = subprocess.run([sys.executable, "-m", "arbiter", "ballots", "nope"], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert bad.returncode == 2 and bad.stdout == "" and "unknown deck 'nope'" in bad.stderr
