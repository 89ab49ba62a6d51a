"""Command line: ``python -m tournaments.prizes STANDINGS.json --prizes 1000,500,350 --rule place|equal|hort --json``.

Contract (other tools rely on it): STANDINGS.json is what ``python -m tournaments.standings ... --json``
prints (a list in rank order; ``start_number``, ``rank``, ``points`` are read, other keys ignored).
``--prizes`` are the main list's amounts by place, in currency units with at most two decimals.
With ``--json`` it prints one JSON list, in order of the awards (by place)::

    [{"start_number": 3, "amount": 1000.00, "how": "Prizes: 1st place, 1000.00"}, ...]

``amount`` is written with exactly two decimals; ``how`` says how it was computed. Shares are
rounded down to the cent (``--unit`` sets another step, e.g. 1 for whole units), so the sum paid
never exceeds the fund. Bad input: one line on stderr, exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from pathlib import Path

from tournaments.prizes import (
    RULES,
    PrizeError,
    PrizeList,
    PrizeResult,
    PrizeSettings,
    award_prizes,
    contestants_from_standings,
    money,
)

EXIT_BAD_INPUT = 2
MAX_BYTES = 10 * 1024 * 1024


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"prizes: {message}\n")


def cents(text: str, what: str) -> int:
    """Currency text ("350", "12.50") as cents; ``PrizeError`` when not a non-negative amount."""
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise PrizeError(f"{what}: {text!r} is not an amount") from None
    if not value.is_finite() or value < 0 or value != value.quantize(Decimal("0.01")):
        raise PrizeError(f"{what}: {text!r} must be a non-negative amount with at most two decimals")
    if value > Decimal(10) ** 12:
        raise PrizeError(f"{what}: {text!r} is too large")
    return int(value * 100)


def to_json(result: PrizeResult) -> str:
    """The contract list; amounts written as numbers with two decimals."""
    items = [
        f'{{"start_number": {a.start_number}, "amount": {money(a.amount)}, "how": {json.dumps(a.how)}}}'
        for a in result.awards
    ]
    return "[" + ", ".join(items) + "]"


def to_table(result: PrizeResult) -> str:
    lines = [f"{a.start_number:>5}  {money(a.amount):>12}  {a.how}" for a in result.awards]
    lines.append(f"Fund {money(result.fund)}, paid {money(result.paid)}, not paid {money(result.unpaid)}")
    lines.extend(result.notes)
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input)."""
    parser = _Parser(prog="python -m tournaments.prizes", description="Prize list from final standings.")
    parser.add_argument("standings", help="the JSON printed by python -m tournaments.standings ... --json")
    parser.add_argument("--prizes", required=True, help="amounts by place, comma-separated: 1000,500,350")
    parser.add_argument("--rule", choices=RULES, default="place", help="distribution rule (default: place)")
    parser.add_argument("--unit", default="0.01", help="round each share down to a multiple of this (default 0.01)")
    parser.add_argument("--json", action="store_true", help="print the JSON contract instead of a table")
    args = parser.parse_args(argv)
    try:
        amounts = tuple(cents(p, "--prizes") for p in args.prizes.split(","))
        unit = cents(args.unit, "--unit")
        if unit < 1:
            raise PrizeError("--unit: at least 0.01")
        path = Path(args.standings)
        if path.stat().st_size > MAX_BYTES:
            raise PrizeError(f"larger than {MAX_BYTES // (1024 * 1024)} MB")
        rows = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(rows, list):
            raise PrizeError("not a standings list (expected the JSON of python -m tournaments.standings --json)")
        players = contestants_from_standings(rows)
        settings = PrizeSettings(lists=(PrizeList("Prizes", amounts),), rule=args.rule, unit=unit)
        result = award_prizes(players, settings)
    except PrizeError as exc:
        print(f"prizes: {args.standings}: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(f"prizes: {args.standings}: not JSON: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as exc:
        print(f"prizes: cannot read {args.standings}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    print(to_json(result) if args.json else to_table(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
