"""PDFs read back with pypdf: names (accents, Cyrillic), points, ranks in order, pages, storage and rebuild."""

from __future__ import annotations

import io
import re
from io import StringIO
from unittest import mock

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader

from tests.versions import changed
from tournaments import tasks
from tournaments.models import Document
from tournaments.public.sample import create_sample_tournament
from tournaments.reports.standings import standings_for
from tournaments.services.documents import (
    DocumentError,
    build_crosstable_pdf,
    build_pdf,
    current_document,
    store_document,
)
from tournaments.tasks import rebuild_documents


def text_of(data: bytes) -> tuple[int, list[str]]:
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), [p.extract_text() for p in reader.pages]


def test_crosstable_pdf_prints_names_points_and_ranks_in_order(tournament, chief_arbiter, two_rounds):
    pages, texts = text_of(build_crosstable_pdf(tournament))
    text = "\n".join(texts)
    assert pages == 1
    for name in ("Jansen, Piet", "Müller, Jürgen", "Lefèvre, Amélie", "Иванов, Сергей"):
        assert name in text, name
    assert text.index("Jansen, Piet") < text.index("Müller, Jürgen") < text.index("Иванов, Сергей") < text.index(
        "Lefèvre, Amélie"
    )
    for heading in ("Club Open", "Utrecht", "Swiss (FIDE Dutch), 5 rounds", "Win 2 – Draw 1 – Loss 0",
                    "TB1 BH/C1", "Chief arbiter: Clara Chef", "Standings after round 2", "Legend", "Signature",
                    "Page 1 / 1"):
        assert heading in text, heading
    for cell in ("2w2", "4b2", "3b1", "1w0"):
        assert cell in text, cell


def test_big_field_spans_pages_with_the_header_repeated(db):
    t = create_sample_tournament("big-open", 150, 9)
    pages, texts = text_of(build_crosstable_pdf(t))
    assert pages > 1
    for i, page in enumerate(texts, start=1):
        assert f"Page {i} / {pages}" in page
        if i < pages:  # the last page may hold only the legend
            assert re.search(r"Rk\s+SNo\s+Name", page), f"table header missing on page {i}"
    printed = [
        (int(rank), int(sno))
        for rank, sno in re.findall(r"^(\d+)\n(\d+)\n[^\d\n][^\n]*, [^\n]+$", "\n".join(texts), flags=re.M)
    ]
    expected = [(r.rank, r.start_number) for r in standings_for(t).rows]
    assert printed == expected and len(printed) == 150


def test_round_robin_pdf_is_a_grid(tournament, entries, play):
    tournament.pairing_system = "berger"
    tournament.rounds_planned = 3
    tournament.save()
    changed(tournament)
    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0"), (c, d, "1-1")])
    pages, texts = text_of(build_crosstable_pdf(tournament))
    assert "row's player scored against the column's player" in texts[-1].replace("\n", " ")
    assert "TB1 DE" in texts[0]


def test_pairing_list_and_score_sheets(tournament, two_rounds):
    pages, texts = text_of(build_pdf(tournament, "pairings", 2))
    text = texts[0]
    assert "Pairings, round 2" in text and "Иванов, Сергей" in text and "0-2" in text
    pages, texts = text_of(build_pdf(tournament, "scoresheets", 2))
    assert pages == 2  # two games, one sheet each
    assert "Score sheet" in texts[0] and "Signature White" in texts[0]
    with pytest.raises(DocumentError, match="Round 9"):
        build_pdf(tournament, "pairings", 9)


def test_documents_are_stored_and_rebuilt_when_a_result_changes(tournament, two_rounds):
    from games.models import ResultSubmission

    doc = store_document(tournament, "crosstable")
    tournament.refresh_from_db()
    assert doc.is_current(tournament) and doc.file.read()[:4] == b"%PDF"
    before = doc.file.name
    _pages, old = text_of(doc.file.open("rb").read())
    assert "3w2" in old[0] and "2b0" in old[0]  # Müller 2-0 Lefèvre in round 2
    sub = ResultSubmission.objects.filter(game__board__round__number=2, game__board__number=2).get()
    sub.status = ResultSubmission.Status.SUPERSEDED
    sub.save()
    changed(sub)
    tournament.refresh_from_db()
    doc.refresh_from_db()
    assert not doc.is_current(tournament)  # the tournament's version moved on
    assert rebuild_documents(tournament.pk) == 1  # what the background task runs
    doc.refresh_from_db()
    assert doc.is_current(tournament) and doc.file.name != before  # rebuilt, new file
    _pages, texts = text_of(doc.file.open("rb").read())
    assert "3w2" not in texts[0] and "2b0" not in texts[0]  # no longer counted
    assert rebuild_documents(tournament.pk) == 0  # nothing outdated: nothing rebuilt


def test_an_outdated_document_is_rebuilt_when_downloaded(tournament, two_rounds, play):
    """Inline (no broker) nothing is rebuilt in the background: the next download builds it."""
    store_document(tournament, "crosstable")
    a, b, c, d = two_rounds
    play(tournament, 3, [(a, c, "2-0")])
    tournament.refresh_from_db()
    doc = Document.objects.get(tournament=tournament, kind="crosstable")
    assert not doc.is_current(tournament)
    assert current_document(tournament, "crosstable").is_current(tournament)


