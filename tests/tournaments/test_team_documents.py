"""The PDFs of a team event (issue 27): the team crosstable in rank order with board points in each cell,
and the match sheets of a round for the captains to sign, in four languages, linked from the pages.

Oracles: hand computations in the docstrings (2/1/0 per board; match points 2/1/0 by comparing board
points with N)."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from games.models import Game
from games.services.results import enter_result
from tests.english import LANGS, english_in, pdf_texts
from tests.tournaments.test_team_app import _play_round_1, league  # noqa: F401 - the fixture
from tournaments.services.documents import DocumentError, build_pdf
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.django_db


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def _round_1_results(league):  # noqa: F811 - the fixture
    """Round 1 (Berger of 4): A (home) - D and B - C. A-D: 2-0, 2-0, 1-1, 0-2 from White's side with A White
    on boards 1 and 3: A 2+0+1+2 = 5, D 3. B-C: every board 1-1, 4-4."""
    t, teams, arbiter, rnd = _play_round_1(league)
    match = rnd.boards.get(white_team=teams["A"][0])
    for number, result in zip((1, 2, 3, 4), ("2-0", "2-0", "1-1", "0-2"), strict=True):
        enter_result(Game.objects.get(board=match, number=number), result, arbiter)
    for g in Game.objects.filter(board__round=rnd).exclude(board=match):
        enter_result(g, "1-1", arbiter)
    return t, teams, arbiter, rnd


def test_team_crosstable_pdf_in_rank_order_with_board_points(league):  # noqa: F811
    """After round 1: A 2 MP 5 BP, B and C 1 MP 4 BP, D 0 MP 3 BP. The rank order A, then B and C (equal
    on MP and BP, their direct encounter a draw), then D; A's row holds 5–3 in D's column (4th), D's
    row 3–5 in A's column (1st)."""
    t, teams, *_ = _round_1_results(league)
    text = " ".join(_text(build_pdf(t, "teamcrosstable")).split())
    assert "Team crosstable after round 1" in text
    # Rank, team, the cells of the other teams (its own is grey and blank, unplayed ones blank), played,
    # won, drawn, lost, MP, BP, then the rank order's DE.
    assert re.search(r"Pl\. \+ = – MP BP DE 1 Team A 5–3 1 1 0 0 2 5 0 2 Team [BC] 4–4 1 0 1 0 1 4 0 "
                     r"2 Team [BC] 4–4 1 0 1 0 1 4 0 4 Team D 3–5 1 0 0 1 0 3 0 Legend", text), text
    # The key names match and board points as the columns are headed (it read MPTS and GPTS).
    assert "Tie-break order: MP = Match points; BP = Board points; DE = Direct encounter" in text
    assert "Chief arbiter" in text and "MP: match points" in text


