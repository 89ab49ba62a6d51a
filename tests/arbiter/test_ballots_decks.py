"""The official opening decks (arbiter/ballots/data): counts, every opening replayed by the rules
engine, and independent oracles: pydraughts' published ballot files (MIT, a test dependency), the
ACF barred lists, and positions worked out by hand."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from arbiter import Position, parse_fen
from arbiter.ballots import (
    DECK_NAMES,
    Deck,
    DeckError,
    Opening,
    UnknownDeck,
    all_decks,
    check_opening,
    decks_for,
    load_deck,
    replay_opening,
)
from arbiter.ballots.decks import read_deck_file

# The counts the issue states (issue 28): openings in the deck, and those that may be drawn.
COUNTS = {"fmjd64": (736, 736), "fmjd64-brazilian": (725, 725), "idf150": (150, 150),
          "english-3move": (174, 156), "english-2move": (49, 43)}


def pydraughts_file(name: str) -> dict[str, Any]:
    """One of pydraughts' ballot files (draughts/ballot_files/NAME), read as published."""
    text = resources.files("draughts.ballot_files").joinpath(name).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def squares(pos: Position) -> tuple[frozenset[int], frozenset[int]]:
    """White's and Black's pieces, side to move left out."""
    return pos.pieces("W"), pos.pieces("B")


def test_every_deck_has_the_stated_counts() -> None:
    assert tuple(COUNTS) == DECK_NAMES
    assert {d.name: (d.count, len(d.playable)) for d in all_decks()} == COUNTS


@pytest.mark.parametrize("name", DECK_NAMES)
def test_every_opening_replays_under_each_game_of_its_deck(name: str) -> None:
    """Moves legal from the start position of the game (one legal move each), written in strict PDN
    notation, reaching the FEN stated beside them; setups relocating a man of each side to an empty
    square. Replayed under every game the deck serves (idf150: Russian and Brazilian)."""
    deck = load_deck(name)
    replayed = 0
    for game in deck.games:
        for opening in deck.openings:
            pos = check_opening(deck, opening, game)
            assert pos == parse_fen(opening.fen, game)
            replayed += 1
    assert replayed == deck.count * len(deck.games)


def test_the_games_of_the_decks() -> None:
    assert {d.name: d.games for d in all_decks()} == {
        "fmjd64": ("russian",), "fmjd64-brazilian": ("brazilian",), "idf150": ("russian", "brazilian"),
        "english-3move": ("english",), "english-2move": ("english",)}
    assert [d.name for d in decks_for("brazilian")] == ["fmjd64-brazilian", "idf150"]
    assert [d.name for d in decks_for("international")] == []


def test_positions_worked_out_by_hand() -> None:
    """fmjd64 1-I, 1. ab4 ba5 2. ba3 ab6 3. ab2 dc5: White's a3, b2, a1 go to b4, a3, b2; Black's b6,
    a7, d6 go to a5, b6, c5; White to move. english-3move 4, 9-13 22-17 13x22: Black 9 to 13, White 22
    to 17, Black 13 takes 17 landing on 22. idf150 2-IV, 1. ef4 fe5 2. ab4: White e3, a3 to f4, b4,
    Black f6 to e5, Black to move."""
    fmjd = load_deck("fmjd64")
    assert fmjd.opening("1-I").moves == ("a3-b4", "b6-a5", "b2-a3", "a7-b6", "a1-b2", "d6-c5")
    assert fmjd.position("1-I") == parse_fen(
        "W:Wb4,a3,b2,c1,e1,g1,d2,f2,h2,c3,e3,g3:Bb8,d8,f8,h8,c7,e7,g7,b6,f6,h6,a5,c5", "russian")
    english = load_deck("english-3move")
    assert english.opening("4").moves == ("9-13", "22-17", "13x22")
    assert english.position("4") == parse_fen("W:W21,23-32:B1-8,10-12,22", "english")
    idf = load_deck("idf150")
    assert idf.position("2-IV") == parse_fen(
        "B:Wf4,b4,c3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Be5,b6,d6,h6,a7,c7,e7,g7,b8,d8,f8,h8", "russian")


