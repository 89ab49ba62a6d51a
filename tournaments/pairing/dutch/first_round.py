"""A first round without the matching: the Dutch system's answer when nobody has a past (issue 26, scale).

When every player to pair has the same pairing score, no game, bye or float behind them and no prohibited
pair among them, the round is one homogeneous bracket whose first candidate already meets every
criterion: the pairing-allocated bye (odd field) to the lowest-ranked player, then S1 against S2 in rank
order (1 v m+1, 2 v m+2, ...). The general engine finds the same pairing after building a graph of all
n(n-1)/2 pairs (a 5,000-player round 1: 12.5 million edges); this finds it in linear time.
``tests/pairing/test_dutch_first_round.py`` checks it against the engine on random first rounds.
"""

from __future__ import annotations

from tournaments.pairing.dutch.engine import EngineResult
from tournaments.pairing.dutch.state import Context, PlayerState


def first_round(states: list[PlayerState], ctx: Context) -> EngineResult | None:
    """The round's pairs and bye when the shortcut applies (see the module docstring), else None."""
    if not states or ctx.inp.prohibited:
        return None
    score = states[0].score
    for st in states:
        if st.score != score or st.rec.history or not st.eligible_bye or st.floats or st.colours:
            return None
    n = len(states)
    bye = n - 1 if n % 2 else None
    half = n // 2
    return EngineResult(pairs=[(i, i + half) for i in range(half)], bye=bye, solves=0)
