"""Forms of the arbiter pages (tournament settings, entries, absences, rounds). Every label is translatable."""

from __future__ import annotations

import datetime
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
from tournaments.models import Absence, Entry, RatingList, Tournament
from tournaments.pairing.systems import SYSTEMS, OptionError
from tournaments.reports.formatting import tiebreak_words
from tournaments.scores.berger import round_count
from tournaments.services.csv_import import FIRST_BIRTH_YEAR, MAX_LINES, RATING_RANGE
from tournaments.services.openings import deck_choices, deck_serves
from tournaments.services.registration import MISSED_HALF, MISSED_ZERO, RESERVED_SLUGS, free_slug
from tournaments.standings import REGISTRY, StandingsError, default_tiebreaks, edition_for, parse_tiebreaks
from tournaments.standings.teams import parse_team_tiebreaks
from tournaments.standings.tiebreaks import PRESETS
from tournaments.system_forms import option_fields, options_from
from tournaments.vocabulary import DEFAULT_COLOUR_SEQUENCE, board_colour


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
            "pairing_system", "rounds_planned", "rule_profile", "competitors", "boards_per_match",
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
        optional_team_fields(self)
        slug.help_text = _("Leave it empty to make it from the name: “Amersfoort Open 2026” gives "
                           "/t/amersfoort-open-2026/. Letters, digits and hyphens.")

    def clean_federation(self) -> str:
        return clean_federation(self.cleaned_data.get("federation", ""))

    def clean_competitors(self) -> str:
        return self.cleaned_data.get("competitors") or self.instance.competitors

    def clean_boards_per_match(self) -> int:
        value = self.cleaned_data.get("boards_per_match")
        return clean_boards_per_match(self.instance.boards_per_match if value is None else value)

    def clean_slug(self) -> str:
        slug: str = self.cleaned_data.get("slug") or ""
        if not slug:
            return slug  # made from the name in clean()
        if slug.lower() in RESERVED_SLUGS:
            raise forms.ValidationError(_("/t/%(slug)s/ is reserved; choose another web address.") % {"slug": slug})
        taken = Tournament.objects.filter(slug__iexact=slug).values_list("slug", flat=True).first()
        if taken is not None:
            raise forms.ValidationError(
                _("/t/%(slug)s/ is already the address of another tournament (as /t/%(taken)s/; addresses "
                  "differing only in capitals are the same).") % {"slug": slug, "taken": taken})
        return slug

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not data.get("slug") and data.get("name") and "slug" not in self.errors:
            data["slug"] = free_slug(data["name"])
        check_dates_and_rounds(self, data)
        return data


MAX_BOARDS = 20  # boards of a team match (KNDB top class: 10)


def optional_team_fields(form: forms.ModelForm[Tournament]) -> None:
    """A form posted without the team fields (an individual event's arbiter, a script) keeps their values."""
    for name in ("competitors", "boards_per_match", "board_colours"):
        if name in form.fields:
            form.fields[name].required = False


def clean_boards_per_match(value: int | None) -> int:
    """The boards of a team match: 1 to ``MAX_BOARDS``."""
    if value is None or not 1 <= value <= MAX_BOARDS:
        raise forms.ValidationError(_("A team match has 1 to %(n)s boards.") % {"n": MAX_BOARDS})
    return value


def check_dates_and_rounds(form: forms.ModelForm[Tournament], data: dict[str, Any]) -> None:
    """Errors on the form for an end date before the start date and for fewer than one round."""
    start, end = data.get("start_date"), data.get("end_date")
    if start and end and end < start:
        form.add_error("end_date", _("The end date is before the start date."))
    rounds = data.get("rounds_planned")
    if rounds is not None and rounds < 1:
        form.add_error("rounds_planned", _("A tournament needs at least one round."))


# The settings of a team event's rules (issue 27), shown once its competitors are teams.
TEAM_RULES = ("team_points_win", "team_points_draw", "team_points_loss", "team_no_show_penalty",
              "team_pab_match_points", "team_pab_board_points", "line_up_deadline_minutes", "board_prize_min_games")


# The named tie-break orders of the registry (``tournaments.standings.tiebreaks.PRESETS``) in words.
PRESET_LABELS = {
    "fmjd_solkoff": _("FMJD Swiss on Solkoff"),
    "fmjd_rating": _("FMJD Swiss on rating"),
    "toernooimanager": _("Toernooimanager Swiss on resistance points"),
    "kndb": _("KNDB championship (plus/minus draws, mutual result, results in ranking order)"),
}


