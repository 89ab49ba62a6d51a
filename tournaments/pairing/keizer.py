"""The Keizer system of Dutch club competitions: iterated scores and top-down pairing.

Keizer practice is not standardised; every knob is a ``KeizerParams`` field. The mechanism:

1. Rank the players (initially by start number, i.e. the club's starting order).
   Rank 1 gets the top value V, each lower rank ``step`` less (never below 0).
2. A game scores a fraction of the **opponent's current value** (win / draw / loss
   fractions). Absences with notice and the bye score a fraction of the player's **own**
   value. With ``own_value_base`` the player's own value is added once.
3. Re-rank by the scores, reassign the values, recompute **all** rounds with the new
   values; repeat until the ranking is stable or ``iterations`` is reached.

How TRF result codes score (``RoundRecord.result``):
``1 = 0`` (and unrated ``W D L``): win / draw / loss fraction of the opponent's value;
``H`` absence with notice (and ``F``): ``absence`` fraction of own value, only for the first
``absence_cap`` such rounds; ``U`` odd player out and ``+`` (present, opponent did not come):
``bye`` fraction of own value; ``Z`` and ``-`` (absent without notice, forfeit loss): 0.

Pairing: only present players (``not unavailable``), top-down by Keizer rank, each with the
highest-ranked available opponent not met over the board in the last ``rematch_rounds``
rounds; colours balanced; an odd player out (the lowest-ranked present player with the
fewest byes) gets the bye.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.pairing.model import Bye, Pairing, PairingError, PairingInput, PlayerRecord, RoundPairing


@dataclass(frozen=True)
class KeizerParams:
    """Parameters of a Keizer competition (defaults: caissa-amsterdam style, V = 50, step 1)."""

    top_value: float = 50.0
    step: float = 1.0
    own_value_base: bool = True  # add the player's own value once
    win: float = 1.0  # fractions of the opponent's value
    draw: float = 0.5
    loss: float = 0.0
    absence: float = 1 / 3  # absence with notice: fraction of own value
    bye: float = 2 / 3  # odd player out: fraction of own value
    absence_cap: int | None = None  # how many absences with notice are scored (None: all)
    rematch_rounds: int = 3  # no rematch within this many rounds (0: rematches allowed)
    iterations: int = 20  # recalculation passes at most

    def __post_init__(self) -> None:
        if self.top_value <= 0 or self.step < 0:
            raise ValueError("Keizer top value must be positive and the step not negative")
        if self.iterations < 1:
            raise ValueError("Keizer needs at least one recalculation iteration")
        if self.absence_cap is not None and self.absence_cap < 0:
            raise ValueError("Keizer absence cap must be 0 or more")
        if self.rematch_rounds < 0:
            raise ValueError("Keizer rematch window must be 0 or more rounds")


@dataclass(frozen=True)
class KeizerStanding:
    """One player's Keizer result: rank (1 = top), current value and score."""

    player: int
    rank: int
    value: float
    score: float
    games: int
    absences_scored: int


@dataclass(frozen=True)
class KeizerTable:
    """Keizer standings in rank order; ``stable`` says whether the iteration converged."""

    rows: tuple[KeizerStanding, ...]
    iterations: int
    stable: bool

    def by_player(self) -> dict[int, KeizerStanding]:
        """The rows keyed by player id."""
        return {r.player: r for r in self.rows}


_GAME_CODES = {"1": "win", "W": "win", "=": "draw", "D": "draw", "0": "loss", "L": "loss"}


def _values(order: Sequence[int], params: KeizerParams) -> dict[int, float]:
    return {pid: max(0.0, params.top_value - params.step * i) for i, pid in enumerate(order)}


def _score_once(
    players: Sequence[PlayerRecord], values: dict[int, float], params: KeizerParams, upto: int | None
) -> tuple[dict[int, float], dict[int, int], dict[int, int]]:
    scores: dict[int, float] = {}
    games: dict[int, int] = {}
    absences: dict[int, int] = {}
    for p in players:
        own = values[p.id]
        total = own if params.own_value_base else 0.0
        n_games = n_abs = 0
        for rec in sorted(p.history, key=lambda r: r.round):
            if upto is not None and rec.round > upto:
                continue
            kind = _GAME_CODES.get(rec.result)
            if kind is not None and rec.opponent is not None:
                n_games += 1
                total += values.get(rec.opponent, 0.0) * getattr(params, kind)
            elif rec.result in ("H", "F"):
                if params.absence_cap is None or n_abs < params.absence_cap:
                    n_abs += 1
                    total += own * params.absence
            elif rec.result in ("U", "+"):
                total += own * params.bye
            # Z, -: absent without notice (or lost by forfeit): nothing.
        scores[p.id] = total
        games[p.id] = n_games
        absences[p.id] = n_abs
    return scores, games, absences


