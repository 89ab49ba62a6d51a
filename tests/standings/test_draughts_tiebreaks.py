"""The draughts tie-breaks in the standings: the FMJD Solkoff family, WP, PMD, RRO, RTNG, the moyenne
kind, their explanations and the ``python -m tournaments.standings`` contract. Expected values are
hand computations written in the docstrings (FMJD Annexes 2024 definitions; KNDB championship order).
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from tournaments.scores.berger import schedule
from tournaments.standings import StandingsError, StandingsInput, StandingsPlayer, compute_standings, explain_standings
from tournaments.standings.tiebreaks import PRESETS, parse_tiebreaks
from tournaments.trf import TrfCell, TrfPlayer, TrfTournament, read_trf, write_trf
from tournaments.vocabulary import DRAUGHTS_SCORING, RoundRecord

ROOT = Path(__file__).resolve().parent.parent.parent
_FLIP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "P": "M", "M": "P"}


def _players(n: int, games, alone=(), ratings=None):  # type: ignore[no-untyped-def]
    out: dict[int, list[RoundRecord]] = {i: [] for i in range(1, n + 1)}
    for rnd, w, b, code in games:
        out[w].append(RoundRecord(rnd, b, "w", code))
        out[b].append(RoundRecord(rnd, w, "b", _FLIP[code]))
    for rnd, p, code in alone:
        out[p].append(RoundRecord(rnd, None, None, code))
    return tuple(StandingsPlayer(start_number=i, rating=(ratings or {}).get(i, 0), rounds=tuple(out[i])) for i in out)


# The Swiss of tests/scores/test_scores.py: points 1 = 5, 2 = 2, 3 = 3, 4 = 1, 5 = 4.
GAMES = [(1, 1, 2, "1"), (1, 3, 4, "="), (2, 1, 3, "="), (2, 2, 5, "0"), (3, 1, 5, "+"), (3, 2, 4, "1")]
ALONE = [(1, 5, "U"), (2, 4, "Z"), (3, 3, "H")]
FAMILY = ("SOLK", "SOLK/M", "SOLK/T1", "SOLK/T", "SOLK+", "FMJD-TS", "WP")


def _row(s, pid):  # type: ignore[no-untyped-def]
    return next(r for r in s.rows if r.start_number == pid)


def test_solkoff_family_in_the_standings() -> None:
    """Player 5 (PAB in round 1, then opponents 2 and 1 by forfeit): SOLK = 0 + 2 + 5 = 7; SOLK/T1 = 7
    (the bye's 0 goes); SOLK/M = 7 - 0 - 5 = 2; SOLK/T = (7, 5); FMJD-TS the same vector; WP = SOLK.
    Player 1: SOLK 2 + 3 + 4 = 9, SOLK+ = Solkoff of 2 (5 + 4 + 1 = 10) + of 3 (1 + 5 + 0 = 6) + of 5 (7) = 23.
    Ranking by points: 1 (5), 5 (4), 3 (3), 2 (2), 4 (1)."""
    s = compute_standings(StandingsInput(players=_players(5, GAMES, ALONE), total_rounds=3, tiebreaks=FAMILY))
    r5 = _row(s, 5)
    assert (r5.tiebreaks["SOLK"], r5.tiebreaks["SOLK/T1"], r5.tiebreaks["SOLK/M"]) == (7, 7, 2)
    assert r5.tiebreaks["SOLK/T"] == r5.tiebreaks["FMJD-TS"] == (7, 5)
    assert r5.tiebreaks["WP"] == 7
    assert _row(s, 1).tiebreaks["SOLK+"] == 23
    assert [r.start_number for r in s.rows] == [1, 5, 3, 2, 4]


def test_solkoff_tie_is_decided_by_the_named_variant() -> None:
    """Two players on equal points: A met opponents scoring 10, 8, 0 (a bye), B met 9, 5, 4.
    SOLK: 18 v 18 (tie); SOLK/T1: 18 v 14 (A); SOLK/M: 8 v 5 (A); SOLK/T: (18, 10) v (14, 9) (A).
    Built directly: six players, three rounds.
      R1: 1 PAB; 2-3: 2 wins; 4-5: 4 wins; 6 absent (Z)
      R2: 1-4: 1 wins; 2-5: 2 wins; 3-6: 3 wins
      R3: 1-2: 1 wins; 3-4 draw; 5-6: 5 wins"""
    games = [(1, 2, 3, "1"), (1, 4, 5, "1"), (2, 1, 4, "1"), (2, 2, 5, "1"), (2, 3, 6, "1"), (3, 1, 2, "1"),
             (3, 3, 4, "="), (3, 5, 6, "1")]  # fmt: skip
    players = _players(6, games, [(1, 1, "U"), (1, 6, "Z")])
    # Points: 1 = 2+2+2 = 6; 2 = 2+2+0 = 4; 3 = 0+2+1 = 3; 4 = 2+0+1 = 3; 5 = 0+0+2 = 2; 6 = 0.
    # Player 1: bye 0, opponent 4 (3), opponent 2 (4): SOLK 7, T1 7, M 3, T (7, 4).
    s = compute_standings(StandingsInput(players=players, total_rounds=3, tiebreaks=("SOLK", "SOLK/T")))
    r1 = _row(s, 1)
    assert (r1.tiebreaks["SOLK"], r1.tiebreaks["SOLK/T"]) == (7, (7, 4))
    # Players 3 and 4 tie on 3 points. 3: opponents 2 (4), 6 (0), 4 (3) -> SOLK 7, T (7, 4);
    # 4: opponents 5 (2), 1 (6), 3 (3) -> SOLK 11, T (9, 6): 4 above 3 by SOLK.
    assert [r.start_number for r in s.rows] == [1, 2, 4, 3, 5, 6]
    assert s.separated_by[2] == "SOLK"


def test_bye_rule_option_skip() -> None:
    """``solkoff_bye="skip"``: player 5's list is 2, 5 -> SOLK/T1 = 5 (the real opponent 2 goes)."""
    inp = StandingsInput(players=_players(5, GAMES, ALONE), total_rounds=3, tiebreaks=("SOLK/T1",))
    assert _row(compute_standings(replace(inp, solkoff_bye="skip")), 5).tiebreaks["SOLK/T1"] == 5


def _kndb_round_robin(marks: dict[tuple[int, int], str] | None = None) -> TrfTournament:
    """A five-player round robin (Berger table of 5) with the results below; ``marks`` turns a draw
    into a plus-draw for the first player of the pair (P) and a minus-draw for the second (M).

    1-2 =, 1-3 1-0, 1-4 1-0, 1-5 1-0, 2-3 =, 2-4 0-1, 2-5 1-0, 3-4 1-0, 3-5 =, 4-5 0-1.
    Points: 1 = 1+2+2+2 = 7; 2 = 1+1+0+2 = 4; 3 = 0+1+2+1 = 4; 4 = 0+2+0+0 = 2; 5 = 0+0+1+2 = 3."""
    result = {(1, 2): "=", (1, 3): "1", (1, 4): "1", (1, 5): "1", (2, 3): "=", (2, 4): "0", (2, 5): "1",
              (3, 4): "1", (3, 5): "=", (4, 5): "0"}  # fmt: skip
    for pair, mark in (marks or {}).items():
        result[pair] = mark
    cells: dict[int, list[TrfCell]] = {i: [] for i in range(1, 6)}
    for rnd in schedule(5):
        for w, b in rnd:
            if b == 0:
                cells[w].append(TrfCell(None, None, "Z"))
                continue
            key = (min(w, b), max(w, b))
            code = result[key] if key == (w, b) else _FLIP[result[key]]
            cells[w].append(TrfCell(b, "w", code))
            cells[b].append(TrfCell(w, "b", _FLIP[code]))
    pts = {i: sum(DRAUGHTS_SCORING.points(c.result, has_opponent=c.opponent is not None) for c in cells[i])
           for i in cells}  # fmt: skip
    players = tuple(TrfPlayer(start=i, name=f"Player {i}", rating=2000 - 10 * i, points=pts[i], cells=tuple(cells[i]))
                    for i in cells)  # fmt: skip
    return TrfTournament(players=players, total_rounds=5, scoring=DRAUGHTS_SCORING, scoring_declared=True)


def _cli(t: TrfTournament, tmp_path: Path, *args: str) -> list[dict[str, object]]:
    path = tmp_path / "kndb.trf"
    path.write_text(write_trf(t))
    res = subprocess.run(
        [sys.executable, "-m", "tournaments.standings", str(path), "--json", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)  # type: ignore[no-any-return]


def test_kndb_order_results_in_ranking_order_decide(tmp_path: Path) -> None:
    """KNDB order points, PMD, DE, RRO. 2 and 3 tie on 4 points, no marked draws (PMD 0 each), drew
    each other (DE 1 each). RRO, places other than theirs: number one (player 1), then 5 (3 points),
    then 4 (2): player 2 drew 1, beat 5, lost to 4 -> (1, 2, 0); player 3 lost to 1, drew 5, beat 4 ->
    (0, 1, 2): 2 is above 3 on the first place, against number one."""
    rows = _cli(_kndb_round_robin(), tmp_path, "--tiebreaks", "PMD,DE,RRO", "--kind", "round_robin")
    assert [r["start_number"] for r in rows] == [1, 2, 3, 5, 4]
    by = {r["start_number"]: r["tiebreaks"] for r in rows}
    assert by[2]["RRO"] == [1, 2, 0] and by[3]["RRO"] == [0, 1, 2]
    assert by[2]["PMD"] == by[3]["PMD"] == 0 and by[2]["DE"] == by[3]["DE"] == 1
    assert by[1]["RRO"] == []  # not tied: not needed


def test_kndb_order_plus_minus_balance_comes_first(tmp_path: Path) -> None:
    """Mark the draw 3-5 as a plus-draw for 3 (TRF codes P/M): PMD 3 = +1, 5 = -1, 2 = 0, so 3 is above
    2 before the mutual result or RRO are looked at; the points do not change (a draw stays 1-1)."""
    t = _kndb_round_robin({(3, 5): "P"})
    assert read_trf(write_trf(t)) == t  # the P/M codes survive the round trip
    rows = _cli(t, tmp_path, "--tiebreaks", "PMD,DE,RRO", "--kind", "round_robin")
    assert [r["start_number"] for r in rows] == [1, 3, 2, 5, 4]
    by = {r["start_number"]: r for r in rows}
    assert (by[3]["points"], by[3]["tiebreaks"]["PMD"]) == (4, 1)  # type: ignore[index]
    assert (by[5]["points"], by[5]["tiebreaks"]["PMD"]) == (3, -1)  # type: ignore[index]


def test_explanations_of_the_draughts_tiebreaks() -> None:
    """SOLK/M of player 5 cuts the bye (0, round 1) low and the forfeit opponent 1 (5, round 3) high;
    the forfeit part says its basis; SOLK+ reads the opponents' Solkoffs; PMD lists the marked draw."""
    inp = StandingsInput(players=_players(5, GAMES, ALONE), total_rounds=3, tiebreaks=("SOLK/M", "SOLK+", "PMD"))
    x = explain_standings(inp).values[5]
    parts = {p.round: p for p in x["SOLK/M"].parts}
    assert (parts[1].basis, parts[1].cut) == ("fmjd_zero", "low")
    assert (parts[3].basis, parts[3].cut, parts[3].score) == ("forfeit_real", "high", 5)
    assert parts[2].cut == "" and x["SOLK/M"].value == 2
    assert [p.score for p in explain_standings(inp).values[1]["SOLK+"].parts] == [10, 6, 7]
    marked = _players(2, [(1, 1, 2, "P")])
    ex = explain_standings(StandingsInput(players=marked, total_rounds=1, tiebreaks=("PMD",)))
    assert ex.values[1]["PMD"].method == "balance" and [p.value for p in ex.values[1]["PMD"].parts] == [1]
    assert [p.value for p in ex.values[2]["PMD"].parts] == [-1]


def test_rro_explanation_names_the_places() -> None:
    """Player 3's RRO parts: the games against place 1 (player 1), place 2 (player 5), place 3 (player 4)."""
    t = _kndb_round_robin()
    from tournaments.standings.trf_input import standings_input_from_trf

    inp = standings_input_from_trf(t, kind="round_robin", tiebreaks=("PMD", "DE", "RRO"))
    x = explain_standings(inp).values[3]["RRO"]
    assert x.method == "ranking_order"
    assert sorted((p.opponent, p.score, p.points) for p in x.parts) == [(1, 1, 0), (4, 3, 2), (5, 2, 1)]


def test_own_rating_tiebreak() -> None:
    """RTNG: the player's own rating, not applicable when an unrated player takes part (like ARO)."""
    players = _players(2, [(1, 1, 2, "=")], ratings={1: 1500, 2: 1600})
    s = compute_standings(StandingsInput(players=players, total_rounds=1, tiebreaks=("RTNG",)))
    assert [r.start_number for r in s.rows] == [2, 1] and s.separated_by == ("RTNG",)
    unrated = _players(2, [(1, 1, 2, "=")], ratings={1: 1500})
    s = compute_standings(StandingsInput(players=unrated, total_rounds=1, tiebreaks=("RTNG",)))
    assert [r.tiebreaks["RTNG"] for r in s.rows] == [None, None]


def test_moyenne_ranks_the_classified_first() -> None:
    """Moyenne, at least 2 games to be classified. Games: R1 1-2 1-0, 3-4 1-0; R2 1-4 draw, 2-5 forfeit
    win for 2; R3 2-4 1-0. 1: 2 games, 3 points (1.5); 2: 2 games (the forfeit is not one), 2 points
    (1.0); 3: 1 game, 2 points (2.0, not classified); 4: 3 games, 1 point (0.333); 5: no game.
    Order: 1, 2, 4 (classified, by moyenne), then 3, then 5."""
    games = [(1, 1, 2, "1"), (1, 3, 4, "1"), (2, 1, 4, "="), (2, 2, 5, "+"), (3, 2, 4, "1")]
    players = _players(5, games)
    inp = StandingsInput(players=players, total_rounds=3, kind="moyenne", moyenne_min_games=2, tiebreaks=())
    s = compute_standings(inp)
    assert [r.start_number for r in s.rows] == [1, 2, 4, 3, 5]
    assert [r.moyenne for r in s.rows] == [1.5, 1.0, pytest.approx(1 / 3), 2.0, None]
    assert [r.classified for r in s.rows] == [True, True, True, False, False]


def test_registry_codes_and_round_robins() -> None:
    """Solkoff-type codes are refused in a round robin; PMD, RRO and RTNG are allowed; presets parse."""
    with pytest.raises(StandingsError, match="not used in round robins"):
        parse_tiebreaks(["SOLK/T"], "round_robin")
    assert parse_tiebreaks(["pmd", "de", "rro"], "round_robin") == ("PMD", "DE", "RRO")
    for codes in PRESETS.values():
        parse_tiebreaks(codes, "swiss")


def test_average_rating_of_opponents_for_the_rating_swiss() -> None:
    """The FMJD/PNDB Swiss on rating breaks ties by ARO (its registry default). Players 1 and 2 end on
    2 points: 1 beat 3 (1900) and lost to 4 (1700): ARO (1900 + 1700) / 2 = 1800; 2 drew 5 (2000) and
    had a half-point bye, which does not count: ARO 2000. So 2 is above 1."""
    games = [(1, 1, 3, "1"), (1, 2, 5, "="), (2, 4, 1, "1"), (2, 3, 5, "=")]
    ratings = {1: 1500, 2: 1500, 3: 1900, 4: 1700, 5: 2000}
    players = _players(5, games, [(2, 2, "H"), (1, 4, "U")], ratings=ratings)
    s = compute_standings(StandingsInput(players=players, total_rounds=2, tiebreaks=("ARO",)))
    assert _row(s, 1).points == _row(s, 2).points == 2
    assert _row(s, 1).tiebreaks["ARO"] == 1800 and _row(s, 2).tiebreaks["ARO"] == 2000
    order = [r.start_number for r in s.rows]
    assert order.index(2) < order.index(1)
