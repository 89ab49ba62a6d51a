"""Issue 26: a withdrawal before half the rounds annuls the player's results in a Swiss, when the event
says so (FMJD opens, Rotterdam: "in case of more than 50% of the games played, the total points of the
player will remain"). Shown and explained on the standings, reversible."""

from __future__ import annotations

import pytest

from tournaments.history import build_history

pytestmark = pytest.mark.django_db


def _play(t, entries, number, games):
    from games.models import Game, ResultSubmission
    from tournaments.models import Board, Round

    rnd = Round.objects.create(tournament=t, number=number, status="finished")
    for n, (w, b, result) in enumerate(games, start=1):
        game = Game.objects.create(board=Board.objects.create(round=rnd, number=n, white=entries[w - 1],
                                                              black=entries[b - 1]))
        ResultSubmission.objects.create(game=game, result=result, status="confirmed")


@pytest.mark.parametrize("annul", [True, False])
def test_an_early_withdrawal_annuls_the_results_in_a_swiss_when_the_event_says_so(
        make_tournament, add_entries, staff, client, annul):
    """A Swiss of 5 planned rounds, 4 players. Round 1: 1-2 2-0, 3-4 2-0; round 2: 1-3 1-1, 2-4 2-0.
    Player 1 withdraws from round 3 having played 2 of 5 games, not more than half.

    Annulled (hand computation): 1's games are removed from both sides: 1 has 0, 2 keeps its win
    over 4 (2), 3 keeps its win over 4 but loses the draw with 1 (2, not 3), 4 has 0.
    Kept: 1 = 2 + 1 = 3, 2 = 0 + 2 = 2, 3 = 2 + 1 = 3, 4 = 0.
    Undoing the withdrawal brings the results back."""
    from tournaments.forms import TournamentSettingsForm
    from tournaments.services.registration import reinstate, withdraw

    t = make_tournament(f"early-wd-{annul}", pairing_system="dutch", rounds_planned=5,
                        annul_early_withdrawals=annul)
    e = add_entries(t, 4)
    _play(t, e, 1, [(1, 2, "2-0"), (3, 4, "2-0")])
    _play(t, e, 2, [(1, 3, "1-1"), (2, 4, "2-0")])
    withdraw(staff, e[0], 3)
    points = {p.id: p.points for p in build_history(t).players}
    assert points == ({1: 0, 2: 2, 3: 2, 4: 0} if annul else {1: 3, 2: 2, 3: 3, 4: 0})
    assert "annul_early_withdrawals" in TournamentSettingsForm(instance=t).fields
    page = client.get(f"/t/{t.slug}/standings/").content.decode()
    line = next(row for row in page.split("<tr") if "Player 001" in row)
    if annul:
        assert "withdrawn from round 3; results removed: 2 of 5 games played, not more than half" in line
    else:
        assert "results kept: outside round robins the games played always count" in line
    reinstate(staff, e[0])
    points = {p.id: p.points for p in build_history(t).players}
    assert points == {1: 3, 2: 2, 3: 3, 4: 0}


def test_more_than_half_the_rounds_played_keeps_the_results(make_tournament, add_entries, staff):
    """5 planned rounds, player 1 plays 3 (more than half: 3 * 2 > 5) and withdraws from round 4: kept."""
    from tournaments.services.registration import withdraw

    t = make_tournament("early-wd-kept", pairing_system="dutch", rounds_planned=5, annul_early_withdrawals=True)
    e = add_entries(t, 4)
    _play(t, e, 1, [(1, 2, "2-0"), (3, 4, "2-0")])
    _play(t, e, 2, [(1, 3, "1-1"), (2, 4, "2-0")])
    _play(t, e, 3, [(4, 1, "0-2"), (2, 3, "1-1")])
    withdraw(staff, e[0], 4)
    history = build_history(t)
    assert {p.id: p.points for p in history.players}[1] == 5
    assert [(w.kept, w.played, w.total) for w in history.withdrawals] == [(True, 3, 5)]


def test_a_play_off_is_flagged_for_the_places_the_arbiter_names(make_tournament, add_entries, client):
    """KNDB order PMD, DE, RRO with a play-off for place 1. Round 1: 1-2 1-1, 3-4 2-0; round 2: 1-3 2-0,
    2-4 2-0. Points: 1 and 2 have 3 each (a draw and a win), 3 has 2, 4 has 0; no draw is marked, so
    the plus/minus balance is 0 for both: tied for places 1 to 2 before the mutual result, a play-off.
    Marking the round-1 draw plus for 1 (PMD +1 against -1) separates them: no play-off any more."""
    from games.models import ResultSubmission
    from tournaments.reports.standings import playoff_groups, standings_for

    t = make_tournament("kndb-playoff", pairing_system="dutch", rounds_planned=2, tiebreaks="PMD,DE,RRO",
                        playoff_places="1")
    e = add_entries(t, 4)
    _play(t, e, 1, [(1, 2, "1-1"), (3, 4, "2-0")])
    _play(t, e, 2, [(1, 3, "2-0"), (2, 4, "2-0")])
    assert playoff_groups(standings_for(t), frozenset({1})) == [(1, 2, (1, 2))]
    assert playoff_groups(standings_for(t), frozenset({3})) == []
    page = client.get(f"/t/{t.slug}/standings/").content.decode()
    line = next(row for row in page.split("<tr") if "Player 001" in row)
    assert "play-off for places 1 and 2 with Player 002" in line
    ResultSubmission.objects.filter(game__board__round__number=1, game__board__number=1).update(draw_mark="w")
    assert playoff_groups(standings_for(t), frozenset({1})) == []
