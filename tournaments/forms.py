"""Forms of the arbiter pages (tournament settings, entries, absences, rounds). Every label is translatable."""

from __future__ import annotations

import datetime
from dataclasses import asdict
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
from tournaments.models import Absence, Entry, Player, RatingList, Tournament
from tournaments.pairing.berger import round_count
from tournaments.pairing.keizer import KeizerParams
from tournaments.reports.standings import KIND_BY_SYSTEM
from tournaments.services.csv_import import FIRST_BIRTH_YEAR, MAX_LINES, RATING_RANGE
from tournaments.services.registration import MISSED_HALF, MISSED_ZERO, RESERVED_SLUGS, free_slug
from tournaments.standings import StandingsError, edition_for, parse_tiebreaks


class IsoDateInput(forms.DateInput):
    """A browser date picker: its value is always ISO (YYYY-MM-DD), whatever the page's language.

    A localised value (``04.09.2026`` in German) is one the picker cannot show, so the browser
    posts the field empty and the date is lost.
    """

    input_type = "date"

    def __init__(self, attrs: dict[str, str] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")



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
    """The essentials to open a tournament; everything else is on the settings page. The name comes
    first; the web address is made from it unless the arbiter writes one."""

    class Meta:
        model = Tournament
        fields = [
            "name", "slug", "place", "federation", "start_date", "end_date", "time_control",
            "pairing_system", "rounds_planned", "rule_profile",
        ]  # fmt: skip
        widgets = {
            "start_date": IsoDateInput(),
            "end_date": IsoDateInput(),
            "federation": FederationInput(),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        slug = self.fields["slug"]
        slug.required = False
        slug.help_text = _("Leave it empty to make it from the name: “Amersfoort Open 2026” gives "
                           "/t/amersfoort-open-2026/. Letters, digits and hyphens.")

    def clean_federation(self) -> str:
        return clean_federation(self.cleaned_data.get("federation", ""))

    def clean_slug(self) -> str:
        slug: str = self.cleaned_data.get("slug") or ""
        if not slug:
            return slug  # made from the name in clean()
        if slug in RESERVED_SLUGS:
            raise forms.ValidationError(_("/t/%(slug)s/ is reserved; choose another web address.") % {"slug": slug})
        return slug

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not data.get("slug") and data.get("name") and "slug" not in self.errors:
            data["slug"] = free_slug(data["name"])
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


KEIZER_FIELDS = ("top_value", "step", "own_value_base", "win", "draw", "loss", "absence", "bye", "absence_cap",
                 "rematch_rounds")


class TournamentSettingsForm(forms.ModelForm[Tournament]):
    """Scoring, tie-breaks, draw offers, colours, withdrawals, Keizer parameters and public switches."""

    # Keizer parameters as fields (stored together in ``keizer_params``, only what differs from the
    # defaults); their labels say what each one is worth.
    keizer_top_value = forms.FloatField(label=_("Value of the top player"), required=False, min_value=0.001)
    keizer_step = forms.FloatField(label=_("Value step per place"), required=False, min_value=0)
    keizer_own_value_base = forms.BooleanField(label=_("Add the player's own value once"), required=False)
    keizer_win = forms.FloatField(label=_("A win earns (part of the opponent's value)"), required=False, min_value=0)
    keizer_draw = forms.FloatField(label=_("A draw earns (part of the opponent's value)"), required=False,
                                   min_value=0)
    keizer_loss = forms.FloatField(label=_("A loss earns (part of the opponent's value)"), required=False,
                                   min_value=0)
    keizer_absence = forms.FloatField(label=_("An absence with notice earns (part of the own value)"),
                                      required=False, min_value=0)
    keizer_bye = forms.FloatField(label=_("The odd player out earns (part of the own value)"), required=False,
                                  min_value=0)
    keizer_absence_cap = forms.IntegerField(label=_("Absences with notice that score (empty: all)"),
                                            required=False, min_value=0)
    keizer_rematch_rounds = forms.IntegerField(label=_("No rematch within this many rounds"), required=False,
                                               min_value=0)

    class Meta:
        model = Tournament
        fields = [
            "name", "place", "federation", "start_date", "end_date", "time_control", "pairing_system",
            "rounds_planned", "rule_profile", "status",
            "points_win", "points_draw", "points_loss", "points_pab", "points_forfeit_win", "points_forfeit_loss",
            "points_half_bye", "points_zero_bye", "points_full_bye", "tiebreaks", "tiebreak_rules",
            "draw_offer_min_move", "initial_colour",
            "start_number_order", "baku_acceleration", "withdrawal_rule", "elo_k",
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

    # The page's sections, in order: (title, fields, systems it applies to; None: every system).
    SECTIONS: tuple[tuple[Any, tuple[str, ...], tuple[str, ...] | None], ...] = (
        (_("Event"), ("name", "place", "federation", "start_date", "end_date", "time_control", "status"), None),
        (_("System"), ("pairing_system", "rounds_planned", "rule_profile", "initial_colour", "start_number_order",
                       "baku_acceleration", "withdrawal_rule"), None),
        (_("Scoring"), ("points_win", "points_draw", "points_loss", "points_pab", "points_forfeit_win",
                        "points_forfeit_loss", "points_half_bye", "points_zero_bye", "points_full_bye", "elo_k"),
         None),
        (_("Keizer"), tuple(f"keizer_{k}" for k in KEIZER_FIELDS), ("keizer",)),
        (_("Tie-breaks"), ("tiebreaks", "tiebreak_rules"), None),
        (_("Draw rules"), ("draw_offer_min_move",), None),
        (_("Publishing"), ("is_public", "public_pairings", "public_standings", "public_crosstable", "public_games",
                           "public_players"), None),
    )
    # Options that mean nothing for some systems are left out for them (shown again when the system changes).
    ONLY_FOR = {"baku_acceleration": ("swiss_dutch",)}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Fields the page does not show are not in the form at all: never posted, never changed.
        system = self.instance.pairing_system
        shown = {n for _title, names, systems in self.SECTIONS if systems is None or system in systems for n in names
                 if system in self.ONLY_FOR.get(n, (system,))}
        for name in [n for n in self.fields if n not in shown]:
            del self.fields[name]
        if self.instance and self.instance.pk:
            current = {**asdict(KeizerParams()), **(self.instance.keizer_params or {})}
            for k in KEIZER_FIELDS:
                self.initial[f"keizer_{k}"] = current[k]
            # Say which edition the start date gives this tournament.
            by_date = Tournament.TiebreakRules(edition_for(self.instance.tiebreak_date())).label
            rules = cast(forms.ChoiceField, self.fields["tiebreak_rules"])
            rules.choices = [("", _("By the start date (now: %(edition)s)") % {"edition": by_date}),
                             *Tournament.TiebreakRules.choices[1:]]  # fmt: skip

    def clean_federation(self) -> str:
        return clean_federation(self.cleaned_data.get("federation", ""))

    def sections(self) -> list[tuple[Any, list[forms.BoundField]]]:
        """The page's sections with their fields, those that do not apply to the system left out."""
        out = []
        for title, names, _systems in self.SECTIONS:
            fields = [self[n] for n in names if n in self.fields]
            if fields:
                out.append((title, fields))
        return out

    def _keizer(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """The Keizer parameters of the fields, only those that differ from the defaults (None: untouched)."""
        if "keizer_top_value" not in self.fields or not any(f"keizer_{k}" in self.changed_data for k in KEIZER_FIELDS):
            return None
        defaults = asdict(KeizerParams())
        typed: dict[str, Any] = {k: data.get(f"keizer_{k}") for k in KEIZER_FIELDS}
        values: dict[str, Any] = {k: (defaults[k] if v is None and k != "absence_cap" else v) for k, v in typed.items()}
        try:
            KeizerParams(**values)
        except ValueError as exc:
            self.add_error("keizer_top_value", str(exc))
            return None
        return {k: v for k, v in values.items() if v != defaults[k]}

    def changes(self) -> dict[str, Any]:
        """What the arbiter changed, as ``update_tournament`` takes it (the Keizer fields as one value)."""
        out = {n: self.cleaned_data[n] for n in self.changed_data if not n.startswith("keizer_")}
        keizer = self._keizer(self.cleaned_data)
        if keizer is not None:
            out["keizer_params"] = keizer
        return out

    def clean_tiebreaks(self) -> str:
        value: str = self.cleaned_data.get("tiebreaks", "")
        codes = [c.strip() for c in value.split(",") if c.strip()]
        return ",".join(codes)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        check_dates_and_rounds(self, data)
        self._keizer(data)
        system = data.get("pairing_system") or self.instance.pairing_system
        rounds = data.get("rounds_planned")
        players = self.instance.entries.count() if self.instance.pk else 0
        if system in ("round_robin", "double_round_robin") and rounds and players >= 2:
            table = round_count(players, double=system == "double_round_robin")
            if rounds > table:
                self.add_error("rounds_planned", _(
                    "A round robin of %(n)s players has %(table)s rounds: plan at most %(table)s.")
                    % {"n": players, "table": table})
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

    missed_rounds = forms.ChoiceField(
        label=_("Rounds already played"), required=False, initial=MISSED_ZERO,
        choices=[(MISSED_ZERO, _("a zero-point bye for each")), (MISSED_HALF, _("a half-point bye for each"))],
        help_text=_("What the late entry scores for the rounds played before joining, as the tournament's "
                    "rules say."),
        widget=forms.RadioSelect)

    def __init__(self, *args: Any, late: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not late:
            del self.fields["missed_rounds"]
        low, high = RATING_RANGE
        self.fields["rating"].validators += [MinValueValidator(low), MaxValueValidator(high)]
        self.fields["rating"].widget.attrs.update(min=low, max=high)
        birth = self.fields["birth_year"]
        birth.validators += [MinValueValidator(FIRST_BIRTH_YEAR), MaxValueValidator(datetime.date.today().year)]
        birth.widget.attrs.update(min=FIRST_BIRTH_YEAR, max=datetime.date.today().year)


class RatingListForm(forms.Form):
    """Upload a rating list; the column mapping is needed only for headers the program does not know."""

    name = forms.CharField(label=_("Name of the list"), max_length=100, help_text=_("e.g. FMJD 2026-11; a list "
                           "imported again under the same name replaces the old one."))
    kind = forms.ChoiceField(label=_("Kind"), choices=RatingList.Kind.choices)
    file = forms.FileField(label=_("CSV file"), help_text=_("With a header row; at most 20 MB and 200,000 players."))
    col_player_id = forms.CharField(label=_("Column of the id"), required=False)
    col_last_name = forms.CharField(label=_("Column of the last name"), required=False)
    col_first_name = forms.CharField(label=_("Column of the first name"), required=False)
    col_name = forms.CharField(label=_("Column of the full name (Last, First)"), required=False)
    col_country = forms.CharField(label=_("Column of the country"), required=False)
    col_rating = forms.CharField(label=_("Column of the rating"), required=False)
    col_title = forms.CharField(label=_("Column of the title"), required=False)

    def mapping(self) -> dict[str, str]:
        return {k.removeprefix("col_"): v for k, v in self.cleaned_data.items() if k.startswith("col_") and v}


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
    first = forms.IntegerField(label=_("Start number of one player"), min_value=1)
    second = forms.IntegerField(label=_("Start number of the other"), min_value=1)
