"""Command line compatible with JaVaFo / bbpPairings (``python -m tournaments.pairing``).

::

    python -m tournaments.pairing --dutch INPUT.trf -p [OUTPUT]   # pair the next round
    python -m tournaments.pairing --dutch INPUT.trf -c            # check every round of the file
    python -m tournaments.pairing --dutch -g CONFIG -o OUT.trf [-s SEED] [--trf16]   # generator
    python -m tournaments.pairing -r                              # version

    python -m tournaments.pairing --system NAME INPUT.trf -p [OUTPUT] [--solkoff-variant V] [--adjacent]
                                  [--option NAME=VALUE ...]       # any system of the registry

``--system`` takes a key of ``tournaments.pairing.systems.SYSTEMS``: ``dutch`` (the same as
``--dutch``), ``solkoff``, ``rating``, ``resistance``, ``moyenne``, also ``keizer``, ``berger``,
``berger_double``. Options that change the pairing: ``--solkoff-variant full|short|median|plain|plus``
(solkoff), ``--adjacent`` (resistance), and any option as ``--option NAME=VALUE``. Round 1 uses the
start numbers as the lot order. ``-c`` and ``-g`` pair with the chosen system too.

``-p`` writes the number of pairs (the PAB counts as a pair), then one ``white black`` line per
pair in start numbers, the PAB as ``id 0``. ``-c`` prints a block per round whose re-pairing
differs (pairs or colours or PAB). Exit codes: 0 ok; 1 no valid pairing (``-p``) or at least one
discrepancy (``-c``); 3 invalid request or file (one line on stderr naming line and field);
5 file not readable.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import NoReturn

from tournaments.pairing.generator import generate, parse_config
from tournaments.pairing.model import PairingError, PairingInput, RoundPairing
from tournaments.pairing.systems import SYSTEMS, Engine, OptionError
from tournaments.pairing.trf_input import to_pairing_input
from tournaments.trf import TrfError, TrfTournament, next_round, read_trf_file, round_pairs, write_trf

VERSION = "draughts-arbiter Dutch engine 1.0 (FIDE C.04.3, 2025 rules)"
EXIT_OK, EXIT_NO_PAIRING, EXIT_INVALID, EXIT_FILE = 0, 1, 3, 5


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_INVALID)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m tournaments.pairing", description="Pairing engines (FIDE Dutch and draughts systems)")
    p.add_argument("--dutch", action="store_true", help="use the FIDE Dutch system (the default)")
    p.add_argument("--system", choices=tuple(SYSTEMS), help="the pairing system (default: dutch)")
    p.add_argument("--solkoff-variant", help="solkoff: full, short, median, plain or plus (default full)")
    p.add_argument("--adjacent", action="store_true", help="resistance: pair 1-2, 3-4, ... instead of halves")
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a system option")
    p.add_argument("input", nargs="?", help="TRF input file")
    p.add_argument("-p", nargs="?", const="-", metavar="OUTPUT", help="pair the next round")
    p.add_argument("-c", action="store_true", help="check every round of the file")
    p.add_argument("-g", nargs="?", const="", metavar="CONFIG", help="generate a random tournament")
    p.add_argument("-o", metavar="OUT", help="output file for -g")
    p.add_argument("-s", type=int, metavar="SEED", help="random seed for -g")
    p.add_argument("--trf16", action="store_true", help="-g writes TRF16 with XXR/XXC/BB* instead of TRF26")
    p.add_argument("-r", action="store_true", help="print the version")
    return p


def format_pairing(rp: RoundPairing) -> str:
    """The JaVaFo/bbpPairings ``-p`` output."""
    lines = [f"{p.white} {p.black}" for p in rp.pairings] + [f"{b.player} 0" for b in rp.byes if b.kind == "pab"]
    return f"{len(lines)}\n" + "".join(f"{line}\n" for line in lines)


def _load(path: str) -> TrfTournament:
    try:
        return read_trf_file(path)
    except OSError as exc:
        print(f"error: cannot read {path}: {exc.strerror}", file=sys.stderr)
        raise SystemExit(EXIT_FILE) from None


def _engine(args: argparse.Namespace) -> Engine:
    """The chosen system's engine with its options (``OptionError`` for a bad one)."""
    if args.dutch and args.system not in (None, "dutch"):
        raise OptionError(f"--dutch and --system {args.system} contradict each other")
    spec = SYSTEMS[args.system or "dutch"]
    options: dict[str, object] = {}
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise OptionError(f"--option {item!r}: write NAME=VALUE")
        options[name.strip()] = value.strip()
    if args.solkoff_variant is not None:
        options["solkoff_variant"] = args.solkoff_variant
    if args.adjacent:
        options["adjacent"] = True
    return spec.configure(options)