@pytest.mark.django_db(transaction=True)
def test_a_burst_of_changes_queues_one_rebuild_after_commit(tournament, two_rounds, settings):
    """With workers, each transaction announces a changed tournament once after commit, and the
    edge queues one delayed rebuild for a burst of changes."""
    from django.core.cache import cache
    from django.db import transaction

    from games.models import ResultSubmission

    settings.CELERY_TASK_ALWAYS_EAGER = False
    cache.clear()
    subs = list(ResultSubmission.objects.filter(game__board__round__tournament=tournament))
    with mock.patch.object(tasks.rebuild_documents, "apply_async") as queued:
        with transaction.atomic():
            for sub in subs:
                sub.save()  # several changes in one transaction
                changed(sub)
            assert not queued.called  # nothing before the commit
        queued.assert_called_once_with((tournament.pk,), countdown=tasks.DOCUMENT_REBUILD_DELAY,
                                       task_id=mock.ANY)
        with transaction.atomic():
            subs[0].save()  # a second transaction within the delay: nothing more queued
            changed(subs[0])
        assert queued.call_count == 1
        # The queued rebuild ran (as the task it was queued as): the next change queues again.
        tasks.rebuild_documents.apply((tournament.pk,), task_id=queued.call_args.kwargs["task_id"])
        with transaction.atomic():
            subs[0].save()
            changed(subs[0])
        assert queued.call_count == 2


def test_concurrent_first_builds_keep_one_document_row(tournament, two_rounds):
    """Issue 14.5: the round-less crosstable escaped the unique constraint (NULL round number)."""
    from django.db import IntegrityError, transaction

    doc = store_document(tournament, "crosstable")
    with pytest.raises(IntegrityError), transaction.atomic():
        Document.objects.create(tournament=tournament, kind="crosstable", round_number=None, language=doc.language)
    store_document(tournament, "crosstable")
    assert Document.objects.filter(tournament=tournament, kind="crosstable").count() == 1


def test_each_visitor_gets_the_document_in_their_own_language(client, tournament, two_rounds):
    """The stored file is kept per language: a German visitor gets the German crosstable and a French visitor,
    asking next, the French one (not the file the first visitor's language built); the pairing list likewise.
    The footer's page label is the oracle: "Seite" (de), "Page" (fr, en), "Pagina" (nl)."""
    url = reverse("public:document", args=[tournament.slug, "crosstable"])

    def footer(lang: str, address: str = url) -> str:
        response = client.get(address, HTTP_ACCEPT_LANGUAGE=lang)
        assert response.status_code == 200
        return text_of(b"".join(response.streaming_content))[1][0]

    assert "Seite 1" in footer("de")
    french = footer("fr")
    assert "Page 1" in french and "Seite" not in french
    assert "Seite 1" in footer("de")  # the German file is still the German one
    assert "Pagina 1" in footer("nl")
    assert set(Document.objects.filter(tournament=tournament, kind="crosstable")
               .values_list("language", flat=True)) == {"de", "fr", "nl"}
    pairings = reverse("public:round_document", args=[tournament.slug, "pairings", 1])
    assert "Seite" in footer("de", pairings) and "Seite" not in footer("fr", pairings)


