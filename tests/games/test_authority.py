"""Authority over results (issue 14, items 2-4; issue 12, defects 3-6).

Once an arbiter has entered or confirmed a result, once any result is confirmed, or once the round
is finished, only an arbiter changes it; players ask for a correction, which the arbiter accepts or
refuses. Every version that becomes confirmed or superseded is audited, whoever caused it.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import CorrectionRequest, Game, ResultSubmission
from games.services import GameError
from games.services.claims import claim_draw
from games.services.results import (
    confirm_submission,
    decide_correction,
    enter_result,
    record_forfeit,
    request_correction,
    submit_result,
)
from games.services.rulings import rule_irregularity
from tests.games.conftest import OPENING
from tournaments.models import AuditEntry, Board, Role, Round
from tournaments.services.rounds import swap_colours, unpair_round

pytestmark = pytest.mark.django_db


def _confirmed(game: Game) -> str | None:
    sub = ResultSubmission.objects.confirmed().filter(game=game).first()
    return sub.result if sub else None


@pytest.mark.parametrize("how", ["arbiter entered", "arbiter confirmed", "double forfeit", "players agreed"])
def test_players_cannot_replace_a_confirmed_result(how, game, player, opponent, arbiter):
    """14.2: two players replaced an arbiter's double forfeit or draw between themselves."""
    if how == "arbiter entered":
        enter_result(game, "1-1", arbiter)
    elif how == "double forfeit":
        record_forfeit(game, "--", arbiter)
    elif how == "arbiter confirmed":
        confirm_submission(submit_result(game, "1-1", user=player), arbiter)
    else:
        confirm_submission(submit_result(game, "1-1", user=player), opponent)
    before = _confirmed(game)
    with pytest.raises(GameError, match="only an arbiter"):
        submit_result(game, "2-0", user=player)
    with pytest.raises(GameError, match="only an arbiter"):
        submit_result(game, "0-2", user=opponent)
    assert _confirmed(game) == before


def test_a_finished_round_is_closed_to_players_even_for_a_waiting_result(game, other_game, player, opponent,
                                                                          arbiter, published_round):
    enter_result(game, "2-0", arbiter)
    enter_result(other_game, "1-1", arbiter)
    published_round.status = Round.Status.FINISHED
    published_round.save()
    with pytest.raises(GameError, match="finished"):
        submit_result(game, "0-2", user=opponent)


def test_a_correction_request_accepted_changes_the_result_with_an_audit_trail(game, player, opponent, arbiter):
    """12.6 / 14.2: after confirmation a change goes through the arbiter (request, decision, audit)."""
    confirm_submission(submit_result(game, "2-0", user=player, moves=OPENING), opponent)
    with pytest.raises(GameError, match="reason"):
        request_correction(game, "1-1", "  ", user=opponent)
    req = request_correction(game, "1-1", "We agreed a draw; I pressed the wrong button", user=opponent)
    assert _confirmed(game) == "2-0"  # nothing changes before the arbiter decides
    with pytest.raises(GameError, match="arbiter"):
        decide_correction(req, player, accept=True)
    decide_correction(req, arbiter, accept=True, note="both players agree")
    assert _confirmed(game) == "1-1"
    assert ResultSubmission.objects.confirmed().get(game=game).moves == OPENING  # moves kept
    assert CorrectionRequest.objects.get(pk=req.pk).status == "accepted"
    actions = list(AuditEntry.objects.order_by("id").values_list("action", flat=True))
    assert "result.request_correction" in actions and "result.correction_accepted" in actions
    superseding = AuditEntry.objects.filter(action="result.confirm").latest("id")
    assert "result=2-0" in superseding.before and "status=superseded" in superseding.before
    assert "result=1-1" in superseding.after and superseding.actor == arbiter


def test_a_refused_request_leaves_the_result_and_is_audited(game, player, opponent, arbiter):
    enter_result(game, "2-0", arbiter)
    req = request_correction(game, "0-2", "My opponent resigned", user=opponent)
    decide_correction(req, arbiter, accept=False, note="the scoresheet says 2-0")
    assert _confirmed(game) == "2-0"
    entry = AuditEntry.objects.get(action="result.correction_refused")
    assert "the scoresheet says 2-0" in entry.after


def test_a_request_while_players_may_still_change_it_is_refused(game, player):
    with pytest.raises(GameError, match="not confirmed yet"):
        request_correction(game, "2-0", "typo", user=player)


def test_every_version_confirmed_or_superseded_is_audited_whoever_caused_it(game, player, opponent):
    """14.2: a confirmation by the opponent wrote nothing; a player's own replaced version neither."""
    first = submit_result(game, "2-0", user=player)
    second = submit_result(game, "2-0", user=player, moves=OPENING)  # adds the moves (12.5)
    first.refresh_from_db()
    assert first.status == ResultSubmission.Status.SUPERSEDED
    replaced = AuditEntry.objects.get(action="result.replace_own")
    assert replaced.actor == player and "version=1" in replaced.before and "status=pending" in replaced.before
    assert "status=superseded" in replaced.after and "replaced_by=Jansen, Piet" in replaced.after
    confirm_submission(second, opponent)
    confirmed = AuditEntry.objects.get(action="result.confirm")
    assert confirmed.actor == opponent and "version=2" in confirmed.after


