"""Perft: the number of leaf nodes of the legal-move tree, moves counted by identity.

The last ply is bulk-counted (the moves of each depth-1 node are counted, not made), which is the
convention of the published figures and of the benchmark in bench/bench_perft.py.
"""

from __future__ import annotations

from arbiter.movegen import Rules
from arbiter.movegen_generic import GenericRules
from arbiter.position import Position
from arbiter.rulesets import rules_for


def perft(pos: Position, depth: int, *, keep_duplicates: bool = False) -> int:
    """Number of leaf nodes ``depth`` plies below ``pos`` (1 for depth 0).

    Moves with the same origin, destination and set of captured pieces count once (FMJD notion of
    a move; the published perft figures), unless ``keep_duplicates`` counts every capture path
    (the informational "keep_duplicates" figures). Raises ValueError for a negative depth.
    """
    if depth < 0:
        raise ValueError(f"perft depth must be >= 0, not {depth}")
    if depth == 0:
        return 1
    rules = rules_for(pos.profile)
    if pos.white_to_move:
        return _perft(rules, pos.wm, pos.wk, pos.bm, pos.bk, True, depth, keep_duplicates)
    return _perft(rules, pos.bm, pos.bk, pos.wm, pos.wk, False, depth, keep_duplicates)


def _perft(rules: Rules, om: int, ok: int, xm: int, xk: int, white: bool, depth: int, dup: bool = False) -> int:
    # Side-relative recursion on bit masks: after a move the opponent becomes the side to move.
    if isinstance(rules, GenericRules):
        return _perft_generic(rules, om, ok, xm, xk, white, depth, dup)
    starters = rules.jumpers(om, ok, xm, xk, white)
    if starters:
        caps = rules.legal_captures(om, ok, xm, xk, white, dup, starters)
        if depth == 1:
            return len(caps)
        total = 0
        nw = not white
        for frm, to, capmask, promotes, _steps in caps:
            fb = 1 << frm
            tb = 1 << to
            keep = ~capmask
            if om & fb:
                if promotes:
                    total += _perft(rules, xm & keep, xk & keep, om ^ fb, ok | tb, nw, depth - 1, dup)
                else:
                    total += _perft(rules, xm & keep, xk & keep, om ^ fb | tb, ok, nw, depth - 1, dup)
            else:
                total += _perft(rules, xm & keep, xk & keep, om, ok ^ fb | tb, nw, depth - 1, dup)
        return total
    if depth == 1:
        return rules.count_quiet(om, ok, xm, xk, white)
    total = 0
    nw = not white
    d1 = depth - 1
    empty = rules.board & ~(om | ok | xm | xk)
    promo_row = rules.geo.white_promotion if white else rules.geo.black_promotion
    a, b = rules.half, rules.half + 1
    # Men: one square forward (FMJD 3); crowned when the move ends on the far row (FMJD 3.5).
    for s in ((-b, -a) if white else (a, b)):
        t = ((om >> -s) if s < 0 else (om << s)) & empty
        while t:
            tb = t & -t
            t ^= tb
            fb = (tb << -s) if s < 0 else (tb >> s)
            if tb & promo_row:
                total += _perft(rules, xm, xk, om ^ fb, ok | tb, nw, d1, dup)
            else:
                total += _perft(rules, xm, xk, om ^ fb | tb, ok, nw, d1, dup)
    if ok:
        rays = rules.rays
        flying = rules.flying
        k = ok
        while k:
            fb = k & -k
            k ^= fb
            rest = ok ^ fb
            for ray in rays[fb.bit_length() - 1][:4]:
                for to in ray:
                    tb = 1 << to
                    if not empty & tb:
                        break
                    total += _perft(rules, xm, xk, om, rest | tb, nw, d1, dup)
                    if not flying:
                        break
    return total


def _perft_generic(rules: GenericRules, om: int, ok: int, xm: int, xk: int, white: bool, depth: int,
                   dup: bool) -> int:
    """Perft through the generic generator's move lists (no bulk counting tricks beyond the last ply)."""
    if rules.jumpers(om, ok, xm, xk, white):
        moves = rules.legal_captures(om, ok, xm, xk, white, dup)
    else:
        moves = rules.quiet_moves(om, ok, xm, xk, white)
    if depth == 1:
        return len(moves)
    total = 0
    for frm, to, capmask, promotes, _steps in moves:
        fb, tb, keep = 1 << frm, 1 << to, ~capmask
        if om & fb:
            if promotes:
                total += _perft_generic(rules, xm & keep, xk & keep, om ^ fb, ok | tb, not white, depth - 1, dup)
            else:
                total += _perft_generic(rules, xm & keep, xk & keep, om ^ fb | tb, ok, not white, depth - 1, dup)
        else:
            total += _perft_generic(rules, xm & keep, xk & keep, om, ok ^ fb | tb, not white, depth - 1, dup)
    return total
