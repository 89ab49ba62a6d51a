"""Draw rules of a rule profile, as data (used by the validator).

Each field names what it does; the FMJD article or the seed rule text it comes from is
given beside it. A profile in ``arbiter.profiles`` carries one ``DrawRules``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DrawRules:
    """Which draw rules a profile follows and their limits (moves by each side, counted in plies x 2)."""

    # FMJD 6.2: the same position, same side to move, for the third time.
    threefold_repetition: bool = True
    # Seed 000 rule 19d (older German text): only repetitions produced by the same player count.
    repetition_same_player: bool = False
    # FMJD 6.3: this many moves by each side with only king moves, no man move and no capture
    # (English / WCDF: 40, "no man advanced and no piece captured"; Russian 7.2.5: 15).
    king_moves_only_limit: int | None = 25
    # Brettspielnetz (seed 002): this many moves (each side) without a capture or a promotion.
    no_capture_or_promotion_limit: int | None = None
    # FMJD 6.4: three pieces including a king against a lone king: at most 16 moves each.
    sixteen_move_rule: bool = True
    # Open question in FMJD 6.4: does a promotion during the count restart it?
    sixteen_restart_on_promotion: bool = False
    # FMJD 6.5: two pieces or fewer including a king against a lone king: at most 5 moves each.
    five_move_rule: bool = True
    # Seed 000 rule 19b/c: three kings against one, 10 moves each (3 if the lone king holds the long diagonal).
    three_kings_against_one_rule: bool = False
    # Limits of the rules above (moves by each side); the defaults are the FMJD and seed 000 figures.
    sixteen_move_limit: int = 16
    five_move_limit: int = 5
    three_kings_limit: int = 10
    # Seed 000 rule 19b: only this many moves each when the lone king holds the long diagonal.
    three_kings_long_diagonal_limit: int = 3
    # Seed 001: king against king is a draw at once (otherwise the 5-move rule counts it).
    king_against_king_immediate: bool = False
    # Russian 7.2.4 (fmjd64.org, secondary source): this many kings or more against a lone king ...
    kings_against_lone_king_min: int = 3
    # ... must take it within this many moves each (15), counted from the move that creates the material.
    kings_against_lone_king_limit: int | None = None
    # Russian 7.2.7: three pieces with a king (3K, 2K+M, K+2M) against a lone king that holds the long
    # diagonal: this many moves each (5), counted from when the lone king stands there.
    long_diagonal_limit: int | None = None
    # Russian 7.2.6: both sides have kings and the material does not change: (fewest pieces on the
    # board, most pieces, moves each), e.g. ((4, 5, 30), (6, 7, 60)).
    unchanged_material_limits: tuple[tuple[int, int, int], ...] = ()
    # Tournament setting (seed 001: 40): a draw by agreement only once each player made this many moves.
    min_agreement_move: int | None = None
