"""Fixtures of the games tests: the game on board 1 (player v opponent) and persona lists."""

from __future__ import annotations

import pytest

# A short legal opening in international draughts (10 plies).
OPENING = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14 4. 34-30 5-10 5. 40-34 20-24"


@pytest.fixture
def game(published_round):
    from games.services.games import game_for_board

    return game_for_board(published_round.boards.get(number=1))


@pytest.fixture
def other_game(published_round):
    from games.services.games import game_for_board

    return game_for_board(published_round.boards.get(number=2))


@pytest.fixture
def personas(player, opponent, other_player, arbiter, foreign_arbiter, outsider):
    """Persona name -> user (None = anonymous)."""
    return {
        "player": player,
        "opponent": opponent,
        "other_player": other_player,
        "arbiter": arbiter,
        "foreign_arbiter": foreign_arbiter,
        "outsider": outsider,
        "anonymous": None,
    }


@pytest.fixture
def as_persona(client, personas):
    """``as_persona(name)`` returns the test client signed in as that persona (or anonymous)."""

    def do(name: str):
        client.logout()
        user = personas[name]
        if user is not None:
            client.force_login(user)
        return client

    return do


@pytest.fixture
def full_tournament(tournament, entries, published_round, chief_arbiter, player, opponent):
    """A small tournament with a row in every archived section (tests/games/test_archive*.py):
    submissions, claim, ruling, link, correction request, absence, prohibited pair, play-off, audit entries,
    prize settings, a stage seat."""
    from games.models import CorrectionRequest, DrawClaim, IrregularityRuling, SubmissionLink
    from games.services.games import game_for_board
    from games.services.results import enter_result, submit_result
    from tournaments.audit import record
    from tournaments.models import (
        Absence,
        LineUp,
        LineUpBoard,
        PlayOff,
        PrizeSetup,
        ProhibitedPair,
        StageSeat,
        Team,
        TeamByeRequest,
        TeamMember,
    )

    board = published_round.boards.get(number=1)
    game = game_for_board(board)
    game.moves = "1. 32-28 19-23 2. 28x19 14x23"
    game.save()
    submit_result(game, "2-0", user=player)
    submit_result(game, "1-1", user=opponent)
    other = game_for_board(published_round.boards.get(number=2))
    enter_result(other, "0-2", chief_arbiter)
    CorrectionRequest.objects.create(game=other, requested_for=entries[2], result="1-1", termination="normal",
                                     reason="Remise vereinbart, nicht 0-2")
    DrawClaim.objects.create(game=game, ply=3, rule="threefold", claimed_by=player, evidence={"plies": [1, 3]},
                             explanation="Dreimalige Stellungswiederholung")
    IrregularityRuling.objects.create(game=game, ply=2, decision="stands", comment="ok", ruled_by=chief_arbiter)
    SubmissionLink.objects.create(tournament=tournament, entry=entries[3])
    Absence.objects.create(entry=entries[2], round_number=2, kind="half", note="Hochzeit")
    ProhibitedPair.objects.create(tournament=tournament, first=entries[0], second=entries[2], reason="Familie")
    record(chief_arbiter, tournament, "note", tournament, before="", after="Änderung «test»")
    team = Team.objects.create(tournament=tournament, number=1, name="DC Utrecht 1", captain=player)
    TeamMember.objects.create(team=team, entry=entries[0], order=1)
    line_up = LineUp.objects.create(team=team, round_number=2, submitted_by=player)
    LineUpBoard.objects.create(line_up=line_up, board=1, entry=entries[0])
    TeamByeRequest.objects.create(team=team, round_number=3, kind="half")
    PlayOff.objects.create(tournament=tournament, first_place=1, order=[2, 1], games="Müller – Jansen 2-0",
                           created_by=chief_arbiter)
    PrizeSetup.objects.create(tournament=tournament, lists="Hauptpreise: 100, 50", rule="hort", unit=100)
    StageSeat.objects.create(entry=entries[1], from_rank=3, from_group="B", why="rank 3 of the previous stage")
    return tournament


