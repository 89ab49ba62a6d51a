"""Draw claims (validator rulings stored with evidence) and irregularity rulings (stands / corrected)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arbiter import GameRecord, rule_on_claim, validate
from games.models import DrawClaim, IrregularityRuling, ResultSubmission
from games.services import GameError
from games.services.claims import claim_draw
from games.services.results import confirm_submission
from games.services.rulings import rule_irregularity
from games.services.validation import check_game, read_move_text
from tests.games.conftest import OPENING
from tournaments.models import AuditEntry

# Two kings a side, in opposite corners on diagonals that never meet, shuffle: no capture is ever
# possible, so every ply is regular; the start position returns after plies 4 and 8 (threefold
# after ply 8).
REPETITION_FEN = "W:WK41,K42:BK1,K2"
REPETITION = "1. 41-46 1-6 2. 46-41 6-1 3. 41-46 1-6 4. 46-41 6-1"


def test_the_repetition_fixture_is_itself_a_clean_game():
    moves = [m.text for m in read_move_text(REPETITION).moves]
    report = validate(GameRecord(start_fen=REPETITION_FEN, moves=moves))
    assert report.clean, [i.to_dict() for i in report.irregularities]
    assert len(report.positions) == 9
    assert [rule_on_claim(report, ply, "threefold_repetition").upheld for ply in range(9)] == [False] * 8 + [True]


@pytest.fixture
def king_game(game):
    game.start_fen = REPETITION_FEN
    game.save()
    return game


def test_upheld_repetition_claim_is_stored_with_evidence_and_proposes_a_draw(king_game, player, opponent):
    claim = claim_draw(king_game, 8, player, "threefold_repetition", moves=REPETITION)
    assert claim.upheld and claim.rule == "threefold_repetition"
    # The game the claim was judged on is itself clean (no skipped capture hides in the fixture).
    assert check_game(king_game, REPETITION).report.clean
    assert claim.evidence["evidence_plies"] == [0, 4, 8]
    assert "third time" in claim.explanation
    sub = ResultSubmission.objects.get(game=king_game)
    assert (sub.result, sub.termination, sub.status) == ("1-1", "draw_claim", "pending")
    # It still needs confirmation as usual: the claimant cannot confirm it, the opponent can.
    with pytest.raises(GameError):
        confirm_submission(sub, player)
    confirm_submission(sub, opponent)
    assert ResultSubmission.objects.confirmed().get(game=king_game).result == "1-1"


def test_early_repetition_claim_is_rejected_with_the_count(king_game, player):
    claim = claim_draw(king_game, 4, player, "threefold_repetition", moves=REPETITION)
    assert not claim.upheld
    assert "occurred 2 times" in claim.explanation
    assert not ResultSubmission.objects.filter(game=king_game).exists()


def test_draw_offer_before_the_minimum_move_is_refused_with_the_reason(game, player, tournament):
    tournament.draw_offer_min_move = 40
    tournament.save()
    game.board.round.tournament = tournament
    claim = claim_draw(game, 10, player, "agreement", moves=OPENING)
    assert not claim.upheld
    assert "40 moves" in claim.explanation and "White has made 5" in claim.explanation
    assert not ResultSubmission.objects.filter(game=game).exists()


def test_draw_offer_is_free_when_the_tournament_sets_no_minimum(game, player):
    claim = claim_draw(game, 2, player, "agreement", moves=OPENING)
    assert claim.upheld
    assert ResultSubmission.objects.get(game=game).termination == "agreement"


def test_claim_beyond_the_game_is_refused(game, player):
    with pytest.raises(GameError, match="plies 0 to 10"):
        claim_draw(game, 50, player, None, moves=OPENING)
    assert not DrawClaim.objects.exists()


def test_other_player_cannot_claim(game, other_player):
    with pytest.raises(GameError):
        claim_draw(game, 0, other_player, None, moves=OPENING)


def test_arbiter_claim_is_audit_logged(king_game, arbiter):
    claim_draw(king_game, 8, arbiter, None, moves=REPETITION)
    assert AuditEntry.objects.filter(action="draw_claim").count() == 1


MISSED = "1. 32-28 19-23 2. 31-27 23x32"  # ply 3 ignores the compulsory 28x19


def test_ruling_stands_is_stored_revalidated_and_audited(game, arbiter):
    game.moves = MISSED
    game.save()
    ruling = rule_irregularity(game, 3, "stands", arbiter, comment="Black let it stand")
    assert ruling.decision == "stands"
    game.refresh_from_db()
    irr = game.validation["irregularities"][0]
    assert irr["ply"] == 3 and irr["ruling"]["decision"] == "stands"
    entry = AuditEntry.objects.get(action="irregularity_ruling")
    assert "ply=3; decision=stands" in entry.after


def test_correction_after_a_further_move_needs_a_timely_demand(game, arbiter):
    game.moves = MISSED
    game.save()
    with pytest.raises(GameError, match="stands, because a further move was made"):
        rule_irregularity(game, 3, "corrected", arbiter, corrected_move="28x19")
    assert not IrregularityRuling.objects.exists()


def test_correction_to_an_illegal_move_is_refused_with_the_legal_moves(game, arbiter):
    game.moves = "1. 32-28 19-23 2. 31-27"
    game.save()
    with pytest.raises(GameError, match="28x19"):
        rule_irregularity(game, 3, "corrected", arbiter, corrected_move="33-29")


def test_correction_of_the_last_ply_replays_from_the_corrected_move(game, arbiter):
    game.moves = "1. 32-28 19-23 2. 31-27"
    game.save()
    ruling = rule_irregularity(game, 3, "corrected", arbiter, corrected_move="28x19", comment="corrected at once")
    assert ruling.corrected_move == "28x19"
    game.refresh_from_db()
    assert game.validation["irregularities"] == []


def test_ruling_on_a_legal_ply_is_refused(game, arbiter):
    game.moves = OPENING
    game.save()
    with pytest.raises(GameError, match="no irregularity"):
        rule_irregularity(game, 2, "stands", arbiter)


def test_players_cannot_rule(game, player):
    game.moves = MISSED
    game.save()
    with pytest.raises(GameError):
        rule_irregularity(game, 3, "stands", player)


def test_every_draw_rule_of_the_validator_has_a_translatable_label_on_the_claim_form():
    from django.utils.functional import Promise

    from arbiter.draws import ALL_RULES
    from games.draw_rules import RULE_LABELS
    from games.forms import ClaimForm

    missing = set(ALL_RULES) - set(RULE_LABELS)
    assert not missing, f"draw rules without a label in games/forms.py: {sorted(missing)}"
    assert all(isinstance(RULE_LABELS[r], Promise) for r in ALL_RULES)  # gettext_lazy: translatable
    offered = dict(ClaimForm().fields["rule"].choices)
    assert set(offered) == {"", *ALL_RULES}
    assert all(str(offered[r]) != r for r in ALL_RULES)  # a label, not the bare id
    assert len({str(offered[r]) for r in ALL_RULES}) == len(ALL_RULES)  # no two rules look alike


def test_claim_page_offers_the_russian_rules_and_labels_the_stored_claims(game, login, player):
    from games.draw_rules import RULE_LABELS

    claim_draw(game, 4, player, "unchanged_material", moves=OPENING)
    body = login(player).get(reverse("games:game", args=[game.pk])).content.decode()
    for rule in ("kings_against_lone_king", "unchanged_material", "long_diagonal"):
        assert f'<option value="{rule}">{RULE_LABELS[rule]}</option>' in body
    # Ply 4 is Black's second move: the claim says so in a player's words, not in plies (issue 12.4).
    assert f"<strong>{RULE_LABELS['unchanged_material']}</strong>, after move 2 (Black)" in body


def test_a_claim_under_a_rule_the_profile_does_not_use_is_rejected_with_a_reason(game, player):
    claim = claim_draw(game, 4, player, "long_diagonal", moves=OPENING)
    assert not claim.upheld and "long_diagonal" not in claim.explanation and claim.explanation


@pytest.mark.parametrize("who", ["player", "opponent", "arbiter"])
def test_a_claim_on_a_confirmed_result_is_refused_saying_who_changes_it(who, king_game, player, opponent, arbiter,
                                                                       login):
    """Issue 23, Low 2: a draw claim on a finished game whose result an arbiter confirmed created a
    pending 1-1 (a conflict on the arbiters' page) and wrote no audit entry. Now it is refused: a
    player is told only an arbiter changes it (ask for a correction), an arbiter to enter the result."""
    from games.services.results import enter_result

    enter_result(king_game, "2-0", arbiter, moves=REPETITION)
    rnd = king_game.board.round
    rnd.status = "finished"
    rnd.save()
    audited = AuditEntry.objects.count()
    user = {"player": player, "opponent": opponent, "arbiter": arbiter}[who]
    page = login(user).post(reverse("games:claim", args=[king_game.pk]),
                            {"ply": "8", "rule": "threefold_repetition", "moves": REPETITION}, follow=True)
    text = page.content.decode()
    if who == "arbiter":
        assert "The result 2-0 is confirmed: a draw claim no longer changes it" in text
        assert "enter the new result as the arbiter" in text
    else:
        assert "only an arbiter changes its results. Ask for a correction." in text
    assert not DrawClaim.objects.exists()
    assert list(ResultSubmission.objects.filter(game=king_game).values_list("result", "status")) == [
        ("2-0", "confirmed")]
    assert AuditEntry.objects.count() == audited
    # Confirmed while the round is still open: the same for the players (the result is confirmed).
    rnd.status = "published"
    rnd.save()
    with pytest.raises(GameError, match="This result is confirmed: only an arbiter changes it now"):
        claim_draw(king_game, 8, player, "threefold_repetition", moves=REPETITION)


def test_every_stored_claim_is_audited_whoever_makes_it(king_game, player, arbiter):
    claim_draw(king_game, 4, player, "threefold_repetition", moves=REPETITION)
    claim_draw(king_game, 8, player, "threefold_repetition", moves=REPETITION)
    entries = list(AuditEntry.objects.filter(action="draw_claim").order_by("id").values_list("actor__username",
                                                                                             "after"))
    assert entries == [("player", "ply=4; rule=Threefold repetition; upheld=False"),
                       ("player", "ply=8; rule=Threefold repetition; upheld=True; proposed=1-1")]
