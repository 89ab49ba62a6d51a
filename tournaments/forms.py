"""Forms of the arbiter pages (tournament settings, entries, absences, rounds). Every label is translatable."""

from __future__ import annotations

import datetime
import json
from typing import Any, cast

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db.models import QuerySet
from django.utils.functional import lazy
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import federations
from tournaments.federations import FEDERATIONS
from tournaments.models import Absence, Entry, Player, Tournament
from tournaments.pairing.keizer import KeizerParams
from tournaments.reports.standings import KIND_BY_SYSTEM
from tournaments.services.csv_import import FIRST_BIRTH_YEAR, MAX_LINES, RATING_RANGE
from tournaments.standings import StandingsError, edition_for, parse_tiebreaks


class IsoDateInput(forms.DateInput):
    """A browser date picker: its value is always ISO (YYYY-MM-DD), whatever the page's language.

    A localised value (``04.09.2026`` in German) is one the picker cannot show, so the browser
    posts the field empty and the date is lost.
    """

    input_type = "date"

    def __init__(self, attrs: dict[str, str] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


# Slugs that would shadow the arbiter pages' own URLs under ``t/``.
RESERVED_SLUGS = frozenset({"new", "arbiter", "manage"})


class FederationInput(forms.TextInput):
    """A text box for a three-letter code with the known federations offered as suggestions."""

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({"list": "federations", "maxlength": "3", "size": "4", "autocomplete": "off",
                          "pattern": "[A-Za-z]{3}", **(attrs or {})})

    def render(self, name: str, value: Any, attrs: dict[str, Any] | None = None, renderer: Any = None) -> SafeString:
        options = format_html_join("", '<option value="{}">{}</option>', sorted(FEDERATIONS.items()))
        return format_html('{}<datalist id="federations">{}</datalist>',
                           super().render(name, value, attrs, renderer), options)


def clean_federation(value: str) -> str:
    """Three letters, upper case, or empty; anything else is refused with the value named (never cut)."""
    code = federations.normalise(value or "")
    if not federations.is_code(code):
        raise forms.ValidationError(_("“%(value)s” is not a three-letter federation code (e.g. NED, FRA, GER).")
                                    % {"value": value})
    return code


class TournamentCreateForm(forms.ModelForm[Tournament]):
    """The essentials to open a tournament; everything else is on the settings page."""

    class Meta:
        model = Tournament
        fields = [
            "slug", "name", "place", "federation", "start_date", "end_date", "time_control",
            "pairing_system", "rounds_planned", "rule_profile",
        ]  # fmt: skip
        widgets = {
            "start_date": IsoDateInput(),
            "end_date": IsoDateInput(),
            "federation": FederationInput(),
        }

    def clean_federation(self) -> str:
        return clean_federation(self.cleaned_data.get("federation", ""))

    def clean_slug(self) -> str:
        slug: str = self.cleaned_data["slug"]
        if slug in RESERVED_SLUGS:
            raise forms.ValidationError(_("/t/%(slug)s/ is reserved; choose another web address.") % {"slug": slug})
        return slug

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        check_dates_and_rounds(self, data)
        return data


def check_dates_and_rounds(form: forms.ModelForm[Tournament], data: dict[str, Any]) -> None:
    """Errors on the form for an end date before the start date and for fewer than one round."""
    start, end = data.get("start_date"), data.get("end_date")
    if start and end and end < start:
        form.add_error("end_date", _("The end date is before the start date."))
    rounds = data.get("rounds_planned")
    if rounds is not None and rounds < 1:
        form.add_error("rounds_planned", _("A tournament needs at least one round."))


class TournamentSettingsForm(forms.ModelForm[Tournament]):
    """Scoring, tie-breaks, draw offers, colours, withdrawals, Keizer parameters and public switches."""

    keizer_params = forms.CharField(
        label=_("Keizer parameters (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_(
            'For example {"top_value": 50, "step": 1, "absence": 0.333, "rematch_rounds": 3}. Empty: defaults.'
        ),
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "place", "federation", "start_date", "end_date", "time_control", "pairing_system",
            "rounds_planned", "rule_profile", "status",
            "points_win", "points_draw", "points_loss", "points_pab", "points_forfeit_win", "points_forfeit_loss",
            "points_half_bye", "points_zero_bye", "points_full_bye", "tiebreaks", "tiebreak_rules",
            "draw_offer_min_move", "initial_colour",
            "start_number_order", "baku_acceleration", "withdrawal_rule", "keizer_params", "elo_k",
            "is_public", "public_pairings", "public_standings", "public_crosstable", "public_games", "public_players",
        ]  # fmt: skip
        widgets = {
            "start_date": IsoDateInput(),
            "end_date": IsoDateInput(),
            "federation": FederationInput(),
        }
        help_texts = {
            # Unlisted, not secret: the public pages stay reachable by their link (as players expect
            # when the link is shared); the switches below close individual pages.
            "is_public": _(
                "Shown in the public list of tournaments. When unticked the tournament is unlisted: its public "
                "pages stay reachable by their link (and are kept out of search engines); switch off the pages "
                "below to close them."
            ),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance and self.instance.pk:
            self.initial["keizer_params"] = json.dumps(self.instance.keizer_params or {})
            # Say which edition the start date gives this tournament.
            by_date = Tournament.TiebreakRules(edition_for(self.instance.tiebreak_date())).label
            rules = cast(forms.ChoiceField, self.fields["tiebreak_rules"])
            rules.choices = [("", _("By the start date (now: %(edition)s)") % {"edition": by_date}),
                             *Tournament.TiebreakRules.choices[1:]]  # fmt: skip

    def clean_federation(self) -> str:
        return clean_federation(self.cleaned_data.get("federation", ""))

    def clean_keizer_params(self) -> dict[str, Any]:
        raw = (self.cleaned_data.get("keizer_params") or "").strip()
        if not raw:
            return {}
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                _("Not valid JSON (line %(line)s, column %(col)s): %(msg)s")
                % {"line": exc.lineno, "col": exc.colno, "msg": exc.msg}
            ) from exc
        if not isinstance(value, dict):
            raise forms.ValidationError(_("Write the parameters as an object: {\"name\": value, ...}."))

        try:
            KeizerParams(**value)
        except TypeError as exc:
            raise forms.ValidationError(_("Unknown Keizer parameter: %(error)s") % {"error": exc}) from exc
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from exc
        return value

    def clean_tiebreaks(self) -> str:
        value: str = self.cleaned_data.get("tiebreaks", "")
        codes = [c.strip() for c in value.split(",") if c.strip()]
        return ",".join(codes)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        check_dates_and_rounds(self, data)
        codes = [c for c in (data.get("tiebreaks") or "").split(",") if c]
        if codes and "tiebreaks" not in self.errors:
            # Checked here, not only when standings are shown, so a bad order never reaches the public pages.
            system = data.get("pairing_system") or self.instance.pairing_system
            try:
                parse_tiebreaks(codes, KIND_BY_SYSTEM.get(system, "swiss"))
            except StandingsError as exc:
                self.add_error("tiebreaks", str(exc))
        return data


class PlayerForm(forms.ModelForm[Player]):
    """Register one player (a new ``Player``; an existing one is matched by FMJD id).

    Rating and birth year are held to the same plausible ranges as the CSV import.
    """

    class Meta:
        model = Player
        fields = ["name", "title", "federation", "club", "fmjd_id", "national_id", "rating", "birth_year"]
        widgets = {"federation": FederationInput()}

    def clean_federation(self) -> str:
        return clean_federation(self.cleaned_data.get("federation", ""))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        low, high = RATING_RANGE
        self.fields["rating"].validators += [MinValueValidator(low), MaxValueValidator(high)]
        self.fields["rating"].widget.attrs.update(min=low, max=high)
        birth = self.fields["birth_year"]
        birth.validators += [MinValueValidator(FIRST_BIRTH_YEAR), MaxValueValidator(datetime.date.today().year)]
        birth.widget.attrs.update(min=FIRST_BIRTH_YEAR, max=datetime.date.today().year)


class CsvUploadForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        # Translated when shown (lazy), with the limit filled in then.
        help_text=lazy(lambda: gettext(
            "Columns: name, title, federation, club, fmjd_id, national_id, rating, birth_year; separated by ; or , ; "
            "UTF-8; at most %(lines)s players and 2 MB per file. With a header row, an optional username column "
            "links each player to that user account.") % {"lines": MAX_LINES}, str)(),
    )  # fmt: skip


