"""The draughts tie-breaks: the FMJD Solkoff family, resistance points, the plus/minus-draw balance and
results in ranking order (pure; registered in ``tournaments.standings.tiebreaks``).

* ``SOLK`` Solkoff (a bye counts 0), ``SOLK/M`` median, ``SOLK/T1`` short truncated, ``SOLK/T`` full
  truncated (the vector Ts1..Ts(n-1), compared in turn), ``SOLK+`` Solkoff-plus: FMJD Annexes 2024,
  computed by ``tournaments.scores.opponents`` (the pairing orders by the same code). Opponents'
  final scores; a forfeit counts the opponent's real score; a round without an opponent is an
  opponent score of 0, cut first (``StandingsInput.solkoff_bye="skip"`` leaves it out instead).
  ``FMJD-TS`` is the same value as ``SOLK/T`` (its older name here).
* ``WP`` resistance points (*weerstandspunten*, Toernooimanager): the sum of the final points of
  every opponent, not truncated, a bye adding 0: the same number as ``SOLK``, under the name Dutch
  clubs print.
* ``PMD`` plus/minus-draw balance (KNDB): plus-draws minus minus-draws (``tournaments.vocabulary``:
  codes ``P`` and ``M``).
* ``RRO`` results in ranking order (KNDB): among players still tied, compare the points each scored
  against the best-placed player (or group of players still tied there) of the ranking so far, then
  against the next, and so on. Places some tied player did not meet are skipped (a round robin
  meets everyone); the tied players' own games are the mutual result (``DE``), not counted here.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.scores.opponents import OpponentScore, SolkoffValue, opponent_scores, solkoff_family
from tournaments.standings.context import Context
from tournaments.vocabulary import RoundRecord

SOLKOFF_FAMILY = ("SOLK", "SOLK/M", "SOLK/T1", "SOLK/T", "SOLK+")


def _histories(ctx: Context) -> dict[int, tuple[RoundRecord, ...]]:
    return {pid: tuple(r for r in p.rounds if r.round <= ctx.rounds) for pid, p in ctx.players.items()}


def opponent_lists(ctx: Context) -> dict[int, list[OpponentScore]]:
    """Every player's opponents' scores round by round (as the Solkoff family reads them), cached."""
    cached = ctx.cache.get("solkoff:lists")
    if not isinstance(cached, dict):
        cached = opponent_scores(_histories(ctx), ctx.scoring, ctx.rounds, bye=ctx.inp.solkoff_bye, points=ctx.points)
        ctx.cache["solkoff:lists"] = cached
    return cached


def solkoff_values(ctx: Context) -> dict[str, dict[int, SolkoffValue]]:
    """Every Solkoff variant of every player, keyed by code, cached."""
    cached = ctx.cache.get("solkoff:values")
    if not isinstance(cached, dict):
        cached = solkoff_family(_histories(ctx), ctx.scoring, ctx.rounds, bye=ctx.inp.solkoff_bye, points=ctx.points)
        ctx.cache["solkoff:values"] = cached
    return cached


def rro_vectors(
    ctx: Context, group: Sequence[int], above: Sequence[Sequence[int]]
) -> tuple[dict[int, tuple[float, ...]], list[tuple[int, ...]]]:
    """Results in ranking order for a tied ``group``: per player the points scored against each place
    of the ranking so far (``above``: the groups in rank order, the tied group among them), keeping
    the places every tied player met; and the places kept. Work: one pass over the ranking and over
    the tied players' rounds."""
    members = set(group)
    places = [tuple(g) for g in above if not members.intersection(g)]
    place_of = {q: i for i, place in enumerate(places) for q in place}
    points: dict[int, dict[int, float]] = {}
    for pid in group:
        row: dict[int, float] = {}
        for e in ctx.entries[pid]:
            i = place_of.get(e.opponent) if e.opponent is not None else None
            if i is not None and (e.played or ctx.round_robin):
                row[i] = row.get(i, 0.0) + e.points
        points[pid] = row
    kept = sorted(set.intersection(*(set(row) for row in points.values()))) if points else []
    vectors = {pid: tuple(points[pid][i] for i in kept) for pid in group}
    return vectors, [places[i] for i in kept]
