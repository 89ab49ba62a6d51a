"""The tournament's own rules on a club evening (issue 24, items 7, 12, 13).

7. A player marked absent at the roll call after the round was drafted: the draft warns (the board
   and the round page name the player) and offers to pair the round again, which seats the others.
12. A late entry's missed rounds score as the tournament's rule says (zero or half a point, per round
    or for at most N rounds); the registration asks only when the rule leaves it to the arbiter.
13. After ``forfeit_limit`` games lost by forfeit the arbiter is warned and offered the withdrawal.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Board, Entry, Round
from tournaments.services.pairing import pair_round
from tournaments.services.registration import register_player, roll_call
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.django_db


def _play(t, staff, set_result, result="1-1"):
    rnd = pair_round(t, staff, override=True).round
    publish_round(staff, rnd)
    for b in rnd.boards.filter(bye_kind=""):
        set_result(b, result)
    return rnd


# --- 7 -------------------------------------------------------------------------------------------------------

def test_absent_after_the_draft_warns_and_pairing_again_leaves_the_player_out(make_tournament, add_entries,
                                                                                chief_arbiter, login):
    t = make_tournament("late-roll", rounds_planned=5)
    from tournaments.models import Role

    Role.objects.create(tournament=t, user=chief_arbiter, kind="chief_arbiter")
    e = add_entries(t, 6)
    rnd = pair_round(t, chief_arbiter).round
    seated = Board.objects.get(round=rnd, white=e[5]) if Board.objects.filter(round=rnd, white=e[5]).exists() \
        else Board.objects.get(round=rnd, black=e[5])
    assert seated.warnings == []
    # The roll call, after the draft: player 6 is not in the hall.
    roll_call(chief_arbiter, t, 1, [x.pk for x in e[:5]])
    seated.refresh_from_db()
    assert any("Player 006 (6) is marked absent for this round but is paired" in w for w in seated.warnings)
    client = login(chief_arbiter)
    page = client.get(reverse("tournaments:round", args=[t.slug, 1])).content.decode()
    assert 'id="paired-but-away"' in page and "Player 006" in page
    again = reverse("tournaments:pair_again", args=[t.slug, 1])
    assert f'action="{again}"' in page
    client.post(again)
    rnd = Round.objects.get(tournament=t, number=1)
    assert rnd.status == Round.Status.DRAFT
    games = Board.objects.filter(round=rnd, bye_kind="")
    assert not games.filter(white=e[5]).exists() and not games.filter(black=e[5]).exists()
    assert Board.objects.get(round=rnd, white=e[5]).bye_kind == Board.ByeKind.ABSENT
    assert not any(b.warnings for b in Board.objects.filter(round=rnd))


def test_a_published_round_cannot_be_paired_again(tournament, published_round, login, chief_arbiter):
    response = login(chief_arbiter).post(reverse("tournaments:pair_again", args=[tournament.slug, 1]), follow=True)
    assert "already published" in response.content.decode()
    assert Round.objects.get(pk=published_round.pk).status == Round.Status.PUBLISHED


# --- 12 ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rule", "limit", "kinds"), [
    ("zero", 0, ["zero", "zero", "zero"]),
    ("half", 0, ["half", "half", "half"]),
    ("half", 2, ["half", "half", "zero"]),
])
def test_the_tournaments_rule_gives_the_missed_rounds_byes(make_tournament, add_entries, staff, set_result,
                                                            rule, limit, kinds):
    t = make_tournament(f"late-{rule}-{limit}", rounds_planned=5, late_entry_byes=rule, late_entry_half_rounds=limit)
    add_entries(t, 4)
    for _n in range(3):
        _play(t, staff, set_result)
    late = register_player(staff, t, {"name": "Late, Lena", "rating": 1500})
    assert [b.bye_kind for b in Board.objects.filter(white=late).order_by("round__number")] == kinds


def test_the_registration_asks_only_when_the_rule_leaves_it_to_the_arbiter(make_tournament, add_entries,
                                                                            chief_arbiter, login, staff, set_result):
    from tournaments.models import RatingList, RatingListPlayer, Role

    t = make_tournament("late-ask", rounds_planned=5, late_entry_byes="half")
    Role.objects.create(tournament=t, user=chief_arbiter, kind="chief_arbiter")
    add_entries(t, 4)
    _play(t, staff, set_result)
    lst = RatingList.objects.create(name="Club", kind="national")
    RatingListPlayer.objects.create(rating_list=lst, last_name="Petit", first_name="Marc", search_name="petit marc")
    client = login(chief_arbiter)
    url = reverse("tournaments:players", args=[t.slug])
    page = client.get(url + "?find=petit").content.decode()
    assert 'name="missed_rounds"' not in page  # the rule says: a half-point bye each
    assert "A half-point bye for each missed round" in page
    t.late_entry_byes = "ask"
    t.save()
    page = client.get(url + "?find=petit").content.decode()
    assert 'name="missed_rounds" value="half"' in page  # the add form's choice
    assert '<select id="missed-' in page  # and the list's register button's


def test_a_csv_late_entry_under_the_asking_rule_gets_zero_point_byes(make_tournament, add_entries, staff,
                                                                      set_result):
    t = make_tournament("late-csv", rounds_planned=5)
    assert t.late_entry_byes == "ask"
    add_entries(t, 4)
    _play(t, staff, set_result)
    late = register_player(staff, t, {"name": "Late, Lena"})  # nobody to ask: zero
    assert Board.objects.get(white=late).bye_kind == Board.ByeKind.ZERO


def test_the_settings_offer_the_late_entry_and_forfeit_rules(tournament, login, chief_arbiter):
    page = login(chief_arbiter).get(reverse("tournaments:settings", args=[tournament.slug])).content.decode()
    for name in ("late_entry_byes", "late_entry_half_rounds", "forfeit_limit"):
        assert f'name="{name}"' in page


# --- 13 ------------------------------------------------------------------------------------------------------

def test_after_the_forfeit_limit_the_arbiter_is_warned_and_offered_the_withdrawal(make_tournament, add_entries,
                                                                                  staff, set_result,
                                                                                  chief_arbiter, login):
    """Player 1 loses rounds 1 and 2 by forfeit (the tournament warns after 2): round 3's draft warns on
    the player's board, and the arbiter's overview offers the withdrawal."""
    from tournaments.models import Role

    t = make_tournament("forfeits", rounds_planned=5, forfeit_limit=2)
    Role.objects.create(tournament=t, user=chief_arbiter, kind="chief_arbiter")
    e = add_entries(t, 4)
    for _n in range(2):
        rnd = pair_round(t, staff).round
        publish_round(staff, rnd)
        for b in rnd.boards.filter(bye_kind=""):
            set_result(b, "-+" if b.white_id == e[0].pk else "+-" if b.black_id == e[0].pk else "1-1")
        rnd.status = Round.Status.FINISHED
        rnd.save()
    rnd3 = pair_round(t, staff).round
    board = Board.objects.filter(round=rnd3).filter(white=e[0]).first() or Board.objects.get(round=rnd3, black=e[0])
    assert any("Player 001 (1) has lost 2 games by forfeit (rounds 1, 2): withdraw the player?" in w
               for w in board.warnings)
    others = Board.objects.filter(round=rnd3).exclude(pk=board.pk)
    assert not any("forfeit" in w for b in others for w in b.warnings)
    page = login(chief_arbiter).get(reverse("tournaments:manage", args=[t.slug])).content.decode()
    assert "Player 001 (1) has lost 2 games by forfeit (rounds 1, 2)." in page
    assert reverse("tournaments:withdraw", args=[t.slug, e[0].pk]) in page


def test_no_forfeit_warning_below_the_limit_or_with_the_limit_off(make_tournament, add_entries, staff, set_result):
    t = make_tournament("forfeit-off", rounds_planned=5, forfeit_limit=0)
    e = add_entries(t, 4)
    rnd = pair_round(t, staff).round
    publish_round(staff, rnd)
    for b in rnd.boards.filter(bye_kind=""):
        set_result(b, "--")
    for limit, warned in ((0, False), (2, False), (1, True)):
        t.forfeit_limit = limit
        t.save()
        r2 = pair_round(t, staff, override=True).round
        assert any("by forfeit" in w for b in r2.boards.all() for w in b.warnings) == warned, limit
        r2.delete()
    assert Entry.objects.filter(tournament=t, status="active").count() == len(e)
