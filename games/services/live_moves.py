"""Moves typed during play (issue 30): stored on the game as they come, for its live view and the feed.

``save_moves`` is the one way a game's moves change without a result: the game's players (signed in or
through their private link) while the game is open, an arbiter at any time. The text is checked by the
arbiter package first; an illegal or unreadable move is refused with its move number and the reason,
and nothing is stored. A stored change advances the game's own version only
(``tournaments.versioning.game_moved``): the live game page, the live boards of the round and the
relay feed follow it; no page or document of the tournament shows moves, so its version stays and no
rebuild is scheduled. The audit entry (``game.moves``) is one of the actions that change nothing a
tournament's pages show (``tournaments.audit.UNSHOWN``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import Game, SubmissionLink
from games.permissions import is_game_arbiter
from games.services import GameError, User
from games.services.games import draft_refusal, side_of_entry
from games.services.results import players_locked_out
from games.services.validation import MoveCheck, check_game, move_text_problem, validate_game
from tournaments.audit import record
from tournaments.permissions import is_mirrored
from tournaments.versioning import game_moved

AUDIT_ACTION = "game.moves"


@dataclass(frozen=True)
class SavedMoves:
    """What ``save_moves`` did: the number of plies stored and whether anything changed."""

    plies: int
    changed: bool


def moves_refusal(game: Game, text: str, check: MoveCheck | None = None) -> str | None:
    """Why ``text`` cannot be stored as the moves of ``game`` (translated, naming the move), or None.

    Refused: a text over the length limit, a part that is not a move (line and column), a move the rules
    engine finds irregular and the arbiter has not ruled on (its move number, side and the reason)."""
    too_long = move_text_problem(text)
    if too_long:
        return too_long
    chk = check if check is not None else check_game(game, text)
    for err in chk.errors:
        if err.get("line"):
            return _("Line %(line)s, column %(column)s: %(message)s") % err
        return str(err.get("message", ""))
    for row in chk.plies:
        if row["irregular"] and not row.get("ruling"):
            if row["message"]:  # the rules engine's words name the move: "Move 2, White 28-22 does not capture, ..."
                return str(row["message"])
            side = _("White") if row.get("side") == "W" else _("Black")
            return _("Move %(number)s, %(side)s %(move)s is not allowed.") % {
                "number": row.get("number") or "?", "side": side, "move": row["text"]}
    if chk.report is not None and chk.report.stopped is not None and chk.stopped:
        return chk.stopped
    return None


def _may_type(game: Game, user: User, link: SubmissionLink | None) -> bool:
    """Arbiter: yes. A player or a private link: only for its own side's game (checked by the caller's
    refusals for draft, finished and confirmed). Nobody on a server mirroring the tournament from the
    hall laptop (``games.submit_result`` says so for accounts)."""
    if link is not None:
        return (not link.revoked and link.tournament_id == game.board.round.tournament_id
                and not is_mirrored(game.board.round.tournament) and side_of_entry(game, link.entry) is not None)
    return bool(user is not None and user.has_perm("games.submit_result", game))


def save_moves(game: Game, text: str, *, user: User = None, link: SubmissionLink | None = None) -> SavedMoves:
    """Store ``text`` as the moves of ``game`` so far (see the module docstring). Raises GameError with
    the reason when refused; nothing is stored then."""
    text = text.strip()
    if not _may_type(game, user, link):
        raise GameError(_("Only the arbiters and the players of this game may enter its moves."))
    refusal = draft_refusal(game.board.round)
    if refusal:
        raise GameError(refusal)
    arbiter = link is None and bool(is_game_arbiter(user, game))
    if not arbiter:
        locked = players_locked_out(game)
        if locked:
            raise GameError(locked)
    problem = moves_refusal(game, text)
    if problem:
        raise GameError(problem)
    with transaction.atomic():
        locked_game = Game.objects.select_for_update().select_related("board__round__tournament").get(pk=game.pk)
        before = locked_game.moves
        if before.strip() == text:
            return SavedMoves(len(check_game(locked_game).plies), False)
        locked_game.moves = text
        locked_game.validation = validate_game(locked_game)
        locked_game.save(update_fields=["moves", "validation", "updated_at"])
        game_moved(locked_game.pk)
        plies = len(check_game(locked_game).plies)
        via_link = f"; typed_for={link.entry.name}" if link is not None else ""
        record(user if link is None else None, locked_game.board.round.tournament, AUDIT_ACTION, locked_game,
               before=f"plies={len(check_game(locked_game, before).plies)}", after=f"plies={plies}{via_link}")
    game.moves, game.validation = locked_game.moves, locked_game.validation
    return SavedMoves(plies, True)
