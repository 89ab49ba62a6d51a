"""Issue 29: stage points carried into the next stage (pure cores): the transition's rule (none,
all, or only the points scored against players who qualified to the same group), the standings
counting starting points, and the score-group Swiss pairing on them. Figures by hand."""

from __future__ import annotations

import pytest

from tournaments.pairing.model import PairingInput, PlayerRecord
from tournaments.pairing.systems import SYSTEMS
from tournaments.stages import FinalGroup, Seat, StageError, carry_over
from tournaments.standings.model import StandingsInput, StandingsPlayer
from tournaments.standings.ranking import compute_standings
from tournaments.vocabulary import RoundRecord


def _group(name: str, *numbers: int) -> FinalGroup:
    return FinalGroup(name, tuple(Seat(n, "") for n in numbers))


# A preliminary of 4 (a round robin, draughts points 2/1/0) and its results by hand:
#   1 beat 2 (2-0), 1 drew 3 (1-1), 1 beat 4 (2-0): 5 points
#   2 beat 3 (2-0), 2 beat 4 (2-0), lost to 1: 4 points
#   3 drew 1, lost to 2, beat 4 (2-0): 3 points
#   4 lost all: 0 points
GAMES = {
    1: [(2, 2.0), (3, 1.0), (4, 2.0)],
    2: [(1, 0.0), (3, 2.0), (4, 2.0)],
    3: [(1, 1.0), (2, 0.0), (4, 2.0)],
    4: [(1, 0.0), (2, 0.0), (3, 0.0)],
}
POINTS = {1: 5.0, 2: 4.0, 3: 3.0, 4: 0.0}


def test_carry_none_all_and_among_qualifiers() -> None:
    """Players 1 and 2 qualify to final A; 3 and 4 go to final B.

    none: everyone 0. all: their points, 5, 4, 3, 0. among (only the games against the other
    qualifier of the same group): 1 scored 2 against 2 -> 2; 2 scored 0 against 1 -> 0; 3 scored 2
    against 4 -> 2; 4 scored 0 against 3 -> 0. A bye seat and a round without an opponent count
    nothing: a seeded 9 from outside without games starts on 0; a PAB (None, 2) of player 2 is left
    out of ``among``.
    """
    groups = [_group("A", 1, 2), _group("B", 3, 4)]
    assert carry_over("none", groups, POINTS, GAMES) == {1: 0.0, 2: 0.0, 3: 0.0, 4: 0.0}
    assert carry_over("all", groups, POINTS, GAMES) == {1: 5.0, 2: 4.0, 3: 3.0, 4: 0.0}
    assert carry_over("among", groups, POINTS, GAMES) == {1: 2.0, 2: 0.0, 3: 2.0, 4: 0.0}
    with_bye = [FinalGroup("A", (Seat(1, ""), Seat(2, ""), Seat(9, ""), Seat(0, "bye")))]
    games = {**GAMES, 2: [*GAMES[2], (None, 2.0)]}
    assert carry_over("among", with_bye, POINTS, games) == {1: 2.0, 2: 0.0, 9: 0.0}
    with pytest.raises(StageError, match="carry-over rule"):
        carry_over("half", groups, POINTS, GAMES)  # type: ignore[arg-type]


def test_standings_count_starting_points() -> None:
    """A final of 3 (round robin) after one round: 1 beat 2 (2-0), 3 had the free round.
    Without starting points: 1 has 2, 2 and 3 have 0. Carried points 0, 3, 1: 1 has 0 + 2 = 2,
    2 has 3 + 0 = 3, 3 has 1 + 0 = 1: 2 leads, then 1, then 3. Sonneborn-Berger of 1 (the points
    of the game, 2, times the beaten opponent's points): 2 x 0 = 0 without, 2 x 3 = 6 with the
    carried points (they count as the opponent's points)."""
    rounds = {1: (RoundRecord(1, 2, "w", "1"),), 2: (RoundRecord(1, 1, "b", "0"),), 3: ()}
    start = {1: 0.0, 2: 3.0, 3: 1.0}

    def standings(carry: bool):
        players = tuple(StandingsPlayer(sn, f"P{sn}", rounds=rounds[sn], starting_points=start[sn] if carry else 0.0)
                        for sn in (1, 2, 3))
        return compute_standings(StandingsInput(players, 2, kind="round_robin", tiebreaks=("SB",)))

    plain = standings(False)
    assert [(r.start_number, r.points) for r in plain.rows] == [(1, 2.0), (2, 0.0), (3, 0.0)]
    carried = standings(True)
    assert [(r.start_number, r.points) for r in carried.rows] == [(2, 3.0), (1, 2.0), (3, 1.0)]
    assert next(r for r in plain.rows if r.start_number == 1).tiebreaks["SB"] == 0.0
    assert next(r for r in carried.rows if r.start_number == 1).tiebreaks["SB"] == 6.0


@pytest.mark.parametrize("system", ["dutch", "solkoff"])
def test_a_swiss_round_one_pairs_on_carried_points(system: str) -> None:
    """Round 1 of a Swiss stage of 4, ratings 2000, 1900, 1800, 1700 (start numbers 1-4).
    Without carried points all are on 0: one score group, top half against bottom half:
    1-3 and 2-4. With carried points 4, 4, 0, 0 (1 and 2 bring 4 each): two score groups {1, 2}
    and {3, 4}: 1 meets 2 and 3 meets 4."""
    def pairs(start: dict[int, float]) -> set[frozenset[int]]:
        players = tuple(PlayerRecord(sn, rating=2100 - 100 * sn, starting_points=start.get(sn, 0.0))
                        for sn in (1, 2, 3, 4))
        out = SYSTEMS[system].pair(PairingInput(1, 5, players), {})
        return {frozenset((p.white, p.black)) for p in out.pairings}

    assert pairs({}) == {frozenset((1, 3)), frozenset((2, 4))}
    assert pairs({1: 4.0, 2: 4.0}) == {frozenset((1, 2)), frozenset((3, 4))}
