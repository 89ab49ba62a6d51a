"""Explanations: every value rebuilt from its parts, hand-checked details, ties and shared places."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tournaments.standings import explain_standings
from tournaments.standings.ratings import average_half_up, average_rating
from tournaments.standings.trf_input import standings_input_from_trf
from tournaments.trf import read_trf_file

from .test_rule_16_4 import FORFEIT, tournament

TRF = Path(__file__).resolve().parent.parent / "fixtures" / "pairing" / "dutch2025"
ALL = ("BH/C1", "BH", "BH/M1", "BH/C2", "SB", "WIN", "WON", "PS", "ARO", "TPR", "KS", "AOB", "DE")


@pytest.mark.parametrize("name", ["d001_n7_r5_trf26.trf", "d014_n25_r11_trfbx.trf", "d029_n45_r10_trf26.trf"])
@pytest.mark.parametrize("edition", ["2024", "2026"])
def test_every_value_is_rebuilt_from_its_parts(name: str, edition: str) -> None:
    """An independent check of the explanations: summing, counting or averaging the parts as the
    method says gives the value the ranking used, for every player and tie-break."""
    inp = replace(standings_input_from_trf(read_trf_file(str(TRF / name)), tiebreaks=ALL), edition=edition)
    x = explain_standings(inp)
    rows = {r.start_number: r for r in x.standings.rows}
    for pid, by_code in x.values.items():
        for code, e in by_code.items():
            value = rows[pid].tiebreaks[code]
            assert e.value == value
            kept = [p.value for p in e.parts if p.value is not None and not p.cut]
            if e.method in ("sum", "progressive"):
                assert sum(kept) == value, (pid, code)
            elif e.method == "count":
                assert len(e.parts) == value, (pid, code)
            elif code == "ARO":
                assert average_rating([int(p.score) for p in e.parts]) == value
            elif code == "AOB":
                assert average_half_up(sum(p.score for p in e.parts), len(e.parts), 2) == value
            elif code == "TPR":
                facts = dict(e.facts)
                assert facts["aro"] + facts["dp"] == value
            if code.startswith("BH/"):
                low, high = {"BH/C1": (1, 0), "BH/C2": (2, 0), "BH/M1": (1, 1)}[code]
                assert sum(p.cut == "low" for p in e.parts) == low and sum(p.cut == "high" for p in e.parts) == high
                # 16.5: VURs go first when cutting low.
                vurs = sum(p.vur for p in e.parts)
                assert sum(p.vur for p in e.parts if p.cut == "low") == min(low, vurs), (pid, code)


def test_d002_details() -> None:
    """d002 (hand-computed in test_tiebreaks_fixtures): player 2 absent in round 3, player 4 a
    half-point bye in round 3; the 2024 edition, chosen (the file has no 042)."""
    x = explain_standings(standings_input_from_trf(read_trf_file(str(TRF / "d002_n6_r5_trfbx.trf")), tiebreaks=ALL,
                                                   edition="2024"))
    bh = x.values[2]["BH/C1"]
    assert [(p.round, p.kind, p.opponent, p.score, p.cut) for p in bh.parts] == [
        (1, "game", 5, 2, ""), (2, "game", 1, 9, ""), (3, "zero_bye", None, 6, "low"), (4, "game", 6, 0, ""),
        (5, "game", 3, 7, ""),
    ]  # fmt: skip
    assert (bh.parts[2].basis, bh.parts[2].article, bh.parts[2].vur) == ("dummy", "16.4", True)
    # SB: 2x2 + 9x1 + 6x0 + 0x2 + 7x1 = 20.
    assert [p.value for p in x.values[2]["SB"].parts] == [4, 9, 0, 0, 7]
    # WIN: rounds 1 and 4; PS: running 2, 3, 3, 5, 6.
    assert [p.round for p in x.values[2]["WIN"].parts] == [1, 4]
    assert [p.score for p in x.values[2]["PS"].parts] == [2, 3, 3, 5, 6]
    # ARO over the board: 1358, 2331, 1236, 1892 (the absence has no opponent).
    assert [p.score for p in x.values[2]["ARO"].parts] == [1358, 2331, 1236, 1892]
    assert dict(x.values[2]["TPR"].facts) == {"aro": 1704, "p": 0.75, "dp": 193}
    assert x.values[4]["BH"].parts[2].kind == "half_bye"
    assert x.values[4]["AOB"].method == "average" and [p.score for p in x.values[4]["AOB"].parts] == [20, 22, 27, 29]


def test_direct_encounter_decides_and_shared_places() -> None:
    """The six-player tournament of test_rule_16_4 ranked on points and DE only.

    5 and 6 have 3 points and met in round 1 (5 won): DE 2 against 0, 5 above 6, all met.
    2 and 4 have 4 points and drew in round 4: DE 1 each, they share 2nd place.
    3 is alone on 2 points and 1 alone on 8: their DE is not needed."""
    x = explain_standings(replace(tournament(FORFEIT, 4), tiebreaks=("DE",)))
    assert [(r.start_number, r.rank) for r in x.standings.rows] == [(1, 1), (2, 2), (4, 2), (5, 4), (6, 5), (3, 6)]
    assert x.standings.separated_by == ("PTS", None, "PTS", "DE", "PTS")
    assert [(t.above, t.below, t.decided_by, t.compared) for t in x.ties] == [
        (2, 4, None, ("DE",)), (5, 6, "DE", ("DE",)),
    ]  # fmt: skip
    de5 = x.values[5]["DE"]
    assert (de5.value, de5.group, de5.note) == (2, (5, 6), "all_met")
    assert [(p.round, p.opponent, p.points) for p in de5.parts] == [(1, 6, 2)]
    assert x.values[2]["DE"].note == "all_met" and x.values[2]["DE"].value == 1
    # Only the players of a tie are explained with only_ties, and only up to the deciding code.
    few = explain_standings(replace(tournament(FORFEIT, 4), tiebreaks=("BH", "DE")), only_ties=True)
    assert set(few.values) == {2, 4, 5, 6}


def test_de_when_not_all_have_met() -> None:
    """d001 ranked on DE only: 3 and 1 (6 points) met only by forfeit (excluded in a Swiss), so
    neither has a DE score (0) and each could still reach 2: they share the place."""
    inp = standings_input_from_trf(read_trf_file(str(TRF / "d001_n7_r5_trf26.trf")), tiebreaks=("DE",))
    x = explain_standings(inp)
    tie = next(t for t in x.ties if {t.above, t.below} == {1, 3})
    assert tie.decided_by is None
    de = x.values[1]["DE"]
    assert (de.note, de.parts, dict(de.facts)) == ("not_all_met", (), {"best": 2})