def test_download_serves_the_stored_file(client, tournament, two_rounds):
    response = client.get(reverse("public:document", args=[tournament.slug, "crosstable"]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content)
    assert data == current_document(tournament, "crosstable").file.open("rb").read()
    assert client.get(reverse("public:round_document", args=[tournament.slug, "pairings", 1])).status_code == 200
    assert client.get(reverse("public:round_document", args=[tournament.slug, "pairings", 7])).status_code == 404
    assert client.get(reverse("public:document", args=[tournament.slug, "bogus"])).status_code == 404


def test_crosstable_download_follows_its_switch(client, tournament, two_rounds):
    tournament.public_crosstable = False
    tournament.save()
    changed(tournament)
    assert client.get(reverse("public:document", args=[tournament.slug, "crosstable"])).status_code == 404


def test_score_sheets_are_for_the_arbiters(client, login, tournament, arbiter, outsider, two_rounds):
    url = reverse("public:round_document", args=[tournament.slug, "scoresheets", 1])
    assert client.get(url).status_code == 302  # anonymous: to the login page
    assert login(outsider).get(url).status_code == 403
    assert login(arbiter).get(url).status_code == 200


def test_crosstable_pdf_command_writes_the_file(tournament, two_rounds, tmp_path):
    """The command's file is the crosstable of ``two_rounds``, checked against a hand computation: one page,
    the columns, and per player (in rank order) the round cells, points and BH/C1, BH, SB, WIN.

    Jansen: beat Müller (2) and Иванов (1): 4 points, BH 3, BH/C1 2, SB 2*2 + 1*2 = 6, 2 wins.
    Müller: lost to Jansen (4), beat Lefèvre (1): 2, BH 5, BH/C1 4, SB 1*2 = 2, 1 win.
    Иванов: drew Lefèvre (1), lost to Jansen (4): 1, BH 5, BH/C1 4, SB 1*1 = 1, no win.
    Lefèvre: drew Иванов (1), lost to Müller (2): 1, BH 3, BH/C1 2, SB 1*1 = 1; behind Иванов on BH/C1."""
    out = tmp_path / "ct.pdf"
    call_command("crosstable_pdf", tournament.slug, "-o", str(out), stdout=StringIO())
    pages, texts = text_of(out.read_bytes())
    assert pages == 1
    cells = [line.strip() for line in texts[0].splitlines() if line.strip()]
    header = cells[cells.index("Rk"):cells.index("TB5") + 1]
    assert header == ["Rk", "SNo", "Name", "Fed", "Rtg", "1", "2", "Pts", "TB1", "TB2", "TB3", "TB4", "TB5"]
    expected = [  # rank, start number, name, round 1, round 2, points, BH/C1, BH, SB, WIN
        ("1", "1", "Jansen, Piet", "2w2", "4b2", "4", "2", "3", "6", "2"),
        ("2", "2", "Müller, Jürgen", "1b0", "3w2", "2", "4", "5", "2", "1"),
        ("3", "4", "Иванов, Сергей", "3b1", "1w0", "1", "4", "5", "1", "0"),
        ("4", "3", "Lefèvre, Amélie", "4w1", "2b0", "1", "2", "3", "1", "0"),
    ]
    at = [cells.index(row[2]) for row in expected]
    assert at == sorted(at), "rank order"
    for row, start in zip(expected, at, strict=True):
        assert cells[start - 2:start] == [row[0], row[1]], row[2]
        printed = " ".join(cells[start + 1:start + 14])
        assert " ".join(row[3:]) in printed, (row[2], printed)
    with pytest.raises(CommandError, match="nope"):
        call_command("crosstable_pdf", "nope", "-o", str(out))


def test_pdf_tasks_are_registered_with_celery():
    from config.celery import app

    assert {"tournaments.tasks.rebuild_documents", "tournaments.tasks.pair_round_task"} <= set(app.tasks)


def test_twenty_round_wall_chart_keeps_every_column_on_the_page(db):
    from tournaments.pdf.crosstable import MARGIN, PAGE, crosstable_table
    from tournaments.reports.rounds import tournament_crosstable

    t = create_sample_tournament("long-open", 30, 20)
    table = crosstable_table(tournament_crosstable(t))
    width, _height = table.wrap(PAGE[0] - 2 * MARGIN, PAGE[1])
    assert width <= PAGE[0] - 2 * MARGIN + 0.01
    _pages, texts = text_of(build_crosstable_pdf(t))
    assert re.search(r"\b19\s+20\s+Pts\s+TB1\s+TB2\s+TB3\s+TB4\s+TB5\b", texts[0])


def test_arbiters_download_every_document_even_when_the_public_pages_are_off(
    client, tournament, two_rounds, login, arbiter, outsider
):
    tournament.public_crosstable = tournament.public_pairings = False
    tournament.save()
    changed(tournament)
    urls = [
        reverse("public:document", args=[tournament.slug, "crosstable"]),
        reverse("public:round_document", args=[tournament.slug, "pairings", 1]),
    ]
    for url in urls:
        client.logout()
        assert client.get(url).status_code == 404
        assert login(outsider).get(url).status_code == 404
        response = login(arbiter).get(url)
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"


def test_the_arbiters_round_page_links_the_pairing_list_and_score_sheets(tournament, two_rounds, login, arbiter):
    html = login(arbiter).get(reverse("tournaments:round", args=[tournament.slug, 2])).content.decode()
    assert reverse("public:round_document", args=[tournament.slug, "scoresheets", 2]) in html
    assert reverse("public:round_document", args=[tournament.slug, "pairings", 2]) in html


def _runs(data: bytes) -> list[tuple[str, float, float]]:
    """Every text run of the first page: (text, x, y)."""
    runs: list[tuple[str, float, float]] = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            runs.append((text.strip(), tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]))

    PdfReader(io.BytesIO(data)).pages[0].extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_bye_in_the_pairing_list_is_not_printed_over_the_points(tournament, entries, play, lang):
    """Issue 24: the bye's words were centred in the narrow result box and ran over the points before
    it ("Vom Paar0ungssystem vergebenes Freilos"). They start after the points now."""
    from django.utils import translation

    a, b, c, d = entries
    play(tournament, 1, [(a, b, "2-0")], byes=[c])
    with translation.override(lang):
        data = build_pdf(tournament, "pairings", 1)
    words = "Pairing-allocated bye" if lang == "en" else "Vom Paarungssystem vergebenes Freilos"
    runs = _runs(data)
    bye = [r for r in runs if words in r[0]]
    assert bye, runs
    _text, bye_x, bye_y = bye[0]
    same_line = [r for r in runs if abs(r[2] - bye_y) < 2 and r[0] == "0"]  # Lefèvre's points before the round
    assert same_line and all(x + 6 < bye_x for _t, x, _y in same_line)
