"""Which rules a PDN game was played under, when its tags do not say.

``detect_static(game)`` decides from what is written: a ``GameType`` or ``Variant`` tag (source
'tag'); else the squares used (numbers up to 32, 50 or 72; ``a1``-``h8``), the FEN (a man on its own
crowning row, too many pieces) and the first twelve plies (how many are legal from the start position). One
profile left: 'detected'. Several left: the first of them (the most played game of that board and
notation) with source 'default' and the others in ``candidates``.

``resolve_by_replay(game)`` settles what stays open by replaying the whole game under each candidate:
the profile under which the fewest plies are irregular wins ('detected'); a tie stays 'default'. A
report made under a guessed profile must say so (``arbiter.check`` does).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from arbiter.fen import FenError, parse_fen
from arbiter.moves import apply_move
from arbiter.notation import NotationError, find_moves
from arbiter.pdn_types import PdnGame, VariantSource
from arbiter.position import Position, initial_position
from arbiter.profiles import PROFILES, Profile, UnknownVariant
from arbiter.replay import replay, source
from arbiter.report import GameInputError, ValidationReport

_ALPHA_SQUARE = re.compile(r"(?<![A-Za-z])[a-lA-L](?:1[0-2]|[1-9])(?![0-9])")
_NUMBER = re.compile(r"\d+")
_GAMETYPE_NUMBER = re.compile(r"^\s*(\d+)")
# Tags written by Italian software (Bianco/Nero/Risultato): a hint, weighed after the moves.
_ITALIAN_TAGS = frozenset({"Bianco", "Nero", "Risultato", "Dati", "Apertura"})
# Within one board and notation, the order in which profiles are preferred when the evidence leaves
# several: the most played game first (by the number of federations and published games).
_PREFERENCE = ("international", "frisian", "canadian", "russian", "brazilian", "czech", "turkish", "english",
               "italian", "spanish", "portuguese", "pool", "thai")
# Plies tried from the start position by the static check.
_FIRST_PLIES = 12


@dataclass(frozen=True)
class Detection:
    """The variant read or detected, how sure it is, and the profiles that stay possible."""

    variant: str | None
    source: VariantSource
    candidates: tuple[str, ...]
    evidence: str


def _number(value: str) -> int | None:
    m = _GAMETYPE_NUMBER.match(value)
    return int(m.group(1)) if m else None


def _owner_of(number: int) -> str | None:
    for p in PROFILES.values():
        if p.pdn_game_type_owner and _number(p.game_type) == number:
            return p.name
    return None


def _from_tags(tags: dict[str, str]) -> Detection | None:
    gt = tags.get("GameType", "").strip()
    named = PROFILES.get(tags.get("Variant", "").strip().lower())
    if gt:
        number = _number(gt)
        # A Variant tag naming a profile refines a GameType of the same number (German Dame is 21).
        if named is not None and number is not None and _number(named.game_type) == number:
            return Detection(named.name, "tag", (named.name,), "GameType and Variant tags")
        owner = _owner_of(number) if number is not None and re.fullmatch(
            r"\d+(?:,[WB?],\d+,\d+,[ANS][0-3](?:,[01])?)?", gt.replace(" ", "")) else None
        return Detection(owner, "tag", (owner,) if owner else (), "GameType tag")
    if named is not None:
        return Detection(named.name, "tag", (named.name,), "Variant tag")
    return None


def _rank(p: Profile) -> int:
    return _PREFERENCE.index(p.name) if p.name in _PREFERENCE else len(_PREFERENCE)


def _family(texts: Sequence[str], fen: str) -> tuple[list[Profile], str]:
    """The detectable profiles whose board and notation fit the squares written, and why."""
    detectable = sorted((p for p in PROFILES.values() if p.detectable), key=_rank)
    written = " ".join(texts) + " " + fen
    if _ALPHA_SQUARE.search(" ".join(texts)) or _ALPHA_SQUARE.search(re.sub(r"[WBK]", " ", fen[1:])):
        return [p for p in detectable if p.notation == "alphanumeric"], "squares written a1-h8"
    numbers = [int(x) for x in _NUMBER.findall(written)]
    if not numbers:
        return [PROFILES["international"]], "no squares written"
    high = max(numbers)
    numeric = [p for p in detectable if p.notation == "numeric" and p.squares >= high]
    if not numeric:
        return [], f"square {high} is on no supported board"
    # Every board big enough, the smallest first: low numbers alone do not prove a small board.
    numeric.sort(key=lambda p: (p.squares, _rank(p)))
    return numeric, f"squares numbered up to {high}"


def start_of(game: PdnGame, profile: Profile) -> Position | None:
    """The game's start position under ``profile``, None when its FEN does not fit that profile."""
    fen = game.fen
    if fen is None:
        return initial_position(profile)
    if fen.startswith("?"):
        fen = profile.first_side + fen[1:]
    try:
        return parse_fen(fen, profile)
    except FenError:
        return None


