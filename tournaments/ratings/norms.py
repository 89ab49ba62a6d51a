"""Title norms from a requirement table loaded as data (pure).

A table (``data/norms/*.toml``) lists per title: games, the opponents' average rating, the
performance, the score share, titled and title-holding opponents, foreign opponents, unrated
opponents, and a rating floor. FIDE B.01 (2024) is shipped as the worked example
(``fide_b01.toml``); ``template.toml`` is the start of a federation's own; ``fmjd.toml`` says
that FMJD's numbers were not found in a readable copy (it has no titles and does not load).

``check_norm`` gives, for one player and one title, every requirement with its figures, whether it
is met, and the score needed given these opponents (the smallest score, in half-game steps, whose
performance reaches the requirement and whose share reaches the minimum; None when no score
would). ``norm_table`` does it for every title of a table.

Scores are on the 0..1 scale per game (draughts points / 2); ``win_points`` converts the
answers back to the event's game points.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from tournaments.ratings.presets import number
from tournaments.ratings.rounding import round_half_up
from tournaments.ratings.tables import DATA, RatingDataError, dp_table, read_toml

NORM_DIR = DATA / "norms"
NORM_TABLES: tuple[str, ...] = ("fide_b01",)

_FRACTION_KEYS = (
    "min_score_share",
    "min_titled_share",
    "min_title_holders_share",
    "max_own_federation_share",
    "max_one_federation_share",
    "max_unrated_share",
)
_NUMBER_KEYS = (
    "min_games",
    "min_performance",
    "min_average_rating",
    "rating_floor",
    "min_title_holders",
    "min_other_federations",
)
_LIST_KEYS = ("titled", "title_holders")
_KEYS = frozenset({"code", *_FRACTION_KEYS, *_NUMBER_KEYS, *_LIST_KEYS})


@dataclass(frozen=True)
class TitleRequirement:
    """What one title's norm asks for; None: not required."""

    code: str
    min_games: int | None = None
    min_performance: int | None = None
    min_average_rating: int | None = None
    rating_floor: int | None = None
    min_score_share: Fraction | None = None
    titled: tuple[str, ...] = ()
    min_titled_share: Fraction | None = None
    title_holders: tuple[str, ...] = ()
    min_title_holders_share: Fraction | None = None
    min_title_holders: int | None = None
    min_other_federations: int | None = None
    max_own_federation_share: Fraction | None = None
    max_one_federation_share: Fraction | None = None
    max_unrated_share: Fraction | None = None


@dataclass(frozen=True)
class NormTable:
    name: str
    title: str
    status: str
    source: str
    unrated_rating: int
    dp_table: str
    titles: tuple[TitleRequirement, ...]

    def requirement(self, code: str) -> TitleRequirement:
        for t in self.titles:
            if t.code == code:
                return t
        raise KeyError(code)


@dataclass(frozen=True)
class NormOpponent:
    """One game of the player: the opponent's rating (0: unrated), title, federation, and the score."""

    rating: int
    score: float  # 0..1
    title: str = ""
    federation: str = ""


@dataclass(frozen=True)
class Check:
    """One requirement: its name, whether it holds, and the figures in plain words."""

    rule: str
    ok: bool
    detail: str


@dataclass(frozen=True)
class NormResult:
    title: str
    met: bool
    games: int
    score: float  # in the event's game points
    average_rating: int | None
    performance: int | None
    score_needed: float | None  # in the event's game points; None: out of reach
    checks: tuple[Check, ...]


def _fraction(value: object, where: str) -> Fraction:
    try:
        f = Fraction(str(value).replace(" ", ""))
    except (ValueError, ZeroDivisionError):
        raise RatingDataError(where, f'expected a fraction such as "1/3", got {value!r}') from None
    if not 0 <= f <= 1:
        raise RatingDataError(where, f"a share lies within 0..1, got {value!r}")
    return f


def _requirement(raw: dict[str, Any], defaults: dict[str, Any], where: str) -> TitleRequirement:
    merged = {**defaults, **raw}
    unknown = sorted(set(merged) - _KEYS)
    if unknown:
        raise RatingDataError(where, f"unknown keys {', '.join(unknown)}")
    code = merged.get("code")
    if not isinstance(code, str) or not code.strip():
        raise RatingDataError(where, "code is missing")
    values: dict[str, Any] = {"code": code.strip()}
    for key in _NUMBER_KEYS:
        if key in merged:
            values[key] = int(number(merged[key], f"{where}.{key}"))
    for key in _FRACTION_KEYS:
        if key in merged:
            values[key] = _fraction(merged[key], f"{where}.{key}")
    for key in _LIST_KEYS:
        if key in merged:
            items = merged[key]
            if not isinstance(items, list) or not all(isinstance(x, str) for x in items):
                raise RatingDataError(f"{where}.{key}", "a list of title codes")
            values[key] = tuple(items)
    if "min_games" not in values or "min_performance" not in values:
        raise RatingDataError(where, "a title needs at least min_games and min_performance")
    return TitleRequirement(**values)


