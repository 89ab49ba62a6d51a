"""Issue 24, items 16 and 17: the arbiter's buttons say what they do.

16: the results page's link to a game read "Offen" in German, like a status beside "2-0": it is
"Partie" ("Open game", "Partij", "Partie"). 17: the forfeit buttons were bare ``+-``, ``-+``, ``--``
that entered and confirmed at once: each names who wins and asks once; the typed-results help says
how to type a forfeit."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import ResultSubmission
from tests.english import page_texts

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("lang", "word", "not_word"), [
    ("en", "Open game", None), ("de", "Partie", "Offen"), ("nl", "Partij", None), ("fr", "Partie", "Ouvert")])
def test_the_link_to_a_game_is_not_read_as_a_status(login, arbiter, tournament, published_round, lang, word,
                                                    not_word):
    from games.services.games import game_for_board

    game_for_board(published_round.boards.get(number=1))
    body = login(arbiter).get(reverse("games:results", args=[tournament.slug]) + "?round=1",
                              headers={"accept-language": lang}).content.decode()
    links = re.findall(r'<a class="button" href="/g/\d+/">([^<]+)</a>', body)
    assert links and set(links) == {word}
    if not_word:
        assert not_word not in page_texts(body).texts


def test_each_forfeit_names_the_winner_and_asks_once(login, arbiter, game):
    body = login(arbiter).get(reverse("games:game", args=[game.pk])).content.decode()
    section = body.split('aria-labelledby="forfeit"')[1].split("</section>")[0]
    summaries = re.findall(r'<summary class="button">([^<]+)</summary>', section)
    assert summaries == ["Jansen, Piet wins by forfeit (+-)", "Müller, Jürgen wins by forfeit (-+)",
                         "Both lose by forfeit (--)"]
    # Each choice is a <details>: the button that records is inside, after the question.
    assert section.count('<details class="confirm forfeit">') == 3
    assert "Müller, Jürgen did not play: Jansen, Piet wins by forfeit." in section
    assert re.search(r'<button type="submit" name="result" value="\+-" class="button primary">Yes, record \+-',
                     section)


def test_recording_a_forfeit_says_who_won(login, arbiter, game):
    response = login(arbiter).post(reverse("games:forfeit", args=[game.pk]), {"result": "-+"}, follow=True)
    assert "Forfeit recorded: Müller, Jürgen wins by forfeit (-+)." in response.content.decode()
    assert ResultSubmission.objects.confirmed().get(game=game).result == "-+"


@pytest.mark.parametrize(("lang", "words"), [("en", "4 +- (White wins, Black did not play)"),
                                             ("de", "4 +- (Weiß gewinnt, Schwarz hat nicht gespielt)")])
def test_the_typed_results_help_says_how_to_type_a_forfeit(login, arbiter, tournament, published_round, lang, words):
    body = login(arbiter).get(reverse("games:results", args=[tournament.slug]) + "?round=1",
                              headers={"accept-language": lang}).content.decode()
    assert words in body and "4 --" in body
