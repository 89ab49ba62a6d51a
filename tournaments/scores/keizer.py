"""The Keizer score of Dutch club competitions: parameters and the iterated recalculation (pure).

Keizer practice is not standardised; every knob is a ``KeizerParams`` field, named after the
settings Toernooimanager and the club pages use. The mechanism:

1. Rank the players: before the first pass by ``initial_order`` (e.g. last season's final order
   or the rating list), the players it does not name after them by start number.
   Rank 1 gets the value of number one (``top_value``), each lower rank ``step`` less (never
   below 0).
2. A game scores a fraction of the **opponent's current value** (``win`` / ``draw`` / ``loss``).
   An announced absence, a long absence and the bye score a fraction of the player's **own**
   value. With ``own_value_base`` the player's own value is added once.
3. Re-rank by the scores, reassign the values, recompute **all** rounds with the new values
   ("aantal keren rekenen"): at most ``iterations`` passes, stopping early when a pass leaves the
   ranking unchanged (a fixed point: further passes would change nothing). The number of passes is
   fixed, so a ranking that flips back and forth ends the same way every time: deterministic.

How result codes score (``RoundRecord.result``, ``tournaments.vocabulary``):

* a game over the board (``1 = 0``, ``W D L``, plus/minus-draws ``P M``): the win / draw / loss
  fraction of the opponent's value;
* ``H`` announced absence ("afwezig met bericht"): ``absence`` x own value, for the first
  ``absence_cap`` such rounds (None: all);
* ``F`` long absence (illness, a stay abroad: "langdurig afwezig"): ``long_absence`` x own value,
  for the first ``long_absence_cap`` such rounds;
* ``U`` the odd player out, and ``+`` (present, the opponent did not come): ``bye`` x own value;
* ``Z`` and ``-`` (absent without notice, lost by forfeit): nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.vocabulary import DRAW_CODES, GAME_CODES, WIN_CODES, RoundRecord

Histories = Mapping[int, Sequence[RoundRecord]]

ANNOUNCED_ABSENCE_CODE = "H"
LONG_ABSENCE_CODE = "F"
BYE_CODES = frozenset({"U", "+"})


@dataclass(frozen=True)
class KeizerParams:
    """Parameters of a Keizer competition (defaults: caissa-amsterdam style, V = 50, step 1).

    Toernooimanager's settings map as: value of number one ``top_value``; decay step ``step``;
    number of recalculation passes ``iterations``; fractions for announced absence ``absence``,
    long absence ``long_absence`` and bye ``bye`` (each with an optional cap on how many times it is
    paid); whether the own value counts ``own_value_base``; minimum rounds between rematches
    ``rematch_rounds``; maximum meetings ``max_meetings``.
    """

    top_value: float = 50.0
    step: float = 1.0
    own_value_base: bool = True  # add the player's own value once
    win: float = 1.0  # fractions of the opponent's value
    draw: float = 0.5
    loss: float = 0.0
    absence: float = 1 / 3  # announced absence (H): fraction of own value
    bye: float = 2 / 3  # odd player out (U) or opponent absent (+): fraction of own value
    absence_cap: int | None = None  # how many announced absences are paid (None: all)
    rematch_rounds: int = 3  # no rematch within this many rounds (0: rematches allowed)
    iterations: int = 20  # recalculation passes (at most; a fixed point ends them earlier)
    long_absence: float = 1 / 3  # long absence (F): fraction of own value
    long_absence_cap: int | None = None  # how many long absences are paid (None: all)
    max_meetings: int | None = None  # over-the-board meetings of two players in the season (None: no cap)
    initial_order: tuple[int, ...] = field(default=())  # start numbers, best first (others follow)

    def __post_init__(self) -> None:
        if self.top_value <= 0 or self.step < 0:
            raise ValueError("Keizer top value must be positive and the step not negative")
        if self.iterations < 1:
            raise ValueError("Keizer needs at least one recalculation iteration")
        for name in ("absence_cap", "long_absence_cap"):
            cap = getattr(self, name)
            if cap is not None and cap < 0:
                raise ValueError(f"Keizer {name.replace('_', ' ')} must be 0 or more")
        if self.rematch_rounds < 0:
            raise ValueError("Keizer rematch window must be 0 or more rounds")
        if self.max_meetings is not None and self.max_meetings < 1:
            raise ValueError("Keizer maximum meetings must be 1 or more")
        for name in ("win", "draw", "loss", "absence", "bye", "long_absence"):
            if getattr(self, name) < 0:
                raise ValueError(f"Keizer fraction {name.replace('_', ' ')} must not be negative")
        # Stored settings come from JSON (a list): keep the dataclass hashable and frozen.
        object.__setattr__(self, "initial_order", tuple(int(x) for x in self.initial_order))


@dataclass(frozen=True)
class KeizerStanding:
    """One player's Keizer result: rank (1 = top), current value and score."""

    player: int
    rank: int
    value: float
    score: float
    games: int
    absences_scored: int


