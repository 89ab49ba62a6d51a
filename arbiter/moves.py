"""Public move API: legal moves, capture sequences and prefixes, applying a move."""

from __future__ import annotations

from arbiter.movegen import RawMove, Rules
from arbiter.position import IllegalMoveError, Move, Position
from arbiter.rulesets import rules_for


def _side(pos: Position) -> tuple[int, int, int, int, bool]:
    if pos.white_to_move:
        return pos.wm, pos.wk, pos.bm, pos.bk, True
    return pos.bm, pos.bk, pos.wm, pos.wk, False


def pdn_path(rules: Rules, raw: RawMove) -> tuple[int, ...]:
    """The path of a raw move in PDN 3.0 form, as square numbers.

    Intermediate squares (PDN writing restrictions 8-9): where the piece changes direction, the
    square of the turn; going straight on, the square just behind each captured piece; never
    after the last capture.
    """
    frm, to, _caps, _promotes, steps = raw
    sq_of = rules.geo.sq_of
    mids = []
    for i in range(len(steps) - 1):
        land, d, v = steps[i]
        if steps[i + 1][1] != d:
            mids.append(sq_of[land])
        else:
            mids.append(sq_of[rules.rays[v][d][0]])
    return (sq_of[frm], *mids, sq_of[to])


def traversed(rules: Rules, raw: RawMove) -> tuple[int, ...]:
    """Every square the moving piece passes over or lands on, in order (origin first).

    Used to match leniently written capture paths against a move.
    """
    frm, to, _caps, _promotes, steps = raw
    sq_of = rules.geo.sq_of
    out = [sq_of[frm]]
    cur = frm
    if not steps:
        return (sq_of[frm], sq_of[to])
    for land, d, _v in steps:
        for i in rules.rays[cur][d]:
            out.append(sq_of[i])
            if i == land:
                break
        cur = land
    return tuple(out)


def to_move(rules: Rules, raw: RawMove) -> Move:
    """Build the public Move of a raw move tuple."""
    frm, to, caps, promotes, _steps = raw
    sq_of = rules.geo.sq_of
    if not caps:
        a, b = sq_of[frm], sq_of[to]
        return Move(a, b, (), (a, b), promotes)
    return Move(sq_of[frm], sq_of[to], tuple(rules.geo.squares_of(caps)), pdn_path(rules, raw), promotes)


def legal_moves(pos: Position) -> list[Move]:
    """The legal moves of ``pos`` under its profile, one per (from, to, set of captures).

    Capturing is compulsory (FMJD 4.1); with capture_precedence 'majority' only the sequences
    taking the most pieces are legal, a king counting as one (4.13); every sequence is complete
    (4.5); jumped pieces stay on the board until the end of the move (4.11).
    """
    rules = rules_for(pos.profile)
    return [to_move(rules, r) for r in rules.legal(*_side(pos))]


def legal_raw(pos: Position) -> list[RawMove]:
    """The legal moves as raw tuples (bit indices), for internal fast paths."""
    return rules_for(pos.profile).legal(*_side(pos))


def all_capture_sequences(pos: Position) -> list[Move]:
    """Every complete capture sequence of the side to move, IGNORING the majority rule.

    One entry per (from, to, set of captures). The validator compares a played capture with
    these to tell a non-maximal capture (FMJD 5.4.8) from an illegal one. Empty when no capture
    exists.
    """
    rules = rules_for(pos.profile)
    return _unique_moves(rules, rules.capture_sequences(*_side(pos)))


def _unique_moves(rules: Rules, raws: list[RawMove]) -> list[Move]:
    """One Move per (from, to, set of captures) among ``raws``, in their order."""
    seen: set[tuple[int, int, int]] = set()
    out = []
    for r in raws:
        if (r[0], r[1], r[2]) not in seen:
            seen.add((r[0], r[1], r[2]))
            out.append(to_move(rules, r))
    return out