def test_match_sheets_list_boards_results_and_signature_lines(league):  # noqa: F811
    """Round 1's match sheets: one page per match (two matches). A-D's sheet names both teams, the
    boards with players and colours (A White on boards 1 and 3), the points of the confirmed boards
    (5 and 3 in total, match points 2 and 0) and the three signature lines."""
    t, teams, arbiter, rnd = _play_round_1(league)
    pdf = build_pdf(t, "matchsheets", 1)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages]
    assert len(pages) == 2
    sheet = next(p for p in pages if "Team A" in p)
    assert "Team D" in sheet and "Match sheet" in sheet
    assert re.search(r"1 A1 Player White Black D1 Player", sheet)
    assert re.search(r"2 A2 Player Black White D2 Player", sheet)
    assert sheet.count("Signature") == 3 and "Captain of Team A" in sheet and "Arbiter" in sheet
    assert "Board points" in sheet and not re.search(r"Board points \d", sheet)  # no result yet: empty boxes
    match = rnd.boards.get(white_team=teams["A"][0])
    for number, result in zip((1, 2, 3, 4), ("2-0", "2-0", "1-1", "0-2"), strict=True):
        enter_result(Game.objects.get(board=match, number=number), result, arbiter)
    pages = [" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(build_pdf(t, "matchsheets", 1))).pages]
    sheet = next(p for p in pages if "Team A" in p)
    assert re.search(r"1 A1 Player White 2 0 Black D1 Player", sheet)
    assert re.search(r"2 A2 Player Black 0 2 White D2 Player", sheet)
    assert re.search(r"Board points 5 3", sheet) and re.search(r"Match points 2 0", sheet)


def test_team_documents_refused_for_an_individual_event_or_an_unpublished_round(league, make_tournament):  # noqa: F811
    t, _teams, arbiter, *_ = league
    with pytest.raises(DocumentError, match="not published"):
        build_pdf(t, "matchsheets", 1)
    solo = make_tournament("solo", name="Solo")
    with pytest.raises(DocumentError, match="not a team event"):
        build_pdf(solo, "teamcrosstable")
    publish_round(arbiter, pair_round(t, arbiter).round)
    assert build_pdf(t, "matchsheets", 1).startswith(b"%PDF")


@pytest.mark.parametrize("lang", LANGS)
def test_team_pdfs_linked_and_without_english(league, lang):  # noqa: F811
    """The team crosstable page links its PDF, the round page the match sheets; both download in the
    visitor's language with no English words left (the shared English-leftover check)."""
    t, teams, *_ = _round_1_results(league)
    names = [e.name for _team, _captain, players in teams.values() for e in players]
    c = Client(HTTP_ACCEPT_LANGUAGE=lang)
    cross = reverse("public:document", args=[t.slug, "teamcrosstable"])
    sheets = reverse("public:round_document", args=[t.slug, "matchsheets", 1])
    assert cross in c.get(reverse("public:team_crosstable", args=[t.slug])).content.decode()
    assert sheets in c.get(reverse("public:team_round", args=[t.slug, 1])).content.decode()
    for url in (cross, sheets):
        r = c.get(url)
        assert r.status_code == 200 and r["Content-Type"] == "application/pdf"
        leftovers = english_in(pdf_texts(b"".join(r.streaming_content)), lang, names)
        assert not leftovers, (url, leftovers)


def test_team_tie_break_order_leaves_the_players_pages_and_round_pdfs_working(league):  # noqa: F811
    """A team event ranked MPTS, GPTS, DE (team codes, unknown to the players' standings): its players'
    pages and standings rank by the system's default instead of failing, its crosstable PDF is the team
    crosstable, the pairing list prints the team header and the score sheets build."""
    t, *_ = _round_1_results(league)
    t.tiebreaks = "MPTS,GPTS,DE"
    t.save()
    c = Client()
    for name in ("player", "standings"):
        url = reverse(f"public:{name}", args=[t.slug, 1] if name == "player" else [t.slug])
        r = c.get(url, follow=True)  # a team event's individual pages answer with the team pages (h27rules)
        assert r.status_code == 200 and "unknown tie-break" not in r.content.decode(), url
        assert r.redirect_chain and "/teams/" in r.redirect_chain[-1][0], url
    assert "Team crosstable after round 1" in _text(build_pdf(t, "crosstable"))
    assert "4 boards per match" in _text(build_pdf(t, "pairings", 1))
    assert build_pdf(t, "scoresheets", 1).startswith(b"%PDF")


def _sheet(t, team: str, lang: str = "en") -> str:
    from django.utils import translation

    with translation.override(lang):
        pdf = build_pdf(t, "matchsheets", 1)
    return next(p for p in (" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)
                if team in p)


def test_the_match_sheet_dates_a_played_round(league):  # noqa: F811
    """The date box: blank for round 1 published but not played (no date, no start time, no result: the
    captains write it); once a result is confirmed, the day it was written (3 April); a start time on
    14 March 2026 at 19:30 (the venue's time) dates it 14 March; the round's own date (21 March) before
    both."""
    import datetime
    from zoneinfo import ZoneInfo

    from django.conf import settings

    from games.models import ResultSubmission
    from tournaments.models import Round

    t, teams, arbiter, rnd = _play_round_1(league)
    assert "Match 1 Date Team A – Team D" in _sheet(t, "Team A")
    match = rnd.boards.get(white_team=teams["A"][0])
    enter_result(Game.objects.get(board=match, number=1), "2-0", arbiter)
    # The result as if written on 3 April 2026 at 00:30 in the venue's time (2 April 22:30 UTC): the
    # venue's day, 3 April.
    venue = ZoneInfo(settings.TIME_ZONE)
    ResultSubmission.objects.filter(game__board=match).update(
        created_at=datetime.datetime(2026, 4, 3, 0, 30, tzinfo=venue))
    assert "Match 1 Date April 3, 2026" in _sheet(t, "Team A")
    Round.objects.filter(pk=rnd.pk).update(starts_at=datetime.datetime(2026, 3, 14, 19, 30, tzinfo=venue))
    assert "Match 1 Date March 14, 2026" in _sheet(t, "Team A")
    Round.objects.filter(pk=rnd.pk).update(date=datetime.date(2026, 3, 21))
    assert "Match 1 Date March 21, 2026" in _sheet(t, "Team A")


def test_the_french_match_sheet_keeps_couleur_whole(league):  # noqa: F811
    """French heads the colour columns "Couleur" (7 letters, bold 8 pt: 16 mm broke it into "Couleu" and
    "r"): both headings read whole, as do the colour words (Blancs, Noirs) of the boards."""
    t, *_ = _play_round_1(league)
    sheet = _sheet(t, "Team A", "fr")
    assert sheet.count("Couleur") == 2 and "Couleu r" not in sheet
    assert re.search(r"1 A1 Player Blancs Noirs D1 Player", sheet), sheet
