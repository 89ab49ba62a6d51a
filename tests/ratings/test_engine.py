"""The rating engine with each preset, against hand computations and one published FIDE calculation."""

from __future__ import annotations

import tomllib
from pathlib import Path
from statistics import NormalDist

import pytest

from tournaments.ratings import RatingInput, RatingPlayer, load_preset, rate_event
from tournaments.ratings.engine import rated_games
from tournaments.ratings.presets import PlayerFacts
from tournaments.vocabulary import DRAUGHTS_SCORING, FIDE_SCORING, RoundRecord

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "rating_engine"


def _r(rnd: int, opp: int | None, code: str, colour: str | None = "w") -> RoundRecord:
    return RoundRecord(round=rnd, opponent=opp, colour=colour if opp else None, result=code)  # type: ignore[arg-type]


def _player(sn: int, rating: int, *rounds: RoundRecord, **facts: int) -> RatingPlayer:
    return RatingPlayer(sn, rating, tuple(rounds), **facts)  # type: ignore[arg-type]


def _opponents(ratings: list[int], start: int = 2) -> tuple[RatingPlayer, ...]:
    return tuple(RatingPlayer(start + i, r) for i, r in enumerate(ratings))


def test_published_fide_calculation_june_2017() -> None:
    """FIDE's individual calculation (fixture, with its source): Ro 1922, K 40.
    By table 8.1.2: vs 1798, D = 124 -> .67, won: 1 - .67 = .33, x 40 = 13.20; vs 1801, D = 121 ->
    .66, lost: -.66 -> -26.40; vs 1897, D = 25 -> .53, won: .47 -> 18.80; total 5.60 (as published)."""
    fx = tomllib.loads((FIXTURES / "fide_2017_06_player_a.toml").read_text())
    codes = {1.0: "1", 0.5: "=", 0.0: "0"}
    rounds = [_r(i, i + 1, codes[g[1]]) for i, g in enumerate(fx["games"], start=1)]
    me = _player(1, fx["rating"], *rounds)
    inp = RatingInput((me, *_opponents([g[0] for g in fx["games"]])), scoring=FIDE_SCORING)
    fide = load_preset("fide")
    (row,) = [r for r in rate_event(inp, fide, k=fx["k"]) if r.start_number == 1]
    assert row.change == pytest.approx(fx["total_change"], abs=1e-9)
    per_game = [g.score - fide.expectancy.expected(fx["rating"], g.opponent_rating) for g in row.games_detail]
    assert per_game == pytest.approx([g[2] for g in fx["games"]], abs=1e-9)
    assert [fx["k"] * c for c in per_game] == pytest.approx([g[3] for g in fx["games"]], abs=1e-9)
    # Rc as published (the average of the rated opponents): (1798 + 1801 + 1897) / 3 = 1832.
    assert round(sum(g.opponent_rating for g in row.games_detail) / row.games) == fx["average_opponents"]


def test_fide_k_rules() -> None:
    """B.02 8.3.3 as data: < 30 games 40; under 18 and under 2300 40; under 2400 20; otherwise 10.
    Unknown facts never match a rule about them."""
    k = load_preset("fide").k
    assert k.k_for(PlayerFacts(2450, prior_games=10)) == 40
    assert k.k_for(PlayerFacts(2250, prior_games=100, age=16)) == 40
    assert k.k_for(PlayerFacts(2350, age=16)) == 20  # a junior over 2300
    assert k.k_for(PlayerFacts(2399)) == 20
    assert k.k_for(PlayerFacts(2400)) == 10


def test_unplayed_games_never_count() -> None:
    """Player 1 (1600, FIDE, K 20): a win over 2 (1600), then a forfeit win, a PAB, a zero bye, a
    game of less than one move (W) and a pending game: only the first counts.
    We = .50 (D = 0), change = 20 * (1 - .5) = +10, expected 0.5 x 2 = 1.0 game point (2/1/0)."""
    me = _player(
        1, 1600, _r(1, 2, "1"), _r(2, 3, "+"), _r(3, None, "U"), _r(4, None, "Z"), _r(5, 4, "W"), _r(6, 5, "?")
    )
    inp = RatingInput((me, *_opponents([1600, 1600, 1600, 1600])))
    row = rate_event(inp, load_preset("fide"))[0]
    assert (row.games, row.score, row.expected, row.k, row.change, row.new_rating) == (1, 2.0, 1.0, 20, 10.0, 1610)


def test_unrated_opponents_do_not_count_for_a_rated_player() -> None:
    """1800 draws with 1800 (counts) and beats an unrated player (does not): We .5, W .5, change 0."""
    me = _player(1, 1800, _r(1, 2, "="), _r(2, 3, "1"))
    row = rate_event(RatingInput((me, RatingPlayer(2, 1800), RatingPlayer(3, 0))), load_preset("fide"))[0]
    assert (row.games, row.change, row.performance) == (1, 0.0, 1800)


