"""The pairing systems, one registry (pure): what each is, which engine pairs it, with which options.

Every engine takes a ``PairingInput`` (players with their histories, the round, scoring, prohibited
pairs) and returns a ``RoundPairing`` whose boards carry their reasons; the secondary scores an
engine orders by (Solkoff, resistance points, moyenne, the Keizer score) are computed by the
engine from the histories with ``tournaments.scores``, the same code the standings use.
``SystemSpec.secondary_scores`` names them (tie-break codes where one exists: SOLK/T, WP, SB,
RTNG; MOY for the moyenne, KEIZER for the Keizer score) so a page can show them.

Adding a system = one module with its engine + one ``SystemSpec`` line in ``SYSTEMS``.

Use::

    spec = SYSTEMS["solkoff"]
    pair = spec.configure({"solkoff_variant": "short"})   # validated options -> engine
    round_pairing = pair(pairing_input)

``spec.engine`` pairs with the default options. ``from_trf_code("FMJD_SWISS_RATING")`` finds a
system by its TRF 192 code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Literal

from tournaments.pairing.berger import pair_round_robin
from tournaments.pairing.colours import COLOUR_RULES
from tournaments.pairing.dutch import explain_board, explain_bye, pair_dutch
from tournaments.pairing.fmjd import SOLKOFF_VARIANTS, pair_rating, pair_solkoff
from tournaments.pairing.keizer import KeizerParams, pair_keizer
from tournaments.pairing.model import PairingInput, RoundPairing
from tournaments.pairing.moyenne import DEFAULT_REMATCH_ROUNDS, pair_moyenne
from tournaments.pairing.resistance import pair_resistance
from tournaments.vocabulary import EXCUSED_ABSENCE_CODE

Kind = Literal["swiss", "round_robin", "double_round_robin", "keizer", "moyenne"]
Engine = Callable[[PairingInput], RoundPairing]
OptionValue = bool | int | float | str | None | tuple[int, ...]


def gettext_noop(message: str) -> str:
    """Marks a name for the translators (the web layer translates it; this module stays pure)."""
    return message


class OptionError(ValueError):
    """A system option that does not exist or has a bad value (the message names it)."""


OptionType = Literal["bool", "int", "float", "str", "optional_int", "int_list"]


@dataclass(frozen=True)
class OptionSpec:
    """One setting of a system: its name, type, default, allowed values (None: any of the type),
    whether it changes the pairing (or only the standings), and its command-line flag."""

    name: str
    type: OptionType
    default: OptionValue
    help: str
    choices: tuple[str, ...] | None = None
    changes_pairing: bool = True
    flag: str | None = None
    # Appended to the system's TRF 192 code when the option is on (``FIDE_DUTCH_2025_BAKU``).
    trf_suffix: str = ""

    def parse(self, value: object) -> OptionValue:
        """The value converted to the option's type; ``OptionError`` when it does not fit."""
        try:
            parsed = _convert(self.type, value)
        except (TypeError, ValueError) as exc:
            raise OptionError(f"option {self.name}: {value!r} is not valid ({exc})") from None
        if self.choices is not None and parsed not in self.choices:
            raise OptionError(f"option {self.name}: {value!r} is not one of {', '.join(self.choices)}")
        return parsed


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _convert(kind: OptionType, value: object) -> OptionValue:
    if kind == "bool":
        if isinstance(value, bool):
            return value
        low = str(value).strip().lower()
        if low not in _TRUE + _FALSE:
            raise ValueError("expected yes or no")
        return low in _TRUE
    if kind == "int_list":
        items = str(value).split(",") if isinstance(value, str) else list(value)  # type: ignore[call-overload]
        return tuple(int(str(x).strip()) for x in items if str(x).strip())
    if kind == "optional_int":
        if value is None or str(value).strip() == "":
            return None
        return int(str(value).strip())
    if isinstance(value, bool):
        raise ValueError("expected a number or a word, not yes/no")
    if kind == "int":
        return int(str(value).strip())
    if kind == "float":
        number = float(str(value).strip())
        if number != number or number in (float("inf"), float("-inf")):
            raise ValueError("not a finite number")
        return number
    return str(value)


