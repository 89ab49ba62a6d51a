"""Result submissions: submit, confirm, reject, the arbiter's direct entry and forfeits, and
correction requests.

Promises:
* results attach to games of published rounds only (never a draft board, never a bye);
* a player submits only for their own games; a private link submits for its entry only; a newer
  submission of the same side replaces that side's waiting one (conflicts are only between
  different people); the same result sent by the opponent is their confirmation (the first
  submission's termination and moves are kept unless the second adds what the first left out);
* nobody confirms their own submission; the opponent (signed in or through their private link)
  or an arbiter confirms. An arbiter who plays in the tournament is a player on their own games
  (``games.permissions.is_game_arbiter``);
* once a result is confirmed, or its round is finished, only an arbiter changes it: players ask
  for a correction (``request_correction``), which an arbiter accepts or refuses;
* confirming one submission supersedes the previously confirmed one IN THE SAME TRANSACTION; the
  partial unique constraint ``one_confirmed_result_per_game`` guarantees at most one confirmed
  submission, and a concurrent second confirmation fails with ``GameError`` (never a 500);
* every version that becomes confirmed or superseded, and every arbiter action, is audited in
  plain words inside its transaction (``tournaments.audit.record``), whoever caused it;
* a new version never drops moves nobody removed: without moves it keeps the game's latest ones.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, OperationalError, connection, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import CorrectionRequest, DrawMark, Game, Result, ResultSubmission, SubmissionLink, Termination
from games.permissions import is_game_arbiter
from games.services import GameError, User
from games.services.games import draft_refusal, entry_of_user, side_of_entry
from games.services.validation import agreement_refusal, has_moves, move_text_problem, validate_game
from tournaments.audit import record
from tournaments.models import Entry, Round, Tournament
from tournaments.versioning import game_moved
from tournaments.vocabulary import submissions_disagree

log = logging.getLogger(__name__)

# Results a player may submit; forfeits and "both lose" are for arbiters.
PLAYER_RESULTS = (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS)
FORFEIT_RESULTS = (Result.WHITE_WINS_FORFEIT, Result.BLACK_WINS_FORFEIT, Result.DOUBLE_FORFEIT)
PLAYER_TERMINATIONS = (
    Termination.NORMAL,
    Termination.RESIGNATION,
    Termination.TIME,
    Termination.AGREEMENT,
    Termination.DRAW_CLAIM,
)


def _tournament(game: Game) -> Tournament:
    return game.board.round.tournament


def version_text(sub: ResultSubmission | None) -> str:
    """A submission for the audit log, in codes its reader words in the reader's language:
    ``version=3; result=2-0; termination=resignation; status=confirmed; words=61`` ("" for none)."""
    if sub is None:
        return ""
    moves = f"; words={len(sub.moves.split())}" if sub.moves.strip() else ""
    mark = f"; draw_mark={sub.draw_mark}" if sub.draw_mark else ""
    return (f"version={sub.version}; result={sub.result}{mark}; termination={sub.termination}; "
            f"status={sub.status}{moves}")


def _who(user: User, entry: Entry | None) -> str:
    if entry is not None:
        return entry.name
    return user.get_username() if user is not None and user.is_authenticated else "a private link"


def _check_result_fits(result: str, termination: str) -> None:
    if result not in Result.values:
        raise GameError(_("Unknown result %(result)s.") % {"result": result})
    if termination not in Termination.values:
        raise GameError(_("Unknown termination %(termination)s.") % {"termination": termination})
    if termination == Termination.FORFEIT and result not in FORFEIT_RESULTS:
        raise GameError(_("A forfeit needs the result +-, -+ or --."))
    if result in FORFEIT_RESULTS and termination != Termination.FORFEIT:
        raise GameError(_("The results +-, -+ and -- are forfeits; choose the termination 'Forfeit'."))
    if termination in (Termination.AGREEMENT, Termination.DRAW_CLAIM) and result != Result.DRAW:
        raise GameError(_("A draw by agreement or by claim has the result 1-1."))


def _check_agreement(game: Game, result: str, termination: str, moves: str, *, require_moves: bool = True) -> None:
    """Refuse a draw by agreement before the tournament's minimum move, with the reason.

    Players must give the moves so that the minimum can be checked; an arbiter may record an
    agreement without them (the arbiter saw the game), but never one the moves show is too early.
    """
    if termination != Termination.AGREEMENT or result != Result.DRAW:
        return
    reason = agreement_refusal(game, moves, require_moves=require_moves)
    if reason:
        raise GameError(reason)


def _early_draw_scored(game: Game, result: str, termination: str, moves: str) -> tuple[str, str]:
    """The result and termination to store: a draw by agreement the moves show was agreed before the
    tournament's minimum move becomes 0-0 by agreement when the event scores it so
    (``Tournament.early_draw_scores_zero``; FMJD opens: "punished by awarding both players zero
    points"; ``early_draw_reason`` says why). Anything else is kept (``_check_agreement`` refuses an
    early draw in the other events)."""
    if (termination != Termination.AGREEMENT or result != Result.DRAW
            or not game.board.round.tournament.early_draw_scores_zero or not has_moves(moves)):
        return result, termination
    if agreement_refusal(game, moves):
        return Result.BOTH_LOSE, Termination.AGREEMENT
    return result, termination


def recorded_result(game: Game, result: str, termination: str, moves: str) -> tuple[str, str]:
    """The result and termination a game's record (a PDN import) stores for ``result`` ended by
    ``termination`` after ``moves``, under the tournament's draw rules, as an arbiter's entry is
    judged: a draw by agreement the moves show came before ``draw_offer_min_move`` becomes 0-0 by
    agreement where the event scores it so, else it is refused (GameError with the reason, naming the
    half-move and the moves each side made). A 0-0 by agreement (the form the export writes for such a
    draw) is kept only when the rule gives it again. Raises GameError when the result does not fit
    the termination."""
    if termination == Termination.AGREEMENT and result == Result.BOTH_LOSE:
        ruled, _term = _early_draw_scored(game, Result.DRAW, termination, moves)
        if ruled != Result.BOTH_LOSE:
            raise GameError(_("0-0 by agreement is the score of a draw agreed too early, but under this "
                              "tournament's draw rule these moves make no early draw."))
        return result, termination
    _check_result_fits(result, termination)
    result, termination = _early_draw_scored(game, result, termination, moves)
    _check_agreement(game, result, termination, moves, require_moves=False)
    return result, termination


def early_draw_reason(sub: ResultSubmission | None) -> str:
    """Why a version scores 0-0: a draw agreed before the tournament's minimum move, in an event that
    scores such a draw 0-0 (translated; "" for any other version)."""
    if sub is None or sub.result != Result.BOTH_LOSE or sub.termination != Termination.AGREEMENT:
        return ""
    tournament = sub.game.board.round.tournament
    why = agreement_refusal(sub.game, sub.moves, require_moves=False) or ""
    return _("A draw agreed before move %(n)s scores 0-0 for both players in this tournament (FMJD rule). "
             "%(why)s") % {"n": tournament.draw_offer_min_move, "why": why}


def latest_moves(game: Game, newest: str | None = None) -> str:
    """The moves a new version keeps when it brings none: the game's, else the newest version's.
    ``newest``: the newest version's moves when the caller has read them already (None: look them up)."""
    if game.moves.strip():
        return game.moves
    if newest is None:
        row = ResultSubmission.objects.filter(game=game).exclude(moves="").order_by("-version").first()
        newest = row.moves if row is not None else ""
    return newest


