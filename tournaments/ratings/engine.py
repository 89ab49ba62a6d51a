"""The rating engine: per player expected score, change, new rating and performance (pure).

Input: ``RatingInput`` (players with their rating and rounds as ``RoundRecord``, the event's
scoring). Output: one ``PlayerRating`` per player. Rules (each from the preset, see ``presets``):

* Only games that count for rating (``vocabulary.counts_for_rating``: played over the board, result
  known, not a game of less than one move) against an opponent with a rating count; forfeits,
  byes and absences never do.
* W = the score in those games on the 0..1 scale (points / the points of a win), We = the sum of
  the expectancy against each opponent; ``expected`` is We in the event's game points.
* change = K * scale_win * (W - We), unrounded (K from the preset's rules, or the event's own K);
  with the preset's gain cap the change stays within Rlim - R0 = (W - We) * span / N.
* new rating = rating + change, rounded as the preset says.
* A player without rating gets no change; the preset's new-player rule may give a first rating.
* Performance: ``table`` = ARO + dp(p), ``formula`` = ARO + the inverse of the expectancy; the
  event chooses which one is ``performance`` (default: the preset's).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.ratings.performance import performance_formula, performance_table
from tournaments.ratings.presets import NewPlayerRule, PlayerFacts, Preset
from tournaments.ratings.rounding import apply_rounding
from tournaments.ratings.tables import dp_table
from tournaments.vocabulary import DRAUGHTS_SCORING, RoundRecord, Scoring, counts_for_rating, points


@dataclass(frozen=True)
class RatingPlayer:
    """A player as the engine sees it. ``rating`` 0 means unrated; None facts are unknown."""

    start_number: int
    rating: int = 0
    rounds: tuple[RoundRecord, ...] = ()
    prior_games: int | None = None
    age: int | None = None


@dataclass(frozen=True)
class RatingInput:
    """An event: players, its scoring (points of a win, draw...), and whether the federation rates it
    at a reduced factor (the preset's ``reduced_event_factor``, e.g. FMJD's slower non-official events)."""

    players: tuple[RatingPlayer, ...]
    scoring: Scoring = DRAUGHTS_SCORING
    reduced_event: bool = False


@dataclass(frozen=True)
class RatedGame:
    round: int
    opponent: int
    opponent_rating: int
    score: float  # 0..1


@dataclass(frozen=True)
class PlayerRating:
    """The engine's answer for one player.

    ``expected`` and ``score`` are in the event's game points over the rated games; ``k`` is on the
    preset's scale (``scale_win``); ``change`` is unrounded (None: unrated); ``new_rating`` is
    rounded as the preset says (None: no rating). ``notes`` say what a reader should know.
    """

    start_number: int
    rating: int
    games: int
    score: float
    expected: float | None
    k: float | None
    change: float | None
    new_rating: float | None
    performance_table: int | None
    performance_formula: int | None
    performance: int | None
    estimate: bool
    games_detail: tuple[RatedGame, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)


def rated_games(player: RatingPlayer, ratings: dict[int, int], scoring: Scoring) -> tuple[RatedGame, ...]:
    """The player's games that count for rating, against opponents with a rating (``ratings``)."""
    win = scoring.win or 1.0
    out: list[RatedGame] = []
    for r in player.rounds:
        if r.opponent is None:
            continue
        opp_rating = ratings.get(r.opponent, 0)
        if opp_rating <= 0:
            continue
        for code in r.game_codes:  # a micro-match: each of its games is a rated game
            if counts_for_rating(code, True):
                out.append(RatedGame(r.round, r.opponent, opp_rating, points(code, scoring) / win))
    return tuple(out)