def keizer_scores(players: Sequence[PlayerRecord], params: KeizerParams, upto: int | None = None) -> KeizerTable:
    """Iterated Keizer scores of ``players`` over their histories (rounds <= ``upto`` if given).

    The initial ranking is by player id (start number). Each pass assigns values by the
    current ranking and recomputes every round; the next ranking orders by score (ties keep
    the previous order). Stops when a pass leaves the ranking unchanged (``stable``) or after
    ``params.iterations`` passes. The returned values are those of the returned ranking and
    the scores were computed with them whenever ``stable`` is True.
    """
    order = sorted(p.id for p in players)
    if len(set(order)) != len(order):
        raise PairingError("Keizer: duplicate player ids")
    stable = False
    passes = 0
    scores: dict[int, float] = {}
    games: dict[int, int] = {}
    absences: dict[int, int] = {}
    for passes in range(1, params.iterations + 1):  # noqa: B007 - reported below
        values = _values(order, params)
        scores, games, absences = _score_once(players, values, params, upto)
        position = {pid: i for i, pid in enumerate(order)}
        new_order = sorted(order, key=lambda pid: (-round(scores[pid], 9), position[pid]))
        if new_order == order:
            stable = True
            break
        order = new_order
    values = _values(order, params)
    rows = tuple(
        KeizerStanding(
            player=pid,
            rank=i + 1,
            value=values[pid],
            score=scores[pid],
            games=games[pid],
            absences_scored=absences[pid],
        )
        for i, pid in enumerate(order)
    )
    return KeizerTable(rows=rows, iterations=passes, stable=stable)


_SEARCH_LIMIT = 200_000  # backtracking nodes before falling back to greedy top-down


def _met_rounds(p: PlayerRecord) -> dict[int, int]:
    """Opponent -> the last round they met over the board (forfeits do not count)."""
    out: dict[int, int] = {}
    for rec in p.history:
        if rec.played and rec.opponent is not None:
            out[rec.opponent] = max(out.get(rec.opponent, 0), rec.round)
    return out


def _colour_state(p: PlayerRecord) -> tuple[int, str | None]:
    """(whites - blacks over played games, colour of the last played game)."""
    games = sorted((r for r in p.history if r.played and r.colour), key=lambda r: r.round)
    diff = sum(1 if r.colour == "w" else -1 for r in games)
    return diff, (games[-1].colour if games else None)


def _colours(hi: PlayerRecord, lo: PlayerRecord, board: int) -> tuple[int, int, str]:
    """(white, black, reason) for the higher-ranked ``hi`` against ``lo``: balance colours."""
    (dh, lh), (dl, ll) = _colour_state(hi), _colour_state(lo)
    if dh != dl:
        white, black = (hi, lo) if dh < dl else (lo, hi)
        return white.id, black.id, f"Colours: {white.id} had fewer whites (balance {min(dh, dl):+d} v {max(dh, dl):+d})"
    if lh is not None and lh != ll:
        white, black = (hi, lo) if lh == "b" else (lo, hi)
        return white.id, black.id, f"Colours: equal balance, both alternate ({white.id} had Black last)"
    if lh is not None:
        white, black = (hi, lo) if lh == "b" else (lo, hi)
        return white.id, black.id, f"Colours: equal history, the higher-ranked {hi.id} alternates"
    white, black = (hi, lo) if board % 2 == 1 else (lo, hi)
    return white.id, black.id, "Colours: no history, alternating by board"