def players_locked_out(game: Game, *, confirmed: bool | None = None) -> str:
    """Why the players of ``game`` may no longer change its result themselves ("" if they may).

    Once a result is confirmed, or the round is finished, only an arbiter changes it; players ask
    for a correction instead. ``confirmed``: whether the game has a confirmed result, when the
    caller has just read its submissions (None: look it up).
    """
    if game.board.round.status == Round.Status.FINISHED:
        return _("Round %(n)s is finished: only an arbiter changes its results. Ask for a correction.") % {
            "n": game.board.round.number}
    if confirmed is None:
        confirmed = ResultSubmission.objects.confirmed().filter(game=game).exists()
    if confirmed:
        return _("This result is confirmed: only an arbiter changes it now. Ask for a correction.")
    return ""


def _next_version(game: Game) -> int:
    top = ResultSubmission.objects.filter(game=game).aggregate(v=Max("version"))["v"]
    return (top or 0) + 1


def lock_game(game: Game) -> None:
    """Lock the game's row for the rest of the transaction: the first lock of every path that writes
    a result version, confirms or rejects one (each of which then bumps the tournament's version).

    One order everywhere, game before tournament. Otherwise a confirmation (game locked, then the
    bump) and a submission (the bump, then the deferred foreign-key check on the game at commit)
    deadlock on PostgreSQL; the load test found it (2 of 1,093 submissions).

    Without the default ordering (round, board, game number): it joined the board and locked its row too."""
    Game.objects.select_for_update().filter(pk=game.pk).order_by().values_list("pk", flat=True).first()


