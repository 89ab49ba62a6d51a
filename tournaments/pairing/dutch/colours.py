"""Colour allocation for a pair (C.04.3 art. 5.2, unchanged in substance since 2017)."""

from __future__ import annotations

from tournaments.pairing.dutch.state import Colour, PlayerState, other


def compatible_prefs(a: Colour | None, b: Colour | None) -> bool:
    """Both preferences can be met: they differ, or one player has none."""
    return a != b or a is None or b is None


def higher_ranked(a: PlayerState, b: PlayerState) -> PlayerState:
    """The higher-ranked of the two: higher pairing score, then lower rank number."""
    return a if (a.score, -a.rank) > (b.score, -b.rank) else b


def _last_difference(a: PlayerState, b: PlayerState) -> tuple[Colour | None, Colour | None]:
    """Colours of the two in the latest round (counting played games from the end) where they differed."""
    ca, cb = list(a.colours), list(b.colours)
    while ca and cb and ca[-1] == cb[-1]:
        ca.pop()
        cb.pop()
    return (ca[-1] if ca else None), (cb[-1] if cb else None)


def colour_for(p: PlayerState, q: PlayerState, initial: Colour) -> tuple[Colour, str]:
    """The colour ``p`` gets against ``q`` and the rule (5.2.1-5.2.5) that decided it."""
    pp, qp = p.colour_pref, q.colour_pref
    if compatible_prefs(pp, qp):
        if pp is not None:
            return pp, "both preferences met" if qp is not None else "preference met"
        if qp is not None:
            return other(qp), "preference met"  # type: ignore[return-value]
    else:
        if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
            return pp, "stronger (absolute) preference granted"  # type: ignore[return-value]
        if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
            return other(qp), "stronger (absolute) preference granted"  # type: ignore[return-value]
        if p.strong and not q.strong:
            return pp, "stronger preference granted"  # type: ignore[return-value]
        if q.strong and not p.strong:
            return other(qp), "stronger preference granted"  # type: ignore[return-value]
        mine, theirs = _last_difference(p, q)
        if mine is not None and theirs is not None:
            return theirs, "alternated from the last round with different colours"
    high = higher_ranked(p, q)
    if pp is None:
        # 5.2.5: the higher-ranked player gets the initial colour if their TPN is odd (rank even).
        high_colour: Colour = initial if high.rank % 2 == 0 else other(initial)  # type: ignore[assignment]
        colour = high_colour if high is p else other(high_colour)
        return colour, "initial colour by pairing number"  # type: ignore[return-value,unused-ignore]
    if high is p:
        return pp, "higher-ranked player's preference granted"
    return other(qp), "higher-ranked player's preference granted"  # type: ignore[return-value]
