"""Micro-matches on the pages (issue 28): results typed for the two games, the round pages and the public
pairings showing both games and the opening, the ballot sheet, the PDF pairing list and the crosstable."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from arbiter.ballots import load_deck
from games.models import Game
from games.services.games import game_for_board
from games.services.pdn_export import export_games, game_to_pdn
from games.services.results import confirmed_submission, enter_result
from games.services.typed_results import enter_typed_results
from games.services.validation import check_game, check_moves
from tournaments.models import Round, Tournament
from tournaments.reports.rounds import round_view, tournament_crosstable
from tournaments.services.documents import build_pdf, sheet_lines
from tournaments.services.pairing import pair_round
from tournaments.services.registration import update_tournament
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def micro_round(tournament, published_round, chief_arbiter):
    """The fixture's published round 1 in a micro-match event: board 1 Jansen (1) v Müller (2), board 2
    Lefèvre (3) v Иванов (4); game 2 of each pairing reverses the colours."""
    Tournament.objects.filter(pk=tournament.pk).update(games_per_pairing=2)  # set up as if before pairing
    tournament.games_per_pairing = 2
    return published_round


def _result(rnd: Round, board: int, game: int) -> str | None:
    sub = confirmed_submission(game_for_board(rnd.boards.get(number=board), game))
    return sub.result if sub else None


def test_both_games_typed_in_one_entry_or_one_game_by_number(micro_round, arbiter):
    entries = enter_typed_results(micro_round, "1 2-0 1-1; 2.2 0-2", arbiter)
    assert [(e.board, e.ok) for e in entries] == [(1, True), (1, True), (2, True)]
    # Game 2 of board 1 has Müller White: the message names the game's own colours.
    assert entries[1].message == "Board 1, game 2: Müller, Jürgen – Jansen, Piet 1-1."
    assert (_result(micro_round, 1, 1), _result(micro_round, 1, 2)) == ("2-0", "1-1")
    assert (_result(micro_round, 2, 1), _result(micro_round, 2, 2)) == (None, "0-2")


@pytest.mark.parametrize(("typed", "message"), [
    ("1 2-0", "Board 1 is a micro-match of two games: write both results, e.g. 1 2-0 1-1, or one game, e.g. 1.2 1-1."),
    ("1.3 2-0", "Board 1: write one result per game, e.g. 1.1 2-0 or 1.2 1-1."),
    ("1 2-0 3-0", "Board 1, game 2: “3-0” is no result; use 2-0, 1-1, 0-2, +-, -+, -- or 0-0."),
])
def test_a_micro_match_slip_is_refused_with_its_board(micro_round, arbiter, typed, message):
    entries = enter_typed_results(micro_round, typed, arbiter)
    assert entries[-1].message == message and not entries[-1].ok


def test_a_single_game_event_refuses_two_results(published_round, arbiter):
    (entry,) = enter_typed_results(published_round, "1 2-0 1-1", arbiter)
    assert not entry.ok and "one game" in entry.message


def test_public_round_shows_both_games_and_the_micro_match_score(micro_round, arbiter, client):
    """Board 1: game 1 2-0 (Jansen White), game 2 1-1: Jansen 2+1 = 3, Müller 0+1 = 1: "3–1"."""
    enter_typed_results(micro_round, "1 2-0 1-1; 2.1 1-1", arbiter)
    view = round_view(micro_round.tournament, micro_round)
    one, two = view.lines
    assert one.result == "3–1" and [r for r, _url in one.games] == ["2-0", "1-1"]
    assert two.result == "" and [r for r, _url in two.games] == ["1-1", ""]
    assert view.done == 1
    body = client.get(reverse("public:round", args=[micro_round.tournament.slug, 1])).content.decode()
    assert "3–1" in body and "micro-games" in body and "Game 2" in body


def test_crosstable_cells_show_both_games(micro_round, arbiter):
    """Every game counts (the default): Jansen 3 (2+1) against 2, Müller 1 (0+1) against 1."""
    enter_typed_results(micro_round, "1 2-0 1-1", arbiter)
    ct = tournament_crosstable(micro_round.tournament)
    cells = {row.start_number: row.cells[0].text for row in ct.rows}
    assert cells[1] == "2w3 (2+1)" and cells[2] == "1b1 (0+1)"
    assert any("(2+1)" in line for line in ct.legend)


@pytest.fixture
def russian(tournament, entries, chief_arbiter):
    update_tournament(chief_arbiter, tournament, {
        "rule_profile": "russian", "games_per_pairing": 2, "opening_deck": "fmjd64", "opening_draw": "pairing"})
    return tournament


def test_round_pages_and_ballot_sheet_show_the_openings(russian, chief_arbiter, login):
    rnd = pair_round(russian, chief_arbiter).round
    board = rnd.boards.filter(bye_kind="").order_by("number").first()
    opening = load_deck("fmjd64").opening(board.opening)
    client = login(chief_arbiter)
    page = client.get(reverse("tournaments:round", args=[russian.slug, rnd.number])).content.decode()
    assert board.opening in page and "Draw the openings again" in page and rnd.opening_seed in page
    sheet = client.get(reverse("tournaments:ballot_sheet", args=[russian.slug, rnd.number])).content.decode()
    assert rnd.opening_seed in sheet and " ".join(opening.moves) in sheet and opening.fen in sheet
    old_seed = rnd.opening_seed
    client.post(reverse("tournaments:draw_openings", args=[russian.slug, rnd.number]))
    rnd.refresh_from_db()
    assert rnd.opening_seed != old_seed


def test_pdf_pairing_list_and_pdn_carry_the_opening(russian, chief_arbiter):
    rnd = publish_round(chief_arbiter, pair_round(russian, chief_arbiter).round)
    labels = [b.opening for b in rnd.boards.filter(bye_kind="").order_by("number")]
    lines = [line for line in sheet_lines(russian, rnd) if not line.bye]
    assert [line.opening for line in lines] == labels
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(build_pdf(russian, "pairings", 1))).pages)
    assert "Opening" in text and all(label in text for label in labels)
    game = Game.objects.get(board__round=rnd, board__number=1, number=2)
    enter_result(game, "1-1", chief_arbiter)
    pdn = game_to_pdn(game)
    assert pdn.tags["Ballot"] == f"fmjd64 {labels[0]}" and pdn.tags["Round"] == "1.2"


def test_pdn_opens_with_the_ballot_moves_or_names_the_position(russian, chief_arbiter):
    """Opening 1-I is six plies from the start (a3-b4 b6-a5 b2-a3 a7-b6 a1-b2 d6-c5): the exported game
    writes them as moves 1-3 and the game's own 1. b4:d6 c7:e5 as move 4, with no FEN tag; replayed from
    the start position the whole record is legal. Opening 11-IV is a set-up position (a man moved each
    side): the export names it with a FEN tag and the game's moves start at 1."""
    rnd = pair_round(russian, chief_arbiter).round
    rnd.boards.filter(number=1).update(opening="1-I")
    rnd.boards.filter(number=2).update(opening="11-IV")
    publish_round(chief_arbiter, rnd)
    moves_game = Game.objects.get(board__round=rnd, board__number=1, number=1)
    enter_result(moves_game, "1-1", chief_arbiter, moves="1. b4:d6 c7:e5")
    text = export_games([moves_game])
    assert "[FEN " not in text and '[Ballot "fmjd64 1-I"]' in text
    movetext = text[text.rindex("]") + 1:].split()
    assert movetext[:11] == ["1.", "a3-b4", "b6-a5", "2.", "b2-a3", "a7-b6", "3.", "a1-b2", "d6-c5", "4.", "b4:d6"]
    assert check_moves(" ".join(movetext[:-1]), "russian").ok
    setup_game = Game.objects.get(board__round=rnd, board__number=2, number=1)
    pdn = game_to_pdn(setup_game)
    assert pdn.tags["FEN"] == load_deck("fmjd64").opening("11-IV").fen.rstrip(".")
    assert pdn.tags["Ballot"] == "fmjd64 11-IV" and pdn.moves == []


