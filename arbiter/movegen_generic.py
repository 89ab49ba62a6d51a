"""Ray-based move generation for the profiles the bitboard generator does not cover.

``GenericRules`` answers the same questions as ``arbiter.movegen.Rules`` (same raw move tuples) from the
board's rays and the profile's traits, so it covers: captures along lines (Frisian, Turkish), men moving
forward and sideways (Turkish), every square played (Turkish), men that may not take kings (Italian),
kings that stop just behind the piece they take (Thai), pieces removed at once during a capture (Turkish,
Thai) or at the end (FMJD 4.11), no 180-degree turns (Turkish), and the capture precedences: count
(FMJD 4.13), value (Frisian), a king must capture (Czech always; Italian, Frisian on a tie), most kings
(Italian, Spanish, Portuguese) and the earliest king (Italian). It is slower than the bitboard code and is
used only for the profiles that need it (``Profile.generic``); on the FMJD profiles it gives the same moves
(checked by the tests), which cross-checks both.
"""

from __future__ import annotations

from arbiter.board import DOWN, LEFT, LINE_DIRECTIONS, OPPOSITE, RIGHT, UP
from arbiter.movegen import RawMove, Rules, Step
from arbiter.profile_type import Profile

_DIAGONALS = (0, 1, 2, 3)
_FORWARD_DIAGONALS = {True: (0, 1), False: (2, 3)}
# Turkish men: forward and sideways along the lines.
_FORWARD_LINES = {True: (UP, LEFT, RIGHT), False: (DOWN, LEFT, RIGHT)}


class GenericRules(Rules):
    """The move rules of a profile with traits beyond the bitboard generator (module docstring)."""

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        p = profile
        lines = {"diagonal": _DIAGONALS, "orthogonal": LINE_DIRECTIONS, "both": _DIAGONALS + LINE_DIRECTIONS}
        self.capture_dirs: tuple[int, ...] = lines[p.capture_lines]
        self.king_move_dirs = _DIAGONALS if p.king_move_lines == "diagonal" else LINE_DIRECTIONS
        self.immediate = p.removal == "immediate"

    # -- helpers ---------------------------------------------------------------------------------
    def man_capture_dirs(self, white: bool) -> tuple[int, ...]:
        if self.backwards:
            return self.capture_dirs
        if self.profile.capture_lines == "orthogonal":
            return _FORWARD_LINES[white]  # Turkish: forward and sideways
        return _FORWARD_DIAGONALS[white]

    def man_move_dirs(self, white: bool) -> tuple[int, ...]:
        return _FORWARD_LINES[white] if self.profile.men_move == "orthogonal" else _FORWARD_DIAGONALS[white]

    # -- captures --------------------------------------------------------------------------------
    def capture_sequences(self, om: int, ok: int, xm: int, xk: int, white: bool,
                          prefixes: list[RawMove] | None = None, starters: int = -1,
                          dead_ends: list[RawMove] | None = None) -> list[RawMove]:
        """Every complete capture sequence (no precedence applied, duplicates kept); see ``Rules``."""
        out: list[RawMove] = []
        search = _Search(self, om, ok, xm, xk, white, out, prefixes, dead_ends)
        pieces = (om | ok) & starters
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            search.start(low.bit_length() - 1, bool(ok & low))
        return out

    def jumpers(self, om: int, ok: int, xm: int, xk: int, white: bool) -> int:
        """Mask of the pieces that can capture (kings all together, as ``Rules.jumpers``)."""
        mask = 0
        search = _Search(self, om, ok, xm, xk, white, [], None, None)
        pieces = om | ok
        while pieces:
            low = pieces & -pieces
            pieces ^= low
            if search.can_jump(low.bit_length() - 1, bool(ok & low)):
                mask |= low
        if mask & ok:
            mask |= ok
        return mask

    def legal_captures(self, om: int, ok: int, xm: int, xk: int, white: bool,
                       keep_duplicates: bool = False, starters: int = -1) -> list[RawMove]:
        """The legal captures after the profile's precedence rules, one per (from, to, captured set)."""
        seqs = self.capture_sequences(om, ok, xm, xk, white, None, starters)
        seqs = precedence(self.profile, seqs, ok, xk)
        seen: set[tuple[int, int, int] | tuple[int, int, int, tuple[tuple[int, int], ...]]] = set()
        out: list[RawMove] = []
        for s in seqs:
            key = (s[0], s[1], s[2], tuple((st[2], st[1]) for st in s[4])) if keep_duplicates else (s[0], s[1], s[2])
            if key not in seen:
                seen.add(key)
                out.append(s)
        return out

    # -- quiet moves -----------------------------------------------------------------------------
    def quiet_moves(self, om: int, ok: int, xm: int, xk: int, white: bool) -> list[RawMove]:
        """Non-capturing moves: men one square (forward, or forward and sideways), kings along free lines."""
        empty = self.board & ~(om | ok | xm | xk)
        promo_row = self.geo.white_promotion if white else self.geo.black_promotion
        rays = self.rays
        out: list[RawMove] = []
        m = om
        dirs = self.man_move_dirs(white)
        while m:
            low = m & -m
            m ^= low
            frm = low.bit_length() - 1
            for d in dirs:
                step = rays[frm][d][:1]
                if step and (empty >> step[0]) & 1:
                    out.append((frm, step[0], 0, bool((promo_row >> step[0]) & 1), ()))
        k = ok
        while k:
            low = k & -k
            k ^= low
            frm = low.bit_length() - 1
            for d in self.king_move_dirs:
                for to in rays[frm][d]:
                    if not (empty >> to) & 1:
                        break
                    out.append((frm, to, 0, False, ()))
                    if not self.flying:
                        break
        return out

    def count_quiet(self, om: int, ok: int, xm: int, xk: int, white: bool) -> int:
        return len(self.quiet_moves(om, ok, xm, xk, white))