def _plies_played(pos: Position, texts: Sequence[str]) -> int:
    """How many of the first plies ``texts`` replay as legal moves from ``pos`` (at most ``_FIRST_PLIES``)."""
    n = 0
    for text in texts[:_FIRST_PLIES]:
        try:
            fits = find_moves(pos, text)
        except (NotationError, ValueError, IndexError):
            return n
        if not fits:
            return n
        pos = apply_move(pos, fits[0])
        n += 1
    return n


def detect_static(game: PdnGame) -> Detection:
    """The variant of ``game`` from its tags, else from its squares, FEN and first moves (module docstring)."""
    tagged = _from_tags(game.tags)
    if tagged is not None:
        return tagged
    texts = [m.text for m in game.moves if m.text != "--"]
    family, why = _family(texts[:40], game.fen or "")
    if not family or why == "no squares written":
        return Detection("international", "default", ("international",), why)
    fitting = [p for p in family if start_of(game, p) is not None]
    if fitting and len(fitting) < len(family):
        why += "; the FEN fits only some of them"
    family = fitting or family
    if texts:
        # The profiles under which the most of the first moves are legal; a tie keeps them all.
        played = {p.name: _plies_played(start_of(game, p) or initial_position(p), texts) for p in family}
        most = max(played.values())
        if most and any(n < most for n in played.values()):
            why += "; the first moves are legal only under some of them"
            family = [p for p in family if played[p.name] == most]
    if len(family) > 1 and _ITALIAN_TAGS & set(game.tags) and any(p.name == "italian" for p in family):
        family = [PROFILES["italian"]] + [p for p in family if p.name != "italian"]
        why += "; Italian tag names"
    smallest = min(p.squares for p in family)
    family = [p for p in family if p.squares == smallest]
    names = tuple(p.name for p in family)
    if len(names) == 1:
        return Detection(names[0], "detected", names, why)
    return Detection(names[0], "default", names, why)


def _badness(report: ValidationReport) -> int:
    """Irregular plies plus the plies a stopped replay could not reach."""
    return len(report.irregularities) + (report.total_plies - len(report.plies))


def resolve_by_replay(game: PdnGame) -> ValidationReport | None:
    """Settle a game whose variant stayed open ('default' with several candidates) by replaying it.

    Each candidate is replayed (the others only until they are worse than the best so far); the one
    with the fewest irregular plies wins and the game's ``variant``/``variant_source``/``variant_candidates``/
    ``variant_evidence`` are updated ('detected' for a single best, 'default' on a tie). Returns the
    winner's report (the one ``validate`` gives, without rulings), None when nothing was replayed.
    """
    if game.variant_source == "tag" or len(game.variant_candidates) < 2:
        return None
    best: list[str] = []
    best_score = -1
    best_report: ValidationReport | None = None
    for name in game.variant_candidates:
        try:
            src = source(game, name)
        except (GameInputError, UnknownVariant):
            continue
        report = replay(src, limit=None if best_score < 0 else best_score + 1)
        score = _badness(report)
        if best_score < 0 or score < best_score:
            best, best_score, best_report = [name], score, report
        elif score == best_score and len(report.plies) == report.total_plies:
            best.append(name)
    if not best:
        return None
    game.variant = best[0]
    game.variant_candidates = tuple(best)
    if len(best) == 1:
        game.variant_source = "detected"
        game.variant_evidence += f"; replayed under each, only {best[0]} has the fewest irregular plies ({best_score})"
    else:
        game.variant_evidence += f"; replayed under each, {', '.join(best)} fit equally"
    # A candidate that became the best was replayed to its end (an early stop at the limit means more
    # irregular plies than the best so far), so this is the report ``validate`` would give.
    return best_report
