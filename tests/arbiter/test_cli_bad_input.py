"""Every kind of bad input to ``python -m arbiter perft|moves|check`` gives one clear line on stderr
and exit code 2, never a traceback (run in-process through ``arbiter.cli.main``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.cli import main

CLEAN = '[Event "x"]\n1. 32-28 19-23 2-0\n'


def files(tmp_path: Path) -> dict[str, str]:
    """The input files of the cases, by placeholder name."""
    names = {"clean": "clean.pdn", "empty": "empty.pdn", "garbage": "garbage.bin", "nul": "nul.pdn",
             "control": "control.pdn", "dir": "dir.pdn", "missing": "missing.pdn", "gametype": "gt22.pdn"}
    paths = {k: tmp_path / v for k, v in names.items()}
    paths["clean"].write_text(CLEAN, encoding="utf-8")
    paths["empty"].write_bytes(b"")
    paths["garbage"].write_bytes(bytes(range(256)) * 8)
    paths["nul"].write_bytes(b'[Event "x"]\x00\x00\n1. 32-28 *\n')
    paths["control"].write_bytes(bytes(range(1, 32)) * 20)
    paths["gametype"].write_text('[GameType "41"]\n1. 9-13 *\n', encoding="utf-8")
    paths["dir"].mkdir()
    return {k: str(v) for k, v in paths.items()}


CASES: list[tuple[str, tuple[str, ...], str]] = [
    ("negative depth", ("perft", "-1"), "depth must be >= 0"),
    ("depth not a number", ("perft", "two"), "invalid int value"),
    ("unknown variant, perft", ("perft", "1", "--variant", "chess"), "unknown variant 'chess'"),
    ("bad FEN, perft", ("perft", "1", "--fen", "W:W99:B1"), "off the board"),
    ("bad side in FEN", ("moves", "--fen", "X:W31:B1"), "side to move"),
    ("bad square in FEN", ("moves", "--fen", "W:Wz:B1"), "bad square"),
    ("unknown variant, moves", ("moves", "--variant", "shogi"), "unknown variant 'shogi'"),
    ("unknown command", ("frobnicate",), "invalid choice"),
    ("missing file", ("check", "{missing}"), "No such file"),
    ("directory", ("check", "{dir}"), "Is a directory"),
    ("binary garbage", ("check", "{garbage}"), "binary data, not PDN text"),
    ("NUL bytes", ("check", "{nul}"), "binary data, not PDN text"),
    ("control bytes", ("check", "{control}"), "binary data, not PDN text"),
    ("empty file", ("check", "{empty}"), "no game found"),
    ("unknown variant, check", ("check", "{clean}", "--variant", "chess"), "unknown variant 'chess'"),
    ("unsupported GameType", ("check", "{gametype}"), "line 1: unsupported GameType '41'"),
    ("check without a file", ("check",), "required: file"),
]


@pytest.mark.parametrize(("args", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_gives_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             args: tuple[str, ...], expected: str) -> None:
    names = files(tmp_path)
    argv = [a.format(**names) for a in args]
    assert main(argv) == 2
    out = capsys.readouterr()
    assert out.out == ""
    lines = out.err.strip().splitlines()
    assert len(lines) == 1, out.err
    assert lines[0].startswith("arbiter") and expected in lines[0], lines[0]
    assert "Traceback" not in out.err


def test_the_clean_file_of_those_cases_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The bad-input cases differ from a good run only in the bad part.
    assert main(["check", files(tmp_path)["clean"]]) == 0
    assert "1 games, 0 irregularities" in capsys.readouterr().out