class _Search:
    """One depth-first search of capture sequences from one position (see ``GenericRules``)."""

    def __init__(self, rules: GenericRules, om: int, ok: int, xm: int, xk: int, white: bool, out: list[RawMove],
                 prefixes: list[RawMove] | None, dead_ends: list[RawMove] | None) -> None:
        self.r = rules
        self.xm, self.xk = xm, xk
        self.all = om | ok | xm | xk
        self.white = white
        self.out, self.prefixes, self.dead_ends = out, prefixes, dead_ends
        self.promo = rules.geo.white_promotion if white else rules.geo.black_promotion
        self.frm = 0
        self.occ = 0

    def start(self, frm: int, king: bool) -> None:
        self.frm = frm
        self.occ = self.all & ~(1 << frm)  # the origin counts as empty during the capture
        self.jumps(frm, 0, (), -1, king, False)

    def can_jump(self, frm: int, king: bool) -> bool:
        self.frm = frm
        self.occ = self.all & ~(1 << frm)
        dirs = self.r.capture_dirs if king else self.r.man_capture_dirs(self.white)
        return any(self.targets(frm, d, 0, king) for d in dirs)

    def targets(self, sq: int, d: int, caps: int, king: bool) -> list[tuple[int, list[int]]]:
        """The (captured bit, landing bits) of a jump from ``sq`` in direction ``d`` (empty list: none)."""
        ray = self.r.rays[sq][d]
        occ = self.occ & ~caps if self.r.immediate else self.occ
        j = 0
        if king and self.r.flying:
            while j < len(ray) and not (occ >> ray[j]) & 1:
                j += 1
        if j >= len(ray) - 1:
            return []
        v = ray[j]
        if (caps >> v) & 1 or not ((self.xm | self.xk) >> v) & 1:
            return []
        if not king and not self.r.profile.men_capture_kings and (self.xk >> v) & 1:
            return []
        landings = []
        for t in ray[j + 1:]:
            if (occ >> t) & 1:
                break
            landings.append(t)
            if not (king and self.r.flying) or self.r.profile.king_lands_next:
                break
        return [(v, landings)] if landings else []

    def jumps(self, sq: int, caps: int, steps: tuple[Step, ...], last: int, king: bool, crowned: bool) -> bool:
        r = self.r
        dirs = r.capture_dirs if king else r.man_capture_dirs(self.white)
        found = False
        for d in dirs:
            if last >= 0 and (d == OPPOSITE[last] and (r.profile.no_reverse or not r.immediate)):
                continue  # the way back is blocked by the piece just taken, or forbidden (Turkish)
            for v, landings in self.targets(sq, d, caps, king):
                found = True
                self.land(d, v, landings, caps | (1 << v), steps, king, crowned)
        return found

    def land(self, d: int, v: int, landings: list[int], ncaps: int, steps: tuple[Step, ...], king: bool,
             crowned: bool) -> None:
        stuck: list[RawMove] = []
        continued = False
        for land in landings:
            nsteps = steps + ((land, d, v),)
            now_king, now_crowned = king, crowned
            if not king and self.r.crown_mid_capture and (self.promo >> land) & 1:
                now_king = now_crowned = True  # Russian-style: crowned at once, goes on as a king
            if self.jumps(land, ncaps, nsteps, d, now_king, now_crowned):
                continued = True
                if self.prefixes is not None:
                    self.prefixes.append((self.frm, land, ncaps, now_crowned, nsteps))
            else:
                promotes = now_crowned or (not king and bool((self.promo >> land) & 1))
                stuck.append((self.frm, land, ncaps, promotes, nsteps))
        if not continued:
            self.out.extend(stuck)
        elif self.dead_ends is not None:
            self.dead_ends.extend(stuck)


def _kings_taken(seq: RawMove, xk: int) -> int:
    return (seq[2] & xk).bit_count()


def _first_king(seq: RawMove, xk: int) -> int:
    for i, step in enumerate(seq[4]):
        if (xk >> step[2]) & 1:
            return i
    return len(seq[4])


def precedence(profile: Profile, seqs: list[RawMove], ok: int, xk: int) -> list[RawMove]:
    """The sequences the profile's capture precedence leaves (module docstring), in their order."""
    if not seqs:
        return seqs
    by_king = [s for s in seqs if (ok >> s[0]) & 1]
    if profile.king_capture_priority == "always" and by_king:
        seqs = by_king
    if profile.capture_precedence == "majority":
        best = max(s[2].bit_count() for s in seqs)
        seqs = [s for s in seqs if s[2].bit_count() == best]
    elif profile.capture_precedence == "value":
        def value(s: RawMove) -> int:
            kings = _kings_taken(s, xk)
            return (s[2].bit_count() - kings) * 1000 + kings * profile.king_value_milli
        top = max(value(s) for s in seqs)
        seqs = [s for s in seqs if value(s) == top]
    if profile.king_capture_priority == "on_tie":
        by_king = [s for s in seqs if (ok >> s[0]) & 1]
        seqs = by_king or seqs
    if profile.most_kings_priority:
        most = max(_kings_taken(s, xk) for s in seqs)
        seqs = [s for s in seqs if _kings_taken(s, xk) == most]
        if profile.earliest_king_priority and most:
            first = min(_first_king(s, xk) for s in seqs)
            seqs = [s for s in seqs if _first_king(s, xk) == first]
    return seqs
