"""Draw rules on replayed games, and automatic rulings on draw claims (``rule_on_claim``).

The games shuffle kings between squares where no capture is ever possible (each test checks the
game is clean), so only the draw rule under test decides.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from arbiter import messages as msg
from arbiter.claims import ClaimError, rule_on_claim
from arbiter.pdn import read_pdn
from arbiter.profiles import Profile, get_profile
from arbiter.validator import GameRecord, ValidationReport, validate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pdn"


def profile(base: str = "international", **draw: object) -> Profile:
    """``base`` with its draw rules changed (a tournament's or an older edition's settings)."""
    p = get_profile(base)
    return dataclasses.replace(p, draw=dataclasses.replace(p.draw, **draw))  # type: ignore[arg-type]


def shuffle(white: tuple[str, str], black: tuple[str, str], plies: int, black_first: bool = False) -> list[str]:
    """Kings going to and fro: White a-b, Black c-d, b-a, d-c, ..."""
    w = [f"{white[0]}-{white[1]}", f"{white[1]}-{white[0]}"]
    b = [f"{black[0]}-{black[1]}", f"{black[1]}-{black[0]}"]
    first, second = (b, w) if black_first else (w, b)
    out = []
    for i in range(plies):
        side = first if i % 2 == 0 else second
        out.append(side[(i // 2) % 2])
    return out


def run(fen: str, moves: list[str], prof: Profile | str = "international") -> ValidationReport:
    r = validate(GameRecord(fen, moves), prof)
    assert r.clean, [i.message for i in r.irregularities]
    return r


def first(r: ValidationReport, rule: str) -> int | None:
    return next((c.ply for c in r.draw_conditions if c.rule == rule), None)


KINGS_AND_MEN = "W:WK46,36,37:BK5,14,15"  # kings 46-41 and 5-10 never meet a capture
SHUFFLE = (("46", "41"), ("5", "10"))


def test_threefold_repetition_holds_at_the_third_occurrence() -> None:
    r = run(KINGS_AND_MEN, shuffle(*SHUFFLE, 12))
    assert first(r, "threefold_repetition") == 8
    assert r.draw is not None and (r.draw.rule, r.draw.ply) == ("threefold_repetition", 8)
    assert r.draw.evidence_plies == (0, 4, 8)
    c = rule_on_claim(r, 8, "threefold_repetition")
    assert c.upheld and c.evidence_plies == (0, 4, 8)
    assert c.explanation == ("The position after ply 8 occurred for the third time, with the same side to move "
                             "(plies 0, 4, 8) (FMJD 6.1).")
    c7 = rule_on_claim(r, 7, "threefold_repetition")
    assert not c7.upheld and c7.evidence_plies == (3, 7) and c7.explanation_template == msg.DRAW_THREEFOLD_NOT


def test_repetitions_produced_by_the_same_player_option() -> None:
    # Seed 000 rule 19d: the start position was produced by no player, so it does not count.
    r = run(KINGS_AND_MEN, shuffle(*SHUFFLE, 16), profile(repetition_same_player=True))
    assert first(r, "threefold_repetition") == 9  # after 1, 5, 9 (produced by White each time)
    assert rule_on_claim(r, 8, "threefold_repetition").upheld is False


NO_REPETITION = profile(threefold_repetition=False)


def test_25_move_rule_holds_after_ply_50_not_49() -> None:
    r = run(KINGS_AND_MEN, shuffle(*SHUFFLE, 60), NO_REPETITION)
    assert first(r, "25_move") == 50
    assert not rule_on_claim(r, 49, "25_move").upheld
    c = rule_on_claim(r, 50, "25_move")
    assert c.upheld and c.evidence_plies == (0,)
    assert "49 of the 50 plies" in rule_on_claim(r, 49, "25_move").explanation


def test_25_move_count_starts_after_the_last_man_move() -> None:
    moves = ["36-31", *shuffle(*SHUFFLE, 60, black_first=True)][:60]
    r = run(KINGS_AND_MEN, moves, NO_REPETITION)
    assert first(r, "25_move") == 51
    assert rule_on_claim(r, 51, "25_move").evidence_plies == (1,)


THREE_KINGS = "W:WK29,K31,K42:BK25"
THREE_SHUFFLE = (("29", "23"), ("25", "3"))


def test_16_move_rule_holds_after_32_plies_not_31() -> None:
    r = run(THREE_KINGS, shuffle(*THREE_SHUFFLE, 40), NO_REPETITION)
    assert first(r, "16_move") == 32
    assert not rule_on_claim(r, 31, "16_move").upheld
    c = rule_on_claim(r, 32, "16_move")
    assert c.upheld and c.evidence_plies == (0,)
    assert c.explanation.startswith("A lone king against 3 pieces, 3 of them kings, since ply 0: 32 plies")


def test_16_move_count_starts_after_the_capture_that_creates_the_material() -> None:
    # Black's lone king takes the White man at ply 1, leaving three kings against one.
    moves = ["22x50", *shuffle(("15", "10"), ("50", "44"), 39)]
    r = run("B:W44,K15,K43,K46:BK22", moves, NO_REPETITION)
    assert first(r, "16_move") == 33
    assert not rule_on_claim(r, 32, "16_move").upheld
    assert rule_on_claim(r, 33, "16_move").evidence_plies == (1,)


def test_5_move_rule_two_kings_and_king_against_king() -> None:
    r = run("W:WK2,K25:BK28", shuffle(("2", "7"), ("28", "22"), 14), NO_REPETITION)
    assert first(r, "5_move") == 10
    assert not rule_on_claim(r, 9, "5_move").upheld and rule_on_claim(r, 10, "5_move").upheld
    kk = run("W:WK39:BK49", shuffle(("39", "33"), ("49", "32"), 12), NO_REPETITION)
    assert first(kk, "5_move") == 10
    immediate = run("W:WK39:BK49", shuffle(("39", "33"), ("49", "32"), 2), profile(king_against_king_immediate=True))
    assert first(immediate, "king_against_king") == 1


OLD_GERMAN = profile(threefold_repetition=False, sixteen_move_rule=False, three_kings_against_one_rule=True)


def test_three_kings_against_one_counts_from_the_lone_king() -> None:
    # Seed 000 rule 19b: 10 moves each, counted from the lone king's first move.
    black_first = run("B:WK29,K31,K42:BK25", shuffle(*THREE_SHUFFLE, 30, black_first=True), OLD_GERMAN)
    assert first(black_first, "three_kings") == 20
    white_first = run(THREE_KINGS, shuffle(*THREE_SHUFFLE, 30), OLD_GERMAN)
    assert first(white_first, "three_kings") == 21
    assert rule_on_claim(white_first, 21, "three_kings").evidence_plies == (1,)


def test_three_kings_only_3_moves_when_the_lone_king_holds_the_long_diagonal() -> None:
    r = run("B:WK48,K22,K47:BK46", shuffle(("48", "42"), ("46", "32"), 20, black_first=True), OLD_GERMAN)
    assert first(r, "three_kings") == 6


def test_brettspielnetz_25_moves_without_capture_or_promotion() -> None:
    german = profile("german", threefold_repetition=False)
    # A man move at ply 1 does not reset the count (unlike the FMJD 25-move rule).
    moves = ["4-8", *shuffle(("26", "22"), ("1", "5"), 60)][:60]
    r = run("B:WK26,29:BK1,4", moves, german)
    assert first(r, "no_capture_or_promotion") == 50
    assert get_profile("german").draw.king_moves_only_limit is None


def test_claim_with_any_rule_and_rejections() -> None:
    r = run(KINGS_AND_MEN, shuffle(*SHUFFLE, 12))
    c = rule_on_claim(r, 8)
    assert c.upheld and c.rule == "threefold_repetition"
    no = rule_on_claim(r, 5)
    assert not no.upheld and no.rule is None and no.explanation.startswith("After ply 5 no draw rule holds:")
    off = rule_on_claim(r, 8, "no_capture_or_promotion")
    assert not off.upheld and off.explanation_template == msg.DRAW_DISABLED
    with pytest.raises(ClaimError, match="Unknown draw rule fifty; known rules: 16_move"):
        rule_on_claim(r, 8, "fifty")
    with pytest.raises(ClaimError, match="plies 0 to 12"):
        rule_on_claim(r, 13)


def test_claims_accept_the_game_itself() -> None:
    c = rule_on_claim(GameRecord(KINGS_AND_MEN, shuffle(*SHUFFLE, 8)), 8, "threefold_repetition")
    assert c.upheld


def test_draw_by_agreement_only_from_move_40() -> None:
    games = read_pdn((FIXTURES / "international" / "nk_ronde_01.pdn").read_text(encoding="utf-8")).games
    long_game = next(g for g in games if len(g.moves) >= 82)
    r = validate(long_game)
    assert r.plies[0].side == "W"
    assert not rule_on_claim(r, 79, "agreement", min_agreement_move=40).upheld
    ok = rule_on_claim(r, 80, "agreement", min_agreement_move=40)
    assert ok.upheld and ok.params["white_moves"] == 40 and ok.params["black_moves"] == 40
    assert rule_on_claim(r, 3, "agreement").upheld  # no minimum set by the profile
    tournament = profile(min_agreement_move=40)
    assert not rule_on_claim(validate(long_game, tournament), 79, "agreement").upheld


def test_a_capture_resets_the_repetition_history() -> None:
    # 32-28 19-23 28x19 14x23: every ply irreversible; no rule can hold.
    r = validate(GameRecord(None, ["32-28", "19-23", "28x19", "14x23"]))
    assert r.draw_conditions == []
    assert rule_on_claim(r, 4, "threefold_repetition").evidence_plies == (4,)


def test_english_40_move_rule_holds_after_ply_80_not_79() -> None:
    # WCDF: 40 moves each with no man advanced and no piece captured; Black moves first.
    r = run("B:WK32,K28:BK1,K5", shuffle(("1", "6"), ("32", "27"), 90), profile("english", threefold_repetition=False))
    assert first(r, "25_move") == 80  # the king-moves-only rule, its limit from the profile
    assert not rule_on_claim(r, 79, "25_move").upheld
    c = rule_on_claim(r, 80, "25_move")
    assert c.upheld and "40 moves each" in c.explanation


RUSSIAN_LONG_DIAGONAL = "W:WK30,K31,K32:BK4"  # three kings against a lone king on a1-h8 (squares 4 and 8)
DIAGONAL_SHUFFLE = shuffle(("30", "26"), ("4", "8"), 40)


def test_russian_three_kings_against_a_lone_king_on_the_long_diagonal() -> None:
    r = run(RUSSIAN_LONG_DIAGONAL, DIAGONAL_SHUFFLE, profile("russian", threefold_repetition=False))
    assert first(r, "long_diagonal") == 10 and first(r, "kings_against_lone_king") == 30
    assert first(r, "25_move") == 30  # 7.2.5: 15 moves of kings only, at the same ply
    c = rule_on_claim(r, 10, "long_diagonal")
    assert c.upheld and c.evidence_plies == (0,) and "Russian rules 7.2.7" in c.explanation
    assert not rule_on_claim(r, 9, "long_diagonal").upheld
    assert rule_on_claim(r, 30, "kings_against_lone_king").explanation.endswith("(Russian rules 7.2.4).")


def test_russian_rules_are_off_under_the_fmjd_rules_on_the_same_board() -> None:
    # Brazilian draughts (FMJD rules on 8x8): the same game falls under the 16-move rule instead.
    r = run(RUSSIAN_LONG_DIAGONAL, DIAGONAL_SHUFFLE, profile("brazilian", threefold_repetition=False))
    assert first(r, "long_diagonal") is None and first(r, "kings_against_lone_king") is None
    assert first(r, "16_move") == 32
    assert rule_on_claim(r, 30, "long_diagonal").explanation_template == msg.DRAW_DISABLED


def test_russian_unchanged_material_60_moves_with_six_pieces() -> None:
    # 7.2.6: 3K+M against K+M (six pieces, kings on both sides): 60 moves each, 120 plies.
    r = run("W:WK30,K31,K32,21:BK4,1", DIAGONAL_SHUFFLE * 4,
            profile("russian", threefold_repetition=False, king_moves_only_limit=None))
    assert first(r, "unchanged_material") == 120
    assert not rule_on_claim(r, 119, "unchanged_material").upheld
    c = rule_on_claim(r, 120, "unchanged_material")
    assert c.upheld and c.evidence_plies == (0,)
    assert c.explanation.endswith("at most 60 moves each; the draw holds (Russian rules 7.2.6).")
