"""``python -m arbiter ballots``: the opening decks on the command line (a contract other tools rely on).

    python -m arbiter ballots --list [--json]       # the decks with their counts
    python -m arbiter ballots DECK [--all] [--json] # a deck's playable openings (--all: barred ones too)

``DECK --json`` prints one JSON list: ``[{"label", "moves", "fen", "barred"}]`` in deck order, the
moves as a list of moves in the PDN notation of the deck's game (empty for an opening that is a
position), the FEN in the game's PDN notation. ``--list --json`` prints
``[{"name", "title", "game", "games", "count", "playable", "version", "source"}]``.

An unknown deck, or neither DECK nor ``--list``, prints one line on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json

from arbiter.ballots.decks import Deck, Opening, all_decks, load_deck


class BallotsUsage(ValueError):
    """A ``ballots`` command line that names no deck, or a deck and ``--list`` together."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``ballots`` (the sub-parser is made by ``arbiter.cli``)."""
    p.add_argument("deck", nargs="?", help="deck name (see --list)")
    p.add_argument("--list", action="store_true", help="name the decks with their counts")
    p.add_argument("--all", action="store_true", help="list the barred openings too")
    p.add_argument("--json", action="store_true")


def _text_line(o: Opening) -> str:
    what = f"setup {' '.join(o.setup)}" if o.setup else (" ".join(o.moves) or "(start position)")
    return f"{o.label}\t{what}\t{o.fen}" + ("\tbarred" if o.barred else "")


def _list(decks: tuple[Deck, ...], as_json: bool) -> None:
    if as_json:
        print(json.dumps([d.summary() for d in decks]))
        return
    for d in decks:
        counts = f"{d.count} openings" if len(d.playable) == d.count else \
            f"{len(d.playable)} playable of {d.count} openings"
        print(f"{d.name:<17} {counts:<30} {'/'.join(d.games):<18} {d.title}")


def run(args: argparse.Namespace) -> int:
    """Run ``ballots``; raises UnknownDeck or BallotsUsage (exit 2 in ``arbiter.cli``)."""
    if args.list:
        if args.deck is not None:
            raise BallotsUsage("ballots: give a deck name or --list, not both")
        _list(all_decks(), args.json)
        return 0
    if args.deck is None:
        raise BallotsUsage("ballots: give a deck name (see 'python -m arbiter ballots --list')")
    deck = load_deck(args.deck)
    openings = deck.openings if args.all else deck.playable
    if args.json:
        print(json.dumps([o.as_json() for o in openings]))
    else:
        for o in openings:
            print(_text_line(o))
    return 0
