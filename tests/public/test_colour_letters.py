"""Issue 24, item 19: the colour letters of the crosstable, the player page and the crosstable PDF
are the reader's: ``w``/``b`` in English, ``w``/``s`` in German (weiß, schwarz), ``w``/``z`` in Dutch
(wit, zwart), ``b``/``n`` in French (blancs, noirs; a French reader takes ``b`` for blanc). A
pairing-allocated bye reads ``bye``, ``frei``, ``bye``, ``exempt`` and the legend uses the same letters.

The oracle is hand-made: round 1 Jansen (1) beats Müller (2) with White, Lefèvre (3) draws Иванов (4)
with White; round 2 Иванов (4) draws Jansen with White, Müller has the bye (2 points).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.english import pdf_texts

pytestmark = pytest.mark.django_db

LETTERS = {"en": ("w", "b", "bye"), "de": ("w", "s", "frei"), "nl": ("w", "z", "bye"), "fr": ("b", "n", "exempt")}


@pytest.fixture
def played(tournament, entries, play):
    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, "1-1")])
    play(tournament, 2, [(d, a, "1-1")], byes=[b])
    return tournament


@pytest.mark.parametrize("lang", sorted(LETTERS))
def test_crosstable_cells_and_legend_use_the_languages_letters(client, played, lang):
    white, black, bye = LETTERS[lang]
    html = client.get(reverse("public:crosstable", args=[played.slug]), headers={"accept-language": lang})
    body = html.content.decode()
    # Jansen: 2w2 then 4b1; Müller: 1b0 then the bye; Lefèvre 4w1; Иванов 3b1 then 1w1.
    for cell in (f"2{white}2", f"4{black}1", f"1{black}0", f"{bye} 2", f"4{white}1", f"3{black}1", f"1{white}1"):
        assert f">{cell}</td>" in body, (lang, cell)
    assert f"12{white}2" in body  # the legend's example speaks the same letters


@pytest.mark.parametrize("lang", sorted(LETTERS))
def test_player_page_uses_the_languages_letters(client, played, lang):
    white, black, _bye = LETTERS[lang]
    body = client.get(reverse("public:player", args=[played.slug, 1]),
                      headers={"accept-language": lang}).content.decode()
    assert f">2{white}2</td>" in body and f">4{black}1</td>" in body


def test_the_crosstable_pdf_speaks_french(client, played):
    response = client.get(reverse("public:document", args=[played.slug, "crosstable"]),
                          headers={"accept-language": "fr"})
    text = " ".join(pdf_texts(b"".join(response.streaming_content) if response.streaming else response.content))
    assert "2b2" in text and "4n1" in text and "exempt 2" in text
    assert "2w2" not in text and "bye 2" not in text