def norm_table_from_dict(data: dict[str, Any], where: str) -> NormTable:
    for key in ("name", "title", "status", "source"):
        if not isinstance(data.get(key), str):
            raise RatingDataError(where, f"{key} is missing")
    titles = data.get("titles")
    if not isinstance(titles, list) or not titles:
        raise RatingDataError(
            where, f"no [[titles]]: {data['title']} ({data['status']}); fill in a copy of norms/template.toml"
        )
    defaults = data.get("defaults", {})
    if not isinstance(defaults, dict):
        raise RatingDataError(where, "[defaults] must be a table")
    table = str(data.get("dp_table", "fide_dp_8_1_1"))
    dp_table(table)
    return NormTable(
        name=data["name"],
        title=data["title"],
        status=data["status"],
        source=data["source"],
        unrated_rating=int(number(data.get("unrated_rating", 0), f"{where}.unrated_rating")),
        dp_table=table,
        titles=tuple(_requirement(t, defaults, f"{where} titles[{i}]") for i, t in enumerate(titles)),
    )


class NormUploadError(RatingDataError):
    """A norm table given as text is not valid: ``line`` is the line it names (1-based; 0: the file
    as a whole), ``detail`` what is wrong there."""

    def __init__(self, name: str, line: int, detail: str) -> None:
        self.line = line
        self.detail = detail
        super().__init__(f"{name}, line {line}" if line else name, detail)


_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")
_WHERE_TITLE = re.compile(r"titles\[(\d+)\](?:\.(\w+))?")


def _line_of(lines: list[str], where: str) -> int:
    """The line a ``RatingDataError``'s place names: the i-th ``[[titles]]`` (or the key inside it),
    the ``[defaults]`` table, or a top-level key; 0 when none is found."""
    m = _WHERE_TITLE.search(where)
    headers = [i for i, line in enumerate(lines) if line.strip().startswith("[[titles]]")]
    if m is not None and int(m.group(1)) < len(headers):
        start = headers[int(m.group(1))]
        key = m.group(2)
        if key:
            end = next((i for i in range(start + 1, len(lines)) if lines[i].strip().startswith("[")), len(lines))
            for i in range(start + 1, end):
                if lines[i].split("=", 1)[0].strip() == key:
                    return i + 1
        return start + 1
    key = where.rsplit(".", 1)[-1] if "." in where else ""
    for i, line in enumerate(lines):
        if key and line.split("=", 1)[0].strip() == key:
            return i + 1
    return 0


def norm_table_from_text(text: str, name: str) -> NormTable:
    """A federation's table from its TOML text (as ``template.toml``); ``NormUploadError`` naming
    the line of the first problem (the TOML reader's line for a syntax error; the ``[[titles]]``
    block, or the key's line, for a value the table does not accept)."""
    lines = text.splitlines()
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_LINE.search(str(exc))
        detail = _TOML_LINE.sub("", str(exc)).strip()
        raise NormUploadError(name, int(m.group(1)) if m else 0, f"not valid TOML: {detail}") from None
    try:
        return norm_table_from_dict(data, name)
    except RatingDataError as exc:
        detail = str(exc).removeprefix(f"{exc.where}: ")
        raise NormUploadError(name, _line_of(lines, exc.where), detail) from None


def load_norm_table_file(path: str | Path) -> NormTable:
    p = Path(path)
    return norm_table_from_dict(read_toml(p), p.name)


@cache
def load_norm_table(name: str) -> NormTable:
    """A shipped table by name (``NORM_TABLES``; ``fmjd`` exists but does not load: no public numbers)."""
    if name not in (*NORM_TABLES, "fmjd", "template"):
        raise RatingDataError(f"norm table {name!r}", f"unknown; known: {', '.join(NORM_TABLES)}")
    return load_norm_table_file(NORM_DIR / f"{name}.toml")


def effective_ratings(opponents: list[NormOpponent], table: NormTable, floor: int | None) -> list[int]:
    """Unrated opponents count as the table's unrated rating; the lowest is raised to the floor."""
    ratings = [o.rating if o.rating > 0 else table.unrated_rating for o in opponents]
    if floor is not None and ratings:
        low = min(range(len(ratings)), key=lambda i: ratings[i])
        ratings[low] = max(ratings[low], floor)
    return ratings


def _at_least(count: int, share: Fraction, games: int) -> bool:
    return Fraction(count, 1) >= share * games


