"""The pairing manager: drafts, refusals, byes, withdrawals, edits with warnings, publish/unpair."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.db import IntegrityError

from tournaments import tasks as pairing_tasks
from tournaments.history import tournament_history
from tournaments.models import Absence, AuditEntry, Board, Entry, ProhibitedPair, Round, TaskRun
from tournaments.reports.rounds import published_rounds
from tournaments.services import pairing as pairing_service
from tournaments.services.pairing import PairingRefused, pair_round
from tournaments.services.registration import withdraw
from tournaments.services.rounds import (
    publish_round,
    swap_colours,
    swap_players,
    unpair_round,
)
from tournaments.tasks import start_pairing

pytestmark = pytest.mark.django_db


def _confirm_all(rnd, set_result, result="2-0"):
    for b in rnd.boards.filter(bye_kind=""):
        set_result(b, result)


def _pairs(rnd):
    return {
        frozenset((b.white.start_number, b.black.start_number))
        for b in rnd.boards.select_related("white", "black")
        if not b.bye_kind
    }


def test_round_robin_of_ten_players_runs_nine_rounds_end_to_end(make_tournament, add_entries, staff, set_result):
    t = make_tournament("rr10", pairing_system="berger", rounds_planned=9)
    add_entries(t, 10)
    seen: set[frozenset[int]] = set()
    for n in range(1, 10):
        rnd = pair_round(t, staff).round
        assert rnd.number == n and rnd.status == Round.Status.DRAFT
        assert rnd.boards.count() == 5
        assert all(b.reasons for b in rnd.boards.all())
        pairs = _pairs(rnd)
        assert not pairs & seen
        seen |= pairs
        publish_round(staff, rnd)
        _confirm_all(rnd, set_result, "2-0" if n % 2 else "1-1")
    assert seen == {frozenset(c) for c in combinations(range(1, 11), 2)}
    history = tournament_history(t)
    assert all(len(p.history) == 9 for p in history)
    assert sum(p.points for p in history) == 45 * 2
    with pytest.raises(PairingRefused):
        pair_round(t, staff)
    assert AuditEntry.objects.filter(tournament=t, action="round.pair").count() == 9


def test_pairing_is_refused_while_results_are_pending_unless_overridden(tournament, published_round, staff, set_result):
    set_result(published_round.boards.get(number=1), "2-0", status="pending")
    set_result(published_round.boards.get(number=2), "1-1")
    tournament.pairing_system = "berger"
    tournament.rounds_planned = 3  # four players: the Berger table's three rounds
    tournament.save()
    with pytest.raises(PairingRefused) as exc:
        pair_round(tournament, staff)
    # Issue 24: the players are named, not only numbered.
    assert exc.value.details == ["Round 1, board 1: Jansen, Piet (1) – Müller, Jürgen (2)"]
    assert not Round.objects.filter(tournament=tournament, number=2).exists()
    rnd = pair_round(tournament, staff, override=True).round
    assert rnd.number == 2
    assert "override" in AuditEntry.objects.get(tournament=tournament, action="round.pair").after


def test_a_draft_round_must_be_published_before_the_next_is_paired(make_tournament, add_entries, staff):
    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    pair_round(t, staff)
    with pytest.raises(PairingRefused, match="still a draft"):
        pair_round(t, staff)


def test_concurrent_pairing_of_the_same_round_gives_a_clear_message(make_tournament, add_entries, staff, monkeypatch):
    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    original = pairing_service._write_round

    def racing(tournament, number, *args):
        # Another arbiter commits the same round number between our read and our write.
        Round.objects.create(tournament=tournament, number=number)
        return original(tournament, number, *args)

    monkeypatch.setattr(pairing_service, "_write_round", racing)
    with pytest.raises(PairingRefused, match="Another arbiter"):
        pair_round(t, staff)


def test_the_database_rejects_a_second_round_with_the_same_number(make_tournament):
    t = make_tournament("dup")
    Round.objects.create(tournament=t, number=1)
    with pytest.raises(IntegrityError):
        Round.objects.create(tournament=t, number=1)


def test_odd_round_robin_gives_a_free_round_bye(make_tournament, add_entries, staff):
    t = make_tournament("rr5", pairing_system="berger")
    add_entries(t, 5)
    rnd = pair_round(t, staff).round
    byes = list(rnd.boards.exclude(bye_kind=""))
    assert len(byes) == 1 and byes[0].bye_kind == "zero" and byes[0].reasons


def test_withdrawn_round_robin_player_is_still_scheduled_and_the_engine_warns(make_tournament, add_entries, staff):
    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    e = add_entries(t, 4)
    withdraw(staff, e[3], from_round=1)
    outcome = pair_round(t, staff)
    assert outcome.warnings and "4" in outcome.warnings[0]
    assert outcome.round.boards.filter(bye_kind="").count() == 2


def test_unpair_deletes_the_latest_draft_and_publish_freezes_it(make_tournament, add_entries, staff):
    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    rnd = pair_round(t, staff).round
    assert list(published_rounds(t)) == []
    assert unpair_round(staff, t) == 1
    assert not t.rounds.exists()
    rnd = pair_round(t, staff).round
    publish_round(staff, rnd)
    assert list(published_rounds(t)) == [rnd]
    assert all(b.games.exists() for b in rnd.boards.all())
    with pytest.raises(PairingRefused.__mro__[1], match="already published"):
        unpair_round(staff, t)
    assert {a.action for a in AuditEntry.objects.filter(tournament=t)} >= {"round.unpair", "round.publish"}


def test_swap_colours_and_players_are_logged_with_before_and_after(make_tournament, add_entries, staff):
    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    rnd = pair_round(t, staff).round
    b1 = rnd.boards.get(number=1)
    w, b = b1.white.start_number, b1.black.start_number
    swap_colours(staff, b1)
    b1.refresh_from_db()
    assert (b1.white.start_number, b1.black.start_number) == (b, w) and b1.overridden
    entry = AuditEntry.objects.get(action="board.swap_colours")
    assert entry.before == f"1: {w}-{b}" and entry.after == f"1: {b}-{w}"
    other = rnd.boards.get(number=2)
    swap_players(staff, rnd, b1.white.start_number, other.white.start_number)
    assert AuditEntry.objects.filter(action="board.swap_players").count() == 1


def test_editing_a_draft_into_a_rematch_and_prohibited_pair_warns(make_tournament, add_entries, staff, set_result):
    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    first = pair_round(t, staff).round
    publish_round(staff, first)
    _confirm_all(first, set_result)
    b = first.boards.get(number=1)
    met = (b.white.start_number, b.black.start_number)
    rnd = pair_round(t, staff).round
    assert not any(board.warnings for board in rnd.boards.all())
    entries = {e.start_number: e for e in Entry.objects.filter(tournament=t)}
    ProhibitedPair.objects.create(tournament=t, first=entries[met[0]], second=entries[met[1]])
    # Put the two players of round 1, board 1 on the same board again.
    board_of = next(x for x in rnd.boards.all() if met[0] in (x.white.start_number, x.black.start_number))
    partner = board_of.black.start_number if board_of.white.start_number == met[0] else board_of.white.start_number
    swap_players(staff, rnd, partner, met[1])
    board_of.refresh_from_db()
    text = " ".join(board_of.warnings)
    assert "Rematch" in text and "prohibited" in text


def test_swiss_absences_and_requested_byes_become_bye_boards(make_tournament, add_entries, staff):
    t = make_tournament("swiss", pairing_system="dutch", rounds_planned=5)
    e = add_entries(t, 9)
    Absence.objects.create(entry=e[1], round_number=1, kind="half")
    Absence.objects.create(entry=e[2], round_number=1, kind="absent")
    rnd = pair_round(t, staff).round
    kinds = {b.white.start_number: b.bye_kind for b in rnd.boards.exclude(bye_kind="")}
    assert kinds[2] == "half" and kinds[3] == "absent"
    assert list(kinds.values()).count("pab") == 1  # 7 present: one pairing-allocated bye
    assert rnd.boards.filter(bye_kind="").count() == 3


def test_swiss_rounds_pair_without_rematches(make_tournament, add_entries, staff, set_result):
    t = make_tournament("swiss", pairing_system="dutch", rounds_planned=4)
    add_entries(t, 9)
    seen: set[frozenset[int]] = set()
    pabs = []
    for _n in range(4):
        rnd = pair_round(t, staff).round
        pairs = _pairs(rnd)
        assert not pairs & seen
        seen |= pairs
        pabs += [b.white.start_number for b in rnd.boards.filter(bye_kind="pab")]
        assert not any(b.warnings for b in rnd.boards.all())
        publish_round(staff, rnd)
        for b in rnd.boards.filter(bye_kind=""):
            set_result(b, "2-0" if b.white.start_number < b.black.start_number else "0-2")
    assert len(pabs) == 4 and len(set(pabs)) == 4


def test_large_pairing_runs_as_a_task_with_a_report(make_tournament, add_entries, staff, monkeypatch):
    monkeypatch.setattr(pairing_tasks, "LARGE_PAIRING", 3)
    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    with pytest.MonkeyPatch.context():
        from django.test import TestCase

        with TestCase.captureOnCommitCallbacks(execute=True):
            run = start_pairing(t, staff)
    assert isinstance(run, TaskRun)
    run.refresh_from_db()
    assert run.status == "done" and run.progress == 100 and run.report["round"] == 1
    assert Board.objects.filter(round__tournament=t).count() == 2


def test_keizer_pairs_only_present_players_with_the_tournament_parameters(
    make_tournament, add_entries, staff, set_result
):
    t = make_tournament("club", pairing_system="keizer", rounds_planned=10, system_options={"top_value": 40})
    e = add_entries(t, 7)
    Absence.objects.create(entry=e[6], round_number=1, kind="excused")
    rnd = pair_round(t, staff).round
    games = list(rnd.boards.filter(bye_kind="").select_related("white", "black"))
    assert len(games) == 3
    paired = {b.white.start_number for b in games} | {b.black.start_number for b in games}
    assert paired == {1, 2, 3, 4, 5, 6}
    assert rnd.boards.get(bye_kind="absent").white.start_number == 7
    publish_round(staff, rnd)
    _confirm_all(rnd, set_result)
    # The excused absence is recorded as "H" (Keizer: a fraction of the player's own value).
    assert {p.id: p.history for p in tournament_history(t)}[7][0].result == "H"


def test_double_round_robin_plays_every_pair_twice_with_colours_reversed(
    make_tournament, add_entries, staff, set_result
):
    t = make_tournament("drr", pairing_system="berger_double", rounds_planned=6)
    add_entries(t, 4)
    colours: dict[frozenset[int], list[tuple[int, int]]] = {}
    for _n in range(6):
        rnd = pair_round(t, staff).round
        for b in rnd.boards.select_related("white", "black"):
            pair = (b.white.start_number, b.black.start_number)
            colours.setdefault(frozenset(pair), []).append(pair)
        publish_round(staff, rnd)
        _confirm_all(rnd, set_result, "1-1")
    assert len(colours) == 6
    assert all(len(v) == 2 and v[0] == v[1][::-1] for v in colours.values())


def test_swiss_withdrawn_player_is_not_paired_and_late_entry_is(make_tournament, add_entries, staff, set_result):
    from tournaments.services.registration import register_player

    t = make_tournament("swiss-wl", pairing_system="dutch", rounds_planned=5)
    e = add_entries(t, 6)
    rnd = pair_round(t, staff).round
    publish_round(staff, rnd)
    _confirm_all(rnd, set_result)
    withdraw(staff, e[0])  # from round 2
    late = register_player(staff, t, {"name": "Late, Lou", "rating": 1500})
    assert late.start_number == 7 and late.joined_in_round == 2
    second = pair_round(t, staff).round
    seated = {b.white.start_number for b in second.boards.all()} | {
        b.black.start_number for b in second.boards.exclude(black=None)
    }
    assert 1 not in seated and 7 in seated
    assert second.boards.filter(bye_kind="pab").count() == 0  # 6 available players: 3 games
    records = {p.id: p for p in tournament_history(t)}
    # The missed round 1 is a zero-point bye (the default for a late entry; issue 12).
    assert [(r.round, r.opponent, r.result) for r in records[7].history] == [(1, None, "Z")]
    assert records[7].points == 0


def test_a_pab_after_a_forfeit_win_is_warned_as_a_second_pab(tournament, published_round, staff, set_result):
    set_result(published_round.boards.get(number=1), "+-")
    set_result(published_round.boards.get(number=2), "1-1")
    rnd = Round.objects.create(tournament=tournament, number=2)
    entries = {e.start_number: e for e in Entry.objects.filter(tournament=tournament)}
    pab = Board.objects.create(round=rnd, number=2, white=entries[1], bye_kind="pab")
    ok = Board.objects.create(round=rnd, number=1, white=entries[3], black=entries[2])
    from tournaments.services.rounds import refresh_warnings

    refresh_warnings(tournament, rnd)
    pab.refresh_from_db()
    ok.refresh_from_db()
    assert "second pairing-allocated bye" in " ".join(pab.warnings) and ok.warnings == []


def test_a_crashing_pairing_task_is_marked_failed_and_stores_nothing(make_tournament, add_entries, staff, monkeypatch):
    from tournaments.tasks import pair_round_task

    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    run = TaskRun.objects.create(tournament=t, kind="pair_round", created_by=staff)

    def broken_engine(tournament):
        def engine(inp):
            raise ZeroDivisionError("engine bug")

        return engine

    monkeypatch.setattr(pairing_service, "engine_for", broken_engine)
    with pytest.raises(ZeroDivisionError):
        pair_round_task(run.pk)
    run.refresh_from_db()
    assert run.status == "failed" and run.progress == 100 and "internal error" in run.message
    assert not Round.objects.filter(tournament=t).exists()


def test_a_board_swapped_back_to_the_engines_pairing_is_no_longer_marked_changed(make_tournament, add_entries,
                                                                                 staff):
    """Issue 24, item 5: swapping the colours twice, or exchanging two players and exchanging them
    back, leaves the board as the engine paired it: not "changed by an arbiter", the engine's reasons."""
    t = make_tournament("rr4", pairing_system="berger", rounds_planned=3)
    add_entries(t, 4)
    rnd = pair_round(t, staff).round
    made = {b.number: (b.white_id, b.black_id, b.reasons) for b in rnd.boards.all()}
    board = rnd.boards.get(number=1)
    swap_colours(staff, board)
    assert Board.objects.get(pk=board.pk).overridden
    swap_colours(staff, Board.objects.get(pk=board.pk))
    again = Board.objects.get(pk=board.pk)
    assert not again.overridden and (again.white_id, again.black_id, again.reasons) == made[1]
    one, two = rnd.boards.get(number=1), rnd.boards.get(number=2)
    swap_players(staff, rnd, one.white.start_number, two.black.start_number)
    assert set(rnd.boards.values_list("overridden", flat=True)) == {True}
    swap_players(staff, rnd, one.white.start_number, two.black.start_number)
    assert {b.number: (b.white_id, b.black_id, b.reasons) for b in rnd.boards.all()} == made
    assert set(rnd.boards.values_list("overridden", flat=True)) == {False}
