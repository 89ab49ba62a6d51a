"""The draughts Swiss systems (FMJD Solkoff and rating variants, Toernooimanager's resistance points):
hand-worked pairings from the reference's rules, the published Toernooimanager and PNDB examples,
and the rules every engine keeps (byes, absences, withdrawals, late entries, prohibited pairs, no
rematch of a played game, FIDE basic colour rules)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tournaments.pairing.fmjd import pair_rating, pair_solkoff, solkoff_order
from tournaments.pairing.model import PairingError, PairingInput, PlayerRecord, RoundPairing
from tournaments.pairing.resistance import pair_resistance
from tournaments.vocabulary import RoundRecord

EVENTS = Path(__file__).resolve().parent.parent / "fixtures" / "draughts_events"
_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


class Event:
    """A small event played by hand: rounds are paired by an engine (or given) and results entered."""

    def __init__(self, n: int, ratings: dict[int, int] | None = None) -> None:
        self.hist: dict[int, list[RoundRecord]] = {i: [] for i in range(1, n + 1)}
        self.ratings = ratings or {i: 2100 - 100 * i for i in range(1, n + 1)}

    def inp(self, rnd: int, unavailable: frozenset[int] = frozenset(), prohibited=()) -> PairingInput:  # type: ignore[no-untyped-def]
        players = tuple(
            PlayerRecord(id=i, rating=self.ratings.get(i, 0), history=tuple(h), unavailable=i in unavailable)
            for i, h in self.hist.items()
        )
        return PairingInput(round=rnd, total_rounds=9, players=players, prohibited=tuple(prohibited))

    def game(self, rnd: int, white: int, black: int, code: str) -> None:
        self.hist[white].append(RoundRecord(rnd, black, "w", code))  # type: ignore[arg-type]
        self.hist[black].append(RoundRecord(rnd, white, "b", _FLIP[code]))  # type: ignore[arg-type]

    def alone(self, rnd: int, player: int, code: str) -> None:
        self.hist[player].append(RoundRecord(rnd, None, None, code))  # type: ignore[arg-type]

    def play(self, rnd: int, rp: RoundPairing, winners: dict[int, str]) -> None:
        """Enter the round: ``winners`` maps a player to his code ("1" win, "=" draw); the PAB scores U."""
        for p in rp.pairings:
            code = winners.get(p.white) or _FLIP[winners.get(p.black, "=")]
            self.game(rnd, p.white, p.black, code)
        for b in rp.byes:
            self.alone(rnd, b.player, "U")


def pairs(rp: RoundPairing) -> list[tuple[int, int]]:
    return [(p.white, p.black) for p in rp.pairings]


def test_round_one_of_ten_top_half_against_bottom_half() -> None:
    """Ten players, round 1 in lot order (start numbers): 1-6, 2-7, 3-8, 4-9, 5-10 (FFJD forum example).
    Colours (FIDE basic rules, initial colour White): the top-half player of an odd board has White,
    of an even board Black: 1-6, 7-2, 3-8, 9-4, 5-10."""
    rp = pair_solkoff(Event(10, {}).inp(1))
    assert pairs(rp) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    assert "Halves: place 1 v place 6 of 10 in the group of score 0" in rp.pairings[0].reasons
    assert pairs(pair_rating(Event(10).inp(1))) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]


def test_round_one_on_rating_ignores_the_start_numbers() -> None:
    """Swiss on rating: round 1 ordered by rating. Ratings 1: 1500, 2: 1900, 3: 1700, 4: 2000,
    5: 1600, 6: 1800 -> order 4, 2, 6, 3, 5, 1 -> 4-3, 2-5, 6-1 (colours: 4 W, 5 W, 6 W).
    The Solkoff Swiss draws round 1 in lot order (1-4, 2-5, 3-6) unless told to use the rating."""
    ratings = {1: 1500, 2: 1900, 3: 1700, 4: 2000, 5: 1600, 6: 1800}
    event = Event(6, ratings)
    assert pairs(pair_rating(event.inp(1))) == [(4, 3), (5, 2), (6, 1)]
    assert pairs(pair_solkoff(event.inp(1))) == [(1, 4), (5, 2), (3, 6)]
    assert pairs(pair_solkoff(event.inp(1), {"round1": "rating"})) == [(4, 3), (5, 2), (6, 1)]


def _ten_after_two() -> tuple[Event, RoundPairing, RoundPairing]:
    """Swiss on rating, ratings 2000, 1900, ... 1100 for players 1..10.
    Round 1: 1-6, 7-2, 3-8, 9-4, 5-10; 1, 2, 3, 4, 5 win.
    Round 2: score group 2 = 1, 2, 3, 4, 5 (odd): the lowest-rated, 5, moves down and meets the
    highest-rated of group 0 he has not met, 6. The rest, 1, 2, 3, 4: halves would give 1-3 and 2-4,
    but 1 and 3 both had White (both want Black) and 2 and 4 both had Black: 1-4 and 2-3 meet every
    colour preference (FMJD priority 2). Group 0 = 7, 8, 9, 10: 7-9 and 8-10 likewise clash (7, 9
    had White... 7 had White, 9 had White), so 7-10 and 8-9.
    Results: 1 beats 4, 2 beats 3, 5 beats 6, 10 beats 7, 8-9 draw."""
    event = Event(10)
    r1 = pair_rating(event.inp(1))
    event.play(1, r1, {1: "1", 2: "1", 3: "1", 4: "1", 5: "1"})
    r2 = pair_rating(event.inp(2))
    event.play(2, r2, {1: "1", 2: "1", 5: "1", 10: "1", 8: "="})
    return event, r1, r2


def test_odd_group_on_rating_the_lowest_floats_and_meets_the_highest_of_the_next_group() -> None:
    _, r1, r2 = _ten_after_two()
    assert pairs(r1) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]
    assert sorted(tuple(sorted(p)) for p in pairs(r2)) == [(1, 4), (2, 3), (5, 6), (7, 10), (8, 9)]
    board = next(p for p in r2.pairings if 5 in (p.white, p.black))
    assert "5 moves down from score 2: the lowest-placed player of an odd group" in board.reasons
    assert "Floater 5 meets the highest-placed player of score 0 he may meet" in board.reasons
    assert (
        "Instead of place 3 (player 3): colour preferences"
        in next(p for p in r2.pairings if 1 in (p.white, p.black)).reasons
    )


def test_no_float_down_twice_and_a_group_that_cannot_be_paired_moves_down() -> None:
    """Round 3 after ``_ten_after_two``: scores 1, 2, 5: 4; 3, 4, 10: 2; 8, 9: 1; 6, 7: 0.
    Group 4 = 1, 2, 5 is odd. 5 (lowest) floated down in round 2: passed over. 2 next: without him
    1 and 5 would both want White (1: W, B -> White; 5: W, B -> White), a colour preference lost; 1:
    without him 2 (B, W -> Black) and 5 (White) both get theirs. So 1 moves down and meets the
    highest-rated of group 2 he has not met: 3 (he met 6 and 4). Group 1 = 8, 9 met in round 2:
    both move down (FMJD priority 1: as few as possible, here all) to meet 6 and 7."""
    event, _, _ = _ten_after_two()
    r3 = pair_rating(event.inp(3))
    got = sorted(tuple(sorted(p)) for p in pairs(r3))
    assert got == [(1, 3), (2, 5), (4, 10), (6, 8), (7, 9)]
    one = next(p for p in r3.pairings if 1 in (p.white, p.black))
    assert "1 moves down from score 4: 2 player(s) placed below passed over (he floated down last round)" in one.reasons
    eight = next(p for p in r3.pairings if 8 in (p.white, p.black))
    assert "8 moves down from score 1: the group could not be paired otherwise" in eight.reasons


def test_pndb_example_six_players_on_four_points() -> None:
    """PNDB ("Zwitsers systeem op rating", pndb.nl): six players with 4 points after 2 rounds are split
    by their own rating into 1, 2, 3 and 4, 5, 6: 1-4, 2-5, 3-6. Here the six (ratings 2000 ... 1500,
    start numbers shuffled: 11, 3, 7, 12, 5, 9 in rating order) each beat two of six others with White
    then Black, so all six want White (mildly): colours cannot help, the base order stands."""
    top = [11, 3, 7, 12, 5, 9]
    bottom = [1, 2, 4, 6, 8, 10]
    ratings = {p: 2000 - 100 * i for i, p in enumerate(top)} | {p: 1000 + p for p in bottom}
    event = Event(12, ratings)
    for i, p in enumerate(top):
        event.game(1, p, bottom[i], "1")
        event.game(2, bottom[(i + 1) % 6], p, "0")
    rp = pair_rating(event.inp(3))
    top_pairs = [tuple(sorted(x)) for x in pairs(rp) if set(x) <= set(top)]
    assert top_pairs == [tuple(sorted((11, 12))), tuple(sorted((3, 5))), tuple(sorted((7, 9)))]


def test_solkoff_order_inside_a_score_group() -> None:
    """Players 1, 2, 3 (ratings 2000, 1900, 1800) on 2 points after round 2; their opponents' points
    after round 2 (games below): 1 met 5 (0) and 9 (2): SOLK 2, SOLK/T (2,); 2 met 6 (3) and 10 (1):
    SOLK 4, (3,); 3 met 7 (3) and 11 (0): SOLK 3, (3,). Full truncated order: 2 and 3 on (3,), rating
    puts 2 first, then 1: 2, 3, 1. Plain Solkoff: 4, 3, 2: the same order here."""
    event = Event(12, {1: 2000, 2: 1900, 3: 1800, 4: 1700})
    event.game(1, 1, 5, "1")  # 5: 0 after round 1
    event.game(1, 2, 6, "=")
    event.game(1, 3, 7, "0")
    event.game(1, 4, 8, "=")
    event.game(2, 1, 9, "0")
    event.game(2, 2, 10, "=")
    event.game(2, 3, 11, "1")
    event.game(2, 4, 12, "1")
    event.game(2, 5, 6, "0")  # 5: 0, 6: 1 + 2 = 3
    event.game(2, 7, 8, "=")  # 7: 2 + 1 = 3, 8: 1 + 1 = 2
    # Points: 1: 2+0 = 2; 2: 1+1 = 2; 3: 0+2 = 2; 4: 1+2 = 3 (not in the group).
    # 9: 2 (beat 1), 10: 1, 11: 0, 12: 0.
    # 1: opponents 5 (0), 9 (2): SOLK/T (2,), SOLK 2; 2: 6 (3), 10 (1): (3,), 4; 3: 7 (3), 11 (0): (3,), 3.
    order = solkoff_order(event.inp(3))
    assert sorted((1, 2, 3), key=lambda p: order.key[p]) == [2, 3, 1]  # (3,) rating 1900, (3,) 1800, (2,)
    assert order.text[2] == "SOLK/T 3, RTNG 1900, TPN 2"
    plain = solkoff_order(event.inp(3), "plain")
    assert sorted((1, 2, 3), key=lambda p: plain.key[p]) == [2, 3, 1]  # 4, 3, 2
    assert solkoff_order(event.inp(3), "short").text[3] == "SOLK/T1 3, RTNG 1800, TPN 3"


def _toernooimanager() -> tuple[dict[str, object], dict[int, list[RoundRecord]], dict[int, int]]:
    data = json.loads((EVENTS / "toernooimanager_example_4tallen.json").read_text(encoding="utf-8"))
    return data, {i: [] for i in range(1, 9)}, dict.fromkeys(range(1, 9), 0)


def test_toernooimanager_published_rounds_one_and_two() -> None:
    """Toernooimanager's worked example (dezlaren.nl), a team-of-4 Swiss on resistance points:
    round 1 by lot pairs 1-2, 3-4, 5-6, 7-8 with the first named at home on every board; round 2 is
    TEAM 6 - TEAM 3, TEAM 8 - TEAM 1, TEAM 2 - TEAM 5, TEAM 4 - TEAM 7. Hand check: group 2 points =
    3, 1, 8 (WP 0 each; board points 7, 6, 5 decide): odd, its number one (3) meets the lowest-placed
    of group 1 (5, 6 by start number: 6), the two lowest meet (1-8); 5 is left alone and joins group 0
    (7, 2, 4 by board points 3, 2, 1) as its first: halves 5-2, 7-4. Home: the lower colour balance."""
    data, hist, bp = _toernooimanager()
    number = {f"TEAM {i}": i for i in range(1, 9)}
    r1 = pair_resistance(PairingInput(round=1, total_rounds=3, players=tuple(PlayerRecord(id=i) for i in range(1, 9))))
    published = data["rounds"]
    assert pairs(r1) == [(number[h], number[a]) for h, a, _, _ in published[0]]  # type: ignore[index]
    for home, away, bh, ba in published[0]:  # type: ignore[index]
        a, b = number[home], number[away]
        code = "1" if bh > ba else "0" if bh < ba else "="
        hist[a].append(RoundRecord(1, b, "w", code))  # type: ignore[arg-type]
        hist[b].append(RoundRecord(1, a, "b", _FLIP[code]))  # type: ignore[arg-type]
        bp[a] += bh
        bp[b] += ba
    players = tuple(PlayerRecord(id=i, history=tuple(hist[i]), order_scores=(float(bp[i]),)) for i in range(1, 9))
    r2 = pair_resistance(PairingInput(round=2, total_rounds=3, players=players))
    assert sorted(pairs(r2)) == sorted((number[h], number[a]) for h, a, _, _ in published[1])  # type: ignore[index]
    joined = next(p for p in r2.pairings if 5 in (p.white, p.black))
    assert "5 joins score group 0: the only player left in his group" in joined.reasons


def test_resistance_halves_and_adjacent() -> None:
    """Round 1 pairs adjacent in lot order by default (Toernooimanager) and by halves with
    ``round1_adjacent=False``. After four draws (1-2, 3-4, 5-6, 7-8, the odd numbers at home) all
    eight have 1 point, WP 1, SB 1: start-number order. Halves 1-5, 2-6, 3-7, 4-8 would pair two
    players who both want the other colour on every board; the transposition 1-6, 2-5, 3-8, 4-7
    meets every preference. Adjacent: 1-2 met, so 1 takes 3 (both had White: a clash, but the
    adjacent rule does not look for colours), then 2-4, 5-7, 6-8."""
    event = Event(8, {})
    assert pairs(pair_resistance(event.inp(1))) == [(1, 2), (3, 4), (5, 6), (7, 8)]
    assert pairs(pair_resistance(event.inp(1), {"round1_adjacent": False})) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    for w, b in ((1, 2), (3, 4), (5, 6), (7, 8)):
        event.game(1, w, b, "=")
    halves = sorted(tuple(sorted(p)) for p in pairs(pair_resistance(event.inp(2))))
    assert halves == [(1, 6), (2, 5), (3, 8), (4, 7)]
    got = sorted(tuple(sorted(p)) for p in pairs(pair_resistance(event.inp(2), {"adjacent": True})))
    assert got == [(1, 3), (2, 4), (5, 7), (6, 8)]


Engine = Callable[..., RoundPairing]
ENGINES: list[tuple[str, Engine]] = [
    ("solkoff", pair_solkoff),
    ("rating", pair_rating),
    ("resistance", pair_resistance),
]


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_bye_absence_withdrawal_late_entry_prohibited_and_forfeit(name: str, engine: Engine) -> None:
    """Seven players. Round 1: 1-2 forfeit (1 wins by forfeit), 3-4, 5-6 played, 7 PAB.
    Round 2: 6 withdrawn (unavailable), 8 a late entry (no history), 3 absent (unavailable), 1 and
    2 prohibited from meeting. Pairs: 1, 2, 4, 5, 7, 8 (six, no bye); never 1-2 (prohibited) even
    though their forfeit is not a meeting; 3 and 6 not paired; nobody meets his round-1 opponent."""
    event = Event(8)
    event.game(1, 1, 2, "+")
    event.game(1, 3, 4, "1")
    event.game(1, 5, 6, "=")
    event.alone(1, 7, "U")
    rp = engine(event.inp(2, unavailable=frozenset({3, 6}), prohibited=[frozenset({1, 2})]))
    seen = sorted(x for p in rp.pairings for x in (p.white, p.black))
    assert seen == [1, 2, 4, 5, 7, 8] and not rp.byes
    met = {frozenset((3, 4)), frozenset((5, 6))}
    assert all(frozenset((p.white, p.black)) not in met | {frozenset((1, 2))} for p in rp.pairings)
    # Without the prohibition the forfeit pair may meet again (a forfeit is not a meeting).
    rp = engine(event.inp(2, unavailable=frozenset({3, 4, 5, 6, 7, 8})))
    assert pairs(rp) in ([(1, 2)], [(2, 1)])


@pytest.mark.parametrize(("name", "engine"), ENGINES)
def test_the_bye_goes_to_the_lowest_placed_without_one(name: str, engine: Engine) -> None:
    """Five players, round 2: 5 had the PAB in round 1 (lowest after 1-2, 3-4 with 1 and 3 winning:
    scores 1 = 3 = 5 = 2, 2 = 4 = 0). The lowest-placed is 4 or 2 (0 points), never 5 again."""
    event = Event(5)
    event.game(1, 1, 2, "1")
    event.game(1, 3, 4, "1")
    event.alone(1, 5, "U")
    rp = engine(event.inp(2))
    assert len(rp.byes) == 1 and rp.byes[0].player in (2, 4)
    assert rp.byes[0].reasons[0] == "PAB: odd number of players to pair (5)"


def test_no_pairing_exists() -> None:
    """Three players who all met, in round 4 of a three-player event: nobody can be paired."""
    event = Event(4)
    for rnd, (w, b) in enumerate(((1, 2), (3, 1), (2, 3)), start=1):
        event.game(rnd, w, b, "=")
    with pytest.raises(PairingError):
        pair_solkoff(event.inp(4, unavailable=frozenset({4})))


def test_colour_rule_is_a_setting() -> None:
    """Round 1 on rating with the balance rule: no history, so the higher-placed player of every board
    takes the initial colour (1-6, 2-7, ... all with the top half White), where FIDE's rule alternates."""
    event = Event(10)
    assert pairs(pair_rating(event.inp(1), {"colours": "balance"})) == [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10)]
    assert pairs(pair_resistance(event.inp(1), {"colours": "fide"})) == [(1, 2), (4, 3), (5, 6), (8, 7), (9, 10)]
    with pytest.raises(ValueError, match="unknown colour rule"):
        pair_rating(event.inp(1), {"colours": "random"})
