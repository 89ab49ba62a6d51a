"""Issue 26, draughts result rules in the app: no draw before move N (0-0 where the event says so),
plus- and minus-draws, default time. Each rule by what the arbiter and the players see, the stored
result, the standings and the audit log.

The reference (shared/reference/draughts-formats.md 1.6): Rotterdam "offering and/or accepting a
draw before 40 moves are played is prohibited and is punished by awarding both players zero points";
default time "30 minutes late loses"; KNDB plus/minus draws (the score stays a draw).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.models import ResultSubmission
from games.services import GameError
from games.services.results import (
    apply_default_time,
    early_draw_reason,
    enter_result,
    mark_draw,
    submit_result,
)
from tests.games.conftest import OPENING
from tournaments.history import build_history
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def _points(tournament) -> dict[str, float]:
    return {p.name: p.points for p in build_history(tournament).players}


def _codes(tournament, name: str) -> list[str]:
    return [r.result for p in build_history(tournament).players if p.name == name for r in p.history]


def _fmjd(tournament, *, zero: bool = True) -> None:
    tournament.draw_offer_min_move = 40
    tournament.early_draw_scores_zero = zero
    tournament.save()


def test_an_early_agreed_draw_scores_zero_for_both_when_the_event_says_so(game, player, opponent, tournament):
    """OPENING has 5 moves each: a draw agreed after move 5 is before move 40. The event scores it
    0-0: the player's 1-1 by agreement is stored as 0-0 by agreement, the opponent who sends the same
    draw confirms it, and both players score 0 (2/1/0 scoring: a draw would have given 1 each)."""
    _fmjd(game.board.round.tournament)
    sub = submit_result(game, "1-1", user=player, moves=OPENING, termination="agreement")
    assert (sub.result, sub.termination, sub.status) == ("0-0", "agreement", "pending")
    reason = early_draw_reason(sub)
    assert "before move 40 scores 0-0" in reason and "5" in reason  # the moves made, from the validator
    confirmed = submit_result(game, "1-1", user=opponent, moves=OPENING, termination="agreement")
    assert (confirmed.pk, confirmed.status) == (sub.pk, "confirmed")
    points = _points(tournament)
    assert points["Jansen, Piet"] == 0 and points["Müller, Jürgen"] == 0
    assert _codes(tournament, "Jansen, Piet") == ["0"]


def test_without_the_setting_an_early_draw_is_refused_and_without_moves_it_cannot_be_judged(
        game, player, arbiter, tournament):
    """The same early draw in an event that does not score it 0-0 is refused with the reason (seed
    rule 001, unchanged); with the setting but no moves the rule cannot be checked: a player is asked
    for the moves, an arbiter (who saw the game) records the 1-1."""
    _fmjd(game.board.round.tournament, zero=False)
    with pytest.raises(GameError, match="40"):
        submit_result(game, "1-1", user=player, moves=OPENING, termination="agreement")
    _fmjd(game.board.round.tournament)
    with pytest.raises(GameError, match="enter the moves"):
        submit_result(game, "1-1", user=player, termination="agreement")
    sub = enter_result(game, "1-1", arbiter, termination="agreement", moves="")
    assert sub.result == "1-1" and early_draw_reason(sub) == ""


def test_the_arbiter_entering_an_early_draw_records_0_0_and_is_told_why(game, arbiter, login, tournament):
    """The arbiter's result form: 1-1 by agreement with 5 moves each, in an FMJD open, is entered and
    confirmed as 0-0, and the page says why; the audit log has the 0-0 by agreement."""
    _fmjd(game.board.round.tournament)
    client = login(arbiter)
    page = client.post(reverse("games:submit", args=[game.pk]),
                       {"result": "1-1", "termination": "agreement", "moves": OPENING, "confirm": "on"},
                       follow=True).content.decode()
    assert "Result 0-0 entered." in page
    assert "A draw agreed before move 40 scores 0-0 for both players in this tournament" in page
    confirmed = ResultSubmission.objects.confirmed().get(game=game)
    assert (confirmed.result, confirmed.termination) == ("0-0", "agreement")
    assert AuditEntry.objects.filter(action="result.confirm", after__contains="result=0-0").exists()
    game_page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert 'class="warn early-draw"' in game_page


def test_a_draw_from_move_40_stays_a_draw(game, player, tournament):
    """A draw once each player has made the minimum stays 1-1: with the minimum at 5 moves, OPENING
    (5 moves each) is just enough."""
    t = game.board.round.tournament
    t.draw_offer_min_move = 5
    t.early_draw_scores_zero = True
    t.save()
    sub = submit_result(game, "1-1", user=player, moves=OPENING, termination="agreement")
    assert sub.result == "1-1"


def test_a_plus_draw_keeps_the_score_and_feeds_pmd(game, arbiter, tournament, login):
    """A confirmed 1-1, marked plus for White (Jansen): both still score 1 (draw), Jansen's round is
    P and Müller's M; the tie-break PMD (plus-draws minus minus-draws) is +1 for Jansen and -1 for
    Müller. The mark is a new confirmed version, audited with the mark in words; unmarking restores =."""
    from tournaments.reports.standings import standings_for

    enter_result(game, "1-1", arbiter)
    sub = mark_draw(game, arbiter, "w")
    assert (sub.result, sub.draw_mark, sub.status, sub.version) == ("1-1", "w", "confirmed", 2)
    assert _points(tournament)["Jansen, Piet"] == 1 and _points(tournament)["Müller, Jürgen"] == 1
    assert _codes(tournament, "Jansen, Piet") == ["P"] and _codes(tournament, "Müller, Jürgen") == ["M"]
    t = game.board.round.tournament
    t.tiebreaks = "PMD"
    t.save()
    rows = {r.name: r for r in standings_for(t).rows}
    assert rows["Jansen, Piet"].tiebreaks["PMD"] == 1 and rows["Müller, Jürgen"].tiebreaks["PMD"] == -1
    log = login(arbiter).get(reverse("tournament_audit", args=[t.slug])).content.decode()
    assert "Plus-draw for White, minus-draw for Black" in log
    with pytest.raises(GameError, match="already"):
        mark_draw(game, arbiter, "w")
    mark_draw(game, arbiter, "")
    assert _codes(tournament, "Jansen, Piet") == ["="]


def test_only_a_confirmed_draw_takes_a_mark_and_only_an_arbiter_marks(game, arbiter, player):
    enter_result(game, "2-0", arbiter)
    with pytest.raises(GameError, match="Only a confirmed draw"):
        mark_draw(game, arbiter, "w")
    enter_result(game, "1-1", arbiter)
    with pytest.raises(GameError, match="arbiter"):
        mark_draw(game, player, "b")
    with pytest.raises(GameError, match="Unknown"):
        mark_draw(game, arbiter, "x")


def test_plus_draws_show_in_the_crosstable_and_the_trf(game, other_game, arbiter, tournament, client):
    """The wall chart writes a plus-draw as 2w1+ (Jansen, White, against no. 2, a draw worth 1) and
    the minus-draw as 1b1-, with a legend line; the TRF export (of the completed round: board 2 has
    its result too) writes P and M (the documented extension codes) in the two players' round cells."""
    from games.services.trf_io import export_trf

    enter_result(other_game, "2-0", arbiter)
    enter_result(game, "1-1", arbiter)
    mark_draw(game, arbiter, "w")
    page = client.get(f"/t/{tournament.slug}/crosstable/").content.decode()
    assert "2w1+" in page and "1b1-" in page and "a plus-draw / a minus-draw" in page
    trf = export_trf(tournament)
    lines = [line for line in trf.splitlines() if line.startswith("001")]
    assert any("    2 w P" in line for line in lines) and any("    1 b M" in line for line in lines)


