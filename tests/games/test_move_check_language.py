"""Issue 24, item 18: the live move check says why the replay stopped in the reader's language
("square 23 is not free" was English inside German, Dutch and French messages)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from arbiter import messages as msg
from arbiter.validator import GameRecord, validate
from games.services.validation import check_game
from tests.english import page_texts

pytestmark = pytest.mark.django_db

# 32-28 19-23 leaves a black man on 23; White's 28-23 cannot go there: the replay stops at ply 3.
TAKEN = "32-28 19-23 28-23"
STOPPED = {
    "en": "square 23 is not free",
    "de": "Feld 23 ist nicht frei",
    "nl": "veld 23 is niet vrij",
    "fr": "la case 23 n’est pas libre",
}


def test_the_core_hands_the_reason_of_a_stop_as_a_template():
    report = validate(GameRecord(start_fen=None, moves=TAKEN.split()))
    assert report.stopped is not None and report.stopped.ply == 3
    params = report.stopped.params
    assert params["reason_template"] == msg.WHY_TARGET_OCCUPIED and str(params["square"]) == "23"
    assert report.stopped.message.endswith("square 23 is not free.")  # the English message is unchanged


@pytest.mark.parametrize("lang", sorted(STOPPED))
def test_the_stop_reads_in_the_language(game, lang):
    with translation.override(lang):
        chk = check_game(game, TAKEN)
    assert chk.stopped is not None and STOPPED[lang] in chk.stopped
    if lang != "en":
        assert "square" not in chk.stopped


def test_the_live_check_answers_in_german(game, login, arbiter):
    response = login(arbiter).post(reverse("games:check_moves", args=[game.pk]), {"moves": TAKEN},
                                   headers={"accept-language": "de"})
    shown = " ".join(page_texts(response.content.decode()).texts)
    assert "die Partie kann nicht weiter nachgespielt werden: Feld 23 ist nicht frei" in shown
    assert "square" not in shown


@pytest.mark.parametrize(("count", "english"), [(1, "occurred once since"), (2, "occurred 2 times since")])
def test_a_repetition_not_yet_threefold_counts_in_words(count, english):
    """Issue 24: "occurred 1 time(s)" read badly in every language; once and twice have their own words."""
    from arbiter.draws import THREEFOLD, Assessment, explain
    from arbiter.profiles import get_profile
    from games.services.validation import translate_message

    plies = (4, 8)[:count]
    template, params = explain(Assessment(THREEFOLD, False, True, plies, count, 3), 8, get_profile("international"))
    assert english in msg.render(template, params) and "(s)" not in msg.render(template, params)
    with translation.override("de"):
        german = translate_message(template, params)
    assert ("einmal" if count == 1 else "2-mal") in german
