"""Team tie-breaks by the names of FIDE's reference checker (Gacrux, ``tiebreak.py``).

A code is ``NAME[:PT][/MODIFIER...]``:

* ``NAME``: ``MPTS`` (match points), ``GPTS`` (game points), ``PTS`` (the primary points), ``WIN``
  (rounds won: a match won, forfeit wins and byes worth a match win included), ``WON`` (matches won
  over the board), ``PS`` (progressive), ``BH`` (Buchholz: the opponents' points; with match points
  the resistance points of Toernooimanager, with C.07's unplayed rounds), ``AOB`` (average of the
  opponents' BH), ``SB`` (Sonneborn-Berger), ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` (extended
  Sonneborn-Berger: the opponent's match or game points, the second letter, times the team's own
  match or game points against them, the third), ``ESB`` (the primary points times the other
  points), ``DE`` (direct encounter on the primary points), ``EDE`` (extended direct encounter:
  primary then secondary points, in turn, until nothing changes), ``TBR`` (top board result: among
  the tied teams the points on board 1, then board 2, ...), ``BBE`` (bottom board elimination: the
  board points without the last board, then without the last two, ...), ``BC`` (board count: the
  sum of board number times the points scored on that board, lower first).
* ``PT``: ``MP`` or ``GP`` (the points the tie-break reads; default the primary points: those of the
  first MPTS, GPTS or PTS of the rank order, else match points); ``MM``, ``MG``, ``GM``, ``GG`` give
  both (opponent's, own) for the Sonneborn-Berger family.
* modifiers: ``C<n>`` cuts the n lowest values, ``M<n>`` the n lowest and n highest (Buchholz
  family, PS); ``P`` counts unplayed matches as played (DE and the Buchholz family; always so in
  round robins).

Values are in the tournament's points (draughts 2/1/0). Higher ranks first except DE, EDE, TBR, BBE
and BC (lower first: DE, EDE, TBR and BBE are the place within the tied group, 0 when they did not
separate it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tournaments.standings.model import StandingsError, TiebreakValue, TournamentKind
from tournaments.standings.ratings import average_half_up
from tournaments.standings.teams.context import Level, TeamContext, TeamRound

Values = dict[int, TiebreakValue]
_POINT_TYPES = {"MP": "m", "GP": "g", "MM": "mm", "MG": "mg", "GM": "gm", "GG": "gg"}
_ESB = ("EMMSB", "EMGSB", "EGMSB", "EGGSB")


def gettext_noop(message: str) -> str:
    """Marks a name for the translators (the web layer translates it; this module stays pure)."""
    return message


@dataclass(frozen=True)
class TeamTiebreakKind:
    """A tie-break name: its legend, the modifiers it takes, and which way is better."""

    name: str
    short_name: str
    description: str
    ascending: bool = False  # True: lower values rank higher (DE, EDE, BC)
    cuts: bool = False  # takes /C and /M
    round_robin: bool = True  # False: a Buchholz-type tie-break, not used in round robins (C.07)


@dataclass(frozen=True)
class TeamTiebreak:
    """One parsed code of the rank order.

    ``levels``: the points read: ``levels[0]`` the opponent's (or the team's own, for PTS, WIN ...)
    and ``levels[1]`` the team's own in the Sonneborn-Berger family; each "m" (match points) or "g"
    (game points)."""

    code: str
    name: str
    levels: tuple[Level, Level]
    cut_low: int = 0
    cut_high: int = 0
    predetermined: bool = False

    @property
    def kind(self) -> TeamTiebreakKind:
        return KINDS[self.name]


KINDS: dict[str, TeamTiebreakKind] = {
    k.name: k
    for k in (
        TeamTiebreakKind("MPTS", gettext_noop("Match points"), gettext_noop("Match points")),
        TeamTiebreakKind("GPTS", gettext_noop("Board points"), gettext_noop("Board (game) points")),
        TeamTiebreakKind("PTS", gettext_noop("Points"), gettext_noop("The primary points (match points)")),
        TeamTiebreakKind(
            "WIN", gettext_noop("Wins"), gettext_noop("Matches won, including forfeited matches and byes worth a win")
        ),
        TeamTiebreakKind("WON", gettext_noop("Matches won"), gettext_noop("Matches won over the board")),
        TeamTiebreakKind(
            "PS", gettext_noop("Progressive"), gettext_noop("Progressive score: the running score summed"), cuts=True
        ),
        TeamTiebreakKind(
            "BH",
            gettext_noop("Resistance points"),
            gettext_noop("Buchholz (resistance points): sum of the opponents' points"),
            cuts=True,
            round_robin=False,
        ),
        TeamTiebreakKind(
            "AOB", gettext_noop("Avg. opp. Buchholz"), gettext_noop("Average of the opponents' Buchholz"),
            round_robin=False,
        ),  # fmt: skip
        TeamTiebreakKind(
            "SB",
            gettext_noop("Sonneborn-Berger"),
            gettext_noop("Sonneborn-Berger: each opponent's points times the points scored against them"),
            cuts=True,
        ),
        TeamTiebreakKind(
            "ESB",
            gettext_noop("Extended SB"),
            gettext_noop("Extended Sonneborn-Berger: opponent's primary points times own other points"),
            cuts=True,
        ),
        TeamTiebreakKind(
            "EMMSB",
            gettext_noop("SB match x match"),
            gettext_noop("Opponent's match points times own match points against them"),
            cuts=True,
        ),
        TeamTiebreakKind(
            "EMGSB",
            gettext_noop("SB match x board"),
            gettext_noop("Opponent's match points times own board points against them"),
            cuts=True,
        ),
        TeamTiebreakKind(
            "EGMSB",
            gettext_noop("SB board x match"),
            gettext_noop("Opponent's board points times own match points against them"),
            cuts=True,
        ),
        TeamTiebreakKind(
            "EGGSB",
            gettext_noop("SB board x board"),
            gettext_noop("Opponent's board points times own board points against them"),
            cuts=True,
        ),
        TeamTiebreakKind(
            "DE", gettext_noop("Direct encounter"), gettext_noop("Direct encounter among the tied teams"),
            ascending=True,
        ),  # fmt: skip
        TeamTiebreakKind(
            "EDE",
            gettext_noop("Extended direct encounter"),
            gettext_noop("Direct encounter on match points, then board points, in turn"),
            ascending=True,
        ),
        TeamTiebreakKind(
            "TBR",
            gettext_noop("Top board result"),
            gettext_noop("Among the tied teams: points on board 1, then on board 2, ..."),
            ascending=True,
        ),
        TeamTiebreakKind(
            "BBE",
            gettext_noop("Bottom board elimination"),
            gettext_noop("Among the tied teams: board points without the last board, then without the last two, ..."),
            ascending=True,
        ),
        TeamTiebreakKind(
            "BC",
            gettext_noop("Board count"),
            gettext_noop("Board count: board number times the points scored on it, summed (lower first)"),
            ascending=True,
        ),
    )
}

PRIMARY_CODES = ("MPTS", "GPTS", "PTS")
# Match and board points have their own columns in every team table: the abbreviation that heads each and
# the words it stands for. The key under a table names them by the same abbreviation (one source: the key
# read MPTS and GPTS under columns headed MP and BP). Marked for the translators.
POINTS_COLUMNS: dict[str, tuple[str, str]] = {
    "MPTS": (gettext_noop("MP"), gettext_noop("match points")),
    "GPTS": (gettext_noop("BP"), gettext_noop("board points")),
}
# Draughts team events: match points, board points, direct encounter (issue 27).
DEFAULT_TEAM_TIEBREAKS: tuple[str, ...] = ("MPTS", "GPTS", "DE")


def _other(level: str) -> Level:
    return "g" if level == "m" else "m"


def _parse_one(raw: str, primary: Level | None, round_robin: bool) -> TeamTiebreak:
    code = raw.strip().upper().replace("!", "/").replace("#", "/")
    head, *mods = code.split("/")
    name, _, pt = head.partition(":")
    if name not in KINDS:
        raise StandingsError(f"unknown team tie-break {raw.strip()!r}; known: {', '.join(KINDS)}")
    kind = KINDS[name]
    point_type = primary or "m"
    if name == "MPTS":
        point_type = "m"
    elif name == "GPTS":
        point_type = "g"
    if pt:
        if pt not in _POINT_TYPES:
            raise StandingsError(f"{raw.strip()}: {pt!r} is not a point type (MP, GP, MM, MG, GM, GG)")
        point_type = _POINT_TYPES[pt]
    if name in _ESB:
        point_type = name[1:3].lower()
    first = point_type[0]
    second = point_type[1] if len(point_type) > 1 else _other(first)
    if name == "SB":
        second = first  # SB: the team's own points of the same kind (Gacrux reads the first twice)
    low = high = 0
    predetermined = False
    for mod in mods:
        if mod[:1] in ("C", "M") and mod[1:].isdigit() and kind.cuts:
            low = int(mod[1:])
            high = int(mod[1:]) if mod[0] == "M" else high
        elif mod == "P" and (kind.cuts or name in ("DE", "EDE", "AOB")):
            predetermined = True
        else:
            raise StandingsError(f"{raw.strip()}: modifier /{mod} is not supported for {name}")
    if round_robin and not kind.round_robin:
        raise StandingsError(f"{name}: Buchholz-type tie-breaks are not used in round robins (C.07)")
    return TeamTiebreak(code, name, (first, second), low, high, predetermined or round_robin)


def parse_team_tiebreaks(codes: Iterable[str], kind: TournamentKind = "swiss") -> tuple[TeamTiebreak, ...]:
    """Parse a team rank order (see the module docstring). When the first code is not MPTS, GPTS
    or PTS, MPTS is put first (match points rank first). Raises ``StandingsError`` for an unknown
    name, point type or modifier, a code listed twice, or a Buchholz-type code in a round robin."""
    raw = [c.strip() for c in codes if c.strip()]
    if not raw or raw[0].upper().split(":")[0] not in PRIMARY_CODES:
        raw.insert(0, "MPTS")
    primary: Level | None = None
    out: list[TeamTiebreak] = []
    round_robin = kind in ("round_robin", "double_round_robin")
    for c in raw:
        tb = _parse_one(c, primary, round_robin)
        if any(t.code == tb.code for t in out):
            raise StandingsError(f"tie-break {tb.code} is listed twice")
        if primary is None and tb.name in PRIMARY_CODES:
            primary = tb.levels[0]
        out.append(tb)
    return tuple(out)


# ------------------------------------------------------------------------------------------------
# The values


def _points(ctx: TeamContext, tb: TeamTiebreak) -> Values:
    return {t: ctx.total(t, tb.levels[0]) for t in ctx.teams}


def won_round(ctx: TeamContext, e: TeamRound, level: Level, *, over_the_board: bool) -> list[int]:
    """The boards (g) or the match (m: [0]) of a round counting for WIN (or WON, over the board)."""
    if level == "m":
        ok = e.mp == ctx.win("m") and (not over_the_board or (e.played and e.opponent is not None))
        return [0] if ok else []
    return [
        b.board
        for b in e.boards
        if b.points == ctx.win("g") and (not over_the_board or (b.played and b.opponent is not None))
    ]


def _wins(over_the_board: bool) -> Callable[[TeamContext, TeamTiebreak], Values]:
    def compute(ctx: TeamContext, tb: TeamTiebreak) -> Values:
        level = tb.levels[0]
        return {
            t: float(sum(len(won_round(ctx, e, level, over_the_board=over_the_board)) for e in row))
            for t, row in ctx.entries.items()
        }

    return compute


def progressive(ctx: TeamContext, team: int, level: Level) -> list[float]:
    """The running score after each round."""
    running = 0.0
    out = []
    for e in ctx.entries[team]:
        running += e.pts(level)
        out.append(running)
    return out


def _progressive(ctx: TeamContext, tb: TeamTiebreak) -> Values:
    return {t: sum(progressive(ctx, t, tb.levels[0])[tb.cut_low :]) for t in ctx.teams}


def last_non_vur(ctx: TeamContext, team: int, level: Level) -> int:
    """The last round that is not a voluntary unplayed round (at board level: any board)."""
    last = 0
    for e in ctx.entries[team]:
        if (level == "m" and not e.vur) or (level == "g" and any(not b.vur for b in e.boards)):
            last = e.round
    return last


def adjusted(ctx: TeamContext, level: Level) -> dict[int, float]:
    """Every team's score as it counts in an opponent's Buchholz (C.07 art. 16.2): the points of
    each round, except that a round without an opponent after the team's last non-VUR round counts
    as a draw (16.2.5; nothing in a round robin)."""
    key = f"adjusted:{level}"
    cached = ctx.cache.get(key)
    if isinstance(cached, dict):
        return cached
    out: dict[int, float] = {}
    for t, row in ctx.entries.items():
        lna = last_non_vur(ctx, t, level)
        no_opp = 0.0 if ctx.round_robin else ctx.draw(level)
        total = sum(e.pts(level) if (e.round <= lna or e.opponent is not None) else no_opp for e in row)
        out[t] = total + ctx.extra[t][0 if level == "m" else 1]
    ctx.cache[key] = out
    return out


@dataclass(frozen=True)
class Contribution:
    """What one round adds to a Buchholz-family value: ``score`` (the opponent's adjusted points,
    or the dummy of an unplayed round), ``own`` (the team's points of the round, for SB),
    ``value`` (what is summed), ``basis`` (opponent, dummy, dummy_capped), ``vur``."""

    round: int
    score: float
    own: float
    value: float
    basis: str
    vur: bool
    cap: float | None = None


def contributions(ctx: TeamContext, team: int, tb: TeamTiebreak, *, sb: bool) -> list[Contribution]:
    """Per-round contributions of ``team`` to BH (``sb`` False) or a Sonneborn-Berger (True)."""
    first, second = tb.levels
    adj = adjusted(ctx, first)
    own_total = ctx.total(team, first)
    out: list[Contribution] = []
    for e in ctx.entries[team]:
        played = tb.predetermined or e.played
        own = e.pts(second)
        vur = e.vur
        cap = None
        if played and e.opponent is not None:
            vur, score, basis = False, adj[e.opponent], "opponent"
        elif not ctx.round_robin:
            score, basis = own_total, "dummy"
            if ctx.inp.edition == "2026":
                cap = adj[e.opponent] if e.opponent is not None else ctx.draw(first) * ctx.rounds
                if cap < score:
                    score, basis = cap, "dummy_capped"
        else:
            score, basis = 0.0, "scheduled"
        if e.opponent is not None or not ctx.round_robin:
            out.append(Contribution(e.round, score, own, score * own if sb else score, basis, vur, cap))
    return out


def cut_rounds(contribs: list[Contribution], low: int, high: int, rounds: int) -> tuple[list[int], list[int]]:
    """The rounds cut low and high, as Gacrux cuts: low first, a voluntary unplayed round before
    any other (C.07 16.5) unless a lower value exists, the lowest score first; then high."""
    low = min(low, rounds)
    high = rounds - low if low + high > rounds else high
    left = list(contribs)
    lows: list[int] = []
    for _ in range(low):
        if not left:
            break
        every = sorted(left, key=lambda c: (c.score, c.value))
        vur_first = sorted(left, key=lambda c: (-int(c.vur), c.score, c.value))
        pick = every[0] if every[0].value > vur_first[0].value else vur_first[0]
        left.remove(pick)
        lows.append(pick.round)
    highs: list[int] = []
    for _ in range(high):
        if not left:
            break
        pick = sorted(left, key=lambda c: (-c.score, -c.value))[0]
        left.remove(pick)
        highs.append(pick.round)
    return lows, highs


def buchholz_value(ctx: TeamContext, team: int, tb: TeamTiebreak, *, sb: bool) -> float:
    contribs = contributions(ctx, team, tb, sb=sb)
    lows, highs = cut_rounds(contribs, tb.cut_low, tb.cut_high, ctx.rounds)
    gone = set(lows) | set(highs)
    return sum(c.value for c in contribs if c.round not in gone)


def _buchholz(ctx: TeamContext, tb: TeamTiebreak) -> Values:
    return {t: buchholz_value(ctx, t, tb, sb=False) for t in ctx.teams}


def _sonneborn(ctx: TeamContext, tb: TeamTiebreak) -> Values:
    return {t: buchholz_value(ctx, t, tb, sb=True) for t in ctx.teams}


def _aob(ctx: TeamContext, tb: TeamTiebreak) -> Values:
    bh = {t: buchholz_value(ctx, t, tb, sb=False) for t in ctx.teams}
    out: Values = {}
    for t, row in ctx.entries.items():
        vals = [bh[e.opponent] for e in row if e.played and e.opponent is not None]
        out[t] = average_half_up(sum(vals), len(vals), 2) if vals else None
    return out


def board_points(ctx: TeamContext, team: int) -> dict[int, float]:
    """The team's points on each board over the rounds (board number -> points)."""
    out: dict[int, float] = {}
    for e in ctx.entries[team]:
        for b in e.boards:
            out[b.board] = out.get(b.board, 0.0) + b.points
    return out


def _board_count(ctx: TeamContext, tb: TeamTiebreak) -> Values:
    return {t: sum(board * pts for board, pts in board_points(ctx, t).items()) for t in ctx.teams}


COMPUTE: dict[str, Callable[[TeamContext, TeamTiebreak], Values]] = {
    "MPTS": _points, "GPTS": _points, "PTS": _points, "WIN": _wins(False), "WON": _wins(True),
    "PS": _progressive, "BH": _buchholz, "AOB": _aob, "SB": _sonneborn, "ESB": _sonneborn,
    "EMMSB": _sonneborn, "EMGSB": _sonneborn, "EGMSB": _sonneborn, "EGGSB": _sonneborn, "BC": _board_count,
}  # fmt: skip


_LEVEL_WORDS = {"m": gettext_noop("match points"), "g": gettext_noop("board points")}


def team_legend(codes: Iterable[str], kind: TournamentKind = "swiss") -> tuple[tuple[str, str, str], ...]:
    """(code, short name, description) of each code of a rank order, e.g. for a page legend or a PDF
    header; the description says which points the code reads and what is cut."""
    given = [c.strip() for c in codes if c.strip()]
    listed = {c.upper() for c in given}
    out = []
    for tb in parse_team_tiebreaks(given, kind):
        if tb.code not in listed:
            continue  # the match points put first
        k = tb.kind
        words = [k.description]
        if tb.name not in ("MPTS", "GPTS", "DE", "EDE", "TBR", "BBE", "BC") and tb.name not in _ESB:
            words.append(f"({_LEVEL_WORDS[tb.levels[0]]})")
        if tb.cut_low:
            words.append(f"minus the {tb.cut_low} lowest" + (f" and {tb.cut_high} highest" if tb.cut_high else ""))
        out.append((tb.code, k.short_name, " ".join(words)))
    return tuple(out)