def test_a_position_opening_is_the_start_with_two_men_moved() -> None:
    """fmjd64 11-IV, a1-a5 a7-h4: the White man of a1 stands on a5, the Black man of a7 on h4."""
    deck = load_deck("fmjd64")
    opening = deck.opening("11-IV")
    assert opening.kind == "setup" and opening.moves == () and opening.setup == ("a1-a5", "a7-h4")
    assert deck.position("11-IV") == parse_fen(
        "W:Wa5,a3,c3,e3,g3,b2,d2,f2,h2,c1,e1,g1:Bb8,d8,f8,h8,c7,e7,g7,b6,d6,f6,h6,h4", "russian")
    kinds = [o.kind for o in deck.openings]
    assert (kinds.count("moves"), kinds.count("setup")) == (344, 392)
    only_black = deck.opening("16-III")
    assert only_black.setup == ("-", "a7-a5")


def test_openings_stay_keyed_by_label_and_the_fmjd_table_has_736_positions() -> None:
    """lidraughts' encoding repeats 15-XV (a3-h4 g7-e5) and 15-XVI (a3-h4 h6-a3) as 16-I and 16-II; its own
    earlier encoding of the table has a3-h4 h6-a5 and a3-h6 h6-c5 in those places (data/README.md), which
    the deck keeps: 736 labels, 736 positions, the labels in the table's order."""
    deck = load_deck("fmjd64")
    assert len({d.fen for d in deck.openings}) == 736
    assert deck.opening("16-I").setup == ("a3-h4", "h6-a5") and deck.opening("16-II").setup == ("a3-h6", "h6-c5")
    assert deck.position("15-XV") != deck.position("16-I")
    assert len(set(deck.labels)) == 736
    assert len({o.fen for o in load_deck("idf150").openings}) == 150


def test_16_i_and_16_ii_are_where_the_older_table_has_them() -> None:
    """pydraughts' older 745-opening table (lidraughts' encoding before June 2020, other labels) lists
    a3-h4 h6-a3, a3-h4 h6-a5, a3-h6 h6-c5 one after the other (VIII-20 to VIII-22), as the FMJD table lists
    15-XVI, 16-I and 16-II; the groups around them follow that older order too (15-XIV, 15-XV before,
    16-III after)."""
    order = [squares(parse_fen(f, "russian", check=False)) for f in pydraughts_file("russian.json")["all"].values()]
    deck = load_deck("fmjd64")
    at = {label: order.index(squares(deck.position(label)))
          for label in ("15-XIV", "15-XV", "15-XVI", "16-I", "16-II", "16-III")}
    assert [at[x] - at["15-XVI"] for x in ("15-XIV", "15-XV", "15-XVI", "16-I", "16-II", "16-III")] == \
        [-2, -1, 0, 1, 2, 3]


def test_every_position_of_the_fmjd_table_has_white_to_move() -> None:
    """A position of the table is the start position with men relocated, White to move (the side to move
    of a set-up is read from its FEN, so the replay cannot check it). lidraughts' encoding says Black for
    22-XV alone; its earlier encoding and every other position say White (data/README.md)."""
    deck = load_deck("fmjd64")
    assert [o.label for o in deck.openings if o.setup and not deck.position(o.label).white_to_move] == []


def test_brazilian_form_omits_eleven_openings_three_of_them_illegal_in_brazilian() -> None:
    russian, brazilian = load_deck("fmjd64"), load_deck("fmjd64-brazilian")
    omitted = [label for label in russian.labels if label not in brazilian.labels]
    assert omitted == ["1-IX", "4-XV", "5-IX", "5-XI", "19-V", "25-XIII", "30-XVI", "40-XIV", "41-XIII",
                       "42-XIV", "43-II"]
    illegal = []
    for label in omitted:
        try:
            replay_opening(russian, russian.opening(label), "brazilian")
        except DeckError as exc:
            illegal.append(label)
            assert "is not a legal move under the brazilian rules" in str(exc)
    assert illegal == ["1-IX", "4-XV", "5-XI"]
    # The same openings otherwise, in Brazilian notation: 1-X's moves, and 3-V's capture written x.
    assert brazilian.opening("1-X").moves == russian.opening("1-X").moves
    assert russian.opening("3-V").moves == ("c3-b4", "b6-c5", "e3-d4", "c5:e3", "f2:d4", "c7-b6")
    assert brazilian.opening("3-V").moves == ("c3-b4", "b6-c5", "e3-d4", "c5xe3", "f2xd4", "c7-b6")


