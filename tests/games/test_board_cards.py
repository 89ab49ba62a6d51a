"""QR codes at the boards: the board's result page, the board cards, the pairing list and the link sheet.

Oracle for the QR codes: ``zbarimg`` (ZBar, an independent decoder) reads the codes from the PDF
pages rendered by ``pdftoppm``; the checks that need them are skipped where those tools are missing.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader

from games.models import SubmissionLink
from games.services.games import game_for_board
from games.services.links import create_link, create_missing_links
from tournaments.models import Round
from tournaments.services.documents import board_cards, build_pdf, current_document
from tournaments.services.site_address import board_url

BASE = "http://192.168.1.20:8000/"


def _text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def decoded_qr_codes(pdf: bytes, tmp_path: Path) -> list[str]:
    """Every QR code ZBar finds on the rendered pages."""
    if not (shutil.which("pdftoppm") and shutil.which("zbarimg")):
        pytest.skip("pdftoppm and zbarimg (poppler-utils, zbar-tools) are needed to read the QR codes")
    (tmp_path / "doc.pdf").write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(tmp_path / "doc.pdf"), str(tmp_path / "page")], check=True,
                   timeout=120)
    found: list[str] = []
    for page in sorted(tmp_path.glob("page*.png")):
        out = subprocess.run(["zbarimg", "-q", "--raw", str(page)], capture_output=True, text=True, timeout=120)
        found += [line for line in out.stdout.splitlines() if line]
    return found


# --- the board's result page ----------------------------------------------------------------------

def _url(tournament, number: int = 1, board: int = 1) -> str:
    return reverse("games:board_result", args=[tournament.slug, number, board])


@pytest.mark.django_db
def test_players_of_the_game_and_arbiters_go_to_the_game_page(client, tournament, published_round, player,
                                                              opponent, arbiter):
    game = game_for_board(published_round.boards.get(number=1))
    for user in (player, opponent, arbiter):
        client.force_login(user)
        response = client.get(_url(tournament))
        assert response.status_code == 302 and response["Location"] == reverse("games:game", args=[game.pk])


@pytest.mark.django_db
def test_others_see_the_board_read_only_or_are_asked_to_sign_in(client, tournament, published_round, other_player):
    response = client.get(_url(tournament))
    page = response.content.decode()
    assert response.status_code == 200
    assert "Jansen, Piet" in page and "Müller, Jürgen" in page and "No result yet." in page
    assert reverse("login") in page and "/submit/" not in page
    client.force_login(other_player)
    page = client.get(_url(tournament)).content.decode()
    assert "Only the two players of this game and the arbiters can send its result." in page
    assert "/submit/" not in page


@pytest.mark.django_db
def test_private_pairings_ask_anonymous_to_sign_in_and_hide_from_outsiders(client, tournament, published_round,
                                                                          outsider, other_player):
    tournament.public_pairings = False
    tournament.save()
    response = client.get(_url(tournament))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    client.force_login(outsider)
    assert client.get(_url(tournament)).status_code == 404
    client.force_login(other_player)  # a player of the tournament sees the board
    assert client.get(_url(tournament)).status_code == 200


@pytest.mark.django_db
def test_draft_rounds_and_unknown_boards_are_404(client, tournament, published_round, arbiter):
    assert client.get(_url(tournament, 1, 9)).status_code == 404
    assert client.get(_url(tournament, 2, 1)).status_code == 404
    Round.objects.filter(pk=published_round.pk).update(status=Round.Status.DRAFT)
    client.force_login(arbiter)
    assert client.get(_url(tournament)).status_code == 404


@pytest.mark.django_db
def test_a_phone_that_opened_a_private_link_goes_to_its_games_entry_page(client, tournament, published_round,
                                                                         entries, chief_arbiter):
    link = create_link(tournament, entries[3], chief_arbiter)  # Black on board 2, no account
    game = game_for_board(published_round.boards.get(number=2))
    assert client.get(reverse("games:link_home", args=[link.token])).status_code == 200
    response = client.get(_url(tournament, 1, 2))
    assert response.status_code == 302
    assert response["Location"] == reverse("games:link_submit", args=[link.token, game.pk])
    # Not for a board their player does not play, nor once the link is revoked.
    assert client.get(_url(tournament, 1, 1)).status_code == 200
    SubmissionLink.objects.filter(pk=link.pk).update(revoked=True)
    assert client.get(_url(tournament, 1, 2)).status_code == 200


# --- board cards ------------------------------------------------------------------------------------

@pytest.mark.django_db
def test_board_cards_carry_round_board_players_colours_and_the_qr_code(tournament, published_round, tmp_path):
    pdf = board_cards(tournament, 1, BASE)
    text = _text(pdf)
    for expected in ("Round 1", "Board", "White", "Black", "Jansen, Piet", "Müller, Jürgen", "Lefèvre, Amélie",
                     "Иванов, Сергей", "Scan to enter the result"):
        assert expected in text, expected
    urls = [board_url(BASE, tournament.slug, 1, n) for n in (1, 2)]
    assert urls[0] == f"{BASE}g/t/{tournament.slug}/round/1/board/1/"
    assert sorted(decoded_qr_codes(pdf, tmp_path)) == urls


@pytest.mark.django_db
def test_board_cards_of_a_draft_round_are_refused(tournament, published_round):
    Round.objects.filter(pk=published_round.pk).update(status=Round.Status.DRAFT)
    with pytest.raises(Exception, match="not published"):
        board_cards(tournament, 1, BASE)


@pytest.mark.django_db
def test_board_cards_command_uses_the_given_setting_or_announced_address(tournament, published_round, tmp_path,
                                                                         settings):
    out = tmp_path / "cards.pdf"
    settings.SITE_URL = ""
    with pytest.raises(CommandError, match="No site address known"):
        call_command("board_cards", tournament.slug, "1", "-o", str(out), "--base-url", "")
    with pytest.raises(CommandError, match="not a site address"):
        call_command("board_cards", tournament.slug, "1", "-o", str(out), "--base-url", "ftp://x")
    with pytest.raises(CommandError, match="no tournament"):
        call_command("board_cards", "nope", "1", "-o", str(out), "--base-url", BASE)
    settings.SITE_URL = "https://arbiter.example.org"
    call_command("board_cards", tournament.slug, "1", "-o", str(out), stdout=io.StringIO())
    assert "https://arbiter.example.org/g/t/club-open/round/1/board/2/" in _text(out.read_bytes())


@pytest.mark.django_db
def test_the_arbiters_round_page_offers_the_board_cards(client, tournament, published_round, chief_arbiter, player):
    url = reverse("tournaments:board_cards", args=[tournament.slug, 1])
    client.force_login(chief_arbiter)
    page = client.get(reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    assert url in page and "Board cards (PDF)" in page
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "http://testserver/g/t/club-open/round/1/board/1/" in _text(response.content)
    client.force_login(player)
    assert client.get(url).status_code == 403


# --- pairing list and link sheet --------------------------------------------------------------------

@pytest.mark.django_db
def test_pairing_list_has_a_qr_code_per_game_to_the_boards_page(tournament, published_round, tmp_path):
    pdf = build_pdf(tournament, "pairings", 1, BASE)
    assert "Jansen, Piet" in _text(pdf)
    assert sorted(decoded_qr_codes(pdf, tmp_path)) == [board_url(BASE, tournament.slug, 1, n) for n in (1, 2)]


@pytest.mark.django_db
def test_the_stored_pairing_list_is_rebuilt_for_another_site_address(tournament, published_round):
    first = current_document(tournament, "pairings", 1, BASE)
    assert first.base_url == BASE
    assert current_document(tournament, "pairings", 1, BASE).file.name == first.file.name
    second = current_document(tournament, "pairings", 1, "http://10.0.0.5:8000/")
    assert second.base_url == "http://10.0.0.5:8000/"
    crosstable = current_document(tournament, "crosstable", None, BASE)
    assert crosstable.base_url == "", "documents without QR codes do not depend on the address"


@pytest.mark.django_db
def test_link_sheet_pdf_and_print_page_carry_each_players_link_and_qr(client, tournament, published_round, entries,
                                                                      chief_arbiter, tmp_path):
    assert create_missing_links(tournament, chief_arbiter) == 1  # only the player without an account
    assert create_missing_links(tournament, chief_arbiter) == 0
    link = SubmissionLink.objects.get(tournament=tournament)
    client.force_login(chief_arbiter)
    response = client.get(reverse("games:links_pdf", args=[tournament.slug]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    url = f"http://testserver/g/l/{link.token}/"
    text = _text(response.content)
    assert "Иванов, Сергей" in text and "Keep this link private." in text
    assert decoded_qr_codes(response.content, tmp_path) == [url]
    page = client.get(reverse("games:links_print", args=[tournament.slug])).content.decode()
    assert url in page and re.search(r"<svg[^>]*>", page)


@pytest.mark.django_db
def test_link_sheet_and_missing_links_are_for_arbiters_only(client, tournament, published_round, player):
    client.force_login(player)
    assert client.get(reverse("games:links_pdf", args=[tournament.slug])).status_code == 403
    assert client.post(reverse("games:links_create_missing", args=[tournament.slug])).status_code == 403
