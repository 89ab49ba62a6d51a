"""Scores built from the opponents met: the FMJD Solkoff family, resistance points, Sonneborn-Berger,
and the plus/minus-draw balance (pure).

Definitions (FMJD Annexes 2024, "Dra_sort_criteria", as quoted in shared/reference):

* **Solkoff** (= Buchholz = Dutch *weerstandspunten*, resistance points): the sum of the scores of
  all opponents. An opponent "Bye" counts 0: every round without an opponent (a bye, an absence,
  a round before a late entry or after a withdrawal) contributes 0. A forfeit still counts the
  opponent's real score (checked on the FMJD World Cup Ouagadougou Open 2022, see the tests).
* **Median Solkoff**: Solkoff minus the highest and the lowest opponent score.
* **Short truncated Solkoff**: Solkoff minus the lowest.
* **Full truncated Solkoff**: the vector Ts1, Ts2, ..., Ts(n-1) (n = the rounds counted), Ts_k =
  Solkoff minus the k lowest, compared in turn.
* **Solkoff-plus**: the sum of the opponents' Solkoffs.

The byes question the FMJD text leaves open: one rule for every variant. A round without an
opponent is an opponent score of 0 in the list (``bye="zero"``, the default), so every cut takes
it first; ``bye="skip"`` leaves such rounds out of the list instead (the cuts then take real
opponents). "Opponents' scores" are their scores after the rounds counted (``rounds``): final
scores for the standings, current scores for a pairing.

Among equal values the earliest round is cut (the sum is the same whichever goes; the
explanations name the round).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.vocabulary import RoundRecord, Scoring, draw_mark, is_played

Histories = Mapping[int, Sequence[RoundRecord]]
ByeRule = Literal["zero", "skip"]
BYE_RULES: tuple[ByeRule, ...] = ("zero", "skip")

# The Solkoff variants by tie-break code (the standings' codes; the FMJD Swiss orders by one of them).
SOLKOFF_CODES: tuple[str, ...] = ("SOLK", "SOLK/M", "SOLK/T1", "SOLK/T", "SOLK+")


@dataclass(frozen=True)
class OpponentScore:
    """One round as the Solkoff family reads it.

    ``basis``: ``game`` (played over the board: the opponent's score), ``forfeit`` (a forfeit: the
    opponent's real score still counts), ``no_opponent`` (a bye, an absence or a round the player
    was not paired in: 0).
    """

    round: int
    opponent: int | None
    score: float
    basis: Literal["game", "forfeit", "no_opponent"]


def records_upto(history: Sequence[RoundRecord], rounds: int) -> dict[int, RoundRecord]:
    """The player's records of rounds 1..``rounds`` keyed by round (later ones are ignored)."""
    return {r.round: r for r in history if 1 <= r.round <= rounds}


def scores_after(histories: Histories, scoring: Scoring, rounds: int) -> dict[int, float]:
    """Every player's points over rounds 1..``rounds`` (a missing round is worth nothing)."""
    return {
        pid: sum(r.points(scoring) for r in records_upto(history, rounds).values())
        for pid, history in histories.items()
    }


def opponent_scores(
    histories: Histories,
    scoring: Scoring,
    rounds: int,
    *,
    bye: ByeRule = "zero",
    points: Mapping[int, float] | None = None,
) -> dict[int, list[OpponentScore]]:
    """Per player, one ``OpponentScore`` per round 1..``rounds`` (``bye="skip"``: rounds without an
    opponent left out). ``points``: the scores to read (default ``scores_after(...)``)."""
    pts = dict(points) if points is not None else scores_after(histories, scoring, rounds)
    out: dict[int, list[OpponentScore]] = {}
    for pid, history in histories.items():
        recs = records_upto(history, rounds)
        row: list[OpponentScore] = []
        for rnd in range(1, rounds + 1):
            rec = recs.get(rnd)
            if rec is None or rec.opponent is None or rec.opponent not in pts:
                if bye == "zero":
                    row.append(OpponentScore(rnd, None, 0.0, "no_opponent"))
                continue
            played = is_played(rec.points_code, True)
            row.append(OpponentScore(rnd, rec.opponent, pts[rec.opponent], "game" if played else "forfeit"))
        out[pid] = row
    return out


