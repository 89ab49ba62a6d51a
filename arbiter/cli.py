"""Command line of the arbiter (a contract other tools rely on).

    python -m arbiter perft DEPTH [--variant NAME] [--fen FEN]   # last line: the leaf count
    python -m arbiter moves [--variant NAME] [--fen FEN] [--json]
    python -m arbiter check FILE.pdn [--variant NAME] [--json]   # delegated to arbiter.check
    python -m arbiter ballots DECK [--all] [--json] | --list     # delegated to arbiter.ballots.cli

Bad input (unreadable FEN, unknown variant or deck, bad depth) prints one line on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn

from arbiter.ballots.cli import BallotsUsage, add_arguments
from arbiter.ballots.cli import run as ballots_run
from arbiter.ballots.decks import UnknownDeck
from arbiter.check import main as check_main
from arbiter.fen import FenError, parse_fen, to_fen
from arbiter.moves import legal_moves
from arbiter.notation import move_to_text
from arbiter.perft import perft
from arbiter.position import Position, initial_position
from arbiter.profiles import UnknownVariant, get_profile


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(message)


def _position(variant: str | None, fen: str | None) -> Position:
    profile = get_profile(variant or "international")
    return parse_fen(fen, profile) if fen is not None else initial_position(profile)


def moves_json(pos: Position, fen: str) -> dict[str, Any]:
    """The ``moves --json`` record of one position (shape documented in the fixtures README)."""
    legal = legal_moves(pos)
    return {
        "fen": fen,
        "moves": [
            {"notation": move_to_text(pos, m, legal), "from": m.from_sq, "to": m.to_sq,
             "captures": list(m.captures), "path": list(m.path)}
            for m in legal
        ],
    }


def _cmd_perft(args: argparse.Namespace) -> int:
    if args.depth < 0:
        raise _UsageError(f"perft depth must be >= 0, not {args.depth}")
    pos = _position(args.variant, args.fen)
    print(perft(pos, args.depth))
    return 0


def _cmd_moves(args: argparse.Namespace) -> int:
    profile = get_profile(args.variant or "international")
    if args.json and args.fen is None:
        status = 0
        for line in sys.stdin:
            fen = line.strip()
            if not fen:
                continue
            try:
                record = moves_json(parse_fen(fen, profile), fen)
            except FenError as exc:
                print(f"arbiter moves: {exc}", file=sys.stderr)
                record = {"fen": fen, "error": str(exc), "moves": []}
                status = 2
            print(json.dumps(record), flush=False)
        return status
    pos = _position(args.variant, args.fen)
    fen = args.fen if args.fen is not None else to_fen(pos)
    if args.json:
        print(json.dumps(moves_json(pos, fen)))
    else:
        legal = legal_moves(pos)
        for m in legal:
            print(move_to_text(pos, m, legal))
    return 0


def _cmd_check(args: argparse.Namespace) -> int:
    result: int = check_main(args.file, args.variant, args.json)
    return result


def _cmd_ballots(args: argparse.Namespace) -> int:
    return ballots_run(args)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m arbiter``."""
    p = _Parser(prog="python -m arbiter", description="Draughts rules engine")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    pp = sub.add_parser("perft", help="count leaf nodes of the legal-move tree")
    pp.add_argument("depth", type=int)
    pp.add_argument("--variant", default=None)
    pp.add_argument("--fen", default=None)
    pp.set_defaults(func=_cmd_perft)
    pm = sub.add_parser("moves", help="list the legal moves")
    pm.add_argument("--variant", default=None)
    pm.add_argument("--fen", default=None)
    pm.add_argument("--json", action="store_true")
    pm.set_defaults(func=_cmd_moves)
    pc = sub.add_parser("check", help="check the games of a PDN file")
    pc.add_argument("file")
    pc.add_argument("--variant", default=None)
    pc.add_argument("--json", action="store_true")
    pc.set_defaults(func=_cmd_check)
    pb = sub.add_parser("ballots", help="list the official opening decks and their openings")
    add_arguments(pb)
    pb.set_defaults(func=_cmd_ballots)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code (2 for bad input)."""
    try:
        args = build_parser().parse_args(argv)
        code: int = args.func(args)
        return code
    except (_UsageError, FenError, UnknownVariant, UnknownDeck, BallotsUsage) as exc:
        print(f"arbiter: {exc}", file=sys.stderr)
        return 2