def create_version(game: Game, *, top: int | None = None, **fields: Any) -> ResultSubmission:
    """Create the game's next result version (the one way results are stored).

    Refused for a game of a draft round or a bye: results attach to published boards only.
    Retries once if a concurrent submission took the version number. ``top``: the game's highest
    version, read by a caller that holds the game's lock already (``lock_game``; no second lock or read).
    """
    board = game.board
    refusal = draft_refusal(board.round)
    if refusal:
        raise GameError(refusal)
    if not board.is_encounter:
        raise GameError(_("A bye has no game to record a result for."))
    too_long = move_text_problem(fields.get("moves", ""))
    if too_long:
        raise GameError(too_long)
    for attempt in range(2):
        try:
            with transaction.atomic():
                if top is None or attempt:
                    lock_game(game)
                    version = _next_version(game)
                else:
                    version = top + 1
                return ResultSubmission.objects.create(game=game, version=version, **fields)
        except IntegrityError:
            if attempt:
                raise GameError(_("Another submission for this game arrived at the same moment; try again.")) from None
    raise AssertionError("unreachable")


# A game's waiting and confirmed versions, its highest version and, when asked, its newest version with
# moves (parameters: the game, the two open statuses, the game, whether to add the newest moves, the game).
# Written out: the ORM spent 0.7 ms of Python building this one query of every submission (issue 30).
_OPEN_VERSIONS_SQL = (
    "SELECT * FROM games_resultsubmission WHERE game_id = %s AND (status IN (%s, %s)"
    " OR version = (SELECT MAX(version) FROM games_resultsubmission WHERE game_id = %s)"
    " OR (%s AND version = (SELECT MAX(version) FROM games_resultsubmission WHERE game_id = %s AND moves <> '')))"
    " ORDER BY version DESC"
)


def _open_versions(game: Game, *, newest_moves: bool = False) -> tuple[list[ResultSubmission], int, str]:
    """The game's waiting and confirmed versions, its highest version number (0: none) and, when
    ``newest_moves``, the moves of its newest version that has some (``latest_moves``; else ""), in one
    query; the caller holds the game's lock (``lock_game``), so all hold until it commits."""
    rows = list(ResultSubmission.objects.raw(_OPEN_VERSIONS_SQL, [
        game.pk, *OPEN_STATUSES, game.pk, newest_moves, game.pk]))
    for s in rows:
        s.game = game
    moves = next((s.moves for s in rows if s.moves), "") if newest_moves else ""
    return [s for s in rows if s.status in OPEN_STATUSES], max((s.version for s in rows), default=0), moves


def _replace_own_waiting(game: Game, new: ResultSubmission, actor: User,
                         waiting: list[ResultSubmission] | None = None) -> None:
    """The side's earlier waiting versions are replaced by its newer one (12.5: no conflict with oneself).
    ``waiting``: the game's waiting versions, read under the game's lock by the caller (None: read them)."""
    if waiting is None:
        same_side: Any = ResultSubmission.objects.filter(
            game=game, status=ResultSubmission.Status.PENDING, version__lt=new.version,
            submitted_for=new.submitted_for)
    else:
        same_side = [s for s in waiting if s.status == ResultSubmission.Status.PENDING
                     and s.version < new.version and s.submitted_for_id == new.submitted_for_id]
    for old in same_side:
        old.game = game  # the audit entry names the game's board: no second load of it
        before = version_text(old)
        old.status = ResultSubmission.Status.SUPERSEDED
        old.save(update_fields=["status"])
        record(actor, _tournament(game), "result.replace_own", old,
               before=before, after=f"{version_text(old)}; replaced_by={_who(actor, new.submitted_for)}")


