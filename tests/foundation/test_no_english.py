"""Issue 24, item 18: no English inside a German, Dutch or French page or PDF.

The demo tournaments (``seed_demo``) plus what an evening adds to them (a player's waiting result,
a swapped board, private links made and revoked, a withdrawal, an absence, a prohibited pairing, a
correction request, a draw claim, a game with an illegal move) are crawled in each language: every
page an arbiter, a player, a private-link holder and the public reach by following links (at most
``PER_SHAPE`` pages of one URL shape: ``/t/<slug>/player/<n>/`` once or twice, not 30 times), every
PDF they link to, and the live move check with an illegal move. Each text shown or spoken is checked
by ``tests.english`` (its docstring documents the oracle and the allow-list).
"""

from __future__ import annotations

import datetime
import io
import re
from collections import deque
from collections.abc import Iterator

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client

from tests.english import LANGS, english_in, identifiers, page_texts, pdf_texts

pytestmark = pytest.mark.django_db

SWISS = "amersfoort-autumn-open-2026"
ROUND_ROBIN = "utrecht-club-championship-2026"
CUP = "donderdagavond"
PER_SHAPE = 1
MAX_PAGES = 260
SKIP = re.compile(r"logout|/admin/|setlang|/delete/|/revoke/|/export/|/pdn/|/archive/|/live/|\.zip$|/status/|"
                  r"/import/|/unpair/|/accounts/")
ILLEGAL = "32-28 19-23 28-23"  # square 23 is taken: the replay stops there


@pytest.fixture
def evening(settings, tmp_path):
    """The demo, plus an evening's arbiter and player actions on the Swiss (see the module docstring)."""
    from games.models import Game, ResultSubmission
    from games.services.claims import claim_draw
    from games.services.links import create_link, revoke_link
    from games.services.results import request_correction, submit_result
    from tournaments.models import Board, Entry, Player, Round, Tournament
    from tournaments.services.pairing import pair_round
    from tournaments.services.registration import (
        add_prohibited_pair,
        create_tournament,
        freeze_start_numbers,
        register_player,
        set_absence,
        withdraw,
    )
    from tournaments.services.rounds import swap_colours

    settings.MEDIA_ROOT = tmp_path
    call_command("seed_demo", stdout=io.StringIO())
    users = {u.username: u for u in get_user_model().objects.all()}
    arbiter = users["arbiter"]
    t = Tournament.objects.get(slug=SWISS)
    r5 = Round.objects.get(tournament=t, number=5)
    open_games = [g for g in Game.objects.filter(board__round=r5).select_related("board__white__user",
                                                                                  "board__black__user")
                  if not ResultSubmission.objects.filter(game=g).exists()]
    pieter = Entry.objects.get(tournament=t, user=users["pieter"])
    mine = Game.objects.get(board__round=r5, board__white=pieter) if Board.objects.filter(
        round=r5, white=pieter).exists() else Game.objects.get(board__round=r5, board__black=pieter)
    submit_result(mine, "1-1", user=users["pieter"], moves="32-28 19-23 28x19 14x23")
    others = [g for g in open_games if g.pk != mine.pk]
    claim_draw(others[0], None, arbiter, moves="32-28 19-23 28x19 14x23")
    others[1].moves = ILLEGAL
    others[1].save(update_fields=["moves"])
    entries = list(Entry.objects.filter(tournament=t).order_by("start_number"))
    link = create_link(t, entries[5], arbiter)
    revoke_link(create_link(t, entries[6], arbiter), arbiter)
    withdraw(arbiter, entries[-1], 6)
    set_absence(arbiter, entries[-2], 6, "half", "")
    add_prohibited_pair(arbiter, t, entries[0], entries[1], "brothers")
    r4_game = Game.objects.filter(board__round__tournament=t, board__round__number=4,
                                  board__white__user=users["anja"]).first() or Game.objects.filter(
        board__round__tournament=t, board__round__number=4, board__black__user=users["anja"]).first()
    if r4_game is not None:
        request_correction(r4_game, "1-1", "wrong result written down", user=users["anja"])
    # A third event, round 1 drafted (reasons and warnings on show), one board's colours swapped.
    cup = create_tournament(arbiter, slug=CUP, name="Donderdagavond", place="Zeist", rounds_planned=3,
                            pairing_system="dutch", start_date=datetime.date(2026, 12, 3))
    for player in Player.objects.order_by("pk")[:7]:
        register_player(arbiter, cup, {}, player=player)
    freeze_start_numbers(arbiter, cup)
    pair_round(cup, arbiter)
    swap_colours(arbiter, Board.objects.filter(round__tournament=cup, bye_kind="").first())
    return {"users": users, "link": link, "illegal_game": others[1], "tournament": t}


