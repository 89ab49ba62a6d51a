"""Issue 17: tolerant reading of real PDN files, detection of the variant, the check command's errors.

The junk cases are small files in tests/fixtures/pdn/junk/ (written for these tests).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter import GameRecord, PdnGame, PdnMove, PdnVariation, read_pdn, validate, write_pdn
from arbiter.check import check_text
from arbiter.detect import resolve_by_replay
from arbiter.pdn import MAX_VARIATION_DEPTH

ROOT = Path(__file__).resolve().parents[2]
JUNK = ROOT / "tests" / "fixtures" / "pdn" / "junk"
FIXTURES = ROOT / "tests" / "fixtures" / "pdn"


def _read(name: str) -> str:
    return (JUNK / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "line", "words"), [
    ("empty_tag.pdn", 2, "[Empty] has no value"),
    ("stray_bracket.pdn", 2, "'[' line that is no tag"),
    ("trailing_dash.pdn", 4, "a '-' after the last move was ignored"),
    ("unrecorded.pdn", 5, "the moves were not recorded (6 times '-')"),
])
def test_junk_is_read_with_a_warning_and_its_line(name: str, line: int, words: str) -> None:
    read = read_pdn(_read(name))
    assert not read.errors and read.games
    [warning] = read.games[0].warnings
    assert warning.line == line and words in warning.message


def test_literal_carriage_returns_in_and_after_tags() -> None:
    game = read_pdn(_read("literal_cr.pdn")).games[0]
    assert game.tags["Event"] == "cr" and game.tags["Site"] == "Utrecht"
    assert [w.line for w in game.warnings] == [1, 2]


def test_a_trailing_dash_keeps_both_games_and_unrecorded_moves_leave_none() -> None:
    read = read_pdn(_read("trailing_dash.pdn"))
    assert [g.tags["Event"] for g in read.games] == ["one", "two"]
    assert [m.text for m in read.games[0].moves] == ["32-28", "19-23"]
    assert read_pdn(_read("unrecorded.pdn")).games[0].moves == []


def test_the_result_tag_is_checked_when_the_moves_have_no_result() -> None:
    first = read_pdn(_read("result_tag.pdn")).games[0]
    assert (first.result, first.result_source, first.result_line) == ("0-2", "tag", 3)


def test_index_counts_unreadable_games_and_errors_name_their_line() -> None:
    doc, clean = check_text(_read("bad_fen.pdn"))
    assert not clean
    assert [(e["index"], e["line"], e["kind"]) for e in doc["errors"]] == [
        (0, 3, "unreadable"), (1, 9, "unreadable"), (2, 15, "unreadable")]
    assert "crowning row" in doc["errors"][0]["message"] and "no pieces" in doc["errors"][1]["message"]
    assert "15 pieces" in doc["errors"][2]["message"]
    assert [g["index"] for g in doc["games"]] == [3]


def test_off_board_squares_and_non_results_are_errors() -> None:
    doc, _clean = check_text(_read("off_board.pdn"))
    [err] = doc["errors"]
    assert (err["kind"], err["line"]) == ("off_board", 4) and "51" in err["message"]
    assert doc["games"][0]["stopped"] is not None
    doc, _clean = check_text(_read("not_a_result.pdn"))
    [err] = doc["errors"]
    assert err["kind"] == "result" and "'4-6' is not a result" in err["message"]
    assert doc["games"][0]["result_check"]["status"] == "undetermined"


def test_json_exit_2_still_prints_a_json_document(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "arbiter", "check", str(tmp_path / "missing.pdn"), "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert out.returncode == 2
    doc = json.loads(out.stdout)
    assert doc["games"] == [] and "cannot read" in doc["errors"][0]["message"]
    out = subprocess.run([sys.executable, "-m", "arbiter", "check", str(JUNK / "bad_fen.pdn"), "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert out.returncode == 1 and len(json.loads(out.stdout)["errors"]) == 3


def test_nested_variations_are_an_error_of_their_game_and_the_others_are_kept() -> None:
    deep = "(33-28 " * 5000 + ")" * 5000
    text = f'[Event "a"]\n1. 32-28 19-23 *\n\n[Event "deep"]\n1. 32-28 {deep} 19-23 *\n\n[Event "c"]\n1. 34-29 *\n'
    read = read_pdn(text)
    assert [g.tags["Event"] for g in read.games] == ["a", "c"]
    [err] = read.errors
    assert err.game == 2 and f"more than {MAX_VARIATION_DEPTH} levels" in err.message


def test_writing_deep_variations_needs_no_recursion() -> None:
    depth = MAX_VARIATION_DEPTH
    text = "1. 32-28 " + "(33-28 " * depth + ")" * depth + " 19-23 *\n"
    game = read_pdn(text).games[0]
    written = write_pdn([game])
    assert written.count("(") == depth and read_pdn(written).games[0] == game
    # 3,000 levels built by a program: written without recursion; reading it back is refused with a clear
    # error of that game only.
    root = PdnMove("32-28", 1, "W")
    move = root
    for _ in range(3000):
        var = PdnVariation([PdnMove("33-28", 1, "W")])
        move.variations.append(var)
        move = var.moves[0]
    deep = PdnGame(tags={"Event": "deep"}, moves=[root], result="*")
    text = write_pdn([deep, PdnGame(tags={"Event": "next"}, moves=[PdnMove("34-29", 1, "W")], result="*")])
    assert text.count("(") == 3000
    read = read_pdn(text)
    assert [g.tags["Event"] for g in read.games] == ["next"] and read.errors[0].game == 1


def test_flying_king_stopping_short_is_a_non_maximal_capture_and_the_replay_goes_on() -> None:
    """B:W17,K29,46:BK6,25: the black king takes 17 and may land on 22, 28, 33, 39, 44 or 50; only from 33
    it can go on to take 29 (two pieces). 6x50 takes one: FMJD 5.4.8, and the game goes on from 50."""
    report = validate(GameRecord("B:W17,K29,46:BK6,25", ["6x50", "46-41"]))
    [irr] = report.irregularities
    assert irr.kind == "capture_not_maximal" and irr.article == "FMJD 5.4.8"
    assert irr.params["played_count"] == 1 and irr.params["required_count"] == 2
    assert all(r.startswith("6x33x") for r in irr.required)
    assert report.stopped is None and len(report.plies) == 2 and report.final.piece_at(50) == "B"


def _strip_game_type(text: str) -> str:
    return re.sub(r'^\[GameType "[^"]*"\]\n', "", text, flags=re.MULTILINE)


@pytest.mark.parametrize(("path", "variant"), [
    ("corpus/czech_mrcd2006.pdn", "czech"),
    ("corpus/italian_campionato_2005.pdn", "italian"),
    ("other-variants/ussr1947-russian.pdn", "russian"),
    ("international/nk_ronde_01.pdn", "international"),
])
def test_detection_on_files_stripped_of_their_game_type(path: str, variant: str) -> None:
    text = _strip_game_type((FIXTURES / path).read_text(encoding="utf-8", errors="replace"))
    games = read_pdn(text).games[:12]
    assert games and all("GameType" not in g.tags for g in games)
    for g in games:
        resolve_by_replay(g)
    # Detected: the right game. Left open (a tie after replaying under each candidate): the right game is
    # among the candidates and the report says the variant was guessed.
    for g in games:
        if g.variant_source == "detected":
            assert g.variant == variant, (g.index, g.variant, g.variant_evidence)
        else:
            assert g.variant_source == "default" and variant in g.variant_candidates, (g.index, g.variant_candidates)
    assert sum(g.variant_source == "detected" for g in games) >= 3