def pair_keizer(inp: PairingInput, params: KeizerParams) -> RoundPairing:
    """Pair round ``inp.round`` of a Keizer competition.

    Only present players (``unavailable`` False) are paired, top-down by the Keizer ranking
    after the earlier rounds: each unpaired player in turn gets the highest-ranked available
    opponent not met over the board within ``params.rematch_rounds`` rounds and not a
    prohibited pair; a backtracking search keeps the lower boards pairable. If no such
    pairing exists, rematches are allowed (with a warning). With an odd number present, the
    lowest-ranked present player with the fewest byes so far sits out (``Bye(kind="pab")``).
    Colours balance (fewer whites gets White; then alternation).
    """
    table = keizer_scores(inp.players, params, upto=inp.round - 1)
    info = table.by_player()
    by_id = {p.id: p for p in inp.players}
    present = sorted((p.id for p in inp.players if not p.unavailable), key=lambda pid: info[pid].rank)
    if not present:
        raise PairingError(f"Keizer round {inp.round}: nobody is present")
    byes: list[Bye] = []
    warnings: list[str] = []
    if len(present) % 2 == 1:
        bye_counts = {pid: sum(1 for r in by_id[pid].history if r.result == "U") for pid in present}
        fewest = min(bye_counts.values())
        out = next(pid for pid in reversed(present) if bye_counts[pid] == fewest)
        present.remove(out)
        byes.append(
            Bye(
                player=out,
                kind="pab",
                reasons=(
                    f"Odd player out: lowest-ranked present player (rank {info[out].rank}) "
                    f"with the fewest byes ({fewest})",
                ),
            )
        )
    met = {pid: _met_rounds(by_id[pid]) for pid in present}
    prohibited = [set(group) for group in inp.prohibited]

    def allowed(a: int, b: int, window: int) -> bool:
        if any(a in g and b in g for g in prohibited):
            return False
        last = met[a].get(b)
        return last is None or inp.round - last > window

    pairs = _search(present, lambda a, b: allowed(a, b, params.rematch_rounds))
    if pairs is None:
        pairs = _search(present, lambda a, b: allowed(a, b, 0))
        warnings.append(f"No pairing avoids rematches within {params.rematch_rounds} rounds: rematches were allowed.")
    if pairs is None:
        raise PairingError(f"Keizer round {inp.round}: no pairing respects the prohibited pairs")
    pairings: list[Pairing] = []
    taken: set[int] = set()
    for board, (a, b) in enumerate(pairs, start=1):
        ra, rb = info[a], info[b]
        reasons = [f"Keizer rank {ra.rank} ({ra.score:g}) v rank {rb.rank} ({rb.score:g})"]
        for q in present:
            # Players ranked between a and b, still free at this board, that a could not take.
            if q in taken or not ra.rank < info[q].rank < rb.rank:
                continue
            if q in met[a] and inp.round - met[a][q] <= params.rematch_rounds:
                reasons.append(f"Skipped rank {info[q].rank} (player {q}): met in round {met[a][q]}, rematch window")
            elif any(a in g and q in g for g in prohibited):
                reasons.append(f"Skipped rank {info[q].rank} (player {q}): prohibited pair")
            else:
                reasons.append(f"Skipped rank {info[q].rank} (player {q}): keeps the lower boards pairable")
        taken.update((a, b))
        if b in met[a]:
            reasons.append(f"Rematch: last met in round {met[a][b]}")
            if inp.round - met[a][b] <= params.rematch_rounds:
                warnings.append(f"Board {board}: {a} and {b} met in round {met[a][b]}, within the rematch window")
        white, black, colour_reason = _colours(by_id[a], by_id[b], board)
        reasons.append(colour_reason)
        pairings.append(Pairing(white=white, black=black, board=board, reasons=tuple(reasons)))
    return RoundPairing(round=inp.round, pairings=tuple(pairings), byes=tuple(byes), warnings=tuple(warnings))


def _search(order: list[int], ok: Callable[[int, int], bool]) -> list[tuple[int, int]] | None:
    """Top-down pairing of ``order`` (best first): the first player takes the highest-ranked
    acceptable opponent, backtracking only when the rest cannot be paired. None if impossible
    (or the search budget ran out)."""
    budget = [_SEARCH_LIMIT]

    def rec(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        first, others = rest[0], rest[1:]
        for i, opp in enumerate(others):
            if ok(first, opp):
                tail = rec(others[:i] + others[i + 1 :])
                if tail is not None:
                    return [(first, opp), *tail]
        return None

    return rec(order)
