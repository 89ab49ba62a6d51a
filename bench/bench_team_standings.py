"""Benchmark: team standings and crosstable of a 12-team, 10-board, 11-round league, from pure data.

Goal (issue 27): well under 100 ms. The league is a team round robin (Berger over the 12 teams,
``tournaments.pairing.teams.pair_team_round_robin``) with seeded board results (35 % home wins,
30 % draws, 2 % board forfeits, a board left empty now and then, one forfeited match). Timed: the
standings with a long rank order (MPTS, GPTS, DE, EDE, SB, the four extended SB, WIN, PS, BC), the
same with every value explained, and the crosstable.

    .venv/bin/python bench/bench_team_standings.py [--teams 12] [--boards 10] [--repeat 25] [--seed 27]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

from tournaments.pairing.teams import board_pairings, pair_team_round_robin  # noqa: E402
from tournaments.standings.teams import TeamEntry, TeamStandingsInput, compute_team_standings  # noqa: E402
from tournaments.standings.teams.crosstable import team_crosstable  # noqa: E402
from tournaments.standings.teams.explain import explain_team_standings  # noqa: E402
from tournaments.vocabulary import MatchBoard, TeamMatch  # noqa: E402

CODES = ("MPTS", "GPTS", "DE", "EDE", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "WIN", "PS", "BC")


def generate(teams: int, boards: int, seed: int) -> TeamStandingsInput:
    rng = random.Random(seed)
    size = boards + 2
    rosters = {t: tuple(range((t - 1) * size + 1, t * size + 1)) for t in range(1, teams + 1)}
    table = list(rosters)
    rng.shuffle(table)
    rounds = teams - 1 if teams % 2 == 0 else teams
    matches = []
    forfeited = (rng.randint(1, rounds), rng.randint(0, teams // 2 - 1))
    for rnd in range(1, rounds + 1):
        for i, p in enumerate(pair_team_round_robin(table, rnd).pairings):
            home, away = p.white, p.black
            if (rnd, i) == forfeited:
                won = tuple(MatchBoard(b, pid, None, "+", "", "w") for b, pid in enumerate(rosters[home][:boards], 1))
                matches.append(TeamMatch(rnd, home, away, won, forfeit="+-"))  # the away team did not show
                continue
            hl = [x if rng.random() > 0.02 else None for x in rosters[home][:boards]]
            al = list(rosters[away][:boards])
            out = []
            for bp in board_pairings(hl, al, boards):
                h = bp.white if bp.home_colour == "w" else bp.black
                a = bp.black if bp.home_colour == "w" else bp.white
                if h is None:
                    out.append(MatchBoard(bp.board, None, a, "", "+", bp.home_colour))
                    continue
                x = rng.random()
                codes = ("+", "-") if x < 0.02 else ("1", "0") if x < 0.37 else ("=", "=") if x < 0.67 else ("0", "1")
                out.append(MatchBoard(bp.board, h, a, codes[0], codes[1], bp.home_colour))
            matches.append(TeamMatch(rnd, home, away, tuple(out)))
    return TeamStandingsInput(
        teams=tuple(TeamEntry(t, f"Team {t:02d}", rosters[t]) for t in rosters),
        boards=boards,
        total_rounds=rounds,
        matches=tuple(matches),
        kind="round_robin",
        tiebreaks=CODES,
        edition="2026",
    )


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    fn()  # warm-up
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--teams", type=int, default=12)
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=25)
    parser.add_argument("--seed", type=int, default=27)
    args = parser.parse_args()
    inp = generate(args.teams, args.boards, args.seed)
    games = sum(len(m.boards) for m in inp.matches)
    print(f"league: {args.teams} teams x {args.boards} boards x {inp.total_rounds} rounds, {len(inp.matches)} "
          f"matches, {games} boards")  # fmt: skip
    standings = compute_team_standings(inp)
    for label, fn in (
        ("standings", lambda: compute_team_standings(inp)),
        ("standings + every value explained", lambda: explain_team_standings(inp)),
        ("standings + crosstable", lambda: team_crosstable(inp, compute_team_standings(inp))),
    ):
        times = timed(fn, args.repeat)
        print(f"{label}: median {statistics.median(times):.2f} ms, min {min(times):.2f} ms, "
              f"max {max(times):.2f} ms over {args.repeat} runs (goal < 100 ms)")  # fmt: skip
    top = standings.rows[0]
    print(f"leader: team {top.team} {top.match_points:g} MP {top.game_points:g} BP, {top.tiebreaks}")


if __name__ == "__main__":
    main()
