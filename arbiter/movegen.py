"""Move generation on bit masks (internal; the public API is in ``arbiter.moves``).

Every function works side-relative on four ints: ``om``/``ok`` (men and kings of the side to
move), ``xm``/``xk`` (the opponent's), plus ``white`` (the side to move is White, whose men move
up the board, towards square 1). Moves are light tuples so that perft creates no objects:

* quiet move: ``(frm, to, 0, promotes, ())`` with bit indices;
* capture: ``(frm, to, captured_mask, promotes, steps)`` where ``steps`` holds one
  ``(landing, direction, captured)`` triple a jump.

The FMJD articles behind each rule are cited where the rule is applied.
"""

from __future__ import annotations

from arbiter.board import ALL_DIRECTIONS
from arbiter.profile_type import Profile

Step = tuple[int, int, int]
RawMove = tuple[int, int, int, bool, tuple[Step, ...]]


class Rules:
    """The move rules of one profile, with its board tables bound for speed."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        g = profile.geometry
        self.geo = g
        self.board = g.board_mask
        self.rays = g.rays
        self.shifts = g.shifts
        self.half = g.half
        self.flying = profile.flying_kings
        self.majority = profile.capture_precedence == "majority"
        self.crown_mid_capture = profile.promote_during_capture
        self.backwards = profile.men_capture_backwards

    # -- capture detection (bitboards) ----------------------------------------------------
    def has_capture(self, om: int, ok: int, xm: int, xk: int, white: bool) -> bool:
        """True when the side to move has a capture (FMJD 4.1: capturing is compulsory)."""
        return bool(self.jumpers(om, ok, xm, xk, white))

    def jumpers(self, om: int, ok: int, xm: int, xk: int, white: bool) -> int:
        """Mask of the pieces that may start a capture: each man that can jump now, and all kings
        if any king can (0 when the side to move has no capture)."""
        opp = xm | xk
        empty = self.board & ~(om | ok | opp)
        a, b = self.half, self.half + 1
        men = 0
        # Men: jump an adjacent enemy onto the empty square behind it (FMJD 4.2).
        if om:
            if white or self.backwards:
                men = om & (((opp << a) & (empty << (a + a))) | ((opp << b) & (empty << (b + b))))
            if not white or self.backwards:
                men |= om & (((opp >> a) & (empty >> (a + a))) | ((opp >> b) & (empty >> (b + b))))
        if ok and self._kings_capture(ok, opp, empty):
            return men | ok
        return men

    def _kings_capture(self, ok: int, opp: int, empty: int) -> bool:
        a, b = self.half, self.half + 1
        if ok:
            if not self.flying:
                return bool(((((ok >> a) & opp) >> a) & empty) or ((((ok >> b) & opp) >> b) & empty)
                            or ((((ok << a) & opp) << a) & empty) or ((((ok << b) & opp) << b) & empty))
            # Flying kings (FMJD 4.3): slide over empty squares to the first piece, which must be an
            # enemy with an empty square behind it.
            for s in (a, b):
                m = ok >> s
                while m:
                    if ((m & opp) >> s) & empty:
                        return True
                    m = (m & empty) >> s
                m = ok << s
                while m:
                    if ((m & opp) << s) & empty:
                        return True
                    m = (m & empty) << s
        return False

    # -- capture sequences (depth-first) ----------------------------------------------------
    def capture_sequences(self, om: int, ok: int, xm: int, xk: int, white: bool,
                          prefixes: list[RawMove] | None = None, starters: int = -1,
                          dead_ends: list[RawMove] | None = None) -> list[RawMove]:
        """Every complete capture sequence, majority rule NOT applied, duplicates NOT removed.

        FMJD 4.5: a piece keeps jumping while it can. FMJD 4.11 (Turkish strike): jumped pieces
        stay on the board until the move ends, so they block and cannot be jumped twice; the
        origin square counts as empty. If ``prefixes`` is given, every partial sequence that can
        still be continued is appended to it as well. If ``dead_ends`` is given, every flying-king
        sequence that stops on a landing square from which it cannot go on, while another landing
        square of the same jump would let it go on, is appended to it (a capture of fewer pieces than
        the piece could take: not a legal move). ``starters`` (a mask from ``jumpers``) limits the
        pieces tried.
        """
        search = _CaptureSearch(self, xm | xk, white, prefixes, dead_ends)
        all_pieces = om | ok | xm | xk
        man_dirs = ALL_DIRECTIONS if self.backwards else ((0, 1) if white else (2, 3))
        m = om & starters
        while m:
            low = m & -m
            m ^= low
            search.frm = low.bit_length() - 1
            search.occ = all_pieces ^ low  # the origin counts as empty during the capture
            search.short_jumps(search.frm, 0, (), man_dirs, False)
        k = ok & starters
        while k:
            low = k & -k
            k ^= low
            search.frm = low.bit_length() - 1
            search.occ = all_pieces ^ low
            if self.flying:
                search.king_jumps(search.frm, 0, (), -1, False)
            else:
                search.short_jumps(search.frm, 0, (), ALL_DIRECTIONS, True)
        return search.out

    def legal_captures(self, om: int, ok: int, xm: int, xk: int, white: bool,
                       keep_duplicates: bool = False, starters: int = -1) -> list[RawMove]:
        """The legal captures: complete sequences, majority rule applied when the profile says so
        (FMJD 4.13: most pieces, a king counting as one), one entry per (from, to, captured set)
        unless ``keep_duplicates`` (then one per path; for the informational perft figures)."""
        seqs = self.capture_sequences(om, ok, xm, xk, white, None, starters)
        if self.majority and seqs:
            best = max(s[2].bit_count() for s in seqs)
            seqs = [s for s in seqs if s[2].bit_count() == best]
        if keep_duplicates:
            return _distinct_paths(self, seqs)
        seen: set[tuple[int, int, int]] = set()
        out: list[RawMove] = []
        for s in seqs:
            key = (s[0], s[1], s[2])
            if key not in seen:
                seen.add(key)
                out.append(s)
        return out

    # -- quiet moves ------------------------------------------------------------------------
    def quiet_moves(self, om: int, ok: int, xm: int, xk: int, white: bool) -> list[RawMove]:
        """Non-capturing moves: men one square forward (FMJD 3), kings along free diagonals."""
        empty = self.board & ~(om | ok | xm | xk)
        out: list[RawMove] = []
        promo_row = self.geo.white_promotion if white else self.geo.black_promotion
        for s in ((-(self.half + 1), -self.half) if white else (self.half, self.half + 1)):
            t = ((om >> -s) if s < 0 else (om << s)) & empty
            while t:
                low = t & -t
                t ^= low
                to = low.bit_length() - 1
                out.append((to - s, to, 0, bool(low & promo_row), ()))
        rays = self.rays
        k = ok
        while k:
            low = k & -k
            k ^= low
            frm = low.bit_length() - 1
            for ray in rays[frm][:4]:
                for to in ray:
                    if not (empty >> to) & 1:
                        break
                    out.append((frm, to, 0, False, ()))
                    if not self.flying:
                        break
        return out

    def count_quiet(self, om: int, ok: int, xm: int, xk: int, white: bool) -> int:
        """Number of quiet moves, by bit counting (perft's last ply)."""
        empty = self.board & ~(om | ok | xm | xk)
        a, b = self.half, self.half + 1
        if white:
            n = ((om >> a) & empty).bit_count() + ((om >> b) & empty).bit_count()
        else:
            n = ((om << a) & empty).bit_count() + ((om << b) & empty).bit_count()
        if ok:
            if not self.flying:
                return n + (((ok >> a) & empty).bit_count() + ((ok >> b) & empty).bit_count()
                            + ((ok << a) & empty).bit_count() + ((ok << b) & empty).bit_count())
            for s in (a, b):
                m = (ok >> s) & empty
                while m:
                    n += m.bit_count()
                    m = (m >> s) & empty
                m = (ok << s) & empty
                while m:
                    n += m.bit_count()
                    m = (m << s) & empty
        return n

    def legal(self, om: int, ok: int, xm: int, xk: int, white: bool) -> list[RawMove]:
        """All legal moves: the legal captures if any capture exists (FMJD 4.1), else quiet moves."""
        starters = self.jumpers(om, ok, xm, xk, white)
        if starters:
            return self.legal_captures(om, ok, xm, xk, white, False, starters)
        return self.quiet_moves(om, ok, xm, xk, white)


def _distinct_paths(rules: Rules, seqs: list[RawMove]) -> list[RawMove]:
    # A flying king landing on different squares between two captures in one direction follows
    # the same path of jumps; paths differ by the squares where the piece turns or stops.
    seen: set[tuple[int, int, int, tuple[tuple[int, int], ...]]] = set()
    out: list[RawMove] = []
    for s in seqs:
        steps = s[4]
        key = (s[0], s[1], s[2], tuple((st[2], st[1]) for st in steps))
        if key not in seen:
            seen.add(key)
            out.append(s)
    return out


class _CaptureSearch:
    """One capture search of ``Rules.capture_sequences``: what the recursive jumps share (the
    board of the piece being tried, ``occ`` with its origin emptied, and the lists being filled)."""

    __slots__ = ("rays", "opp", "promo_row", "flying", "crown", "prefixes", "dead_ends", "out", "occ", "frm")

    def __init__(self, rules: Rules, opp: int, white: bool, prefixes: list[RawMove] | None,
                 dead_ends: list[RawMove] | None) -> None:
        self.rays = rules.rays
        self.opp = opp
        self.promo_row = rules.geo.white_promotion if white else rules.geo.black_promotion
        self.flying = rules.flying
        self.crown = rules.crown_mid_capture
        self.prefixes = prefixes
        self.dead_ends = dead_ends
        self.out: list[RawMove] = []
        self.occ = 0
        self.frm = 0

    def short_jumps(self, sq: int, caps: int, steps: tuple[Step, ...], dirs: tuple[int, ...], is_king: bool) -> bool:
        """A man (or a short king) jumps an adjacent enemy and lands directly behind it."""
        rays, opp, occ, promo_row = self.rays, self.opp, self.occ, self.promo_row
        prefixes, frm = self.prefixes, self.frm
        found = False
        for d in dirs:
            ray = rays[sq][d]
            if len(ray) < 2:
                continue
            v = ray[0]
            land = ray[1]
            if not (opp >> v) & 1 or (caps >> v) & 1 or (occ >> land) & 1:
                continue
            found = True
            ncaps = caps | (1 << v)
            nsteps = steps + ((land, d, v),)
            if not is_king and self.crown and (promo_row >> land) & 1:
                # Russian: crowned at once, continues capturing as a king.
                if not (self.king_jumps(land, ncaps, nsteps, d, True) if self.flying
                        else self.short_jumps(land, ncaps, nsteps, ALL_DIRECTIONS, True)):
                    self.out.append((frm, land, ncaps, True, nsteps))
                elif prefixes is not None:
                    prefixes.append((frm, land, ncaps, True, nsteps))
                continue
            if self.short_jumps(land, ncaps, nsteps, dirs, is_king):
                if prefixes is not None:
                    prefixes.append((frm, land, ncaps, False, nsteps))
            else:
                # FMJD 4.15: a man is crowned only if its move ends on the far row.
                self.out.append((frm, land, ncaps, not is_king and bool((promo_row >> land) & 1), nsteps))
        return found

    def king_jumps(self, sq: int, caps: int, steps: tuple[Step, ...], last: int, promoted: bool) -> bool:
        """Flying king (FMJD 4.3): over one enemy at a distance, landing on any free square beyond
        it; if some landing square allows a further capture it must be used (4.5)."""
        rays, occ = self.rays, self.occ
        found = False
        back = 3 - last
        for d in ALL_DIRECTIONS:
            if d == back:
                continue  # the piece just jumped is still on the board and blocks
            ray = rays[sq][d]
            n = len(ray)
            j = 0
            while j < n and not (occ >> ray[j]) & 1:
                j += 1
            if j >= n - 1:
                continue
            v = ray[j]
            if not (self.opp >> v) & 1 or (caps >> v) & 1:
                continue
            j += 1
            landings = []
            while j < n and not (occ >> ray[j]) & 1:
                landings.append(ray[j])
                j += 1
            if landings:
                found = True
                self._land(landings, caps | (1 << v), steps, (d, v), promoted)
        return found

    def _land(self, landings: list[int], ncaps: int, steps: tuple[Step, ...], jump: tuple[int, int],
              promoted: bool) -> None:
        """The landing squares of one king jump: those that let the king go on if there are any
        (the others are dead ends), else all of them end the move."""
        d, v = jump
        continued = False
        stuck = []
        for land in landings:
            nsteps = steps + ((land, d, v),)
            if self.king_jumps(land, ncaps, nsteps, d, promoted):
                continued = True
                if self.prefixes is not None:
                    self.prefixes.append((self.frm, land, ncaps, promoted, nsteps))
            else:
                stuck.append((self.frm, land, ncaps, promoted, nsteps))
        if not continued:
            self.out.extend(stuck)
        elif self.dead_ends is not None:
            self.dead_ends.extend(stuck)
