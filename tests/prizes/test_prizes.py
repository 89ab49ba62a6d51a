"""Prize distribution: place, equal sharing and the Hort system in cents, categories and one prize per player.

Standings used below (start number: points, rank): 1: 7 (1), 2: 6 (2), 3: 6 (3), 4: 6 (4), 5: 5 (5),
6: 4 (6). Prizes 1000, 500, 350 (cents 100000, 50000, 35000).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.prizes import (
    Contestant,
    Eligibility,
    PrizeError,
    PrizeList,
    PrizeSettings,
    award_prizes,
    contestants_from_standings,
)

ROOT = Path(__file__).resolve().parents[2]
MAIN = PrizeList("Main", (100000, 50000, 35000))
FIELD = [
    Contestant(1, 1, 7), Contestant(2, 2, 6), Contestant(3, 3, 6), Contestant(4, 4, 6),
    Contestant(5, 5, 5), Contestant(6, 6, 4),
]  # fmt: skip


def _amounts(field: list[Contestant], settings: PrizeSettings) -> dict[int, int]:
    return {a.start_number: a.amount for a in award_prizes(field, settings).awards}


def test_place_rule_follows_the_tie_break_order() -> None:
    """By tie-break order: 1 -> 1000, 2 -> 500, 3 -> 350; 4 (same points as 2 and 3) gets nothing."""
    assert _amounts(FIELD, PrizeSettings((MAIN,), "place")) == {1: 100000, 2: 50000, 3: 35000}


def test_place_rule_shares_a_rank_shared_on_every_tie_break() -> None:
    """2 and 3 share rank 2 (equal on everything): (500 + 350) / 2 = 425.00 each."""
    field = [Contestant(1, 1, 7), Contestant(2, 2, 6), Contestant(3, 2, 6), Contestant(4, 4, 6)]
    assert _amounts(field, PrizeSettings((MAIN,), "place")) == {1: 100000, 2: 42500, 3: 42500}


def test_equal_sharing_with_rounding_down_to_the_cent() -> None:
    """2, 3, 4 on 6 points occupy places 2-4: (500 + 350 + 0) / 3 = 283.333... -> 283.33 each;
    paid 1000 + 3 x 283.33 = 1849.99 of 1850.00: 0.01 stays unpaid (never more than the fund)."""
    result = award_prizes(FIELD, PrizeSettings((MAIN,), "equal"))
    assert {a.start_number: a.amount for a in result.awards} == {1: 100000, 2: 28333, 3: 28333, 4: 28333}
    assert (result.fund, result.paid, result.unpaid) == (185000, 184999, 1)
    assert "(500.00 + 350.00 + 0.00) / 3" in result.awards[1].how and "283.33" in result.awards[1].how


def test_hort_system_with_rounding() -> None:
    """Hort: each keeps half of his place's prize, the other halves are pooled and split equally.
    Places 2-4: halves 250, 175, 0; pool (500 + 350 + 0) / 2 = 425, / 3 = 141.666...
    2: 250 + 141.666 = 391.666 -> 391.66; 3: 175 + 141.666 = 316.666 -> 316.66; 4: 141.666 -> 141.66.
    Paid 1000 + 391.66 + 316.66 + 141.66 = 1849.98: 0.02 unpaid."""
    result = award_prizes(FIELD, PrizeSettings((MAIN,), "hort"))
    assert {a.start_number: a.amount for a in result.awards} == {1: 100000, 2: 39166, 3: 31666, 4: 14166}
    assert (result.paid, result.unpaid) == (184998, 2)
    how = result.awards[1].how
    assert "Hort" in how and "half of the 2nd prize (500.00 / 2 = 250.00)" in how and "391.66" in how


def test_hort_with_an_odd_cent_and_whole_units() -> None:
    """Prizes 100.01 and 50.00 shared by two on equal points, rounded down to whole units (100 cents):
    1st: 50.005 + (100.01 + 50) / 2 / 2 = 50.005 + 37.5025 = 87.5075 -> 87.00;
    2nd: 25 + 37.5025 = 62.5025 -> 62.00. Paid 149.00 of 150.01."""
    field = [Contestant(1, 1, 5), Contestant(2, 2, 5)]
    result = award_prizes(field, PrizeSettings((PrizeList("Main", (10001, 5000)),), "hort", unit=100))
    assert [a.amount for a in result.awards] == [8700, 6200]
    assert "rounded down to a multiple of 1.00" in result.awards[0].how


def test_equal_points_beyond_the_prize_list() -> None:
    """Five players tied for 3rd-7th share the only prize of their places (350): 70.00 each."""
    field = [Contestant(1, 1, 9), Contestant(2, 2, 8)] + [Contestant(n, n, 6) for n in range(3, 8)]
    assert _amounts(field, PrizeSettings((MAIN,), "equal")) == {1: 100000, 2: 50000, 3: 7000, 4: 7000, 5: 7000,
                                                                6: 7000, 7: 7000}  # fmt: skip


def test_categories_and_one_prize_per_player_the_higher_one() -> None:
    """Main 1000/500/350, best woman 400, junior (20 or younger in 2025) 150. Player 3 (a woman, 3rd)
    would win 350 and 400: she keeps the 400, so the 3rd main prize goes to 4. Player 2 (junior, 2nd)
    keeps 500 over 150: the junior prize goes to the next junior, 6."""
    field = [
        Contestant(1, 1, 7, sex="m", birth_year=1980),
        Contestant(2, 2, 6, sex="m", birth_year=2008),
        Contestant(3, 3, 6, sex="w", birth_year=1990),
        Contestant(4, 4, 5, sex="m", birth_year=1970),
        Contestant(5, 5, 4, sex="f", birth_year=1995),
        Contestant(6, 6, 3, sex="m", birth_year=2010),
    ]
    lists = (
        MAIN,
        PrizeList("Best woman", (40000,), Eligibility(sex="w")),
        PrizeList("Junior", (15000,), Eligibility(max_age=20)),
    )
    result = award_prizes(field, PrizeSettings(lists, "place", event_year=2025))
    got = {a.start_number: (a.list_name, a.amount) for a in result.awards}
    assert got == {1: ("Main", 100000), 2: ("Main", 50000), 4: ("Main", 35000), 3: ("Best woman", 40000),
                   6: ("Junior", 15000)}  # fmt: skip
    assert any("player 3 keeps Best woman (400.00) and gives up Main (350.00)" in n for n in result.notes)
    allowed = award_prizes(field, PrizeSettings(lists, "place", one_prize_per_player=False, event_year=2025))
    assert sorted(a.start_number for a in allowed.awards) == [1, 2, 2, 3, 3]


def test_rating_group_club_and_veteran_categories() -> None:
    c = Contestant(9, 9, 1, rating=1450, club="DC Hoofddorp", birth_year=1955, federation="ned")
    assert Eligibility(min_rating=1400, max_rating=1599).admits(c, 2025)
    assert not Eligibility(max_rating=1399).admits(c, 2025)
    assert Eligibility(club="dc hoofddorp ").admits(c, 2025) and Eligibility(federation="NED").admits(c, 2025)
    assert Eligibility(min_age=65).admits(c, 2025) and not Eligibility(min_age=65).admits(c, None)
    assert not Eligibility(max_age=20).admits(Contestant(1, 1, 1), 2025)  # no birth year: not admitted


def test_the_sum_paid_never_exceeds_the_fund() -> None:
    """Random standings with many ties, random prizes, every rule and rounding unit."""
    rng = random.Random(29)
    for _ in range(300):
        n = rng.randint(1, 30)
        points = sorted((rng.randint(0, 8) for _ in range(n)), reverse=True)
        field = [Contestant(i + 1, i + 1, float(p)) for i, p in enumerate(points)]
        prizes = tuple(rng.randint(0, 100001) for _ in range(rng.randint(1, 12)))
        for rule in ("place", "equal", "hort"):
            for unit in (1, 5, 100, 1000):
                result = award_prizes(field, PrizeSettings((PrizeList("M", prizes),), rule, unit=unit))  # type: ignore[arg-type]
                assert result.paid <= result.fund
                assert all(a.amount % unit == 0 and a.amount > 0 for a in result.awards)


def test_bad_settings_and_standings() -> None:
    with pytest.raises(PrizeError, match="negative"):
        award_prizes(FIELD, PrizeSettings((PrizeList("M", (-1,)),)))
    with pytest.raises(PrizeError, match="appears twice"):
        award_prizes([Contestant(1, 1, 1), Contestant(1, 2, 1)], PrizeSettings((MAIN,)))
    with pytest.raises(PrizeError, match="row 2: rank"):
        contestants_from_standings([{"start_number": 1, "rank": 1, "points": 3}, {"start_number": 2, "points": 2}])
    with pytest.raises(PrizeError, match="not in rank order"):
        contestants_from_standings(
            [{"start_number": 1, "rank": 2, "points": 3}, {"start_number": 2, "rank": 1, "points": 4}]
        )


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournaments.prizes", *args], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_cli_contract_on_the_standings_json(tmp_path: Path) -> None:
    """Standings JSON as ``python -m tournaments.standings --json`` prints it; Hort as above."""
    rows = [
        {"start_number": c.start_number, "rank": c.rank, "points": int(c.points), "tiebreaks": {"BH": 1}} for c in FIELD
    ]
    f = tmp_path / "standings.json"
    f.write_text(json.dumps(rows))
    proc = _cli(str(f), "--prizes", "1000,500,350", "--rule", "hort", "--json")
    assert proc.returncode == 0, proc.stderr
    assert '"amount": 1000.00' in proc.stdout and '"amount": 391.66' in proc.stdout  # two decimals, as numbers
    awards = json.loads(proc.stdout)
    assert [set(a) for a in awards] == [{"start_number", "amount", "how"}] * 4
    assert [(a["start_number"], a["amount"]) for a in awards] == [(1, 1000.0), (2, 391.66), (3, 316.66), (4, 141.66)]


def test_cli_reads_the_real_standings_command_output(tmp_path: Path) -> None:
    fixture = ROOT / "tests" / "fixtures" / "standings" / "d001_n7_r5_trf26.trf"
    st = subprocess.run(
        [sys.executable, "-m", "tournaments.standings", str(fixture), "--json"],
        capture_output=True, text=True, cwd=ROOT, timeout=60, check=True,
    )  # fmt: skip
    f = tmp_path / "s.json"
    f.write_text(st.stdout)
    proc = _cli(str(f), "--prizes", "100,50", "--rule", "equal", "--json")
    assert proc.returncode == 0, proc.stderr
    first = json.loads(st.stdout)[0]["start_number"]
    assert json.loads(proc.stdout)[0] == {"start_number": first, "amount": 100.0, "how": "Prizes: 1st place, 100.00"}


def test_cli_bad_input(tmp_path: Path) -> None:
    f = tmp_path / "s.json"
    f.write_text('[{"start_number": 1, "rank": 1, "points": 2}]')
    bad = (
        [str(f), "--prizes", "10,abc"],
        [str(f), "--prizes", "10.005"],
        [str(f), "--prizes=-5"],
        [str(tmp_path / "none.json"), "--prizes", "10"],
        [str(f), "--prizes", "10", "--rule", "lottery"],
    )
    for args in bad:
        proc = _cli(*args)
        assert proc.returncode == 2, args
        assert proc.stderr.startswith("prizes: ") and "Traceback" not in proc.stderr
    f.write_text("{not json")
    assert _cli(str(f), "--prizes", "10").returncode == 2
