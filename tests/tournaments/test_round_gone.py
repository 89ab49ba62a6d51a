"""Acting on a draft round that another arbiter has just unpaired gives a clear refusal, not a 500."""

import pytest

from tournaments.models import Round
from tournaments.services.errors import ServiceError
from tournaments.services.rounds import publish_round, swap_colours, swap_players


@pytest.fixture
def vanished_draft(published_round):
    published_round.status = Round.Status.DRAFT
    published_round.save()
    board = published_round.boards.get(number=1)
    stale = Round.objects.get(pk=published_round.pk)
    Round.objects.filter(pk=published_round.pk).delete()  # the other arbiter's unpair
    return stale, board


@pytest.mark.parametrize(
    "action",
    [
        lambda actor, rnd, board: publish_round(actor, rnd),
        lambda actor, rnd, board: swap_colours(actor, board),
        lambda actor, rnd, board: swap_players(actor, rnd, 1, 3),
    ],
    ids=["publish", "swap_colours", "swap_players"],
)
def test_an_unpaired_round_is_refused_with_a_message(vanished_draft, arbiter, action):
    rnd, board = vanished_draft
    with pytest.raises(ServiceError, match="no longer exists"):
        action(arbiter, rnd, board)
