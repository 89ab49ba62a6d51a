"""Races on PostgreSQL: exactly one side wins, the other gets a clear message, nothing is lost or doubled.

Each race is repeated a few times on fresh objects: the interleaving differs from run to run, and
every run must keep the promises.
"""

from __future__ import annotations

import pytest

from tests.concurrency.conftest import race

pytestmark = pytest.mark.postgres

REPEAT = 12


def _game_of_board(board):
    from games.services.games import game_for_board

    return game_for_board(board)


@pytest.mark.django_db(transaction=True)
def test_two_confirmations_of_different_submissions_for_one_game_leave_exactly_one_confirmed(
        published_round, player, opponent, arbiter, make_user):
    from games.models import ResultSubmission
    from games.services import GameError
    from games.services.results import confirm_submission, submit_result
    from tournaments.models import Board

    board = published_round.boards.get(number=1)
    for attempt in range(REPEAT):
        ResultSubmission.objects.filter(game__board=board).delete()
        game = _game_of_board(Board.objects.get(pk=board.pk))
        first = submit_result(game, "2-0", user=player)
        second = submit_result(game, "1-1", user=opponent)
        # The opponent confirms the player's 2-0 while the arbiter confirms the opponent's 1-1.
        outcomes = race(lambda pk=first.pk: confirm_submission(ResultSubmission.objects.get(pk=pk), opponent),
                        lambda pk=second.pk: confirm_submission(ResultSubmission.objects.get(pk=pk), arbiter))
        unexpected = [o.error for o in outcomes if o.error is not None and not isinstance(o.error, GameError)]
        assert not unexpected, f"attempt {attempt}: {unexpected!r} escaped the service (a 500 for the user)"
        confirmed = list(ResultSubmission.objects.confirmed().filter(game=game))
        assert len(confirmed) == 1, f"attempt {attempt}: {len(confirmed)} confirmed"
        losers = [o for o in outcomes if o.error is not None]
        all_subs = ResultSubmission.objects.filter(game=game)
        assert all_subs.count() == 2, "nothing lost, nothing duplicated"
        if losers:
            assert len(losers) == 1, losers
            message = str(losers[0].error)
            # Whichever way the race goes, the loser hears why: the two arrived together, the other was
            # decided meanwhile, or (the arbiter's confirmation first) only an arbiter changes it now.
            assert ("same moment" in message or "waiting for confirmation" in message
                    or "only an arbiter changes it" in message), message
            loser_sub = first if outcomes[0].error is not None else second
            # The loser's submission is kept (pending, or superseded by the winner's newer version).
            assert all_subs.get(pk=loser_sub.pk).status in (ResultSubmission.Status.PENDING,
                                                            ResultSubmission.Status.SUPERSEDED)
        else:
            # Both ran one after the other: the later confirmation superseded the earlier one.
            assert all_subs.filter(status=ResultSubmission.Status.SUPERSEDED).count() == 1


def _confirm_round(rnd, chief):
    from games.services.results import enter_result

    for b in rnd.boards.filter(black__isnull=False):
        enter_result(_game_of_board(b), "2-0", chief)


