"""No English on the micro-match pages and documents in German, Dutch and French (issue 28; the oracle is
``tests.english``, as in the crawl of issue 24): the arbiter's round page, ballot sheet, settings and
results page (with the typed-results messages), the public tournament, round, board, standings and
crosstable pages, a game of the micro-match, and the pairing list, score sheets and crosstable PDFs."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.models import Game
from games.services.typed_results import enter_typed_results
from tests.english import LANGS, english_in, page_texts, pdf_texts
from tournaments.models import Player, Tournament
from tournaments.services.pairing import pair_round
from tournaments.services.registration import update_tournament
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(tournament, entries, chief_arbiter):
    """A Russian micro-match Swiss on the FMJD 64 table: round 1 published, board 1 both games in, board 2
    one game; round 2 paired as a draft (its openings drawn)."""
    update_tournament(chief_arbiter, tournament, {
        "rule_profile": "russian", "games_per_pairing": 2, "pairing_score": "match", "opening_deck": "fmjd64",
        "opening_draw": "pairing"})
    rnd = publish_round(chief_arbiter, pair_round(tournament, chief_arbiter).round)
    enter_typed_results(rnd, "1 2-0 1-1; 2.1 1-1", chief_arbiter)
    return tournament


def _data(t: Tournament) -> list[str]:
    values = [t.name, t.place, t.slug, "Draughts Arbiter", "Clara Chef", "chief"]
    for p in Player.objects.all():
        values += [p.name, p.club, p.name.split(", ")[0]]
    return [v for v in values if v]


def test_no_english_on_the_micro_match_pages(event, chief_arbiter):
    slug = event.slug
    game2 = Game.objects.get(board__round__number=1, board__number=1, number=2)
    pages = [reverse("tournaments:round", args=[slug, 1]), reverse("tournaments:ballot_sheet", args=[slug, 1]),
             reverse("tournaments:settings", args=[slug]), reverse("games:results", args=[slug]) + "?round=1",
             reverse("public:tournament", args=[slug]), reverse("public:round", args=[slug, 1]),
             reverse("public:standings", args=[slug]),
             reverse("public:crosstable", args=[slug]), reverse("games:game", args=[game2.pk]),
             reverse("tournament_audit", args=[slug])]
    pdfs = [reverse("public:round_document", args=[slug, kind, 1]) for kind in ("pairings", "scoresheets")]
    pdfs.append(reverse("public:document", args=[slug, "crosstable"]))
    data = _data(event)
    found = {}
    for lang in LANGS:
        client = Client(HTTP_ACCEPT_LANGUAGE=lang)
        client.force_login(chief_arbiter)
        public = Client(HTTP_ACCEPT_LANGUAGE=lang)  # the board page of a board card's QR code, as the hall sees it
        for who, url in [*((client, u) for u in pages), (public, reverse("games:board_result", args=[slug, 1, 1]))]:
            response = who.get(url)
            assert response.status_code == 200, url
            bad = english_in(page_texts(response.content.decode()).texts, lang, data)
            if bad:
                found[f"{lang} {url}"] = bad
        for url in pdfs:
            response = client.get(url, follow=True)
            assert response.status_code == 200, url
            body = b"".join(response.streaming_content) if response.streaming else response.content
            bad = english_in(pdf_texts(body), lang, data)
            if bad:
                found[f"{lang} {url}"] = bad
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_typed_results_messages_of_a_micro_match_are_translated(event, chief_arbiter, lang):
    rnd = event.rounds.get(number=1)
    with translation.override(lang):
        entries = enter_typed_results(rnd, "2.2 0-2; 2 2-0; 2.3 1-1; 2.1 2-0", chief_arbiter)
    texts = [e.message for e in entries]
    assert len(texts) == 4
    assert not english_in(texts, lang, _data(event)), texts
