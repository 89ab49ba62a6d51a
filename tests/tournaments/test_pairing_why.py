"""The pairing "Why" stays true after an arbiter's change (issue 12): a colour swap or an exchange
recomputes the boards' reasons with the engine's own words, saying whether the colours still follow
the colour rules, and the warnings name the rule a change breaks."""

from __future__ import annotations

import re

import pytest

from tournaments.models import Board
from tournaments.pairing.model import ARBITER_CHANGE_REASON
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import publish_round, swap_colours, swap_players

pytestmark = pytest.mark.django_db


def _round_two(make_tournament, add_entries, staff, set_result):
    """Four players; round 1 pairs 1-3 and 4-2 (top half against bottom half), both drawn. In round 2
    everybody wants the colour they did not have, and two players who had different colours are
    paired: the engine meets both preferences on every board, so a swap breaks both."""
    t = make_tournament("why", rounds_planned=4)
    add_entries(t, 4)
    r1 = pair_round(t, staff).round
    publish_round(staff, r1)
    for b in r1.boards.filter(bye_kind=""):
        set_result(b, "1-1")
    return t, pair_round(t, staff).round


def test_a_colour_swap_recomputes_the_reasons(make_tournament, add_entries, staff, set_result):
    t, r2 = _round_two(make_tournament, add_entries, staff, set_result)
    board = r2.boards.get(number=1)
    engine = list(board.reasons)
    assert ARBITER_CHANGE_REASON not in engine
    swapped = swap_colours(staff, board)
    assert swapped.reasons[0] == ARBITER_CHANGE_REASON
    assert any(r.startswith("Colours: set by the arbiter, against the colour rules") for r in swapped.reasons)
    # Round 1 gave each player one colour; both now play their round-1 colour again: not met.
    assert sum("colour preference not met" in r for r in swapped.reasons) == 2
    # Swapped back, the board is the engine's pairing again: its own reasons, not "changed" (issue 24.5).
    back = swap_colours(staff, Board.objects.get(pk=board.pk))
    assert back.reasons == engine and not back.overridden


def test_an_exchange_recomputes_both_boards(make_tournament, add_entries, staff, set_result):
    t, r2 = _round_two(make_tournament, add_entries, staff, set_result)
    b1, b2 = r2.boards.order_by("number")
    a = b1.white.start_number
    c = b2.white.start_number
    touched = swap_players(staff, r2, a, c)
    assert len(touched) == 2
    for b in Board.objects.filter(round=r2, bye_kind=""):
        assert b.reasons[0] == ARBITER_CHANGE_REASON
        assert any(r.startswith("Colours: set by the arbiter") for r in b.reasons)


def test_an_exchange_into_a_rematch_names_the_players_and_the_rule(make_tournament, add_entries, staff, set_result):
    t, r2 = _round_two(make_tournament, add_entries, staff, set_result)
    mine = next(b for b in r2.boards.filter(bye_kind="") if 1 in (b.white.start_number, b.black.start_number))
    opponent = mine.black.start_number if mine.white.start_number == 1 else mine.white.start_number
    swap_players(staff, r2, opponent, 3)  # 1 met 3 in round 1
    again = next(b for b in Board.objects.filter(round=r2, bye_kind="").select_related("white", "black")
                 if {b.white.start_number, b.black.start_number} == {1, 3})
    [rematch] = [w for w in again.warnings if w.startswith("Rematch")]
    assert "Player 001 (1)" in rematch and "Player 003 (3)" in rematch
    assert rematch.endswith("(FIDE C.04.3 C1: no rematch).")


def test_the_round_page_says_the_common_case_once_names_players_and_speaks_the_language(
        tournament, chief_arbiter, add_entries, set_result, login):
    from django.urls import reverse

    add_entries(tournament, 4)
    r1 = pair_round(tournament, chief_arbiter).round
    publish_round(chief_arbiter, r1)
    for b in r1.boards.filter(bye_kind=""):
        set_result(b, "1-1")
    r2 = pair_round(tournament, chief_arbiter).round
    swap_colours(chief_arbiter, r2.boards.get(number=1))
    client = login(chief_arbiter)
    url = reverse("tournaments:round", args=[tournament.slug, 2])
    page = client.get(url).content.decode()
    # Round 2: same score group everywhere, said once above the table, never on a board.
    assert "Why, unless a board says otherwise:" in page and "both players from the same score group" in page
    assert "Same score group" not in page
    # The swapped board names its players with their numbers, each preference now not met (the page
    # holds the reasons twice: in the column and in the row phones show).
    assert len(set(re.findall(r"Player 00\d \(\d\) wanted (?:White|Black) \(\w+ preference\) but gets", page))) == 2
    assert "Changed by an arbiter" in page
    german = client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Von einem Schiedsrichter geändert" in german and "Farbwunsch nicht erfüllt: " in german


@pytest.mark.parametrize("system", ["dutch", "berger", "berger_double", "keizer"])
def test_every_reason_the_engines_write_has_a_translation(make_tournament, add_entries, staff, set_result, system):
    """Five players (an odd field: byes and free rounds), three rounds, with wins, draws and losses:
    each reason stored on a board is one the round page translates (none falls through as English)."""
    from tournaments.reports.reasons import is_known

    t = make_tournament(f"why-{system}", pairing_system=system, rounds_planned=5)
    add_entries(t, 5)
    seen: set[str] = set()
    for n in range(3):
        rnd = pair_round(t, staff).round
        publish_round(staff, rnd)
        for i, b in enumerate(rnd.boards.filter(bye_kind="").order_by("number")):
            set_result(b, ("2-0", "1-1", "0-2")[(i + n) % 3])
        for b in rnd.boards.all():
            seen.update(b.reasons)
    assert seen
    unknown = sorted(r for r in seen if not is_known(r))
    assert not unknown, unknown