@pytest.mark.django_db(transaction=True)
def test_two_arbiters_pairing_the_same_round_at_once_make_one_round(published_round, chief_arbiter, arbiter,
                                                                    tournament):
    from tournaments.models import AuditEntry, Board, Round, Tournament
    from tournaments.services.errors import ServiceError
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import unpair_round

    _confirm_round(published_round, chief_arbiter)
    for attempt in range(REPEAT):
        outcomes = race(lambda: pair_round(Tournament.objects.get(pk=tournament.pk), chief_arbiter),
                        lambda: pair_round(Tournament.objects.get(pk=tournament.pk), arbiter))
        unexpected = [o.error for o in outcomes if o.error is not None and not isinstance(o.error, ServiceError)]
        assert not unexpected, f"attempt {attempt}: {unexpected!r} escaped the service"
        winners = [o for o in outcomes if o.error is None]
        assert len(winners) == 1, f"attempt {attempt}: {len(winners)} pairings succeeded"
        message = str(outcomes[1 - outcomes.index(winners[0])].error)
        assert "Another arbiter has just paired" in message or "still a draft" in message, message
        rounds = Round.objects.filter(tournament=tournament, number=2)
        assert rounds.count() == 1
        boards = Board.objects.filter(round=rounds.get())
        seated = [e for b in boards for e in (b.white_id, b.black_id) if e]
        assert len(seated) == len(set(seated)) == 4, "every player seated once"
        assert AuditEntry.objects.filter(tournament=tournament, action="round.pair").count() == attempt + 1
        unpair_round(chief_arbiter, Tournament.objects.get(pk=tournament.pk))


@pytest.mark.django_db(transaction=True)
def test_a_result_arriving_while_the_next_round_is_paired_is_never_lost(published_round, chief_arbiter, player,
                                                                        opponent, tournament):
    from games.models import ResultSubmission
    from games.services import GameError
    from games.services.results import confirm_submission, enter_result, submit_result
    from tournaments.models import Round, Tournament
    from tournaments.services.errors import ServiceError
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import unpair_round

    board1, board2 = published_round.boards.order_by("number")
    enter_result(_game_of_board(board2), "1-1", chief_arbiter)
    game = _game_of_board(board1)
    for attempt in range(REPEAT):
        ResultSubmission.objects.filter(game=game).delete()
        pending = submit_result(game, "2-0", user=player)
        outcomes = race(lambda: pair_round(Tournament.objects.get(pk=tournament.pk), chief_arbiter),
                        lambda pk=pending.pk: confirm_submission(ResultSubmission.objects.get(pk=pk), opponent))
        pairing, confirmation = outcomes
        assert confirmation.error is None or isinstance(confirmation.error, GameError), confirmation.error
        assert pairing.error is None or isinstance(pairing.error, ServiceError), pairing.error
        # The result is never lost: the confirmation always lands.
        assert confirmation.error is None, f"attempt {attempt}: {confirmation.error}"
        assert ResultSubmission.objects.confirmed().get(game=game).result == "2-0"
        round2 = Round.objects.filter(tournament=tournament, number=2).first()
        if pairing.error is None:
            # The pairing saw the confirmed result (it refuses pending games without override).
            assert round2 is not None
            unpair_round(chief_arbiter, Tournament.objects.get(pk=tournament.pk))
        else:
            assert round2 is None and "no confirmed result" in str(pairing.error), pairing.error


@pytest.mark.django_db(transaction=True)
def test_publishing_and_unpairing_the_same_draft_at_once_do_not_crash(published_round, chief_arbiter, arbiter,
                                                                       tournament):
    from tournaments.models import Round, Tournament
    from tournaments.services.errors import ServiceError
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import publish_round, unpair_round

    _confirm_round(published_round, chief_arbiter)
    for attempt in range(3 * REPEAT):  # the losing interleaving is a narrow window: try it often
        draft = pair_round(Tournament.objects.get(pk=tournament.pk), chief_arbiter).round
        # As the publish view does: the round is loaded (get_object_or_404), then published.
        loaded = Round.objects.get(pk=draft.pk)
        outcomes = race(lambda r=loaded: publish_round(chief_arbiter, r),
                        lambda: unpair_round(arbiter, Tournament.objects.get(pk=tournament.pk)))
        unexpected = [o.error for o in outcomes if o.error is not None and not isinstance(o.error, ServiceError)]
        assert not unexpected, f"attempt {attempt}: {unexpected!r} escaped the service (a 500 for the user)"
        published, unpaired = (o.error is None for o in outcomes)
        assert published != unpaired, f"attempt {attempt}: exactly one may win ({outcomes})"
        round2 = Round.objects.filter(tournament=tournament, number=2).first()
        assert (round2 is not None and round2.status == Round.Status.PUBLISHED) == published
        if published:
            Round.objects.filter(pk=round2.pk).delete()  # back to one round for the next attempt