def test_the_replay_check_refuses_a_wrong_move_or_a_wrong_fen() -> None:
    deck = load_deck("english-2move")
    good = deck.opening("1")
    with pytest.raises(DeckError, match="opening 1, ply 2: 21-18 is not a legal move under the english rules"):
        check_opening(deck, Opening("1", ("9-13", "21-18"), good.fen))
    with pytest.raises(DeckError, match="not the stated FEN"):
        check_opening(deck, Opening("1", good.moves, deck.opening("2").fen))
    with pytest.raises(DeckError, match="written '9-13' in strict PDN notation"):
        check_opening(deck, Opening("1", ("09-13", "21-17"), good.fen))
    fmjd = load_deck("fmjd64")
    with pytest.raises(DeckError, match="no W man on a5"):
        check_opening(fmjd, Opening("x", (), fmjd.opening("11-IV").fen, setup=("a5-a1", "-")))


# -- independent oracles: pydraughts' published files ----------------------------------------------

@pytest.mark.parametrize(("name", "published"), [("english-3move", "3move_english.json"),
                                                  ("english-2move", "2move_english.json")])
def test_english_decks_reach_pydraughts_fens_and_moves(name: str, published: str) -> None:
    """pydraughts labels its ballots '001 09-13 21-17 05-09' (number, moves) with the FEN reached."""
    deck, data = load_deck(name), pydraughts_file(published)
    assert len(data["all"]) == deck.count
    for key, fen in data["all"].items():
        number, *moves = key.split()
        opening = deck.opening(str(int(number)))
        assert [m.replace("x", "-") for m in opening.moves] == [
            "-".join(str(int(s)) for s in m.split("-")) for m in moves], key
        assert deck.position(opening.label) == parse_fen(fen, "english"), key


def test_three_move_barred_list_is_acf_and_corrects_pydraughts() -> None:
    """The ACF bars 18 ballots (CheckerBoard's three_move_table marks them OP_BARRED); pydraughts'
    'lost' list has 18 entries but #13 twice and #26 missing."""
    deck = load_deck("english-3move")
    barred = [o.label for o in deck.openings if o.barred]
    assert barred == ["3", "13", "26", "35", "44", "45", "48", "52", "77", "88", "94", "109", "114", "137",
                      "145", "156", "168", "171"]
    lost = pydraughts_file("3move_english.json")["lost"]
    assert len(lost) == 18 and len(set(lost)) == 17
    assert {str(int(k.split()[0])) for k in lost} == set(barred) - {"26"}
    assert deck.opening("26").moves == ("9-13", "24-19", "10-15")


def test_two_move_barred_list() -> None:
    """The six pairs of first moves excluded from the two-move deck (quadibloc.com, 'Two-Move and
    Three-Move Restrictions'), the same as pydraughts' 'lost' list."""
    deck = load_deck("english-2move")
    barred = {o.moves for o in deck.openings if o.barred}
    assert barred == {("9-14", "21-17"), ("9-14", "23-18"), ("10-14", "21-17"), ("10-14", "23-18"),
                      ("11-16", "23-19"), ("12-16", "23-19")}
    lost = pydraughts_file("2move_english.json")["lost"]
    assert {str(int(k.split()[0])) for k in lost} == {o.label for o in deck.openings if o.barred}


def _short(move: str) -> str:
    """Russian short notation of a move: the file it leaves and the square it reaches ('c3-d4' -> 'cd4')."""
    return move[0] + move[-2:]