class StartNumbersForm(forms.Form):
    method = forms.ChoiceField(label=_("Order"), choices=Tournament.StartNumberOrder.choices)
    seed = forms.IntegerField(
        label=_("Seed of the lot (optional)"), required=False, min_value=0, max_value=2**32 - 1,
        help_text=_("Leave empty for a random draw; the seed used is kept in the audit log."),
    )  # fmt: skip


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(label=_("Withdrawn from round"), min_value=1, max_value=999)


def _entry_choices(tournament: Tournament) -> QuerySet[Entry]:
    return Entry.objects.filter(tournament=tournament).select_related("player").order_by("start_number", "id")


class EntryChoiceField(forms.ModelChoiceField[Entry]):
    def label_from_instance(self, obj: Entry) -> str:
        return f"{obj.start_number or '–'}. {obj.player.name}"


class AbsenceForm(forms.Form):
    entry = EntryChoiceField(label=_("Player"), queryset=Entry.objects.none())
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=999)
    kind = forms.ChoiceField(label=_("Kind"), choices=Absence.Kind.choices)
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(EntryChoiceField, self.fields["entry"]).queryset = _entry_choices(tournament)


class ProhibitedPairForm(forms.Form):
    first = EntryChoiceField(label=_("First player"), queryset=Entry.objects.none())
    second = EntryChoiceField(label=_("Second player"), queryset=Entry.objects.none())
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)

    def __init__(self, tournament: Tournament, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(EntryChoiceField, self.fields["first"]).queryset = _entry_choices(tournament)
        cast(EntryChoiceField, self.fields["second"]).queryset = _entry_choices(tournament)


class PairForm(forms.Form):
    override = forms.BooleanField(
        label=_("Pair even though some results of earlier rounds are not confirmed"), required=False
    )


class SwapPlayersForm(forms.Form):
    first = forms.IntegerField(label=_("Start number"), min_value=1)
    second = forms.IntegerField(label=_("Start number"), min_value=1)
