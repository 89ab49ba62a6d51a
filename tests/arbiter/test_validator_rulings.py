"""Arbiter rulings on irregularities (FMJD 5.4, seed 000 rule 10) and the declared-result check."""

from __future__ import annotations

from arbiter import messages as msg
from arbiter.validator import GameRecord, Ruling, validate

# After 32-28 19-23 White must take 28x19; 34-30 misses it (ply 3).
MISSED = ["32-28", "19-23", "34-30"]


def test_correction_of_the_last_ply_replaces_the_move_and_revalidates() -> None:
    r = validate(GameRecord(None, MISSED), rulings=[Ruling(3, "corrected", "28x19", "opponent asked")])
    assert r.ruling_errors == [] and r.clean
    assert r.corrections == {3: "28x19"}
    assert r.plies[2].notation == "28x19" and r.final.piece_at(19) == "w" and r.final.piece_at(23) is None
    assert [x.decision for x in r.rulings] == ["corrected"]
    [resolved] = r.resolved  # the irregularity is kept with its ruling
    assert resolved.kind == "capture_missed" and resolved.ruling is not None
    assert resolved.ruling.comment == "opponent asked"


def test_a_correction_after_a_further_move_is_refused_the_move_stands() -> None:
    moves = [*MISSED, "23x32"]  # Black took on: a further move was made
    r = validate(GameRecord(None, moves), rulings=[Ruling(3, "corrected", "28x19")])
    [err] = r.ruling_errors
    assert err.message_template == msg.RUL_TOO_LATE
    assert "34-30 stands, because a further move was made" in err.message and "FMJD 5.4.6" in err.message
    assert r.corrections == {} and r.rulings == []
    assert [i.kind for i in r.irregularities] == ["capture_missed"]  # unchanged


def test_a_correction_demanded_in_time_revalidates_the_rest_from_the_corrected_position() -> None:
    # The opponent demanded the correction at once; play went on with 14x23 from the corrected position.
    moves = [*MISSED, "14x23"]
    r = validate(GameRecord(None, moves), rulings=[Ruling(3, "corrected", "28x19", demanded_in_time=True)])
    assert r.ruling_errors == [] and r.clean and len(r.plies) == 4
    # Without the ruling the recorded 14x23 is itself irregular (no man on 19 to take).
    plain = validate(GameRecord(None, moves))
    assert [i.ply for i in plain.irregularities] == [3, 4]


def test_stands_is_attached_to_the_irregularity() -> None:
    moves = [*MISSED, "23x32"]
    r = validate(GameRecord(None, moves), rulings=[Ruling(3, "stands", comment="opponent let it stand")])
    [irr] = r.irregularities
    assert irr.ruling is not None and irr.ruling.decision == "stands" and irr.ruling.comment == "opponent let it stand"
    assert r.ruling_errors == []


def test_rulings_that_are_not_allowed_give_clear_errors() -> None:
    rulings = [
        Ruling(1, "stands"),  # ply 1 was legal
        Ruling(3, "corrected", "33-29"),  # not legal: a capture is compulsory
        Ruling(9, "stands"),  # no such ply
    ]
    r = validate(GameRecord(None, MISSED), rulings=rulings)
    by_ply = {e.ruling.ply: e for e in r.ruling_errors}
    assert by_ply[1].message == "Ruling on ply 1: there is no irregularity at that ply."
    assert by_ply[3].message == "Ruling on ply 3: the correction 33-29 is not a legal move there; legal: 28x19."
    assert by_ply[9].message == "Ruling on ply 9: the game has no such ply (it has 3)."
    assert [i.ply for i in r.irregularities] == [3]


def test_correction_without_a_move_and_duplicate_rulings() -> None:
    r = validate(GameRecord(None, MISSED), rulings=[Ruling(3, "corrected"), Ruling(3, "stands")])
    templates = [e.message_template for e in r.ruling_errors]
    assert templates == [msg.RUL_CORRECTION_MISSING, msg.RUL_DUPLICATE]


def test_declared_result_against_a_side_without_moves() -> None:
    # White takes Black's last piece: Black cannot move and has lost (seed 000 rule 18a).
    fen = "W:W28,K50:B23"
    won = validate(GameRecord(fen, ["28x19"], declared_result="2-0"))
    assert won.result.status == "consistent" and won.result.expected == "2-0"
    wrong = validate(GameRecord(fen, ["28x19"], declared_result="1-1"))
    assert wrong.result.status == "mismatch"
    assert wrong.result.message == "Black has no legal move in the final position and has lost; the record says 1-1."
    # The chess result family means the same.
    chess_family = validate(GameRecord(fen, ["28x19"], declared_result="1-0"))
    assert chess_family.result.status == "consistent"


def test_a_blocked_side_has_lost() -> None:
    # Black's only man on 36 is blocked by White men on 41 and 47 (it cannot capture 41: 47 is behind it).
    fen = "W:W41,47,K5:B36"
    r = validate(GameRecord(fen, ["5-10"], declared_result="0-2"))
    assert r.final.pieces("B") == {36}
    assert r.result.status == "mismatch" and r.result.expected == "2-0"


def test_result_undetermined_or_doubtful() -> None:
    r = validate(GameRecord(None, ["32-28"], declared_result="0-2"))
    assert r.result.status == "undetermined"
    fen = "W:WK46,36,37:BK5,14,15"
    shuffle = ["46-41", "5-10", "41-46", "10-5"] * 2
    r = validate(GameRecord(fen, shuffle, declared_result="2-0"))
    assert r.draw is not None and r.result.status == "doubtful"
    r = validate(GameRecord(fen, shuffle, declared_result="1-1"))
    assert r.result.status == "consistent"


def test_an_ambiguous_correction_is_refused_and_a_full_path_accepted() -> None:
    fen = "W:WK24:B21,31,38,39,41"  # 24x44 can take two different sets of pieces
    r = validate(GameRecord(fen, ["24x44"]), rulings=[Ruling(1, "corrected", "24x44")])
    [err] = r.ruling_errors
    assert err.message_template == msg.RUL_CORRECTION_AMBIGUOUS and "24x42x26x17x44 or 24x47x36x22x44" in err.message
    ok = validate(GameRecord(fen, ["24x44"]), rulings=[Ruling(1, "corrected", "24x47x44")])
    assert ok.ruling_errors == [] and ok.clean and ok.final.piece_at(21) == "b"
