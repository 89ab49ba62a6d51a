"""C.07 art. 16.4, worked by hand: a player's own unplayed rounds in the Buchholz family.

2024 edition: each own unplayed round counts as a game against a dummy whose score is the player's
own final score. 2026 edition: that dummy scores at most the scheduled opponent's adjusted score
when there is an opponent (a forfeit, 16.4.1), and at most a draw's points times the number of
rounds when there is none (a bye, an absence, a round before a late entry, 16.4.2).

Scoring is draughts 2/1/0 (draw 1, so the 16.4.2 cap is 1 x rounds). Every number below is
worked out in the docstrings from the tournaments drawn there, not by running the code. (The three
tournaments, written as TRF files, were also run once through FIDE's reference checker Gacrux with
a 2025 and a 2026 start date: it gives these values and ranks for every player.)
"""

from __future__ import annotations

from dataclasses import replace

from tournaments.standings import StandingsInput, StandingsPlayer, compute_standings, explain_standings
from tournaments.vocabulary import RoundRecord

CODES = ("BH/C1", "BH", "BH/M1", "SB")


def tournament(rounds: dict[int, list[tuple[int, int | None, str]]], total: int) -> StandingsInput:
    """Players from ``{start number: [(round, opponent, code), ...]}``; checks that pairs mirror."""
    mirror = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
    for pid, recs in rounds.items():
        for rnd, opp, code in recs:
            if opp is not None:
                back = next(r for r in rounds[opp] if r[0] == rnd)
                assert back[1:] == (pid, mirror[code]), (pid, rnd)
    players = tuple(
        StandingsPlayer(
            start_number=pid,
            rating=2000 - 10 * pid,
            rounds=tuple(RoundRecord(round=r, opponent=o, colour=None, result=c) for r, o, c in recs),  # type: ignore[arg-type]
        )
        for pid, recs in rounds.items()
    )
    return StandingsInput(players=players, total_rounds=total, tiebreaks=CODES)


def values(inp: StandingsInput, edition: str, pid: int) -> dict[str, float]:
    row = next(r for r in compute_standings(replace(inp, edition=edition)).rows if r.start_number == pid)
    return dict(row.tiebreaks)  # type: ignore[arg-type]


# Six players, four rounds, no byes.
#   R1: 1-2 1-0, 3-4 draw, 5-6 1-0      R2: 1-3 forfeit (1 wins), 2-5 1-0, 4-6 1-0
#   R3: 1-4 1-0, 3-5 draw, 2-6 draw     R4: 1-5 1-0, 3-6 0-1, 2-4 draw
# Points: 1: 2+2+2+2 = 8; 2: 0+2+1+1 = 4; 3: 1+0+1+0 = 2; 4: 1+2+0+1 = 4; 5: 2+0+1+0 = 3;
# 6: 0+0+1+2 = 3 (24 = 4 rounds x 3 pairs x 2). No byes: adjusted scores = points.
FORFEIT = {
    1: [(1, 2, "1"), (2, 3, "+"), (3, 4, "1"), (4, 5, "1")],
    2: [(1, 1, "0"), (2, 5, "1"), (3, 6, "="), (4, 4, "=")],
    3: [(1, 4, "="), (2, 1, "-"), (3, 5, "="), (4, 6, "0")],
    4: [(1, 3, "="), (2, 6, "1"), (3, 1, "0"), (4, 2, "=")],
    5: [(1, 6, "1"), (2, 2, "0"), (3, 3, "="), (4, 1, "0")],
    6: [(1, 5, "0"), (2, 4, "0"), (3, 2, "="), (4, 3, "1")],
}


