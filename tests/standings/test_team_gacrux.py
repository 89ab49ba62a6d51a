"""Team tie-breaks equal FIDE's reference checker (Gacrux), both editions of C.07, module and CLI.

The oracle: ``tests/fixtures/standings/teams/*.json``, the checker's ranks and values for each team
file of that folder, for several rank orders and both editions (see the README there: the files come
from ``tournamentgenerator.py -T 4`` expanded into boards, with 2/1/0 board scoring, byes, board
forfeits, boards left empty, forfeited matches and reserves).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from tournaments.standings.__main__ import main
from tournaments.standings.teams import compute_team_standings, team_standings_input_from_trf
from tournaments.trf import read_team_trf

TEAMS = Path(__file__).resolve().parent.parent / "fixtures" / "standings" / "teams"
ROOT = Path(__file__).resolve().parents[2]
NAMES = sorted(p.stem for p in TEAMS.glob("*.json"))
CASES = [
    (name, edition, i)
    for name in NAMES
    for edition in ("2024", "2026")
    for i in range(len(json.loads((TEAMS / f"{name}.json").read_text())["editions"][edition]["runs"]))
]


def fixture(name: str, edition: str) -> tuple[str, dict]:
    data = json.loads((TEAMS / f"{name}.json").read_text())
    ed = data["editions"][edition]
    text = (TEAMS / data["file"]).read_text().replace("042 2026/09/01", f"042 {ed['start_date']}")
    return text, ed


def test_the_fixtures_cover_what_the_issue_asks() -> None:
    """A team round robin, a double one, Swiss events with byes, forfeited boards and matches, boards
    left empty, reserves, out-of-order boards, a full-point bye, 4, 6 and 10 boards, both editions."""
    assert {"team_rr8_b4", "team_drr6_b4", "team_swiss11_b4", "team_swiss9_b6", "team_swiss12_b10"} <= set(NAMES)
    seen = {"pab": 0, "half": 0, "zero": 0, "full": 0, "forfeited_match": 0, "forfeit_board": 0, "empty_board": 0,
            "double_forfeit": 0, "reserve": 0}  # fmt: skip
    boards = set()
    for name in NAMES:
        t = read_team_trf((TEAMS / f"{name}.trf").read_text())
        boards.add(t.boards)
        for b in t.byes:
            seen[b.kind] += 1
        starters = {team.number: set(team.players[: t.boards]) for team in t.teams}
        for m in t.matches:
            seen["forfeited_match"] += bool(m.forfeit)
            for b in m.boards:
                seen["forfeit_board"] += b.home_code == "+" and b.away_code == "-"
                seen["empty_board"] += not m.forfeit and (b.home_player is None or b.away_player is None)
                seen["double_forfeit"] += b.home_code == b.away_code == "-"
                seen["reserve"] += b.home_player is not None and b.home_player not in starters[m.home]
    assert all(v > 0 for v in seen.values()), seen
    assert boards == {4, 6, 10}
    rr = json.loads((TEAMS / "team_rr8_b4.json").read_text())
    assert rr["editions"]["2024"]["runs"][0]["rules"] == "2024-08-01"
    assert rr["editions"]["2026"]["runs"][0]["rules"] == "2026-03-01"


def assert_same(rows: list[dict], run: dict, where: str) -> None:
    got = {r["team"]: r for r in rows}
    assert set(got) == {t["team"] for t in run["teams"]}, where
    for want in run["teams"]:
        mine = got[want["team"]]
        at = f"{where} team {want['team']}"
        assert mine["rank"] == want["rank"], at
        for code in run["codes"]:
            assert mine["tiebreaks"][code] == pytest.approx(want["values"][code], abs=1e-9), f"{at} {code}"
        assert mine["match_points"] == want["values"].get("MPTS", mine["match_points"]), at
        assert mine["game_points"] == want["values"].get("GPTS", mine["game_points"]), at


@pytest.mark.parametrize(("name", "edition", "run"), CASES)
def test_pure_module_equals_the_checker(name: str, edition: str, run: int) -> None:
    text, ed = fixture(name, edition)
    want = ed["runs"][run]
    inp = team_standings_input_from_trf(read_team_trf(text), tiebreaks=tuple(want["codes"]))
    assert inp.edition == edition
    s = compute_team_standings(inp)
    assert s.tiebreaks == tuple(want["codes"])
    rows = [
        {"team": r.team, "rank": r.rank, "match_points": r.match_points, "game_points": r.game_points,
         "tiebreaks": r.tiebreaks}
        for r in s.rows
    ]  # fmt: skip
    assert_same(rows, want, f"{name} ({edition}) {','.join(want['codes'])}")


@pytest.mark.parametrize("name", NAMES)
def test_cli_equals_the_checker(name: str, tmp_path: Path) -> None:
    """``main()`` as the command line runs it: the JSON contract, in rank order, both editions."""
    for edition in ("2024", "2026"):
        text, ed = fixture(name, edition)
        path = tmp_path / f"{name}_{edition}.trf"
        path.write_text(text)
        for want in ed["runs"]:
            out = io.StringIO()
            with redirect_stdout(out):
                assert main([str(path), "--teams", "--tiebreaks", ",".join(want["codes"]), "--json"]) == 0
            rows = json.loads(out.getvalue())["teams"]
            assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
            assert set(rows[0]) == {"team", "name", "rank", "match_points", "game_points", "tiebreaks"}
            assert_same(rows, want, f"{name} ({edition}) CLI")


def test_cli_process(tmp_path: Path) -> None:
    """The real process, with the edition from record 042 and ``--rules`` forcing the other one."""
    text, ed = fixture("team_swiss11_b4", "2026")
    path = tmp_path / "t.trf"
    path.write_text(text)
    codes = ed["runs"][0]["codes"]
    for edition, extra in (("2026", []), ("2024", ["--rules", "2024"])):
        want = fixture("team_swiss11_b4", edition)[1]["runs"][0]
        args = [str(path), "--teams", "--tiebreaks", ",".join(codes), "--json", *extra]
        proc = subprocess.run([sys.executable, "-m", "tournaments.standings", *args], capture_output=True, text=True,
                              cwd=ROOT, timeout=60)  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        assert_same(json.loads(proc.stdout)["teams"], want, f"process {edition}")


def test_the_editions_differ_and_direct_encounter_decides() -> None:
    """A sanity check of the oracle: the 2026 cap changes Buchholz values somewhere, and the group-wise
    tie-breaks (DE, EDE, TBR, BBE) separate tied teams (values other than 0) in some files."""
    differ = 0
    decisive = dict.fromkeys(("DE", "EDE", "TBR", "BBE"), 0)
    for name in NAMES:
        old = json.loads((TEAMS / f"{name}.json").read_text())["editions"]
        for a, b in zip(old["2024"]["runs"], old["2026"]["runs"], strict=True):
            for ta, tb in zip(a["teams"], b["teams"], strict=True):
                differ += any(ta["values"][c] != tb["values"][c] for c in a["codes"] if c.startswith(("BH", "AOB")))
                for c in decisive:
                    decisive[c] += ta["values"].get(c) not in (0, None)
    assert differ > 0 and all(decisive.values()), decisive