def test_kndb_k_per_game_point_and_normal_expectancy() -> None:
    """KNDB (2022 proposal): an established player (N0 >= 80 -> Ne = 80): K = max(5, 400 / (80 + 2))
    = max(5, 4.88) = 5 per draughts point. 2000 draws 1900 and beats 2100 (2/1/0: 3 points of 4).
    NP = 2 x (Phi(100/285.714) + Phi(-100/285.714)) = 2 x 1 = 2 -> change = 5 x (3 - 2) = +5."""
    me = _player(1, 2000, _r(1, 2, "="), _r(2, 3, "1"))
    inp = RatingInput((me, RatingPlayer(2, 1900), RatingPlayer(3, 2100)))
    row = rate_event(inp, load_preset("kndb"))[0]
    assert row.k == 5
    assert row.expected == pytest.approx(2.0)
    assert row.change == pytest.approx(5.0)
    assert row.new_rating == 2005


def test_kndb_effective_games() -> None:
    """Ne from N0 (the games before): N0 = 5 -> Ne = 5, 10 games now: K = 400 / 15 = 26.67;
    N0 = 40 -> Ne = sqrt(40 x 10) = 20, K = 400 / 30 = 13.33; N0 = 40 but an "excellent" new player
    (over-performance 0.2 > 0.10 per game with 12 > 10 games) -> Ne = 0, K = 400 / 12 = 33.33;
    N0 = 100 -> Ne = 80, K = max(5, 400 / 90) = 5."""
    k = load_preset("kndb").k
    assert k.k_for(PlayerFacts(1200, games=10, prior_games=5)) == pytest.approx(400 / 15)
    assert k.k_for(PlayerFacts(1200, games=10, prior_games=40)) == pytest.approx(400 / 30)
    assert k.k_for(PlayerFacts(1200, games=12, prior_games=40, overperformance=0.2)) == pytest.approx(400 / 12)
    assert k.k_for(PlayerFacts(1200, games=10, prior_games=100)) == 5


def test_kndb_first_rating_linear() -> None:
    """An unrated player scoring 1 win of 3 against 2000, 1900, 1800 (KNDB: at least one game point):
    Ra 1900, p = 1/3, D = 800 x (1/3 - 1/2) = -133.33 -> 1766.67 -> 1767 (half up)."""
    me = _player(1, 0, _r(1, 2, "0"), _r(2, 3, "1"), _r(3, 4, "0"))
    row = rate_event(RatingInput((me, *_opponents([2000, 1900, 1800]))), load_preset("kndb"))[0]
    assert (row.change, row.expected, row.new_rating) == (None, None, 1767)


def test_fide_first_rating_with_two_hypothetical_draws() -> None:
    """FIDE 2024: 5 games vs 1500 x 5, 3 points. With two draws vs 1800: Ra = (7500 + 3600) / 7
    = 1585.71, p = 4 / 7 = .57 -> dp 50 -> Ru = 1635.71 -> 1636. With 4 games: no first rating."""
    rounds = [_r(i, i + 1, c) for i, c in enumerate(["1", "1", "1", "0", "0"], start=1)]
    row = rate_event(RatingInput((_player(1, 0, *rounds), *_opponents([1500] * 5))), load_preset("fide"))[0]
    assert row.new_rating == 1636
    short = rate_event(RatingInput((_player(1, 0, *rounds[:4]), *_opponents([1500] * 4))), load_preset("fide"))[0]
    assert short.new_rating is None and "5 needed" in short.notes[0]


def test_fide_first_rating_floor_and_ceiling() -> None:
    """5 losses to 1500s plus half a point: Ra (7500+3600)/7 = 1585.7, p = 1.5/7 = .21 -> -230 ->
    1356 < 1400: not published. 5 wins vs 2600s: Ra 2371.4, p = 6/7 = .86 -> 309 -> 2680 -> 2200."""
    lost = [_r(i, i + 1, c) for i, c in enumerate(["=", "0", "0", "0", "0"], start=1)]
    row = rate_event(RatingInput((_player(1, 0, *lost), *_opponents([1500] * 5))), load_preset("fide"))[0]
    assert row.new_rating is None and "floor" in row.notes[0]
    won = [_r(i, i + 1, "1") for i in range(1, 6)]
    row = rate_event(RatingInput((_player(1, 0, *won), *_opponents([2600] * 5))), load_preset("fide"))[0]
    assert row.new_rating == 2200


