"""Draw claims (players of the game, signed in or through their private link, and arbiters), the
arbiter's ruling on a claim the validator decided, and irregularity rulings (arbiters)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.draw_rules import rule_label
from games.forms import ClaimForm, ClaimRulingForm, RulingForm
from games.models import DrawClaim, Game, SubmissionLink
from games.services import GameError, User
from games.services.claims import claim_draw, claim_position, claim_text, rule_on_draw_claim
from games.services.rulings import rule_irregularity
from games.views.common import back, form_errors, game_for
from tournaments.access import require


def claims_context(game: Game) -> list[tuple[DrawClaim, str, str, str]]:
    """The game's claims as its pages list them: (claim, explanation, rule label, where it was made)."""
    return [(c, claim_text(c), rule_label(c.rule), claim_position(c, game))
            for c in game.draw_claims.select_related("claimed_by", "claimed_for", "ruled_by")]


def claim_view(request: HttpRequest, game: Game, user: User, link: SubmissionLink | None = None) -> None:
    """Judge the posted claim for ``user`` (or the holder of ``link``) and say the outcome in a message."""
    form = ClaimForm(request.POST)
    if not form.is_valid():
        form_errors(request, form)
        return
    data = form.cleaned_data
    moves = data["moves"] if data["moves"].strip() else None
    try:
        c = claim_draw(game, data["ply"], user, data["rule"] or None, moves=moves, link=link)
    except GameError as exc:
        messages.error(request, exc.message)
        return
    text = claim_text(c)
    if c.upheld:
        messages.success(request, _("Claim upheld: %(why)s A 1-1 result waits for confirmation.") % {"why": text})
    else:
        messages.warning(request, _("Claim rejected: %(why)s") % {"why": text})


@require_POST
def claim(request: HttpRequest, game_id: int) -> HttpResponse:
    """Claim a draw (or offer one: rule 'agreement') at a ply; the validator's ruling is stored and shown."""
    game = game_for(request, game_id, "games.claim_draw")
    claim_view(request, game, request.user)
    return back(request, reverse("games:game", args=[game.pk]))


@require_POST
def claim_ruling(request: HttpRequest, pk: int) -> HttpResponse:
    """An arbiter upholds or overrules a claim the validator decided, with a reason."""
    found = get_object_or_404(DrawClaim.objects.select_related("game__board__round__tournament"), pk=pk)
    game: Any = found.game
    require(request, "games.enter_final_result", game)
    form = ClaimRulingForm(request.POST)
    if not form.is_valid():
        form_errors(request, form)
        return back(request, reverse("games:game", args=[game.pk]))
    uphold = form.cleaned_data["decision"] == "uphold"
    try:
        rule_on_draw_claim(found, request.user, uphold=uphold, reason=form.cleaned_data["reason"])
    except GameError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, _("Claim upheld by the arbiter: the game is a draw (1-1), confirmed.") if uphold
                         else _("Claim overruled by the arbiter: the game goes on; enter its result when it ends."))
    return back(request, reverse("games:game", args=[game.pk]))


@require_POST
def ruling(request: HttpRequest, game_id: int) -> HttpResponse:
    """An arbiter rules that a flagged ply stands or is corrected; the game is re-validated."""
    game = game_for(request, game_id, "games.rule_irregularity")
    form = RulingForm(request.POST)
    if form.is_valid():
        d = form.cleaned_data
        try:
            rule_irregularity(game, d["ply"], d["decision"], request.user, corrected_move=d["corrected_move"],
                              comment=d["comment"], demanded_in_time=d["demanded_in_time"])
            messages.success(request, _("Ruling on ply %(ply)d recorded.") % {"ply": d["ply"]})
        except GameError as exc:
            messages.error(request, exc.message)
    else:
        form_errors(request, form)
    return back(request, reverse("games:game", args=[game.pk]))
