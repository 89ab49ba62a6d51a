"""Object-level permissions on games (django-rules predicates, registered in ``GamesConfig.ready``).

Every predicate takes ``(user, game)`` unless its name says tournament. A player "of the game"
is the user linked to the White or Black entry's player (in a team match also the captain of that
player's team); arbiters are the tournament's
(chief) arbiters (``tournaments.permissions.is_arbiter``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules

from tournaments.audit import Actor as User
from tournaments.models import Tournament
from tournaments.permissions import is_arbiter, is_mirrored, predicate
from tournaments.vocabulary import Colour, board_colour

if TYPE_CHECKING:
    from games.models import Game


def _game_tournament(game: Game) -> Tournament:
    return game.board.round.tournament


def captained_colour(user: User, game: Game) -> Colour | None:
    """In a team match, the colour of the player of the team ``user`` captains on this board (the home
    team's colour by the event's sequence, ``vocabulary.board_colour``); None otherwise. A captain acts
    for their team's players: submits and confirms their board results (issue 27)."""
    if user is None or not user.is_authenticated:
        return None
    board = game.board
    if board.white_team_id is None:
        return None
    home = board_colour(game.number, _game_tournament(game).board_colours)
    if board.white_team is not None and board.white_team.captain_id == user.pk:
        return home
    if board.black_team is not None and board.black_team.captain_id == user.pk:
        return "b" if home == "w" else "w"
    return None


def _plays(user: User, game: Game) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if any(entry is not None and entry.user_id == user.pk for entry in (game.white, game.black)):
        return True
    return captained_colour(user, game) is not None


@predicate
def is_game_arbiter(user: User, game: Game | None) -> bool:
    """An arbiter (or chief arbiter) of the game's tournament who does not play in this game: an
    arbiter who plays is a player on their own games (no self-confirmation, no forfeit, no ruling)."""
    if game is None:
        return False
    return bool(is_arbiter(user, _game_tournament(game))) and not _plays(user, game)


@predicate
def is_tournament_arbiter(user: User, game: Game | None) -> bool:
    """An arbiter (or chief arbiter) of the game's tournament, whether or not they play in this game:
    for looking only (an arbiter who plays sees the draft pairings anyway), never for acting."""
    return game is not None and bool(is_arbiter(user, _game_tournament(game)))


@predicate
def is_game_player(user: User, game: Game | None) -> bool:
    """The user plays White or Black in this game (bye boards have no game to play)."""
    return game is not None and _plays(user, game)


@predicate
def round_is_published(user: User, game: Game | None) -> bool:
    """Players act only on games of published (or finished) rounds."""
    return game is not None and not game.board.round.is_draft


@predicate
def games_are_public(user: User, game: Game | None) -> bool:
    return game is not None and _game_tournament(game).public_games and round_is_published(user, game)


@predicate
def game_is_writable(user: User, game: Game | None) -> bool:
    """The game's tournament is not mirrored here from a hall laptop (there, the laptop decides)."""
    return game is not None and not is_mirrored(_game_tournament(game))


# Players submit and claim for their own games of published rounds; arbiters for every game.
rules.add_perm("games.submit_result", (is_game_arbiter | (is_game_player & round_is_published)) & game_is_writable)
rules.add_perm("games.confirm_result", (is_game_arbiter | (is_game_player & round_is_published)) & game_is_writable)
rules.add_perm("games.claim_draw", (is_game_arbiter | (is_game_player & round_is_published)) & game_is_writable)
rules.add_perm("games.rule_irregularity", is_game_arbiter & game_is_writable)
rules.add_perm("games.enter_final_result", is_game_arbiter & game_is_writable)
# A draft round's games are the arbiters' alone, its players' included (issue 23, Low 6).
rules.add_perm("games.view_game", is_tournament_arbiter | (is_game_player & round_is_published) | games_are_public)
# Tournament-wide game work: links, PDN import, conflicts overview.
rules.add_perm("games.manage_games", is_arbiter)