def test_a_player_who_adds_moves_makes_no_conflict_with_themselves(game, player, login):
    """12.5: a newer version from the same person replaces theirs; conflicts are between people."""
    submit_result(game, "2-0", user=player)
    submit_result(game, "2-0", user=player, moves=OPENING)
    body = login(player).get(reverse("games:game", args=[game.pk])).content.decode()
    assert "The submissions disagree" not in body
    assert ResultSubmission.objects.filter(game=game, status="pending").count() == 1


def test_an_arbiter_who_plays_is_a_player_on_their_own_game(game, player, opponent, tournament):
    """14.3: an arbiter playing in the tournament awarded themselves a forfeit win."""
    Role.objects.create(tournament=tournament, user=player, kind=Role.Kind.ARBITER)
    with pytest.raises(GameError, match="play in this game"):
        record_forfeit(game, "+-", player)
    with pytest.raises(GameError, match="play in this game"):
        enter_result(game, "2-0", player)
    sub = submit_result(game, "2-0", user=player)
    with pytest.raises(GameError, match="own submission"):
        confirm_submission(sub, player)
    theirs = submit_result(game, "0-2", user=opponent)
    confirm_submission(theirs, player)  # the opponent's, as a player may
    with pytest.raises(GameError):
        rule_irregularity(game, 1, "stands", player)
    assert not player.has_perm("games.enter_final_result", game)
    assert not player.has_perm("games.rule_irregularity", game)


def test_results_attach_to_published_boards_only(tournament, entries, arbiter, staff):
    """14.4: a draft board accepted a confirmed result (a PDN import), then swapping colours flipped it."""
    draft = Round.objects.create(tournament=tournament, number=1, status=Round.Status.DRAFT)
    board = Board.objects.create(round=draft, number=1, white=entries[0], black=entries[1])
    game = Game.objects.create(board=board)
    with pytest.raises(GameError, match="draft"):
        enter_result(game, "2-0", arbiter)
    assert not ResultSubmission.objects.exists()
    # A result stored before this rule existed is never flipped or deleted silently.
    ResultSubmission.objects.create(game=game, version=1, result="2-0", status="confirmed")
    with pytest.raises(Exception, match="result"):
        swap_colours(arbiter, board)
    with pytest.raises(Exception, match="result"):
        unpair_round(arbiter, tournament)
    assert Board.objects.get(pk=board.pk).white_id == entries[0].pk


def test_confirming_a_waiting_result_keeps_its_moves(game, player, arbiter, login):
    """12.3: an upheld draw claim (with moves) confirmed through the quick buttons lost its moves."""
    claim = claim_draw(game, None, player, "agreement", moves=OPENING)
    assert claim.upheld and claim.ply == 10  # 12.4: judged after the last move entered, not at ply 0
    waiting = ResultSubmission.objects.get(game=game, status="pending")
    client = login(arbiter)
    page = client.get(reverse("games:results", args=[game.board.round.tournament.slug])).content.decode()
    assert reverse("games:confirm", args=[waiting.pk]) in page  # a waiting result gets a Confirm button
    # The quick result buttons send no moves: the new version keeps the game's latest ones.
    client.post(reverse("games:submit", args=[game.pk]), {"result": "1-1", "confirm": "on"})
    confirmed = ResultSubmission.objects.confirmed().get(game=game)
    assert confirmed.moves == OPENING
    game.refresh_from_db()
    assert game.moves == OPENING


def test_the_claim_keeps_the_typed_moves_and_says_where_in_moves(game, player, login):
    """12.4: after the ruling the moves typed for the claim are still in the box."""
    client = login(player)
    client.post(reverse("games:claim", args=[game.pk]), {"ply": "", "rule": "threefold_repetition", "moves": OPENING})
    body = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert OPENING in body
    assert "after move 5 (Black)" in body


def test_result_buttons_speak_from_the_players_side(game, player, opponent, login):
    """Issue 12: "Hendriks wins / Draw / I win", not "2-0 / 0-2 (White first)"."""
    white = login(player).get(reverse("games:my_games", args=[game.board.round.tournament.slug])).content.decode()
    assert "I win" in white and "Müller wins" in white and "White first" not in white
    black = login(opponent).get(reverse("games:my_games", args=[game.board.round.tournament.slug])).content.decode()
    assert "I win" in black and "Jansen wins" in black


def test_a_locked_game_offers_the_correction_request_instead_of_result_buttons(game, player, opponent, arbiter,
                                                                               login):
    enter_result(game, "2-0", arbiter)
    client = login(opponent)
    body = client.get(reverse("games:my_games", args=[game.board.round.tournament.slug])).content.decode()
    assert "Ask the arbiter for a correction" in body
    client.post(reverse("games:correction", args=[game.pk]), {"result": "0-2", "reason": "he resigned"})
    req = CorrectionRequest.objects.get()
    assert (req.result, req.requested_by, req.status) == ("0-2", opponent, "open")
    page = login(arbiter).get(reverse("games:results", args=[game.board.round.tournament.slug])).content.decode()
    assert "asks for 0-2" in page


def test_the_missing_results_line_links_to_them(game, arbiter, login, published_round):
    """Issue 12: "6 games have no confirmed result" links to them."""
    slug = published_round.tournament.slug
    page = login(arbiter).get(reverse("tournaments:round", args=[slug, 1])).content.decode()
    assert f'href="{reverse("games:results", args=[slug])}?round=1"' in page
