"""The Keizer system of Dutch club competitions: iterated scores and top-down pairing.

Keizer practice is not standardised; every knob is a ``KeizerParams`` field. The mechanism:

1. Rank the players (initially by start number, i.e. the club's starting order).
   Rank 1 gets the top value V, each lower rank ``step`` less (never below 0).
2. A game scores a fraction of the **opponent's current value** (win / draw / loss
   fractions). Absences with notice and the bye score a fraction of the player's **own**
   value. With ``own_value_base`` the player's own value is added once.
3. Re-rank by the scores, reassign the values, recompute **all** rounds with the new
   values; repeat until the ranking is stable or ``iterations`` is reached.

How TRF result codes score (``RoundRecord.result``):
``1 = 0`` (and unrated ``W D L``): win / draw / loss fraction of the opponent's value;
``H`` absence with notice (and ``F``): ``absence`` fraction of own value, only for the first
``absence_cap`` such rounds; ``U`` odd player out and ``+`` (present, opponent did not come):
``bye`` fraction of own value; ``Z`` and ``-`` (absent without notice, forfeit loss): 0.

Pairing: only present players (``not unavailable``), top-down by Keizer rank, each with the
highest-ranked available opponent not met over the board in the last ``rematch_rounds``
rounds; colours balanced; an odd player out (the lowest-ranked present player with the
fewest byes) gets the bye.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.model import (
    PairingError,
    PlayerRecord,
)


@dataclass(frozen=True)
class KeizerParams:
    """Parameters of a Keizer competition (defaults: caissa-amsterdam style, V = 50, step 1)."""

    top_value: float = 50.0
    step: float = 1.0
    own_value_base: bool = True  # add the player's own value once
    win: float = 1.0  # fractions of the opponent's value
    draw: float = 0.5
    loss: float = 0.0
    absence: float = 1 / 3  # absence with notice: fraction of own value
    bye: float = 2 / 3  # odd player out: fraction of own value
    absence_cap: int | None = None  # how many absences with notice are scored (None: all)
    rematch_rounds: int = 3  # no rematch within this many rounds (0: rematches allowed)
    iterations: int = 20  # recalculation passes at most

    def __post_init__(self) -> None:
        if self.top_value <= 0 or self.step < 0:
            raise ValueError("Keizer top value must be positive and the step not negative")
        if self.iterations < 1:
            raise ValueError("Keizer needs at least one recalculation iteration")
        if self.absence_cap is not None and self.absence_cap < 0:
            raise ValueError("Keizer absence cap must be 0 or more")
        if self.rematch_rounds < 0:
            raise ValueError("Keizer rematch window must be 0 or more rounds")


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
    """Keizer standings in rank order; ``stable`` says whether the iteration converged."""

    rows: tuple[KeizerStanding, ...]
    iterations: int
    stable: bool

    def by_player(self) -> dict[int, KeizerStanding]:
        """The rows keyed by player id."""
        return {r.player: r for r in self.rows}


_GAME_CODES = {"1": "win", "W": "win", "=": "draw", "D": "draw", "0": "loss", "L": "loss"}


def _values(order: Sequence[int], params: KeizerParams) -> dict[int, float]:
    return {pid: max(0.0, params.top_value - params.step * i) for i, pid in enumerate(order)}


def _score_once(
    players: Sequence[PlayerRecord], values: dict[int, float], params: KeizerParams, upto: int | None
) -> tuple[dict[int, float], dict[int, int], dict[int, int]]:
    scores: dict[int, float] = {}
    games: dict[int, int] = {}
    absences: dict[int, int] = {}
    for p in players:
        own = values[p.id]
        total = own if params.own_value_base else 0.0
        n_games = n_abs = 0
        for rec in sorted(p.history, key=lambda r: r.round):
            if upto is not None and rec.round > upto:
                continue
            kind = _GAME_CODES.get(rec.result)
            if kind is not None and rec.opponent is not None:
                n_games += 1
                total += values.get(rec.opponent, 0.0) * getattr(params, kind)
            elif rec.result in ("H", "F"):
                if params.absence_cap is None or n_abs < params.absence_cap:
                    n_abs += 1
                    total += own * params.absence
            elif rec.result in ("U", "+"):
                total += own * params.bye
            # Z, -: absent without notice (or lost by forfeit): nothing.
        scores[p.id] = total
        games[p.id] = n_games
        absences[p.id] = n_abs
    return scores, games, absences


def keizer_scores(players: Sequence[PlayerRecord], params: KeizerParams, upto: int | None = None) -> KeizerTable:
    """Iterated Keizer scores of ``players`` over their histories (rounds <= ``upto`` if given).

    The initial ranking is by player id (start number). Each pass assigns values by the
    current ranking and recomputes every round; the next ranking orders by score (ties keep
    the previous order). Stops when a pass leaves the ranking unchanged (``stable``) or after
    ``params.iterations`` passes. The returned values are those of the returned ranking and
    the scores were computed with them whenever ``stable`` is True.
    """
    order = sorted(p.id for p in players)
    if len(set(order)) != len(order):
        raise PairingError("Keizer: duplicate player ids")
    stable = False
    passes = 0
    scores: dict[int, float] = {}
    games: dict[int, int] = {}
    absences: dict[int, int] = {}
    for passes in range(1, params.iterations + 1):  # noqa: B007 - reported below
        values = _values(order, params)
        scores, games, absences = _score_once(players, values, params, upto)
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