def submit_result(
    game: Game,
    result: str,
    *,
    user: User = None,
    link: SubmissionLink | None = None,
    moves: str | None = "",
    termination: str = Termination.NORMAL,
) -> ResultSubmission:
    """A player's (or a private link's) submission: a new waiting version, or, when the opponent's
    waiting submission says the same (``_agreement``), the confirmation of theirs.

    Raises GameError when the user does not play the game, the link is revoked or belongs to
    another player or tournament, the round is not published, the result is confirmed or the round
    finished (only an arbiter changes it then: ``request_correction``), or the result does not fit.
    ``moves`` None keeps the game's latest moves. Arbiters use ``enter_result`` instead.
    """
    refusal = draft_refusal(game.board.round)
    if refusal:
        raise GameError(refusal)
    entry = _submitting_entry(game, user, link)
    if result not in PLAYER_RESULTS:
        raise GameError(_("Players may submit 2-0, 1-1 or 0-2; forfeits are entered by an arbiter."))
    if termination not in PLAYER_TERMINATIONS:
        raise GameError(_("This termination is entered by an arbiter."))
    with transaction.atomic():
        # The game's lock first (as every path that writes a version), then its waiting and confirmed
        # versions, its highest version number and (no moves sent) its newest moves in one read that
        # holds until the commit: whether players are locked out, the moves kept, the opponent's agreeing
        # submission, the next version and this side's waiting ones to replace (five queries before, issue 30).
        lock_game(game)
        keep_moves = moves is None and not game.moves.strip()
        open_rows, top, newest = _open_versions(game, newest_moves=keep_moves)
        text = moves.strip() if moves is not None else latest_moves(game, newest)
        locked = players_locked_out(
            game, confirmed=any(s.status == ResultSubmission.Status.CONFIRMED for s in open_rows))
        if locked:
            raise GameError(locked)
        _check_result_fits(result, termination)
        # An early agreed draw becomes 0-0 (where the event says so) before it is compared with the opponent's.
        result, termination = _early_draw_scored(game, result, termination, text)
        agreed = _agreement(open_rows, entry, result, termination, text)
        if agreed is not None:
            return _confirm_agreement(game, agreed, entry, user, link, termination, text, top=top)
        _check_agreement(game, result, termination, text)
        sub = create_version(
            game,
            top=top,
            result=result,
            moves=text,
            termination=termination,
            submitted_by=user if link is None else None,
            submitted_for=entry,
            via_link=link is not None,
        )
        _replace_own_waiting(game, sub, user, waiting=open_rows)
    return sub


def _agreement(open_rows: list[ResultSubmission], entry: Entry, result: str, termination: str,
               text: str) -> ResultSubmission | None:
    """The opponent's waiting submission that ``entry``'s new one agrees with, if any, of the game's
    waiting and confirmed versions ``open_rows`` (``_open_versions``).

    Two submissions agree when they give the same result and do not contradict each other: the
    same termination, or one of them left at "normal" (not said); the same moves, or one of them
    without moves. Then the second is the opponent's confirmation, not a second waiting version.
    """
    theirs = max((s for s in open_rows if s.status == ResultSubmission.Status.PENDING and s.result == result
                  and s.submitted_for_id is not None and s.submitted_for_id != entry.pk),
                 key=lambda s: s.version, default=None)
    if theirs is None:
        return None
    if Termination.NORMAL not in (termination, theirs.termination) and termination != theirs.termination:
        return None
    if text and theirs.moves.strip() and " ".join(text.split()) != " ".join(theirs.moves.split()):
        return None
    return theirs


def _confirm_agreement(game: Game, theirs: ResultSubmission, entry: Entry, user: User,
                       link: SubmissionLink | None, termination: str, text: str, *, top: int) -> ResultSubmission:
    """Confirm the opponent's waiting ``theirs`` because ``entry`` sent the same result (4, 9 of issue 24).

    The confirmed version keeps what the first submission said (an agreed draw stays "agreement",
    with its moves) unless the confirmer said more: a termination where the first said none, or
    moves where it had none. Then the confirmer's version, completed with the first one's, is the
    one confirmed. Either way both players agreed; the audit entry says so.
    """
    merged_term = theirs.termination if termination == Termination.NORMAL else termination
    merged_moves = text or theirs.moves
    who = _who(user, entry) + (" (private link)" if link is not None else "")
    note = f"{who} sent the same result"
    if merged_term == theirs.termination and merged_moves.strip() == theirs.moves.strip():
        theirs.game = game
        return _confirm(theirs, user if link is None else None, note=note)
    _check_agreement(game, theirs.result, merged_term, merged_moves)
    mine = create_version(game, top=top, result=theirs.result, moves=merged_moves, termination=merged_term,
                          submitted_by=user if link is None else None, submitted_for=entry, via_link=link is not None)
    return _confirm(mine, user if link is None else None, note=note + f", completing version {theirs.version}",
                    agreed_with=theirs)


def _submitting_entry(game: Game, user: User, link: SubmissionLink | None) -> Entry:
    """The side a player or a private link submits for (GameError when it plays no side)."""
    if link is not None:
        if link.revoked or link.tournament_id != _tournament(game).pk:
            raise GameError(_("This link is not valid for this tournament."))
        if side_of_entry(game, link.entry) is None:
            raise GameError(_("This link may only submit results for its own player's games."))
        return link.entry
    entry = entry_of_user(game, user)
    if entry is None:
        raise GameError(_("You may only submit results for your own games."))
    return entry


