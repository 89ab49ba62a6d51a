"""Rating presets: named, documented parameter sets loaded from ``data/presets/*.toml`` (pure).

A preset holds everything a federation decides: the expectancy curve and its cap, how K is chosen
and on which score scale it applies, the performance method and its table, the rounding of the new
rating, the rule for players without a rating, and an optional gain cap. The numbers are data;
the files say where each comes from and what could not be verified (``status = "estimate"``).
``data/presets/template.toml`` is the starting point for a federation's own.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from tournaments.ratings.expectancy import EXPECTANCY_KINDS, Expectancy
from tournaments.ratings.performance import PERFORMANCE_METHODS
from tournaments.ratings.rounding import ROUNDING_MODES
from tournaments.ratings.tables import DATA, RatingDataError, dp_table, pd_table, read_toml

PRESETS: tuple[str, ...] = ("fide", "fmjd", "kndb")
PRESET_DIR = DATA / "presets"
NEW_PLAYER_METHODS: tuple[str, ...] = ("table", "formula", "linear")


def number(value: object, where: str) -> float:
    """A TOML number, or a fraction written as text ("2000/7"), as a float."""
    if isinstance(value, bool):
        raise RatingDataError(where, f"expected a number, got {value!r}")
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(Fraction(value.replace(" ", "")))
        except (ValueError, ZeroDivisionError):
            pass
    raise RatingDataError(where, f'expected a number or a fraction like "2000/7", got {value!r}')


def _opt(table: dict[str, Any], key: str, where: str) -> float | None:
    return None if key not in table else number(table[key], f"{where}.{key}")


_ALLOWED: dict[str, frozenset[str]] = {
    "": frozenset({"name", "title", "status", "source", "expectancy", "k", "performance", "rounding", "new_player",
                   "gain_cap"}),
    "expectancy": frozenset({"kind", "table", "sigma", "scale", "cap"}),
    "k": frozenset({"kind", "scale_win", "reduced_event_factor", "rules", "numerator", "minimum",
                    "unknown_prior_games", "effective_games"}),
    "k.rules": frozenset({"k", "prior_games_below", "prior_games_at_least", "age_below", "rating_below",
                          "rating_at_least"}),
    "k.effective_games": frozenset({"prior_games_at_least", "prior_games_below", "prior_games_above",
                                    "overperformance_above", "games_above", "ne", "ne_sqrt_prior_times", "ne_prior"}),
    "performance": frozenset({"default", "dp_table", "formula_cap"}),
    "rounding": frozenset({"new_rating", "new_rating_places"}),
    "new_player": frozenset({"min_games", "min_score", "method", "linear_span", "hypothetical_opponents", "floor",
                             "ceiling"}),
    "gain_cap": frozenset({"enabled", "span"}),
}  # fmt: skip


def _known(table: object, section: str, where: str) -> None:
    """Refuse keys a preset does not know (a typo would otherwise be silently ignored)."""
    if not isinstance(table, dict):
        raise RatingDataError(where, f"[{section}] must be a table")
    unknown = sorted(set(table) - _ALLOWED[section])
    if unknown:
        raise RatingDataError(where, f"unknown keys in [{section or 'top level'}]: {', '.join(unknown)}")


def _check_keys(data: dict[str, Any], where: str) -> None:
    _known(data, "", where)
    for section in ("expectancy", "k", "performance", "rounding", "new_player", "gain_cap"):
        if section in data:
            _known(data[section], section, where)
    k = data.get("k", {})
    for sub in ("rules", "effective_games"):
        for item in k.get(sub, []) if isinstance(k, dict) else []:
            _known(item, f"k.{sub}", where)


def _table(data: dict[str, Any], key: str, where: str, *, required: bool = True) -> dict[str, Any]:
    value = data.get(key)
    if value is None and not required:
        return {}
    if not isinstance(value, dict):
        raise RatingDataError(where, f"[{key}] table is missing")
    return value


@dataclass(frozen=True)
class PlayerFacts:
    """What K may depend on. None: the event does not know it (a rule on it then does not hold)."""

    rating: float
    games: int = 0  # rated games in this event (N)
    prior_games: int | None = None  # games before (N0)
    age: int | None = None
    overperformance: float = 0.0  # (W - We) / N on the 0..1 scale


@dataclass(frozen=True)
class KRule:
    """K = ``k`` when every given condition holds."""

    k: float
    prior_games_below: float | None = None
    prior_games_at_least: float | None = None
    age_below: float | None = None
    rating_below: float | None = None
    rating_at_least: float | None = None

    def matches(self, f: PlayerFacts) -> bool:
        checks: list[bool] = []
        if self.prior_games_below is not None:
            checks.append(f.prior_games is not None and f.prior_games < self.prior_games_below)
        if self.prior_games_at_least is not None:
            checks.append(f.prior_games is not None and f.prior_games >= self.prior_games_at_least)
        if self.age_below is not None:
            checks.append(f.age is not None and f.age < self.age_below)
        if self.rating_below is not None:
            checks.append(f.rating < self.rating_below)
        if self.rating_at_least is not None:
            checks.append(f.rating >= self.rating_at_least)
        return all(checks)


@dataclass(frozen=True)
class NeRule:
    """Effective games Ne (KNDB): a fixed ``ne``, sqrt(N0 * ``ne_sqrt_prior_times``), or N0 itself."""

    prior_games_at_least: float | None = None
    prior_games_below: float | None = None
    prior_games_above: float | None = None
    overperformance_above: float | None = None
    games_above: float | None = None
    ne: float | None = None
    ne_sqrt_prior_times: float | None = None
    ne_prior: bool = False

    def matches(self, n0: float, f: PlayerFacts) -> bool:
        return all(
            [
                self.prior_games_at_least is None or n0 >= self.prior_games_at_least,
                self.prior_games_below is None or n0 < self.prior_games_below,
                self.prior_games_above is None or n0 > self.prior_games_above,
                self.overperformance_above is None or f.overperformance > self.overperformance_above,
                self.games_above is None or f.games > self.games_above,
            ]
        )

    def value(self, n0: float) -> float:
        if self.ne is not None:
            return self.ne
        if self.ne_sqrt_prior_times is not None:
            return math.sqrt(n0 * self.ne_sqrt_prior_times)
        return n0


@dataclass(frozen=True)
class KPolicy:
    """How K is chosen. ``scale_win``: K multiplies scores on the scale where a win is worth this."""

    kind: str = "rules"
    scale_win: float = 1.0
    rules: tuple[KRule, ...] = (KRule(20.0),)
    numerator: float = 400.0
    minimum: float = 0.0
    unknown_prior_games: float = 0.0
    effective_games: tuple[NeRule, ...] = ()
    reduced_event_factor: float | None = None

    def k_for(self, f: PlayerFacts) -> float:
        """K for this player (on the ``scale_win`` scale)."""
        if self.kind == "rules":
            for rule in self.rules:
                if rule.matches(f):
                    return rule.k
            raise RatingDataError("[k.rules]", "no rule applies: end the list with a rule without conditions")
        n0 = float(f.prior_games) if f.prior_games is not None else self.unknown_prior_games
        ne = next((r.value(n0) for r in self.effective_games if r.matches(n0, f)), n0)
        if ne + f.games <= 0:
            return self.minimum
        return max(self.minimum, self.numerator / (ne + f.games))


@dataclass(frozen=True)
class NewPlayerRule:
    """A first rating from one event for a player without one (None in a preset: no such rule)."""

    min_games: int = 5
    min_score: float = 0.5  # 0..1 scale, against rated opponents
    method: str = "table"
    linear_span: float = 800.0
    hypothetical: tuple[tuple[float, float], ...] = ()  # (rating, score 0..1)
    floor: float | None = None
    ceiling: float | None = None


@dataclass(frozen=True)
class GainCap:
    """Rlim = R0 + (WP - NP) / win * span / N: a gain may not take the new rating above it."""

    enabled: bool = False
    span: float = 800.0


@dataclass(frozen=True)
class Preset:
    name: str
    title: str
    status: str  # "published" or "estimate"
    source: str
    expectancy: Expectancy
    k: KPolicy
    performance: str = "table"
    dp_table: str = "fide_dp_8_1_1"
    formula_cap: float = 800.0
    rounding: str = "half_up"
    rounding_places: int = 0
    new_player: NewPlayerRule | None = None
    gain_cap: GainCap = GainCap()

    @property
    def estimate(self) -> bool:
        """True when a number of the preset is assumed: changes are then labelled as estimates."""
        return self.status != "published"


def _expectancy(data: dict[str, Any], where: str) -> Expectancy:
    t = _table(data, "expectancy", where)
    kind = t.get("kind")
    if kind not in EXPECTANCY_KINDS:
        raise RatingDataError(f"{where} [expectancy]", f"kind must be one of {', '.join(EXPECTANCY_KINDS)}")
    cap = _opt(t, "cap", f"{where} expectancy")
    if kind == "table":
        name = t.get("table")
        if not isinstance(name, str):
            raise RatingDataError(f"{where} [expectancy]", "a table expectancy names its table")
        pd_table(name)  # fails early, naming the file
        return Expectancy("table", table=name, cap=cap)
    if kind == "normal":
        sigma = number(t.get("sigma"), f"{where} expectancy.sigma")
        return Expectancy("normal", sigma=sigma, cap=cap)
    scale = number(t.get("scale", 400), f"{where} expectancy.scale")
    return Expectancy("logistic", scale=scale, cap=cap)


def _k_policy(data: dict[str, Any], where: str) -> KPolicy:
    t = _table(data, "k", where)
    w = f"{where} [k]"
    kind = t.get("kind", "rules")
    scale_win = number(t.get("scale_win", 1.0), f"{w}.scale_win")
    reduced = _opt(t, "reduced_event_factor", w)
    if kind == "rules":
        raw = t.get("rules")
        if not isinstance(raw, list) or not raw:
            raise RatingDataError(w, "[[k.rules]] is missing")
        rules = tuple(
            KRule(
                number(r.get("k"), f"{w}.rules[{i}].k"),
                prior_games_below=_opt(r, "prior_games_below", w),
                prior_games_at_least=_opt(r, "prior_games_at_least", w),
                age_below=_opt(r, "age_below", w),
                rating_below=_opt(r, "rating_below", w),
                rating_at_least=_opt(r, "rating_at_least", w),
            )
            for i, r in enumerate(raw)
        )
        if any(r != KRule(r.k) for r in rules[-1:]):
            raise RatingDataError(w, "the last [[k.rules]] must have no conditions (the default K)")
        return KPolicy("rules", scale_win, rules, reduced_event_factor=reduced)
    if kind != "effective_games":
        raise RatingDataError(w, 'kind must be "rules" or "effective_games"')
    ne_rules = tuple(
        NeRule(
            prior_games_at_least=_opt(r, "prior_games_at_least", w),
            prior_games_below=_opt(r, "prior_games_below", w),
            prior_games_above=_opt(r, "prior_games_above", w),
            overperformance_above=_opt(r, "overperformance_above", w),
            games_above=_opt(r, "games_above", w),
            ne=_opt(r, "ne", w),
            ne_sqrt_prior_times=_opt(r, "ne_sqrt_prior_times", w),
            ne_prior=bool(r.get("ne_prior", False)),
        )
        for r in t.get("effective_games", [])
    )
    return KPolicy(
        "effective_games",
        scale_win,
        (),
        numerator=number(t.get("numerator", 400), f"{w}.numerator"),
        minimum=number(t.get("minimum", 0), f"{w}.minimum"),
        unknown_prior_games=number(t.get("unknown_prior_games", 0), f"{w}.unknown_prior_games"),
        effective_games=ne_rules,
        reduced_event_factor=reduced,
    )


def _new_player(data: dict[str, Any], where: str) -> NewPlayerRule | None:
    t = _table(data, "new_player", where, required=False)
    if not t:
        return None
    w = f"{where} [new_player]"
    method = t.get("method", "table")
    if method not in NEW_PLAYER_METHODS:
        raise RatingDataError(w, f"method must be one of {', '.join(NEW_PLAYER_METHODS)}")
    hypo = t.get("hypothetical_opponents", [])
    if not isinstance(hypo, list) or not all(isinstance(h, list) and len(h) == 2 for h in hypo):
        raise RatingDataError(w, "hypothetical_opponents is a list of [rating, score] pairs")
    return NewPlayerRule(
        min_games=int(number(t.get("min_games", 1), f"{w}.min_games")),
        min_score=number(t.get("min_score", 0), f"{w}.min_score"),
        method=method,
        linear_span=number(t.get("linear_span", 800), f"{w}.linear_span"),
        hypothetical=tuple((number(r, w), number(s, w)) for r, s in hypo),
        floor=_opt(t, "floor", w),
        ceiling=_opt(t, "ceiling", w),
    )


def preset_from_dict(data: dict[str, Any], where: str) -> Preset:
    """A preset from parsed TOML; ``RatingDataError`` naming the file and key when malformed."""
    _check_keys(data, where)
    for key in ("name", "title", "status", "source"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise RatingDataError(where, f"{key} is missing (a preset says what it is and where it comes from)")
    perf = _table(data, "performance", where)
    method = perf.get("default", "table")
    if method not in PERFORMANCE_METHODS:
        raise RatingDataError(f"{where} [performance]", f"default must be one of {', '.join(PERFORMANCE_METHODS)}")
    table = perf.get("dp_table", "fide_dp_8_1_1")
    if not isinstance(table, str):
        raise RatingDataError(f"{where} [performance]", "dp_table is a table name")
    dp_table(table)
    rounding = _table(data, "rounding", where)
    mode = rounding.get("new_rating", "half_up")
    if mode not in ROUNDING_MODES:
        raise RatingDataError(f"{where} [rounding]", f"new_rating must be one of {', '.join(ROUNDING_MODES)}")
    cap = _table(data, "gain_cap", where, required=False)
    return Preset(
        name=data["name"],
        title=data["title"],
        status=data["status"],
        source=data["source"],
        expectancy=_expectancy(data, where),
        k=_k_policy(data, where),
        performance=method,
        dp_table=table,
        formula_cap=number(perf.get("formula_cap", 800), f"{where} performance.formula_cap"),
        rounding=mode,
        rounding_places=int(number(rounding.get("new_rating_places", 0), f"{where} rounding.new_rating_places")),
        new_player=_new_player(data, where),
        gain_cap=GainCap(bool(cap.get("enabled", False)), number(cap.get("span", 800), f"{where} gain_cap.span")),
    )


def load_preset_file(path: str | Path) -> Preset:
    """A preset from any TOML file (a federation's own, from ``template.toml``)."""
    p = Path(path)
    return preset_from_dict(read_toml(p), p.name)


@cache
def load_preset(name: str) -> Preset:
    """A shipped preset by name (``PRESETS``)."""
    if name not in PRESETS:
        raise RatingDataError(f"preset {name!r}", f"unknown; known: {', '.join(PRESETS)}")
    return load_preset_file(PRESET_DIR / f"{name}.toml")
