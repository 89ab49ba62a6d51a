"""Every value of FIDE's reference checker (Gacrux), both editions of C.07, pure module and CLI.

The oracle: ``tests/fixtures/standings/gacrux/rules-{2024,2026}/*.json`` (copied from
``shared/fixtures/pairing/tiebreaks``; see the README there): Gacrux's points, rank and ten
tie-break values of every player of the 40 ``dutch2025`` tournaments, with start dates in the
2024 edition (2025/09/01) and in the 2026 edition (2026/09/01). 1,324 players x 11 values x 2
editions; values compare exactly (AOB after rounding half up to two decimals).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tournaments.standings import compute_standings
from tournaments.standings.__main__ import main
from tournaments.standings.trf_input import standings_input_from_trf
from tournaments.trf import read_trf, read_trf_file

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GACRUX = FIXTURES / "standings" / "gacrux"
TRF = FIXTURES / "pairing" / "dutch2025"
ROOT = Path(__file__).resolve().parents[2]
CODES = ("BH/C1", "BH", "BH/M1", "SB", "WIN", "WON", "PS", "ARO", "DE", "AOB")
CASES = [(ed, p.name) for ed in ("2024", "2026") for p in sorted((GACRUX / f"rules-{ed}").glob("*.json"))]


def expected(edition: str, name: str) -> dict:
    return json.loads((GACRUX / f"rules-{edition}" / name).read_text())


def with_start_date(text: str, date: str) -> str:
    """The shared README's recipe: ``042 <date>`` as the second line of the file."""
    first, rest = text.split("\n", 1)
    return f"{first}\n042 {date}\n{rest}"


def assert_same(rows: list[dict], want: dict) -> None:
    """Every player's rank, points and value equal to Gacrux's (``rows`` in the CLI JSON shape)."""
    got = {r["start_number"]: r for r in rows}
    assert set(got) == {p["start_number"] for p in want["players"]}
    for p in want["players"]:
        mine = got[p["start_number"]]
        where = f"{want['file']} ({want['rules']}) player {p['start_number']}"
        assert mine["rank"] == p["rank"], where
        assert mine["points"] == p["points"], where
        for code in CODES:
            assert mine["tiebreaks"][code] == pytest.approx(p["tiebreaks"][code], abs=1e-9), f"{where} {code}"


def test_every_file_of_both_editions_is_here() -> None:
    assert len(CASES) == 80
    assert sum(len(expected(ed, name)["players"]) for ed, name in CASES) == 2 * 1324


@pytest.mark.parametrize(("edition", "name"), CASES)
def test_pure_module_equals_gacrux(edition: str, name: str) -> None:
    want = expected(edition, name)
    assert want["rules"].startswith(edition)
    trf = read_trf(with_start_date((TRF / want["file"]).read_text(), want["start_date"]))
    inp = standings_input_from_trf(trf, tiebreaks=CODES)
    assert inp.edition == edition  # from record 042
    s = compute_standings(inp)
    assert s.edition == edition
    rows = [
        {"start_number": r.start_number, "rank": r.rank, "points": r.points, "tiebreaks": r.tiebreaks}
        for r in s.rows
    ]
    assert_same(rows, want)


@pytest.mark.parametrize(("edition", "name"), CASES)
def test_cli_equals_gacrux(edition: str, name: str, tmp_path: Path) -> None:
    """``main()`` as the command line runs it (argument parsing, record 042, the JSON contract)."""
    want = expected(edition, name)
    path = tmp_path / want["file"]
    path.write_text(with_start_date((TRF / want["file"]).read_text(), want["start_date"]))
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(path), "--tiebreaks", ",".join(CODES), "--json"]) == 0
    assert_same(json.loads(out.getvalue()), want)


@pytest.mark.parametrize("name", ["d001_n7_r5_trf26.json", "d014_n25_r11_trfbx.json", "d029_n45_r10_trf26.json"])
def test_cli_process_takes_the_edition_from_042_or_rules(name: str, tmp_path: Path) -> None:
    """The real process: the edition from 042, and ``--rules`` forcing either edition over it."""
    trf_name = expected("2026", name)["file"]
    path = tmp_path / trf_name
    path.write_text(with_start_date((TRF / trf_name).read_text(), "2026/09/01"))
    for edition, extra in (("2026", []), ("2024", ["--rules", "2024"]), ("2026", ["--rules", "2026"])):
        args = [str(path), "--tiebreaks", ",".join(CODES), "--json", *extra]
        command = [sys.executable, "-m", "tournaments.standings", *args]
        proc = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert_same(json.loads(proc.stdout), expected(edition, name))


def test_the_editions_differ_where_16_4_caps() -> None:
    """A sanity check of the oracle itself: the two editions differ, and only in the BH family."""
    differ = dict.fromkeys(("PTS", *CODES), 0)
    for _, name in CASES[:40]:
        old, new = expected("2024", name), expected("2026", name)
        for a, b in zip(old["players"], new["players"], strict=True):
            differ["PTS"] += a["points"] != b["points"]
            for code in CODES:
                differ[code] += a["tiebreaks"][code] != b["tiebreaks"][code]
    assert differ["BH"] > 0 and differ["SB"] > 0 and differ["AOB"] > 0
    assert differ["PTS"] == differ["WIN"] == differ["WON"] == differ["PS"] == differ["ARO"] == 0


def test_aob_rounds_half_up() -> None:
    """d007 player 4: AOB 70.125 exactly (the opponents' BH sum 561 over 8 games); Gacrux 70.13.

    Python's round() and "%.2f" give 70.12 (half to even on the binary value)."""
    want = expected("2024", "d007_n14_r8_trf26.json")
    p4 = next(p for p in want["players"] if p["start_number"] == 4)
    assert p4["tiebreaks"]["AOB"] == 70.13 and round(70.125, 2) == 70.12
    s = compute_standings(standings_input_from_trf(read_trf_file(str(TRF / want["file"])), tiebreaks=("AOB",)))
    assert next(r for r in s.rows if r.start_number == 4).tiebreaks["AOB"] == 70.13
