"""Toernooimanager's Swiss on resistance points (*Zwitsers op weerstandspunten*), the default of Dutch
draughts clubs (Toernooimanager manual v7.34; the worked example at dezlaren.nl, made with
Toernooimanager 7.28a).

* Round 1 by lot: the start numbers are the lot order; Toernooimanager then pairs 1-2, 3-4, ...
  (``round1_adjacent``, default on; off: round 1 by halves too).
* Later rounds: score groups by points; inside a group by resistance points (the sum of the
  current points of every opponent met, a bye adding 0: ``tournaments.scores.opponents``), then
  Sonneborn-Berger, then any score the caller adds (``PlayerRecord.order_scores``: board points in
  a team-of-4 Swiss), then start number.
* Halves by default (``adjacent=True``: 1-2, 3-4, ...).
* An odd group's number one meets the lowest-placed player of the next lower group (the two lowest
  of a group of three meet each other); a player left alone in his group joins the next group as
  its first player [derived: that is how Toernooimanager's published example pairs its second
  round; its text describes only the first case].
* Colours by balance: the side with the lower colour balance gets White (home); round 1 gives the
  higher-placed player the initial colour on every board.
* No rematch of a game played (a forfeit is not a meeting), prohibited pairs, byes to the
  lowest-placed player without one.
"""

from __future__ import annotations

from collections.abc import Mapping

from tournaments.pairing.colours import COLOUR_RULES, ColourRule
from tournaments.pairing.halves import Order, SwissRules, pair_swiss
from tournaments.pairing.model import PairingInput, RoundPairing
from tournaments.scores.opponents import records_upto, resistance_points, sonneborn_berger


def rules(adjacent: bool = False, colours: ColourRule = "balance") -> SwissRules:
    """The pairing rules, halves or adjacent, colours by balance (or FIDE's rules)."""
    if colours not in COLOUR_RULES:
        raise ValueError(f"unknown colour rule {colours!r}; known: {', '.join(COLOUR_RULES)}")
    return SwissRules(
        name="Swiss on resistance points",
        pairing="adjacent" if adjacent else "halves",
        odd_floater="top",
        floater_meets="lowest",
        singleton_joins=True,
        colour_rule=colours,
    )


def _num(x: float) -> str:
    return f"{x:g}"


def resistance_order(inp: PairingInput) -> Order:
    """Inside a score group: resistance points, Sonneborn-Berger, the caller's scores (all higher
    first), then start number; round 1: start number (the lot order)."""
    if inp.round <= 1:
        return Order({p.id: (float(p.id),) for p in inp.players}, {p.id: f"TPN {p.id}" for p in inp.players})
    histories = {p.id: tuple(records_upto(p.history, inp.round - 1).values()) for p in inp.players}
    wp = resistance_points(histories, inp.scoring, inp.round - 1)
    sb = sonneborn_berger(histories, inp.scoring, inp.round - 1)
    key: dict[int, tuple[float, ...]] = {}
    text: dict[int, str] = {}
    for p in inp.players:
        key[p.id] = (-wp[p.id], -sb[p.id], *(-x for x in p.order_scores), float(p.id))
        extra = "".join(f", {_num(x)}" for x in p.order_scores)
        text[p.id] = f"WP {_num(wp[p.id])}, SB {_num(sb[p.id])}{extra}, TPN {p.id}"
    return Order(key, text)


def pair_resistance(inp: PairingInput, options: Mapping[str, object] | None = None) -> RoundPairing:
    """Pair a round of the Swiss on resistance points.

    Options: ``adjacent`` (default False: halves), ``round1_adjacent`` (default True: round 1
    pairs 1-2, 3-4, ... as Toernooimanager does; False: round 1 by halves like later rounds),
    ``colours`` (``balance``, the default, or ``fide``).
    """
    opts = dict(options or {})
    adjacent = bool(opts.get("adjacent", False))
    if inp.round <= 1 and bool(opts.get("round1_adjacent", True)):
        adjacent = True
    colours = str(opts.get("colours", "balance"))
    return pair_swiss(inp, rules(adjacent, colours), resistance_order(inp))  # type: ignore[arg-type]