def may_confirm(submission: ResultSubmission, user: User, link: SubmissionLink | None = None, *,
                confirmed: bool | None = None) -> tuple[bool, str]:
    """Whether ``user`` (or the holder of the private ``link``) may confirm ``submission`` and, if
    not, why (translated). ``confirmed``: whether the game has a confirmed result, when the caller has
    just read its submissions (None: look it up).

    The opponent confirms, signed in or through their private link alike; an arbiter confirms any
    waiting version, his own entries included (an arbiter's entry, or the 1-1 of a draw claim he
    made, stands on his authority). A player never confirms their own side's submission.
    """
    game = submission.game
    if submission.status != ResultSubmission.Status.PENDING:
        return False, _("Only a submission waiting for confirmation can be confirmed or rejected.")
    if link is not None:
        if link.revoked or link.tournament_id != _tournament(game).pk or side_of_entry(game, link.entry) is None:
            return False, _("Only the opponent or an arbiter may confirm or reject this result.")
        entry: Entry | None = link.entry
    else:
        if user is None or not user.is_authenticated:
            return False, _("Sign in to confirm a result.")
        if is_game_arbiter(user, game):  # never a player of this game (games.permissions)
            return True, ""
        if submission.submitted_by_id is not None and submission.submitted_by_id == user.pk:
            return False, _("Nobody confirms or rejects their own submission: the opponent or an arbiter must do "
                            "it.")
        entry = entry_of_user(game, user)
        if entry is None:
            return False, _("Only the opponent or an arbiter may confirm or reject this result.")
    assert entry is not None
    if submission.submitted_for_id == entry.pk:
        return False, _("Nobody confirms or rejects their own submission: the opponent or an arbiter must do it.")
    refusal = draft_refusal(game.board.round)
    if refusal:
        return False, refusal
    locked = players_locked_out(game, confirmed=confirmed)
    if locked:
        return False, locked
    return True, ""


# ``sub`` and its game's waiting and confirmed versions (parameters: the game, the two open statuses, ``sub``),
# locked where the database locks rows. Written out: the ORM spent 0.6 ms of Python building it (issue 30).
_DECISION_ROWS_SQL = "SELECT * FROM games_resultsubmission WHERE game_id = %s AND (status IN (%s, %s) OR id = %s)"


def _decision_rows(game: Game, sub: ResultSubmission) -> tuple[ResultSubmission | None, list[ResultSubmission]]:
    """Under the game's lock: ``sub`` as stored now (None if gone) and the game's other waiting and
    confirmed versions, locked, in one query (was three: ``sub``'s status, the confirmed one, the older
    waiting ones; issue 30)."""
    sql = _DECISION_ROWS_SQL + (" FOR UPDATE" if connection.features.has_select_for_update else "")
    rows = list(ResultSubmission.objects.raw(sql, [game.pk, *OPEN_STATUSES, sub.pk]))
    for row in rows:
        row.game = game
    return next((r for r in rows if r.pk == sub.pk), None), [r for r in rows if r.pk != sub.pk]


def _supersede_previous(others: list[ResultSubmission]) -> ResultSubmission | None:
    """Mark the previously confirmed version of ``others`` (``_decision_rows``; at most one: the
    constraint) superseded; returns it (or None)."""
    previous = max((r for r in others if r.status == ResultSubmission.Status.CONFIRMED),
                   key=lambda r: r.version, default=None)
    if previous is not None:
        previous.status = ResultSubmission.Status.SUPERSEDED
        previous.save(update_fields=["status"])
    return previous


def _apply_to_game(game: Game, sub: ResultSubmission) -> None:
    """Copy the confirmed moves and termination to the game and refresh its validation."""
    changed = ["termination", "updated_at"]
    game.termination = sub.termination
    if sub.moves and sub.moves != game.moves:
        game.moves = sub.moves
        game.validation = validate_game(game)
        changed += ["moves", "validation"]
    game.save(update_fields=changed)
    if "moves" in changed:
        game_moved(game.pk)


