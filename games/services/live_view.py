"""What the live pages show of a game being played (issue 30): the board after the last move typed,
that move, the number of moves and the result once confirmed. Read only."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from games.board_svg import render_board
from games.models import Game
from games.services.pdn_export import pdn_result, prefetch_for_export, round_games
from games.services.validation import check_game
from tournaments.models import Round

SMALL_CELL = 16  # pixels per square of a live boards diagram (scaled by CSS)
GAME_CELL = 40  # pixels per square of the board of the live game page
POLL_SECONDS = 3  # live.js polls this often (a move shows within 5 s: one poll and the 2 s micro-cache)
CARD_TTL = 3600  # seconds a drawn board stays in the cache (a new move makes a new key)
POLL_LIMIT = 2400  # polls of one page before live.js stops (two hours; reloading starts again)


@dataclass(frozen=True)
class LiveGame:
    """One game on a live page."""

    game: Game
    board: str  # "3" or "2.5" (a team match's board 5), "3.2" (a micro-match's second game)
    svg: SafeString
    last_move: str  # "23. 32-28" or "23… 19-23"; "" before the first move
    moves: int  # moves of the side that moved last (full moves)
    result: str  # the confirmed result in the game's PDN family, "" while none
    plies: int


def _board_label(game: Game) -> str:
    board = game.board
    if board.white_team_id is not None or board.round.tournament.games_per_pairing > 1:
        return f"{board.number}.{game.number}"
    return str(board.number)


def _position(game: Game, cell: int) -> tuple[str, str, int, int]:
    """The board after the last move (SVG), that move, its number and the plies, replayed and drawn."""
    report = check_game(game).report
    if report is None:
        return "", "", 0, 0
    rec = report.plies[-1] if report.plies else None
    svg = render_board(report.positions[-1], last_move=rec.move if rec else None, cell=cell, numbers=cell >= 30)
    if rec is None:
        return str(svg), "", 0, 0
    dots = "." if rec.side == report.profile.first_side else "…"
    return str(svg), f"{rec.move_number}{dots} {rec.notation}", rec.move_number, len(report.plies)


def live_game(game: Game, *, cell: int = SMALL_CELL) -> LiveGame:
    """``game`` as a live page shows it. The drawn board is kept per game version (and size and language):
    a move typed on one board redraws that board only, not the round's 64 (about 7 ms each)."""
    key = f"live-card:{game.pk}:{game.version}:{cell}:{get_language() or ''}"
    found = cache.get(key) if game.pk is not None else None
    if not isinstance(found, tuple):
        found = _position(game, cell)
        if game.pk is not None:
            cache.set(key, found, CARD_TTL)
    svg, last, moves, plies = found
    result = pdn_result(game)
    return LiveGame(game, _board_label(game), SafeString(svg), last, moves, "" if result == "*" else result, plies)


def live_round(rnd: Round) -> list[LiveGame]:
    """Every stored game of the round, board by board (a constant number of queries)."""
    games = [g for g in round_games(rnd) if g.pk is not None]
    prefetch_for_export(games)
    return [live_game(g) for g in games]
