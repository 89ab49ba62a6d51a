"""Moyenne: points per game played (pure).

A Dutch club competition ("moyennecompetitie") ranks by the average score per game played, so a
member who misses evenings is not punished for it; to be ranked among the *classified* a player
needs a minimum number of games. Only games over the board count (``tournaments.vocabulary``:
``1 = 0 W D L P M``): a forfeit, a bye or an absence changes neither the points nor the games
[open in the sources: the clubs' pages speak of "games played"; chosen here, documented in the
README].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.vocabulary import GAME_CODES, RoundRecord, Scoring


@dataclass(frozen=True)
class Moyenne:
    """A player's points in games over the board, the number of those games, and their quotient
    (None before the first game)."""

    points: float
    games: int

    @property
    def value(self) -> float | None:
        return self.points / self.games if self.games else None

    def classified(self, min_games: int) -> bool:
        """Played at least ``min_games`` games (ranked among the classified)."""
        return self.games >= min_games and self.games > 0


def moyenne(history: Sequence[RoundRecord], scoring: Scoring, rounds: int | None = None) -> Moyenne:
    """The moyenne over the played games of rounds 1..``rounds`` (None: every round); a game whose
    result is still pending does not count yet."""
    played = [
        r
        for r in history
        if r.opponent is not None and r.points_code in GAME_CODES and (rounds is None or r.round <= rounds)
    ]
    return Moyenne(points=float(sum(r.points(scoring) for r in played)), games=len(played))
