"""Round-robin pairing by the Berger tables of FIDE C.05 Annex 1.

Pure functions: the table depends only on the number of players, and
``pair_round_robin`` reads the round to pair from a ``PairingInput`` whose player ids
(start numbers) are the table numbers 1..n.

Construction (even N; odd N uses the N + 1 table with N + 1 as a dummy):
player N is fixed; in round r slot i (i = 1 .. N-1) holds
``x_i = ((i - 1) + (r - 1) * N/2) mod (N - 1) + 1``; board 1 is x_1 against N, N having
Black in odd rounds and White in even rounds; board b (2 .. N/2) is x_b (White) against
x_{N+1-b} (Black). This reproduces the published FIDE tables (checked for 3..20 players
against ``tests/fixtures/pairing/berger``).

Double round robin: the second cycle repeats the table with colours reversed. FIDE
recommends swapping the last two rounds of the *first* cycle (``swap_last_two=True``,
the default); otherwise the players who have the same colour in rounds 1 and 2 get three
equal colours in a row across the cycle boundary.
"""

from __future__ import annotations

from tournaments.pairing.model import Bye, Pairing, PairingError, PairingInput, RoundPairing
from tournaments.scores.berger import Table, berger_table, round_count, schedule, table_round

__all__ = ["FREE_ROUND_REASON", "Table", "berger_table", "pair_round_robin", "round_count", "schedule"]

FREE_ROUND_REASON = "Free round: meets the dummy of the Berger table (odd number of players)"


def pair_round_robin(inp: PairingInput, double: bool = False, swap_last_two: bool = True) -> RoundPairing:
    """Pair round ``inp.round`` of a (double) round robin from the Berger table.

    The player ids of ``inp.players`` must be exactly the start numbers 1..n; they are the
    table numbers. The player drawn against the dummy (odd n) gets a zero-point free round
    (``Bye(kind="zero")``). Players marked unavailable are still scheduled (a round robin's
    pairing is fixed in advance); a warning says that their game will be a forfeit.
    Boards are numbered 1.. in table order, skipping the dummy's board.

    Raises ``PairingError`` for ids that are not 1..n or a round outside the schedule.
    """
    ids = sorted(p.id for p in inp.players)
    n = len(ids)
    if n < 2:
        raise PairingError(f"A round robin needs at least 2 players; {n} registered.")
    if ids != list(range(1, n + 1)):
        missing = sorted(set(range(1, n + 1)) - set(ids))
        raise PairingError(
            f"Round robin start numbers must be 1..{n} without gaps or repeats (missing: {missing or 'none'})."
        )
    rounds = schedule(n, double=double, swap_last_two=swap_last_two)
    if not 1 <= inp.round <= len(rounds):
        raise PairingError(f"Round {inp.round} is outside the schedule: a round robin of {n} has {len(rounds)}.")
    cycle_len = len(rounds) // 2 if double else len(rounds)
    cycle = 1 if inp.round <= cycle_len else 2
    in_table = table_round(inp.round, cycle_len, double, swap_last_two)
    pairings: list[Pairing] = []
    byes: list[Bye] = []
    for white, black in rounds[inp.round - 1]:
        if black == 0:
            byes.append(Bye(player=white, kind="zero", reasons=(FREE_ROUND_REASON,)))
            continue
        reason = f"Berger table for {n} players, round {in_table}"
        if double:
            reason += f", cycle {cycle}" + (" (colours reversed)" if cycle == 2 else "")
        pairings.append(Pairing(white=white, black=black, board=len(pairings) + 1, reasons=(reason,)))
    unavailable = sorted(p.id for p in inp.players if p.unavailable)
    warnings = tuple(
        f"Player {pid} is marked unavailable but is scheduled in round {inp.round}: record a forfeit."
        for pid in unavailable
        if not any(b.player == pid for b in byes)
    )
    return RoundPairing(round=inp.round, pairings=tuple(pairings), byes=tuple(byes), warnings=warnings)
