"""The validator on hand-made games: each irregularity kind, the replay after it, the messages."""

from __future__ import annotations

import pytest

from arbiter import messages as msg
from arbiter.fen import to_fen
from arbiter.irregularities import KINDS
from arbiter.validator import GameInputError, GameRecord, validate


def game(moves: list[str], fen: str | None = None, variant: str = "international",
         result: str | None = None) -> GameRecord:
    return GameRecord(fen, moves, variant, result)


def test_a_legal_game_is_clean_and_keeps_every_position() -> None:
    r = validate(game(["32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28"]))
    assert r.clean and r.irregularities == [] and r.stopped is None
    assert len(r.plies) == 7 and len(r.positions) == 8
    assert r.start.pieces("W") == frozenset(range(31, 51)) and r.start.side_to_move == "W"
    assert r.position_after(3).piece_at(19) == "w" and r.position_after(3).piece_at(23) is None
    assert [p.side for p in r.plies[:2]] == ["W", "B"]
    assert [p.move_number for p in r.plies] == [1, 1, 2, 2, 3, 3, 4]
    with pytest.raises(IndexError, match="ply 9 was not reached"):
        r.position_after(9)


def test_capture_missed_names_the_compulsory_capture_and_play_goes_on_from_the_position_reached() -> None:
    # After 32-28 19-23 White must take 28x19 (FMJD 4.1); 34-30 leaves the men en prise.
    r = validate(game(["32-28", "19-23", "34-30", "23x32", "37x28"]))
    [irr] = r.irregularities
    assert (irr.ply, irr.move_number, irr.side, irr.kind, irr.played) == (3, 2, "W", "capture_missed", "34-30")
    assert irr.required == ["28x19"]
    assert irr.article == "FMJD 5.4.6"
    assert irr.message == ("Move 2, White 34-30 does not capture, but capturing is compulsory: 28x19 (FMJD 4.1).")
    assert irr.message_template == msg.IRR_CAPTURE_MISSED
    assert msg.render(irr.message_template, irr.params) == irr.message
    # 34-30 was replayed as written: Black's 23x32 and White's 37x28 are legal from there.
    assert len(r.plies) == 5 and r.stopped is None
    assert r.position_after(3).piece_at(30) == "w" and r.position_after(3).piece_at(34) is None
    assert not r.plies[2].legal and r.plies[3].legal


def test_capture_not_maximal_lists_every_maximal_capture() -> None:
    # The man on 36 can take one piece (36x47); the king on 46 takes two (FMJD 4.13).
    r = validate(game(["36x47"], fen="W:W36,K46:B7,38,41"))
    [irr] = r.irregularities
    assert irr.kind == "capture_not_maximal" and irr.article == "FMJD 5.4.8"
    assert sorted(irr.required) == ["46x23x1", "46x32x43", "46x32x49"]
    assert irr.params["played_count"] == 1 and irr.params["required_count"] == 2
    assert irr.message.startswith("Move 1, White 36x47 takes 1 piece; the majority rule requires 2: ")
    assert irr.message.endswith("(FMJD 4.13).")
    # The one-piece capture was made: 41 is gone, the man stands on 47 (not crowned: 47 is White's own row).
    after = r.position_after(1)
    assert after.piece_at(41) is None and after.piece_at(47) == "w" and after.piece_at(38) == "b"


def test_capture_incomplete_when_the_man_stops_part_way() -> None:
    # 34x25 takes 30 but the man must jump on over 20 to 14 (FMJD 4.5, 5.4.9).
    r = validate(game(["34x25", "7-12"], fen="W:W34:B7,20,30,31"))
    [irr] = r.irregularities
    assert irr.kind == "capture_incomplete" and irr.article == "FMJD 5.4.9"
    assert irr.required == ["34x25x14"]
    assert "stops part-way" in irr.message
    after = r.position_after(1)
    assert after.piece_at(25) == "w" and after.piece_at(30) is None and after.piece_at(20) == "b"
    assert r.plies[1].legal  # Black's reply is judged from the position with the man on 25


@pytest.mark.parametrize(
    ("fen", "played", "reason", "variant"),
    [
        ("W:W28:B5", "28-33", msg.WHY_MAN_BACKWARDS, "international"),
        ("W:W28:B5", "28-17", msg.WHY_MAN_TOO_FAR, "international"),
        ("W:W28:B5", "28-27", msg.WHY_NOT_DIAGONAL, "international"),
        ("W:WK28,22:BK5", "28-17", msg.WHY_BLOCKED, "international"),
        ("W:WK18:B1", "18-9", msg.WHY_KING_TOO_FAR, "english"),
        ("W:W28:B5", "28x17", msg.WHY_NO_SUCH_CAPTURE, "international"),
    ],
)
def test_illegal_moves_say_why_and_are_replayed_as_written(fen: str, played: str, reason: str, variant: str) -> None:
    r = validate(game([played], fen=fen, variant=variant))
    [irr] = r.irregularities
    assert irr.kind == "illegal_move"
    assert irr.params["reason_template"] == reason
    assert irr.message.startswith(f"Move 1, White {played} is not a possible move: ")
    a, b = (int(s) for s in played.replace("x", "-").split("-"))
    assert r.stopped is None and r.position_after(1).piece_at(a) is None
    assert r.position_after(1).piece_at(b) is not None


