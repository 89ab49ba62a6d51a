"""NUL bytes, the input fuzzing found: PostgreSQL text columns cannot hold them (SQLite can), so on
PostgreSQL every upload path must refuse or clean them with a message, never answer 500.

These run on both databases; on SQLite they pass trivially unless a view crashes, on PostgreSQL
(the CI's second pass) they are the regression tests for what the fuzzers found there.
"""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

CSV = b"name,rating\n\"Kowa\x00lski, Jan\",2150\n\"Smit, Kees\",1760\n"


@pytest.fixture
def chief_client(chief_arbiter):
    client = Client(raise_request_exception=False)
    client.force_login(chief_arbiter)
    return client


def test_csv_line_with_a_nul_byte_is_rejected_with_its_line_number_not_a_500(chief_client, tournament):
    from tournaments.models import Entry

    response = chief_client.post(reverse("tournaments:import_csv", args=[tournament.slug]),
                                 {"file": SimpleUploadedFile("players.csv", CSV, content_type="text/csv")})
    assert response.status_code == 302, response.status_code
    names = set(Entry.objects.filter(tournament=tournament).values_list("player__name", flat=True))
    assert "Smit, Kees" in names, "the good line is still imported"
    assert not any("\x00" in n for n in names), "a NUL byte was stored"
    report = chief_client.session.get(f"csv-report-{tournament.pk}")
    assert report and any(r["line"] == 2 for r in report["rejected"]) or "Kowalski, Jan" in names, report


def test_pdn_upload_with_nul_bytes_never_fails(chief_client, tournament, published_round, settings, tmp_path,
                                               django_capture_on_commit_callbacks):
    settings.MEDIA_ROOT = str(tmp_path)
    pdn = ('[Event "E\x00"]\n[Round "1"]\n[White "Jansen, Piet"]\n[Black "M\x00ller, J\u00fcrgen"]\n'
           '[Result "2-0"]\n\n1. 32-28 19-23 {a \x00 comment} 2-0\n').encode()
    with django_capture_on_commit_callbacks(execute=True):
        response = chief_client.post(reverse("games:import", args=[tournament.slug]),
                                     {"file": SimpleUploadedFile("nul.pdn", pdn), "round_number": "1"})
    assert response.status_code in (200, 302), response.status_code
    if response.status_code == 302:
        assert chief_client.get(response.headers["Location"]).status_code == 200


def test_move_text_with_a_nul_byte_is_refused_with_a_message(published_round, player):
    from games.models import ResultSubmission
    from games.services.games import game_for_board

    game = game_for_board(published_round.boards.get(number=1))
    client = Client(raise_request_exception=False)
    client.force_login(player)
    check = client.post(reverse("games:check_moves", args=[game.pk]), {"moves": "32-28\x00 19-23"})
    assert check.status_code == 200
    response = client.post(reverse("games:submit", args=[game.pk]), {"result": "2-0", "moves": "32-28\x00 19-23"})
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)]
    # (Checked in Python: PostgreSQL cannot even take a NUL byte in a query parameter.)
    assert all("\x00" not in moves for moves in ResultSubmission.objects.filter(game=game).values_list("moves",
                                                                                                       flat=True))
