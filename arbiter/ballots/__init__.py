"""Opening decks (ballots) for micro-matches in the 64-square games and English checkers.

* decks: ``load_deck``, ``all_decks``, ``decks_for``, ``DECK_NAMES``, ``Deck``, ``Opening``,
  ``UnknownDeck``, ``DeckError``; ``replay_opening`` and ``check_opening`` replay an opening with
  the rules engine
* drawing: ``draw`` (without replacement until the deck is used up, barred openings excluded,
  reproducible from a seed), ``Draw``, ``DrawError``, ``new_seed``
* command line: ``python -m arbiter ballots DECK [--json] [--all]``, ``python -m arbiter ballots --list``
  (``arbiter.ballots.cli``)

The data files and their provenance are in ``arbiter/ballots/data`` (README.md there).
"""

from arbiter.ballots.decks import (
    DECK_NAMES,
    Deck,
    DeckError,
    Opening,
    UnknownDeck,
    all_decks,
    check_opening,
    decks_for,
    load_deck,
    replay_opening,
)
from arbiter.ballots.draw import Draw, DrawError, draw, new_seed

__all__ = [
    "DECK_NAMES",
    "Deck",
    "DeckError",
    "Draw",
    "DrawError",
    "Opening",
    "UnknownDeck",
    "all_decks",
    "check_opening",
    "decks_for",
    "draw",
    "load_deck",
    "new_seed",
    "replay_opening",
]
