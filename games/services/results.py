"""Result submissions: submit, confirm, reject, and the arbiter's direct entry and forfeits.

Promises:
* a player submits only for their own games (of published rounds); a private link submits for its
  entry only and is never confirmed automatically;
* nobody confirms their own submission; the opponent or an arbiter confirms;
* confirming one submission supersedes the previously confirmed one IN THE SAME TRANSACTION; the
  partial unique constraint ``one_confirmed_result_per_game`` guarantees at most one confirmed
  submission, and a concurrent second confirmation fails with ``GameError`` (never a 500);
* every arbiter action is audit-logged inside its transaction (``tournaments.audit.record``).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, OperationalError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import SubmissionLink
from games.permissions import is_game_arbiter
from games.services import GameError, User
from games.services.games import entry_of_user, side_of_entry
from games.services.validation import agreement_refusal, validate_game
from tournaments.audit import record
from tournaments.models import Entry, Game, Result, ResultSubmission, Round, Termination, Tournament

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


def _summary(sub: ResultSubmission | None) -> str:
    if sub is None:
        return ""
    return f"v{sub.version} {sub.result} ({sub.termination}, {sub.status})"


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


def _next_version(game: Game) -> int:
    top = ResultSubmission.objects.filter(game=game).aggregate(v=Max("version"))["v"]
    return (top or 0) + 1


def _create(game: Game, **fields: Any) -> ResultSubmission:
    """Create the next version; retries once if a concurrent submission took the number."""
    for attempt in range(2):
        try:
            with transaction.atomic():
                return ResultSubmission.objects.create(game=game, version=_next_version(game), **fields)
        except IntegrityError:
            if attempt:
                raise GameError(_("Another submission for this game arrived at the same moment; try again.")) from None
    raise AssertionError("unreachable")


def submit_result(
    game: Game,
    result: str,
    *,
    user: User = None,
    link: SubmissionLink | None = None,
    moves: str = "",
    termination: str = Termination.NORMAL,
) -> ResultSubmission:
    """A player's (or a private link's) submission: a new pending version, never auto-confirmed.

    Raises GameError when the user does not play the game, the link is revoked or belongs to
    another player or tournament, the round is not published, or the result does not fit.
    Arbiters use ``enter_result`` instead.
    """
    if game.board.round.status == Round.Status.DRAFT:
        raise GameError(_("The round is not published yet."))
    if link is not None:
        if link.revoked or link.tournament_id != _tournament(game).pk:
            raise GameError(_("This link is not valid for this tournament."))
        entry: Entry | None = link.entry
        if side_of_entry(game, entry) is None:
            raise GameError(_("This link may only submit results for its own player's games."))
    else:
        entry = entry_of_user(game, user)
        if entry is None:
            raise GameError(_("You may only submit results for your own games."))
    if result not in PLAYER_RESULTS:
        raise GameError(_("Players may submit 2-0, 1-1 or 0-2; forfeits are entered by an arbiter."))
    if termination not in PLAYER_TERMINATIONS:
        raise GameError(_("This termination is entered by an arbiter."))
    _check_result_fits(result, termination)
    _check_agreement(game, result, termination, moves)
    with transaction.atomic():
        return _create(
            game,
            result=result,
            moves=moves.strip(),
            termination=termination,
            submitted_by=user if link is None else None,
            submitted_for=entry,
            via_link=link is not None,
        )


def may_confirm(submission: ResultSubmission, user: User) -> tuple[bool, str]:
    """Whether ``user`` may confirm ``submission`` and, if not, why (translated)."""
    game = submission.game
    if submission.status != ResultSubmission.Status.PENDING:
        return False, _("Only a submission waiting for confirmation can be confirmed or rejected.")
    if user is None or not user.is_authenticated:
        return False, _("Sign in to confirm a result.")
    if submission.submitted_by_id is not None and submission.submitted_by_id == user.pk:
        return False, _("Nobody confirms or rejects their own submission: the opponent or an arbiter must do it.")
    if is_game_arbiter(user, game):
        return True, ""
    entry = entry_of_user(game, user)
    if entry is None:
        return False, _("Only the opponent or an arbiter may confirm or reject this result.")
    if submission.submitted_for_id == entry.pk:
        return False, _("Nobody confirms or rejects their own submission: the opponent or an arbiter must do it.")
    if game.board.round.status == Round.Status.DRAFT:
        return False, _("The round is not published yet.")
    return True, ""


def _supersede_previous(game: Game, keep: ResultSubmission) -> ResultSubmission | None:
    """Mark the previously confirmed submission superseded; returns it (or None)."""
    previous = (
        ResultSubmission.objects.select_for_update()
        .filter(game=game, status=ResultSubmission.Status.CONFIRMED)
        .exclude(pk=keep.pk)
        .first()
    )
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


def _confirm(sub: ResultSubmission, user: User) -> ResultSubmission:
    """Confirm inside the caller's transaction; the constraint decides concurrent races.

    The game row is locked first so that two confirmations of one game queue up in the same
    order (otherwise each could wait for the other's row and index entry: a deadlock); the
    later one then supersedes the earlier. The partial unique constraint stays the guarantee:
    if it fires anyway (any path that skipped the lock), the loser gets a clear GameError.
    """
    game = sub.game
    try:
        with transaction.atomic():
            Game.objects.select_for_update().filter(pk=game.pk).values_list("pk", flat=True).first()
            sub.refresh_from_db(fields=["status"])
            if sub.status != ResultSubmission.Status.PENDING:
                raise GameError(_("Only a submission waiting for confirmation can be confirmed or rejected."))
            previous = _supersede_previous(game, sub)
            sub.status = ResultSubmission.Status.CONFIRMED
            sub.confirmed_by = user if user is not None and user.is_authenticated else None
            sub.confirmed_at = timezone.now()
            sub.save(update_fields=["status", "confirmed_by", "confirmed_at"])
            # Older pending versions are stale once a newer decision exists.
            ResultSubmission.objects.filter(
                game=game, status=ResultSubmission.Status.PENDING, version__lt=sub.version
            ).update(status=ResultSubmission.Status.SUPERSEDED)
            _apply_to_game(game, sub)
            if getattr(user, "is_authenticated", False) and is_game_arbiter(user, game):
                record(user, _tournament(game), "confirm_result", sub, before=_summary(previous), after=_summary(sub))
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


def confirm_submission(submission: ResultSubmission, user: User) -> ResultSubmission:
    """Confirm a pending submission (the opponent or an arbiter; never the submitter).

    The previously confirmed submission, if any, becomes superseded in the same transaction.
    Raises GameError with the reason when refused or when a concurrent confirmation won.
    """
    allowed, reason = may_confirm(submission, user)
    if not allowed:
        raise GameError(reason)
    return _confirm(submission, user)


def reject_submission(submission: ResultSubmission, user: User, reason: str = "") -> ResultSubmission:
    """Reject a pending submission (the opponent or an arbiter). Audit-logged for arbiters."""
    allowed, why = may_confirm(submission, user)
    if not allowed:
        raise GameError(why)
    with transaction.atomic():
        submission.status = ResultSubmission.Status.REJECTED
        submission.save(update_fields=["status"])
        if is_game_arbiter(user, submission.game):
            record(user, _tournament(submission.game), "reject_result", submission,
                   before="pending", after=f"rejected {reason}".strip())
    return submission


def enter_result(
    game: Game,
    result: str,
    user: User,
    *,
    moves: str = "",
    termination: str | None = None,
    confirm: bool = True,
) -> ResultSubmission:
    """An arbiter enters a result (any code, forfeits included) and, by default, confirms it at once.

    Raises GameError when ``user`` is not an arbiter of the game's tournament or the result does
    not fit the termination.
    """
    if not is_game_arbiter(user, game):
        raise GameError(_("Only an arbiter of this tournament may enter results directly."))
    term: str = termination or (Termination.FORFEIT if result in FORFEIT_RESULTS else Termination.NORMAL)
    _check_result_fits(result, term)
    _check_agreement(game, result, term, moves, require_moves=False)
    with transaction.atomic():
        sub = _create(game, result=result, moves=moves.strip(), termination=term, submitted_by=user)
        record(user, _tournament(game), "enter_result", sub, after=_summary(sub))
        if confirm:
            # The arbiter's own entry is confirmed by the arbiter's authority, not as a second opinion.
            _confirm(sub, user)
    return sub


def record_forfeit(game: Game, result: str, user: User) -> ResultSubmission:
    """An arbiter records a forfeit (+-, -+ or --), confirmed at once and audit-logged."""
    if result not in FORFEIT_RESULTS:
        raise GameError(_("A forfeit needs the result +-, -+ or --."))
    return enter_result(game, result, user, termination=Termination.FORFEIT)


def confirmed_submission(game: Game) -> ResultSubmission | None:
    """The confirmed submission of ``game`` (the only one that counts), or None."""
    return ResultSubmission.objects.confirmed().filter(game=game).first()


OPEN_STATUSES = (ResultSubmission.Status.PENDING, ResultSubmission.Status.CONFIRMED)


def disagreeing(subs: list[ResultSubmission]) -> list[ResultSubmission]:
    """The pending and confirmed ones of ``subs`` when they disagree (result or moves), else []."""
    open_subs = [s for s in subs if s.status in OPEN_STATUSES]
    return open_subs if len({(s.result, s.moves.strip()) for s in open_subs}) > 1 else []


def conflicts(game: Game) -> list[ResultSubmission]:
    """Pending and confirmed submissions shown side by side when they disagree (result or moves)."""
    return disagreeing(list(
        ResultSubmission.objects.filter(game=game, status__in=OPEN_STATUSES)
        .select_related("submitted_by", "submitted_for__player", "confirmed_by")
    ))
