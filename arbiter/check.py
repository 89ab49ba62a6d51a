"""``python -m arbiter check FILE.pdn [--variant NAME] [--json]``: validate every game of a PDN file.

JSON output (contract)::

    {"games": [{"index": 0, "plies": 80,
                "irregularities": [{"ply": 37, "kind": "capture_not_maximal", "played": "27x18", "message": "..."}],
                "draw": null or {"rule": "threefold_repetition", "ply": 64},
                "result": "1-1"}],
     "errors": [{"line": 12, "message": "..."}]}

A draw's ``rule`` is one of ``arbiter.draws.RULE_ORDER`` (``25_move`` is the king-moves-only rule
whatever the profile's limit: 25 FMJD, 40 English, 15 Russian).
``index`` counts games from 0 in file order (games that could not be read are in ``errors``);
``ply`` counts from 1; a draw's ply is the ply after which the condition first held. Entries may
carry further keys (``move_number``, ``side``, ``required``, ``article``, ``line``, ``column`` on an
irregularity; ``variant``, ``line``, ``stopped``, ``result_check`` on a game).

Exit code: 0 when every game is clean, 1 when irregularities were found (or a game could not be
read or replayed), 2 when the input cannot be read at all (missing file, unknown variant, no game).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from arbiter.fen import FenError
from arbiter.pdn import PdnGame, read_pdn
from arbiter.profiles import Profile, UnknownVariant, get_profile
from arbiter.validator import GameInputError, ValidationReport, validate


class NotText(ValueError):
    """The file holds binary data, not PDN text."""


# Control bytes other than tab, newline, form feed, carriage return and the DOS end-of-file mark
# (Ctrl-Z) do not occur in PDN text.
_CONTROL = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 26))


def read_text(path: str) -> str:
    """The file's text: UTF-8 (BOM allowed), else Latin-1, the usual encoding of older PDN files.

    Raises OSError when the file cannot be opened and NotText for binary data (a NUL byte, or
    more than 1 byte in 100 a control character).
    """
    with open(path, "rb") as fh:
        data = fh.read()
    controls = len(data) - len(data.translate(None, _CONTROL))
    if b"\0" in data or controls * 100 > len(data):
        raise NotText(f"{path} holds binary data, not PDN text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# Keys of an irregularity in the check JSON (the contract's four first).
_IRREGULARITY_KEYS = ("ply", "kind", "played", "message", "move_number", "side", "required", "article", "line",
                      "column")


def game_entry(index: int, game: PdnGame, report: ValidationReport) -> dict[str, Any]:
    """The JSON entry of one validated game (a subset of ``report.to_dict()`` plus where it is)."""
    d = report.to_dict()
    return {
        "index": index,
        "plies": d["plies"],
        "irregularities": [{k: i[k] for k in _IRREGULARITY_KEYS} for i in d["irregularities"]],
        "draw": d["draw"],
        "result": game.result,
        "variant": d["variant"],
        "line": game.line,
        "stopped": d["stopped"],
        "result_check": d["result_check"],
    }


def check_text(text: str, variant: str | None = None) -> tuple[dict[str, Any], bool]:
    """Validate every game of a PDN text: the JSON document and whether every game is clean.

    Raises UnknownVariant for an unknown ``variant``.
    """
    profile: Profile | None = get_profile(variant) if variant else None
    read = read_pdn(text)
    games: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = [{"line": e.line, "column": e.column, "game": e.game, "message": e.message}
                                    for e in read.errors]
    for index, game in enumerate(read.games):
        try:
            report = validate(game, profile)
        except (GameInputError, UnknownVariant, FenError) as exc:
            errors.append({"line": game.line, "column": 0, "game": game.index, "message": str(exc)})
            continue
        games.append(game_entry(index, game, report))
    clean = not errors and all(not g["irregularities"] and g["stopped"] is None for g in games)
    return {"games": games, "errors": errors}, clean


def _print_report(path: str, doc: dict[str, Any]) -> None:
    games = doc["games"]
    irregular = 0
    for g in games:
        head = f"Game {g['index'] + 1} (line {g['line']}, {g['variant']}): {g['plies']} plies, result {g['result']}"
        print(head)
        for i in g["irregularities"]:
            irregular += 1
            print(f"  ply {i['ply']}: {i['kind']}: {i['message']}")
        if g["stopped"]:
            print(f"  stopped: {g['stopped']['message']}")
        if g["draw"]:
            print(f"  draw: {g['draw']['rule']} holds after ply {g['draw']['ply']}")
        rc = g["result_check"]
        if rc["status"] in ("mismatch", "doubtful"):
            print(f"  result {rc['status']}: {rc['message']}")
        if not g["irregularities"] and not g["stopped"]:
            print("  clean")
    for e in doc["errors"]:
        print(f"error: line {e['line']}: {e['message']}")
    print(f"{path}: {len(games)} games, {irregular} irregularities, {len(doc['errors'])} errors")


def main(path: str, variant: str | None, as_json: bool) -> int:
    """Run the check command; returns the exit code (0 clean, 1 irregularities, 2 unreadable input)."""
    try:
        text = read_text(path)
    except OSError as exc:
        print(f"arbiter check: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except NotText as exc:
        print(f"arbiter check: {exc}", file=sys.stderr)
        return 2
    try:
        doc, clean = check_text(text, variant)
    except UnknownVariant as exc:
        print(f"arbiter check: {exc}", file=sys.stderr)
        return 2
    if not doc["games"] and not doc["errors"]:
        print(f"arbiter check: no game found in {path}", file=sys.stderr)
        return 2
    if not doc["games"]:
        for e in doc["errors"]:
            print(f"arbiter check: {path}, line {e['line']}: {e['message']}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(doc, ensure_ascii=False))
    else:
        _print_report(path, doc)
    return 0 if clean else 1