def test_forfeit_against_a_strong_opponent() -> None:
    """Player 3 (2 points) loses round 2 by forfeit to player 1 (8 points, the strongest).

    Player 3: R1 v 4 -> 4; R2 forfeit loss, a VUR: dummy = own 2 (2024); 2026: min(2, adjusted
    score of the opponent 8) = 2, the cap does not bite against a strong opponent; R3 v 5 -> 3;
    R4 v 6 -> 3. BH = 4 + 2 + 3 + 3 = 12 in both editions; BH/C1 cuts the VUR first (16.5):
    12 - 2 = 10; BH/M1 also cuts the highest (4): 6; SB = 4x1 + 2x0 + 3x1 + 3x0 = 7.

    Player 1, the other side of the same forfeit (a forfeit win, not a VUR): R1 v 2 -> 4; R2 dummy
    = own 8 (2024), 2026: min(8, adjusted score of player 3 = 2) = 2 (16.4.1); R3 v 4 -> 4;
    R4 v 5 -> 3. 2024: BH = 4 + 8 + 4 + 3 = 19, BH/C1 = 19 - 3 = 16, BH/M1 = 19 - 3 - 8 = 8,
    SB = 4x2 + 8x2 + 4x2 + 3x2 = 38. 2026: BH = 4 + 2 + 4 + 3 = 13, BH/C1 = 13 - 2 = 11,
    BH/M1 = 13 - 2 - 4 = 7, SB = 8 + 4 + 8 + 6 = 26.
    """
    inp = tournament(FORFEIT, 4)
    assert values(inp, "2024", 3) == values(inp, "2026", 3) == {"BH/C1": 10, "BH": 12, "BH/M1": 6, "SB": 7}
    assert values(inp, "2024", 1) == {"BH/C1": 16, "BH": 19, "BH/M1": 8, "SB": 38}
    assert values(inp, "2026", 1) == {"BH/C1": 11, "BH": 13, "BH/M1": 7, "SB": 26}
    part = explain_standings(replace(inp, edition="2026")).values[1]["BH"].parts[1]
    assert (part.kind, part.opponent, part.raw, part.cap, part.score) == ("forfeit_win", 3, 8, 2, 2)
    assert (part.basis, part.article, part.vur) == ("dummy_capped", "16.4.1", False)


# Seven players, four rounds, one bye a round.
#   R1: 1-2 draw, 3-4 draw, 5-6 1-0, 7 PAB      R2: 2 zero-point bye (Z); 1-3 1-0, 4-5 1-0, 6-7 draw
#   R3: 6 PAB; 1-4 1-0, 2-3 1-0, 5-7 0-1        R4: 1 half-point bye (H); 2-5 1-0, 3-7 draw, 4-6 0-1
# Points: 1: 1+2+2+1 = 6; 2: 1+0+2+2 = 5; 3: 1+0+0+1 = 2; 4: 1+2+0+0 = 3; 5: 2+0+0+0 = 2;
# 6: 0+1+2+2 = 5; 7: 2+1+2+1 = 6 (29 = 4 x 6 + PAB 2 + Z 0 + PAB 2 + H 1).
# Adjusted scores (16.2): 2's zero bye is followed by games, so it counts as awarded (16.2.3);
# 1's half-point bye in the last round counts as a draw (16.2.5), which is its 1 point: all equal
# to the points.
BYES = {
    1: [(1, 2, "="), (2, 3, "1"), (3, 4, "1"), (4, None, "H")],
    2: [(1, 1, "="), (2, None, "Z"), (3, 3, "1"), (4, 5, "1")],
    3: [(1, 4, "="), (2, 1, "0"), (3, 2, "0"), (4, 7, "=")],
    4: [(1, 3, "="), (2, 5, "1"), (3, 1, "0"), (4, 6, "0")],
    5: [(1, 6, "1"), (2, 4, "0"), (3, 7, "0"), (4, 2, "0")],
    6: [(1, 5, "0"), (2, 7, "="), (3, None, "U"), (4, 4, "1")],
    7: [(1, None, "U"), (2, 6, "="), (3, 5, "1"), (4, 3, "=")],
}


def test_zero_point_bye() -> None:
    """Player 2 (5 points) has a zero-point bye in round 2.

    R1 v 1 -> 6; R2 Z, a VUR without opponent: dummy = own 5 (2024); 2026: min(5, draw 1 x 4
    rounds = 4) = 4 (16.4.2); R3 v 3 -> 2; R4 v 5 -> 2.
    2024: BH = 6 + 5 + 2 + 2 = 15; BH/C1 cuts the VUR (5), not the lowest 2 (16.5): 10;
    BH/M1 then cuts the highest (6): 4. 2026: BH = 6 + 4 + 2 + 2 = 14; BH/C1 = 14 - 4 = 10;
    BH/M1 = 10 - 6 = 4. SB = 6x1 + dummy x 0 + 2x2 + 2x2 = 14 in both (the bye scored 0).
    """
    inp = tournament(BYES, 4)
    assert values(inp, "2024", 2) == {"BH/C1": 10, "BH": 15, "BH/M1": 4, "SB": 14}
    assert values(inp, "2026", 2) == {"BH/C1": 10, "BH": 14, "BH/M1": 4, "SB": 14}