class TournamentSettingsForm(forms.ModelForm[Tournament]):
    """Scoring, tie-breaks, draw offers, colours, withdrawals, the pairing system's options (one field
    per option of the system's spec, ``tournaments.system_forms``) and public switches."""

    class Meta:
        model = Tournament
        fields = [
            "name", "place", "federation", "start_date", "end_date", "time_control", "pairing_system",
            "rounds_planned", "rule_profile", "status",
            "points_win", "points_draw", "points_loss", "points_pab", "points_forfeit_win", "points_forfeit_loss",
            "points_half_bye", "points_zero_bye", "points_full_bye", "tiebreaks", "tiebreak_rules", "playoff_places",
            "draw_offer_min_move", "early_draw_scores_zero", "default_time_minutes", "initial_colour",
            "start_number_order", "withdrawal_rule", "annul_early_withdrawals", "late_entry_byes",
            "late_entry_half_rounds", "forfeit_limit", "elo_k",
            "games_per_pairing", "pairing_score", "micro_match_bye", "opening_deck", "opening_draw",
            "is_public", "public_pairings", "public_standings", "public_crosstable", "public_games", "public_players",
            "competitors", "boards_per_match", "board_colours",
            "team_points_win", "team_points_draw", "team_points_loss", "team_no_show_penalty",
            "team_pab_match_points", "team_pab_board_points", "line_up_deadline_minutes", "board_prize_min_games",
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

    # The page's sections, in order (the pairing system's options come after "System").
    SECTIONS: tuple[tuple[Any, tuple[str, ...]], ...] = (
        (_("Event"), ("name", "place", "federation", "start_date", "end_date", "time_control", "status")),
        (_("System"), ("pairing_system", "rounds_planned", "rule_profile", "initial_colour", "start_number_order",
                       "withdrawal_rule", "annul_early_withdrawals")),
        (_("Late entries and forfeits"), ("late_entry_byes", "late_entry_half_rounds", "forfeit_limit")),
        (_("Scoring"), ("points_win", "points_draw", "points_loss", "points_pab", "points_forfeit_win",
                        "points_forfeit_loss", "points_half_bye", "points_zero_bye", "points_full_bye", "elo_k")),
        (_("Tie-breaks"), ("tiebreak_preset", "tiebreaks", "tiebreak_rules", "playoff_places")),
        (_("Teams"), ("competitors", "boards_per_match", "board_colours", *TEAM_RULES)),
        (_("Micro-matches and balloted openings"), ("games_per_pairing", "pairing_score", "micro_match_bye",
                                                    "opening_deck", "opening_draw")),
        (_("Draw rules"), ("draw_offer_min_move", "early_draw_scores_zero", "default_time_minutes")),
        (_("Publishing"), ("is_public", "public_pairings", "public_standings", "public_crosstable", "public_games",
                           "public_players")),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Fields the page does not show are not in the form at all: never posted, never changed. The
        # withdrawal rule applies to round robins; the other systems keep the games played unless the event
        # annuls early withdrawals (tournaments.history); round robins take no late entries (their table is fixed).
        optional_team_fields(self)
        spec = self.instance.system
        hidden: tuple[str, ...] = (("late_entry_byes", "late_entry_half_rounds", "annul_early_withdrawals")
                                   if spec.round_robin else ("withdrawal_rule",))
        if self.instance.competitors == Tournament.Competitors.TEAMS:
            hidden += ("games_per_pairing", "pairing_score", "micro_match_bye", "opening_deck", "opening_draw")
            if spec.round_robin:
                hidden += ("team_pab_match_points", "team_pab_board_points")  # no pairing-allocated bye
        else:
            hidden += TEAM_RULES  # the team rules show once the event's competitors are teams
        for name in hidden:
            self.fields.pop(name, None)
        if "opening_deck" in self.fields:
            # The decks of the tournament's game; another deck is refused in ``clean`` (by the posted game).
            choices: list[tuple[str, Any]] = [("", _("None: free openings from the starting position")),
                                              *deck_choices(self.instance.rule_profile)]
            if self.instance.opening_deck and self.instance.opening_deck not in dict(choices):
                choices.append((self.instance.opening_deck, self.instance.opening_deck))
            deck = forms.ChoiceField(
                label=_("opening deck"), required=False, choices=choices,
                help_text=_("Each pairing's games start from an opening drawn from this deck; barred openings "
                            "are never drawn and no opening comes again before the deck is used up."))
            self.fields["opening_deck"] = deck
        # A named order of the registry (tournaments.standings.tiebreaks.PRESETS) fills the order below.
        by_default = ", ".join(spec.tiebreaks(spec.defaults()) or default_tiebreaks(spec.kind))
        self.fields["tiebreak_preset"] = forms.ChoiceField(
            label=_("Tie-breaks of a known event type"), required=False,
            choices=[("", _("Keep the order below")),
                     ("default", _("The system's default (%(codes)s)") % {"codes": by_default}),
                     *[(key, f"{PRESET_LABELS.get(key, key)} ({', '.join(codes)})") for key, codes in PRESETS.items()
                       if spec.round_robin is False or all(REGISTRY[c].round_robin for c in codes)]],
            help_text=_("Chosen here, it replaces the tie-break order when you save."))
        self.option_names: list[str] = []
        for name, (field, initial) in option_fields(spec, self.instance.system_options or {}).items():
            self.fields[name] = field
            self.initial[name] = initial
            self.option_names.append(name)
        if self.instance and self.instance.pk:
            # Say which edition the start date gives this tournament.
            by_date = Tournament.TiebreakRules(edition_for(self.instance.tiebreak_date())).label
            rules = cast(forms.ChoiceField, self.fields["tiebreak_rules"])
            rules.choices = [("", _("By the start date (now: %(edition)s)") % {"edition": by_date}),
                             *Tournament.TiebreakRules.choices[1:]]  # fmt: skip

    def clean_federation(self) -> str:
        return clean_federation(self.cleaned_data.get("federation", ""))

    def available_tiebreaks(self) -> list[tuple[str, str, str]]:
        """Every tie-break of the registry the tournament's system may use, as (code, name, description)
        in the active language: what the tie-break order may list (``parse_tiebreaks``)."""
        round_robin = self.instance.system.round_robin
        return [(code, *tiebreak_words(code)) for code, tb in REGISTRY.items() if tb.round_robin or not round_robin]

    def _preset(self) -> str:
        preset: str = self.cleaned_data.get("tiebreak_preset") or ""
        if preset == "default":
            return ""
        return ",".join(PRESETS[preset]) if preset in PRESETS else self.cleaned_data.get("tiebreaks", "")

    def sections(self) -> list[tuple[Any, list[forms.BoundField]]]:
        """The page's sections with their fields (those that do not apply to the system left out), the
        system's options in a section of their own after "System"."""
        out = []
        for title, names in self.SECTIONS:
            fields = [self[n] for n in names if n in self.fields]
            if fields:
                out.append((title, fields))
            if names[0] == "pairing_system" and self.option_names:
                out.append((_("Options of %(system)s") % {"system": gettext(self.instance.system.name)},
                             [self[n] for n in self.option_names]))
        return out

    def _options(self, data: dict[str, Any]) -> dict[str, Any] | None:
        """The system's options as posted, only what differs from the defaults (None: untouched, or the
        system changes: the new system starts from its own defaults)."""
        if data.get("pairing_system", self.instance.pairing_system) != self.instance.pairing_system:
            return {}
        if not any(n in self.changed_data for n in self.option_names):
            return None
        try:
            return options_from(self.instance.system, data)
        except OptionError as exc:
            self.add_error(self.option_names[0], str(exc))
            return None

    def changes(self) -> dict[str, Any]:
        """What the arbiter changed, as ``update_tournament`` takes it (the system's options as one value)."""
        out = {n: self.cleaned_data[n] for n in self.changed_data
               if n not in self.option_names and n != "tiebreak_preset"}
        if self.cleaned_data.get("tiebreak_preset") and self._preset() != (self.initial.get("tiebreaks") or ""):
            out["tiebreaks"] = self._preset()
        options = self._options(self.cleaned_data)
        if options is not None and options != (self.instance.system_options or {}):
            out["system_options"] = options
        return out

    def clean_competitors(self) -> str:
        return self.cleaned_data.get("competitors") or self.instance.competitors

    def clean_boards_per_match(self) -> int:
        value = self.cleaned_data.get("boards_per_match")
        return clean_boards_per_match(self.instance.boards_per_match if value is None else value)

    def clean_board_colours(self) -> str:
        value = ((self.cleaned_data.get("board_colours") or "").strip().upper() or self.instance.board_colours
                 or DEFAULT_COLOUR_SEQUENCE)
        try:
            board_colour(1, value)
        except ValueError:
            raise forms.ValidationError(_("Write the colours with the letters W and B only, e.g. WB.")) from None
        return value

    def clean_tiebreaks(self) -> str:
        value: str = self.cleaned_data.get("tiebreaks", "")
        codes = [c.strip() for c in value.split(",") if c.strip()]
        return ",".join(codes)

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        check_dates_and_rounds(self, data)
        self._options(data)
        spec = SYSTEMS.get(data.get("pairing_system") or self.instance.pairing_system) or self.instance.system
        rounds = data.get("rounds_planned")
        teams = (data.get("competitors") or self.instance.competitors) == Tournament.Competitors.TEAMS
        if teams:
            players = self.instance.teams.count() if self.instance.pk else 0
        else:
            players = self.instance.entries.count() if self.instance.pk else 0
        if spec.round_robin and rounds and players >= 2:
            table = round_count(players, double=spec.kind == "double_round_robin")
            if rounds > table:
                self.add_error("rounds_planned", _(
                    "A round robin of %(n)s players has %(table)s rounds: plan at most %(table)s.")
                    % {"n": players, "table": table})
        if data.get("tiebreak_preset"):
            data["tiebreaks"] = self._preset()
        win, draw, loss = (data.get(f"team_points_{k}") for k in ("win", "draw", "loss"))
        if win is not None and draw is not None and loss is not None and not win >= draw >= loss:
            self.add_error("team_points_draw", _("Match points: a match won must be worth at least a draw, and a "
                                                 "draw at least a loss."))
        deck = data.get("opening_deck") or ""
        profile = data.get("rule_profile") or self.instance.rule_profile
        if deck and not deck_serves(deck, profile):
            self.add_error("opening_deck", _("The deck %(deck)s has no openings for this rule profile (%(profile)s).")
                           % {"deck": deck, "profile": profile})
        codes = [c for c in (data.get("tiebreaks") or "").split(",") if c]
        if codes and "tiebreaks" not in self.errors:
            # Checked here, not only when standings are shown, so a bad order never reaches the public pages.
            try:
                if teams:  # the team codes of FIDE's reference checker (MPTS, GPTS, DE, BH, ...)
                    parse_team_tiebreaks(codes, spec.kind)
                else:
                    parse_tiebreaks(codes, spec.kind)
            except StandingsError as exc:
                self.add_error("tiebreaks", str(exc))
        return data


class PlayerForm(forms.ModelForm[Entry]):
    """A player's details as this tournament keeps them (its entry's own copy): register one player, or
    correct one. The player across tournaments is matched by FMJD id when registering.

    Rating and birth year are held to the same plausible ranges as the CSV import.
    """

    class Meta:
        model = Entry
        fields = ["name", "title", "sex", "federation", "club", "fmjd_id", "national_id", "rating", "birth_year"]
        labels = {"rating": _("rating")}
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

    name = forms.CharField(label=_("Name of the list"), max_length=100, help_text=_(
        "e.g. FMJD 2026-11; a list imported again under the same name replaces the old one (only its owner or "
        "the site's staff may)."))
    kind = forms.ChoiceField(label=_("Kind"), choices=RatingList.Kind.choices)
    file = forms.FileField(label=_("CSV file"), help_text=_("With a header row; at most 20 MB and 200,000 players."),
                           required=False)
    # The file uploaded for the preview, kept until "Save the list" (services.rating_lists.keep_upload).
    upload = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)
    col_player_id = forms.CharField(label=_("Column of the id"), required=False)
    col_last_name = forms.CharField(label=_("Column of the last name"), required=False)
    col_first_name = forms.CharField(label=_("Column of the first name"), required=False)
    col_name = forms.CharField(label=_("Column of the full name (Last, First)"), required=False)
    col_country = forms.CharField(label=_("Column of the country"), required=False)
    col_rating = forms.CharField(label=_("Column of the rating"), required=False)
    col_title = forms.CharField(label=_("Column of the title"), required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("file") and not data.get("upload"):
            self.add_error("file", _("Choose the list's file."))
        return data

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
    return Entry.objects.filter(tournament=tournament).order_by("start_number", "id")


class EntryChoiceField(forms.ModelChoiceField[Entry]):
    def label_from_instance(self, obj: Entry) -> str:
        return f"{obj.start_number or '–'}. {obj.name}"


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
        label=_("Pair even though results of earlier rounds are not all confirmed or correction requests wait"),
        required=False
    )


class SwapPlayersForm(forms.Form):
    first = forms.IntegerField(label=_("Start number of one player"), min_value=1)
    second = forms.IntegerField(label=_("Start number of the other"), min_value=1)
