"""FIDE Dutch Swiss system, C.04.3 as in force from 2025/2026 (``FIDE_DUTCH_2025``).

API:

* ``pair_dutch(inp: PairingInput, options: DutchOptions | None = None) -> RoundPairing``: pairs
  round ``inp.round`` from the players' histories. Players with ``unavailable=True`` are not
  paired (their requested byes are the caller's business). The score used is the sum of each
  player's history under ``inp.scoring`` plus ``accelerations`` (or Baku acceleration if
  ``inp.baku_acceleration``). Boards are ordered by the higher player's score, the sum of scores,
  then the higher player's rank. Each ``Pairing``/``Bye`` carries ``reasons``. Raises
  ``PairingError`` if no pairing satisfies the absolute criteria.

The algorithm follows the FIDE-endorsed bbpPairings 6 approach (see ``engine`` and ``weights``).
"""

from __future__ import annotations

from tournaments.pairing.dutch.colours import colour_for
from tournaments.pairing.dutch.engine import DutchOptions, EngineResult, _Round
from tournaments.pairing.dutch.reasons import bye_reasons, pair_reasons
from tournaments.pairing.dutch.state import PlayerState, build_context, build_states
from tournaments.pairing.model import Bye, Pairing, PairingError, PairingInput, RoundPairing

__all__ = ["DutchOptions", "pair_dutch", "PairingError"]


def pair_dutch(inp: PairingInput, options: DutchOptions | None = None) -> RoundPairing:
    """Pair round ``inp.round`` by the FIDE Dutch system (see the module docstring)."""
    ctx = build_context(inp)
    states = build_states(ctx)
    result: EngineResult = _Round(states, ctx, options or DutchOptions()).run()
    games: list[tuple[PlayerState, PlayerState, str]] = []
    for a, b in result.pairs:
        p, q = (states[a], states[b]) if states[a].id < states[b].id else (states[b], states[a])
        colour, rule = colour_for(p, q, ctx.initial_colour)
        white, black = (p, q) if colour == "w" else (q, p)
        games.append((white, black, rule))

    def board_key(game: tuple[PlayerState, PlayerState, str]) -> tuple[int, int, int]:
        w, b, _ = game
        high, low = (w, b) if (w.real_score, -w.rank) > (b.real_score, -b.rank) else (b, w)
        return (-high.real_score, -low.real_score, high.rank)

    games.sort(key=board_key)
    pairings = tuple(
        Pairing(white=w.id, black=b.id, board=i, reasons=pair_reasons(w, b, rule))
        for i, (w, b, rule) in enumerate(games, start=1)
    )
    byes: tuple[Bye, ...] = ()
    if result.bye is not None:
        st = states[result.bye]
        byes = (Bye(player=st.id, kind="pab", reasons=bye_reasons(st, len(states), ctx.played_rounds)),)
    return RoundPairing(round=inp.round, pairings=pairings, byes=byes)
