"""Issue 24, item 24: the move box's example came from international draughts (32-28 19-23) on a
Russian event. The example is now made by the rules engine from the event's own start position and
notation; the validator (an independent check) accepts every example as two legal moves each."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arbiter.notation import example_moves
from arbiter.profiles import profile_choices
from arbiter.validator import GameRecord, validate
from games.services.validation import read_move_text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("profile", [name for name, _label in profile_choices()])
def test_every_example_is_four_legal_plies_of_that_game(profile):
    example = example_moves(profile)
    moves = [m.text for m in read_move_text(example).moves]
    assert len(moves) == 4, example
    report = validate(GameRecord(start_fen=None, moves=moves, variant=profile))
    assert report.stopped is None and not report.irregularities, (example, report.irregularities)


def test_the_familiar_examples():
    assert example_moves("international") == "1. 32-28 19-23 2. 28x19 14x23"
    assert example_moves("russian") == "1. c3-d4 f6-e5 2. d4:f6 g7:e5"


def test_a_russian_event_shows_a_russian_example(login, player, tournament, game):
    tournament.rule_profile = "russian"
    tournament.save()
    body = login(player).get(reverse("games:game", args=[game.pk])).content.decode()
    assert "e.g. 1. c3-d4 f6-e5 2. d4:f6 g7:e5; move numbers are optional." in body
    assert "32-28" not in body