def _share_checks(req: TitleRequirement, opponents: list[NormOpponent], own: str) -> list[Check]:
    n = len(opponents)
    checks: list[Check] = []
    if req.min_titled_share is not None:
        titled = sum(1 for o in opponents if o.title in req.titled)
        ok = _at_least(titled, req.min_titled_share, n)
        checks.append(Check("titled opponents", ok, f"{titled} of {n} hold a title, {req.min_titled_share} needed"))
    if req.min_title_holders_share is not None or req.min_title_holders is not None:
        holders = sum(1 for o in opponents if o.title in req.title_holders)
        share = req.min_title_holders_share or Fraction(0)
        least = req.min_title_holders or 0
        ok = _at_least(holders, share, n) and holders >= least
        names = "/".join(req.title_holders)
        checks.append(Check("title holders", ok, f"{holders} of {n} are {names}; {share} and at least {least} needed"))
    feds = [o.federation for o in opponents]
    if req.min_other_federations is not None:
        others = len({f for f in feds if f and f != own})
        ok = others >= req.min_other_federations
        checks.append(Check("federations", ok, f"{others} other federations, {req.min_other_federations} needed"))
    if req.max_own_federation_share is not None:
        same = sum(1 for f in feds if f and f == own)
        ok = Fraction(same) <= req.max_own_federation_share * n
        checks.append(
            Check("own federation", ok, f"{same} of {n} from {own or '?'}, at most {req.max_own_federation_share}")
        )
    if req.max_one_federation_share is not None and feds:
        top = max(({f: feds.count(f) for f in feds if f}).items(), key=lambda kv: kv[1], default=("", 0))
        ok = Fraction(top[1]) <= req.max_one_federation_share * n
        checks.append(
            Check("one federation", ok, f"{top[1]} of {n} from {top[0] or '?'}, at most {req.max_one_federation_share}")
        )
    if req.max_unrated_share is not None:
        unrated = sum(1 for o in opponents if o.rating <= 0)
        ok = Fraction(unrated) <= req.max_unrated_share * n
        checks.append(Check("unrated opponents", ok, f"{unrated} of {n} unrated, at most {req.max_unrated_share}"))
    return checks


def score_needed(aro: int, games: int, req: TitleRequirement, table: NormTable) -> float | None:
    """The smallest score (0..1 scale, half-game steps) reaching the performance and the score share."""
    dps = dp_table(table.dp_table)
    for halves in range(0, 2 * games + 1):
        s = halves / 2
        if req.min_score_share is not None and Fraction(halves, 2) < req.min_score_share * games:
            continue
        if req.min_performance is None or aro + dps.dp(s / games) >= req.min_performance:
            return s
    return None


def check_norm(
    federation: str, opponents: list[NormOpponent], req: TitleRequirement, table: NormTable, *, win_points: float = 1.0
) -> NormResult:
    """One player's norm for one title against these opponents (one entry per game that counts)."""
    n = len(opponents)
    score = sum(o.score for o in opponents)
    checks: list[Check] = []
    if req.min_games is not None:
        checks.append(Check("games", n >= req.min_games, f"{n} games, {req.min_games} needed"))
    if n == 0:
        return NormResult(req.code, False, 0, 0.0, None, None, None, tuple(checks))
    ratings = effective_ratings(opponents, table, req.rating_floor)
    aro = round_half_up(sum(ratings) / n)
    perf = aro + dp_table(table.dp_table).dp(score / n)
    if req.min_average_rating is not None:
        ok = aro >= req.min_average_rating
        checks.append(Check("average rating", ok, f"opponents' average {aro}, {req.min_average_rating} needed"))
    if req.min_score_share is not None:
        ok = Fraction(score).limit_denominator(1000) >= req.min_score_share * n
        checks.append(
            Check("score share", ok, f"{score * win_points:g} of {n * win_points:g}, {req.min_score_share} needed")
        )
    if req.min_performance is not None:
        ok = perf >= req.min_performance
        checks.append(Check("performance", ok, f"performance {perf}, {req.min_performance} needed"))
    checks.extend(_share_checks(req, opponents, federation))
    needed = score_needed(aro, n, req, table)
    return NormResult(
        title=req.code,
        met=all(c.ok for c in checks),
        games=n,
        score=score * win_points,
        average_rating=aro,
        performance=perf,
        score_needed=None if needed is None else needed * win_points,
        checks=tuple(checks),
    )


def norm_table(
    federation: str, opponents: list[NormOpponent], table: NormTable, *, win_points: float = 1.0
) -> tuple[NormResult, ...]:
    """``check_norm`` for every title of ``table``, in the table's order."""
    return tuple(check_norm(federation, opponents, t, table, win_points=win_points) for t in table.titles)
