"""Check-in before a round and late entries (issue 12): who is not in the hall is not paired and
scores nothing; a late entry gets a zero- or half-point bye for each round played before it joined."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.history import tournament_history
from tournaments.models import Absence, AuditEntry, Board, Round
from tournaments.services.errors import ServiceError
from tournaments.services.pairing import pair_round
from tournaments.services.registration import ROLL_CALL_NOTE, register_player, roll_call, set_absence
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.django_db


def _points(t):
    return {p.id: p.points for p in tournament_history(t)}


def test_absent_at_roll_call_is_not_paired_and_scores_nothing(make_tournament, add_entries, staff, set_result):
    t = make_tournament("roll", rounds_planned=3)
    e = add_entries(t, 6)
    absent, back = roll_call(staff, t, 1, [x.pk for x in e[:5]])  # number 6 is not in the hall
    assert (absent, back) == (1, 0)
    absence = Absence.objects.get(entry=e[5], round_number=1)
    assert absence.kind == Absence.Kind.ABSENT and absence.note == ROLL_CALL_NOTE
    assert AuditEntry.objects.filter(tournament=t, action="absence.set").count() == 1
    rnd = pair_round(t, staff).round
    paired = {x for b in rnd.boards.filter(bye_kind="") for x in (b.white.start_number, b.black.start_number)}
    assert 6 not in paired
    [bye] = rnd.boards.filter(white=e[5])
    assert bye.bye_kind == Board.ByeKind.ABSENT
    publish_round(staff, rnd)
    for b in rnd.boards.filter(bye_kind=""):
        set_result(b, "2-0")
    # Five present players: two games, one pairing-allocated bye; the absent player has 0 points.
    assert _points(t)[6] == 0


def test_ticked_again_is_present_and_requested_byes_stay(make_tournament, add_entries, staff):
    t = make_tournament("roll2", rounds_planned=3)
    e = add_entries(t, 4)
    set_absence(staff, e[3], 1, Absence.Kind.HALF_BYE, "holiday")
    roll_call(staff, t, 1, [e[0].pk, e[1].pk])  # 3 absent; 4 has a requested bye: untouched
    assert Absence.objects.get(entry=e[2], round_number=1).kind == Absence.Kind.ABSENT
    assert Absence.objects.get(entry=e[3], round_number=1).kind == Absence.Kind.HALF_BYE
    absent, back = roll_call(staff, t, 1, [e[0].pk, e[1].pk, e[2].pk, e[3].pk])
    assert (absent, back) == (0, 1)
    assert not Absence.objects.filter(entry=e[2]).exists()
    assert Absence.objects.get(entry=e[3], round_number=1).kind == Absence.Kind.HALF_BYE


def test_a_published_round_refuses_the_roll_call_and_nothing_changes(make_tournament, add_entries, staff):
    t = make_tournament("roll3", rounds_planned=3)
    add_entries(t, 4)
    publish_round(staff, pair_round(t, staff).round)
    with pytest.raises(ServiceError):
        roll_call(staff, t, 1, [])
    assert not Absence.objects.exists()


@pytest.mark.parametrize(("missed", "kind", "points"),
                         [("zero", Board.ByeKind.ZERO, 0), ("half", Board.ByeKind.HALF, 2)])
def test_a_late_entry_gets_the_chosen_bye_for_each_missed_round(make_tournament, add_entries, staff, set_result,
                                                                 missed, kind, points):
    """Two rounds played, then a late entry: two bye boards of the chosen kind; with the 2/1/0
    scoring a half-point bye is worth 1, so two of them give 2 points; zero-point byes give 0."""
    t = make_tournament(f"late-{missed}", rounds_planned=5)
    add_entries(t, 4)
    for _n in range(2):
        rnd = pair_round(t, staff).round
        publish_round(staff, rnd)
        for b in rnd.boards.filter(bye_kind=""):
            set_result(b, "1-1")
    entry = register_player(staff, t, {"name": "Late, Lena", "rating": 1500}, missed_rounds=missed)
    assert entry.joined_in_round == 3
    byes = Board.objects.filter(white=entry).order_by("round__number")
    assert [(b.round.number, b.bye_kind) for b in byes] == [(1, kind), (2, kind)]
    assert _points(t)[entry.start_number] == points
    audit = AuditEntry.objects.filter(tournament=t, action="entry.late").get()
    assert f"missed_rounds=1-2; bye_kind={kind}" in audit.after
    rnd3 = pair_round(t, staff).round
    assert rnd3.boards.filter(white=entry).exists() or rnd3.boards.filter(black=entry).exists()


def test_roll_call_page_in_german(tournament, chief_arbiter, add_entries, login):
    t = tournament
    e = add_entries(t, 3)
    client = login(chief_arbiter)
    url = reverse("tournaments:roll_call", args=[t.slug])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 200
    assert 'name="present"' in page.content.decode()
    response = client.post(url, {"present": [str(e[0].pk), str(e[1].pk)]})
    assert response.status_code == 302
    assert list(Absence.objects.values_list("entry_id", "round_number", "kind")) == [(e[2].pk, 1, "absent")]
    assert Round.objects.filter(tournament=t).count() == 0


def test_the_late_entry_form_offers_the_bye_choice_only_once_rounds_exist(tournament, chief_arbiter, add_entries,
                                                                            login):
    add_entries(tournament, 4)
    client = login(chief_arbiter)
    url = reverse("tournaments:players", args=[tournament.slug])
    assert 'name="missed_rounds"' not in client.get(url).content.decode()
    publish_round(chief_arbiter, pair_round(tournament, chief_arbiter).round)
    assert 'name="missed_rounds"' in client.get(url).content.decode()
    client.post(url, {"name": "Late, Lena", "federation": "NED", "rating": "1500", "missed_rounds": "half"})
    [bye] = Board.objects.filter(white__player__name="Late, Lena")
    assert bye.bye_kind == Board.ByeKind.HALF and bye.round.number == 1


def test_the_published_round_page_shows_results_and_links_to_enter_them(tournament, chief_arbiter, published_round,
                                                                        set_result, login):
    """Board 1 has a confirmed draw, board 2 nothing yet: the arbiter sees 1-1 and a link to enter
    board 2's result, both through the board's result address (the board card's)."""
    set_result(published_round.boards.get(number=1), "1-1")
    page = login(chief_arbiter).get(reverse("tournaments:round", args=[tournament.slug, 1])).content.decode()
    board = reverse("games:board_result", args=[tournament.slug, 1, 1])
    assert f'<a href="{board}">1-1</a>' in page
    enter = reverse("games:board_result", args=[tournament.slug, 1, 2])
    assert f'href="{enter}"><span class="long">Enter result</span>' in page


def test_the_public_round_page_links_each_waiting_game_to_its_result_page(tournament, published_round, set_result,
                                                                          client):
    set_result(published_round.boards.get(number=1), "2-0")
    page = client.get(reverse("public:round", args=[tournament.slug, 1])).content.decode()
    assert reverse("games:board_result", args=[tournament.slug, 1, 2]) in page  # board 2 waits
    assert reverse("games:board_result", args=[tournament.slug, 1, 1]) not in page  # board 1 has its result