def cut_lowest(values: Sequence[float], k: int) -> list[int]:
    """Positions of the ``k`` lowest values, lowest first (the earliest among equals)."""
    order = sorted(range(len(values)), key=lambda i: (values[i], i))
    return order[: max(0, min(k, len(values)))]


def cut_highest(values: Sequence[float], k: int, skip: Sequence[int] = ()) -> list[int]:
    """Positions of the ``k`` highest values not in ``skip``, highest first (the earliest among equals)."""
    left = [i for i in range(len(values)) if i not in set(skip)]
    order = sorted(left, key=lambda i: (-values[i], i))
    return order[: max(0, min(k, len(left)))]


def solkoff(values: Sequence[float]) -> float:
    """Plain Solkoff: the sum."""
    return float(sum(values))


def median_solkoff(values: Sequence[float]) -> float:
    """Median Solkoff: minus the highest and the lowest (0 with fewer than three values)."""
    low = cut_lowest(values, 1)
    high = cut_highest(values, 1, low)
    gone = {*low, *high}
    return float(sum(v for i, v in enumerate(values) if i not in gone))


def short_truncated(values: Sequence[float]) -> float:
    """Short truncated Solkoff: minus the lowest."""
    gone = set(cut_lowest(values, 1))
    return float(sum(v for i, v in enumerate(values) if i not in gone))


def full_truncated(values: Sequence[float]) -> tuple[float, ...]:
    """Full truncated Solkoff: (Ts1, ..., Ts(n-1)), Ts_k = the sum minus the k lowest.

    Opponents' scores 12, 10, 8, 6 give (30, 22, 12).
    """
    total = float(sum(values))
    out: list[float] = []
    for v in sorted(values)[: max(0, len(values) - 1)]:
        total -= v
        out.append(total)
    return tuple(out)


SolkoffValue = float | tuple[float, ...]


def solkoff_family(
    histories: Histories,
    scoring: Scoring,
    rounds: int,
    *,
    bye: ByeRule = "zero",
    points: Mapping[int, float] | None = None,
) -> dict[str, dict[int, SolkoffValue]]:
    """Every player's value of every Solkoff variant, keyed by code (``SOLKOFF_CODES``)."""
    lists = opponent_scores(histories, scoring, rounds, bye=bye, points=points)
    values = {pid: [o.score for o in row] for pid, row in lists.items()}
    plain = {pid: solkoff(v) for pid, v in values.items()}
    return {
        "SOLK": dict(plain),
        "SOLK/M": {pid: median_solkoff(v) for pid, v in values.items()},
        "SOLK/T1": {pid: short_truncated(v) for pid, v in values.items()},
        "SOLK/T": {pid: full_truncated(v) for pid, v in values.items()},
        "SOLK+": {pid: solkoff_plus(lists[pid], plain) for pid in lists},
    }


def solkoff_plus(row: Sequence[OpponentScore], plain: Mapping[int, float]) -> float:
    """Solkoff-plus: the sum of the opponents' plain Solkoffs (rounds without an opponent add 0)."""
    return float(sum(plain[o.opponent] for o in row if o.opponent is not None))


def resistance_points(histories: Histories, scoring: Scoring, rounds: int) -> dict[int, float]:
    """Toernooimanager's resistance points (*weerstandspunten*, WP): the sum of the current points of
    every opponent met, not truncated; a bye adds 0. The same number as plain Solkoff."""
    return {pid: solkoff([o.score for o in row]) for pid, row in opponent_scores(histories, scoring, rounds).items()}


def sonneborn_berger(histories: Histories, scoring: Scoring, rounds: int) -> dict[int, float]:
    """Sonneborn-Berger as the club programs order by it: for each round with an opponent (a game or
    a forfeit), the opponent's current score times the points scored in that round; byes add 0."""
    pts = scores_after(histories, scoring, rounds)
    out: dict[int, float] = {}
    for pid, history in histories.items():
        out[pid] = float(
            sum(
                pts[r.opponent] * r.points(scoring)
                for r in records_upto(history, rounds).values()
                if r.opponent is not None and r.opponent in pts
            )
        )
    return out


def plus_minus_balance(history: Sequence[RoundRecord], rounds: int | None = None) -> int:
    """Plus-draws minus minus-draws (``tournaments.vocabulary.draw_mark``) over rounds 1..``rounds``."""
    return sum(draw_mark(r.points_code) for r in history if rounds is None or r.round <= rounds)
