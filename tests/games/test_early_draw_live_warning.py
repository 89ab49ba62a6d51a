"""Issue 26: the live move check warns, before anything is submitted, what a draw agreed now would bring
under the event's "no draw before move N" rule (FMJD opens: 40; reference 1.6), with the moves each
side has made (counted by the arbiter's agreement ruling)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import SubmissionLink
from tests.games.conftest import OPENING

pytestmark = pytest.mark.django_db


def _rule(game, minimum: int, zero: bool) -> None:
    t = game.board.round.tournament
    t.draw_offer_min_move = minimum
    t.early_draw_scores_zero = zero
    t.save()


def _check(client, game, text: str) -> str:
    return client.post(reverse("games:check_moves", args=[game.pk]), {"moves": text},
                       HTTP_HX_REQUEST="true").content.decode()


def test_the_check_warns_that_an_early_draw_scores_zero_naming_the_move_count(game, player, login):
    """OPENING is 5 moves each (10 plies: 32-28 ... 20-24). Minimum 40, early draws 0-0: a draw now
    would score 0-0, White 5 moves, Black 5. Dropping Black's last move (9 plies): White 5, Black 4.
    Nothing is stored by the check."""
    _rule(game, 40, True)
    client = login(player)
    page = _check(client, game, OPENING)
    assert "A draw agreed now would score 0-0 for both players: draws count from move 40; moves made so far: " \
           "White 5, Black 5." in page
    page = _check(client, game, OPENING.rsplit(" ", 1)[0])
    assert "White 5, Black 4." in page
    game.refresh_from_db()
    assert game.moves == "" and not game.submissions.exists()


def test_without_the_zero_setting_the_warning_says_refused_and_from_the_minimum_it_is_silent(game, player, login):
    """Same 5 moves each. Minimum 40 without 0-0: "would be refused". Minimum 5: each side has made 5,
    a draw is allowed, no warning. Minimum 6: White 5 < 6, warned again. Minimum 0 (rule off): silent."""
    client = login(player)
    _rule(game, 40, False)
    assert "A draw agreed now would be refused: draws are allowed from move 40" in _check(client, game, OPENING)
    _rule(game, 5, False)
    assert "early-draw-warning" not in _check(client, game, OPENING)
    _rule(game, 6, True)
    assert "draws count from move 6; moves made so far: White 5, Black 5." in _check(client, game, OPENING)
    _rule(game, 0, True)
    assert "early-draw-warning" not in _check(client, game, OPENING)


def test_unreadable_or_empty_moves_give_no_warning(game, player, login):
    """An empty text or a text the reader cannot read has no move count to warn with."""
    _rule(game, 40, True)
    client = login(player)
    assert "early-draw-warning" not in _check(client, game, "")
    assert "early-draw-warning" not in _check(client, game, "1. 32-28 zz")


def test_the_entry_page_and_the_private_link_show_the_warning_too(game, player, entries, login, client):
    """The entry page opens with the stored moves checked (OPENING, 5 each): the warning is there at
    once; a private link's check endpoint (White's link, no account) gives the same words."""
    _rule(game, 40, True)
    game.moves = OPENING
    game.save()
    page = login(player).get(reverse("games:game", args=[game.pk])).content.decode()
    assert "A draw agreed now would score 0-0" in page
    link = SubmissionLink.objects.create(tournament=game.board.round.tournament, entry=game.board.white)
    client.logout()
    body = client.post(reverse("games:link_check", args=[link.token, game.pk]), {"moves": OPENING},
                       HTTP_HX_REQUEST="true").content.decode()
    assert "moves made so far: White 5, Black 5." in body


@pytest.mark.parametrize(("lang", "words"), [("de", "Remise"), ("nl", "remise"), ("fr", "nulle")])
def test_the_warning_is_translated(game, lang, words):
    """The same 5-each check in German, Dutch and French names the draw and the numbers 40 and 5."""
    from django.utils import translation

    from games.services.validation import check_game, early_draw_warning

    _rule(game, 40, True)
    with translation.override(lang):
        text = early_draw_warning(game, check_game(game, OPENING))
    assert words in text and "40" in text and "0-0" in text and "A draw" not in text