def _pair(path: str, output: str, engine: Engine) -> int:
    t = _load(path)
    rp = engine(to_pairing_input(t, next_round(t)))
    text = format_pairing(rp)
    if output == "-":
        sys.stdout.write(text)
    else:
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(text)
    return EXIT_OK


def _describe(pairs: frozenset[tuple[int, int]], pab: int | None) -> str:
    items = [f"{w}-{b}" for w, b in sorted(pairs)]
    if pab is not None:
        items.append(f"{pab}-0")
    return " ".join(items)


def _check(path: str, engine: Engine) -> int:
    t = _load(path)
    last = next_round(t) - 1
    bad = 0
    for k in range(1, last + 1):
        expected, exp_pab = round_pairs(t, k)
        try:
            rp = engine(to_pairing_input(t, k))
        except PairingError:
            print(f"Round {k}: No valid pairing exists for round {k}")
            print(f"  Tournament pairings: {_describe(expected, exp_pab)}")
            bad += 1
            continue
        got = frozenset((p.white, p.black) for p in rp.pairings)
        pab = next((b.player for b in rp.byes if b.kind == "pab"), None)
        if got != expected or pab != exp_pab:
            bad += 1
            print(f"Round {k}: discrepancy")
            print(f"  Checker pairings:    {_describe(got, pab)}")
            print(f"  Tournament pairings: {_describe(expected, exp_pab)}")
            missing = sorted(expected - got)
            extra = sorted(got - expected)
            if missing or extra:
                print(f"  only in tournament: {' '.join(f'{w}-{b}' for w, b in missing) or '-'}")
                print(f"  only in checker:    {' '.join(f'{w}-{b}' for w, b in extra) or '-'}")
    print(f"Checked {last} round(s): {bad} discrepanc{'y' if bad == 1 else 'ies'}")
    return EXIT_OK if bad == 0 else EXIT_NO_PAIRING


def _generate(
    config: str,
    out: str | None,
    seed: int | None,
    trf16: bool,
    engine: Callable[[PairingInput], RoundPairing],
    system: str | None,
) -> int:
    if not out:
        print("error: -g needs -o OUT.trf", file=sys.stderr)
        return EXIT_INVALID
    text = ""
    if config:
        try:
            with open(config, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            print(f"error: cannot read {config}: {exc.strerror}", file=sys.stderr)
            return EXIT_FILE
    cfg = parse_config(text)
    seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
    t = generate(cfg, seed, pairer=engine)
    if system and system != "dutch":
        t = replace(t, system=SYSTEMS[system].trf_code or "")
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(write_trf(t, "trf16" if trf16 else "trf26"))
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (see the module docstring)."""
    args = _parser().parse_args(argv)
    try:
        if args.r:
            print(VERSION)
            return EXIT_OK
        engine = _engine(args)
        if args.g is not None:
            return _generate(args.g, args.o, args.s, args.trf16, engine, args.system)
        if not args.input:
            print("error: an input TRF file is needed (or -g to generate one)", file=sys.stderr)
            return EXIT_INVALID
        if args.c:
            return _check(args.input, engine)
        if args.p is not None:
            return _pair(args.input, args.p, engine)
        print("error: say -p to pair, -c to check or -g to generate", file=sys.stderr)
        return EXIT_INVALID
    except (TrfError, OptionError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_INVALID
    except PairingError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except SystemExit as exc:
        return int(exc.code or 0)