@dataclass(frozen=True)
class SystemSpec:
    """A pairing system: ``key`` (stable identifier), display ``name``, ``kind`` (what the standings
    rank by), the ``pair`` function (input, options -> round), its ``options``, the TRF 192
    ``trf_code``, the standings' ``default_tiebreaks`` and the ``secondary_scores`` it orders by."""

    key: str
    name: str
    kind: Kind
    pair: Callable[[PairingInput, Mapping[str, OptionValue]], RoundPairing]
    options: tuple[OptionSpec, ...] = ()
    trf_code: str | None = None
    default_tiebreaks: tuple[str, ...] = ()
    secondary_scores: tuple[str, ...] = ()
    description: str = ""
    # Why a board or a bye stands as it does after an arbiter changed the pairing, in the engine's own
    # words (None: the system says only that an arbiter changed it).
    explain_board: Callable[[PairingInput, int, int], tuple[str, ...]] | None = None
    explain_bye: Callable[[PairingInput, int], tuple[str, ...]] | None = None
    # The code an absence with notice leaves in the history (None: an absence, ``Z``, like any other).
    excused_absence_code: str | None = None
    # The default tie-breaks when an option decides them (the Solkoff variant the event names).
    tiebreaks_for: Callable[[Mapping[str, OptionValue]], tuple[str, ...]] | None = None
    # A check of the options together (ValueError naming what is wrong), e.g. Keizer's parameters.
    check_options: Callable[[Mapping[str, OptionValue]], object] | None = None

    @property
    def round_robin(self) -> bool:
        return self.kind in ("round_robin", "double_round_robin")

    def tiebreaks(self, options: Mapping[str, object] | None = None) -> tuple[str, ...]:
        """The standings' default tie-break order of the system with these options."""
        if self.tiebreaks_for is not None:
            return self.tiebreaks_for(self.validate(options))
        return self.default_tiebreaks

    def trf_code_for(self, options: Mapping[str, object] | None = None) -> str | None:
        """The TRF 192 code of the system with these options (an option may add its suffix)."""
        if self.trf_code is None:
            return None
        opts = self.validate(options)
        return self.trf_code + "".join(o.trf_suffix for o in self.options if o.trf_suffix and opts.get(o.name))

    def defaults(self) -> dict[str, OptionValue]:
        return {o.name: o.default for o in self.options}

    def validate(self, options: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """The full option set: defaults overridden by ``options`` (each checked)."""
        known = {o.name: o for o in self.options}
        out = self.defaults()
        for name, value in (options or {}).items():
            if name not in known:
                raise OptionError(f"{self.key}: unknown option {name!r}; known: {', '.join(known) or 'none'}")
            out[name] = known[name].parse(value)
        if self.check_options is not None:
            try:
                self.check_options(out)
            except (TypeError, ValueError) as exc:
                raise OptionError(f"{self.key}: {exc}") from None
        return out

    def configure(self, options: Mapping[str, object] | None = None) -> Engine:
        """The engine with these options (validated now, so a bad setting fails before pairing)."""
        opts = self.validate(options)
        return lambda inp: self.pair(inp, opts)

    @property
    def engine(self) -> Engine:
        """The engine with the default options."""
        return self.configure()


def _dutch(inp: PairingInput, options: Mapping[str, OptionValue]) -> RoundPairing:
    return pair_dutch(replace(inp, baku_acceleration=bool(options.get("baku_acceleration", inp.baku_acceleration))))


def _berger(double: bool) -> Callable[[PairingInput, Mapping[str, OptionValue]], RoundPairing]:
    def pair(inp: PairingInput, options: Mapping[str, OptionValue]) -> RoundPairing:
        return pair_round_robin(inp, double=double, swap_last_two=bool(options.get("swap_last_two", True)))

    return pair


def _keizer(inp: PairingInput, options: Mapping[str, OptionValue]) -> RoundPairing:
    return pair_keizer(inp, KeizerParams(**options))  # type: ignore[arg-type]


_KEIZER_HELP = {
    "top_value": "value of number one",
    "step": "decay step: how much less each next rank is worth",
    "own_value_base": "the player's own value counts once",
    "win": "a win: fraction of the opponent's value",
    "draw": "a draw: fraction of the opponent's value",
    "loss": "a loss: fraction of the opponent's value",
    "absence": "announced absence (H): fraction of the own value",
    "bye": "bye or absent opponent: fraction of the own value",
    "absence_cap": "how many announced absences are paid (empty: all)",
    "rematch_rounds": "minimum rounds between two meetings of the same players",
    "iterations": "recalculation passes",
    "long_absence": "long absence (F): fraction of the own value",
    "long_absence_cap": "how many long absences are paid (empty: all)",
    "max_meetings": "maximum meetings of two players in the season (empty: no cap)",
    "initial_order": "start numbers in the order of the first ranking (others follow by start number)",
}
_KEIZER_DEFAULTS = KeizerParams()
_ANNOTATION_TYPES: dict[str, OptionType] = {
    "float": "float",
    "bool": "bool",
    "int": "int",
    "int | None": "optional_int",
    "tuple[int, ...]": "int_list",
}
KEIZER_OPTIONS = tuple(
    OptionSpec(f.name, _ANNOTATION_TYPES[str(f.type)], getattr(_KEIZER_DEFAULTS, f.name), _KEIZER_HELP[f.name])
    for f in fields(KeizerParams)
)


def _colours(default: str) -> OptionSpec:
    return OptionSpec(
        "colours",
        "str",
        default,
        "colour rule: FIDE's basic rules (fide) or the lower colour balance gets White (balance)",
        choices=COLOUR_RULES,
    )


_SWAP = OptionSpec(
    "swap_last_two", "bool", True, "double round robin: play the last two rounds of cycle 1 swapped (FIDE)"
)

SYSTEMS: dict[str, SystemSpec] = {
    s.key: s
    for s in (
        SystemSpec(
            "dutch",
            gettext_noop("Swiss (FIDE Dutch)"),
            "swiss",
            _dutch,
            options=(OptionSpec("baku_acceleration", "bool", False,
                                "Baku acceleration: virtual points for the top half in the first rounds (C.04.5.1)",
                                trf_suffix="_BAKU"),),
            trf_code="FIDE_DUTCH_2025",
            explain_board=explain_board,
            explain_bye=explain_bye,
            default_tiebreaks=("BH/C1", "BH", "SB", "WIN", "DE"),
            description=gettext_noop("FIDE's Dutch Swiss system (C.04.3), as bbpPairings and JaVaFo pair it"),
        ),
        SystemSpec(
            "solkoff",
            gettext_noop("Swiss on Solkoff (FMJD)"),
            "swiss",
            pair_solkoff,
            options=(
                OptionSpec(
                    "solkoff_variant",
                    "str",
                    "full",
                    "the Solkoff variant inside a score group (and in the standings)",
                    choices=tuple(SOLKOFF_VARIANTS),
                    flag="--solkoff-variant",
                ),
                OptionSpec(
                    "round1", "str", "lot", "round 1 by lot (start numbers) or by rating", choices=("lot", "rating")
                ),
                _colours("fide"),
            ),
            trf_code="FMJD_SWISS_SOLKOFF",
            default_tiebreaks=("SOLK/T", "RTNG"),
            tiebreaks_for=lambda o: (SOLKOFF_VARIANTS[str(o["solkoff_variant"])], "RTNG"),
            secondary_scores=("SOLK/T",),
            description=gettext_noop(
                "FMJD Swiss: score groups ordered by Solkoff, top half against bottom half; round 1 by lot"
            ),
        ),
        SystemSpec(
            "rating",
            gettext_noop("Swiss on rating (FMJD, PNDB)"),
            "swiss",
            pair_rating,
            options=(_colours("fide"),),
            trf_code="FMJD_SWISS_RATING",
            default_tiebreaks=("ARO",),
            secondary_scores=("RTNG",),
            description=gettext_noop(
                "FMJD Swiss: score groups ordered by rating, top half against bottom half, the lowest-rated of "
                "an odd group meets the highest-rated of the next"
            ),
        ),
        SystemSpec(
            "resistance",
            gettext_noop("Swiss on resistance points (Toernooimanager)"),
            "swiss",
            pair_resistance,
            options=(
                OptionSpec("adjacent", "bool", False, "pair 1-2, 3-4, ... instead of halves", flag="--adjacent"),
                OptionSpec(
                    "round1_adjacent", "bool", True, "round 1: pair 1-2, 3-4, ... in lot order (Toernooimanager)"
                ),
                _colours("balance"),
            ),
            trf_code="TM_SWISS_RESISTANCE",
            default_tiebreaks=("WP", "SB"),
            secondary_scores=("WP", "SB"),
            description=gettext_noop(
                "Dutch clubs' Swiss: score groups ordered by resistance points, then Sonneborn-Berger; round 1 by lot"
            ),
        ),
        SystemSpec(
            "moyenne",
            gettext_noop("Moyenne"),
            "moyenne",
            pair_moyenne,
            options=(
                OptionSpec("rematch_rounds", "int", DEFAULT_REMATCH_ROUNDS, "no rematch within this many rounds"),
                OptionSpec(
                    "min_games", "int", 0, "games needed to be ranked among the classified", changes_pairing=False
                ),
            ),
            trf_code="MOYENNE",
            default_tiebreaks=("SB",),
            secondary_scores=("MOY",),
            description=gettext_noop("Club competition: points per game played; present players paired by moyenne"),
        ),
        SystemSpec(
            "keizer",
            gettext_noop("Keizer"),
            "keizer",
            _keizer,
            options=KEIZER_OPTIONS,
            trf_code="KEIZER",
            excused_absence_code=EXCUSED_ABSENCE_CODE,
            check_options=lambda o: KeizerParams(**o),  # type: ignore[arg-type]
            default_tiebreaks=("SB", "DE"),
            secondary_scores=("KEIZER",),
            description=gettext_noop("Club competition: iterated Keizer score, present players paired top-down"),
        ),
        SystemSpec(
            "berger",
            gettext_noop("Round robin"),
            "round_robin",
            _berger(double=False),
            trf_code="ROUND_ROBIN_BERGER",
            default_tiebreaks=("DE", "WIN", "SB", "KS"),
            description=gettext_noop("Everyone meets everyone once, by the Berger tables (FIDE C.05 Annex 1)"),
        ),
        SystemSpec(
            "berger_double",
            gettext_noop("Double round robin"),
            "double_round_robin",
            _berger(double=True),
            options=(_SWAP,),
            trf_code="DOUBLE_ROUND_ROBIN_BERGER",
            default_tiebreaks=("DE", "WIN", "SB", "KS"),
            description=gettext_noop("Everyone meets everyone twice, colours reversed, by the Berger tables"),
        ),
    )
}


def get(key: str) -> SystemSpec:
    """The system ``key``; ``OptionError`` naming the known ones when there is none."""
    try:
        return SYSTEMS[key]
    except KeyError:
        raise OptionError(f"unknown pairing system {key!r}; known: {', '.join(SYSTEMS)}") from None


def for_kind(kind: str) -> SystemSpec:
    """The system of a file that says only its kind (a TRF without a known 192 code): the first one the
    registry holds of that ``kind`` (the Dutch Swiss for ``swiss``)."""
    for spec in SYSTEMS.values():
        if spec.kind == kind:
            return spec
    raise KeyError(kind)


def from_trf_code(code: str) -> SystemSpec | None:
    """The system whose TRF 192 code starts ``code`` (``FIDE_DUTCH_2025_BAKU`` is Dutch), or None."""
    text = code.strip().upper()
    best: SystemSpec | None = None
    for spec in SYSTEMS.values():
        if (
            spec.trf_code
            and text.startswith(spec.trf_code)
            and (best is None or len(spec.trf_code) > len(best.trf_code or ""))
        ):
            best = spec
    return best
