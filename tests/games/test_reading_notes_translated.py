"""The PDN reader's warnings reach the import report in the reader's language (issue 17): the core
keeps a template and params, the web translates them like the validator's messages."""

from __future__ import annotations

import io

import pytest
from django.utils import translation

from arbiter import messages as msg
from arbiter.pdn import iter_pdn
from games.services.pdn_import import reading_notes

PDN = """[Event "Club"]
[Empty]
[Result "2-0"]
1. 32-28 19-23 2. 28x19 14x23 -
"""


def _game():
    [game] = list(iter_pdn(io.StringIO(PDN)))
    return game


def test_the_core_keeps_template_params_and_english() -> None:
    game = _game()
    first = game.warnings[0]
    assert first.template == msg.PDN_TAG_NO_VALUE and first.params == {"tag": "Empty"}
    assert first.message == "tag [Empty] has no value; it was ignored" and first.line == 2
    assert any(w.template == msg.PDN_TRAILING_DASH for w in game.warnings)


@pytest.mark.parametrize(("language", "words"), [
    ("en", ["line 2: tag [Empty] has no value; it was ignored", "a '-' after the last move was ignored"]),
    ("de", ["Zeile 2", "Tag [Empty] hat keinen Wert; er wurde übergangen", "ein '-' nach dem letzten Zug"]),
    ("nl", ["tag [Empty] heeft geen waarde", "een '-' na de laatste zet is overgeslagen"]),
    ("fr", ["le tag [Empty] n'a pas de valeur", "un « - » après le dernier coup a été ignoré"]),
])
def test_reading_notes_are_in_the_active_language(language: str, words: list[str]) -> None:
    game = _game()
    with translation.override(language):
        text = " | ".join(reading_notes(game))
    for w in words:
        assert w in text, (language, text)
