"""Moyenne competitions of Dutch clubs: each evening the present players are paired by their current
moyenne (points per game played, ``tournaments.scores.moyenne``), avoiding recent rematches.

* Ranking for the pairing: moyenne, higher first; among equal moyennes more games first, then
  rating, then start number. Players without a game yet come after those with one (by rating,
  then start number) [open: the club pages do not say where a newcomer starts].
* Top-down: each free player in rank order meets the highest-ranked free player he has not met over
  the board in the last ``rematch_rounds`` rounds (default 3) and may meet (prohibited pairs never
  meet); a bounded backtracking keeps the lower boards pairable. If no such pairing exists,
  rematches within the window are allowed, with a warning.
* An odd number present: the lowest-ranked present player with the fewest byes sits out (PAB).
* Colours by balance, as in Keizer.

The standings rank the classified players (at least ``min_games`` games) above the others, each by
moyenne (``tournaments.standings``, kind ``moyenne``).
"""

from __future__ import annotations

from collections.abc import Mapping

from tournaments.pairing.keizer import balance_colours, meetings, odd_player_out
from tournaments.pairing.model import Pairing, PairingError, PairingInput, RoundPairing
from tournaments.pairing.topdown import top_down
from tournaments.scores.moyenne import Moyenne, moyenne

DEFAULT_REMATCH_ROUNDS = 3


def _text(m: Moyenne) -> str:
    v = m.value
    return "-" if v is None else f"{v:.3f}".rstrip("0").rstrip(".")


def pair_moyenne(inp: PairingInput, options: Mapping[str, object] | None = None) -> RoundPairing:
    """Pair round ``inp.round`` of a moyenne competition (option ``rematch_rounds``, default 3)."""
    window = int(str((options or {}).get("rematch_rounds", DEFAULT_REMATCH_ROUNDS)))
    if window < 0:
        raise PairingError("Moyenne: the rematch window must be 0 or more rounds")
    by_id = {p.id: p for p in inp.players}
    avg = {p.id: moyenne(p.history, inp.scoring, inp.round - 1) for p in inp.players}

    def key(pid: int) -> tuple[int, float, int, int, int]:
        m, p = avg[pid], by_id[pid]
        value = m.value
        return (0 if value is not None else 1, -(value or 0.0), -m.games, -p.rating, pid)

    present = sorted((p.id for p in inp.players if not p.unavailable), key=key)
    if not present:
        raise PairingError(f"Moyenne round {inp.round}: nobody is present")
    rank = {pid: i for i, pid in enumerate(present, start=1)}
    byes = [odd_player_out(present, by_id, rank)] if len(present) % 2 == 1 else []
    met = {pid: meetings(by_id[pid])[0] for pid in present}
    forbidden: dict[int, set[int]] = {}
    for group in inp.prohibited:
        for a in group:
            forbidden.setdefault(a, set()).update(group - {a})

    def ok(a: int, b: int, w: int) -> bool:
        last = met[a].get(b)
        return b not in forbidden.get(a, ()) and (last is None or inp.round - last > w)

    warnings: list[str] = []
    pairs = top_down(present, lambda a, b: ok(a, b, window))
    if pairs is None:
        pairs = top_down(present, lambda a, b: ok(a, b, 0))
        warnings.append(f"No pairing avoids rematches within {window} rounds: rematches were allowed.")
    if pairs is None:
        raise PairingError(f"Moyenne round {inp.round}: no pairing respects the prohibited pairs")
    by_rank = {rank[pid]: pid for pid in present}
    pairings: list[Pairing] = []
    taken: set[int] = set()
    for board, (a, b) in enumerate(pairs, start=1):
        reasons = [f"Moyenne rank {rank[a]} ({_text(avg[a])}) v rank {rank[b]} ({_text(avg[b])})"]
        for r in range(rank[a] + 1, rank[b]):
            q = by_rank.get(r)
            if q is None or q in taken:
                continue
            if q in forbidden.get(a, ()):
                reasons.append(f"Skipped rank {r} (player {q}): prohibited pair")
            elif q in met[a] and inp.round - met[a][q] <= window:
                reasons.append(f"Skipped rank {r} (player {q}): met in round {met[a][q]}, rematch window")
            else:
                reasons.append(f"Skipped rank {r} (player {q}): keeps the lower boards pairable")
        taken.update((a, b))
        if b in met[a]:
            reasons.append(f"Rematch: last met in round {met[a][b]}")
        white, black, colour_reason = balance_colours(by_id[a], by_id[b], board)
        reasons.append(colour_reason)
        pairings.append(Pairing(white=white, black=black, board=board, reasons=tuple(reasons)))
    return RoundPairing(round=inp.round, pairings=tuple(pairings), byes=tuple(byes), warnings=tuple(warnings))
