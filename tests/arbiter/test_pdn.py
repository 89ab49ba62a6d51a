"""PDN reading and writing: every fixture file round trips; broken games give located errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter import (
    apply_move,
    find_moves,
    initial_position,
    legal_moves,
    moves_to_movetext,
    normalise_result,
    parse_fen,
    read_pdn,
    variant_from_game_type,
    write_game,
    write_pdn,
)
from arbiter.detect import resolve_by_replay

PDN_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "pdn"
# The junk cases (tests/fixtures/pdn/junk) hold unreadable games on purpose: test_pdn_tolerant reads them.
FILES = sorted(p for p in PDN_DIR.glob("*/*.pdn") if p.parent.name != "junk")


def _read(name: str) -> str:
    return (PDN_DIR / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_fixture_file_reads_and_round_trips(path: Path) -> None:
    first = read_pdn(path.read_text(encoding="utf-8"))
    assert first.games, "every fixture file holds at least one readable game"
    assert first.errors == []
    text = write_pdn(first.games)
    second = read_pdn(text)
    assert second.errors == []
    assert second.games == first.games
    assert write_pdn(second.games) == text, "writing is deterministic"


def test_fixture_games_replay_with_few_unmatched_moves() -> None:
    # The real-world files contain a handful of known quirks (ambiguous short captures such as
    # 36x16 in schildpad); everything else must replay as legal moves.
    ok = unmatched = 0
    for path in FILES:
        for game in read_pdn(path.read_text(encoding="utf-8")).games:
            resolve_by_replay(game)  # files without a GameType: the variant the check would use
            pos = game.start_position()
            for mv in game.moves:
                found = find_moves(pos, mv.text)
                if len(found) != 1:
                    unmatched += 1
                    break
                pos = apply_move(pos, found[0])
                ok += 1
    # The Italian corpus file adds one more ambiguous last move (3x26): see test_validator_fixtures.
    assert ok > 25_000 and unmatched <= 6


def test_tags_moves_and_result() -> None:
    game = read_pdn(_read("international/Cat.A1.pdn")).games[0]
    assert list(game.tags)[:3] == ["Event", "Site", "Date"]
    assert game.fen == "W:W7,26,28,33,44,46,50:B8,14,17,24,34,37,39."
    assert game.start_position() == parse_fen("W:W7,26,28,33,44,46,50:B8,14,17,24,34,37,39")
    first = game.moves[0]
    assert (first.text, first.number, first.side, first.line) == ("46-41", 1, "W", 12)
    assert game.result == "1-0" and game.normalised_result == "2-0"


def test_variations_strength_nags_comments() -> None:
    game = read_pdn(_read("syntax/variation.pdn")).games[0]
    assert [m.text for m in game.moves] == ["32-28", "19-23", "28x19", "14x23"]
    var = game.moves[1].variations[0]
    assert [(m.number, m.side, m.text) for m in var.moves] == [(1, "B", "18-23"), (2, "W", "38-32"),
                                                               (2, "B", "12-18")]
    inner = var.moves[1].variations[0].moves
    assert inner[0].strength == "?" and inner[1].strength == "!" and inner[1].comments == ["Black wins"]
    strength = read_pdn(_read("syntax/movestrength.pdn")).games[0]
    assert [m.strength for m in strength.moves] == ["!?", "(!?!!!)", ""]
    forced = read_pdn("1. 32-28 1-6* 2. 33-29 $3 {good} *").games[0]
    assert forced.moves[1].nags == ["$7"] and forced.moves[2].nags == ["$3"] and forced.moves[2].comments == ["good"]


def test_space_padded_squares_and_leading_zeros() -> None:
    game = read_pdn("1. 32-28 1- 6 2. 28x 19 06-11 *").games[0]
    assert [m.text for m in game.moves] == ["32-28", "1-6", "28x19", "6-11"]
    assert game.moves[1].raw == "1- 6"


def test_black_first_numbering_for_english() -> None:
    game = read_pdn(_read("other-variants/OCA_2.0-english.pdn")).games[0]
    # Read alone, the squares and first moves leave English and the games with the same start (pool, and
    # Spanish numbering) open: English is the default of that family; the replay settles it (test_detect).
    assert game.variant == "english" and game.variant_candidates[0] == "english"
    assert [(m.number, m.side) for m in game.moves[:3]] == [(1, "B"), (1, "W"), (2, "B")]


def test_russian_inferred_from_alphanumeric_squares() -> None:
    game = read_pdn(_read("other-variants/ussr1947-russian.pdn")).games[0]
    assert game.variant == "russian"
    assert game.tags["White"] == "Блиндер Б."


@pytest.mark.parametrize(("value", "variant"), [
    ("20", "international"), ("20,W,10,10,N2,0", "international"), ("20,W,10,10,N1,0", "international"),
    ("21", "english"), ("25,W,8,8,A0,0", "russian"), ("26", "brazilian"), ("22", "italian"), ("23", "pool"),
    ("24", "spanish"), ("27", "canadian"), ("28", "portuguese"), ("29", "czech"), ("30", "turkish"), ("31", "thai"),
    ("40", "frisian"), ("41", None), ("garbage", None),
])
def test_game_type(value: str, variant: str | None) -> None:
    assert variant_from_game_type(value) == variant


@pytest.mark.parametrize(("text", "normal"), [
    ("2-0", "2-0"), ("1-0", "2-0"), ("0-1", "0-2"), ("1/2-1/2", "1-1"), ("1-1", "1-1"), ("0-0", "0-0"),
    ("*", "*"), ("\u00bd-\u00bd", "1-1"), ("4-6", None), ("huh", None),
])
def test_result_normalisation(text: str, normal: str | None) -> None:
    assert normalise_result(text) == normal


def test_delfts_result_is_not_a_move() -> None:
    games = read_pdn(_read("international/delfts.pdn")).games
    assert [g.result for g in games] == ["4-6", "1-9"]
    assert games[0].moves[-1].text == "13-19"


def test_result_tokens_are_not_split() -> None:
    game = read_pdn("1. 32-28 1-18 2-0").games[0]
    assert [m.text for m in game.moves] == ["32-28", "1-18"] and game.result == "2-0"


def test_many_games_without_tags() -> None:
    result = read_pdn("1. 32-28 19-23 2-0\n1. 33-28 0-2\n1. 34-29 *")
    assert [len(g.moves) for g in result.games] == [2, 1, 1]
    assert [g.index for g in result.games] == [1, 2, 3]


BROKEN = """[Event "one"]
1. 32-28 19-23 2-0