def _confirm(sub: ResultSubmission, user: User, note: str = "", *,
             agreed_with: ResultSubmission | None = None) -> ResultSubmission:
    """Confirm inside the caller's transaction; the constraint decides concurrent races.

    The game row is locked first so that two confirmations of one game queue up in the same
    order (otherwise each could wait for the other's row and index entry: a deadlock); the
    later one then supersedes the earlier. The partial unique constraint stays the guarantee:
    if it fires anyway (any path that skipped the lock), the loser gets a clear GameError.
    """
    game = sub.game
    own = entry_of_user(game, user)
    # ``agreed_with``: the opponent's waiting version of the same result, which ``sub`` completes (both
    # sides sent this result: it is no one's own word alone).
    agreed = (agreed_with is not None and agreed_with.result == sub.result and own is not None
              and agreed_with.submitted_for_id not in (None, own.pk))
    if own is not None and not agreed and (sub.submitted_by_id == own.user_id or sub.submitted_for_id == own.pk):
        # The one place a result becomes confirmed: whatever path led here (a form, a button, an
        # import), nobody confirms their own side's result of a game they play.
        raise GameError(_("Nobody confirms or rejects their own submission: the opponent or an arbiter must do it."))
    try:
        with transaction.atomic():
            lock_game(game)
            stored, others = _decision_rows(game, sub)
            if stored is not None:
                sub.status = stored.status  # as refresh_from_db did: the caller sees the status it met
            if stored is None or sub.status != ResultSubmission.Status.PENDING:
                raise GameError(_("Only a submission waiting for confirmation can be confirmed or rejected."))
            previous = _supersede_previous(others)
            sub.status = ResultSubmission.Status.CONFIRMED
            sub.confirmed_by = user if user is not None and user.is_authenticated else None
            sub.confirmed_at = timezone.now()
            sub.save(update_fields=["status", "confirmed_by", "confirmed_at"])
            # Older waiting versions are out of date once a newer decision exists.
            older = sorted((r for r in others if r.status == ResultSubmission.Status.PENDING
                            and r.version < sub.version), key=lambda r: -r.version)
            if older:
                ResultSubmission.objects.filter(pk__in=[s.pk for s in older]).update(
                    status=ResultSubmission.Status.SUPERSEDED)
            _apply_to_game(game, sub)
            set_aside = f"; set_aside={','.join(str(s.version) for s in older)}" if older else ""
            record(user, _tournament(game), "result.confirm", sub,
                   before=version_text(previous),
                   after=version_text(sub) + set_aside + (f"; note={note}" if note else ""))
    except (IntegrityError, OperationalError) as exc:
        # IntegrityError: the one-confirmed constraint fired; OperationalError: the database broke
        # a lock cycle (deadlock) or timed out. Either way nothing was stored; say so clearly.
        if isinstance(exc, OperationalError):
            log.warning("confirmation of submission %s failed: %s", sub.pk, exc)
        sub.status = ResultSubmission.Status.PENDING
        raise GameError(
            _("Another result for this game was confirmed at the same moment; reload the page and check it.")
        ) from None
    return sub


def confirm_version(sub: ResultSubmission, user: User) -> ResultSubmission:
    """Confirm ``sub`` on the authority of the caller (a PDN import by an arbiter, an accepted request)."""
    return _confirm(sub, user)


def confirm_submission(submission: ResultSubmission, user: User,
                       link: SubmissionLink | None = None) -> ResultSubmission:
    """Confirm a waiting submission (the opponent, signed in or through ``link``, or an arbiter;
    never the submitter).

    The previously confirmed submission, if any, becomes superseded in the same transaction.
    Raises GameError with the reason when refused or when a concurrent confirmation won.
    """
    allowed, reason = may_confirm(submission, user, link)
    if not allowed:
        raise GameError(reason)
    if link is not None:
        return _confirm(submission, None, note=f"{link.entry.name} (private link)")
    return _confirm(submission, user)


def reject_submission(submission: ResultSubmission, user: User, reason: str = "",
                      link: SubmissionLink | None = None) -> ResultSubmission:
    """Reject a waiting submission (the opponent, signed in or through ``link``, or an arbiter); audited."""
    allowed, why = may_confirm(submission, user, link)
    if not allowed:
        raise GameError(why)
    if link is not None:
        reason = f"by {link.entry.name} (private link) {reason}".strip()
    with transaction.atomic():
        lock_game(submission.game)
        submission.refresh_from_db(fields=["status"])
        if submission.status != ResultSubmission.Status.PENDING:  # confirmed or replaced meanwhile
            raise GameError(_("Only a submission waiting for confirmation can be confirmed or rejected."))
        before = version_text(submission)
        submission.status = ResultSubmission.Status.REJECTED
        submission.save(update_fields=["status"])
        record(user, _tournament(submission.game), "result.reject", submission,
               before=before, after=version_text(submission) + (f"; reason={reason}" if reason else ""))
    return submission


