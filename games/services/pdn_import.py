"""PDN import for a tournament: read, match each game to a board, validate, store game by game.

Promises:
* a game that cannot be read, replayed from its start position, or that belongs to another
  variant is reported with its line and reason and stores nothing;
* every stored game is stored in its own transaction (all of it or nothing), never over moves
  already recorded for that board (those are reported as doubtful instead);
* games matched exactly (round + both names) are stored; doubtful and unmatched games are kept in
  the report with their PDN text so that the arbiter can resolve them (``resolve_game``);
* a PDN result is entered and confirmed when the game has no confirmed result; a different
  confirmed result is never replaced (a pending submission is added and reported instead);
* nobody confirms a result of a game they play: a game of the importing arbiter's own (an arbiter
  who plays is a player on their own games) gets the file's result as their waiting submission,
  for the opponent or another arbiter to confirm; the report says so.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from arbiter.fen import FenError, parse_fen
from arbiter.pdn import PdnError, PdnGame, iter_pdn, read_pdn
from arbiter.pdn_writer import write_game
from arbiter.profiles import UnknownVariant
from games.models import Game, ResultSubmission, Termination
from games.permissions import is_game_player
from games.services import GameError, User
from games.services.games import draft_refusal, entry_of_user, game_for_board
from games.services.matching import match_board
from games.services.results import confirm_version, create_version, early_draw_reason, recorded_result
from games.services.validation import move_text_problem, translate_message, validate_game
from tournaments.audit import record
from tournaments.models import Board, Round, Tournament
from tournaments.versioning import game_moved
from tournaments.vocabulary import PDN_RESULTS

Progress = Callable[[int, int], None]
MAX_GAMES = 2000  # games per file (a big open has a few hundred per round)
MAX_GAME_CHARS = 50_000  # characters per game, comments and variations included
MAX_PLIES = 1000  # half-moves per game (long games have 150-200)
MAX_WAITING = 300  # games to place by hand whose text the report keeps

# How a game's record says it ended (issue 26). PDN has no termination tag of its own for draughts; PGN's
# ``Termination`` tag (which lidraughts writes: "Normal", "Time forfeit", ...) is read, and a draw by
# agreement is ``[Termination "agreement"]``, as the export writes every non-normal ending (its codes).
# Other spellings read as the same ending; anything else is a normal ending (the tag is kept as read).
PDN_TERMINATIONS: dict[str, str] = {
    **{t.value: t.value for t in Termination if t not in (Termination.FORFEIT,)},
    "draw by agreement": Termination.AGREEMENT, "agreed": Termination.AGREEMENT,
    "agreed draw": Termination.AGREEMENT, "mutual agreement": Termination.AGREEMENT,
    "time forfeit": Termination.TIME, "adjudication": Termination.ARBITER,
    "draw claim": Termination.DRAW_CLAIM,
}


def termination_of(game: PdnGame) -> str:
    """The ending a game's ``Termination`` tag names (``PDN_TERMINATIONS``, any case; normal when none)."""
    tag = " ".join(game.tags.get("Termination", "").replace("_", " ").split()).lower()
    return PDN_TERMINATIONS.get(tag, PDN_TERMINATIONS.get(tag.replace(" ", "_"), Termination.NORMAL))