def test_a_man_moved_backwards_then_the_game_goes_on_from_where_it_stands() -> None:
    # 28-33 is illegal; White's next move 33-29 is only possible because the man was put on 33.
    r = validate(game(["28-33", "5-10", "33-29", "10-14"], fen="W:W28:B5"))
    assert [i.ply for i in r.irregularities] == [1]
    assert len(r.plies) == 4 and all(p.legal for p in r.plies[1:])
    assert to_fen(r.final) == "W:W29:B14"


@pytest.mark.parametrize(
    ("moves", "reason", "fen"),
    [
        (["32-28", "45-40"], msg.WHY_NO_PIECE, None),  # no Black piece on 45
        (["32-28", "hello"], msg.WHY_UNREADABLE, None),
        (["28-22"], msg.WHY_TARGET_OCCUPIED, "W:W28,22:B5"),
    ],
)
def test_the_replay_stops_where_no_position_can_be_reached(moves: list[str], reason: str, fen: str | None) -> None:
    r = validate(game([*moves, "33-29", "1-6"], fen=fen))
    assert r.stopped is not None and r.stopped.ply == len(moves)
    last = r.irregularities[-1]
    assert last.ply == len(moves) and last.kind == "illegal_move" and last.params["reason_template"] == reason
    assert "cannot be replayed further" in r.stopped.message
    assert len(r.plies) == len(moves) - 1 and r.result.status == "incomplete"
    assert not r.clean


def test_no_piece_message_names_side_and_square() -> None:
    r = validate(game(["32-28", "45-40"]))
    assert r.irregularities[0].message == (
        "Move 1, Black 45-40 is not a possible move: there is no Black piece on square 45 (FMJD 3).")


AMBIGUOUS = "W:WK24:B21,31,38,39,41"  # 24x44 takes 21,31,38,39 via 42, or 31,38,39,41 via 47


def test_ambiguous_notation_lists_the_readings() -> None:
    r = validate(game(["24x44"], fen=AMBIGUOUS))
    [irr] = r.irregularities
    assert irr.kind == "ambiguous_notation"
    assert irr.params["candidates"] == "24x42x26x17x44 or 24x47x36x22x44"
    assert irr.params["reason_template"] == msg.WHY_FIRST_FITTING
    assert r.plies[0].notation == "24x42x26x17x44"


def test_ambiguous_notation_is_resolved_by_the_moves_that_follow() -> None:
    # 41-47 can only be played if 41 was not taken, i.e. after the capture via 42.
    r = validate(game(["24x44", "41-47"], fen=AMBIGUOUS))
    [irr] = r.irregularities
    assert irr.params["chosen"] == "24x42x26x17x44"
    assert irr.params["reason_template"] == msg.WHY_NEXT_MOVE_FITS
    assert r.plies[1].legal and r.final.piece_at(47) == "B"
    # The other reading leaves 21 on the board: 21-27 fits only the capture via 47.
    r2 = validate(game(["24x44", "21-27"], fen=AMBIGUOUS))
    assert r2.irregularities[0].params["chosen"] == "24x47x36x22x44" and r2.plies[1].legal


def test_a_full_path_that_names_the_turning_squares_is_not_ambiguous() -> None:
    r = validate(game(["24x26x44"], fen=AMBIGUOUS))
    assert r.clean and r.position_after(1).piece_at(41) == "b"


def test_every_kind_has_a_constant_and_the_params_render_the_message() -> None:
    assert set(KINDS) == {"illegal_move", "capture_missed", "capture_not_maximal", "capture_incomplete",
                          "ambiguous_notation"}
    r = validate(game(["36x47", "7-12", "32-27"], fen="W:W36,32,K46:B7,38,41"))
    for irr in r.irregularities:
        assert msg.render(irr.message_template, irr.params) == irr.message


def test_other_profiles_cite_their_own_rules() -> None:
    # Russian: free capture choice, so a shorter capture is legal; a missed capture is not.
    r = validate(game(["c3-d4", "f6-g5", "g3-h4"], variant="russian"))
    assert r.clean
    r = validate(game(["c3-d4", "f6-e5", "a3-b4"], variant="russian"))
    [irr] = r.irregularities
    assert irr.kind == "capture_missed" and irr.article == "Russian (FMJD-64) rules" and irr.required == ["d4:f6"]
    assert irr.params["rule_article"] == "Russian rules: capture is compulsory"
    assert irr.message.endswith("(Russian rules: capture is compulsory).")


def test_alphanumeric_moves_written_without_separator_are_read() -> None:
    r = validate(game(["a3b4", "f6g5"], variant="russian"))
    assert r.clean and r.plies[0].notation == "a3-b4"


def test_bad_start_fen_is_a_clear_error() -> None:
    with pytest.raises(GameInputError, match="start position"):
        validate(game(["32-28"], fen="W:W31-60:B1-20"))
