"""Forms of the event pages: the next stage's transition, the prize settings, the federation report."""

from __future__ import annotations

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import PrizeSetup, RatingSetup, StageTransition
from tournaments.pairing.systems import SYSTEMS
from tournaments.services.rating_changes import MAX_NORM_BYTES, PRESET_LABELS
from tournaments.services.stages import MAX_GROUP_SIZE, MAX_GROUPS, TransitionRequest


def _systems() -> list[tuple[str, str]]:
    return [(key, gettext(spec.name)) for key, spec in SYSTEMS.items()]


class TransitionForm(forms.Form):
    kind = forms.ChoiceField(label=_("Transition"), choices=StageTransition.Kind.choices)
    system = forms.ChoiceField(label=_("Pairing system of the new stage"), choices=_systems, initial="berger")
    rounds = forms.IntegerField(label=_("Rounds (not for a round robin)"), min_value=1, max_value=99, initial=7,
                                required=False)
    group_size = forms.IntegerField(label=_("Players per final (rank blocks)"), min_value=2,
                                    max_value=MAX_GROUP_SIZE, initial=8, required=False)
    groups = forms.IntegerField(
        label=_("Number of groups"), min_value=0, max_value=MAX_GROUPS, initial=0, required=False,
        help_text=_("Rank blocks: how many finals (0: as many as the players fill). Snake order: how many groups."))
    short_last = forms.ChoiceField(label=_("A short last final"), initial="fill", choices=[
        ("fill", _("Filled with byes")), ("merge", _("Merged into the final above")), ("keep", _("Kept short"))])
    top = forms.IntegerField(label=_("Qualifiers per group (into a final)"), min_value=1, max_value=MAX_GROUP_SIZE,
                             initial=2, required=False)
    seeded = forms.CharField(
        label=_("Seeded into the final"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line: the FMJD id or the name, then “|” and the reason, e.g. “Jansen, Piet | champion "
                    "2025”. A seeded player of a group leaves the group's place to the next."))
    carry = forms.ChoiceField(label=_("Points carried into the new stage"), initial="none", required=False, choices=[
        ("none", _("None: everyone starts on 0")), ("all", _("All points of this stage")),
        ("among", _("Only the points scored against players who qualified to the same group"))],
        help_text=_("Carried points count in the new stage's standings and pairing."))
    snake_by = forms.ChoiceField(label=_("Snake order from"), initial="ranking", choices=[
        ("ranking", _("The final standings of this stage")), ("rating", _("The ratings"))])

    def request(self) -> TransitionRequest:
        d = self.cleaned_data
        return TransitionRequest(kind=d["kind"], system=d["system"], rounds=d.get("rounds") or 0,
                                 group_size=d.get("group_size") or 0, groups=d.get("groups") or 0,
                                 short_last=d["short_last"], top=d.get("top") or 0, snake_by=d["snake_by"],
                                 seeded=d.get("seeded") or "", carry=d.get("carry") or "none")


class PrizeSetupForm(forms.ModelForm[PrizeSetup]):
    class Meta:
        model = PrizeSetup
        fields = ("lists", "rule", "unit", "one_prize_per_player", "currency")
        widgets = {"lists": forms.Textarea(attrs={"rows": 8, "maxlength": 5000})}
        help_texts = {
            "lists": _("One list a line: its name, a colon, the amounts by place. After “|” who may win it: "
                       "sex=f, age<=18, age>=60, rating<=1799, rating>=2000, club=…, federation=NED, and the "
                       "list's own rule=place, equal or hort. Example: “Best woman: 100 | sex=f”."),
            "unit": _("1: to the cent; 100: to whole units. What rounding leaves stays in the fund."),
        }


class FederationReportForm(forms.Form):
    chief_arbiter_id = forms.CharField(label=_("Chief arbiter's FMJD id"), max_length=20, required=False)
    announced = forms.DateField(label=_("Date announced"), required=False,
                                widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))


class RatingSetupForm(forms.Form):
    """The event's rating settings: preset, performance method, a federation's norm table."""

    preset = forms.ChoiceField(label=_("Rating system"), choices=list(PRESET_LABELS.items()))
    performance = forms.ChoiceField(label=_("Performance"), choices=RatingSetup.Performance.choices, required=False)
    norms = forms.FileField(
        label=_("The federation's norm requirement table (TOML)"), required=False,
        help_text=lazy(lambda: gettext(
            "A TOML file like the template shipped with the program: one [[titles]] block a title. At most "
            "%(max)s bytes. Without one, the norm table is FIDE B.01's (the worked example).")
            % {"max": MAX_NORM_BYTES}, str)())
    remove_norms = forms.BooleanField(label=_("Go back to FIDE B.01's table"), required=False)


class RankingOrderForm(forms.Form):
    ranking_order = forms.CharField(
        label=_("Order of the groups in the final ranking"), required=False, max_length=300,
        help_text=_("The last stage's group names, comma-separated, e.g. “B, A, C”. Empty: final A, then B, ... "
                    "Groups not named follow in that order."))