def capture_prefixes(pos: Position) -> list[Move]:
    """Every INCOMPLETE capture: a sequence of one or more jumps after which the piece could,
    and therefore must (FMJD 4.5), jump on. One entry per (from, to, set of captures); the
    majority rule is not applied. A flying king's stop on a landing square from which it cannot
    go on, while another landing square of the same jump would let it go on, is neither here nor
    in ``all_capture_sequences`` (it is simply not a capture the rules allow).

    A played capture equal (by identity) to one of these stopped during a multiple capture
    (FMJD 5.4.9). ``is_capture_prefix`` tests a single move.
    """
    rules = rules_for(pos.profile)
    prefixes: list[RawMove] = []
    rules.capture_sequences(*_side(pos), prefixes=prefixes)
    return _unique_moves(rules, prefixes)


def capture_dead_ends(pos: Position) -> list[Move]:
    """Every flying-king capture that stops on a landing square from which the king cannot go on, while
    another landing square of the same jump would let it go on: it takes fewer pieces than the king could
    (e.g. from ``B:W17,K29,46:BK6,25``, ``6x50`` takes 17 while 6x... taking two was possible). One entry per
    (from, to, set of captures). Not legal under any profile; the validator judges such a move a capture
    of fewer pieces than possible (FMJD 5.4.8), not an impossible move."""
    rules = rules_for(pos.profile)
    dead: list[RawMove] = []
    rules.capture_sequences(*_side(pos), dead_ends=dead)
    return _unique_moves(rules, dead)


def is_capture_prefix(pos: Position, move: Move) -> bool:
    """True when ``move`` is the start of a longer capture, i.e. the piece had to jump on."""
    return move in set(capture_prefixes(pos))


def raw_sequences(pos: Position, *, include_prefixes: bool = False) -> list[RawMove]:
    """All raw capture paths (duplicates kept), optionally with the incomplete ones and the dead ends."""
    rules = rules_for(pos.profile)
    prefixes: list[RawMove] | None = [] if include_prefixes else None
    dead: list[RawMove] | None = [] if include_prefixes else None
    seqs = rules.capture_sequences(*_side(pos), prefixes=prefixes, dead_ends=dead)
    return seqs + (prefixes or []) + (dead or [])


def apply_move(pos: Position, move: Move) -> Position:
    """The position after ``move``, which need not be legal (the validator replays irregular moves).

    Moves the piece on ``from_sq`` to ``to_sq``, removes the opponent's pieces on the captured
    squares, crowns a man that ends on the far row (FMJD 3.5; with promote_during_capture also a
    man whose path touched the far row, or whose move says ``promotes``) and passes the turn.

    Raises IllegalMoveError when no piece of the side to move stands on ``from_sq``, when a square
    is off the board, or when ``to_sq`` is occupied by another piece.
    """
    g = pos.geo
    for s in (move.from_sq, move.to_sq, *move.captures):
        if not 1 <= s <= g.squares:
            raise IllegalMoveError(f"square {s} is not on the board (1-{g.squares})")
    om, ok, xm, xk, white = _side(pos)
    fb = 1 << g.idx_of[move.from_sq]
    tb = 1 << g.idx_of[move.to_sq]
    colour = "White" if white else "Black"
    if not (om | ok) & fb:
        raise IllegalMoveError(f"no {colour} piece on square {move.from_sq} for move {move.from_sq}-{move.to_sq}")
    capmask = g.mask_of(move.captures)
    if tb != fb and (om | ok | ((xm | xk) & ~capmask)) & tb:
        raise IllegalMoveError(f"square {move.to_sq} is occupied; {colour} cannot move there from {move.from_sq}")
    xm &= ~capmask
    xk &= ~capmask
    if ok & fb:
        ok = (ok ^ fb) | tb
    else:
        om ^= fb
        promo = g.white_promotion if white else g.black_promotion
        crowned = bool(tb & promo)
        if pos.profile.promote_during_capture and move.captures:
            crowned = crowned or move.promotes or bool(g.mask_of(move.path) & promo)
        if crowned:
            ok |= tb
        else:
            om |= tb
    if white:
        return Position(pos.profile, om, ok, xm, xk, False)
    return Position(pos.profile, xm, xk, om, ok, True)
