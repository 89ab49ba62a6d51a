"""Messages of the non-FMJD profiles: each names its own rule book's rule, writes the required moves
the way the player wrote the move, and Frisian's king move limit is applied (issue 17)."""

from __future__ import annotations

import pytest

from arbiter import messages as msg
from arbiter.profiles import get_profile
from arbiter.validator import GameRecord, validate


def _only(moves: list[str], variant: str, fen: str | None = None):
    r = validate(GameRecord(fen, moves, variant))
    [irr] = r.irregularities
    return irr


@pytest.mark.parametrize(("variant", "moves", "rule"), [
    # After 1. c3-d4 f6-e5 White must take d4:f6; a3-b4 misses it.
    ("russian", ["c3-d4", "f6-e5", "a3-b4"], "Russian rules: capture is compulsory"),
    # English (Black first, 1-32 from Black's side): 11-15 22-18, then 15x22 is compulsory; 9-13 misses it.
    ("english", ["11-15", "22-18", "9-13"], "WCDF rules 1.19 (capturing is compulsory)"),
    ("german", ["11-15", "22-18", "9-13"], 'Brettspielnetz Dame rules, section 4 "Schlagen" (Schlagzwang)'),
])
def test_a_missed_capture_names_the_profiles_own_rule(variant: str, moves: list[str], rule: str) -> None:
    irr = _only(moves, variant)
    assert irr.kind == "capture_missed"
    assert irr.params["rule_article"] == rule
    assert irr.message.endswith(f"({rule}).")
    assert "FMJD" not in irr.message


def test_required_captures_are_written_as_the_player_wrote_the_move() -> None:
    """The same Russian game written with square numbers: the required capture comes back in numbers
    with the player's capture sign, not as ``d4:f6``."""
    letters = _only(["c3-d4", "f6-e5", "a3-b4"], "russian")
    assert letters.required == ["d4:f6"]

    def num(square: str) -> str:
        return str(get_profile("russian").geometry.from_alphanumeric(square))

    numbers = [f"{num(a)}-{num(b)}" for a, b in (("c3", "d4"), ("f6", "e5"), ("a3", "b4"))]
    written = _only(numbers, "russian")
    assert written.kind == "capture_missed"
    assert written.required == [f"{num('d4')}:{num('f6')}"]
    # An English game written a1-h8 gets its required capture in a1-h8.
    english = _only(["11-15", "22-18", "9-13"], "english")
    assert english.required == ["15x22"]
    geo = get_profile("english").geometry
    alpha = ["-".join(geo.alphanumeric(int(s)) for s in m.split("-")) for m in ("11-15", "22-18", "9-13")]
    written_alpha = _only(alpha, "english")
    assert written_alpha.required == [f"{geo.alphanumeric(15)}x{geo.alphanumeric(22)}"]


def test_a_clean_game_names_no_rule() -> None:
    assert validate(GameRecord(None, ["c3-d4", "f6-g5", "g3-h4"], "russian")).clean


# Frisian: "A player may not move (as opposed to capture) more than three times in succession with
# the same king ... This restriction does not apply for a player who has only kings" (mindsports.nl,
# the DFS rules; lidraughts and py-draughts apply it the same way). The positions were checked by
# hand to have no capture on any ply: the white king walks 46-41-46-41 while Black's men step out of
# their corner, far from every line the king could capture along.
FRISIAN_FEN = "W:WK46,50:B1,2,3"


def test_frisian_a_fourth_king_move_in_a_row_is_illegal() -> None:
    irr = _only(["46-41", "1-6", "41-46", "2-7", "46-41", "3-8", "41-46"], "frisian", FRISIAN_FEN)
    assert irr.kind == "illegal_move" and irr.ply == 7 and irr.move_number == 4
    assert irr.params["reason_template"] == msg.WHY_KING_LIMIT
    assert "king on 41 has already moved 3 times in a row" in irr.message
    assert irr.message.endswith("(Frisian rules: the same king moves at most three times in a row without "
                                "capturing while its side has men).")


def test_frisian_the_count_follows_the_king_not_the_squares() -> None:
    # 46-41, 41-46, 46-37 and then 37-46: the same king, wherever it went, four times.
    irr = _only(["46-41", "1-6", "41-46", "2-7", "46-37", "3-8", "37-46"], "frisian", FRISIAN_FEN)
    assert irr.ply == 7 and "king on 37" in irr.message


@pytest.mark.parametrize(("fen", "moves"), [
    # A man moved in between: the king starts a new run.
    (FRISIAN_FEN, ["46-41", "1-6", "41-46", "2-7", "46-41", "3-8", "50-45", "8-12", "41-46"]),
    # Only kings left (50 is a king): the limit does not apply.
    ("W:WK46,K50:B1,2,3", ["46-41", "1-6", "41-46", "2-7", "46-41", "3-8", "41-46"]),
])
def test_frisian_the_limit_resets_or_does_not_apply(fen: str, moves: list[str]) -> None:
    assert validate(GameRecord(fen, moves, "frisian")).clean


def test_the_limit_is_frisian_only() -> None:
    """The same moves under the international rules are four ordinary king moves."""
    assert validate(GameRecord(FRISIAN_FEN, ["46-41", "1-6", "41-46", "2-7", "46-41", "3-8", "41-46"],
                               "international")).clean