def test_performance_methods_and_event_choice() -> None:
    """1 of 2 against 1900 and 2100: ARO 2000, p = .5 -> both methods give 2000; 2 of 2: table
    2000 + 800 = 2800, formula capped at +800 as well; the event's choice picks ``performance``."""
    me = _player(1, 2000, _r(1, 2, "1"), _r(2, 3, "1"))
    inp = RatingInput((me, RatingPlayer(2, 1900), RatingPlayer(3, 2100)))
    row = rate_event(inp, load_preset("kndb"), performance="table")[0]
    assert (row.performance_table, row.performance_formula, row.performance) == (2800, 2800, 2800)
    me = _player(1, 2000, _r(1, 2, "1"), _r(2, 3, "0"), _r(3, 4, "="))
    inp = RatingInput((me, RatingPlayer(2, 1900), RatingPlayer(3, 2100), RatingPlayer(4, 2000)))
    row = rate_event(inp, load_preset("fmjd"))[0]
    # 1.5 of 3, ARO 2000, p = .5: 2000 by both.
    assert (row.performance_table, row.performance_formula) == (2000, 2000)


def test_reduced_event_and_k_override() -> None:
    """FMJD Annex 9 art. 1.2.2.2: slower non-official events at half the development factor.
    K 20 x .5 = 10; a win over an equal opponent: 10 x .5 = +5. ``k`` replaces the preset's K."""
    me = _player(1, 2000, _r(1, 2, "1"))
    inp = RatingInput((me, RatingPlayer(2, 2000)), reduced_event=True)
    row = rate_event(inp, load_preset("fmjd"))[0]
    assert (row.k, row.change) == (10, 5.0)
    row = rate_event(RatingInput((me, RatingPlayer(2, 2000))), load_preset("fmjd"), k=32)[0]
    assert (row.k, row.change, row.estimate) == (32, 16.0, True)


def test_gain_cap_rlim() -> None:
    """The Rlim cap (when a preset enables it): K 5 per point, 100 games over-performing by 10 points:
    change = 5 x 2 x 10 = 100 (W - We = 10 on the 0..1 scale); Rlim - R0 = 10 x 800 / 100 = 80."""
    from dataclasses import replace

    from tournaments.ratings.presets import GainCap

    preset = replace(load_preset("kndb"), gain_cap=GainCap(True, 800))
    rounds = [_r(i, 2, "1" if i <= 60 else "0") for i in range(1, 101)]
    me = _player(1, 2000, *rounds)
    row = rate_event(RatingInput((me, RatingPlayer(2, 2000))), preset)[0]
    assert row.change == pytest.approx(80.0)
    assert "gain cap" in row.notes[0]
    plain = rate_event(RatingInput((me, RatingPlayer(2, 2000))), load_preset("kndb"))[0]
    assert plain.change == pytest.approx(100.0)


def test_expected_in_event_game_points() -> None:
    """The same game under 2/1/0 and 1/.5/0: expected .64 x 2 = 1.28 and .64 x 1 = .64 (FIDE, D 100)."""
    me = _player(1, 2000, _r(1, 2, "="))
    two = rate_event(RatingInput((me, RatingPlayer(2, 1900))), load_preset("fide"))[0]
    one = rate_event(RatingInput((me, RatingPlayer(2, 1900)), scoring=FIDE_SCORING), load_preset("fide"))[0]
    assert (two.expected, one.expected) == (pytest.approx(1.28), pytest.approx(0.64))
    assert two.change == one.change == pytest.approx(20 * (0.5 - 0.64))


def test_normal_expectancy_against_independent_cdf_in_the_engine() -> None:
    """FMJD-style preset: We for 2000 vs 1750 = Phi(250 / 285.714) (independent NormalDist)."""
    me = _player(1, 2000, _r(1, 2, "0"))
    row = rate_event(RatingInput((me, RatingPlayer(2, 1750))), load_preset("fmjd"))[0]
    we = NormalDist(0, 2000 / 7).cdf(250)
    assert row.change == pytest.approx(20 * (0 - we))


def test_a_micro_match_is_rated_game_by_game() -> None:
    """A micro-match round (issue 28) holds two games: each is a rated game. Player 1 (2000) won game 1
    and drew game 2 against player 2 (2000): games scored 1 and 0.5 (not one "game" of 1.5, which the
    performance table refuses). With K = 20 and equal ratings each game expects 0.5: the change is
    20 * (1 - 0.5) + 20 * (0.5 - 0.5) = +10, for two rated games."""
    record = RoundRecord(1, 2, "w", "1", game_points=3.0, worth=3.0, games=("1", "="))
    me = _player(1, 2000, record)
    games = rated_games(me, {1: 2000, 2: 2000}, DRAUGHTS_SCORING)
    assert [(g.opponent, g.score) for g in games] == [(2, 1.0), (2, 0.5)]
    rated = {r.start_number: r for r in rate_event(RatingInput((me, RatingPlayer(2, 2000)), DRAUGHTS_SCORING),
                                                     load_preset("fide"), k=20)}
    assert rated[1].change == pytest.approx(10.0, abs=0.5)