def _new_player_rating(rule: NewPlayerRule, games: tuple[RatedGame, ...], preset: Preset) -> tuple[float | None, str]:
    score = sum(g.score for g in games)
    if len(games) < rule.min_games:
        return None, f"no first rating: {len(games)} rated games, {rule.min_games} needed"
    if score < rule.min_score:
        return None, f"no first rating: score {score:g} against rated opponents, {rule.min_score:g} needed"
    ratings = [float(g.opponent_rating) for g in games] + [r for r, _ in rule.hypothetical]
    total = score + sum(s for _, s in rule.hypothetical)
    p = total / len(ratings)
    ra = sum(ratings) / len(ratings)
    if rule.method == "table":
        diff = float(dp_table(preset.dp_table).dp(p))
    elif rule.method == "formula":
        diff = preset.expectancy.difference(p, preset.formula_cap)
    else:
        diff = rule.linear_span * (p - 0.5)
    value = apply_rounding(ra + diff, preset.rounding, preset.rounding_places)
    how = f"first rating Ra {ra:.2f} + {diff:+.0f} ({rule.method}, p = {p:.2f})"
    if rule.ceiling is not None and value > rule.ceiling:
        value = rule.ceiling
        how += f", capped at {rule.ceiling:g}"
    if rule.floor is not None and value < rule.floor:
        return None, f"no first rating: {value:g} is under the floor {rule.floor:g}"
    return value, how


def _performances(games: tuple[RatedGame, ...], preset: Preset) -> tuple[int | None, int | None]:
    if not games:
        return None, None
    score = sum(g.score for g in games)
    opps = [g.opponent_rating for g in games]
    return (
        performance_table(score, opps, preset.dp_table),
        performance_formula(score, opps, preset.expectancy, preset.formula_cap),
    )


def rate_player(
    player: RatingPlayer,
    inp: RatingInput,
    preset: Preset,
    *,
    k: float | None = None,
    performance: str | None = None,
) -> PlayerRating:
    """One player's rating result (see the module docstring). ``k`` overrides the preset's K."""
    ratings = {p.start_number: p.rating for p in inp.players}
    games = rated_games(player, ratings, inp.scoring)
    win = inp.scoring.win or 1.0
    score = sum(g.score for g in games)
    perf_table, perf_formula = _performances(games, preset)
    chosen = perf_formula if (performance or preset.performance) == "formula" else perf_table

    def result(
        expected: float | None, kk: float | None, change: float | None, new: float | None, notes: tuple[str, ...]
    ) -> PlayerRating:
        return PlayerRating(
            start_number=player.start_number,
            rating=player.rating,
            games=len(games),
            score=score * win,
            expected=expected,
            k=kk,
            change=change,
            new_rating=new,
            performance_table=perf_table,
            performance_formula=perf_formula,
            performance=chosen,
            estimate=preset.estimate or k is not None,
            games_detail=games,
            notes=notes,
        )

    if player.rating <= 0:
        if preset.new_player is None or not games:
            note = "unrated: no first rating from this event" if games else "unrated, no rated games"
            return result(None, None, None, None, (note,))
        first, how = _new_player_rating(preset.new_player, games, preset)
        return result(None, None, None, first, (how,))
    expected = sum(preset.expectancy.expected(player.rating, g.opponent_rating) for g in games)
    facts = PlayerFacts(
        rating=player.rating,
        games=len(games),
        prior_games=player.prior_games,
        age=player.age,
        overperformance=(score - expected) / len(games) if games else 0.0,
    )
    kk = k if k is not None else preset.k.k_for(facts)
    notes: list[str] = []
    if inp.reduced_event and preset.k.reduced_event_factor is not None:
        kk *= preset.k.reduced_event_factor
        notes.append(f"reduced event: K x {preset.k.reduced_event_factor:g}")
    change = kk * preset.k.scale_win * (score - expected)
    if preset.gain_cap.enabled and games:
        limit = (score - expected) * preset.gain_cap.span / len(games)
        if abs(change) > abs(limit):
            change = limit
            notes.append(f"gain cap: change limited to {limit:+.2f}")
    new_rating = apply_rounding(player.rating + change, preset.rounding, preset.rounding_places)
    return result(expected * win, kk, change, new_rating, tuple(notes))


def rate_event(
    inp: RatingInput, preset: Preset, *, k: float | None = None, performance: str | None = None
) -> tuple[PlayerRating, ...]:
    """Every player's rating result, in the order of ``inp.players``."""
    return tuple(rate_player(p, inp, preset, k=k, performance=performance) for p in inp.players)

