"""Issue 14 item 9: one limit for stored move text (``tournaments.vocabulary.MAX_MOVE_TEXT``), applied
wherever moves come from, with a clear message; the live check replays a text once, not per request."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from games.models import Game, ResultSubmission
from games.services import GameError, validation
from games.services.pdn_export import game_to_pdn
from games.services.pdn_import import import_pdn_text
from games.services.results import enter_result, submit_result
from tournaments.vocabulary import MAX_MOVE_TEXT

# Two kings shuffling: legal for as long as one likes (2,400 plies make about 19,000 characters).
FEN = "W:WK47:BK4"
CYCLE = ["47-42", "4-10", "42-47", "10-4"]


def shuffle(plies: int) -> str:
    moves = (CYCLE * (plies // 4 + 1))[:plies]
    return " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else m for i, m in enumerate(moves))


def over_limit() -> str:
    text = shuffle(2600)
    assert len(text) > MAX_MOVE_TEXT
    return text


def test_a_result_with_moves_over_the_limit_is_refused_with_the_figures(game, player, arbiter):
    text = over_limit()
    message = f"The move text is too long: {len(text)} characters, at most {MAX_MOVE_TEXT}."
    with pytest.raises(GameError) as exc:
        submit_result(game, "2-0", user=player, moves=text)
    assert exc.value.message == message
    with pytest.raises(GameError):
        enter_result(game, "2-0", arbiter, moves=text)
    assert not ResultSubmission.objects.filter(game=game).exists()


def test_the_form_says_the_same_limit(game, player, login):
    r = login(player).post(reverse("games:submit", args=[game.pk]), {"result": "2-0", "moves": over_limit()},
                           follow=True)
    assert f"at most {MAX_MOVE_TEXT} characters" in r.content.decode()
    assert not ResultSubmission.objects.filter(game=game).exists()


def test_the_models_refuse_it_too_so_an_archive_cannot_bring_it_in(game):
    """The archive import runs ``clean_fields`` on every row it stores."""
    game.moves = over_limit()
    with pytest.raises(ValidationError) as exc:
        game.clean_fields(exclude=["board", "tournament"])
    assert "moves" in exc.value.message_dict


def test_a_pdn_game_over_the_limit_is_an_error_of_the_report(tournament, published_round, arbiter, monkeypatch):
    monkeypatch.setattr(validation, "MAX_MOVE_TEXT", 40)
    text = ('[Round "1"]\n[White "Jansen, Piet"]\n[Black "Müller, Jürgen"]\n[Result "2-0"]\n\n'
            '1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 41-37 5-10 2-0\n')
    report = import_pdn_text(tournament, text, arbiter)
    assert not report["stored"] and not report["doubtful"]
    assert report["errors"][0]["message"].startswith("The move text is too long:")
    assert not Game.objects.exclude(moves="").exists()


def test_the_live_check_and_the_board_steps_replay_a_text_once(game, player, login):
    client = login(player)
    text = shuffle(400)
    game.start_fen = FEN
    game.save()
    with mock.patch("games.services.validation.validate", wraps=validation.validate) as replay:
        assert client.post(reverse("games:check_moves", args=[game.pk]), {"moves": text},
                           HTTP_HX_REQUEST="true").status_code == 200
        for ply in (0, 1, 2, 3):
            assert client.post(reverse("games:board", args=[game.pk]), {"moves": text, "ply": ply},
                               HTTP_HX_REQUEST="true").status_code == 200
        assert replay.call_count == 1
        client.post(reverse("games:check_moves", args=[game.pk]), {"moves": text + " 47-42"},
                    HTTP_HX_REQUEST="true")
        assert replay.call_count == 2


def test_a_game_stored_over_the_limit_before_it_existed_still_exports_its_moves(game):
    text = over_limit()
    Game.objects.filter(pk=game.pk).update(moves=text)  # as an older version could store it
    game.refresh_from_db()
    exported = game_to_pdn(game)
    assert len(exported.moves) == 2600 and exported.moves[0].text == "47-42"
