"""Command line: ``python -m tournaments.ratings FILE.trf --preset fide|fmjd|kndb [--k K] --json``.

Contract (other tools rely on it): with ``--json`` it prints one JSON list in start-number order,
one object per player::

    {"start_number": 3, "rating": 1850, "games": 7, "expected": 8.7214, "change": 3.21,
     "new_rating": 1853, "performance": 1902}

* ``rating``: from the player's 001 record (null when the record has none: unrated);
* ``games``: the games that count for rating (played over the board, against a rated opponent);
* ``expected``: the expected score in the event's game points (a draughts file: 2 per win), null
  for an unrated player;
* ``change``: K * (W - We), unrounded (only float noise beyond 10 decimals is dropped), null for
  an unrated player. K is on the one-point scale (a win = 1) unless the preset says otherwise
  (``kndb``: K per draughts point, a win = 2); ``--k`` replaces the preset's K for every player,
  on the same scale;
* ``new_rating``: rating + change rounded as the preset says; for an unrated player the first
  rating the preset's new-player rule gives, or null;
* ``performance``: the performance rating by the preset's method (``--performance table|formula``
  chooses), null without rated games.

Bad input: one line on stderr, exit code 2. Without ``--json``: a readable table.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from tournaments.ratings.engine import PlayerRating, rate_event
from tournaments.ratings.performance import PERFORMANCE_METHODS
from tournaments.ratings.presets import PRESETS, load_preset
from tournaments.ratings.rounding import half_up
from tournaments.ratings.tables import RatingDataError
from tournaments.ratings.trf_input import rating_input_from_trf
from tournaments.trf import TrfError, read_trf_file

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"ratings: {message}\n")


def _plain(x: float | None) -> float | int | None:
    """A JSON number: int when whole; otherwise to 10 decimals (float noise such as
    2.599999999999998 removed, far below any rating's precision)."""
    if x is None:
        return None
    x = half_up(x, 10)
    return int(x) if x.is_integer() else x


def to_json(rows: Sequence[PlayerRating]) -> list[dict[str, object]]:
    """The contract objects (see the module docstring)."""
    return [
        {
            "start_number": r.start_number,
            "rating": r.rating or None,
            "games": r.games,
            "expected": _plain(r.expected),
            "change": _plain(r.change),
            "new_rating": _plain(r.new_rating),
            "performance": r.performance,
        }
        for r in rows
    ]


def _cell(x: object, fmt: str = "") -> str:
    if x is None:
        return "-"
    return format(x, fmt) if fmt else str(x)


def to_table(rows: Sequence[PlayerRating], title: str) -> str:
    head = ["SNo", "Rtg", "G", "Score", "Exp", "K", "Change", "New", "Perf"]
    lines = [head]
    for r in rows:
        lines.append(
            [
                str(r.start_number),
                _cell(r.rating or None),
                str(r.games),
                _cell(r.score, "g"),
                _cell(r.expected, ".2f"),
                _cell(r.k, "g"),
                _cell(r.change, "+.2f"),
                _cell(_plain(r.new_rating)),
                _cell(r.performance),
            ]
        )
    widths = [max(len(row[i]) for row in lines) for i in range(len(head))]
    out = ["  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in lines]
    return "\n".join([*out, "", title])


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input)."""
    parser = _Parser(prog="python -m tournaments.ratings", description="Rating changes from a TRF file.")
    parser.add_argument("input", help="TRF16/TRF26 file")
    parser.add_argument("--preset", required=True, choices=PRESETS, help="rating preset")
    parser.add_argument("--k", type=float, help="K for every player (one-point scale unless the preset says otherwise)")
    parser.add_argument("--performance", choices=PERFORMANCE_METHODS, help="performance method (default: the preset's)")
    parser.add_argument("--reduced-event", action="store_true", help="rate at the preset's reduced factor")
    parser.add_argument("--json", action="store_true", help="print the JSON contract instead of a table")
    args = parser.parse_args(argv)
    if args.k is not None and not 0 <= args.k <= 1000:
        parser.error(f"--k must be within 0..1000, got {args.k:g}")
    try:
        tournament = read_trf_file(args.input)
        if not tournament.players:
            raise TrfError(0, "001", "no player records: not a TRF file")
        preset = load_preset(args.preset)
        inp = rating_input_from_trf(tournament, reduced_event=args.reduced_event)
        rows = rate_event(inp, preset, k=args.k, performance=args.performance)
    except (TrfError, RatingDataError) as exc:
        print(f"ratings: {args.input}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(f"ratings: cannot read {args.input}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    rows = tuple(sorted(rows, key=lambda r: r.start_number))
    if args.json:
        print(json.dumps(to_json(rows)))
    else:
        label = " (estimate)" if preset.estimate or args.k is not None else ""
        print(to_table(rows, f"Preset: {preset.title}{label}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
