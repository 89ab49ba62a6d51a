"""Drawing openings from a deck: without replacement until the deck is used up, barred openings
excluded, reproducible from a seed.

The order in which a deck is used is fixed by the seed: within a pass through the deck (a *cycle*),
the playable labels are sorted by ``sha256("<seed>|<deck>|<cycle>|<label>")`` (hex digest, UTF-8);
the first label of that order not yet drawn in the cycle comes next. Once every playable opening of
the deck has been drawn, the next cycle begins with a fresh order. So the result depends only on the
seed, the deck and the labels already drawn, on any machine and Python version; drawing five
openings at once gives the same labels as drawing one at a time five times, each time passing the
labels drawn so far.

The history (``already_drawn``) is read in order: labels of barred openings (set by hand) count for
nothing; a label drawn again before the deck is used up is counted once.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from arbiter.ballots.decks import Deck, load_deck

# A round robin of 40 players with two openings per pairing draws a few hundred; no event draws more.
MAX_DRAW = 10_000
MAX_SEED_LENGTH = 200


class DrawError(ValueError):
    """Bad input to ``draw`` (a count out of range, a label not in the deck, an empty deck)."""


@dataclass(frozen=True)
class Draw:
    """The result of a draw: the deck, the seed (as text), the labels drawn in order, the cycle the
    first label was drawn in (0 = first pass through the deck) and whether the deck was used up
    during this draw and began again."""

    deck: str
    seed: str
    labels: tuple[str, ...]
    cycle: int
    restarted: bool


def new_seed() -> str:
    """A fresh random seed (16 hex digits) for a draw that is to be recorded."""
    return secrets.token_hex(8)


def order(deck: Deck, seed: str, cycle: int) -> tuple[str, ...]:
    """The playable labels of ``deck`` in the order cycle ``cycle`` uses them under ``seed``."""
    def key(label: str) -> str:
        return hashlib.sha256(f"{seed}|{deck.name}|{cycle}|{label}".encode()).hexdigest()
    return tuple(sorted((o.label for o in deck.playable), key=key))


def _state(deck: Deck, history: Iterable[str]) -> tuple[int, set[str]]:
    """The current cycle and the playable labels already drawn in it."""
    playable = {o.label for o in deck.playable}
    known = set(deck.labels)
    cycle, used = 0, set()
    for n, label in enumerate(history, start=1):
        if label not in known:
            raise DrawError(f"already drawn opening {n} is {label!r}, which is not in deck {deck.name}")
        if label in playable:
            used.add(label)
            if used == playable:
                cycle, used = cycle + 1, set()
    return cycle, used


def draw(deck: Deck | str, count: int, seed: str | int | None = None,
         already_drawn: Iterable[str] = ()) -> Draw:
    """Draw ``count`` openings of ``deck`` (a Deck or its name) after ``already_drawn``.

    ``seed`` is text (an int is used as its decimal text); None draws a fresh one (``new_seed``),
    returned in the Draw so that it can be recorded. Raises DrawError for a count below 0 or above
    ``MAX_DRAW``, a seed longer than ``MAX_SEED_LENGTH``, a deck with no playable opening, or an
    already drawn label that is not in the deck; UnknownDeck for an unknown deck name.
    """
    d = load_deck(deck) if isinstance(deck, str) else deck
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= MAX_DRAW:
        raise DrawError(f"the number of openings to draw must be 0-{MAX_DRAW}, not {count!r}")
    text_seed = new_seed() if seed is None else str(seed)
    if not text_seed or len(text_seed) > MAX_SEED_LENGTH:
        raise DrawError(f"the seed must be 1-{MAX_SEED_LENGTH} characters long")
    if not d.playable:
        raise DrawError(f"deck {d.name} has no playable opening")
    cycle, used = _state(d, already_drawn)
    first_cycle = cycle
    drawn: list[str] = []
    sequence = [label for label in order(d, text_seed, cycle) if label not in used]
    while len(drawn) < count:
        if not sequence:
            cycle += 1
            sequence = list(order(d, text_seed, cycle))
        drawn.append(sequence.pop(0))
    return Draw(deck=d.name, seed=text_seed, labels=tuple(drawn), cycle=first_cycle,
                restarted=cycle != first_cycle)
