"""Rank changes between rounds ("up 3"): pure helpers for the standings and player pages."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.standings.model import Standings


def rank_changes(before: Standings | None, after: Standings) -> dict[int, int | None]:
    """Places each player of ``after`` gained since ``before`` (positive: up, negative: down).

    None for a player without a row in ``before`` (or when there is no ``before``: the first
    round). Ranks are the shared ranks of the rows ("1224"), so two players sharing 2nd place
    after dropping from 1st and 2nd have moved -1 and 0.
    """
    if before is None:
        return dict.fromkeys((r.start_number for r in after.rows), None)
    old = {r.start_number: r.rank for r in before.rows}
    return {r.start_number: (old[r.start_number] - r.rank if r.start_number in old else None) for r in after.rows}


def moves(ranks: Sequence[int | None]) -> list[int | None]:
    """Per round, places gained since the round before (None for round 1 and unknown ranks)."""
    out: list[int | None] = [None]
    for prev, cur in zip(ranks, ranks[1:]):
        out.append(None if prev is None or cur is None else prev - cur)
    return out[: len(ranks)]