def test_idf150_matches_pydraughts_labels_moves_and_fens() -> None:
    """pydraughts labels '1-I cd4 ba5 dc5' in short notation; 5-VII is 'Free' (the start position).
    Its FEN for 2-IV is that of 2-V, which the moves of 2-IV do not reach (data/README.md)."""
    deck, data = load_deck("idf150"), pydraughts_file("150russian_and_brazilian.json")
    assert [k.split()[0] for k in data["all"]] == list(deck.labels)
    differ = []
    for key, fen in data["all"].items():
        label, _, moves = key.partition(" ")
        opening = deck.opening(label)
        assert " ".join(_short(m) for m in opening.moves) == ("" if moves == "Free" else moves), key
        if deck.position(label) != parse_fen(fen, "russian"):
            differ.append(label)
    assert differ == ["2-IV"]
    assert parse_fen(data["all"]["2-IV ef4 fe5 ab4"], "russian") == deck.position("2-V")


def test_fmjd64_positions_occur_in_pydraughts_older_table() -> None:
    """pydraughts' russian.json is an older 745-opening table with other labels; every position of the
    FMJD table but 43-XIII occurs in it (side to move left aside)."""
    published = {squares(parse_fen(f, "russian", check=False))
                 for f in pydraughts_file("russian.json")["all"].values()}
    deck = load_deck("fmjd64")
    missing = [o.label for o in deck.openings if squares(deck.position(o.label)) not in published]
    assert missing == ["43-XIII"]


# -- the data files -------------------------------------------------------------------------------

def test_unknown_deck_names_the_decks() -> None:
    with pytest.raises(UnknownDeck, match="unknown deck 'fmjd100'; the decks are: fmjd64, fmjd64-brazilian, "
                                          "idf150, english-3move, english-2move"):
        load_deck("fmjd100")


START_21_17 = "B:W17,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,10,11,12,13"
HEADER = ("name: t\ntitle: T\ngame: english\nversion: 1\nsource: here\ncount: {count}\nplayable: {playable}\n"
          "\n")


@pytest.mark.parametrize(("text", "message"), [
    (HEADER.format(count=1, playable=1) + f"1\tmoves\t9-13 21-17\t{START_21_17}\tplayable\n", None),
    (HEADER.format(count=2, playable=1) + "1\tmoves\t9-13 21-17\tB:W17,22-32:B1-8,10-13\tplayable\n",
     "t.txt: header says count 2, the file holds 1"),
    (HEADER.format(count=1, playable=1) + "1\tmoves\t9-13 21-17\n", "t.txt, line 9: expected 5 tab-separated"),
    (HEADER.format(count=1, playable=1) + "1\tmove\t9-13\tB:W1:B2\tplayable\n", "t.txt, line 9: kind must be"),
    (HEADER.format(count=2, playable=2) + "1\tmoves\t9-13\tB:W1:B2\tplayable\n1\tmoves\t9-14\tB:W1:B2\tplayable\n",
     "t.txt, line 10: repeated label '1'"),
    (HEADER.format(count=1, playable=1) + "1\tsetup\ta1-a5\tB:W1:B2\tplayable\n", "two relocations"),
    ("name: t\ntitle: T\n\n", "t.txt: header misses game, version, source, count, playable"),
    ("name: t\nlabel 1\n\n", "t.txt, line 2: expected a header line"),
    (HEADER.replace("english", "chess").format(count=0, playable=0), "unknown variant 'chess'"),
])
def test_a_damaged_deck_file_is_refused_naming_file_and_line(tmp_path: Path, text: str,
                                                            message: str | None) -> None:
    path = tmp_path / "t.txt"
    path.write_text(text, encoding="utf-8")
    if message is None:
        deck = read_deck_file(path)
        assert isinstance(deck, Deck) and deck.labels == ("1",)
        check_opening(deck, deck.openings[0])
        return
    with pytest.raises(DeckError) as exc:
        read_deck_file(path)
    assert message in str(exc.value)
