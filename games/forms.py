"""Forms of the games pages: result entry, forfeits, draw claims, rulings, PDN upload."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.draw_rules import CLAIM_RULES, RULE_LABELS
from games.models import IrregularityRuling, Result, Termination
from games.services.results import FORFEIT_RESULTS, PLAYER_RESULTS, PLAYER_TERMINATIONS
from tournaments.vocabulary import MAX_MOVE_TEXT


class MovesField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", MAX_MOVE_TEXT)
        kwargs.setdefault("label", _("Moves"))
        kwargs.setdefault(
            "help_text", _("As on the scoresheet, e.g. 1. 32-28 19-23 2. 28x19 14x23; move numbers are optional.")
        )
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"}))
        super().__init__(**kwargs)


class ResultForm(forms.Form):
    """A player's result (2-0, 1-1, 0-2) with an optional termination and moves."""

    result = forms.ChoiceField(label=_("Result"), choices=[(r.value, r.label) for r in PLAYER_RESULTS])
    termination = forms.ChoiceField(
        label=_("How the game ended"),
        choices=[(t.value, t.label) for t in PLAYER_TERMINATIONS],
        initial=Termination.NORMAL,
        required=False,
    )
    moves = MovesField()

    def clean_termination(self) -> str:
        return self.cleaned_data.get("termination") or Termination.NORMAL


class ArbiterResultForm(ResultForm):
    """An arbiter may enter any result and confirm it at once.

    The result starts empty and is required: a click on "Enter result" after editing the moves
    never records a result nobody chose (the first choice, White wins, used to be pre-selected).
    """

    result = forms.ChoiceField(label=_("Result"), choices=[("", _("– choose the result –")), *Result.choices],
                               error_messages={"required": _("Choose the result.")})
    termination = forms.ChoiceField(label=_("How the game ended"), choices=Termination.choices, required=False)
    confirm = forms.BooleanField(label=_("Confirm at once"), required=False, initial=True)

    def clean_termination(self) -> str:
        term: str | None = self.cleaned_data.get("termination")
        if not term:
            return Termination.FORFEIT if self.cleaned_data.get("result") in FORFEIT_RESULTS else Termination.NORMAL
        return term


class ForfeitForm(forms.Form):
    result = forms.ChoiceField(label=_("Forfeit"), choices=[(r.value, r.label) for r in FORFEIT_RESULTS])


class CorrectionForm(forms.Form):
    """A player's request for a correction: the result they ask for, why, and the moves if any."""

    result = forms.ChoiceField(label=_("Result"), choices=[(r.value, r.label) for r in PLAYER_RESULTS])
    reason = forms.CharField(label=_("Why should the result change?"), max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 3}))
    moves = MovesField()


class DecisionForm(forms.Form):
    """An arbiter's decision on a correction request."""

    decision = forms.ChoiceField(choices=[("accept", _("Accept")), ("refuse", _("Refuse"))])
    note = forms.CharField(label=_("Note for the players"), required=False, max_length=2000)


class ClaimForm(forms.Form):
    # Empty: the last move entered (the claim is about the position on the board now).
    ply = forms.IntegerField(label=_("After half-move"), min_value=0, max_value=2000, required=False)
    rule = forms.ChoiceField(
        label=_("Rule"),
        required=False,
        # RULE_LABELS[r], not .get(): a rule without a label fails here, at import, not silently.
        choices=[("", _("Any draw rule")), *((r, RULE_LABELS[r]) for r in CLAIM_RULES)],
    )
    moves = MovesField()


class ClaimRulingForm(forms.Form):
    """An arbiter's ruling on a draw claim the validator decided: uphold or overrule, and why."""

    decision = forms.ChoiceField(choices=[("uphold", _("Uphold")), ("overrule", _("Overrule"))])
    reason = forms.CharField(label=_("Reason (the players read it)"), max_length=2000,
                             widget=forms.Textarea(attrs={"rows": 2}))


class RulingForm(forms.Form):
    ply = forms.IntegerField(label=_("Ply"), min_value=1, max_value=2000)
    decision = forms.ChoiceField(label=_("Decision"), choices=IrregularityRuling.Decision.choices)
    corrected_move = forms.CharField(label=_("Corrected to"), required=False, max_length=60)
    demanded_in_time = forms.BooleanField(
        label=_("The opponent demanded the correction before making a further move"), required=False
    )
    comment = forms.CharField(label=_("Comment"), required=False, max_length=2000,
                              widget=forms.Textarea(attrs={"rows": 2}))


class PdnUploadForm(forms.Form):
    file = forms.FileField(label=_("PDN file"))
    round_number = forms.IntegerField(
        label=_("Round (when the file has no Round tag)"), required=False, min_value=1, max_value=99
    )


class ArchiveUploadForm(forms.Form):
    file = forms.FileField(label=_("Tournament archive (.zip)"))