def _data_values() -> list[str]:
    """What people typed, stored as typed (the allow-list of ``tests.english``)."""
    from games.models import CorrectionRequest, Game
    from tournaments.models import Player, Tournament
    from tournaments.services.csv_import import CSV_COLUMNS

    values: list[str] = [django_settings.SITE_NAME]  # the product's name
    for p in Player.objects.all():
        values += [p.name, p.club, p.name.split(", ")[0]]
    for t in Tournament.objects.all():
        values += [t.name, t.place, t.time_control, t.slug]
    for tags in Game.objects.exclude(pdn_tags={}).values_list("pdn_tags", flat=True):
        values += [str(v) for v in tags.values()]
    for user in get_user_model().objects.all():
        values += [user.get_full_name(), user.username]
    values += list(CorrectionRequest.objects.values_list("reason", flat=True))  # what the player wrote
    values += list(CSV_COLUMNS)  # codes of a file format: the header row a CSV file must have
    return [v for v in values if v]


def _shape(url: str) -> str:
    return re.sub(r"\d+", "N", url.split("?")[0])


def _crawl(client: Client, starts: list[str]) -> Iterator[tuple[str, list[str]]]:
    """(url, texts) of every page and PDF reached from ``starts`` (see the module docstring)."""
    seen: set[str] = set()
    shapes: dict[str, int] = {}
    queue = deque(starts)
    while queue and len(seen) < MAX_PAGES:
        url = queue.popleft()
        if url in seen or SKIP.search(url) or shapes.get(_shape(url), 0) >= PER_SHAPE:
            continue
        seen.add(url)
        shapes[_shape(url)] = shapes.get(_shape(url), 0) + 1
        response = client.get(url, follow=True)
        if response.status_code != 200:
            continue
        kind = response.get("Content-Type", "")
        body = b"".join(response.streaming_content) if response.streaming else response.content
        if "pdf" in kind:
            yield url, pdf_texts(body)
        elif "html" in kind:
            parsed = page_texts(body.decode())
            yield url, parsed.texts
            queue.extend(h.split("#")[0] for h in parsed.links if h.startswith(("/t/", "/g/")))


def _client(lang: str, user=None) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    if user is not None:
        client.force_login(user)
    return client


def _english_in_one_language(evening, lang: str, data: list[str]) -> tuple[int, dict[str, list[str]]]:
    users, link = evening["users"], evening["link"]
    starts = [f"/t/{SWISS}/", f"/t/{SWISS}/manage/", f"/t/{ROUND_ROBIN}/", f"/t/{ROUND_ROBIN}/manage/",
              f"/t/{SWISS}/audit/", f"/t/{ROUND_ROBIN}/audit/", f"/g/t/{SWISS}/results/", f"/g/t/{SWISS}/links/",
              f"/t/{SWISS}/manage/rounds/5/", f"/t/{SWISS}/round/5/", f"/t/{SWISS}/player/1/",
              f"/t/{CUP}/manage/rounds/1/", f"/t/{CUP}/audit/", f"/t/{CUP}/manage/"]
    found: dict[str, list[str]] = {}
    visited = 0
    for persona, starts_of in ((users["arbiter"], starts), (users["pieter"], [f"/g/t/{SWISS}/my/", "/"]),
                               (None, [f"/t/{SWISS}/", "/t/", f"/g/l/{link.token}/"])):
        for url, texts in _crawl(_client(lang, persona), starts_of):
            visited += 1
            bad = english_in(texts, lang, data)
            if bad:
                found[url] = bad
    # The live move check of an illegal move (the arbiter's game page posts it while typing).
    game = evening["illegal_game"]
    response = _client(lang, users["arbiter"]).post(f"/g/{game.pk}/moves/check/", {"moves": ILLEGAL})
    bad = english_in(page_texts(response.content.decode()).texts, lang, data)
    if bad:
        found["move check"] = bad
    return visited, found


def test_no_english_on_any_page_or_pdf(evening):
    """Every language in one test: the evening is seeded once (seeding takes seconds)."""
    data = _data_values()
    report = []
    for lang in LANGS:
        visited, found = _english_in_one_language(evening, lang, data)
        assert visited > 60, f"the crawl reached only {visited} pages in {lang}"
        report += [f"{lang} {url}\n    " + "\n    ".join(lines) for url, lines in found.items()]
    assert not report, "English in German, Dutch or French pages:\n" + "\n".join(report)


def test_the_detector_finds_what_the_issue_saw():
    """The findings of issue 24 read as English, their translations do not."""
    for text in ("square 18 is not free", "bye 2", "Bars: score after each round; line: rank (top = 1st)",
                 "v1: 1-1 (pending)", "Create_submission_link", "Hat geführt board.swap_colours"):
        assert english_in([text], "de"), text
    assert identifiers("entries ending in board.swap_colours") == ["board.swap_colours"]
    assert not identifiers("Download: crosstable.pdf")
    for lang, text in (("de", "Feld 18 ist nicht frei"), ("nl", "veld 18 is niet vrij"), ("nl", "bye 2"),
                       ("fr", "la case 18 n’est pas libre"), ("de", "spielfrei 2")):
        assert not english_in([text], lang), text
    assert not english_in(["Amersfoort Autumn Open 2026"], "de", ["Amersfoort Autumn Open 2026"])
