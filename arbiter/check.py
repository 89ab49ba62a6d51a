"""``python -m arbiter check FILE.pdn [--variant NAME] [--json]``: validate every game of a PDN file.

JSON output (contract)::

    {"games": [{"index": 0, "plies": 80,
                "irregularities": [{"ply": 37, "kind": "capture_not_maximal", "played": "27x18", "message": "..."}],
                "draw": null or {"rule": "threefold_repetition", "ply": 64},
                "result": "1-1"}],
     "errors": [{"line": 12, "message": "..."}]}

A draw's ``rule`` is one of ``arbiter.draws.RULE_ORDER`` (``25_move`` is the king-moves-only rule
whatever the profile's limit: 25 FMJD, 40 English, 15 Russian).
``index`` counts games from 0 in file order, games that could not be read included (those are in
``errors`` with the same ``index``); ``ply`` counts from 1; a draw's ply is the ply after which the
condition first held. Entries may carry further keys (``move_number``, ``side``, ``required``,
``article``, ``line``, ``column`` on an irregularity; ``variant``, ``variant_source`` ('tag',
'detected' or 'default'; 'option' with ``--variant``), ``variant_candidates``, ``variant_note``, ``line``, ``stopped``,
``result_check``, ``result_source``, ``warnings``, ``draw_conditions`` on a game; ``game``, ``index``,
``column``, ``kind``, ``warnings`` on an error). The top level keeps exactly ``games`` and ``errors``:
what was read leniently is in each game's ``warnings`` (line, column, message).

Errors are: a game that cannot be read ('unreadable'), a start position that cannot be used
('start_position'), a result that is not a result such as ``4-6`` ('result'), a square that is not
on the board such as ``40-51`` ('off_board', also stopping that game's replay).

Exit code: 0 when every game is clean, 1 when irregularities were found (or a game could not be
read or replayed), 2 when the input cannot be read at all (missing file, unknown variant, no game);
with ``--json`` a JSON document with ``errors`` is printed on stdout then as well.

Games are read and checked one at a time (``arbiter.pdn_reader.iter_pdn``), so memory does not grow
with the number of games.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from arbiter import messages as msg
from arbiter.detect import resolve_by_replay
from arbiter.fen import FenError
from arbiter.pdn_reader import iter_pdn
from arbiter.pdn_types import RESULTS_ACCEPTED, PdnError, PdnGame, PdnWarning, normalise_result
from arbiter.profiles import Profile, UnknownVariant, get_profile
from arbiter.report import GameInputError, ValidationReport
from arbiter.validator import validate


class NotText(ValueError):
    """The file holds binary data, not PDN text."""


# Control bytes other than tab, newline, form feed, carriage return and the DOS end-of-file mark
# (Ctrl-Z) do not occur in PDN text.
_CONTROL = bytes(b for b in range(32) if b not in (9, 10, 12, 13, 26))
_SNIFF = 65536


def _binary(data: bytes) -> bool:
    controls = len(data) - len(data.translate(None, _CONTROL))
    return b"\0" in data or controls * 100 > len(data)


def read_text(path: str) -> str:
    """The file's text: UTF-8 (BOM allowed), else Latin-1, the usual encoding of older PDN files.

    Raises OSError when the file cannot be opened and NotText for binary data (a NUL byte, or
    more than 1 byte in 100 a control character).
    """
    with open(path, "rb") as fh:
        data = fh.read()
    if _binary(data):
        raise NotText(f"{path} holds binary data, not PDN text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def read_lines(path: str) -> Iterator[str]:
    """The file's lines, read as they are needed: UTF-8 (BOM allowed), a line that is not UTF-8 as
    Latin-1. Raises OSError and NotText (binary data in the first 64 KiB) before the first line."""
    fh = open(path, "rb")  # noqa: SIM115 - closed by the generator below
    try:
        head = fh.read(_SNIFF)
        if _binary(head):
            raise NotText(f"{path} holds binary data, not PDN text")
    except BaseException:
        fh.close()
        raise
    return _decoded(fh, head)


def _decoded(fh: io.BufferedReader, head: bytes) -> Iterator[str]:
    with fh:
        rest = b""
        chunk = head
        first = True
        while chunk:
            data = rest + chunk
            cut = data.rfind(b"\n") + 1
            lines, rest = data[:cut], data[cut:]
            for raw in lines.splitlines(keepends=True):
                yield _decode(raw, first)
                first = False
            chunk = fh.read(_SNIFF)
        if rest:
            yield _decode(rest, first)


def _decode(raw: bytes, first: bool) -> str:
    try:
        return raw.decode("utf-8-sig" if first else "utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


# Keys of an irregularity in the check JSON (the contract's four first).
_IRREGULARITY_KEYS = ("ply", "kind", "played", "message", "move_number", "side", "required", "article", "line",
                      "column")


def variant_note(game: PdnGame) -> str | None:
    """What the report must say about a variant the file did not name (None when a tag named it)."""
    if game.variant_source == "tag":
        return None
    if game.variant_source == "detected":
        return f"the file does not name the game; {game.variant} was detected ({game.variant_evidence})"
    others = [c for c in game.variant_candidates if c != game.variant]
    also = f"; {', '.join(others)} would fit as well" if others else ""
    return (f"the file does not name the game and it could not be told for certain ({game.variant_evidence}); "
            f"it was read as {game.variant}{also}: any irregularity below is judged under a guessed rule set")


def _warning(w: PdnWarning) -> dict[str, Any]:
    return {"line": w.line, "column": w.column, "message": w.message}


def game_entry(index: int, game: PdnGame, report: ValidationReport, forced: bool = False) -> dict[str, Any]:
    """The JSON entry of one validated game (a subset of ``report.to_dict()`` plus where it is).

    ``forced``: the variant was given on the command line (``variant_source`` 'option')."""
    d = report.to_dict()
    return {
        "index": index,
        "plies": d["plies"],
        "irregularities": [{k: i[k] for k in _IRREGULARITY_KEYS} for i in d["irregularities"]],
        "draw": d["draw"],
        "result": game.result,
        "variant": d["variant"],
        "variant_source": game.variant_source if not forced else "option",
        "variant_candidates": list(game.variant_candidates) if not forced else [report.profile.name],
        "variant_note": variant_note(game) if not forced else None,
        "line": game.line,
        "stopped": d["stopped"],
        "result_check": d["result_check"],
        "result_source": game.result_source,
        "warnings": [_warning(w) for w in game.warnings],
        "draw_conditions": [{"rule": c.rule, "ply": c.ply, "article": c.params.get("article", ""),
                             "evidence_plies": list(c.evidence_plies), "message": c.message}
                            for c in report.draw_conditions],
    }


def _error(index: int, line: int, column: int, message: str, kind: str) -> dict[str, Any]:
    return {"line": line, "column": column, "game": index + 1, "index": index, "kind": kind, "message": message}


def _game_errors(index: int, game: PdnGame, report: ValidationReport) -> list[dict[str, Any]]:
    """Errors found while checking a readable game: a result that is no result, an off-board square."""
    out = []
    if normalise_result(game.result) is None and "ResultFormat" not in game.tags:
        out.append(_error(index, game.result_line or game.line, 0,
                          f"result {game.result!r} is not a result (accepted: {RESULTS_ACCEPTED}); it is not checked",
                          "result"))
    for i in report.irregularities:
        if i.params.get("reason_template") == msg.WHY_OFF_BOARD:
            out.append(_error(index, i.line or game.line, i.column or 0,
                              f"move {i.move_number}, {i.played}: {i.params['reason']}", "off_board"))
    return out


def check_games(items: Iterable[PdnGame | PdnError], profile: Profile | None
                ) -> Iterator[tuple[dict[str, Any] | None, list[dict[str, Any]]]]:
    """For each game read, in file order: its JSON entry (None when it could not be checked) and its errors."""
    for item in items:
        if isinstance(item, PdnError):
            err = _error(item.game - 1, item.line, item.column, item.message, "unreadable")
            err["warnings"] = [_warning(w) for w in item.warnings]
            yield None, [err]
            continue
        index = item.index - 1
        try:
            report = resolve_by_replay(item) if profile is None else None
            if report is None:
                report = validate(item, profile)
        except (GameInputError, UnknownVariant, FenError) as exc:
            yield None, [_error(index, item.line, 0, str(exc), "start_position")]
            continue
        yield game_entry(index, item, report, profile is not None), _game_errors(index, item, report)


def _is_clean(entry: dict[str, Any]) -> bool:
    return not entry["irregularities"] and entry["stopped"] is None


def check_text(text: str, variant: str | None = None) -> tuple[dict[str, Any], bool]:
    """Validate every game of a PDN text: the JSON document and whether every game is clean.

    Raises UnknownVariant for an unknown ``variant``.
    """
    profile: Profile | None = get_profile(variant) if variant else None
    warnings: list[PdnWarning] = []
    games: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    for entry, errs in check_games(iter_pdn(io.StringIO(text, newline=None), warnings), profile):
        if entry is not None:
            games.append(entry)
        errors.extend(errs)
    clean = not errors and all(_is_clean(g) for g in games)
    return {"games": games, "errors": errors}, clean


def _print_game(g: dict[str, Any], errors: list[dict[str, Any]]) -> int:
    """The text report of one game; returns its number of irregularities."""
    source = {"detected": ", detected", "default": ", guessed"}.get(g["variant_source"], "")
    print(f"Game {g['index'] + 1} (line {g['line']}, {g['variant']}{source}): {g['plies']} plies, result {g['result']}")
    reported = False
    if g["variant_note"]:
        print(f"  variant: {g['variant_note']}")
        reported = g["variant_source"] == "default"
    for w in g["warnings"]:
        print(f"  warning: line {w['line']}: {w['message']}")
        reported = True
    for e in errors:
        print(f"  error: line {e['line']}: {e['message']}")
        reported = True
    for i in g["irregularities"]:
        print(f"  ply {i['ply']}: {i['kind']}: {i['message']}")
    if g["stopped"]:
        print(f"  stopped: {g['stopped']['message']}")
    for c in g["draw_conditions"][:1]:
        evidence = ", ".join(str(p) for p in c["evidence_plies"])
        what = "the position after plies" if c["rule"] == "threefold_repetition" else "counted from ply"
        print(f"  draw: {c['rule']} holds after ply {c['ply']} ({c['article']}; {what} {evidence}): {c['message']}")
        reported = True
    rc = g["result_check"]
    if rc["status"] in ("mismatch", "doubtful"):
        print(f"  result {rc['status']}: {rc['message']}")
        reported = True
    if not (reported or g["irregularities"] or g["stopped"]):
        print("  clean")
    return len(g["irregularities"])


class _JsonOut:
    """Writes the JSON document game by game: ``{"games": [...], "errors": [...], "warnings": [...]}``."""

    def __init__(self) -> None:
        self.count = 0
        sys.stdout.write('{"games": [')

    def game(self, entry: dict[str, Any]) -> None:
        sys.stdout.write((", " if self.count else "") + json.dumps(entry, ensure_ascii=False))
        self.count += 1

    def close(self, errors: list[dict[str, Any]]) -> None:
        sys.stdout.write('], "errors": ' + json.dumps(errors, ensure_ascii=False) + "}\n")


def _fail(path: str, message: str, as_json: bool) -> int:
    print(f"arbiter check: {message}", file=sys.stderr)
    if as_json:
        print(json.dumps({"games": [], "errors": [{"line": 0, "column": 0, "message": message}]}, ensure_ascii=False))
    return 2


def main(path: str, variant: str | None, as_json: bool) -> int:
    """Run the check command; returns the exit code (0 clean, 1 irregularities, 2 unreadable input)."""
    try:
        profile = get_profile(variant) if variant else None
        lines = read_lines(path)
    except UnknownVariant as exc:
        return _fail(path, str(exc), as_json)
    except OSError as exc:
        return _fail(path, f"cannot read {path}: {exc.strerror or exc}", as_json)
    except NotText as exc:
        return _fail(path, str(exc), as_json)
    warnings: list[PdnWarning] = []
    errors: list[dict[str, Any]] = []
    out = _JsonOut() if as_json else None
    games = irregular = 0
    clean = True
    for entry, errs in check_games(iter_pdn(lines, warnings), profile):
        errors.extend(errs)
        if entry is None:
            continue
        games += 1
        clean = clean and _is_clean(entry)
        if out is not None:
            out.game(entry)
        else:
            irregular += _print_game(entry, errs)
    if out is not None:
        out.close(errors)
    elif games:
        for e in errors:
            if e["kind"] in ("unreadable", "start_position"):
                print(f"error: line {e['line']}: {e['message']}")
        print(f"{path}: {games} games, {irregular} irregularities, {len(errors)} errors")
    if not games:
        if not errors:
            print(f"arbiter check: no game found in {path}", file=sys.stderr)
        for e in errors:
            print(f"arbiter check: {path}, line {e['line']}: {e['message']}", file=sys.stderr)
        return 2
    return 0 if clean and not errors else 1
