"""Colour allocation for the draughts Swiss systems (FMJD Solkoff and rating variants, Toernooimanager's
resistance-point Swiss): FIDE's basic colour rules, or Toernooimanager's balance rule (pure).

Only games over the board leave a colour (``tournaments.vocabulary.history_colour``): a forfeit,
a bye or an absence does not.

**Preference** (FIDE C.04.1 and the Dutch system's definitions, which FMJD's Swiss text presumes):
absolute when the colour difference (whites minus blacks) is above 1 or below -1, or the last two
games had the same colour (then the other colour); strong when the difference is 1 or -1 (the
colour played less); mild when it is 0 (the other colour than last time); none before the first game.

**FIDE basic rules** (``fide``, the default): grant both preferences when they differ; else the
stronger preference (between two absolute ones the wider colour difference); else alternate from
the most recent round in which the two had different colours; else the higher-placed player's
preference. Neither with a preference (round 1): the higher-placed player of an odd board gets the
initial colour, of an even board the other. Two players who both need the same colour absolutely
are not paired (difference above 2 or three in a row), unless no pairing exists otherwise.

**Balance** (``balance``, Toernooimanager: "the side with the lower balance gets white"): the lower
colour difference gets White; equal: the one who had Black last; equal histories: the higher-placed
player alternates; no history at all: the higher-placed player takes the initial colour (on every
board, as Toernooimanager's first round does). FIDE's hard limits hold here too [open: the
Toernooimanager manual does not say]: a player who must have a colour (difference 2, or the same
colour twice running) gets it first, and two players who both must have the same colour do not meet
unless nothing else works.

The reasons are the Dutch engine's and Keizer's sentences (``tournaments.reports.reasons``
translates them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.vocabulary import Colour, RoundRecord, history_colour

ColourRule = Literal["fide", "balance"]
COLOUR_RULES: tuple[ColourRule, ...] = ("fide", "balance")
_STRENGTH = {"absolute": 3, "strong": 2, "mild": 1, "none": 0}


def _other(c: Colour) -> Colour:
    return "b" if c == "w" else "w"


def _word(c: Colour | None) -> str:
    return "white" if c == "w" else "black" if c == "b" else "none"


@dataclass(frozen=True)
class ColourState:
    """A player's colours so far: the played games' colours in round order."""

    sequence: tuple[Colour, ...] = ()

    @property
    def diff(self) -> int:
        """Whites minus blacks."""
        return sum(1 if c == "w" else -1 for c in self.sequence)

    @property
    def last(self) -> Colour | None:
        return self.sequence[-1] if self.sequence else None

    @property
    def preference(self) -> Colour | None:
        """The colour the player should get (None: no preference yet)."""
        if not self.sequence:
            return None
        d = self.diff
        if d > 0:
            return "b"
        if d < 0:
            return "w"
        return _other(self.sequence[-1])

    @property
    def strength(self) -> str:
        """``absolute``, ``strong``, ``mild`` or ``none``."""
        if not self.sequence:
            return "none"
        d = self.diff
        if abs(d) > 1 or (len(self.sequence) >= 2 and self.sequence[-1] == self.sequence[-2]):
            return "absolute"
        return "strong" if abs(d) == 1 else "mild"

    @property
    def absolute_colour(self) -> Colour | None:
        """The colour the player must have (absolute preference), else None."""
        if self.strength != "absolute":
            return None
        d = self.diff
        if d > 1:
            return "b"
        if d < -1:
            return "w"
        return _other(self.sequence[-1])


def colour_state(history: Sequence[RoundRecord]) -> ColourState:
    """The colours a history leaves (played games only, in round order)."""
    seq: list[Colour] = []
    for rec in sorted(history, key=lambda r: r.round):
        c = history_colour(rec.points_code, rec.colour, rec.opponent is not None)
        if c is not None:
            seq.append(c)
    return ColourState(tuple(seq))


def conflict(a: ColourState, b: ColourState) -> int:
    """1 when both prefer the same colour (one of them will not get it), else 0."""
    pa, pb = a.preference, b.preference
    return int(pa is not None and pa == pb)


def absolute_clash(a: ColourState, b: ColourState) -> bool:
    """Both need the same colour absolutely: pairing them breaks the basic colour rules."""
    ca = a.absolute_colour
    return ca is not None and ca == b.absolute_colour


def _fide(hi: ColourState, lo: ColourState, board: int, initial: Colour) -> tuple[Colour, str]:
    """The colour of the higher-placed player ``hi`` and the rule (FIDE basic rules)."""
    ph, pl = hi.preference, lo.preference
    if ph is None and pl is None:
        return (initial if board % 2 == 1 else _other(initial)), "initial colour by pairing number"
    if ph is None or pl is None:
        return (ph if ph is not None else _other(pl)), "preference met"  # type: ignore[arg-type]
    if ph != pl:
        return ph, "both preferences met"
    sh, sl = _STRENGTH[hi.strength], _STRENGTH[lo.strength]
    if sh == sl == 3 and abs(hi.diff) != abs(lo.diff):
        winner_hi = abs(hi.diff) > abs(lo.diff)
        return (ph if winner_hi else _other(ph)), "stronger (absolute) preference granted"
    if sh != sl:
        rule = "stronger (absolute) preference granted" if max(sh, sl) == 3 else "stronger preference granted"
        return (ph if sh > sl else _other(pl)), rule
    for ch, cl in zip(reversed(hi.sequence), reversed(lo.sequence)):
        if ch != cl:
            return _other(ch), "alternated from the last round with different colours"
    return ph, "higher-ranked player's preference granted"


def _balance(hi: ColourState, lo: ColourState, hi_id: int, lo_id: int, initial: Colour) -> tuple[Colour, str]:
    ah, al = hi.absolute_colour, lo.absolute_colour
    if (ah is None) != (al is None) or (ah is not None and ah != al):
        # Within the hard limits: a player who must have a colour (difference 2, two in a row) gets it.
        return (ah if ah is not None else _other(al)), "stronger (absolute) preference granted"  # type: ignore[arg-type]
    dh, dl = hi.diff, lo.diff
    if dh != dl:
        white = hi_id if dh < dl else lo_id
        return ("w" if dh < dl else "b"), f"{white} had fewer whites (balance {min(dh, dl):+d} v {max(dh, dl):+d})"
    lh, ll = hi.last, lo.last
    if lh is not None and ll is not None and lh != ll:
        white = hi_id if lh == "b" else lo_id
        return _other(lh), f"equal balance, both alternate ({white} had Black last)"
    if lh is not None:
        return _other(lh), f"equal history, the higher-ranked {hi_id} alternates"
    if ll is not None:
        return ll, f"equal history, the higher-ranked {hi_id} alternates"
    return initial, "no history, the higher-placed player takes the initial colour"


def allocate(
    hi_id: int, hi: ColourState, lo_id: int, lo: ColourState, board: int, initial: Colour, rule: ColourRule
) -> tuple[int, int, tuple[str, ...]]:
    """(white, black, reasons) for the higher-placed ``hi_id`` against ``lo_id`` on ``board``."""
    if rule == "balance":
        colour, text = _balance(hi, lo, hi_id, lo_id, initial)
        white, black = (hi_id, lo_id) if colour == "w" else (lo_id, hi_id)
        return white, black, (f"Colours: {text}",)
    colour, text = _fide(hi, lo, board, initial)
    white, black = (hi_id, lo_id) if colour == "w" else (lo_id, hi_id)
    states = {hi_id: hi, lo_id: lo}
    reasons: list[str] = []
    for label, pid, got in (("White", white, "w"), ("Black", black, "b")):
        st = states[pid]
        pref = st.preference
        if pref is None:
            reasons.append(f"{label} {pid}: no colour preference")
        else:
            met = "met" if pref == got else "not met"
            reasons.append(f"{label} {pid}: colour preference {met} ({st.strength}, wanted {_word(pref)})")
    reasons.append(f"Colours: {text}")
    return white, black, tuple(reasons)
