"""The Keizer system of Dutch club competitions: top-down pairing by the iterated Keizer ranking.

The score and its settings (Toernooimanager's: value of number one, decay step, recalculation
passes, fractions for announced absence, long absence and bye, whether the own value counts,
minimum rounds between rematches, maximum meetings) are in ``tournaments.scores.keizer``, shared
with the standings; see there for how each result code scores.

Pairing: only present players (``not unavailable``), top-down by Keizer rank, each with the
highest-ranked available opponent not met over the board in the last ``rematch_rounds`` rounds,
not met ``max_meetings`` times already, and not a prohibited pair; colours balanced; an odd player
out (the lowest-ranked present player with the fewest byes) gets the bye. A forfeit is not a
meeting (``tournaments.vocabulary``).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.model import Bye, Pairing, PairingError, PairingInput, PlayerRecord, RoundPairing
from tournaments.pairing.topdown import top_down
from tournaments.scores.keizer import KeizerParams, KeizerStanding, KeizerTable, keizer_table

__all__ = ["KeizerParams", "KeizerStanding", "KeizerTable", "keizer_scores", "pair_keizer"]


def keizer_scores(players: Sequence[PlayerRecord], params: KeizerParams, upto: int | None = None) -> KeizerTable:
    """Iterated Keizer scores of ``players`` over their histories (rounds <= ``upto`` if given);
    see ``tournaments.scores.keizer.keizer_table``."""
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise PairingError("Keizer: duplicate player ids")
    return keizer_table({p.id: p.history for p in players}, params, upto)


def meetings(p: PlayerRecord) -> tuple[dict[int, int], dict[int, int]]:
    """Opponent -> the last round met over the board, and -> how often (forfeits do not count)."""
    last: dict[int, int] = {}
    count: dict[int, int] = {}
    for rec in p.history:
        if rec.played and rec.opponent is not None:
            last[rec.opponent] = max(last.get(rec.opponent, 0), rec.round)
            count[rec.opponent] = count.get(rec.opponent, 0) + 1
    return last, count


def _colour_state(p: PlayerRecord) -> tuple[int, str | None]:
    """(whites - blacks over played games, colour of the last played game)."""
    games = sorted((r for r in p.history if r.played and r.colour), key=lambda r: r.round)
    diff = sum(1 if r.colour == "w" else -1 for r in games)
    return diff, (games[-1].colour if games else None)


def balance_colours(hi: PlayerRecord, lo: PlayerRecord, board: int) -> tuple[int, int, str]:
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


def odd_player_out(present: list[int], by_id: dict[int, PlayerRecord], rank: dict[int, int]) -> Bye:
    """The bye of an odd field: the lowest-ranked present player with the fewest byes so far
    (``present`` in rank order; removed from it)."""
    bye_counts = {pid: sum(1 for r in by_id[pid].history if r.points_code == "U") for pid in present}
    fewest = min(bye_counts.values())
    out = next(pid for pid in reversed(present) if bye_counts[pid] == fewest)
    present.remove(out)
    reason = f"Odd player out: lowest-ranked present player (rank {rank[out]}) with the fewest byes ({fewest})"
    return Bye(player=out, kind="pab", reasons=(reason,))


def pair_keizer(inp: PairingInput, params: KeizerParams) -> RoundPairing:
    """Pair round ``inp.round`` of a Keizer competition.

    Only present players (``unavailable`` False) are paired, top-down by the Keizer ranking
    after the earlier rounds: each unpaired player in turn gets the highest-ranked available
    opponent not met over the board within ``params.rematch_rounds`` rounds, not met
    ``params.max_meetings`` times, and not a prohibited pair; a bounded backtracking search keeps
    the lower boards pairable. If no such pairing exists, rematches within the window are allowed
    (with a warning); the cap on meetings and the prohibited pairs always hold. With an odd number
    present, the lowest-ranked present player with the fewest byes so far sits out
    (``Bye(kind="pab")``). Colours balance (fewer whites gets White; then alternation).
    """
    table = keizer_scores(inp.players, params, upto=inp.round - 1)
    info = table.by_player()
    by_id = {p.id: p for p in inp.players}
    present = sorted((p.id for p in inp.players if not p.unavailable), key=lambda pid: info[pid].rank)
    if not present:
        raise PairingError(f"Keizer round {inp.round}: nobody is present")
    rank = {pid: info[pid].rank for pid in info}
    byes = [odd_player_out(present, by_id, rank)] if len(present) % 2 == 1 else []
    warnings: list[str] = []
    met: dict[int, dict[int, int]] = {}
    times: dict[int, dict[int, int]] = {}
    for pid in present:
        met[pid], times[pid] = meetings(by_id[pid])
    forbidden: dict[int, set[int]] = {}
    for group in inp.prohibited:
        for a in group:
            forbidden.setdefault(a, set()).update(group - {a})
    cap = params.max_meetings

    def hard_ok(a: int, b: int) -> bool:
        return b not in forbidden.get(a, ()) and (cap is None or times[a].get(b, 0) < cap)

    def ok(a: int, b: int, window: int) -> bool:
        last = met[a].get(b)
        return hard_ok(a, b) and (last is None or inp.round - last > window)

    pairs = top_down(present, lambda a, b: ok(a, b, params.rematch_rounds))
    if pairs is None:
        pairs = top_down(present, lambda a, b: ok(a, b, 0))
        warnings.append(f"No pairing avoids rematches within {params.rematch_rounds} rounds: rematches were allowed.")
    if pairs is None:
        raise PairingError(f"Keizer round {inp.round}: no pairing respects the prohibited pairs")
    by_rank = {info[pid].rank: pid for pid in present}
    pairings: list[Pairing] = []
    taken: set[int] = set()
    for board, (a, b) in enumerate(pairs, start=1):
        ra, rb = info[a], info[b]
        reasons = [f"Keizer rank {ra.rank} ({ra.score:g}) v rank {rb.rank} ({rb.score:g})"]
        for r in range(ra.rank + 1, rb.rank):
            q = by_rank.get(r)
            # Players ranked between a and b, still free at this board, that a could not take.
            if q is None or q in taken:
                continue
            if q in forbidden.get(a, ()):
                reasons.append(f"Skipped rank {r} (player {q}): prohibited pair")
            elif cap is not None and times[a].get(q, 0) >= cap:
                reasons.append(f"Skipped rank {r} (player {q}): met {times[a][q]} times, the maximum")
            elif q in met[a] and inp.round - met[a][q] <= params.rematch_rounds:
                reasons.append(f"Skipped rank {r} (player {q}): met in round {met[a][q]}, rematch window")
            else:
                reasons.append(f"Skipped rank {r} (player {q}): keeps the lower boards pairable")
        taken.update((a, b))
        if b in met[a]:
            reasons.append(f"Rematch: last met in round {met[a][b]}")
            if inp.round - met[a][b] <= params.rematch_rounds:
                warnings.append(f"Board {board}: {a} and {b} met in round {met[a][b]}, within the rematch window")
        white, black, colour_reason = balance_colours(by_id[a], by_id[b], board)
        reasons.append(colour_reason)
        pairings.append(Pairing(white=white, black=black, board=board, reasons=tuple(reasons)))
    return RoundPairing(round=inp.round, pairings=tuple(pairings), byes=tuple(byes), warnings=tuple(warnings))
