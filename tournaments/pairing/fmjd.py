"""FMJD's two Swiss systems: the Swiss on Solkoff and the Swiss on rating (FMJD Swiss regulations, 1986;
the PNDB's "Zwitsers systeem op rating"). Both pair score groups top half against bottom half
(``tournaments.pairing.halves``); they differ in the order inside a score group.

**Swiss on Solkoff** (the FMJD open variant: Rotterdam "9 rounds of Swiss system on truncated
Solkoff"): round 1 in lot order (the start numbers are the drawn lot numbers; ``round1="rating"``
orders round 1 by rating instead); later rounds: inside a score group by the Solkoff variant the
event names (``solkoff_variant``: ``full`` truncated by default, ``short`` truncated, ``median``,
``plain``, ``plus``), then rating, then lot number. Solkoff as in ``tournaments.scores.opponents``:
opponents' current scores, a bye counting 0, a forfeit counting the opponent's real score. The
variant used for the order is the same the final standings use (``SOLK/T`` ... ``SOLK+``), which
is what "Swiss system on truncated Solkoff" asks [open: the regulations do not say which
truncation; full by default, since it equals short whenever Ts1 differs].

**Swiss on rating**: round 1 and every later round ordered by the player's own rating (then start
number, which the registration gives by rating, then title, then name); the standings break ties by
the average rating of the opponents (``ARO``).

Both: an odd score group sends its lowest-placed player down to meet the highest-placed player of
the next group; no float in the same direction as last round (nor two rounds ago) where avoidable;
colours by FIDE's basic rules (FMJD's own colour text was not found) [open: option ``colours``,
``fide`` or Toernooimanager's ``balance``].
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Literal

from tournaments.pairing.colours import COLOUR_RULES
from tournaments.pairing.halves import Order, SwissRules, pair_swiss
from tournaments.pairing.model import PairingInput, RoundPairing
from tournaments.scores.opponents import records_upto, solkoff_family

SolkoffVariant = Literal["full", "short", "median", "plain", "plus"]
SOLKOFF_VARIANTS: dict[str, str] = {
    "full": "SOLK/T",
    "short": "SOLK/T1",
    "median": "SOLK/M",
    "plain": "SOLK",
    "plus": "SOLK+",
}
Round1 = Literal["lot", "rating"]

SOLKOFF_RULES = SwissRules(name="FMJD Swiss on Solkoff")
RATING_RULES = SwissRules(name="FMJD Swiss on rating")


def _rules(base: SwissRules, options: Mapping[str, object]) -> SwissRules:
    """The rules with the event's colour rule (option ``colours``: ``fide`` by default, or ``balance``)."""
    colours = str(options.get("colours", "fide"))
    if colours not in COLOUR_RULES:
        raise ValueError(f"unknown colour rule {colours!r}; known: {', '.join(COLOUR_RULES)}")
    return replace(base, colour_rule=colours)


def _num(x: float) -> str:
    return f"{x:g}"


def solkoff_order(inp: PairingInput, variant: SolkoffVariant = "full", round1: Round1 = "lot") -> Order:
    """Inside a score group: the Solkoff variant (higher first), then rating, then lot number.
    Round 1 (nobody has played): lot order, or rating with ``round1="rating"``."""
    if variant not in SOLKOFF_VARIANTS:
        raise ValueError(f"unknown Solkoff variant {variant!r}; known: {', '.join(SOLKOFF_VARIANTS)}")
    if inp.round <= 1:
        return rating_order(inp) if round1 == "rating" else lot_order(inp)
    code = SOLKOFF_VARIANTS[variant]
    histories = {p.id: tuple(records_upto(p.history, inp.round - 1).values()) for p in inp.players}
    values = solkoff_family(histories, inp.scoring, inp.round - 1)[code]
    key: dict[int, tuple[float, ...]] = {}
    text: dict[int, str] = {}
    for p in inp.players:
        v = values[p.id]
        vec = v if isinstance(v, tuple) else (v,)
        key[p.id] = (*(-x for x in vec), -float(p.rating), float(p.id))
        shown = "/".join(_num(x) for x in vec) or "-"
        text[p.id] = f"{code} {shown}, RTNG {p.rating}, TPN {p.id}"
    return Order(key, text)


def lot_order(inp: PairingInput) -> Order:
    """By start number (the drawn lot numbers)."""
    return Order({p.id: (float(p.id),) for p in inp.players}, {p.id: f"TPN {p.id}" for p in inp.players})


def rating_order(inp: PairingInput) -> Order:
    """By the player's own rating (higher first), then start number."""
    key = {p.id: (-float(p.rating), float(p.id)) for p in inp.players}
    return Order(key, {p.id: f"RTNG {p.rating}, TPN {p.id}" for p in inp.players})


def pair_solkoff(inp: PairingInput, options: Mapping[str, object] | None = None) -> RoundPairing:
    """Pair a round of the FMJD Swiss on Solkoff (options ``solkoff_variant``, ``round1``, ``colours``)."""
    opts = dict(options or {})
    variant = str(opts.get("solkoff_variant", "full"))
    round1 = str(opts.get("round1", "lot"))
    order = solkoff_order(inp, variant, round1)  # type: ignore[arg-type]
    return pair_swiss(inp, _rules(SOLKOFF_RULES, opts), order)


def pair_rating(inp: PairingInput, options: Mapping[str, object] | None = None) -> RoundPairing:
    """Pair a round of the FMJD/PNDB Swiss on rating (option ``colours``)."""
    return pair_swiss(inp, _rules(RATING_RULES, dict(options or {})), rating_order(inp))
