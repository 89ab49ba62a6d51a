"""Helpers of the event-page tests: a stage registered and played to the end through the services,
each result chosen by a rule of the two start numbers (so a test can compute the standings by hand)."""

from __future__ import annotations

from collections.abc import Callable

from games.services.games import game_for_board
from games.services.results import enter_result
from tournaments.models import Entry, Player, Tournament
from tournaments.services.pairing import pair_round
from tournaments.services.registration import create_tournament, freeze_start_numbers, register_player
from tournaments.services.rounds import finish_round, publish_round

Rule = Callable[[int, int], str]  # (white's start number, black's) -> "2-0", "1-1", "0-2"


def lower_number_wins(white: int, black: int) -> str:
    return "2-0" if white < black else "0-2"


def make_stage(arbiter, slug: str, players: list[tuple[str, int, dict]], **fields) -> Tournament:
    """A stage with ``players`` (name, rating, extra entry details), start numbers by rating."""
    fields.setdefault("name", slug.replace("-", " ").title())
    fields.setdefault("place", "Zeist")
    t = create_tournament(arbiter, slug=slug, **fields)
    for name, rating, extra in players:
        player = Player.objects.create(name=name, rating=rating, federation=extra.get("federation", "NED"),
                                       fmjd_id=extra.get("fmjd_id", ""))
        entry = register_player(arbiter, t, {}, player=player)
        Entry.objects.filter(pk=entry.pk).update(**{k: v for k, v in extra.items() if k != "federation"})
    freeze_start_numbers(arbiter, t, "rating")
    return t


def play(arbiter, t: Tournament, rule: Rule = lower_number_wins, rounds: int | None = None) -> Tournament:
    """Pair, publish, enter every result by ``rule`` and finish ``rounds`` rounds (default: all planned)."""
    for _ in range(rounds or t.rounds_planned):
        rnd = publish_round(arbiter, pair_round(t, arbiter).round)
        for board in rnd.boards.filter(bye_kind="", black__isnull=False).select_related("white", "black"):
            enter_result(game_for_board(board), rule(board.white.start_number, board.black.start_number), arbiter)
        finish_round(arbiter, rnd)
    t.refresh_from_db()
    return t