def test_board_page_lists_both_games_with_their_colours(micro_round, arbiter, client):
    """The public board page (board cards' QR codes) of a micro-match: game 2 has Müller White."""
    enter_typed_results(micro_round, "1.1 2-0", arbiter)
    body = client.get(reverse("games:board_result", args=[micro_round.tournament.slug, 1, 1])).content.decode()
    assert "Game 1: Jansen, Piet – Müller, Jürgen" in body and "Game 2: Müller, Jürgen – Jansen, Piet" in body
    assert body.count("No result yet.") == 1 and "2-0" in body


def test_the_validator_starts_both_games_from_the_balloted_position(russian, chief_arbiter):
    """FMJD 64 opening 1-I reaches W:Wb4,a3,c3,e3,g3,b2,d2,f2,h2,c1,e1,g1:Bb8,d8,f8,h8,c7,e7,g7,b6,f6,h6,a5,c5
    with White to move; White's only legal move is the capture b4:d6 (worked out on the diagram: b4 takes c5
    to d6), Black then retakes c7:e5 or e7:c5. From the start position b4:d6 is impossible (no man on b4),
    and in the balloted position the quiet c3-d4 is illegal (capture is compulsory)."""
    rnd = pair_round(russian, chief_arbiter).round
    rnd.boards.filter(bye_kind="").update(opening="1-I")  # the draw's outcome, fixed for the hand analysis
    publish_round(chief_arbiter, rnd)
    game1, game2 = Game.objects.filter(board__round=rnd, board__number=1).order_by("number")
    assert game1.start_fen == game2.start_fen == load_deck("fmjd64").opening("1-I").fen
    assert check_game(game1, "1. b4:d6 c7:e5").ok
    assert check_game(game2, "1. b4:d6 e7:c5").ok
    illegal = check_game(game2, "1. c3-d4")
    assert not illegal.ok
    assert check_game(Game(board=game1.board, number=1), "1. b4:d6").ok is False  # from the start: no man on b4


