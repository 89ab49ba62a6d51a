"""A game's identity in a PDN file and in the relay feed: the tags Event, Site, Round, White and Black.

lidraughts (modules/relay, RelaySync.scala) matches the games of a multi-game source to its boards by
their place in the file and fails the sync when the game at a board's place no longer has that board's
White, Black, Round, Event and Site. ``identity_tags`` is the one place these tags are computed (the PDN
export uses it too); ``tournaments.services.relay.freeze_relay_tags`` stores them on each game when its
round is published, and the feed writes the stored ones, so a later renaming of the tournament or a
corrected name never moves a broadcast game.
"""

from __future__ import annotations

from games.models import Game

IDENTITY_TAGS = ("Event", "Site", "Round", "White", "Black")


def identity_tags(game: Game) -> dict[str, str]:
    """Event, Site, Round, White and Black of ``game`` as they are now.

    A micro-match's games are rounds ``3.1`` and ``3.2``; ``?`` for an unknown place or player."""
    board = game.board
    tournament = board.round.tournament
    return {
        "Event": tournament.name,
        "Site": tournament.place or "?",
        "Round": f"{board.round.number}.{game.number}" if tournament.games_per_pairing > 1 else str(board.round.number),
        "White": game.white.name if game.white else "?",
        "Black": game.black.name if game.black else "?",
    }


def relay_identity(game: Game) -> dict[str, str]:
    """The identity the relay feed writes: the tags frozen at publication, the live ones for a game
    made later (or stored before tags were frozen)."""
    frozen = game.relay_tags or {}
    live = identity_tags(game)
    return {k: frozen[k] if isinstance(frozen.get(k), str) else live[k] for k in IDENTITY_TAGS}