@pytest.mark.django_db(transaction=True)
def test_simultaneous_submissions_for_one_game_get_distinct_versions(published_round, player, opponent,
                                                                     chief_arbiter, tournament):
    from games.models import ResultSubmission
    from games.services import GameError
    from games.services.links import create_link
    from games.services.results import enter_result, submit_result

    game = _game_of_board(published_round.boards.get(number=1))
    link = create_link(tournament, published_round.boards.get(number=1).black, chief_arbiter)
    for attempt in range(REPEAT):
        before = ResultSubmission.objects.filter(game=game).count()
        outcomes = race(lambda: submit_result(game, "2-0", user=player),
                        lambda: submit_result(game, "0-2", user=opponent),
                        lambda: submit_result(game, "1-1", link=link),
                        lambda: enter_result(game, "2-0", chief_arbiter, confirm=False))
        unexpected = [o.error for o in outcomes if o.error is not None and not isinstance(o.error, GameError)]
        assert not unexpected, f"attempt {attempt}: {unexpected!r} escaped the service"
        for o in outcomes:
            if o.error is not None:
                assert "same moment" in str(o.error), o.error
        versions = list(ResultSubmission.objects.filter(game=game).values_list("version", flat=True))
        assert len(versions) == len(set(versions)), f"duplicate versions {versions}"
        assert len(versions) == before + sum(o.error is None for o in outcomes), "every success stored once"


@pytest.mark.django_db(transaction=True)
def test_editing_a_draft_while_it_is_unpaired_does_not_crash(published_round, chief_arbiter, arbiter, tournament):
    """Swap colours on a draft board while another arbiter unpairs the round: one wins, no 500."""
    from tournaments.models import Board, Round, Tournament
    from tournaments.services.errors import ServiceError
    from tournaments.services.pairing import pair_round
    from tournaments.services.rounds import swap_colours, unpair_round

    _confirm_round(published_round, chief_arbiter)
    for attempt in range(3 * REPEAT):  # the losing interleaving is a narrow window: try it often
        draft = pair_round(Tournament.objects.get(pk=tournament.pk), chief_arbiter).round
        board = Board.objects.filter(round=draft, black__isnull=False).first()  # loaded as the view does
        outcomes = race(lambda b=board: swap_colours(chief_arbiter, b),
                        lambda: unpair_round(arbiter, Tournament.objects.get(pk=tournament.pk)))
        unexpected = [o.error for o in outcomes if o.error is not None and not isinstance(o.error, ServiceError)]
        assert not unexpected, f"attempt {attempt}: {unexpected!r} escaped the service (a 500 for the user)"
        Round.objects.filter(tournament=tournament, number=2).delete()


@pytest.mark.django_db(transaction=True)
def test_two_arbiters_deciding_one_correction_request_at_once_decide_it_once(
        published_round, player, opponent, arbiter, chief_arbiter):
    """Issue 14.2: a correction request is decided once; the loser gets a clear message, and exactly
    one new version is confirmed (or none, when the refusal wins)."""
    from games.models import CorrectionRequest, ResultSubmission
    from games.services import GameError
    from games.services.results import decide_correction, enter_result, request_correction
    from tournaments.models import Board

    board = published_round.boards.get(number=1)
    for attempt in range(REPEAT):
        CorrectionRequest.objects.filter(game__board=board).delete()
        ResultSubmission.objects.filter(game__board=board).delete()
        game = _game_of_board(Board.objects.get(pk=board.pk))
        enter_result(game, "2-0", arbiter)
        req = request_correction(game, "1-1", "we agreed a draw", user=opponent)
        outcomes = race(
            lambda pk=req.pk: decide_correction(CorrectionRequest.objects.get(pk=pk), arbiter, accept=True),
            lambda pk=req.pk: decide_correction(CorrectionRequest.objects.get(pk=pk), chief_arbiter, accept=False),
        )
        unexpected = [o.error for o in outcomes if o.error is not None and not isinstance(o.error, GameError)]
        assert not unexpected, f"attempt {attempt}: {unexpected!r} escaped the service"
        losers = [o for o in outcomes if o.error is not None]
        assert len(losers) == 1, f"attempt {attempt}: {len(losers)} refused (exactly one decision)"
        assert "already been decided" in str(losers[0].error)
        decided = CorrectionRequest.objects.get(pk=req.pk)
        confirmed = list(ResultSubmission.objects.confirmed().filter(game=game))
        assert len(confirmed) == 1
        assert confirmed[0].result == ("1-1" if decided.status == "accepted" else "2-0")