def decode_upload(data: bytes) -> str:
    """Text of an uploaded file: UTF-8 (with or without BOM), else Windows-1252 (old PDN files).

    NUL characters become U+FFFD (same line and column): PostgreSQL cannot store NUL in text or
    JSON, and a binary file must end in a report, not in a database error.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    return text.replace("\x00", "\ufffd")


def round_number(tag: str | None) -> int | None:
    """The round of a ``Round`` tag (``"3"``, ``"3.1"``, ``"R3"``); None when it has no number."""
    m = re.search(r"\d+", tag or "")
    return int(m.group(0)) if m else None


def movetext(game: PdnGame) -> str:
    """The main line as scoresheet text with move numbers (variations and comments left out)."""
    parts: list[str] = []
    first = game.first_side
    for i, mv in enumerate(game.moves):
        if mv.side == first:
            parts.append(f"{mv.number}.")
        elif i == 0:
            parts.append(f"{mv.number}...")
        parts.append(mv.text)
    return " ".join(parts)


def _problem(game: PdnGame, tournament: Tournament) -> str | None:
    """Why the game cannot be stored at all (variant, start position, length of its moves), or None."""
    if game.variant is None:
        return _("unsupported GameType %(gt)s") % {"gt": game.tags.get("GameType", "")}
    if game.variant_source == "tag" and game.variant != tournament.rule_profile:
        return _("the game is %(variant)s draughts but the tournament plays %(profile)s") % {
            "variant": game.variant, "profile": tournament.rule_profile}
    try:
        # Only the start position is needed here; the moves are validated once, when stored.
        fen = game.fen
        if fen:
            parse_fen(fen, tournament.rule_profile)
    except (FenError, UnknownVariant) as exc:
        return _("start position: %(error)s") % {"error": exc}
    return move_text_problem(movetext(game))


def store_game(board: Board, game: PdnGame, user: User, *, replace_moves: bool = False) -> tuple[Game, list[str]]:
    """Store one PDN game on ``board`` in one transaction; returns the game and warnings.

    Raises GameError when the board's round is a draft (games and results attach to published boards
    only) or the board already has different moves (unless ``replace_moves``).
    """
    refusal = draft_refusal(board.round)
    if refusal:
        raise GameError(refusal)
    warnings: list[str] = []
    text = movetext(game)
    too_long = move_text_problem(text)
    if too_long:
        raise GameError(too_long)
    with transaction.atomic():
        g = game_for_board(board)
        g = Game.objects.select_for_update().get(pk=g.pk)
        if g.moves.strip() and g.moves.strip() != text and not replace_moves:
            raise GameError(_("board %(board)s already has other moves recorded") % {"board": board.number})
        g.moves = text
        g.start_fen = game.fen or ""
        g.pdn_tags = dict(game.tags)
        g.validation = validate_game(g)
        g.save()
        game_moved(g.pk)
        n_irr = len(g.validation.get("irregularities", []))
        if n_irr:
            warnings.append(_("%(n)d irregularities flagged for the arbiter") % {"n": n_irr})
        stopped = g.validation.get("stopped")
        if stopped:
            warnings.append(str(stopped.get("message", "")))
        result = game.normalised_result
        termination = termination_of(game)
        if result in PDN_RESULTS:
            try:
                # The tournament's draw rules, as for a typed result: an early agreed draw is 0-0 or refused.
                result, termination = recorded_result(g, result, termination, text)
            except GameError as exc:
                warnings.append(_("the file's result %(pdn)s was not entered: %(reason)s") % {
                    "pdn": game.normalised_result, "reason": exc.message})
                result = None
        if result in PDN_RESULTS:
            confirmed = ResultSubmission.objects.confirmed().filter(game=g).first()
            if confirmed is None or confirmed.result != result:
                own = bool(is_game_player(user, g))
                sub = create_version(g, result=result, moves=text, termination=termination,
                                     submitted_by=user if getattr(user, "is_authenticated", False) else None,
                                     submitted_for=entry_of_user(g, user) if own else None)
                if result != game.normalised_result:
                    warnings.append(early_draw_reason(sub))
                if own:
                    warnings.append(_("you play in this game: the file's result %(pdn)s waits for confirmation by "
                                      "your opponent or another arbiter") % {"pdn": result})
                elif confirmed is None:
                    confirm_version(sub, user)
                else:
                    warnings.append(_("the file says %(pdn)s but %(confirmed)s is confirmed; the file's result "
                                      "waits for confirmation") % {"pdn": result, "confirmed": confirmed.result})
        record(user, board.round.tournament, "import_pdn_game", g,
               after=f"plies={len(game.moves)}; result={game.result}"
                     + (f"; termination={termination}" if termination != Termination.NORMAL else ""))
    return g, warnings


def reading_notes(game: PdnGame) -> list[str]:
    """What the reader did leniently (with its line) and how the variant was known, for the import report."""
    notes = [_("line %(line)d: %(message)s") % {
        "line": w.line, "message": translate_message(w.template, w.params) if w.template else w.message}
        for w in game.warnings]
    if game.variant_source == "detected":
        notes.append(_("the file does not name the game; %(variant)s was detected") % {"variant": game.variant})
    elif game.variant_source == "default":
        notes.append(_("the file does not name the game; it was read as %(variant)s, a guess")
                     % {"variant": game.variant})
    return notes


def _entry(game: PdnGame, **extra: Any) -> dict[str, Any]:
    return {"index": game.index, "line": game.line, "white": game.tags.get("White", ""),
            "black": game.tags.get("Black", ""), "round": game.tags.get("Round", ""),
            "variant_source": game.variant_source, "reading": reading_notes(game), **extra}


def _error(e: PdnError) -> dict[str, Any]:
    return {"index": e.game, "line": e.line, "column": e.column, "message": e.message}


def _games(text: str, report: dict[str, Any], progress: Progress | None) -> Iterator[PdnGame]:
    """The readable games of ``text``, streamed (an unreadable one goes to the report's errors), at
    most ``MAX_GAMES`` of them, each at most ``MAX_GAME_CHARS`` long and ``MAX_PLIES`` half-moves."""
    lines = text.count("\n") + 1
    for item in iter_pdn(io.StringIO(text, newline=None), max_game_chars=MAX_GAME_CHARS):
        report["total"] += 1
        if report["total"] > MAX_GAMES:
            report["total"] -= 1
            report["errors"].append({"index": MAX_GAMES + 1, "line": item.line, "column": 1, "message": _(
                "the file has more than %(n)s games: the rest was not read; import it in parts") % {"n": MAX_GAMES}})
            return
        if progress is not None:
            progress(min(item.line, lines), lines)
        if isinstance(item, PdnError):
            report["errors"].append(_error(item))
        elif len(item.moves) > MAX_PLIES:
            report["errors"].append({"index": item.index, "line": item.line, "column": 1, "message": _(
                "the game has %(n)s half-moves; at most %(max)s are read") % {"n": len(item.moves), "max": MAX_PLIES}})
        else:
            yield item


def _waiting(report: dict[str, Any], key: str, game: PdnGame, **extra: Any) -> None:
    """A game for the arbiter to place; its text is kept for the first ``MAX_WAITING`` only."""
    waiting = len(report["doubtful"]) + len(report["unmatched"])
    pdn = write_game(game) if waiting < MAX_WAITING else ""
    report[key].append(_entry(game, pdn=pdn, **extra))


def import_pdn_text(tournament: Tournament, text: str, user: User = None, *, default_round: int | None = None,
                    progress: Progress | None = None) -> dict[str, Any]:
    """Import every game of ``text``; returns the JSON report (stored, doubtful, unmatched, errors).

    Bounded: the games are read one at a time (``iter_pdn``), at most ``MAX_GAMES`` per file, each
    at most ``MAX_GAME_CHARS`` characters and ``MAX_PLIES`` half-moves; what is over a bound is an
    error of the report naming the bound, and the rest of the file is still imported.
    """
    report: dict[str, Any] = {"total": 0, "stored": [], "doubtful": [], "unmatched": [], "errors": []}
    rounds = {r.number: r for r in Round.objects.filter(tournament=tournament)}
    boards_of: dict[int, list[Board]] = {}
    for game in _games(text, report, progress):
        problem = _problem(game, tournament)
        if problem:
            report["errors"].append({"index": game.index, "line": game.line, "column": 1, "message": problem})
            continue
        number = round_number(game.tags.get("Round")) or default_round
        rnd = rounds.get(number) if number else None
        if rnd is None:
            reason = (_("round %(n)s does not exist in this tournament") % {"n": number} if number
                      else _("the game has no Round tag"))
            _waiting(report, "unmatched", game, reason=reason, candidates=[])
            continue
        if rnd.pk not in boards_of:
            boards_of[rnd.pk] = list(Board.objects.filter(round=rnd).select_related("white", "black"))
        m = match_board(game.tags.get("White", ""), game.tags.get("Black", ""), boards_of[rnd.pk])
        if m.status != "exact" or m.board is None:
            key = "doubtful" if m.status == "doubtful" else "unmatched"
            _waiting(report, key, game, reason=m.reason, candidates=[b.pk for b in m.candidates],
                     round_number=rnd.number)
            continue
        try:
            g, warnings = store_game(m.board, game, user)
        except GameError as exc:
            _waiting(report, "doubtful", game, reason=exc.message, candidates=[m.board.pk], round_number=rnd.number)
            continue
        report["stored"].append(_entry(game, board=m.board.number, game_id=g.pk, round_number=rnd.number,
                                       warnings=reading_notes(game) + warnings))
    if progress is not None:
        progress(1, 1)
    report["errors"].sort(key=lambda e: (e["line"], e["index"]))
    return report


def resolve_game(tournament: Tournament, report: dict[str, Any], index: int, board_id: int, user: User) -> Game:
    """Store the reported (doubtful or unmatched) game ``index`` on the board the arbiter chose.

    Marks the entry resolved in ``report`` (the caller saves it). Raises GameError with the reason.
    """
    for key in ("doubtful", "unmatched"):
        for item in report.get(key, []):
            if item["index"] == index and not item.get("resolved"):
                board = Board.objects.filter(pk=board_id, round__tournament=tournament).first()
                if board is None or not board.is_encounter:
                    raise GameError(_("Choose a board with a game of this tournament."))
                read = read_pdn(item["pdn"])
                if not read.games:
                    raise GameError(_("The stored game text cannot be read again."))
                g, _warnings = store_game(board, read.games[0], user, replace_moves=True)
                item["resolved"] = {"board": board.number, "round": board.round.number, "game_id": g.pk}
                return g
    raise GameError(_("Game %(index)d is not waiting for a decision.") % {"index": index})
