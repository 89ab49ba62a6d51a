"""Scoring comes from the tournament: the Gacrux tournaments rescored 1/½/0 give Gacrux's values.

How the fixtures were made (``tests/fixtures/standings/fide_scoring/README.md``): four of the
``dutch2025`` files (d001, d002, d014, d029: half- and zero-point byes, absences, forfeits, double
forfeits, PABs, a player absent in round 1) with every point value halved: the ``162`` record (or
``BBW``/``BBD``/``BBU``) and the points field of each ``001`` record. Pairings, colours and result
codes are unchanged. Gacrux's values for them (both editions) are the oracle.

Why the expected values follow from the 2/1/0 ones: every score, adjusted score, dummy and 2026 cap
(a draw's points x rounds) is half of its 2/1/0 value, so PTS, BH, BH/C1, BH/M1 and PS halve, SB
(a product of two halved numbers) quarters, WIN, WON, ARO and DE (counts, ratings, ranks) do not
change, and AOB (an average of halved Buchholz values, rounded to two decimals) is within 0.005 of
half the 2/1/0 value. ``test_the_oracle_is_the_scaled_draughts_values`` checks exactly that, so the
Gacrux files and the scaling argument confirm each other; ranks are the same.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tournaments.standings import compute_standings
from tournaments.standings.__main__ import main
from tournaments.standings.trf_input import standings_input_from_trf
from tournaments.trf import read_trf
from tournaments.vocabulary import FIDE_SCORING

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "standings"
FIDE = FIXTURES / "fide_scoring"
GACRUX = FIXTURES / "gacrux"
CODES = ("BH/C1", "BH", "BH/M1", "SB", "WIN", "WON", "PS", "ARO", "DE", "AOB")
NAMES = ("d001_n7_r5_trf26", "d002_n6_r5_trfbx", "d014_n25_r11_trfbx", "d029_n45_r10_trf26")
CASES = [(ed, name) for ed in ("2024", "2026") for name in NAMES]
FACTOR = {"BH/C1": 0.5, "BH": 0.5, "BH/M1": 0.5, "PS": 0.5, "SB": 0.25, "WIN": 1, "WON": 1, "ARO": 1, "DE": 1}


def _json(folder: Path, edition: str, name: str) -> dict:
    return json.loads((folder / f"rules-{edition}" / f"{name}.json").read_text())


def _trf_text(name: str, date: str) -> str:
    first, rest = (FIDE / f"{name}_fide.trf").read_text().split("\n", 1)
    return f"{first}\n042 {date}\n{rest}"


@pytest.mark.parametrize(("edition", "name"), CASES)
def test_the_oracle_is_the_scaled_draughts_values(edition: str, name: str) -> None:
    fide, draughts = _json(FIDE, edition, f"{name}_fide"), _json(GACRUX, edition, name)
    for f, d in zip(fide["players"], draughts["players"], strict=True):
        assert f["start_number"] == d["start_number"] and f["rank"] == d["rank"]
        assert f["points"] == d["points"] / 2
        for code, factor in FACTOR.items():
            assert f["tiebreaks"][code] == d["tiebreaks"][code] * factor, (name, f["start_number"], code)
        assert abs(f["tiebreaks"]["AOB"] - d["tiebreaks"]["AOB"] / 2) <= 0.005 + 1e-9


@pytest.mark.parametrize(("edition", "name"), CASES)
def test_pure_module_equals_gacrux_with_fide_scoring(edition: str, name: str) -> None:
    want = _json(FIDE, edition, f"{name}_fide")
    trf = read_trf(_trf_text(name, want["start_date"]))
    assert trf.scoring == FIDE_SCORING  # full-point bye and forfeit win 1, half-point bye 0.5
    s = compute_standings(standings_input_from_trf(trf, tiebreaks=CODES))
    assert s.edition == edition
    rows = {r.start_number: r for r in s.rows}
    for p in want["players"]:
        mine = rows[p["start_number"]]
        assert (mine.rank, mine.points) == (p["rank"], p["points"])
        for code in CODES:
            want_value = p["tiebreaks"][code]
            assert mine.tiebreaks[code] == pytest.approx(want_value, abs=1e-9), (name, p["start_number"], code)


@pytest.mark.parametrize(("edition", "name"), CASES)
def test_cli_equals_gacrux_with_fide_scoring(edition: str, name: str, tmp_path: Path) -> None:
    want = _json(FIDE, edition, f"{name}_fide")
    path = tmp_path / "t.trf"
    path.write_text(_trf_text(name, want["start_date"]))
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(path), "--tiebreaks", ",".join(CODES), "--json"]) == 0
    rows = {r["start_number"]: r for r in json.loads(out.getvalue())}
    for p in want["players"]:
        mine = rows[p["start_number"]]
        assert (mine["rank"], mine["points"]) == (p["rank"], p["points"])
        for code in CODES:
            assert mine["tiebreaks"][code] == pytest.approx(p["tiebreaks"][code], abs=1e-9)