def test_half_point_bye() -> None:
    """Player 1 (6 points) has a half-point bye in the last round.

    R1 v 2 -> 5; R2 v 3 -> 2; R3 v 4 -> 3; R4 H, a VUR without opponent: dummy = own 6 (2024);
    2026: min(6, 1 x 4) = 4 (16.4.2). 2024: BH = 5 + 2 + 3 + 6 = 16, BH/C1 = 16 - 6 = 10 (the VUR
    goes first), BH/M1 = 10 - 5 = 5, SB = 5x1 + 2x2 + 3x2 + 6x1 = 21. 2026: BH = 5 + 2 + 3 + 4 = 14,
    BH/C1 = 14 - 4 = 10, BH/M1 = 5, SB = 5 + 4 + 6 + 4x1 = 19.

    The PAB is capped as well (16.4.2 covers every own round without an opponent, but a PAB is not
    a VUR): player 6 (5 points), R1 v 5 -> 2, R2 v 7 -> 6, R3 PAB -> 5 (2024) or min(5, 4) = 4
    (2026), R4 v 4 -> 3: BH 16 / 15, BH/C1 cuts the lowest (2): 14 / 13.
    """
    inp = tournament(BYES, 4)
    assert values(inp, "2024", 1) == {"BH/C1": 10, "BH": 16, "BH/M1": 5, "SB": 21}
    assert values(inp, "2026", 1) == {"BH/C1": 10, "BH": 14, "BH/M1": 5, "SB": 19}
    assert (values(inp, "2024", 6)["BH"], values(inp, "2024", 6)["BH/C1"]) == (16, 14)
    assert (values(inp, "2026", 6)["BH"], values(inp, "2026", 6)["BH/C1"]) == (15, 13)


# Five players, four rounds; player 5 enters in round 2 (no record for round 1).
#   R1: 1-2 1-0, 3-4 draw             R2: 5-1 1-0, 2-3 1-0, 4 PAB
#   R3: 5-2 1-0, 1-4 1-0, 3 PAB       R4: 5-3 1-0, 2-4 draw, 1 PAB
# Points: 1: 2+0+2+2 = 6; 2: 0+2+0+1 = 3; 3: 1+0+2+0 = 3; 4: 1+2+0+1 = 4; 5: 0+2+2+2 = 6.
# Adjusted: player 5's missing round 1 is followed by games: as awarded (0), so 6; PABs are not
# VURs: every adjusted score equals the points.
LATE = {
    1: [(1, 2, "1"), (2, 5, "0"), (3, 4, "1"), (4, None, "U")],
    2: [(1, 1, "0"), (2, 3, "1"), (3, 5, "0"), (4, 4, "=")],
    3: [(1, 4, "="), (2, 2, "0"), (3, None, "U"), (4, 5, "0")],
    4: [(1, 3, "="), (2, None, "U"), (3, 1, "0"), (4, 2, "=")],
    5: [(2, 1, "1"), (3, 2, "1"), (4, 3, "1")],
}


def test_late_entry() -> None:
    """Player 5 enters in round 2 and wins three games (6 points).

    R1 not paired, a VUR without opponent: dummy = own 6 (2024); 2026: min(6, 1 x 4) = 4 (16.4.2);
    R2 v 1 -> 6; R3 v 2 -> 3; R4 v 3 -> 3. 2024: BH = 6 + 6 + 3 + 3 = 18, BH/C1 = 18 - 6 = 12.
    2026: BH = 4 + 6 + 3 + 3 = 16, BH/C1 = 16 - 4 = 12. SB = dummy x 0 + 6x2 + 3x2 + 3x2 = 24.

    Player 1 also has 6 points: R1 v 2 -> 3, R2 v 5 -> 6, R3 v 4 -> 4, R4 PAB -> 6 (2024) or
    min(6, 4) = 4 (2026). BH/C1 (no VUR, the lowest 3 goes): 2024 19 - 3 = 16, 2026 17 - 3 = 14.
    Either way 1 is above 5 on BH/C1 (16 > 12, 14 > 12), the first tie-break.
    """
    inp = tournament(LATE, 4)
    assert values(inp, "2024", 5) == {"BH/C1": 12, "BH": 18, "BH/M1": 6, "SB": 24}
    assert values(inp, "2026", 5) == {"BH/C1": 12, "BH": 16, "BH/M1": 6, "SB": 24}
    assert (values(inp, "2024", 1)["BH/C1"], values(inp, "2026", 1)["BH/C1"]) == (16, 14)
    x = explain_standings(replace(inp, edition="2026"))
    tie = next(t for t in x.ties if t.below == 5)
    assert (tie.above, tie.decided_by, tie.compared) == (1, "BH/C1", ("BH/C1",))
    first = x.values[5]["BH/C1"].parts[0]
    assert (first.kind, first.opponent, first.raw, first.cap, first.score) == ("not_paired", None, 6, 4, 4)
    assert (first.basis, first.article, first.vur, first.cut) == ("dummy_capped", "16.4.2", True, "low")
