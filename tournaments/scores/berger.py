"""The Berger tables of FIDE C.05 Annex 1 (pure): which players meet in which round of a round robin.

The table depends only on the number of players. Construction (even N; odd N uses the N + 1 table
with N + 1 as a dummy): player N is fixed; in round r slot i (i = 1 .. N-1) holds
``x_i = ((i - 1) + (r - 1) * N/2) mod (N - 1) + 1``; board 1 is x_1 against N, N having Black in
odd rounds and White in even rounds; board b (2 .. N/2) is x_b (White) against x_{N+1-b} (Black).
This reproduces the published FIDE tables (checked for 3..20 players against
``tests/fixtures/pairing/berger``).

Double round robin: the second cycle repeats the table with colours reversed. FIDE recommends
swapping the last two rounds of the *first* cycle (``swap_last_two=True``, the default); otherwise
the players who have the same colour in rounds 1 and 2 get three equal colours in a row across
the cycle boundary.

The round-robin engine (``tournaments.pairing.berger``) pairs by these tables; the standings
recognise a round robin in a file by them.
"""

from __future__ import annotations

Table = list[list[tuple[int, int]]]


def berger_table(n: int) -> Table:
    """The single-cycle Berger table for ``n`` players (n >= 2).

    Returns one list per round; each entry is ``(white, black)`` in board order. For odd
    ``n`` the player drawn against the dummy appears as ``(player, 0)`` at the dummy's board.
    Every pair of players meets exactly once.
    """
    if n < 2:
        raise ValueError(f"a round robin needs at least 2 players, got {n}")
    size = n if n % 2 == 0 else n + 1  # table size; the extra player is the dummy
    half = size // 2
    rounds: Table = []
    for r in range(1, size):
        slots = [((i - 1) + (r - 1) * half) % (size - 1) + 1 for i in range(1, size)]
        # slots[i-1] is x_i
        board1 = (slots[0], size) if r % 2 == 1 else (size, slots[0])
        boards = [board1]
        for b in range(2, half + 1):
            boards.append((slots[b - 1], slots[size + 1 - b - 1]))
        if size != n:
            # The dummy (player size) is replaced by 0 and always listed second.
            boards = [(w, b) if b != size and w != size else ((b if w == size else w), 0) for w, b in boards]
        rounds.append(boards)
    return rounds


def round_count(n: int, double: bool = False) -> int:
    """Number of rounds of a (double) round robin with ``n`` players."""
    cycle = n - 1 if n % 2 == 0 else n
    return 2 * cycle if double else cycle


def schedule(n: int, double: bool = False, swap_last_two: bool = True) -> Table:
    """The full schedule: the Berger table, or for ``double`` both cycles.

    In a double round robin the second cycle is the table with colours reversed, and with
    ``swap_last_two`` (FIDE's recommendation, default on) the last two rounds of the first
    cycle are played in swapped order. A ``(p, 0)`` free round stays ``(p, 0)`` in both cycles.
    """
    table = berger_table(n)
    if not double:
        return table
    first = list(table)
    if swap_last_two and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    second = [[(w, b) if b == 0 else (b, w) for w, b in rnd] for rnd in table]
    return first + second


def table_round(rnd: int, cycle_len: int, double: bool, swap_last_two: bool) -> int:
    """Which round of the single-cycle table round ``rnd`` of the schedule plays (1-based)."""
    if rnd > cycle_len:
        return rnd - cycle_len
    if double and swap_last_two and cycle_len >= 2 and rnd >= cycle_len - 1:
        return (2 * cycle_len - 1) - rnd
    return rnd
