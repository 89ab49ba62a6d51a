"""The club evening per persona, in English, German, Dutch and French (issue 12).

The arbiter (a laptop): creates the tournament, imports the club's rating list and registers six
players from it, gives start numbers, holds the roll call (one player absent), pairs round 1, swaps
the colours of a board, publishes, types two results by board number, withdraws a player, takes a
late entry from the list with a half-point bye, finishes round 1, pairs and publishes round 2,
creates an account for a player, and downloads the crosstable PDF.
The players (phones, 390x844): the invited player chooses a password, signs in and sends a result;
the opponent (signed in too) confirms it. The public reads the standings and the pairings.

Issue 24 continues the evening: the arbiter's game page never records a result nobody chose (1);
players on private links claim a draw (10), confirm their opponent's result and confirm by sending
the same (9); the arbiter upholds a claim the validator rejected, with a reason (11); the cockpit
(the arbiter's overview, on the laptop and on a phone) shows the round's state and the next step;
a correction request blocks pairing the next round until decided (6).

Every step clicks the page as a user would (by form and field, never by English words, so the same
script runs in all four languages) and then checks the stored data: what the step should change
changed, as the user asked, and nothing else did (``State``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from tests.e2e.conftest import sign_in

pytestmark = pytest.mark.browser

LIST = Path(__file__).resolve().parents[1] / "fixtures" / "ratings" / "club_list.csv"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
WORDS = {  # one word per persona's page, to prove the page is in the language
    "en": ("Roll call", "Standings"), "de": ("Anwesenheit", "Tabelle"),
    "nl": ("Presentielijst", "Stand"), "fr": ("Appel", "Classement"),
}


def state(slug: str) -> dict[str, object]:
    """What is stored about the tournament, in comparable parts."""
    from django.contrib.auth import get_user_model

    from games.models import CorrectionRequest, DrawClaim, ResultSubmission
    from tournaments.models import Absence, Board, Entry, RatingListPlayer, Round, Tournament

    t = Tournament.objects.filter(slug=slug).first()  # None before step 1: every part is empty
    return {
        "tournament": (t.name, t.place, str(t.start_date), t.pairing_system, t.rounds_planned, t.status)
        if t is not None else None,
        "entries": frozenset(Entry.objects.filter(tournament=t).values_list(
            "player__name", "start_number", "status", "joined_in_round", "withdrawn_from_round", "user__username",
            "rating")),
        "absences": frozenset(Absence.objects.filter(entry__tournament=t).values_list(
            "entry__player__name", "round_number", "kind")),
        "rounds": frozenset(Round.objects.filter(tournament=t).values_list("number", "status")),
        "boards": frozenset(Board.objects.filter(round__tournament=t).values_list(
            "round__number", "number", "white__player__name", "black__player__name", "bye_kind", "overridden")),
        "results": frozenset(ResultSubmission.objects.filter(game__board__round__tournament=t).values_list(
            "game__board__round__number", "game__board__number", "result", "status")),
        "list": RatingListPlayer.objects.count(),
        "users": get_user_model().objects.count(),
        "claims": frozenset(DrawClaim.objects.filter(game__board__round__tournament=t).values_list(
            "game__board__round__number", "game__board__number", "upheld", "arbiter_decision")),
        "corrections": frozenset(CorrectionRequest.objects.filter(game__board__round__tournament=t).values_list(
            "game__board__round__number", "game__board__number", "result", "status")),
    }


class State:
    """``step(changes)``: after a step, exactly the parts named changed (and nothing else)."""

    def __init__(self, slug: str) -> None:
        self.slug = slug
        self.now = state(slug)

    def step(self, what: str, *changed: str) -> dict[str, object]:
        before, after = self.now, state(self.slug)
        moved = {k for k in after if before.get(k) != after[k]}
        assert moved == set(changed), f"{what}: changed {sorted(moved)}, expected {sorted(changed)}"
        self.now = after
        return after


def _go(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state()


def _submit(page: Page, form_selector: str) -> None:
    page.locator(form_selector).locator("button[type=submit]").first.click()
    page.wait_for_load_state()


def _board(slug: str, rnd: int, number: int):
    from tournaments.models import Board

    return Board.objects.select_related("white__player", "black__player").get(
        round__tournament__slug=slug, round__number=rnd, number=number)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "de", "nl", "fr"])
def test_the_evening_per_persona(browser: Browser, live_server, make_user, shot, lang):
    from tournaments.models import Board, Entry

    url = live_server.url
    slug = f"club-{lang}"
    make_user("chief", is_staff=True, first_name="Clara", last_name="Chef")
    context = {"locale": lang, "extra_http_headers": {"Accept-Language": lang}}
    arbiter = browser.new_context(viewport={"width": 1280, "height": 900}, **context).new_page()
    sign_in(arbiter, url, "chief")
    s = State(slug)
    roll_call_word, standings_word = WORDS[lang]

    # 1. Create the tournament (a Swiss of 5 rounds).
    _go(arbiter, f"{url}/t/new/")
    arbiter.fill("#id_slug", slug)
    arbiter.fill("#id_name", "Club Evening")
    arbiter.fill("#id_place", "Leeuwarden")
    arbiter.fill("#id_start_date", "2026-11-24")
    arbiter.select_option("#id_pairing_system", "dutch")
    arbiter.fill("#id_rounds_planned", "5")
    _submit(arbiter, "main form.form")
    after = s.step("create", "tournament")
    assert after["tournament"][:5] == ("Club Evening", "Leeuwarden", "2026-11-24", "dutch", 5)

    # 2. Import the club's rating list (FMJD layout).
    _go(arbiter, f"{url}/t/{slug}/manage/rating-lists/")
    arbiter.fill("#id_name", f"Club list {lang}")
    arbiter.set_input_files("#id_file", str(LIST))
    _submit(arbiter, "form[enctype='multipart/form-data']")
    s.step("preview the list")  # a preview stores nothing (issue 24.2)
    assert arbiter.locator("#list-preview td", has_text="Henk").count() == 1
    arbiter.locator("form#list-form button[name=action][value=save]").click()
    arbiter.wait_for_load_state()
    assert s.step("import the list", "list")["list"] == 7

    # 3. Register six players from the list, each found by name.
    for surname in ("Scholten", "Lefèvre", "Müller", "Jansen", "Dubois", "Vries"):
        _go(arbiter, f"{url}/t/{slug}/manage/players/?find={surname}")
        _submit(arbiter, "form:has(input[name=action][value=register_from_list])")
        entries = s.step(f"register {surname}", "entries")["entries"]
        assert any(surname in e[0] for e in entries)  # type: ignore[union-attr]
    shot(arbiter, f"{lang} six players from the list")

    # 4. Start numbers by rating.
    _submit(arbiter, "form[action$='/players/numbers/']")
    numbered = sorted((e[1], e[0]) for e in s.step("start numbers", "entries")["entries"])  # type: ignore[union-attr]
    assert [n for n, _name in numbered] == [1, 2, 3, 4, 5, 6] and numbered[0][1] == "Scholten, Henk"

    # 5. Roll call: de Vries (6) is not in the hall.
    _go(arbiter, f"{url}/t/{slug}/manage/roll-call/")
    assert roll_call_word in arbiter.content()
    sanne = Entry.objects.get(tournament__slug=slug, player__name="de Vries, Sanne")
    arbiter.locator(f"#present-{sanne.pk}").uncheck()
    shot(arbiter, f"{lang} roll call")
    _submit(arbiter, "form.roll-call")
    assert s.step("roll call", "absences")["absences"] == {("de Vries, Sanne", 1, "absent")}

    # 6. Pair round 1: five present, two games, a pairing-allocated bye, de Vries absent.
    _go(arbiter, f"{url}/t/{slug}/manage/rounds/")
    _submit(arbiter, "form[action$='/rounds/pair/']")
    boards = s.step("pair round 1", "rounds", "boards")["boards"]
    kinds = sorted(b[4] for b in boards)  # type: ignore[union-attr]
    assert kinds == ["", "", "absent", "pab"], boards
    shot(arbiter, f"{lang} round 1 draft")

    # 7. Edit: swap the colours of board 1.
    first = _board(slug, 1, 1)
    _submit(arbiter, "form[action$='/rounds/1/boards/1/swap-colours/']")
    s.step("swap colours", "boards")
    again = _board(slug, 1, 1)
    assert (again.white_id, again.black_id, again.overridden) == (first.black_id, first.white_id, True)

    # 8. Publish round 1 (asks first).
    arbiter.locator("details.confirm > summary").first.click()
    _submit(arbiter, "form[action$='/rounds/1/publish/']")
    published = s.step("publish (the tournament is then under way)", "rounds", "tournament")
    assert (1, "published") in published["rounds"] and published["tournament"][5] == "running"  # type: ignore

    # 9. Results typed by board number: board 1 a win for White, board 2 a draw.
    _go(arbiter, f"{url}/g/t/{slug}/results/?round=1")
    arbiter.fill("#id_typed", "1 2-0; 2 1-1")
    _submit(arbiter, "form#typed")
    results = s.step("typed results", "results")["results"]
    assert results == {(1, 1, "2-0", "confirmed"), (1, 2, "1-1", "confirmed")}, results

    # 10. Withdraw Jansen from round 2.
    piet = Entry.objects.get(tournament__slug=slug, player__name="Jansen, Piet")
    _go(arbiter, f"{url}/t/{slug}/manage/players/{piet.pk}/withdraw/")
    arbiter.fill("#id_from_round", "2")
    _submit(arbiter, "main form.form")
    assert ("Jansen, Piet", 2) in {(e[0], e[4]) for e in s.step("withdraw", "entries")["entries"]}  # type: ignore

    # 11. A late entry from the list, with a half-point bye for round 1.
    _go(arbiter, f"{url}/t/{slug}/manage/players/?find=petit")
    arbiter.select_option("form:has(input[name=action][value=register_from_list]) select", "half")
    _submit(arbiter, "form:has(input[name=action][value=register_from_list])")
    s.step("late entry", "entries", "boards")
    marc = Entry.objects.get(tournament__slug=slug, player__name="Petit, Marc")
    assert marc.joined_in_round == 2 and Board.objects.get(white=marc).bye_kind == "half"

    # 12. Finish round 1, pair and publish round 2.
    _go(arbiter, f"{url}/t/{slug}/manage/rounds/1/")
    _submit(arbiter, "form[action$='/rounds/1/finish/']")
    s.step("finish round 1", "rounds")
    _go(arbiter, f"{url}/t/{slug}/manage/rounds/")
    _submit(arbiter, "form[action$='/rounds/pair/']")
    boards2 = {b for b in s.step("pair round 2", "rounds", "boards")["boards"] if b[0] == 2}  # type: ignore
    seated = {name for b in boards2 for name in (b[2], b[3]) if name}
    assert "Jansen, Piet" not in seated and "Petit, Marc" in seated and "de Vries, Sanne" in seated
    arbiter.locator("details.confirm > summary").first.click()
    _submit(arbiter, "form[action$='/rounds/2/publish/']")
    s.step("publish round 2", "rounds")
    shot(arbiter, f"{lang} round 2 published")

    # 13. An account for the White player of board 1, round 2; the invitation link from the message.
    white = _board(slug, 2, 1).white
    black = _board(slug, 2, 1).black
    _go(arbiter, f"{url}/t/{slug}/manage/players/")
    # One line per player (issue 24): the account forms open from the player's "No account".
    arbiter.locator(f"tr:has(input[name=entry][value='{white.pk}']) details.account-actions > summary").click()
    _submit(arbiter, f"form:has(input[name=action][value=invite_account]):has(input[name=entry][value='{white.pk}'])")
    s.step("create an account", "entries", "users")
    link = re.search(r"https?://[^\s<]+/accounts/invitation/[^\s<]+/", arbiter.content())
    assert link, "no invitation link shown"
    invited = Entry.objects.get(pk=white.pk).user

    # 14. The player (phone) sets a password, signs in and sends 0-2 for board 1 of round 2.
    phone = browser.new_context(**PHONE, **context).new_page()
    _go(phone, link.group(0).replace("http://testserver", url))
    phone.fill("#id_new_password1", "hall-Phone-2026")
    phone.fill("#id_new_password2", "hall-Phone-2026")
    _submit(phone, "main form.form")
    s.step("password set")  # a password is no part of the tournament's data
    sign_in(phone, url, invited.username, "hall-Phone-2026")
    _go(phone, f"{url}/g/t/{slug}/my/")
    shot(phone, f"{lang} player my games")
    phone.locator("form.result-form button[name=result][value='0-2']").first.click()
    phone.wait_for_load_state()
    assert (2, 1, "0-2", "pending") in s.step("player sends a result", "results")["results"]  # type: ignore

    # 15. The opponent (a phone, an account the arbiter linked) confirms.
    opponent_user = make_user(f"opp-{lang}")
    from tournaments.services.registration import link_user

    link_user(None, black, opponent_user)
    s.step("opponent's account made and linked (set-up)", "entries", "users")
    other = browser.new_context(**PHONE, **context).new_page()
    sign_in(other, url, opponent_user.username)
    _go(other, f"{url}/g/t/{slug}/my/")
    other.locator("form[action*='/confirm/'] button").first.click()
    other.wait_for_load_state()
    assert (2, 1, "0-2", "confirmed") in s.step("opponent confirms", "results")["results"]  # type: ignore
    shot(other, f"{lang} opponent confirmed")

    # 16. The public: standings and pairings in the language; the crosstable PDF downloads.
    public = browser.new_context(**PHONE, **context).new_page()
    _go(public, f"{url}/t/{slug}/standings/")
    assert standings_word in public.content() and "Scholten, Henk" in public.content()
    shot(public, f"{lang} public standings")
    _go(public, f"{url}/t/{slug}/pairings/")
    pdf = public.request.get(f"{url}/t/{slug}/pdf/crosstable/")
    assert pdf.ok and pdf.headers["content-type"].startswith("application/pdf")
    s.step("the public reads")  # reading changes nothing

    _cockpit_evening(browser, url, slug, lang, context, s, arbiter, phone, shot)


OPENING = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 34-30 5-10 5. 40-34 20-24"


def _games(slug: str, rnd: int) -> list:
    """The game boards of round ``rnd`` after board 1, each with its game."""
    from games.services.games import game_for_board
    from tournaments.models import Board

    boards = Board.objects.filter(round__tournament__slug=slug, round__number=rnd, bye_kind="", number__gt=1)
    return [(b, game_for_board(b)) for b in boards.select_related("white__player", "black__player").order_by("number")]


def _link(slug: str, entry) -> str:
    from games.models import SubmissionLink

    return SubmissionLink.objects.get(tournament__slug=slug, entry=entry).token


def _cockpit_evening(browser, url, slug, lang, context, s, arbiter, phone, shot):
    """Issue 24 (items 1, 6, 9, 10, 11 and the cockpit), on round 2 of the evening."""
    (b2, g2), (b3, g3) = _games(slug, 2)

    # 17. The cockpit (laptop): round 2's state, finishing blocked by the games without a result.
    _go(arbiter, f"{url}/t/{slug}/manage/")
    assert arbiter.locator("section.cockpit-next button[disabled]").count() == 1
    assert arbiter.locator(f"#tile-none a[href='/g/{g2.pk}/']").count() == 1
    shot(arbiter, f"{lang} cockpit round 2 open")

    # 18. (1) The arbiter's game page: moves typed, "Enter result" pressed without choosing: nothing stored.
    _go(arbiter, f"{url}/g/{g2.pk}/")
    assert arbiter.locator("#id_result").input_value() == ""
    arbiter.fill("#id_moves", OPENING)
    arbiter.locator("form#result-form button[type=submit]:not([name=save_moves])").click()
    arbiter.wait_for_timeout(300)
    assert arbiter.locator("#id_result").evaluate("e => e.validity.valueMissing")
    s.step("enter result without a result")  # nothing recorded, nothing confirmed

    # 19. Private links for the players without an account.
    _go(arbiter, f"{url}/g/t/{slug}/links/")
    _submit(arbiter, "form[action$='/links/create-missing/']")
    s.step("links created")  # links are no part of the compared data
    phones = {}
    for side in (b2.white, b2.black, b3.white):
        phones[side.pk] = browser.new_context(**PHONE, **context).new_page()

    # 20. (10) Board 3's White, on a phone through the private link, claims a threefold repetition.
    w3 = phones[b3.white.pk]
    _go(w3, f"{url}/g/l/{_link(slug, b3.white)}/{g3.pk}/")
    w3.fill("#id_moves", OPENING)
    w3.select_option("#claim-rule", "threefold_repetition")
    _submit(w3, "form[action$='/claim/']")
    claims = s.step("link player claims", "claims")["claims"]
    assert claims == {(2, b3.number, False, "")}, claims  # no position was repeated: the validator rejects it
    shot(w3, f"{lang} link player claimed a draw")

    # 21. (9) Board 2: White sends 2-0 through the link; the cockpit shows the evening as it stands.
    w2, k2 = phones[b2.white.pk], phones[b2.black.pk]
    _go(w2, f"{url}/g/l/{_link(slug, b2.white)}/")
    w2.locator("form.result-form button[name=result][value='2-0']").first.click()
    w2.wait_for_load_state()
    assert (2, b2.number, "2-0", "pending") in s.step("link White sends", "results")["results"]  # type: ignore
    _go(arbiter, f"{url}/t/{slug}/manage/")
    assert arbiter.locator(f"#tile-waiting a[href='/g/{g2.pk}/']").count() == 1
    assert arbiter.locator(f"#tile-claims a[href^='/g/{g3.pk}/']").count() == 1
    shot(arbiter, f"{lang} cockpit during round 2")
    arbiter_phone = browser.new_context(**PHONE, **context).new_page()
    sign_in(arbiter_phone, url, "chief")
    _go(arbiter_phone, f"{url}/t/{slug}/manage/")
    shot(arbiter_phone, f"{lang} cockpit during round 2 on a phone")
    width = arbiter_phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the cockpit is {width}px wide on a 390px phone"

    # 22. (11) The arbiter follows the claim's link and upholds it, with a reason.
    arbiter.locator("#tile-claims a").first.click()
    arbiter.wait_for_load_state()
    ruling = arbiter.locator("form[action$='/rule/']").first
    ruling.locator("textarea[name=reason]").fill("Position repeated at the board (seen by the arbiter).")
    ruling.locator("button[name=decision][value=uphold]").click()
    arbiter.wait_for_load_state()
    after = s.step("arbiter upholds the claim", "claims", "results")
    assert (2, b3.number, False, "upheld") in after["claims"]
    assert (2, b3.number, "1-1", "confirmed") in after["results"]  # type: ignore[operator]
    shot(arbiter, f"{lang} arbiter upheld the claim")

    # 22b. (9) Board 2's Black confirms White's 2-0 through his own link.
    _go(k2, f"{url}/g/l/{_link(slug, b2.black)}/")
    shot(k2, f"{lang} link player confirms")
    k2.locator("form[action$='/confirm/'] button").first.click()
    k2.wait_for_load_state()
    assert (2, b2.number, "2-0", "confirmed") in s.step("link Black confirms", "results")["results"]  # type: ignore

    # 23. The cockpit: every result in, the next step is "Finish round 2".
    _go(arbiter, f"{url}/t/{slug}/manage/")
    shot(arbiter, f"{lang} cockpit round 2 complete")
    _submit(arbiter, "section.cockpit-next form[action$='/rounds/2/finish/']")
    s.step("finish round 2 from the cockpit", "rounds")

    # 24. (6) The invited player asks for a correction of his confirmed 0-2 (phone).
    _go(phone, f"{url}/g/t/{slug}/my/")
    card = phone.locator(".correction").first
    card.locator("details > summary").click()
    card.locator("input[name=result][value='1-1']").check()
    card.locator("textarea[name=reason]").fill("We agreed a draw.")
    card.locator("button[type=submit]").click()
    phone.wait_for_load_state()
    assert (2, 1, "1-1", "open") in s.step("correction asked", "corrections")["corrections"]  # type: ignore

    # 25. The cockpit: pairing round 3 waits for the decision (or "pair anyway"); laptop and phone.
    _go(arbiter, f"{url}/t/{slug}/manage/")
    assert arbiter.locator("section.cockpit-next button[disabled]").count() == 1
    assert arbiter.locator("section.cockpit-next form[action$='/rounds/pair/'] input[name=override]").count() == 1
    shot(arbiter, f"{lang} cockpit correction blocks pairing")
    _go(arbiter_phone, f"{url}/t/{slug}/manage/")
    shot(arbiter_phone, f"{lang} cockpit on a phone")
    arbiter.locator("#tile-corrections a").first.click()
    arbiter.wait_for_load_state()
    decide = arbiter.locator("form[action$='/decide/']").first
    decide.locator("input[name=note]").fill("The scoresheets say 0-2.")
    decide.locator("button[name=decision][value=refuse]").click()
    arbiter.wait_for_load_state()
    assert (2, 1, "1-1", "refused") in s.step("correction refused", "corrections")["corrections"]  # type: ignore

    # 26. The next step is one button again: pair round 3, then publish it.
    _go(arbiter, f"{url}/t/{slug}/manage/")
    _submit(arbiter, "section.cockpit-next form[action$='/rounds/pair/']")
    s.step("pair round 3 from the cockpit", "rounds", "boards")
    _go(arbiter, f"{url}/t/{slug}/manage/")
    shot(arbiter, f"{lang} cockpit publish round 3")
    arbiter.locator("section.cockpit-next details.confirm > summary").click()
    _submit(arbiter, "section.cockpit-next form[action$='/rounds/3/publish/']")
    assert (3, "published") in s.step("publish round 3 from the cockpit", "rounds")["rounds"]  # type: ignore