def enter_result(
    game: Game,
    result: str,
    user: User,
    *,
    moves: str | None = None,
    termination: str | None = None,
    confirm: bool = True,
    draw_mark: str = DrawMark.NONE,
) -> ResultSubmission:
    """An arbiter enters a result (any code, forfeits included) and, by default, confirms it at once.

    ``draw_mark``: a draw marked plus for White (``w``) or Black (``b``), minus for the other (KNDB
    championships); only a draw takes one.

    ``moves`` None keeps the game's latest moves (a quick result button never drops them); "" records
    none. Raises GameError when ``user`` is not an arbiter of the game's tournament, plays in this
    game, or the result does not fit the termination.
    """
    if not is_game_arbiter(user, game):
        if entry_of_user(game, user) is not None:
            raise GameError(_("You play in this game: an arbiter who plays is a player on their own games."))
        raise GameError(_("Only an arbiter of this tournament may enter results directly."))
    term: str = termination or (Termination.FORFEIT if result in FORFEIT_RESULTS else Termination.NORMAL)
    text = latest_moves(game) if moves is None else moves.strip()
    _check_result_fits(result, term)
    result, term = _early_draw_scored(game, result, term, text)
    _check_agreement(game, result, term, text, require_moves=False)
    if draw_mark and result != Result.DRAW:
        raise GameError(_("Only a draw can be a plus- or minus-draw."))
    with transaction.atomic():
        sub = create_version(game, result=result, moves=text, termination=term, submitted_by=user,
                             draw_mark=draw_mark)
        record(user, _tournament(game), "result.enter", sub, after=version_text(sub))
        if confirm:
            # The arbiter's own entry is confirmed by the arbiter's authority, not as a second opinion.
            _confirm(sub, user)
    return sub


def record_forfeit(game: Game, result: str, user: User) -> ResultSubmission:
    """An arbiter records a forfeit (+-, -+ or --), confirmed at once and audit-logged."""
    if result not in FORFEIT_RESULTS:
        raise GameError(_("A forfeit needs the result +-, -+ or --."))
    return enter_result(game, result, user, termination=Termination.FORFEIT)


def mark_draw(game: Game, user: User, mark: str) -> ResultSubmission:
    """An arbiter marks the game's confirmed draw plus for White (``w``) or Black (``b``) and minus for
    the other, or takes the mark away (``""``): a new confirmed version with the same result, moves and
    termination (the score stays 1-1; the tie-break ``PMD`` counts the marks). Audited like any entry.

    KNDB championship conditions: a plus-draw for the player who kept a lasting advantage of at least
    three men (a king counts two). Raises GameError for anything but a confirmed draw, an unknown mark
    or a mark the draw has already.
    """
    if mark not in DrawMark.values:
        raise GameError(_("Unknown plus/minus mark %(mark)s.") % {"mark": mark})
    current = confirmed_submission(game)
    if current is None or current.result != Result.DRAW:
        raise GameError(_("Only a confirmed draw (1-1) can be marked a plus- or minus-draw."))
    if current.draw_mark == mark:
        raise GameError(_("The draw is marked so already."))
    return enter_result(game, Result.DRAW, user, moves=None, termination=current.termination, draw_mark=mark)


# Who did not appear -> the forfeit that default time gives.
DEFAULT_TIME_RESULTS = {"w": Result.BLACK_WINS_FORFEIT, "b": Result.WHITE_WINS_FORFEIT,
                        "both": Result.DOUBLE_FORFEIT}


def apply_default_time(game: Game, user: User, late: str) -> ResultSubmission:
    """An arbiter applies the default time to one board: the player (``w``, ``b``) or players
    (``both``) who had not appeared ``Tournament.default_time_minutes`` after the start lose by
    forfeit (FMJD opens: 30 minutes). One action per late board: the forfeit is entered and
    confirmed at once and audited twice, as an entered result and as the default time applied
    (who was late, after how many minutes).

    Raises GameError when the tournament sets no default time, the side is unknown, or the game has
    a confirmed result already (a game that was played is not forfeited afterwards this way).
    """
    tournament = _tournament(game)
    minutes = tournament.default_time_minutes
    if not minutes:
        raise GameError(_("This tournament sets no default time: set it in the settings (Draw rules) first."))
    if late not in DEFAULT_TIME_RESULTS:
        raise GameError(_("Say who is late: White, Black or both."))
    if confirmed_submission(game) is not None:
        raise GameError(_("This game has a confirmed result already: the default time no longer applies."))
    with transaction.atomic():
        sub = enter_result(game, DEFAULT_TIME_RESULTS[late], user, termination=Termination.FORFEIT)
        record(user, tournament, "result.default_time", sub,
               after=f"late={late}; minutes={minutes}; result={sub.result}")
    return sub


def confirmed_result(game: Game) -> str:
    """The game's confirmed result code, "" when none is confirmed."""
    sub = confirmed_submission(game)
    return sub.result if sub is not None else ""


def confirmed_submission(game: Game) -> ResultSubmission | None:
    """The confirmed submission of ``game`` (the only one that counts), or None."""
    return ResultSubmission.objects.confirmed().filter(game=game).first()


