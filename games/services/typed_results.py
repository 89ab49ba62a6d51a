"""Results typed by board number on the arbiter's results page: ``4 2-0`` (several separated by new
lines, commas or semicolons; ``4: 1-1`` and ``4 ½-½`` read too).

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
from games.services import GameError, User
from games.services.games import game_for_board
from games.services.results import confirmed_submission, enter_result
from tournaments.models import Board, Result, Round
from tournaments.vocabulary import TYPED_SPELLINGS

MAX_ENTRIES = 200  # entries per form: more boards than any round has
_ENTRY = re.compile(r"^\s*(\d{1,4})\s*[:.]?\s+(\S+)\s*$")


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
    out: list[TypedEntry] = []
    for part in parts:
        m = _ENTRY.match(part)
        if m is None:
            out.append(TypedEntry(part, None, False, _("“%(text)s”: write the board number, then the result, "
                                                        "e.g. 4 2-0.") % {"text": part}))
            continue
        number, code = int(m.group(1)), m.group(2)
        out.append(_enter(boards.get(number), number, TYPED_SPELLINGS.get(code) or normalise_result(code) or code, part,
                          user))
    return out


def _enter(board: Board | None, number: int, code: str, part: str, user: User) -> TypedEntry:
    if board is None:
        return TypedEntry(part, number, False, _("Board %(n)s: there is no such board in this round.") % {"n": number})
    if not board.is_encounter:
        return TypedEntry(part, number, False, _("Board %(n)s is a bye: it has no result to enter.") % {"n": number})
    if code not in Result.values:
        return TypedEntry(part, number, False, _("Board %(n)s: “%(code)s” is no result; use 2-0, 1-1, 0-2, +-, -+, "
                                                 "-- or 0-0.") % {"n": number, "code": code})
    game = game_for_board(board)
    confirmed = confirmed_submission(game)
    if confirmed is not None and confirmed.result == code:
        return TypedEntry(part, number, True, _("Board %(n)s: %(result)s was already the result.")
                          % {"n": number, "result": code})
    if confirmed is not None:
        return TypedEntry(part, number, False, _(
            "Board %(n)s already has the result %(result)s: open the game to change it.")
            % {"n": number, "result": confirmed.result})
    try:
        enter_result(game, code, user)
    except GameError as exc:
        return TypedEntry(part, number, False, _("Board %(n)s: %(error)s") % {"n": number, "error": exc.message})
    return TypedEntry(part, number, True, _("Board %(n)s: %(white)s – %(black)s %(result)s.") % {
        "n": number, "white": game.white.name if game.white else "",
        "black": game.black.name if game.black else "", "result": code})