# -- issue 24, item 20: one short line per board, every reason on demand, sentences in each language --

NAMES = {2: "N'Diaye, Mamadou", 10: "de Vries, Pieter", 24: "Hendriks, Sjoerd", 6: "de Jong, Ineke"}
# Board 1 of the demo's round 5, as the Dutch engine wrote it.
BOARD = [
    "White 2: colour preference not met (mild, wanted black)",
    "Black 10: colour preference met (mild, wanted black)",
    "Colours: higher-ranked player's preference granted",
    "Black 10: downfloater from score 8",
    "White 2: upfloater from score 6",
    "White 2: floated up two rounds ago",
]


@pytest.mark.parametrize(("lang", "summary", "detail"), [
    ("en", "Floaters: de Vries ↓, N'Diaye ↑ · colour wish not met: N'Diaye",
     "N'Diaye, Mamadou (2) floated up two rounds ago"),
    ("de", "Floater: de Vries ↓, N'Diaye ↑ · Farbwunsch nicht erfüllt: N'Diaye",
     "N'Diaye, Mamadou (2) wurde vor zwei Runden nach oben gelost"),
    ("nl", "Floaters: de Vries ↓, N'Diaye ↑ · kleurvoorkeur niet vervuld: N'Diaye",
     "N'Diaye, Mamadou (2) schoof twee ronden geleden op"),
    ("fr", "Flotteurs : de Vries ↓, N'Diaye ↑ · préférence de couleur non respectée : N'Diaye",
     "N'Diaye, Mamadou (2) est monté d’un groupe il y a deux rondes"),
])
def test_a_board_says_one_short_line_and_keeps_the_reasons_for_later(lang, summary, detail):
    from django.utils import translation

    from tournaments.reports.reasons import board_why

    with translation.override(lang):
        why = board_why(BOARD, NAMES)
    assert why.summary == summary
    assert len(why.details) == 6 and detail in why.details
    assert why.details[0].startswith("N'Diaye, Mamadou (2) ")  # the details name players in full
    floats = [d for d in why.details if "(2)" in d and ("6 " in d)]
    assert floats, why.details  # the points are in the details: "N'Diaye, Mamadou (2) floats up (has 6 points)"


@pytest.mark.parametrize(("lang", "one", "two", "half"), [
    ("en", "has 1 point", "has 2 points", "has 0.5 points"),
    ("de", "hat 1 Punkt", "hat 2 Punkte", "hat 0.5 Punkte"),
    ("nl", "heeft 1 punt", "heeft 2 punten", "heeft 0.5 punten"),
    ("fr", "a 1 point", "a 2 points", "a 0.5 point"),  # French: below 2 is singular
])
def test_points_take_the_plural_of_each_language(lang, one, two, half):
    """"steigt auf von 1 Punkten" was the issue: the count chooses the form (ngettext)."""
    from django.utils import translation

    from tournaments.reports.reasons import floats_text

    with translation.override(lang):
        assert one in floats_text("up", "X", "1")
        assert two in floats_text("up", "X", "2")
        assert half in floats_text("down", "X", "0.5")
        assert floats_text("down", "X", "1.5").endswith(("1.5 points)", "1.5 Punkte)", "1.5 punten)"))


def test_an_ordinary_board_says_so_and_a_bye_says_why():
    from tournaments.reports.reasons import board_why

    plain = board_why(["White 3: colour preference met (mild, wanted white)",
                       "Black 4: colour preference met (mild, wanted black)",
                       "Colours: both preferences met", "Same score group (4)"], {3: "A, B", 4: "C, D"})
    assert plain.summary == "Nothing unusual" and len(plain.details) == 2
    bye = board_why(["PAB: odd number of players to pair (15)",
                     "PAB: eligible (no earlier PAB and no win without playing) (C2)"], {})
    assert bye.summary == "Bye: an odd number of players to pair (15)"
    assert bye.details[1] == "Bye: eligible, no earlier bye and no win without playing (C2)"


def test_the_round_page_shows_one_line_per_board_and_the_reasons_on_demand(
        tournament, chief_arbiter, add_entries, set_result, login):
    from django.urls import reverse

    from tests.english import page_texts

    add_entries(tournament, 6)
    r1 = pair_round(tournament, chief_arbiter).round
    publish_round(chief_arbiter, r1)
    for i, b in enumerate(r1.boards.filter(bye_kind="").order_by("number")):
        set_result(b, ("2-0", "1-1", "0-2")[i % 3])
    pair_round(tournament, chief_arbiter)
    page = login(chief_arbiter).get(reverse("tournaments:round", args=[tournament.slug, 2])).content.decode()
    cells = re.findall(r'<td class="muted why">(.*?)</td>', page, re.S)
    assert len(cells) == 3
    for cell in cells:  # a <details> whose summary is the one line, or the one line alone
        assert "<br>" not in cell
        summary = re.search(r"<summary>(.*?)</summary>", cell, re.S)
        line = summary[1] if summary else cell
        assert "\n" not in line.strip() and 0 < len(" ".join(page_texts(line).texts)) <= 200
    assert page.count('<details class="why">') >= 2  # in the column and in the phone's row
