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
from tournaments.pairing.dutch.first_round import first_round
from tournaments.pairing.dutch.reasons import bye_reasons, pair_reasons
from tournaments.pairing.dutch.state import Colour, PlayerState, build_context, build_states
from tournaments.pairing.model import Bye, Pairing, PairingError, PairingInput, RoundPairing

__all__ = ["DutchOptions", "explain_board", "explain_bye", "pair_dutch", "PairingError"]

# The colour rule of a board the arbiter set by hand (Pairing reasons: "Colours: <rule>").
ARBITER_COLOURS = "set by the arbiter"


def pair_dutch(inp: PairingInput, options: DutchOptions | None = None) -> RoundPairing:
    """Pair round ``inp.round`` by the FIDE Dutch system (see the module docstring)."""
    ctx = build_context(inp)
    states = build_states(ctx)
    result: EngineResult = first_round(states, ctx) or _Round(states, ctx, options or DutchOptions()).run()
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


def _states_by_id(inp: PairingInput) -> tuple[dict[int, PlayerState], Colour, int]:
    ctx = build_context(inp)
    states = build_states(ctx)
    return {st.id: st for st in states}, ctx.initial_colour, ctx.played_rounds


def explain_board(inp: PairingInput, white: int, black: int) -> tuple[str, ...]:
    """The reasons of a board the arbiter set by hand (an exchange or a colour swap), in the same
    words as the engine's: score groups, floats and colour preferences of the two players as they
    stand now; when the colours differ from what the colour rules (C.04.3 5.2) give, it says so.
    Players not in the input (not available) get no reasons."""
    states, initial, _played = _states_by_id(inp)
    if white not in states or black not in states:
        return ()
    w, b = states[white], states[black]
    p, q = (w, b) if w.id < b.id else (b, w)
    colour, rule = colour_for(p, q, initial)
    engine_white = p if colour == "w" else q
    if engine_white is w:
        return pair_reasons(w, b, f"{ARBITER_COLOURS}, as the colour rules give ({rule})")
    return pair_reasons(w, b, f"{ARBITER_COLOURS}, against the colour rules ({rule}: White to {engine_white.id})")


def explain_bye(inp: PairingInput, player: int) -> tuple[str, ...]:
    """The reasons of a pairing-allocated bye the arbiter gave by hand, as the engine words them."""
    states, _initial, played = _states_by_id(inp)
    if player not in states:
        return ()
    return bye_reasons(states[player], len(states), played)
