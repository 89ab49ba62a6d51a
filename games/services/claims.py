"""Draw claims and draw offers, judged by the arbiter package's ``rule_on_claim``.

A player of the game or an arbiter claims at a ply; the ruling (upheld or rejected, the rule, the
evidence plies and the explanation) is stored as a ``DrawClaim``. An upheld claim proposes the
result 1-1 (termination ``draw_claim``, or ``agreement`` for an offer) as a pending submission that
still needs confirmation as usual. A draw offer (rule ``agreement``) before the tournament's
``draw_offer_min_move`` is refused with the reason.

Once the game's result is confirmed (or, for its players, once the round is finished) a claim is
refused with who can change the result: players ask the arbiter for a correction, an arbiter enters
the result. Every stored claim is audited, whoever made it.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arbiter import ValidationReport
from arbiter.claims import ClaimError, rule_on_claim
from arbiter.draws import AGREEMENT, ALL_RULES
from games.draw_rules import RULE_NAMES
from games.models import DrawClaim, Game, Result, ResultSubmission, SubmissionLink, Termination
from games.permissions import is_game_arbiter, is_game_player, round_is_published
from games.services import GameError, User
from games.services.games import entry_of_user, side_of_entry
from games.services.results import (
    confirm_version,
    confirmed_submission,
    create_version,
    enter_result,
    lock_game,
    players_locked_out,
    reject_submission,
)
from games.services.validation import check_game, translate_message
from tournaments.audit import record
from tournaments.models import Entry


def claim_draw(
    game: Game, ply: int | None, user: User, rule: str | None = None, *, moves: str | None = None,
    link: SubmissionLink | None = None,
) -> DrawClaim:
    """Judge and store a draw claim made after ``ply`` (0 = before the first move; None = after the
    last move of ``moves``: a claim is about the position on the board now).

    ``rule``: a rule name of ``arbiter.draws.ALL_RULES`` (``'agreement'`` = a draw offer), or None
    for any draw rule of the profile. ``moves``: the moves as recorded up to the claim (default:
    the game's moves). Raises GameError when ``user`` may not claim, the moves cannot be replayed
    to ``ply`` or the rule is unknown. An upheld claim adds a pending 1-1 submission.
    ``link``: the private link of a player without an account, who claims like a signed-in player.
    """
    arbiter = link is None and bool(is_game_arbiter(user, game))
    if link is not None:
        if link.revoked or link.tournament_id != game.board.round.tournament_id \
                or side_of_entry(game, link.entry) is None or not round_is_published(None, game):
            raise GameError(_("Only the players of this game or an arbiter may claim a draw."))
        entry: Entry | None = link.entry
        user = None
    elif not arbiter and not (is_game_player(user, game) and round_is_published(user, game)):
        raise GameError(_("Only the players of this game or an arbiter may claim a draw."))
    else:
        entry = entry_of_user(game, user)
    _refuse_when_decided(game, arbiter)
    if rule is not None and rule not in ALL_RULES:
        raise GameError(_("Unknown draw rule %(rule)s.") % {"rule": rule})
    text = game.moves if moves is None else moves
    chk = check_game(game, text)
    if chk.report is None:
        raise GameError("; ".join(str(e["message"]) for e in chk.errors) or _("The moves cannot be replayed."))
    minimum = game.board.round.tournament.draw_offer_min_move
    if ply is None:
        ply = len(chk.report.plies)
    try:
        ruling = rule_on_claim(chk.report, ply, rule, min_agreement_move=minimum if rule == AGREEMENT else None)
    except ClaimError as exc:
        raise GameError(str(exc)) from None
    explanation = translate_message(ruling.explanation_template, ruling.params)
    with transaction.atomic():
        lock_game(game)
        _refuse_when_decided(game, arbiter)  # again under the lock: a confirmation may have come meanwhile
        claim = DrawClaim.objects.create(
            game=game,
            ply=ply,
            rule=ruling.rule or (rule or ""),
            claimed_by=user if user is not None and user.is_authenticated else None,  # None: a private link
            claimed_for=entry,
            upheld=ruling.upheld,
            evidence={
                "evidence_plies": list(ruling.evidence_plies),
                "template": ruling.explanation_template,
                "params": _jsonable(ruling.params),
                "moves": text,
                "requested_rule": rule,
            },
            explanation=explanation,
        )
        if ruling.upheld:
            termination = Termination.AGREEMENT if ruling.rule == AGREEMENT else Termination.DRAW_CLAIM
            proposed = create_version(game, result=Result.DRAW, moves=text, termination=termination,
                                      submitted_by=user, submitted_for=entry, via_link=link is not None,
                                      status=ResultSubmission.Status.PENDING)
            claim.evidence["submission"] = proposed.pk
            claim.save(update_fields=["evidence"])
        record(user, game.board.round.tournament, "draw_claim", claim,
               after=f"ply={ply}; " + (f"rule={RULE_NAMES.get(claim.rule, claim.rule)}; " if claim.rule else "")
               + f"upheld={claim.upheld}" + ("; proposed=1-1" if claim.upheld else ""))
    return claim


def _refuse_when_decided(game: Game, arbiter: bool) -> None:
    """A claim once the result is decided changes nothing but adds a conflict: refused, saying who
    changes the result now (players: the arbiter, through a correction request; arbiters: by entering it)."""
    if not arbiter:
        locked = players_locked_out(game)
        if locked:
            raise GameError(locked)
        return
    confirmed = confirmed_submission(game)
    if confirmed is not None:
        raise GameError(_("The result %(result)s is confirmed: a draw claim no longer changes it. If it must "
                          "change, enter the new result as the arbiter.") % {"result": confirmed.result})


def position_words(report: ValidationReport | None, ply: int) -> str:
    """Where a claim was made, in a player's words: "after move 23 (Black)", "before the first move"."""
    if ply <= 0:
        return _("before the first move")
    if report is None or ply > len(report.plies):
        return _("after half-move %(ply)s") % {"ply": ply}
    rec = report.plies[ply - 1]
    side = _("White") if rec.side == "W" else _("Black")
    return _("after move %(n)s (%(side)s)") % {"n": rec.move_number, "side": side}


def claim_position(claim: DrawClaim, game: Game) -> str:
    """``position_words`` for a stored claim, counted on the moves it was judged on."""
    moves = (claim.evidence or {}).get("moves")
    chk = check_game(game, moves if isinstance(moves, str) else game.moves)
    return position_words(chk.report, claim.ply)


def claim_text(claim: DrawClaim) -> str:
    """The claim's explanation in the active language (stored template and params)."""
    ev = claim.evidence or {}
    if ev.get("template"):
        return translate_message(ev["template"], ev.get("params") or {})
    return claim.explanation


def _jsonable(params: dict[str, Any]) -> dict[str, Any]:
    """``params`` with every value JSON can store (lists and dicts kept, other values as their text)."""
    def plain(v: Any) -> Any:
        if isinstance(v, (str, int, float, bool, type(None))):
            return v
        if isinstance(v, (list, tuple)):
            return [plain(x) for x in v]
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        return str(v)

    return {k: plain(v) for k, v in params.items()}


def rule_on_draw_claim(claim: DrawClaim, arbiter: User, *, uphold: bool, reason: str) -> DrawClaim:
    """The arbiter upholds or overrules a claim the validator decided, with a reason; audited.

    Upholding makes the game a draw on the arbiter's authority: a 1-1 version (termination "draw
    claim", or "agreement" for a draw offer), confirmed at once. Overruling rejects the 1-1 the
    upheld claim proposed while it still waits; once that 1-1 is confirmed the arbiter enters the
    right result himself (the message says so). Raises GameError for anyone but an arbiter of the
    game, without a reason, or when the round is a draft.
    """
    game = claim.game
    if not is_game_arbiter(arbiter, game):
        raise GameError(_("Only an arbiter of this tournament rules on draw claims."))
    reason = reason.strip()
    if not reason:
        raise GameError(_("Give the reason for your ruling: the players read it."))
    decision = DrawClaim.Decision.UPHELD if uphold else DrawClaim.Decision.OVERRULED
    with transaction.atomic():
        lock_game(game)
        locked = DrawClaim.objects.select_for_update().get(pk=claim.pk)
        before = f"validator: {'upheld' if locked.upheld else 'rejected'}" + (
            f"; arbiter: {locked.arbiter_decision} ({locked.arbiter_reason})" if locked.arbiter_decision else "")
        locked.arbiter_decision = decision
        locked.arbiter_reason = reason[:2000]
        locked.ruled_by = arbiter if arbiter is not None and arbiter.is_authenticated else None
        locked.ruled_at = timezone.now()
        locked.save(update_fields=["arbiter_decision", "arbiter_reason", "ruled_by", "ruled_at"])
        record(arbiter, game.board.round.tournament, "draw_claim.rule", locked, before=before,
               after=f"ply {locked.ply} {locked.rule or 'any rule'}: {decision} by the arbiter: "
               f"{locked.arbiter_reason}")
        proposed_id = (locked.evidence or {}).get("submission")
        proposed = ResultSubmission.objects.filter(pk=proposed_id, game=game).first() if proposed_id else None
        if uphold:
            moves = (locked.evidence or {}).get("moves")
            termination = Termination.AGREEMENT if locked.rule == AGREEMENT else Termination.DRAW_CLAIM
            if proposed is not None and proposed.status == ResultSubmission.Status.PENDING:
                confirm_version(proposed, arbiter)
            elif not (proposed is not None and proposed.status == ResultSubmission.Status.CONFIRMED):
                enter_result(game, Result.DRAW, arbiter, moves=moves if isinstance(moves, str) else None,
                             termination=termination)
        elif proposed is not None and proposed.status == ResultSubmission.Status.PENDING:
            proposed.game = game
            reject_submission(proposed, arbiter, f"the arbiter overruled the draw claim: {reason}"[:300])
    return locked
