"""Per-player facts the Dutch rules need: scores, colour preferences, floats, PAB eligibility.

Scores are kept as integers in tenths of a point so comparisons are exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from tournaments.pairing.model import PairingInput, PlayerRecord
from tournaments.vocabulary import RoundRecord, Scoring, is_unplayed_win

Colour = Literal["w", "b"]
FLOAT_DOWN, FLOAT_UP, FLOAT_NONE = "down", "up", "none"


def tenths(x: float) -> int:
    """Points in tenths, rounded (2.0 -> 20, 0.5 -> 5)."""
    return round(x * 10)


def other(c: Colour | None) -> Colour | None:
    """The opposite colour (None stays None)."""
    return None if c is None else ("b" if c == "w" else "w")


def record_points(rec: RoundRecord, s: Scoring) -> int:
    """Points (tenths) a history record is worth (``tournaments.vocabulary`` says what each code is worth)."""
    return tenths(rec.points(s))


def participated(rec: RoundRecord) -> bool:
    """The player took part in that round's pairing (a game, a forfeit or the PAB)."""
    return rec.opponent is not None or rec.result in ("U", "+")


@dataclass
class PlayerState:
    """Everything the Dutch engine derives from one player's record."""

    rec: PlayerRecord
    rank: int  # effective pairing number, 0-based (TPN - 1 among the players in the pairing)
    score: int  # tenths, acceleration included: the pairing score
    real_score: int  # tenths, without acceleration
    colour_pref: Colour | None = None
    imbalance: int = 0  # |whites - blacks| over played games
    repeated: Colour | None = None  # the colour of the last two played games, if equal
    strong: bool = False
    played_games: int = 0
    eligible_bye: bool = True
    floats: dict[int, str] = field(default_factory=dict)  # rounds back (1, 2) -> FLOAT_*
    colours: tuple[Colour, ...] = ()  # colours of played games, oldest first

    @property
    def id(self) -> int:
        return self.rec.id

    @property
    def absolute(self) -> bool:
        """Absolute colour preference: |CD| > 1 or the same colour in the last two played games."""
        return self.imbalance > 1 or self.repeated is not None

    @property
    def absolute_imbalance(self) -> bool:
        return self.imbalance > 1


@dataclass
class Context:
    """Tournament-wide facts for the round being paired."""

    inp: PairingInput
    played_rounds: int
    win: int
    draw: int
    loss: int
    by_id: dict[int, PlayerRecord]
    accelerations: dict[int, tuple[int, ...]]  # id -> tenths per round index (0-based)
    initial_colour: Colour

    def acceleration(self, pid: int, round_index: int) -> int:
        acc = self.accelerations.get(pid, ())
        return acc[round_index] if round_index < len(acc) else 0

    def score_before(self, pid: int, round_index: int) -> int:
        """Pairing score (tenths) before round ``round_index`` (0-based) was played."""
        rec = self.by_id[pid]
        s = self.inp.scoring
        base = tenths(rec.starting_points) + sum(record_points(r, s) for r in rec.history[:round_index])
        return base + self.acceleration(pid, round_index)


def baku_accelerations(inp: PairingInput) -> dict[int, tuple[int, ...]]:
    """Baku virtual points per player and round (tenths), as FIDE-endorsed engines compute them.

    The first half (rounded up) of all registered players by start number get a win's points in
    the first half (rounded up) of the accelerated rounds and a draw's points in the rest; the
    accelerated rounds are the first half (rounded up) of the tournament.
    """
    s = inp.scoring
    if tenths(s.loss) != 0 or tenths(s.draw) * 2 != tenths(s.win):
        raise ValueError("Baku acceleration needs win = 2 draws and loss = 0")
    players = sorted(inp.players, key=lambda p: p.id)
    last_rank = (len(players) - 1) // 2
    last_round = (inp.total_rounds - 1) // 2
    last_full = last_round // 2
    played = inp.round - 1
    out: dict[int, tuple[int, ...]] = {}
    for rank, p in enumerate(players):
        if rank > last_rank:
            break
        acc = [tenths(s.win) for r in range(0, min(last_full, played) + 1)]
        acc += [tenths(s.draw) for r in range(last_full + 1, min(last_round, played) + 1)]
        out[p.id] = tuple(acc)
    return out


