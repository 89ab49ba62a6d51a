"""Draw claims and draw offers, judged by the arbiter package's ``rule_on_claim``.

A player of the game or an arbiter claims at a ply; the ruling (upheld or rejected, the rule, the
evidence plies and the explanation) is stored as a ``DrawClaim``. An upheld claim proposes the
result 1-1 (termination ``draw_claim``, or ``agreement`` for an offer) as a pending submission that
still needs confirmation as usual. A draw offer (rule ``agreement``) before the tournament's
``draw_offer_min_move`` is refused with the reason.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from arbiter import ValidationReport
from arbiter.claims import ClaimError, rule_on_claim
from arbiter.draws import AGREEMENT, ALL_RULES
from games.draw_rules import RULE_NAMES
from games.models import DrawClaim
from games.permissions import is_game_arbiter, is_game_player, round_is_published
from games.services import GameError, User
from games.services.games import entry_of_user
from games.services.results import create_version
from games.services.validation import check_game, translate_message
from tournaments.audit import record
from tournaments.models import Game, Result, ResultSubmission, Termination


def claim_draw(
    game: Game, ply: int | None, user: User, rule: str | None = None, *, moves: str | None = None
) -> DrawClaim:
    """Judge and store a draw claim made after ``ply`` (0 = before the first move; None = after the
    last move of ``moves``: a claim is about the position on the board now).

    ``rule``: a rule name of ``arbiter.draws.ALL_RULES`` (``'agreement'`` = a draw offer), or None
    for any draw rule of the profile. ``moves``: the moves as recorded up to the claim (default:
    the game's moves). Raises GameError when ``user`` may not claim, the moves cannot be replayed
    to ``ply`` or the rule is unknown. An upheld claim adds a pending 1-1 submission.
    """
    arbiter = bool(is_game_arbiter(user, game))
    if not arbiter and not (is_game_player(user, game) and round_is_published(user, game)):
        raise GameError(_("Only the players of this game or an arbiter may claim a draw."))
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
        claim = DrawClaim.objects.create(
            game=game,
            ply=ply,
            rule=ruling.rule or (rule or ""),
            claimed_by=user if user is not None and user.is_authenticated else None,  # checked above: signed in
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
            entry = entry_of_user(game, user)
            create_version(game, result=Result.DRAW, moves=text, termination=termination, submitted_by=user,
                    submitted_for=entry, status=ResultSubmission.Status.PENDING)
        if arbiter:
            record(user, game.board.round.tournament, "draw_claim", claim,
                   after=f"ply={ply}; " + (f"rule={RULE_NAMES.get(claim.rule, claim.rule)}; " if claim.rule else "")
                   + f"upheld={claim.upheld}")
    return claim


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
    """``params`` with every value JSON can store (other values as their text)."""
    return {k: (v if isinstance(v, (str, int, float, bool, type(None))) else str(v)) for k, v in params.items()}
