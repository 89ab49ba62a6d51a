"""The move-entry endpoint: live validation, irregularities at their move, ambiguous captures, garbage."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.games.conftest import OPENING

# White king on 47 can take three pieces two ways, ending on 3 (found with the engine).
AMBIGUOUS_FEN = "W:WK47:B5,6,8,15,28,30,32,42"


def check(client, game, text):
    return client.post(reverse("games:check_moves", args=[game.pk]), {"moves": text}, HTTP_HX_REQUEST="true")


def test_legal_moves_are_accepted_and_the_board_follows(game, login, player):
    r = check(login(player), game, OPENING)
    body = r.content.decode()
    assert r.status_code == 200
    assert "10 plies, all legal." in body
    assert 'class="ply irregular' not in body
    # The board is swapped out of band and shows the position after the last ply.
    assert 'hx-swap-oob="true"' in body and f'id="board-{game.pk}"' in body


def test_missed_capture_is_highlighted_at_its_move_with_the_explanation(game, login, player):
    r = check(login(player), game, "1. 32-28 19-23 2. 31-27 23x32")
    body = r.content.decode()
    assert 'class="ply irregular' in body
    assert "Move 2, White 31-27 does not capture, but capturing is compulsory: 28x19" in body


def test_explanations_are_rendered_from_translated_template_and_words():
    from unittest import mock

    from games.services.validation import check_moves

    catalogue = {"White": "Weiss", "Black": "Schwarz"}
    with mock.patch("games.services.validation._", side_effect=lambda s: catalogue.get(s, s)):
        chk = check_moves("1. 32-28 19-23 2. 31-27", "international")
    assert "Move 2, Weiss 31-27 does not capture" in chk.plies[2]["message"]


def test_ambiguous_capture_asks_which_path(game, login, arbiter):
    game.start_fen = AMBIGUOUS_FEN
    game.save()
    r = check(login(arbiter), game, "1. 47x3")
    body = r.content.decode()
    assert "Which path?" in body
    assert 'data-replacement="47x38x21x3"' in body and 'data-replacement="47x33x17x3"' in body
    # The buttons know where the move is in the text so that they can rewrite it.
    assert 'data-start="3" data-end="7"' in body


@pytest.mark.parametrize(
    "garbage",
    [
        "",
        "hello world",
        "1. 99-100",
        "32-28 32-28 32-28",
        "{ unterminated comment 32-28",
        "((((",
        "[Event \"x\"]",
        "1-1 2-0 *",
        "\x00\x01\x02",
        "漢字 ☃ 32‒28",
        "x" * 25_000,
        "1. 32-28 " * 300,
    ],
)
def test_garbage_never_gives_a_server_error(garbage, game, login, player):
    r = check(login(player), game, garbage)
    assert r.status_code == 200


def test_unreadable_text_is_reported_with_line_and_column(game, login, player):
    body = check(login(player), game, "1. 32-28 19-23\n2. 28x19 %%% 14x23").content.decode()
    assert "Line 2, column" in body


def test_a_move_with_no_piece_stops_the_replay_with_the_reason(game, login, player):
    body = check(login(player), game, "1. 32-28 19-23 2. 27-22").content.decode()
    assert "there is no White piece on square 27" in body
    assert "cannot be replayed further" in body


def test_board_steps_through_the_posted_moves(game, login, player):
    client = login(player)
    r = client.post(reverse("games:board", args=[game.pk]), {"moves": OPENING, "ply": 1})
    body = r.content.decode()
    assert "After 1. White 32-28" in body
    assert 'data-ply="1"' in body
    r = client.post(reverse("games:board", args=[game.pk]), {"moves": OPENING, "ply": 999})
    assert 'data-ply="10"' in r.content.decode()
    r = client.post(reverse("games:board", args=[game.pk]), {"moves": OPENING, "ply": "abc"})
    assert r.status_code == 404


def test_game_page_shows_the_entry_form(game, login, player):
    body = login(player).get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'hx-trigger="keyup changed delay:400ms' in body
    assert 'name="result" value="2-0"' in body
    assert "js/board.js" in body


def test_black_player_sees_the_board_from_blacks_side_and_can_turn_it(game, login, opponent, player):
    body = login(opponent).get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'data-flipped="1"' in body
    body = check(login(opponent), game, OPENING).content.decode()
    assert 'data-flipped="1"' in body
    r = login(opponent).post(reverse("games:board", args=[game.pk]), {"moves": OPENING, "ply": 2, "flip": 0})
    assert 'data-flipped="0"' in r.content.decode()
    assert 'data-flipped="0"' in login(player).get(reverse("games:game", args=[game.pk])).content.decode()


def test_viewer_steps_through_the_stored_game(client, game):
    game.moves = OPENING
    game.save()
    body = client.get(reverse("games:view", args=[game.pk])).content.decode()
    assert 'data-ply="10"' in body and "After 5. Black 20-24" in body
    r = client.get(reverse("games:board", args=[game.pk]), {"ply": 3, "flip": 1})
    assert 'data-ply="3"' in r.content.decode() and 'data-flipped="1"' in r.content.decode()
    assert "After 2. White 28x19" in r.content.decode()


def test_a_validator_failure_keeps_the_page_working(game, login, player):
    from unittest import mock

    with mock.patch("games.services.validation.validate", side_effect=RuntimeError("boom")):
        r = check(login(player), game, OPENING)
    assert r.status_code == 200
    assert "could not be checked" in r.content.decode()


def test_moves_read_the_same_with_or_without_move_numbers():
    import re as _re

    from games.services.validation import check_moves

    bare = _re.sub(r"\d+\.\s*", "", OPENING)
    assert bare.startswith("32-28 19-23 28x19")
    with_numbers, without = check_moves(OPENING, "international"), check_moves(bare, "international")
    assert with_numbers.ok and without.ok
    assert with_numbers.report.final == without.report.final
    assert [p["number"] for p in without.plies] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_entry_page_starts_with_the_moves_the_player_submitted(game, login, player, opponent):
    from games.services.results import submit_result

    submit_result(game, "2-0", user=player, moves=OPENING)
    body = login(player).get(reverse("games:game", args=[game.pk])).content.decode()
    assert f">{OPENING}</textarea>" in body and "10 plies, all legal." in body
    # The opponent's box stays empty: they record their own scoresheet.
    assert "></textarea>" in login(opponent).get(reverse("games:game", args=[game.pk])).content.decode()
