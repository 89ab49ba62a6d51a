"""Results typed by board number on the arbiter's results page: ``4 2-0`` (several separated by new
lines, commas or semicolons; ``4: 1-1`` and ``4 ½-½`` read too).

A micro-match (two games a pairing, issue 28) takes a game number after the board, ``4.2 1-1``, or both
games' results in game order, ``4 2-0 1-1``; each result is written with that game's White first (in game
2 the colours are reversed). A lone ``4 2-0`` is refused there: which game is meant is not guessed.

Each entry is an arbiter's result (``enter_result``: confirmed at once, audited). An entry is refused,
with its board and reason, when the board does not exist or is a bye, the code is no result, or the
board already has a different confirmed result: a typing slip never overwrites a result (open the
game to change one). The same result again changes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from arbiter.pdn_types import normalise_result
from games.models import Result
from games.services import GameError, User
from games.services.games import game_for_board
from games.services.results import confirmed_submission, enter_result
from tournaments.models import Board, Round
from tournaments.vocabulary import TYPED_SPELLINGS

MAX_ENTRIES = 200  # entries per form: more boards than any round has
_ENTRY = re.compile(r"^\s*(\d{1,4})(?:\.(\d{1,2}))?\s*[:.]?\s+(\S+)(?:\s+(\S+))?\s*$")


@dataclass(frozen=True)
class TypedEntry:
    """One entry of the box: what was typed, the board, and what happened (``ok``, message)."""

    text: str
    board: int | None
    ok: bool
    message: str


def _entries(text: str) -> list[str]:
    return [part.strip() for part in re.split(r"[\n,;]+", text) if part.strip()]


def enter_typed_results(rnd: Round, text: str, user: User) -> list[TypedEntry]:
    """Enter every ``board result`` of ``text`` in round ``rnd``; one ``TypedEntry`` per entry."""
    parts = _entries(text)
    if len(parts) > MAX_ENTRIES:
        return [TypedEntry(text[:40], None, False, _("At most %(n)s results at once.") % {"n": MAX_ENTRIES})]
    boards = {b.number: b for b in Board.objects.filter(round=rnd).select_related("white", "black")}
    games = rnd.tournament.games_per_pairing
    out: list[TypedEntry] = []
    for part in parts:
        m = _ENTRY.match(part)
        if m is None:
            out.append(TypedEntry(part, None, False, _("“%(text)s”: write the board number, then the result, "
                                                        "e.g. 4 2-0.") % {"text": part}))
            continue
        number, game_number, codes = int(m.group(1)), m.group(2), [c for c in m.group(3, 4) if c]
        wanted = _games_meant(number, game_number, len(codes), games)
        if isinstance(wanted, TypedEntry):
            out.append(TypedEntry(part, number, False, wanted.message))
            continue
        for n, code in zip(wanted, codes, strict=True):
            out.append(_enter(boards.get(number), number, TYPED_SPELLINGS.get(code) or normalise_result(code) or code,
                              part, user, n if games > 1 else 0))
    return out


def _games_meant(number: int, game_number: str | None, n_codes: int, games: int) -> list[int] | TypedEntry:
    """The game numbers an entry's results are for, or the refusal (as an entry) saying how to write it."""
    if games == 1:
        if game_number not in (None, "1") or n_codes > 1:
            return TypedEntry("", number, False, _("Board %(n)s: a pairing holds one game here; write the board "
                                                   "number and one result, e.g. %(n)s 2-0.") % {"n": number})
        return [1]
    if game_number is not None:
        if not 1 <= int(game_number) <= games or n_codes > 1:
            return TypedEntry("", number, False, _("Board %(n)s: write one result per game, e.g. %(n)s.1 2-0 or "
                                                   "%(n)s.2 1-1.") % {"n": number})
        return [int(game_number)]
    if n_codes != games:
        return TypedEntry("", number, False, _("Board %(n)s is a micro-match of two games: write both results, "
                                               "e.g. %(n)s 2-0 1-1, or one game, e.g. %(n)s.2 1-1.") % {"n": number})
    return list(range(1, games + 1))


def _enter(board: Board | None, number: int, code: str, part: str, user: User, game_number: int = 0) -> TypedEntry:
    """Enter ``code`` for game ``game_number`` of the board (0: a pairing's only game, named by the board)."""
    if board is None:
        return TypedEntry(part, number, False, _("Board %(n)s: there is no such board in this round.") % {"n": number})
    if not board.is_encounter:
        return TypedEntry(part, number, False, _("Board %(n)s is a bye: it has no result to enter.") % {"n": number})
    at = {"n": number, "g": game_number, "code": code, "result": code}
    if code not in Result.values:
        return TypedEntry(part, number, False, (
            _("Board %(n)s: “%(code)s” is no result; use 2-0, 1-1, 0-2, +-, -+, -- or 0-0.") if not game_number
            else _("Board %(n)s, game %(g)s: “%(code)s” is no result; use 2-0, 1-1, 0-2, +-, -+, -- or 0-0.")) % at)
    game = game_for_board(board, game_number or 1)
    confirmed = confirmed_submission(game)
    if confirmed is not None and confirmed.result == code:
        return TypedEntry(part, number, True, (
            _("Board %(n)s: %(result)s was already the result.") if not game_number
            else _("Board %(n)s, game %(g)s: %(result)s was already the result.")) % at)
    if confirmed is not None:
        at["result"] = confirmed.result
        return TypedEntry(part, number, False, (
            _("Board %(n)s already has the result %(result)s: open the game to change it.") if not game_number
            else _("Board %(n)s, game %(g)s already has the result %(result)s: open the game to change it.")) % at)
    try:
        enter_result(game, code, user)
    except GameError as exc:
        at["error"] = exc.message
        return TypedEntry(part, number, False, (
            _("Board %(n)s: %(error)s") if not game_number else _("Board %(n)s, game %(g)s: %(error)s")) % at)
    at.update(white=game.white.name if game.white else "", black=game.black.name if game.black else "")
    return TypedEntry(part, number, True, (
        _("Board %(n)s: %(white)s – %(black)s %(result)s.") if not game_number
        else _("Board %(n)s, game %(g)s: %(white)s – %(black)s %(result)s.")) % at)