@dataclass(frozen=True)
class KeizerTable:
    """Keizer standings in rank order; ``stable`` says whether the last pass changed nothing."""

    rows: tuple[KeizerStanding, ...]
    iterations: int
    stable: bool

    def by_player(self) -> dict[int, KeizerStanding]:
        """The rows keyed by player id."""
        return {r.player: r for r in self.rows}


def _values(order: Sequence[int], params: KeizerParams) -> dict[int, float]:
    return {pid: max(0.0, params.top_value - params.step * i) for i, pid in enumerate(order)}


def _game_fraction(code: str, params: KeizerParams) -> float:
    if code in WIN_CODES:
        return params.win
    if code in DRAW_CODES:
        return params.draw
    return params.loss


def _score_once(
    histories: Histories, values: dict[int, float], params: KeizerParams, upto: int | None
) -> tuple[dict[int, float], dict[int, int], dict[int, int]]:
    scores: dict[int, float] = {}
    games: dict[int, int] = {}
    absences: dict[int, int] = {}
    for pid, history in histories.items():
        own = values[pid]
        total = own if params.own_value_base else 0.0
        n_games = n_abs = n_long = 0
        for rec in sorted(history, key=lambda r: r.round):
            if upto is not None and rec.round > upto:
                continue
            code = rec.points_code
            if code in GAME_CODES and rec.opponent is not None:
                n_games += 1
                total += values.get(rec.opponent, 0.0) * _game_fraction(code, params)
            elif code == ANNOUNCED_ABSENCE_CODE:
                if params.absence_cap is None or n_abs < params.absence_cap:
                    n_abs += 1
                    total += own * params.absence
            elif code == LONG_ABSENCE_CODE:
                if params.long_absence_cap is None or n_long < params.long_absence_cap:
                    n_long += 1
                    total += own * params.long_absence
            elif code in BYE_CODES:
                total += own * params.bye
            # Z, -: absent without notice (or lost by forfeit): nothing.
        scores[pid] = total
        games[pid] = n_games
        absences[pid] = n_abs + n_long
    return scores, games, absences


def initial_order(players: Sequence[int], params: KeizerParams) -> list[int]:
    """The ranking the first pass starts from: ``params.initial_order``, then the rest by start number."""
    present = set(players)
    first = [pid for pid in dict.fromkeys(params.initial_order) if pid in present]
    named = set(first)
    return first + sorted(pid for pid in players if pid not in named)


def keizer_table(histories: Histories, params: KeizerParams, upto: int | None = None) -> KeizerTable:
    """Iterated Keizer scores over the players' histories (rounds <= ``upto`` if given).

    Each pass assigns values by the current ranking and recomputes every round; the next ranking
    orders by score (ties keep the previous order). Stops when a pass leaves the ranking unchanged
    (``stable``) or after ``params.iterations`` passes. The returned values are those of the
    returned ranking and the scores were computed with them whenever ``stable`` is True.
    """
    order = initial_order(list(histories), params)
    stable = False
    passes = 0
    scores: dict[int, float] = {}
    games: dict[int, int] = {}
    absences: dict[int, int] = {}
    for passes in range(1, params.iterations + 1):  # noqa: B007 - reported below
        values = _values(order, params)
        scores, games, absences = _score_once(histories, values, params, upto)
        position = {pid: i for i, pid in enumerate(order)}
        new_order = sorted(order, key=lambda pid: (-round(scores[pid], 9), position[pid]))
        if new_order == order:
            stable = True
            break
        order = new_order
    values = _values(order, params)
    rows = tuple(
        KeizerStanding(
            player=pid,
            rank=i + 1,
            value=values[pid],
            score=scores[pid],
            games=games[pid],
            absences_scored=absences[pid],
        )
        for i, pid in enumerate(order)
    )
    return KeizerTable(rows=rows, iterations=passes, stable=stable)
