"""Results as arbiters and private-link players enter them (issue 24, items 1, 4, 9, 10, 11, 15).

1. The arbiter's game page starts with no result chosen, and a result is required: editing the
   moves and pressing the button never records (and confirms) a White win nobody chose.
4. A confirmation keeps what the first submission said (an agreed draw stays "agreement", with its
   moves) unless the confirmer changes it.
9. Link players confirm their opponent's result like account users; two equal submissions from the
   two players confirm each other instead of leaving two waiting versions.
10. Link players claim draws like account users.
11. The arbiter rules on a draw claim the engine decided: uphold or overrule, with a reason, audited.
    The irregularities section reads the moves shown on the page (not "no moves" beside 40 plies).
15. The arbiter confirms a 1-1 his own upheld draw claim proposed (no bare 403).
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import DrawClaim, ResultSubmission
from games.services.claims import claim_draw
from games.services.results import submit_result
from tests.games.conftest import OPENING
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _subs(game):
    return sorted(ResultSubmission.objects.filter(game=game).values_list("version", "result", "status",
                                                                          "termination"))


# --- 1 -------------------------------------------------------------------------------------------------------

def test_the_arbiters_result_starts_empty_and_is_required(client, game, arbiter):
    client.force_login(arbiter)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    select = re.search(r'<select name="result"[^>]*>(.*?)</select>', page, re.S)
    assert select is not None and "required" in select.group(0)
    options = re.findall(r'<option value="([^"]*)"([^>]*)>', select.group(1))
    assert options[0][0] == ""  # the first option is the empty one ...
    assert not any("selected" in attrs for value, attrs in options if value)  # ... and no result is chosen

    # Editing the moves and pressing the button without choosing records nothing.
    client.post(reverse("games:submit", args=[game.pk]), {"moves": OPENING, "termination": "", "confirm": "on"})
    assert _subs(game) == []
    # Choosing one records it.
    client.post(reverse("games:submit", args=[game.pk]), {"moves": OPENING, "result": "1-1", "confirm": "on"})
    assert _subs(game) == [(1, "1-1", "confirmed", "normal")]


# --- 4 and 9: equal submissions confirm each other ------------------------------------------------------------

def test_the_same_result_from_the_opponent_confirms_and_keeps_the_agreed_draws_reason(game, player, opponent):
    first = submit_result(game, "1-1", user=player, moves=OPENING, termination="agreement")
    # The opponent taps "Draw" (no termination said, the quick button sends no moves).
    second = submit_result(game, "1-1", user=opponent, moves=None)
    assert second.pk == first.pk and second.status == "confirmed"
    assert _subs(game) == [(1, "1-1", "confirmed", "agreement")]
    game.refresh_from_db()
    assert game.termination == "agreement" and game.moves == OPENING
    entry = AuditEntry.objects.get(action="result.confirm")
    assert "Müller, Jürgen sent the same result" in entry.after


def test_the_confirmer_may_add_what_the_first_submission_left_out(game, player, opponent):
    submit_result(game, "2-0", user=player)  # no moves, no termination
    mine = submit_result(game, "2-0", user=opponent, moves=OPENING, termination="resignation")
    assert mine.status == "confirmed" and mine.submitted_for.user == opponent
    assert _subs(game) == [(1, "2-0", "superseded", "normal"), (2, "2-0", "confirmed", "resignation")]


@pytest.mark.parametrize(("second", "why"), [
    ({"result": "0-2"}, "another result"),
    ({"result": "1-1", "termination": "draw_claim"}, "another termination"),
    ({"result": "1-1", "moves": OPENING + " 6. 31-27 24x31"}, "other moves"),
])
def test_submissions_that_disagree_stay_waiting_side_by_side(game, player, opponent, second, why):
    submit_result(game, "1-1", user=player, moves=OPENING, termination="agreement")
    submit_result(game, user=opponent, **second)
    assert [s[2] for s in _subs(game)] == ["pending", "pending"], why


@pytest.fixture
def link(published_round, entries, arbiter):
    """The private link of the fourth entry (no account), Black on board 2 against other_player."""
    from games.services.links import create_link

    return create_link(published_round.tournament, entries[3], arbiter)


def test_a_link_player_confirms_the_opponents_result(client, link, other_game, other_player):
    sub = submit_result(other_game, "2-0", user=other_player)
    page = client.get(reverse("games:link_home", args=[link.token])).content.decode()
    confirm_url = reverse("games:link_confirm", args=[link.token, sub.pk])
    assert f'action="{confirm_url}"' in page
    assert f'action="{reverse("games:link_reject", args=[link.token, sub.pk])}"' in page
    game_page = client.get(reverse("games:link_submit", args=[link.token, other_game.pk])).content.decode()
    assert f'action="{confirm_url}"' in game_page  # on the game's own page too
    client.post(confirm_url)
    sub.refresh_from_db()
    assert sub.status == "confirmed" and sub.confirmed_by is None
    assert "Иванов, Сергей (private link)" in AuditEntry.objects.get(action="result.confirm").after


def test_a_link_player_tapping_the_same_result_confirms_it(client, link, other_game, other_player):
    submit_result(other_game, "2-0", user=other_player)
    client.post(reverse("games:link_submit", args=[link.token, other_game.pk]), {"result": "2-0"})
    assert _subs(other_game) == [(1, "2-0", "confirmed", "normal")]


def test_a_link_player_rejects_but_never_confirms_their_own_or_anothers(client, link, other_game, game, player,
                                                                         other_player):
    mine = submit_result(other_game, "0-2", link=link)
    client.post(reverse("games:link_confirm", args=[link.token, mine.pk]))
    assert _subs(other_game) == [(1, "0-2", "pending", "normal")]
    theirs = submit_result(other_game, "1-1", user=other_player)
    client.post(reverse("games:link_reject", args=[link.token, theirs.pk]))
    theirs.refresh_from_db()
    assert theirs.status == "rejected"
    elsewhere = submit_result(game, "2-0", user=player)  # board 1: not this link's game
    assert client.post(reverse("games:link_confirm", args=[link.token, elsewhere.pk])).status_code == 404
    elsewhere.refresh_from_db()
    assert elsewhere.status == "pending"


# --- 10: link players claim draws -------------------------------------------------------------------------------

def test_a_link_player_has_the_draw_claim_form_and_claims(client, link, other_game):
    page = client.get(reverse("games:link_submit", args=[link.token, other_game.pk])).content.decode()
    claim_url = reverse("games:link_claim", args=[link.token, other_game.pk])
    assert f'action="{claim_url}"' in page and 'name="rule"' in page
    client.post(claim_url, {"moves": OPENING, "rule": "agreement"})
    claim = DrawClaim.objects.get(game=other_game)
    assert claim.upheld and claim.claimed_by is None and claim.claimed_for == link.entry
    assert _subs(other_game) == [(1, "1-1", "pending", "agreement")]
    assert ResultSubmission.objects.get(game=other_game).via_link


def test_a_revoked_link_cannot_claim(client, link, other_game, arbiter):
    from games.services.links import revoke_link

    token = link.token
    revoke_link(link, arbiter)
    assert client.post(reverse("games:link_claim", args=[token, other_game.pk]), {"rule": "agreement"}
                       ).status_code == 404
    assert not DrawClaim.objects.exists()


# --- 11: the arbiter rules on a claim the validator decided ----------------------------------------------------

def test_the_arbiter_upholds_a_rejected_claim_with_a_reason(client, game, player, arbiter):
    claim = claim_draw(game, None, player, "threefold_repetition", moves=OPENING)
    assert not claim.upheld  # no position repeated three times
    client.force_login(arbiter)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    url = reverse("games:claim_ruling", args=[claim.pk])
    assert f'action="{url}"' in page
    client.post(url, {"decision": "uphold", "reason": ""})  # a reason is required
    claim.refresh_from_db()
    assert claim.arbiter_decision == ""
    client.post(url, {"decision": "uphold", "reason": "The players repeated the position on the board."})
    claim.refresh_from_db()
    assert claim.arbiter_decision == "upheld" and claim.stands and claim.ruled_by == arbiter
    assert _subs(game) == [(1, "1-1", "confirmed", "draw_claim")]
    audit = AuditEntry.objects.get(action="draw_claim.rule")
    assert "validator: rejected" in audit.before and "upheld by the arbiter" in audit.after
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "The players repeated the position on the board." in page


def test_the_arbiter_overrules_an_upheld_claim_and_its_draw_no_longer_waits(client, game, player, arbiter):
    claim = claim_draw(game, None, player, "agreement", moves=OPENING)
    assert claim.upheld and _subs(game) == [(1, "1-1", "pending", "agreement")]
    client.force_login(arbiter)
    client.post(reverse("games:claim_ruling", args=[claim.pk]),
                {"decision": "overrule", "reason": "The opponent never agreed."})
    claim.refresh_from_db()
    assert claim.arbiter_decision == "overruled" and not claim.stands
    assert _subs(game) == [(1, "1-1", "rejected", "agreement")]


def test_only_an_arbiter_rules_on_a_claim(client, game, player, opponent):
    claim = claim_draw(game, None, player, "threefold_repetition", moves=OPENING)
    client.force_login(opponent)
    response = client.post(reverse("games:claim_ruling", args=[claim.pk]), {"decision": "uphold", "reason": "x"})
    assert response.status_code == 403
    claim.refresh_from_db()
    assert claim.arbiter_decision == ""


def test_the_irregularities_section_reads_the_moves_shown(client, game, player, arbiter):
    submit_result(game, "2-0", user=player, moves=OPENING)  # 10 plies, waiting: not the game's moves yet
    client.force_login(arbiter)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert OPENING in page
    assert "No moves recorded." not in page
    assert "The 10 half-moves shown above are not recorded for the game yet" in page


# --- 15: the arbiter confirms the 1-1 his own upheld claim proposed --------------------------------------------

def test_the_arbiter_confirms_the_draw_his_claim_proposed_from_the_results_page(client, game, arbiter, tournament):
    claim = claim_draw(game, None, arbiter, "agreement", moves=OPENING)
    assert claim.upheld
    client.force_login(arbiter)
    page = client.get(reverse("games:results", args=[tournament.slug])).content.decode()
    sub = ResultSubmission.objects.get(game=game)
    assert f'action="{reverse("games:confirm", args=[sub.pk])}"' in page
    response = client.post(reverse("games:confirm", args=[sub.pk]))
    assert response.status_code == 302
    assert _subs(game) == [(1, "1-1", "confirmed", "agreement")]
