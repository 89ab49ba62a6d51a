"""Random tournament generator (RTG) for the Dutch engine, configured like bbpPairings' ``-g``.

Config file: ``Key=Value`` lines, ``#`` comments. Keys (all optional):

* ``PlayersNumber`` (default 30), ``RoundsNumber`` (default 7), ``HighestRating`` (2600),
  ``LowestRating`` (1400);
* ``DrawPercentage``: percent of played games drawn (0-100, default 30);
* ``ForfeitRate``: one game in N is forfeited (N >= 1; absent = none);
* ``RetiredRate``: one player in N withdraws at a random round (N >= 2; absent = none);
* ``HalfPointByeRate``: one player in N requests a half-point bye in a random round (N >= 1);
* ``PointsForWin``, ``PointsForDraw``, ``PointsForLoss``, ``PointsForZPB``,
  ``PointsForForfeitLoss``, ``PointsForPAB`` (defaults: draughts 2/1/0, PAB 2).
  ``PointsForWin`` also sets the PAB value unless ``PointsForPAB`` comes after it.

``generate(config, seed) -> TrfTournament`` pairs every round with ``pair_dutch``; the same seed
gives the same tournament.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from tournaments.pairing.dutch import pair_dutch
from tournaments.pairing.model import PairingInput, RoundPairing
from tournaments.pairing.trf_input import to_pairing_input
from tournaments.ratings import logistic_expected
from tournaments.trf import TrfCell, TrfError, TrfPlayer, TrfTournament, cell_points
from tournaments.vocabulary import Scoring


@dataclass(frozen=True)
class GeneratorConfig:
    players: int = 30
    rounds: int = 7
    draw_percentage: int = 30
    forfeit_rate: float = 0.0  # one game in N (0 = never)
    retired_rate: float = 0.0  # one player in N (0 = never)
    half_point_bye_rate: float = 0.0  # one player in N (0 = never)
    highest_rating: int = 2600
    lowest_rating: int = 1400
    scoring: Scoring = Scoring()


_INT_KEYS = {
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "DrawPercentage": "draw_percentage",
    "HighestRating": "highest_rating",
    "LowestRating": "lowest_rating",
}
_RATE_KEYS = {
    "ForfeitRate": ("forfeit_rate", 1.0),
    "RetiredRate": ("retired_rate", 2.0),
    "HalfPointByeRate": ("half_point_bye_rate", 1.0),
    "HalfPointByteRate": ("half_point_bye_rate", 1.0),
}


def parse_config(text: str) -> GeneratorConfig:
    """Parse a generator config; a bad line raises ``TrfError`` naming the line and key."""
    cfg = GeneratorConfig()
    s = cfg.scoring
    pab_set = False
    for lineno, raw in enumerate(text.replace("\r", "\n").split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if "=" not in line:
            raise TrfError(lineno, "config", f"expected Key=Value, got {line!r}")
        key, value = (x.strip() for x in line.split("=", 1))
        try:
            if key in _INT_KEYS:
                number = int(value)
                if number < 0 or (key == "DrawPercentage" and number > 100):
                    raise ValueError
                cfg = replace(cfg, **{_INT_KEYS[key]: number})  # type: ignore[arg-type]
            elif key in _RATE_KEYS:
                name, minimum = _RATE_KEYS[key]
                rate = float(value)
                if rate < minimum:
                    raise ValueError
                cfg = replace(cfg, **{name: rate})  # type: ignore[arg-type]
            elif key == "PointsForWin":
                win = float(value)
                s = replace(s, win=win, forfeit_win=win, full_bye=win, pab=s.pab if pab_set else win)
            elif key == "PointsForDraw":
                s = replace(s, draw=float(value), half_bye=float(value))
            elif key == "PointsForLoss":
                s = replace(s, loss=float(value))
            elif key == "PointsForZPB":
                s = replace(s, zero_bye=float(value))
            elif key == "PointsForForfeitLoss":
                s = replace(s, forfeit_loss=float(value), zero_bye=float(value))
            elif key == "PointsForPAB":
                s = replace(s, pab=float(value))
                pab_set = True
            else:
                raise TrfError(lineno, key, "unknown configuration key")
        except ValueError:
            raise TrfError(lineno, key, f"invalid value {value!r}") from None
    if cfg.players < 2 or cfg.rounds < 1:
        raise TrfError(0, "PlayersNumber", "need at least 2 players and 1 round")
    if cfg.lowest_rating > cfg.highest_rating:
        raise TrfError(0, "LowestRating", "is above HighestRating")
    return replace(cfg, scoring=s)


def _game(rng: random.Random, white_rating: int, black_rating: int, draw_pct: int) -> tuple[str, str]:
    if rng.random() * 100 < draw_pct:
        return "=", "="
    expected_white = logistic_expected(white_rating - black_rating)
    return ("1", "0") if rng.random() < expected_white else ("0", "1")


def generate(
    cfg: GeneratorConfig,
    seed: int,
    *,
    rounds: int | None = None,
    pairer: Callable[[PairingInput], RoundPairing] = pair_dutch,
) -> TrfTournament:
    """A random tournament paired round by round with ``pairer`` (the Dutch engine by default).

    ``rounds`` stops after that many rounds (default: all ``cfg.rounds``), e.g. to build the
    history of a round to benchmark.
    """
    rng = random.Random(seed)
    ratings = sorted((rng.randint(cfg.lowest_rating, cfg.highest_rating) for _ in range(cfg.players)), reverse=True)
    n = cfg.players
    retire_round = {
        i: rng.randint(2, max(2, cfg.rounds))
        for i in range(1, n + 1)
        if cfg.retired_rate and rng.random() < 1 / cfg.retired_rate
    }
    half_bye = {
        i: rng.randint(1, cfg.rounds)
        for i in range(1, n + 1)
        if cfg.half_point_bye_rate and rng.random() < 1 / cfg.half_point_bye_rate
    }
    cells: dict[int, list[TrfCell]] = {i: [] for i in range(1, n + 1)}
    t = TrfTournament(
        players=(),
        total_rounds=cfg.rounds,
        initial_colour=rng.choice(("w", "b")),
        scoring=cfg.scoring,
        scoring_declared=True,
        name=f"Random tournament {seed}",
        system="FIDE_DUTCH_2025",
        comments=(f"generator seed {seed}",),
    )

    def snapshot() -> TrfTournament:
        players = tuple(
            TrfPlayer(
                start=i,
                name=f"Player{i:04d}, Test",
                rating=ratings[i - 1],
                points=sum(cell_points(c, cfg.scoring) for c in cells[i]),
                cells=tuple(cells[i]),
            )
            for i in range(1, n + 1)
        )
        return replace(t, players=players)

    for rnd in range(1, (cfg.rounds if rounds is None else rounds) + 1):
        for i in range(1, n + 1):
            if i in retire_round and rnd >= retire_round[i]:
                cells[i].append(TrfCell(None, None, "Z"))
            elif half_bye.get(i) == rnd:
                cells[i].append(TrfCell(None, None, "H"))
        rp = pairer(to_pairing_input(snapshot(), rnd))
        for pr in rp.pairings:
            if cfg.forfeit_rate and rng.random() < 1 / cfg.forfeit_rate:
                w_res, b_res = rng.choice((("+", "-"), ("-", "+"), ("-", "-")))
            else:
                w_res, b_res = _game(rng, ratings[pr.white - 1], ratings[pr.black - 1], cfg.draw_percentage)
            cells[pr.white].append(TrfCell(pr.black, "w", w_res))
            cells[pr.black].append(TrfCell(pr.white, "b", b_res))
        for bye in rp.byes:
            cells[bye.player].append(TrfCell(None, None, "U"))
    final = snapshot()
    ranked = sorted(final.players, key=lambda p: (-p.points, p.start))
    rank_of = {p.start: i for i, p in enumerate(ranked, start=1)}
    return replace(final, players=tuple(replace(p, rank=rank_of[p.start]) for p in final.players))
