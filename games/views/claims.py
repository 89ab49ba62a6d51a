"""Draw claims (players of the game, arbiters) and irregularity rulings (arbiters)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.forms import ClaimForm, RulingForm
from games.services import GameError
from games.services.claims import claim_draw, claim_text
from games.services.rulings import rule_irregularity
from games.views.common import back, form_errors, game_for


@require_POST
def claim(request: HttpRequest, game_id: int) -> HttpResponse:
    """Claim a draw (or offer one: rule 'agreement') at a ply; the validator's ruling is stored and shown."""
    game = game_for(request, game_id, "games.claim_draw")
    form = ClaimForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        moves = data["moves"] if data["moves"].strip() else None
        try:
            c = claim_draw(game, data["ply"], request.user, data["rule"] or None, moves=moves)
            text = claim_text(c)
            if c.upheld:
                messages.success(request, _("Claim upheld: %(why)s A 1-1 result waits for confirmation.")
                                 % {"why": text})
            else:
                messages.warning(request, _("Claim rejected: %(why)s") % {"why": text})
        except GameError as exc:
            messages.error(request, exc.message)
    else:
        form_errors(request, form)
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