OPEN_STATUSES = (ResultSubmission.Status.PENDING, ResultSubmission.Status.CONFIRMED)


def disagreeing(subs: list[ResultSubmission]) -> list[ResultSubmission]:
    """The waiting and confirmed ones of ``subs`` when different people disagree (result or moves), else []."""
    open_subs = [s for s in subs if s.status in OPEN_STATUSES]
    return open_subs if submissions_disagree([(s.result, s.moves, s.submitted_for_id) for s in open_subs]) else []


def conflicts(game: Game) -> list[ResultSubmission]:
    """Waiting and confirmed submissions shown side by side when they disagree (result or moves)."""
    return disagreeing(list(
        ResultSubmission.objects.filter(game=game, status__in=OPEN_STATUSES)
        .select_related("submitted_by", "submitted_for", "confirmed_by")
    ))


def request_correction(
    game: Game,
    result: str,
    reason: str,
    *,
    user: User = None,
    link: SubmissionLink | None = None,
    moves: str | None = None,
    termination: str = Termination.NORMAL,
) -> CorrectionRequest:
    """A player asks the arbiter to change a result they may no longer change themselves.

    Refused while the players may still change it (submit instead), for a result or termination
    a player may not give, and without a reason. A newer request of the same side replaces its
    open one. Audited.
    """
    entry = _submitting_entry(game, user, link)
    if not players_locked_out(game):
        raise GameError(_("This result is not confirmed yet: send the result instead of a request."))
    if result not in PLAYER_RESULTS or termination not in PLAYER_TERMINATIONS:
        raise GameError(_("Players may ask for 2-0, 1-1 or 0-2; forfeits are decided by an arbiter."))
    _check_result_fits(result, termination)
    reason = reason.strip()
    if not reason:
        raise GameError(_("Say why the result should change: the arbiter decides on your reason."))
    text = latest_moves(game) if moves is None else moves.strip()
    with transaction.atomic():
        lock_game(game)
        replaced = CorrectionRequest.objects.filter(
            game=game, requested_for=entry, status=CorrectionRequest.Status.OPEN)
        for old in replaced:
            old.status = CorrectionRequest.Status.REFUSED
            old.decision_note = "replaced by a newer request"
            old.decided_at = timezone.now()
            old.save(update_fields=["status", "decision_note", "decided_at"])
        req = CorrectionRequest.objects.create(
            game=game, requested_for=entry, requested_by=user if link is None and user is not None
            and user.is_authenticated else None, result=result, moves=text, termination=termination,
            reason=reason[:2000])
        record(user, _tournament(game), "result.request_correction", req,
               after=f"requested_for={entry.name}; confirmed_result={confirmed_result(game)}; "
               f"requested_result={result}; reason={req.reason}")
    return req


def decide_correction(req: CorrectionRequest, arbiter: User, *, accept: bool, note: str = "") -> CorrectionRequest:
    """An arbiter accepts (a new version with the requested result, confirmed) or refuses a request."""
    game = req.game
    if not is_game_arbiter(arbiter, game):
        raise GameError(_("Only an arbiter of this tournament decides on correction requests."))
    with transaction.atomic():
        lock_game(game)
        locked = CorrectionRequest.objects.select_for_update().get(pk=req.pk)
        if locked.status != CorrectionRequest.Status.OPEN:
            raise GameError(_("This request has already been decided."))
        before = confirmed_result(game)
        if accept:
            enter_result(game, locked.result, arbiter, moves=locked.moves, termination=locked.termination)
        locked.status = CorrectionRequest.Status.ACCEPTED if accept else CorrectionRequest.Status.REFUSED
        locked.decided_by = arbiter if arbiter is not None and arbiter.is_authenticated else None
        locked.decided_at = timezone.now()
        locked.decision_note = note.strip()[:2000]
        locked.save(update_fields=["status", "decided_by", "decided_at", "decision_note"])
        verdict = "accepted" if accept else "refused"
        record(arbiter, _tournament(game), f"result.correction_{verdict}", locked,
               after=f"requested_for={locked.requested_for.name}; confirmed_result={before}; "
               f"requested_result={locked.result}; status={locked.status}"
               + (f"; note={locked.decision_note}" if locked.decision_note else ""))
    return locked


def open_corrections(tournament: Tournament) -> list[CorrectionRequest]:
    """The tournament's correction requests waiting for an arbiter, oldest first."""
    return list(
        CorrectionRequest.objects.filter(
            game__board__round__tournament=tournament, status=CorrectionRequest.Status.OPEN
        )
        .select_related("game__board__round", "game__white", "game__black",
                        "requested_for")
        .order_by("created_at")
    )
