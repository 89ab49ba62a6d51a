"""Tie-break registry keyed by FIDE C.07 codes and the draughts ones (``tournaments.standings.draughts``:
the FMJD Solkoff family SOLK, SOLK/M, SOLK/T1, SOLK/T, SOLK+ and FMJD-TS, resistance points WP,
the plus/minus-draw balance PMD, results in ranking order RRO), with names as data.

Each ``Tiebreak`` has a code, a short name and a one-line description (for the PDF header
and the public legend) and a function computing every player's value from a ``Context``.
Higher values rank higher for every tie-break here; ``None`` (not applicable) ranks last.
``DE`` and ``RRO`` are group-wise: their ordering is computed by ``tournaments.standings.ranking``.
Values are in the tournament's points (draughts 2/1/0: BH and PS double, SB scales by 4
compared with chess 1/½/0; rankings are the same).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tournaments.standings.context import Context, Entry, contributions, score_share
from tournaments.standings.draughts import solkoff_values
from tournaments.standings.model import StandingsError, TiebreakValue, TournamentKind
from tournaments.standings.ratings import average_half_up, average_rating, performance_rating
from tournaments.vocabulary import DRAW_CODES, WIN_CODES, draw_mark

Values = dict[int, TiebreakValue]


@dataclass(frozen=True)
class Tiebreak:
    """A registered tie-break: ``compute`` is None for group-wise ones (DE)."""

    code: str
    short_name: str
    description: str
    compute: Callable[[Context], Values] | None
    round_robin: bool = True  # False: a Buchholz-type tie-break, never used in round robins (C.07)
    cuts: tuple[int, int] | None = None  # Buchholz and its cuts: (lowest cut, highest cut)


def cut_positions(values: list[tuple[float, bool]], low: int, high: int) -> tuple[list[int], list[int]]:
    """Positions of the contributions cut low and high, in the order they are cut.

    C.07 art. 16.5: when cutting low values, voluntary unplayed rounds (VURs) are cut first,
    lowest first; the top cut has no such exception. Among equal values the earliest round goes
    (as FIDE's reference checker does; the sum is the same whichever goes).
    """
    left = list(range(len(values)))
    lows: list[int] = []
    for _ in range(min(low, len(left))):
        pool = [i for i in left if values[i][1]] or left
        pick = min(pool, key=lambda i: (values[i][0], i))
        left.remove(pick)
        lows.append(pick)
    highs: list[int] = []
    for _ in range(min(high, len(left))):
        pick = min(left, key=lambda i: (-values[i][0], i))
        left.remove(pick)
        highs.append(pick)
    return lows, highs


def _cut(values: list[tuple[float, bool]], low: int, high: int) -> float:
    """Sum after cutting ``low`` lowest and ``high`` highest contributions (``cut_positions``)."""
    lows, highs = cut_positions(values, low, high)
    gone = {*lows, *highs}
    return sum(v for i, (v, _) in enumerate(values) if i not in gone)


def _bh_values(ctx: Context, pid: int) -> list[tuple[float, bool]]:
    return [(c.score, c.vur) for c in contributions(ctx, pid)]


def _bh(code: str, short: str, description: str, low: int, high: int) -> Tiebreak:
    return Tiebreak(code, short, description, _buchholz(low, high), round_robin=False, cuts=(low, high))


def _buchholz(low: int, high: int) -> Callable[[Context], Values]:
    def compute(ctx: Context) -> Values:
        return {pid: _cut(_bh_values(ctx, pid), low, high) for pid in ctx.players}

    return compute


def _solkoff(code: str) -> Callable[[Context], Values]:
    """A variant of the FMJD Solkoff family (``tournaments.standings.draughts``)."""

    def compute(ctx: Context) -> Values:
        return dict(solkoff_values(ctx)[code])

    return compute


def _plus_minus(ctx: Context) -> Values:
    """PMD: plus-draws minus minus-draws."""
    return {pid: float(sum(draw_mark(e.code) for e in ctx.entries[pid])) for pid in ctx.players}


def _own_rating(ctx: Context) -> Values:
    """RTNG: the player's own rating (not applicable when unrated players take part, as ARO)."""
    if not rating_based_allowed(ctx):
        return dict.fromkeys(ctx.players)
    unrated = ctx.inp.unrated_rating or 0
    return {pid: float(p.rating or unrated) for pid, p in ctx.players.items()}


def _sonneborn_berger(ctx: Context) -> Values:
    return {pid: sum(c.score * c.points for c in contributions(ctx, pid)) for pid in ctx.players}


def counts_as_win(ctx: Context, e: Entry) -> bool:
    """WIN: a round scoring a win's points (a win, forfeit win, PAB or full-point bye worth a win)."""
    win = ctx.scoring.win
    return e.code not in DRAW_CODES and e.code != "H" and win > 0 and e.points >= win


def won_over_the_board(e: Entry) -> bool:
    """WON: a game won over the board."""
    return e.played and e.code in WIN_CODES


def _wins(ctx: Context) -> Values:
    return {pid: float(sum(1 for e in ctx.entries[pid] if counts_as_win(ctx, e))) for pid in ctx.players}


def _won(ctx: Context) -> Values:
    return {pid: float(sum(1 for e in ctx.entries[pid] if won_over_the_board(e))) for pid in ctx.players}


def _progressive(ctx: Context) -> Values:
    out: Values = {}
    for pid in ctx.players:
        running = total = 0.0
        for e in ctx.entries[pid]:
            running += e.points
            total += running
        out[pid] = total
    return out


def rated_games(ctx: Context, pid: int, unrated: int | None) -> tuple[list[int], float]:
    """Ratings of over-the-board opponents (forfeits excluded) and the 0..1 score against them."""
    ratings: list[int] = []
    score = 0.0
    for e in ctx.entries[pid]:
        if not e.played or e.opponent is None:
            continue
        r = ctx.players[e.opponent].rating or unrated
        if r:
            ratings.append(r)
            score += score_share(e, ctx.scoring)
    return ratings, score


def rating_based_allowed(ctx: Context) -> bool:
    # C.07: rating-based tie-breaks are dropped when unrated players take part, unless the
    # regulations give unrated players a rating (``unrated_rating``).
    return ctx.inp.unrated_rating is not None or all(p.rating > 0 for p in ctx.players.values())


def _game_points(ctx: Context) -> Values:
    """A micro-match event's game points: each round's ``game_points`` (the points over its games), a
    round of a single game or a bye at what it scored."""
    out: Values = {}
    for pid, p in ctx.players.items():
        by_round = {r.round: r for r in p.rounds}
        total = 0.0
        for e in ctx.entries[pid]:
            rec = by_round.get(e.round)
            total += rec.game_points if rec is not None and rec.game_points is not None else e.points
        out[pid] = total
    return out


def _aro(ctx: Context) -> Values:
    if not rating_based_allowed(ctx):
        return dict.fromkeys(ctx.players)
    return {pid: _num(average_rating(rated_games(ctx, pid, ctx.inp.unrated_rating)[0])) for pid in ctx.players}


def _tpr(ctx: Context) -> Values:
    if not rating_based_allowed(ctx):
        return dict.fromkeys(ctx.players)
    out: Values = {}
    for pid in ctx.players:
        ratings, score = rated_games(ctx, pid, ctx.inp.unrated_rating)
        out[pid] = _num(performance_rating(score, ratings))
    return out


def _num(x: int | None) -> float | None:
    return None if x is None else float(x)


def koya_limit(ctx: Context) -> float:
    """KS: 50 % of the maximum score (a win's points times the most games anyone could play)."""
    if ctx.round_robin:
        max_games = max((sum(1 for e in row if e.opponent is not None) for row in ctx.entries.values()), default=0)
    else:
        max_games = ctx.rounds
    return ctx.scoring.win * max_games / 2


def koya_counts(ctx: Context, e: Entry, limit: float) -> bool:
    """KS: a round against an opponent who reached ``limit`` (forfeits count in round robins only)."""
    return e.opponent is not None and (e.played or ctx.round_robin) and ctx.points[e.opponent] >= limit


def _koya(ctx: Context) -> Values:
    """Points scored against opponents who finished with at least 50 % of the maximum score."""
    limit = koya_limit(ctx)
    return {pid: sum(e.points for e in ctx.entries[pid] if koya_counts(ctx, e, limit)) for pid in ctx.players}


def buchholz(ctx: Context) -> dict[int, float]:
    """Every player's plain Buchholz (BH), computed once per run."""
    bh = ctx.cache.get("BH")
    if not isinstance(bh, dict):
        bh = _buchholz(0, 0)(ctx)
        ctx.cache["BH"] = bh
    return bh  # type: ignore[return-value]


def _aob(ctx: Context) -> Values:
    """Average of the over-the-board opponents' Buchholz, to two decimals, rounded half up."""
    bh = buchholz(ctx)
    out: Values = {}
    for pid in ctx.players:
        vals = [bh[e.opponent] for e in ctx.entries[pid] if e.played and e.opponent is not None]
        out[pid] = average_half_up(sum(vals), len(vals), 2) if vals else None
    return out


def gettext_noop(message: str) -> str:
    """Marks a name for the translators (the web layer translates it; this module stays pure)."""
    return message


_BH_RR = "Buchholz-type tie-breaks are not used in round robins (C.07)"

REGISTRY: dict[str, Tiebreak] = {
    t.code: t
    for t in (
        _bh("BH", gettext_noop("Solkoff"), gettext_noop("Buchholz (Solkoff): sum of the opponents' scores"), 0, 0),
        _bh(
            "BH/C1",
            gettext_noop("Truncated Solkoff"),
            gettext_noop("Short truncated Solkoff: Buchholz minus the lowest opponent score"),
            1,
            0,
        ),
        _bh(
            "BH/C2",
            gettext_noop("Solkoff cut 2"),
            gettext_noop("Buchholz minus the two lowest opponent scores"),
            2,
            0,
        ),
        _bh(
            "BH/M1",
            gettext_noop("Median Solkoff"),
            gettext_noop("Median Buchholz: minus the highest and the lowest opponent score"),
            1,
            1,
        ),
        Tiebreak(
            "FMJD-TS",
            gettext_noop("Full truncated Solkoff"),
            gettext_noop(
                "FMJD full truncated Solkoff: Solkoff minus the lowest, then minus the two lowest, ... in turn"
            ),
            _solkoff("SOLK/T"),
            round_robin=False,
        ),
        Tiebreak(
            "SB",
            gettext_noop("Sonneborn-Berger"),
            gettext_noop("Sonneborn-Berger: sum of each opponent's score times the points scored against them"),
            _sonneborn_berger,
        ),
        Tiebreak(
            "WIN",
            gettext_noop("Wins"),
            gettext_noop("Rounds won, including forfeit wins and byes worth a win"),
            _wins,
        ),
        Tiebreak("WON", gettext_noop("Games won"), gettext_noop("Games won over the board"), _won),
        Tiebreak("GP", gettext_noop("Game points"),
                 gettext_noop("Game points: the points of every game of the micro-matches"), _game_points),
        Tiebreak(
            "PS",
            gettext_noop("Progressive"),
            gettext_noop("Progressive score: sum of the running score after each round"),
            _progressive,
        ),
        Tiebreak(
            "DE",
            gettext_noop("Direct encounter"),
            gettext_noop("Direct encounter: points in games among the tied players"),
            None,
        ),
        Tiebreak(
            "ARO",
            gettext_noop("Avg. opp. rating"),
            gettext_noop("Average rating of the opponents played over the board"),
            _aro,
        ),
        Tiebreak(
            "TPR",
            gettext_noop("Performance"),
            gettext_noop("Tournament performance rating: ARO + dp(score percentage)"),
            _tpr,
        ),
        Tiebreak(
            "KS",
            gettext_noop("Koya"),
            gettext_noop("Koya: points against opponents who scored at least 50 %"),
            _koya,
        ),
        Tiebreak(
            "AOB",
            gettext_noop("Avg. opp. Buchholz"),
            gettext_noop("Average of the opponents' Buchholz"),
            _aob,
            round_robin=False,
        ),
        # The draughts tie-breaks (``tournaments.standings.draughts``).
        Tiebreak(
            "SOLK",
            gettext_noop("Solkoff (bye 0)"),
            gettext_noop("FMJD Solkoff: sum of the opponents' scores, a round without an opponent counting 0"),
            _solkoff("SOLK"),
            round_robin=False,
        ),
        Tiebreak(
            "SOLK/M",
            gettext_noop("Median Solkoff (FMJD)"),
            gettext_noop("FMJD median Solkoff: Solkoff minus the highest and the lowest opponent score"),
            _solkoff("SOLK/M"),
            round_robin=False,
        ),
        Tiebreak(
            "SOLK/T1",
            gettext_noop("Short truncated Solkoff"),
            gettext_noop("FMJD short truncated Solkoff: Solkoff minus the lowest opponent score"),
            _solkoff("SOLK/T1"),
            round_robin=False,
        ),
        Tiebreak(
            "SOLK/T",
            gettext_noop("Full truncated Solkoff"),
            gettext_noop(
                "FMJD full truncated Solkoff: Solkoff minus the lowest, then minus the two lowest, ... in turn"
            ),
            _solkoff("SOLK/T"),
            round_robin=False,
        ),
        Tiebreak(
            "SOLK+",
            gettext_noop("Solkoff-plus"),
            gettext_noop("FMJD Solkoff-plus: sum of the opponents' Solkoffs"),
            _solkoff("SOLK+"),
            round_robin=False,
        ),
        Tiebreak(
            "WP",
            gettext_noop("Resistance points"),
            gettext_noop("Resistance points (Toernooimanager): sum of the opponents' points, a bye counting 0"),
            _solkoff("SOLK"),
            round_robin=False,
        ),
        Tiebreak(
            "PMD",
            gettext_noop("Plus/minus draws"),
            gettext_noop("Balance of plus- and minus-draws (KNDB): plus-draws minus minus-draws"),
            _plus_minus,
        ),
        Tiebreak(
            "RRO",
            gettext_noop("Results in ranking order"),
            gettext_noop(
                "Results in ranking order (KNDB): points against number one, then number two, ... of the ranking"
            ),
            None,
        ),
        Tiebreak(
            "RTNG",
            gettext_noop("Rating"),
            gettext_noop("The player's own rating"),
            _own_rating,
        ),
    )
}

DEFAULTS: dict[str, tuple[str, ...]] = {
    "swiss": ("BH/C1", "BH", "SB", "WIN", "DE"),
    "round_robin": ("DE", "WIN", "SB", "KS"),
    "double_round_robin": ("DE", "WIN", "SB", "KS"),
    "keizer": ("SB", "DE"),
    "moyenne": ("DE", "SB"),
}

# Named orders of events (after points): the FMJD Swiss on Solkoff, the Swiss on rating, the
# Toernooimanager Swiss, the KNDB championship (a play-off for the places the regulations name
# comes between the plus/minus balance and the mutual result: that is the arbiter's, not ours).
PRESETS: dict[str, tuple[str, ...]] = {
    "fmjd_solkoff": ("SOLK/T", "RTNG"),
    "fmjd_rating": ("ARO",),
    "toernooimanager": ("WP", "SB"),
    "kndb": ("PMD", "DE", "RRO"),
}


def default_tiebreaks(kind: TournamentKind) -> tuple[str, ...]:
    """The default tie-break order after points (or Keizer score) for a tournament kind."""
    return DEFAULTS[kind]


def known_codes() -> tuple[str, ...]:
    """Every registered code, in registry order."""
    return tuple(REGISTRY)


def describe(code: str) -> tuple[str, str]:
    """(short name, one-line description) of a tie-break code, for headers and legends."""
    t = REGISTRY[code]
    return t.short_name, t.description


def legend(codes: Iterable[str]) -> tuple[tuple[str, str, str], ...]:
    """(code, short name, description) for each code, e.g. for a PDF header or a page legend."""
    return tuple((c, *describe(c)) for c in codes)


def parse_tiebreaks(codes: Iterable[str], kind: TournamentKind) -> tuple[str, ...]:
    """Validate a tie-break order for ``kind``: normalises case, drops a leading PTS.

    Raises ``StandingsError`` for an unknown code (listing the known ones), a repeated code,
    or a Buchholz-type tie-break in a round robin.
    """
    out: list[str] = []
    for raw in codes:
        code = raw.strip().upper()
        if not code:
            continue
        if code == "PTS" and not out:
            continue  # points always rank first
        if code not in REGISTRY:
            raise StandingsError(f"unknown tie-break code {raw.strip()!r}; known codes: {', '.join(REGISTRY)}")
        if code in out:
            raise StandingsError(f"tie-break {code} is listed twice")
        if kind in ("round_robin", "double_round_robin") and not REGISTRY[code].round_robin:
            raise StandingsError(f"{code}: {_BH_RR}; use DE, WIN, SB, KS instead")
        out.append(code)
    return tuple(out)