def build_context(inp: PairingInput) -> Context:
    """The tournament-wide context for ``inp``."""
    s = inp.scoring
    explicit = {p.id: tuple(tenths(a) for a in p.accelerations) for p in inp.players if p.accelerations}
    accelerations = explicit if explicit or not inp.baku_acceleration else baku_accelerations(inp)
    return Context(
        inp=inp,
        played_rounds=inp.round - 1,
        win=tenths(s.win),
        draw=tenths(s.draw),
        loss=tenths(s.loss),
        by_id={p.id: p for p in inp.players},
        accelerations=accelerations,
        initial_colour=inp.initial_colour,
    )


def _colour_data(st: PlayerState) -> None:
    whites = blacks = consecutive = 0
    last: Colour | None = None
    colours: list[Colour] = []
    for r in st.rec.history:
        if not r.played or r.colour is None:
            continue
        colours.append(r.colour)
        if r.colour == "w":
            whites += 1
        else:
            blacks += 1
        consecutive = consecutive + 1 if consecutive and r.colour == last else 1
        last = r.colour
    st.colours = tuple(colours)
    st.played_games = len(colours)
    lower: Colour = "b" if whites > blacks else "w"
    st.imbalance = abs(whites - blacks)
    if st.imbalance > 1:
        st.colour_pref = lower
    elif consecutive > 1:
        st.colour_pref = other(last)
    elif st.imbalance > 0:
        st.colour_pref = lower
    elif consecutive:
        st.colour_pref = other(last)
    else:
        st.colour_pref = None
    st.repeated = last if consecutive > 1 else None
    st.strong = not st.absolute and st.imbalance > 0


def _float(ctx: Context, rec: PlayerRecord, back: int) -> str:
    idx = ctx.played_rounds - back
    if idx < 0 or idx >= len(rec.history):
        return FLOAT_NONE
    match = rec.history[idx]
    if not match.played:
        # Unplayed: a bye or forfeit win worth more than a loss is a downfloat, nothing else floats.
        return FLOAT_DOWN if record_points(match, ctx.inp.scoring) > ctx.loss else FLOAT_NONE
    if match.opponent is None or match.opponent not in ctx.by_id:
        return FLOAT_NONE
    mine = ctx.score_before(rec.id, idx)
    theirs = ctx.score_before(match.opponent, idx)
    return FLOAT_DOWN if mine > theirs else FLOAT_UP if mine < theirs else FLOAT_NONE


def build_states(ctx: Context) -> list[PlayerState]:
    """States of the players to pair, in pairing order (score descending, then rank ascending).

    The rank (TPN) counts every player in start-number order, except those who are absent now
    and never took part in a pairing (e.g. absent since round 1): FIDE-endorsed engines number
    round 1 from the highest-ranked player who is actually paired.
    """
    inp = ctx.inp
    s = inp.scoring
    ranks: dict[int, int] = {}
    for p in sorted(inp.players, key=lambda p: p.id):
        if not p.unavailable or any(participated(r) for r in p.history):
            ranks[p.id] = len(ranks)
    states: list[PlayerState] = []
    for p in inp.players:
        if p.unavailable:
            continue
        if len(p.history) > ctx.played_rounds:
            # Only the rounds before the one being paired count (a re-pairing may pass more).
            p = replace(p, history=p.history[: ctx.played_rounds])
        real = tenths(p.starting_points) + sum(record_points(r, s) for r in p.history[: ctx.played_rounds])
        st = PlayerState(
            rec=p,
            rank=ranks[p.id],
            score=real + ctx.acceleration(p.id, ctx.played_rounds),
            real_score=real,
        )
        _colour_data(st)
        st.eligible_bye = not any(
            is_unplayed_win(r.result, r.opponent is not None, s) for r in p.history[: ctx.played_rounds]
        )
        if ctx.played_rounds >= 1:
            st.floats[1] = _float(ctx, p, 1)
        if ctx.played_rounds >= 2:
            st.floats[2] = _float(ctx, p, 2)
        states.append(st)
    states.sort(key=lambda st: (-st.score, st.rank))
    return states
