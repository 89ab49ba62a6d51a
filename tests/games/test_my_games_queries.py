"""My games reads a player's games in one query, bare pairings included (issue 30's headroom).

``games_of_entry`` asks whether the entry has a pairing of a published round whose games were never
made inside the games' own query; only when one exists (or the entry has no game at all) does it look
them up and make their games. The cards take each submission's side from the game's players.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game
from games.services.games import games_of_entry
from games.services.results import submit_result
from games.views.results import game_card, with_card_rows
from tournaments.models import Board, Round

pytestmark = pytest.mark.django_db


def _reads(entry, **kw):
    with CaptureQueriesContext(connection) as ctx:
        games = games_of_entry(entry, **kw)
    return games, len(ctx.captured_queries)


def test_an_entry_with_games_and_no_bare_pairing_is_read_in_one_query(game, entries):
    """Round 1 board 1 (Jansen v Müller) has its game: one query, the game, nothing made."""
    entry = entries[0]
    games, queries = _reads(entry)
    assert [g.pk for g in games] == [game.pk]
    assert queries == 1


def test_a_bare_pairing_beside_a_made_game_gets_its_game(game, entries, tournament):
    """Round 2 (published) pairs Jansen (White) with Lefèvre on board 1 and was published without
    games; round 3 is a draft pairing Jansen with Müller; a bye in round 2 for the fourth entry. My
    games makes round 2's game only and lists, newest round first: round 2 board 1, round 1 board 1.
    A bye and a draft get no game."""
    entry = entries[0]
    r2 = Round.objects.create(tournament=tournament, number=2, status=Round.Status.PUBLISHED)
    bare = Board.objects.create(round=r2, number=1, white=entries[0], black=entries[2])
    Board.objects.create(round=r2, number=2, white=entries[3], black=None, bye_kind="full")
    r3 = Round.objects.create(tournament=tournament, number=3, status=Round.Status.DRAFT)
    draft = Board.objects.create(round=r3, number=1, white=entries[1], black=entries[0])
    games = games_of_entry(entry)
    assert [(g.board.round.number, g.board.number) for g in games] == [(2, 1), (1, 1)]
    assert Game.objects.filter(board=bare).count() == 1
    assert not Game.objects.filter(board=draft).exists()
    assert not Game.objects.filter(board__round=r2, board__number=2).exists()
    # Made once: the next read is one query again.
    again, queries = _reads(entry)
    assert [g.pk for g in again] == [g.pk for g in games] and queries == 1


def test_drafts_count_when_asked(game, entries, tournament):
    """``published_only=False`` (a draft's pairing counts): round 2, a draft, pairs Jansen with
    Lefèvre without a game; it is made and listed before round 1."""
    r2 = Round.objects.create(tournament=tournament, number=2, status=Round.Status.DRAFT)
    Board.objects.create(round=r2, number=1, white=entries[2], black=entries[0])
    games = games_of_entry(entries[0], published_only=False)
    assert [(g.board.round.number, g.board.number) for g in games] == [(2, 1), (1, 1)]
    assert [(g.board.round.number, g.board.number) for g in games_of_entry(entries[0])] == [(1, 1)]


def test_an_entry_without_games_looks_its_pairings_up(published_round, entries):
    """No game made yet (the fixture's round was published without games): the games' query finds
    nothing, the pairings are looked up, board 1's game is made and read again."""
    games = games_of_entry(entries[0])
    assert [(g.board.round.number, g.board.number) for g in games] == [(1, 1)]


def test_cards_take_the_submissions_side_from_the_game(game, player, opponent, entries):
    """Jansen sent 2-0, then 1-1 (replacing his 2-0), Müller 0-2: the card lists the waiting ones newest
    first (Müller's 0-2, version 3, then Jansen's 1-1, version 2), names each sender and says Jansen may
    confirm Müller's (not his own), without a query: no confirmed result is among the submissions read."""
    submit_result(game, "2-0", user=player)
    submit_result(game, "1-1", user=player)
    submit_result(game, "0-2", user=opponent)
    games = with_card_rows(games_of_entry(entries[0]))
    game_card(games[0], player)  # the player's roles, read once per request by the permission check
    with CaptureQueriesContext(connection) as ctx:
        cards = [game_card(g, player) for g in games]
        pending = [(s.version, s.result, s.submitted_for.name, may) for s, may, _words in cards[0]["pending"]]
    assert pending == [(3, "0-2", "Müller, Jürgen", True), (2, "1-1", "Jansen, Piet", False)]
    assert cards[0]["requests"] == [] and cards[0]["confirmed"] is None
    assert len(ctx.captured_queries) == 0


def test_my_games_shows_both_waiting_results_with_their_senders(game, player, opponent, login):
    submit_result(game, "2-0", user=player)
    submit_result(game, "1-1", user=opponent)
    body = login(player).get(reverse("games:my_games", args=[game.board.round.tournament.slug])).content.decode()
    assert "sent by Jansen, Piet" in body and "sent by Müller, Jürgen" in body
