"""The settings of a pairing system as form fields: the Django side of the one registry
(``tournaments.pairing.systems.SYSTEMS``).

Each ``SystemSpec`` lists its options (``OptionSpec``: name, type, default, choices); the settings page
shows one field per option of the tournament's system, labelled in the active language, and stores
what differs from the defaults in ``Tournament.system_options``. A new system with new options needs
its labels here (a missing one falls back to the option's English help) and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrPromise

from tournaments.pairing.systems import OptionError, OptionSpec, OptionValue, SystemSpec

# Option name -> label (the same name means the same thing in every system that has it).
OPTION_LABELS: dict[str, StrPromise] = {
    "baku_acceleration": _("Baku acceleration"),
    "solkoff_variant": _("Solkoff variant (pairing order and final ranking)"),
    "round1": _("Round 1"),
    "colours": _("Colours"),
    "adjacent": _("Pair neighbours (1-2, 3-4, ...) instead of the top half against the bottom half"),
    "round1_adjacent": _("Round 1: pair neighbours in lot order (1-2, 3-4, ...)"),
    "rematch_rounds": _("No rematch within this many rounds"),
    "min_games": _("Games needed to be ranked among the classified"),
    "swap_last_two": _("Play the last two rounds of the first cycle swapped (FIDE)"),
    "top_value": _("Value of the top player"),
    "step": _("Value step per place"),
    "own_value_base": _("Add the player's own value once"),
    "win": _("A win earns (part of the opponent's value)"),
    "draw": _("A draw earns (part of the opponent's value)"),
    "loss": _("A loss earns (part of the opponent's value)"),
    "absence": _("An absence with notice earns (part of the own value)"),
    "bye": _("The odd player out earns (part of the own value)"),
    "absence_cap": _("Absences with notice that score (empty: all)"),
    "iterations": _("Recalculation passes"),
    "long_absence": _("A long absence earns (part of the own value)"),
    "long_absence_cap": _("Long absences that score (empty: all)"),
    "max_meetings": _("At most this many meetings of two players (empty: no limit)"),
    "initial_order": _("Start numbers in the order of the first ranking (comma-separated; empty: by rating)"),
}
# Choice value -> label.
CHOICE_LABELS: dict[str, StrPromise] = {
    "full": _("full truncated (Ts1, Ts2, ... in turn)"),
    "short": _("short truncated (without the lowest)"),
    "median": _("median (without the highest and the lowest)"),
    "plain": _("plain (all opponents)"),
    "plus": _("Solkoff-plus (the opponents' Solkoffs)"),
    "lot": _("by lot (start numbers)"),
    "rating": _("by rating"),
    "fide": _("FIDE's basic rules"),
    "balance": _("by colour balance (the lower balance gets White)"),
}

PREFIX = "option_"


def option_field(option: OptionSpec) -> forms.Field:
    """The form field of one option (its label in the active language)."""
    label: str | StrPromise = OPTION_LABELS.get(option.name, option.help)
    if option.choices is not None:
        return forms.ChoiceField(label=label, choices=[(c, CHOICE_LABELS.get(c, c)) for c in option.choices])
    if option.type == "bool":
        return forms.BooleanField(label=label, required=False)
    if option.type == "int":
        return forms.IntegerField(label=label, min_value=0)
    if option.type == "optional_int":
        return forms.IntegerField(label=label, min_value=0, required=False)
    if option.type == "float":
        return forms.FloatField(label=label, min_value=0)
    return forms.CharField(label=label, required=False, max_length=400)


def option_fields(spec: SystemSpec, stored: Mapping[str, object]) -> dict[str, tuple[forms.Field, Any]]:
    """Field name -> (field, initial value) for every option of ``spec``, from the stored options
    (a stored value the spec no longer takes counts as its default)."""
    try:
        current = spec.validate(stored)
    except OptionError:
        current = spec.defaults()
    out = {}
    for option in spec.options:
        value = current[option.name]
        if option.type == "int_list":
            value = ", ".join(str(v) for v in value) if isinstance(value, tuple) else ""
        out[PREFIX + option.name] = (option_field(option), value)
    return out


def options_from(spec: SystemSpec, data: Mapping[str, Any]) -> dict[str, OptionValue]:
    """The options a settings form posted, checked by the spec, keeping only what differs from the
    defaults (``OptionError`` naming a bad one)."""
    posted = {o.name: data.get(PREFIX + o.name) for o in spec.options if PREFIX + o.name in data}
    values = spec.validate({k: v for k, v in posted.items() if v is not None or _optional(spec, k)})
    defaults = spec.defaults()
    return {k: v for k, v in values.items() if v != defaults[k]}


def _optional(spec: SystemSpec, name: str) -> bool:
    return any(o.name == name and o.type in ("optional_int", "int_list", "bool") for o in spec.options)
