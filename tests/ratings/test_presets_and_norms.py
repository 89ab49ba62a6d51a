"""Presets and norm tables are data: they load, say where they come from, and refuse bad files clearly."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.ratings import RatingDataError, load_preset, load_preset_file
from tournaments.ratings.norms import NormOpponent, check_norm, load_norm_table, load_norm_table_file, norm_table
from tournaments.ratings.presets import PRESET_DIR

HEAD = "name='x'\ntitle='x'\nstatus='x'\nsource='x'\n"
FEDS = ["GER", "FRA", "NED", "GER", "FRA", "NED", "BEL", "BEL", "ITA"]


def test_every_preset_is_documented_and_fmjd_kndb_are_marked_estimates() -> None:
    for name in ("fide", "fmjd", "kndb"):
        p = load_preset(name)
        assert p.source and p.title
    assert not load_preset("fide").estimate
    assert load_preset("fmjd").estimate and load_preset("kndb").estimate
    assert load_preset("kndb").expectancy.sigma == pytest.approx(2000 / 7)
    assert load_preset("fide").expectancy.cap == 400
    assert load_preset_file(PRESET_DIR / "template.toml").name == "myfed"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = 'x'", "title is missing"),
        (HEAD + "[performance]\n[rounding]\n[expectancy]\nkind='cubic'", "kind must be one of"),
        (HEAD + "[performance]\ndefault='median'", "default must be one of"),
        (HEAD + "[performance]\n[rounding]\n[expectancy]\nkind='normal'\nsigma='a/b'", "2000/7"),
        ("name = [", "not valid TOML"),
        (HEAD + "[performance]\ndefualt='table'", "unknown keys in [performance]: defualt"),
        (
            HEAD + "[performance]\n[rounding]\n[expectancy]\nkind='logistic'\n"
            "[k]\n[[k.rules]]\nk=10\nrating_below=2000",
            "last [[k.rules]] must have no conditions",
        ),
        (
            HEAD + "[performance]\ndp_table='../../etc/passwd'",
            "lower-case letters",
        ),
    ],
)  # fmt: skip
def test_bad_preset_files_are_refused_with_the_reason(tmp_path: Path, text: str, message: str) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(text)
    with pytest.raises(RatingDataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_preset_file(f)


def test_gm_norm_score_needed_by_hand() -> None:
    """FIDE B.01: 9 games against an average of 2380: GM performance 2600 needs dp 220 = p .78:
    7 of 9 (= .78, dp 220 -> 2600); 6.5 of 9 = .72 -> 166 -> 2546, not enough. IM (2450) needs
    dp 70 -> p .60 (dp 72): 5.5 of 9 = .61 -> 80 -> 2460; 5 of 9 = .56 -> 43 -> 2423, not enough.
    In draughts points (win 2): 14 and 11."""
    t = load_norm_table("fide_b01")
    opps = [NormOpponent(2380, 0.5, "GM", f) for f in FEDS]
    gm = check_norm("ENG", opps, t.requirement("GM"), t, win_points=2)
    im = check_norm("ENG", opps, t.requirement("IM"), t, win_points=2)
    assert (gm.score_needed, im.score_needed) == (14, 11)
    assert not gm.met and [c.rule for c in gm.checks if not c.ok] == ["performance"]
    won = [NormOpponent(2380, 1.0 if i < 7 else 0.0, "GM", f) for i, f in enumerate(FEDS)]
    assert check_norm("ENG", won, t.requirement("GM"), t).met


def test_rating_floor_raises_only_the_lowest_opponent() -> None:
    """IM norm, floor 2050: opponents 2400 x 8 and 1800: the 1800 counts as 2050 -> ARO
    (19200 + 2050) / 9 = 2361.1 -> 2361 (without the floor: 2333.3 -> 2333)."""
    t = load_norm_table("fide_b01")
    opps = [NormOpponent(2400, 0.5, "IM", f) for f in FEDS[:8]] + [NormOpponent(1800, 0.5, "", "ITA")]
    assert check_norm("ENG", opps, t.requirement("IM"), t).average_rating == 2361


def test_opponent_mix_checks() -> None:
    """9 opponents, 6 from the player's own federation (> 3/5 of 9 = 5.4), 3 of them unrated
    (> 1/5 = 1.8: they count as 1400), only 2 GMs (< 3), and one other federation (< 2)."""
    t = load_norm_table("fide_b01")
    opps = [NormOpponent(2500, 1.0, "GM", "GER")] * 2 + [NormOpponent(2500, 1.0, "IM", "NED")] * 4
    opps += [NormOpponent(0, 1.0, "", "NED")] * 3
    res = check_norm("NED", opps, t.requirement("GM"), t)
    failed = {c.rule for c in res.checks if not c.ok}
    assert failed >= {"own federation", "unrated opponents", "title holders", "federations"}
    assert "own federation" in failed and not res.met


def test_norm_table_for_every_title_and_unknown_tables() -> None:
    t = load_norm_table("fide_b01")
    rows = norm_table("ENG", [NormOpponent(2380, 0.5, "GM", f) for f in FEDS], t)
    assert [r.title for r in rows] == ["GM", "IM", "WGM", "WIM"]
    with pytest.raises(RatingDataError, match="not public"):
        load_norm_table("fmjd")
    assert load_norm_table("template").status == "template"


def test_bad_norm_table(tmp_path: Path) -> None:
    f = tmp_path / "n.toml"
    f.write_text("name='n'\ntitle='n'\nstatus='x'\nsource='x'\n[[titles]]\ncode='MI'\nmin_games=9\nmin_perf=1")
    with pytest.raises(RatingDataError, match="unknown keys min_perf"):
        load_norm_table_file(f)
    f.write_text("name='n'\ntitle='n'\nstatus='x'\nsource='x'\n[[titles]]\ncode='MI'\nmin_games=9\n"
                 "min_performance=2300\nmin_titled_share='3/2'")  # fmt: skip
    with pytest.raises(RatingDataError, match="within 0..1"):
        load_norm_table_file(f)
