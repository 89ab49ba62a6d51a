"""The whole evening in a real browser (Chromium), one step after another, a screenshot per step.

A chief arbiter creates a Swiss tournament, registers 12 players from a CSV file, pairs and
publishes round 1; two players log in, one enters the moves and result of their game, the other
confirms; a third enters an illegal move and sees the explanation; a draw claim by threefold
repetition is upheld; the arbiter pairs round 2; the public standings page updates by itself
(htmx polling, driven by Playwright's clock); the crosstable PDF downloads and holds the standings.

Setup done outside the browser, because no page does it (reported): the chief arbiter's staff
account and linking three players' accounts to their CSV-imported player records.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import PASSWORD
from tests.e2e.conftest import ARTIFACTS as ARTIFACTS_DIR
from tests.e2e.conftest import click_through

pytestmark = pytest.mark.browser

CSV = Path(__file__).resolve().parents[1] / "fixtures" / "e2e" / "players12.csv"
SLUG = "evening-open"
# Two kings shuffle from an adjourned position: the position repeats after plies 4 and 8.
# (Kings that do not share a diagonal: every move is legal, the claim rests on the repetition alone.)
REPETITION_FEN = "W:WK47,K50:BK3,K4"
REPETITION = "1. 50-45 4-10 2. 45-50 10-4 3. 50-45 4-10 4. 45-50 10-4"
OPENING = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 34-30 5-10 5. 40-34 20-24"
ILLEGAL = "1. 32-28 19-23 2. 28-23"  # 23 is occupied: not a legal move


def login(browser: Browser, live_server, username: str, shot, label: str) -> Page:
    """A fresh browser context signed in through the login page."""
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.locator("form").filter(has=page.locator("#id_password")).locator("button[type=submit], input[type=submit]") \
        .first.click()
    page.wait_for_load_state()
    assert "/accounts/login/" not in page.url, f"{username} could not sign in"
    shot(page, label)
    return page


def messages_text(page: Page) -> str:
    return " ".join(page.locator(".messages, .message, [role=alert], .alert").all_inner_texts())


def link_accounts(make_user, names: dict[str, str]):
    """Give three CSV-imported players an account and the player role (the account link is per entry)."""
    from tournaments.models import Entry, Role, Tournament

    t = Tournament.objects.get(slug=SLUG)
    users = {}
    for username, name in names.items():
        user = make_user(username)
        Entry.objects.filter(player__name=name, tournament=t).update(user=user)
        Role.objects.get_or_create(tournament=t, user=user, kind=Role.Kind.PLAYER)
        users[username] = user
    return users


def board_names(number: int) -> list[tuple[str, str]]:
    """(white, black) names of every board of round ``number`` (bye boards have black None)."""
    from tournaments.models import Board

    return [(b.white.player.name if b.white else "", b.black.player.name if b.black else "")
            for b in Board.objects.filter(round__tournament__slug=SLUG, round__number=number).order_by("number")
            .select_related("white__player", "black__player")]


def publish(page: Page, shot, number: int) -> None:
    """Publish asks first (issue 12): the summary opens the box, its button publishes."""
    page.locator("details.confirm > summary", has_text="Publish").click()
    shot(page, f"round {number} publish asks for confirmation")
    page.get_by_role("button", name=f"Yes, publish round {number}").click()


def game_id(round_number: int, board: int) -> int:
    from games.services.games import game_for_board
    from tournaments.models import Board

    return game_for_board(Board.objects.get(round__tournament__slug=SLUG, round__number=round_number,
                                            number=board)).pk


@pytest.mark.django_db(transaction=True)
def test_a_whole_tournament_evening_in_the_browser(browser: Browser, live_server, make_user, shot, tmp_path):
    url = live_server.url
    make_user("chief", is_staff=True, first_name="Clara", last_name="Chef")

    # 1. The chief arbiter signs in and creates a Swiss tournament.
    chief = login(browser, live_server, "chief", shot, "chief signs in")
    chief.goto(f"{url}/t/new/")
    chief.fill("#id_slug", SLUG)
    chief.fill("#id_name", "Evening Open")
    chief.fill("#id_place", "Utrecht")
    chief.fill("#id_start_date", "2026-11-22")
    chief.select_option("#id_pairing_system", "dutch")
    chief.fill("#id_rounds_planned", "5")
    shot(chief, "create tournament form")
    chief.locator("form button[type=submit]").last.click()
    chief.wait_for_load_state()
    assert f"/t/{SLUG}/manage/" in chief.url, chief.url
    shot(chief, "tournament created")

    # 2. Twelve players from a CSV file, then start numbers by rating.
    chief.goto(f"{url}/t/{SLUG}/manage/players/")
    chief.set_input_files("input[name=file]", str(CSV))
    chief.get_by_role("button", name="Import").click()
    chief.wait_for_load_state()
    expect(chief.locator("body")).to_contain_text("Players imported: 12.")
    chief.get_by_role("button", name="Assign start numbers").click()
    chief.wait_for_load_state()
    shot(chief, "twelve players registered")
    from tournaments.models import Entry

    assert Entry.objects.filter(tournament__slug=SLUG, start_number__isnull=False).count() == 12

    # 3. Pair round 1 (preview with reasons), publish it.
    chief.goto(f"{url}/t/{SLUG}/manage/rounds/")
    chief.get_by_role("button", name="Pair", exact=True).click()
    chief.wait_for_load_state()
    assert f"/t/{SLUG}/manage/rounds/1/" in chief.url, chief.url
    shot(chief, "round 1 draft preview")
    publish(chief, shot, 1)
    chief.wait_for_load_state()
    expect(chief.locator("body")).to_contain_text("Round 1 published")
    shot(chief, "round 1 published")
    boards = board_names(1)
    assert len(boards) == 6 and all(w and b for w, b in boards)

    # Accounts for the players of boards 1 (white, black) and 2 (white).
    (w1, b1), (w2, b2) = boards[0], boards[1]
    link_accounts(make_user, {"alice": w1, "bob": b1, "carol": w2})

    # A spectator keeps the public standings open; Playwright's clock drives htmx's polling timer.
    spectator = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    spectator.clock.install()
    spectator.goto(f"{url}/t/{SLUG}/standings/")
    spectator.evaluate("window.__stillTheSamePage = true")
    shot(spectator, "public standings before results")
    standings_before = spectator.locator("#standings-live").inner_text()

    # 4. Alice (White, board 1) enters the moves and the result of her game.
    alice = login(browser, live_server, "alice", shot, "alice signs in")
    alice.goto(f"{url}/g/t/{SLUG}/my/")
    shot(alice, "alice my games")
    g1 = game_id(1, 1)
    alice.goto(f"{url}/g/{g1}/")
    alice.fill("#id_moves", OPENING)
    alice.locator("#id_moves").dispatch_event("change")
    expect(alice.locator("#moves-check")).to_contain_text("all legal", timeout=10_000)
    shot(alice, "alice moves validated")
    alice.locator("#result-form button[name=result][value='2-0']").click()  # "I win 2-0"
    alice.wait_for_load_state()
    expect(alice.locator("body")).to_contain_text("counts once your opponent")
    shot(alice, "alice result sent")

    # 5. Bob (Black, board 1) confirms.
    bob = login(browser, live_server, "bob", shot, "bob signs in")
    bob.goto(f"{url}/g/t/{SLUG}/my/")
    # The card says the result in words from Bob's side ("Confirm: <White> wins").
    bob.get_by_role("button", name=re.compile(r"^Confirm: ")).click()
    bob.wait_for_load_state()
    expect(bob.locator("body")).to_contain_text("confirmed")
    shot(bob, "bob confirmed")
    from games.models import ResultSubmission

    assert ResultSubmission.objects.confirmed().get(game_id=g1).result == "2-0"

    # 6. The public standings update by themselves (no reload) once the poll fires.
    spectator.clock.run_for(31_000)
    expect(spectator.locator("#standings-live")).not_to_have_text(standings_before, timeout=10_000)
    assert spectator.evaluate("window.__stillTheSamePage === true"), "the page was reloaded, not updated"
    shot(spectator, "public standings updated by polling")
    first_row = spectator.locator("#standings-live tbody tr").first.inner_text()
    assert w1.split(",")[0] in first_row and "2" in first_row, first_row

    # 7. Carol (White, board 2) types an illegal move and sees the explanation at that move.
    carol = login(browser, live_server, "carol", shot, "carol signs in")
    g2 = game_id(1, 2)
    carol.goto(f"{url}/g/{g2}/")
    carol.fill("#id_moves", ILLEGAL)
    carol.locator("#id_moves").dispatch_event("change")
    message = carol.locator("#moves-check .irregular-msg").first
    expect(message).to_be_visible(timeout=10_000)
    explanation = message.inner_text()
    assert "28-23" in explanation or "23" in explanation, explanation
    shot(carol, "carol illegal move explained")
    from games.models import ResultSubmission as Sub

    assert not Sub.objects.filter(game_id=g2).exists(), "checking moves must store nothing"

    # 8. The arbiter imports the adjourned game of board 2 (a king ending) from a PDN file;
    #    Carol claims a draw by threefold repetition after ply 8: upheld; the arbiter confirms the 1-1.
    pdn = tmp_path / "board2.pdn"
    pdn.write_text(f'[Event "Evening Open"]\n[Round "1"]\n[White "{w2}"]\n[Black "{b2}"]\n[Result "*"]\n'
                   f'[GameType "20"]\n[FEN "{REPETITION_FEN}"]\n\n{REPETITION} *\n', encoding="utf-8")
    chief.goto(f"{url}/g/t/{SLUG}/import/")
    chief.set_input_files("input[name=file]", str(pdn))
    chief.locator("form[enctype='multipart/form-data'] button[type=submit]").click()
    chief.wait_for_load_state()
    expect(chief.locator("body")).to_contain_text("1", timeout=10_000)
    shot(chief, "pdn import report")
    carol.goto(f"{url}/g/{g2}/")
    expect(carol.locator("#moves-check")).to_contain_text("8 plies, all legal")
    carol.fill("#claim-ply", "8")
    carol.select_option("#claim-rule", "threefold_repetition")
    carol.get_by_role("button", name="Ask for a ruling").click()
    carol.wait_for_load_state()
    expect(carol.locator("body")).to_contain_text("Claim upheld")
    shot(carol, "carol threefold repetition upheld")
    chief.goto(f"{url}/g/{g2}/")
    click_through(chief, chief.locator("table.submissions").get_by_role("button", name="Confirm").first)
    assert ResultSubmission.objects.confirmed().get(game_id=g2).result == "1-1"
    shot(chief, "draw confirmed by the arbiter")

    # 9. The arbiter enters the other four results and pairs round 2.
    for board, result in zip(range(3, 7), ["2-0", "0-2", "1-1", "2-0"]):
        chief.goto(f"{url}/g/{game_id(1, board)}/")
        chief.select_option("#id_result", result)
        click_through(chief, chief.get_by_role("button", name="Enter result"))
    chief.goto(f"{url}/g/t/{SLUG}/results/?round=1")
    shot(chief, "round 1 results overview")
    assert ResultSubmission.objects.confirmed().filter(game__board__round__number=1,
                                                       game__board__round__tournament__slug=SLUG).count() == 6
    chief.goto(f"{url}/t/{SLUG}/manage/rounds/")
    chief.get_by_role("button", name="Pair", exact=True).click()
    chief.wait_for_load_state()
    assert f"/t/{SLUG}/manage/rounds/2/" in chief.url, chief.url
    shot(chief, "round 2 draft preview")
    publish(chief, shot, 2)
    chief.wait_for_load_state()
    round2 = board_names(2)
    assert len(round2) == 6 and (w1, b1) not in round2 and (b1, w1) not in round2, round2

    # 10. The crosstable PDF downloads and lists the standings in order.
    public = browser.new_context().new_page()
    public.goto(f"{url}/t/{SLUG}/crosstable/")
    shot(public, "public crosstable")
    # The link serves the PDF inline (Chromium would show it in its viewer): fetch it through the
    # page's own request context, as the browser's "save" would.
    href = public.get_by_role("link", name="Crosstable (PDF)").get_attribute("href")
    response = public.request.get(f"{url}{href}" if href.startswith("/") else href)
    assert response.ok and response.headers["content-type"].startswith("application/pdf"), response.headers
    data = response.body()
    (ARTIFACTS_DIR / "crosstable.pdf").write_bytes(data)
    if shutil.which("pdftoppm"):  # a picture of page 1 to look at next to the screenshots
        subprocess.run(["pdftoppm", "-r", "70", "-png", "-f", "1", "-l", "1", str(ARTIFACTS_DIR / "crosstable.pdf"),
                        str(ARTIFACTS_DIR / "tournament_evening-23-crosstable-pdf")], check=False, timeout=60)
    check_crosstable_pdf(data, w1)


def check_crosstable_pdf(data: bytes, leader: str) -> None:
    """The PDF reads back: every player's surname, the leader before the others, points printed."""
    from pypdf import PdfReader

    from tournaments.models import Entry

    assert data.startswith(b"%PDF")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    names = list(Entry.objects.filter(tournament__slug=SLUG).values_list("player__name", flat=True))
    for name in names:
        assert name.split(",")[0] in text, f"{name} missing from the crosstable PDF"
    surname = leader.split(",")[0]
    others = [n.split(",")[0] for n in names if n != leader]
    assert all(text.index(surname) <= text.index(o) for o in others if o in text), "leader is not listed first"
    assert re.search(r"\b2\b", text), "no points in the PDF"
