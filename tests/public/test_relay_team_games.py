"""Issue 30: games made after a round's publication keep the relay feed's promise too.

lidraughts matches a feed's games to its boards by place and fails the sync when the game at a place
changes its White, Black, Round, Event or Site. In a team event an arbiter may change a published
match's line-up while it has no result: its board games are made anew (``teams._remake_match_games``).
The new games get their identity frozen at once (``freeze_relay_tags``), the other matches' games keep
theirs, and the feed keeps every game at its place.
"""

from __future__ import annotations

import pytest

from games.models import Game
from games.services.relay_feed import feed_games, feed_texts
from tests.tournaments.test_team_app import league  # noqa: F401 - the fixture
from tournaments.services import teams as team_service
from tournaments.services.pairing import pair_round
from tournaments.services.rounds import publish_round

pytestmark = pytest.mark.django_db


def test_a_match_remade_after_publication_is_frozen_and_keeps_its_places(league):  # noqa: F811
    t, teams, arbiter, *_ = league
    t.is_public = True
    t.public_games = True
    t.save()
    team_a, _captain, pa = teams["A"]
    rnd = pair_round(t, arbiter).round
    publish_round(arbiter, rnd)
    before = {g.pk: dict(g.relay_tags) for g in Game.objects.filter(board__round=rnd)}
    assert before and all(tags.get("White") and tags.get("Black") for tags in before.values())
    places_before = [(g.board.number, g.number) for g in feed_games(rnd)]
    match = rnd.boards.get(white_team=team_a) if rnd.boards.filter(white_team=team_a).exists() else \
        rnd.boards.get(black_team=team_a)
    old_ids = set(match.games.values_list("pk", flat=True))

    # The arbiter swaps in the reserve (A5) for A4 on board 4 of the published match.
    team_service.submit_line_up(arbiter, team_a, 1, [pa[0], pa[1], pa[2], pa[4]])

    new_games = list(match.games.order_by("number"))
    assert not old_ids & {g.pk for g in new_games}, "the match's games were made anew"
    for g in new_games:
        assert g.relay_tags, f"game {g.number} of the remade match has no frozen identity"
        assert g.relay_tags["White"] == g.white.name and g.relay_tags["Black"] == g.black.name
        assert g.relay_tags["Round"] == "1" and g.relay_tags["Event"] == t.name
    assert "A5 Player" in {g.white.name for g in new_games} | {g.black.name for g in new_games}
    # Every other game keeps the identity frozen at publication.
    for g in Game.objects.filter(board__round=rnd).exclude(board=match):
        assert g.relay_tags == before[g.pk]
    # The feed keeps its places: the same boards and games in the same order.
    assert [(g.board.number, g.number) for g in feed_games(rnd)] == places_before
    assert len(feed_texts(rnd)) == len(places_before)
