"""The world every permission-matrix case runs in: two tournaments, nine personas, a game with a
pending submission, a private link, a self-test run.

Personas (column names of the matrix): ``anonymous``, ``outsider`` (signed in, no role),
``player`` (White of board 1, who submitted the pending result), ``opponent`` (Black of board 1),
``other_player`` (plays board 2), ``foreign_arbiter`` (arbiter of another tournament),
``arbiter``, ``chief`` (chief arbiter) and ``staff`` (site staff, no tournament role).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PERSONAS = ("anonymous", "outsider", "player", "opponent", "other_player", "foreign_arbiter", "arbiter", "chief",
            "staff")


@dataclass
class World:
    """Objects the URL kwargs are built from; ``extra`` holds objects added as views land."""

    users: dict[str, Any]
    tournament: Any
    other_tournament: Any
    round: Any
    entries: list[Any]
    game: Any  # board 1: player v opponent
    game2: Any  # board 2: other_player v the entry without account (the link holder)
    submission: Any  # pending, submitted by ``player``
    link: Any  # private link of entry 4 (no account), plays board 2
    selftest: Any
    extra: dict[str, Any] = field(default_factory=dict)


def build_world(request) -> World:
    """Build the world from the shared fixtures of tests/conftest.py (``request`` is pytest's)."""
    from config.tasks import SELFTEST_KIND
    from games.services.games import game_for_board
    from games.services.links import create_link
    from games.services.results import submit_result
    from tournaments.models import Absence, AccountLinkRequest, PlayOff, ProhibitedPair, TaskRun

    fx = request.getfixturevalue
    users = {
        "anonymous": None,
        "outsider": fx("outsider"),
        "player": fx("player"),
        "opponent": fx("opponent"),
        "other_player": fx("other_player"),
        "foreign_arbiter": fx("foreign_arbiter"),
        "arbiter": fx("arbiter"),
        "chief": fx("chief_arbiter"),
        "staff": fx("staff"),
    }
    rnd = fx("published_round")
    entries = fx("entries")
    boards = list(rnd.boards.order_by("number"))
    game = game_for_board(boards[0])
    game2 = game_for_board(boards[1])
    submission = submit_result(game, "2-0", user=users["player"], moves="32-28 19-23")
    link = create_link(fx("tournament"), entries[3], users["chief"])
    selftest = TaskRun.objects.create(kind=SELFTEST_KIND)
    tournament = fx("tournament")
    extra = {
        "absence": Absence.objects.create(entry=entries[2], round_number=2, kind="absent"),
        "prohibited": ProhibitedPair.objects.create(tournament=tournament, first=entries[0], second=entries[2]),
        "playoff": PlayOff.objects.create(tournament=tournament, first_place=1, order=[2, 1]),
        "pair_task": TaskRun.objects.create(tournament=tournament, kind="pair_round"),
        "pdn_task": TaskRun.objects.create(tournament=tournament, kind="pdn_import", report={}),
        # The chief arbiter asked the outsider's account to be linked to entry 4 (the link holder).
        "link_request": AccountLinkRequest.objects.create(entry=entries[3], username="outsider",
                                                          user=users["outsider"], requested_by=users["chief"]),
    }
    return World(users=users, tournament=tournament, other_tournament=fx("other_tournament"), round=rnd,
                 entries=entries, game=game, game2=game2, submission=submission, link=link, selftest=selftest,
                 extra=extra)