@pytest.mark.django_db(transaction=True)
def test_two_uploads_of_one_csv_at_once_register_everyone_once(tournament, arbiter):
    """Issue 14.6: a double click on "Import" (or a retry after a proxy timeout) registered everyone twice."""
    from tournaments.models import Entry
    from tournaments.services.csv_import import import_players_csv

    data = "name;rating\n" + "".join(f"Racer {i:02d}, Rita;{1500 + i}\n" for i in range(20))
    for attempt in range(REPEAT // 3):
        Entry.objects.filter(tournament=tournament).delete()
        outcomes = race(lambda: import_players_csv(arbiter, tournament, data.encode()),
                        lambda: import_players_csv(arbiter, tournament, data.encode()))
        assert not [o.error for o in outcomes if o.error is not None], f"attempt {attempt}"
        names = list(Entry.objects.filter(tournament=tournament).values_list("player__name", flat=True))
        assert len(names) == 20 == len(set(names)), f"attempt {attempt}: {len(names)} entries"
        # Batches interleave, but every player is imported by exactly one of the two uploads.
        assert sum(len(o.value.imported) for o in outcomes) == 20


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("decision", ["confirm", "reject"])
def test_a_submission_and_a_decision_on_one_game_at_once_never_deadlock(published_round, player, opponent,
                                                                        arbiter, monkeypatch, decision):
    """Issue 18's load test: a player's new version (superseding the player's older waiting one: that
    row locked, then the deferred foreign-key check on the game at commit) and an arbiter's decision
    on that older version (the game locked, then that row) deadlocked on PostgreSQL (2 of 1,093
    submissions were 500s). The interleaving is forced: the submission pauses inside its
    transaction, after superseding, while the decision starts. Every path now locks the game first
    (``lock_game``): the decision waits, then finds the version replaced and says so."""
    import time

    from games.models import ResultSubmission
    from games.services import GameError, results
    from games.services.results import confirm_submission, reject_submission, submit_result

    original = results._replace_own_waiting

    def slow(*args, **kwargs):
        done = original(*args, **kwargs)
        time.sleep(0.4)  # the older version's row is locked, the transaction still open
        return done

    monkeypatch.setattr(results, "_replace_own_waiting", slow)
    game = _game_of_board(published_round.boards.get(number=1))
    waiting = submit_result(game, "1-1", user=player)
    decide = confirm_submission if decision == "confirm" else reject_submission

    def arbiter_decides():
        time.sleep(0.15)  # after the submission's bump
        return decide(ResultSubmission.objects.get(pk=waiting.pk), arbiter)

    outcomes = race(lambda: submit_result(game, "2-0", user=player), arbiter_decides)
    assert outcomes[0].error is None, outcomes[0].error
    assert isinstance(outcomes[1].error, GameError), outcomes[1].error  # not a deadlock: a message
    assert "waiting for confirmation" in str(outcomes[1].error)
    assert list(ResultSubmission.objects.filter(game=game).order_by("version").values_list("status", flat=True)) == [
        "superseded", "pending"]
