"""Issue 26: a PDN game that ended by agreement (``[Termination "agreement"]``, README "PDN: how a game
ended") is judged by the tournament's "no draw before move N" rule like a typed result (reference 1.6,
Rotterdam: "offering and/or accepting a draw before 40 moves are played ... both players zero points"),
and the export writes the same tag, so a round trip keeps the ending."""

from __future__ import annotations

import pytest

from arbiter import read_pdn
from games.models import ResultSubmission
from games.services.games import game_for_board
from games.services.pdn_export import export_games
from games.services.pdn_import import import_pdn_text
from games.services.results import enter_result
from tests.games.conftest import OPENING
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _pdn(result: str, termination: str | None, moves: str = OPENING) -> str:
    tag = f'[Termination "{termination}"]\n' if termination else ""
    return (f'[Round "1"]\n[White "Jansen, Piet"]\n[Black "Müller, Jürgen"]\n[Result "{result}"]\n{tag}\n'
            f"{moves} {result}\n")


def _rule(tournament, minimum: int, zero: bool) -> None:
    tournament.draw_offer_min_move = minimum
    tournament.early_draw_scores_zero = zero
    tournament.save()


def _confirmed(published_round):
    return ResultSubmission.objects.confirmed().filter(game__board=published_round.boards.get(number=1)).first()


def test_an_early_agreed_draw_imports_as_0_0_with_the_reason(tournament, published_round, arbiter):
    """OPENING is 5 moves each (10 half-moves). Minimum 40, early draws 0-0: the file's 1-1 by
    agreement is stored and confirmed as 0-0 by agreement; the report's line for that game (Jansen -
    Müller, board 1) says why, naming half-move 10 and 5 moves each; the audit entry has the ending."""
    _rule(tournament, 40, True)
    report = import_pdn_text(tournament, _pdn("1-1", "agreement"), arbiter)
    [stored] = report["stored"]
    assert (stored["white"], stored["black"], stored["board"]) == ("Jansen, Piet", "Müller, Jürgen", 1)
    why = " ".join(stored["warnings"])
    assert "A draw agreed before move 40 scores 0-0" in why and "after ply 10" in why
    assert "White has made 5 and Black 5" in why
    sub = _confirmed(published_round)
    assert (sub.result, sub.termination) == ("0-0", "agreement")
    assert AuditEntry.objects.filter(action="import_pdn_game", after__contains="termination=agreement").exists()


def test_without_the_zero_setting_the_early_draw_is_not_entered_but_the_moves_are(
        tournament, published_round, arbiter):
    """Minimum 40, no 0-0: the draw is refused as for a typed result; the moves are stored, no result
    is entered, and the game's line says the file's 1-1 was not entered and why (half-move 10)."""
    _rule(tournament, 40, False)
    report = import_pdn_text(tournament, _pdn("1-1", "Draw by agreement"), arbiter)
    [stored] = report["stored"]
    why = " ".join(stored["warnings"])
    assert "the file's result 1-1 was not entered" in why and "after ply 10" in why
    assert _confirmed(published_round) is None
    assert game_for_board(published_round.boards.get(number=1)).moves.startswith("1. 32-28")


def test_a_late_enough_draw_stays_1_1(tournament, published_round, arbiter):
    """Minimum 5 with 5 moves each (the tag in capitals): allowed, 1-1 by agreement."""
    _rule(tournament, 5, True)
    import_pdn_text(tournament, _pdn("1-1", "AGREEMENT"), arbiter)
    sub = _confirmed(published_round)
    assert (sub.result, sub.termination) == ("1-1", "agreement")


def test_no_termination_tag_is_a_normal_ending_even_when_early(tournament, published_round, arbiter):
    """Minimum 40, 0-0 rule, 1-1 without a Termination tag (or "Normal", lidraughts' word for any
    draw): the file does not say the draw was agreed, so the 1-1 is stored as a normal ending."""
    _rule(tournament, 40, True)
    import_pdn_text(tournament, _pdn("1-1", "Normal"), arbiter)
    sub = _confirmed(published_round)
    assert (sub.result, sub.termination) == ("1-1", "normal")


def test_agreement_with_a_decisive_result_is_not_entered(tournament, published_round, arbiter):
    """An agreement is a draw: "2-0" with Termination agreement does not fit; moves kept, result not."""
    report = import_pdn_text(tournament, _pdn("2-0", "agreement"), arbiter)
    assert "A draw by agreement or by claim has the result 1-1." in " ".join(report["stored"][0]["warnings"])
    assert _confirmed(published_round) is None


def test_the_0_0_early_draw_round_trips_with_its_termination(tournament, published_round, arbiter, chief_arbiter):
    """Export of the 0-0 early draw writes Result 0-0 and Termination agreement; importing that text
    into a board without a result (the same tournament after the result is set aside) gives 0-0 by
    agreement again, without a warning that it was changed. The same file in an event where the
    moves are late enough (minimum 5) is not entered: 0-0 by agreement would not be the rule's score."""
    _rule(tournament, 40, True)
    game = game_for_board(published_round.boards.get(number=1))
    enter_result(game, "1-1", arbiter, termination="agreement", moves=OPENING)
    text = export_games([game])
    [read] = read_pdn(text).games
    assert read.tags["Result"] == "0-0" and read.tags["Termination"] == "agreement"
    ResultSubmission.objects.filter(game=game).delete()
    [stored] = import_pdn_text(tournament, text, arbiter)["stored"]
    sub = _confirmed(published_round)
    assert (sub.result, sub.termination) == ("0-0", "agreement")
    assert not any("was not entered" in w for w in stored["warnings"])
    ResultSubmission.objects.filter(game=game).delete()
    _rule(tournament, 5, True)
    [stored] = import_pdn_text(tournament, text, arbiter)["stored"]
    assert "was not entered" in " ".join(stored["warnings"]) and _confirmed(published_round) is None