[Event "two"]
1. 32-28 { never closed
2. 28x19 14x23 *

[Event "three"]
1. 33-28 @@ 18-23 *

[Event "four"
1. 34-29 *

[Event "five"]
1. 31-26 ) *

[Event "six"]
1. 35-30 (20-25 *

[Event "seven"]
1. 32-27 0-2
"""


def test_broken_games_give_errors_with_line_and_column_and_others_are_read() -> None:
    result = read_pdn(BROKEN)
    # Game four's broken tag line loses the tag, not the game (issue 17: drop only what cannot be read).
    assert [g.tags.get("Event") for g in result.games] == ["one", None, "seven"]
    assert [g.index for g in result.games] == [1, 4, 7]
    located = [(e.game, e.line, e.column) for e in result.errors]
    assert located == [(2, 5, 10), (3, 9, 10), (5, 15, 10), (6, 18, 17)]
    messages = [e.message for e in result.errors]
    assert "unterminated comment" in messages[0]
    assert "'@@'" in messages[1]
    assert "')'" in messages[2]
    assert "')' missing" in messages[3]
    assert str(result.errors[0]).startswith("game 2, line 5, column 10:")
    [warning] = result.warnings
    assert (warning.game, warning.line, warning.column) == (4, 11, 1) and "Event" in warning.message
    assert result.games[1].warnings == [warning]


def test_write_game_is_strict_pdn() -> None:
    game = read_pdn('[Event "x \\"q\\""]\n1. 32-28 1- 6 {c} 2. 28x 19 *').games[0]
    text = write_game(game)
    assert text == '[Event "x \\"q\\""]\n\n1. 32-28 1-6 {c} 2. 28x19 *\n'


def test_moves_to_movetext_numbers_and_strict_notation() -> None:
    pos = initial_position()
    played = []
    for text in ("32-28", "19-23", "28x19"):
        (mv,) = find_moves(pos, text)
        played.append(mv)
        pos = apply_move(pos, mv)
    assert moves_to_movetext(initial_position(), played, "*") == "1. 32-28 19-23 2. 28x19 *"
    black_first = parse_fen("B:W32:B19")
    mv = legal_moves(black_first)[0]
    assert moves_to_movetext(black_first, [mv]).startswith("1... 19-")


def test_unreadable_fen_tag_is_an_error_of_its_game() -> None:
    text = '[Event "a"]\n[FEN "W:W31,99:B1"]\n1. 31-27 *\n\n[Event "b"]\n[FEN "W:W31:B1."]\n1. 31-27 *\n'
    result = read_pdn(text)
    assert [g.tags["Event"] for g in result.games] == ["b"]
    (error,) = result.errors
    assert (error.game, error.line, error.column) == (1, 2, 1)
    assert "FEN tag" in error.message and "99" in error.message


def test_quirks_black_to_move_wrappers_line_comments_placeholders() -> None:
    game = read_pdn('[FEN "B:W31-50:B1-20"]\n1. ... 19-23 2. 32-28 *').games[0]
    assert [(m.number, m.side) for m in game.moves] == [(1, "B"), (2, "W")]
    assert read_pdn('[pdn][Event "x"]\n1. 32-28 *[/pdn]').games[0].tags == {"Event": "x"}
    commented = read_pdn("% escape line\n1. 32-28 {a} ; rest of line\n 19-23 *").games[0]
    assert commented.moves[0].comments == ["a", "rest of line"] and commented.moves[1].text == "19-23"
    unknown = read_pdn("41. - - 42. 32-28 *").games[0]
    assert [m.text for m in unknown.moves] == ["--", "--", "32-28"]
    spaced = read_pdn("1. 32-28 (?) 19-23 *").games[0]
    assert spaced.moves[0].strength == "(?)" and not spaced.moves[0].variations
    empty = read_pdn("1. 2-0").games[0]
    assert empty.moves == [] and empty.result == "2-0"


def test_variant_tags_name_every_profile_so_the_reader_gives_it_back() -> None:
    from arbiter import PROFILES, variant_tags

    assert variant_tags("english") == {"GameType": "21,B,8,8,N1,0"}
    assert variant_tags("german") == {"GameType": "21,B,8,8,N1,0", "Variant": "german"}
    for name in PROFILES:
        text = "".join(f'[{k} "{v}"]\n' for k, v in variant_tags(name).items()) + "\n*\n"
        assert read_pdn(text).games[0].variant == name


def test_german_game_round_trips_as_german_not_english() -> None:
    from arbiter import validate, variant_tags
    from arbiter.pdn import PdnGame, PdnMove

    game = PdnGame(tags={"Event": "Club", **variant_tags("german")},
                   moves=[PdnMove("11-15", 1, "B"), PdnMove("23-19", 1, "W"), PdnMove("8-11", 2, "B")],
                   result="*", variant="german")
    text = write_game(game)
    back = read_pdn(text).games[0]
    assert back.variant == "german" and back.variant_source == "tag"
    assert write_game(back) == text
    report = validate(back)
    assert report.profile.name == "german" and report.clean
    assert report.profile.draw.no_capture_or_promotion_limit == 25


@pytest.mark.parametrize(("tags", "variant", "source"), [
    ('[GameType "21"]', "english", "tag"),  # 21 alone is English
    ('[GameType "21"][Variant "German"]', "german", "tag"),  # case-insensitive
    ('[GameType "20"][Variant "german"]', "international", "tag"),  # another number: GameType wins
    ('[Variant "german"]', "german", "tag"),
    ('[Variant "Standard"]', "international", "default"),  # not a profile name: ignored
])
def test_variant_tag_refines_only_a_game_type_of_the_same_number(tags: str, variant: str, source: str) -> None:
    game = read_pdn(tags + "\n\n*\n").games[0]
    assert (game.variant, game.variant_source) == (variant, source)


def test_setup_and_fen_tags_start_the_game_from_the_fen_and_are_kept() -> None:
    text = '[SetUp "1"]\n[FEN "W:W28:B23,25"]\n\n1. 28x19 25-30 *\n'
    game = read_pdn(text).games[0]
    assert game.fen == "W:W28:B23,25"
    assert [m.text for m in game.moves] == ["28x19", "25-30"]
    assert write_game(game) == text