def test_default_time_forfeits_the_late_player_once_and_is_audited(game, arbiter, tournament, login):
    """Default time 30 minutes; Black (Müller) has not appeared: one action gives +- (Jansen wins by
    forfeit, 2 points; Müller 0), confirmed at once, audited as the default time applied with who was
    late and after how many minutes. A second application on the same board is refused."""
    t = game.board.round.tournament
    with pytest.raises(GameError, match="no default time"):
        apply_default_time(game, arbiter, "b")
    t.default_time_minutes = 30
    t.save()
    client = login(arbiter)
    page = client.get(reverse("games:game", args=[game.pk])).content.decode()
    assert "Müller, Jürgen not here after 30 minutes: Jansen, Piet wins by forfeit (+-)" in page
    page = client.post(reverse("games:default_time", args=[game.pk]), {"late": "b"}, follow=True).content.decode()
    assert "Default time applied: +- entered and confirmed." in page
    assert _points(tournament)["Jansen, Piet"] == 2 and _points(tournament)["Müller, Jürgen"] == 0
    entry = AuditEntry.objects.get(action="result.default_time")
    assert entry.after == "late=b; minutes=30; result=+-"
    log = client.get(reverse("tournament_audit", args=[t.slug])).content.decode()
    assert "Late: Black; Minutes after the start: 30; Result: White wins by forfeit (+-)" in log
    with pytest.raises(GameError, match="confirmed result already"):
        apply_default_time(game, arbiter, "w")


def test_plus_and_minus_draws_survive_a_trf_round_trip(game, other_game, arbiter, tournament, chief_arbiter):
    """Export a round with a plus-draw (White's P, Black's M), import the file as a new tournament:
    the imported draw carries the same mark, so PMD gives the same +1 / -1."""
    from games.services.trf_io import export_trf, import_trf

    enter_result(other_game, "0-2", arbiter)
    enter_result(game, "1-1", arbiter)
    mark_draw(game, arbiter, "b")
    copy = import_trf(export_trf(tournament), slug="pm-copy", actor=chief_arbiter)
    marked = ResultSubmission.objects.confirmed().for_tournament(copy).exclude(draw_mark="")
    assert [(s.result, s.draw_mark) for s in marked] == [("1-1", "b")]
    assert _codes(copy, "Jansen, Piet") == ["M"] and _codes(copy, "Müller, Jürgen") == ["P"]


def test_the_results_overview_applies_the_default_time_board_by_board(game, other_game, arbiter, tournament, login):
    """With a default time of 30 minutes every board without a result offers it on the overview; one
    tap for a late White on board 2 gives -+ there and leaves board 1 alone."""
    t = game.board.round.tournament
    t.default_time_minutes = 30
    t.save()
    client = login(arbiter)
    overview = reverse("games:results", args=[t.slug]) + "?round=1"
    page = client.get(overview).content.decode()
    assert page.count("Late after 30 min") == 2 and "Lefèvre, Amélie is late: -+" in page
    client.post(reverse("games:default_time", args=[other_game.pk]), {"late": "w", "next": overview})
    assert ResultSubmission.objects.confirmed().get(game=other_game).result == "-+"
    assert not ResultSubmission.objects.filter(game=game).exists()
    assert client.get(overview).content.decode().count("Late after 30 min") == 1