def test_score_sheets_one_per_game_with_reversed_colours(russian, chief_arbiter):
    """Two pairings, two games each: four sheets; game 2 of board 1 names its first-named player Black."""
    rnd = publish_round(chief_arbiter, pair_round(russian, chief_arbiter).round)
    board = rnd.boards.filter(bye_kind="").select_related("white", "black").order_by("number").first()
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(build_pdf(russian, "scoresheets", 1))).pages]
    assert len(pages) == 4
    assert f"1, game 1 · opening {board.opening}" in pages[0] and f"1, game 2 · opening {board.opening}" in pages[1]
    white_then_black = pages[1].index(board.black.name) < pages[1].index(board.white.name)
    assert white_then_black, "game 2 names the second-named player as White"


def test_public_tournament_page_says_micro_matches_and_deck(russian, client):
    body = client.get(reverse("public:tournament", args=[russian.slug]), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Ein Mini-Wettkampf aus zwei Partien" in body and "Eröffnungen ausgelost aus fmjd64" in body


def test_my_games_names_each_game_of_the_micro_match(micro_round, player, login):
    body = login(player).get(reverse("games:my_games", args=[micro_round.tournament.slug])).content.decode()
    assert "Round 1, board 1 · Game 1" in body and "Round 1, board 1 · Game 2" in body


def test_the_ballot_sheet_prints_as_a_pdf_with_each_pairing_and_its_opening(russian, chief_arbiter, login):
    """The ballot sheet's PDF (printed before the round: a draft) names the deck, the seed, and for every
    pairing its players, the opening's label and its moves or set-up; the page links to it. Boards 1 and 2
    are set to 1-I (moves) and 11-IV (a set-up position) so that both kinds are printed."""
    rnd = pair_round(russian, chief_arbiter).round
    rnd.boards.filter(number=1).update(opening="1-I")
    rnd.boards.filter(number=2).update(opening="11-IV")
    rnd.refresh_from_db()
    deck = load_deck("fmjd64")
    client = login(chief_arbiter)
    url = reverse("tournaments:ballot_sheet_pdf", args=[russian.slug, rnd.number])
    assert url in client.get(reverse("tournaments:ballot_sheet", args=[russian.slug, rnd.number])).content.decode()
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    flat = " ".join(text.split())
    assert rnd.opening_seed and rnd.opening_seed in flat and "fmjd64" in flat
    for b in rnd.boards.filter(bye_kind="", black__isnull=False):
        assert b.opening in flat and b.white.name in flat and b.black.name in flat
    assert " ".join(deck.opening("1-I").moves) in flat
    assert "Set-up: " + " ".join(deck.opening("11-IV").setup) in flat


def test_a_round_without_a_draw_prints_a_sheet_that_says_so(tournament, published_round, chief_arbiter, login):
    response = login(chief_arbiter).get(reverse("tournaments:ballot_sheet_pdf", args=[tournament.slug, 1]))
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    assert response.status_code == 200 and "No openings have been drawn" in " ".join(text.split())


class _Recorder:
    """A stand-in canvas that keeps the discs a diagram draws (centre, fill colour)."""

    def __init__(self) -> None:
        self.fill = None
        self.discs: list[tuple[float, float, str]] = []

    def setFillColor(self, c):  # noqa: N802 - reportlab's name
        self.fill = c.hexval()

    def circle(self, x, y, r, fill=1, stroke=1):
        if fill:
            self.discs.append((round(x, 3), round(y, 3), self.fill))

    def __getattr__(self, name):
        return lambda *a, **k: None


def test_the_diagram_puts_every_man_on_its_square():
    """An 80-point diagram has 10-point squares, White at the bottom: the man on square <file><rank> has its
    centre at x = 10 * file index + 5 (a = 0), y = 10 * (rank - 1) + 5, computed from the square's name
    alone. Opening 1-I's FEN (W:Wb4,a3,...:Bb8,...) puts 12 white men (b4 at (15, 35)) and 12 black men."""
    from tournaments.pdf.ballots import BoardDiagram

    opening = load_deck("fmjd64").opening("1-I")
    _, white, black = opening.fen.split(":")

    def centre(name: str) -> tuple[float, float]:
        return (10 * (ord(name[0]) - ord("a")) + 5.0, 10 * (int(name[1:]) - 1) + 5.0)

    diagram = BoardDiagram(load_deck("fmjd64").position("1-I"), 80)
    canvas = _Recorder()
    diagram.canv = canvas
    diagram.draw()
    discs = [(x, y) for x, y, fill in canvas.discs]
    light = {(x, y) for x, y, fill in canvas.discs if fill == "0xfbfaf5"}
    dark = {(x, y) for x, y, fill in canvas.discs if fill == "0x1b1b1b"}
    assert len(discs) == 24 and (15.0, 35.0) in light
    assert light == {centre(s) for s in white[1:].split(",")}
    assert dark == {centre(s) for s in black[1:].split(",")}
