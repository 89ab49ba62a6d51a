"""Stage transitions: Swiss then finals by rank blocks, groups then a final, snake seeding."""

from __future__ import annotations

import pytest

from tournaments.pairing.generator import GeneratorConfig, generate
from tournaments.stages import (
    BYE,
    StageError,
    carried_points,
    finals_by_rank_blocks,
    group_names,
    groups_then_final,
    ranking_by_rating,
    snake_seed,
)
from tournaments.standings.model import Standings, StandingsRow
from tournaments.standings.ranking import compute_standings
from tournaments.standings.trf_input import standings_input_from_trf


def _row(sn: int, rank: int, points: float) -> StandingsRow:
    return StandingsRow(
        rank=rank, start_number=sn, name=f"P{sn}", rating=0, title="", federation="", points=points,
        tiebreaks={}, games=0, wins=0, draws=0, losses=0, performance=None, rating_change=None,
    )  # fmt: skip


def _standings(
    points: list[float], separated_by: list[str | None], tiebreaks: tuple[str, ...] = ("BH/C1", "BH")
) -> Standings:
    """Rows in rank order, start number = rank (unless a shared place: the same rank)."""
    rows = []
    rank = 1
    for i, p in enumerate(points):
        if i and separated_by[i - 1] is not None:
            rank = i + 1
        rows.append(_row(i + 1, rank, p))
    return Standings(tuple(rows), tiebreaks, 7, "swiss", separated_by=tuple(separated_by))


def test_snake_seeding_with_an_uneven_count() -> None:
    """10 entries into 3 groups, snake order: row 1 left to right A1 B2 C3; row 2 right to left
    C4 B5 A6; row 3 A7 B8 C9; row 4 (right to left) C10. So A = 1, 6, 7; B = 2, 5, 8;
    C = 3, 4, 9, 10: sizes 3, 3, 4."""
    groups = snake_seed(list(range(1, 11)), 3)
    assert [(g.name, g.entries) for g in groups] == [("A", (1, 6, 7)), ("B", (2, 5, 8)), ("C", (3, 4, 9, 10))]
    assert groups[0].seats[1].why == "seed 6: row 2 of the snake (right to left) -> group A"


def test_snake_seeding_from_ratings() -> None:
    """Ratings 1500 (1), 1900 (2), 1700 (3), 1900 (4), 1600 (5): order 2, 4 (equal rating: lower
    start number first), 3, 5, 1; two groups: A = 2, 5, 1 and B = 4, 3."""
    order = ranking_by_rating([(1, 1500), (2, 1900), (3, 1700), (4, 1900), (5, 1600)])
    assert order == (2, 4, 3, 5, 1)
    assert [g.entries for g in snake_seed(order, 2, names=["North", "South"])] == [(2, 5, 1), (4, 3)]
    with pytest.raises(StageError, match="twice"):
        snake_seed([1, 2, 1], 2)


def test_swiss_then_a_b_c_finals_with_a_bye_filled_group() -> None:
    """23 players, finals of 8: A = ranks 1-8, B = 9-16, C = 17-23 and one bye (8 seats).
    Ranks 8 and 9 both have 9 points and BH/C1 separates them: a qualification tie with its why.
    Ranks 16 (6 points) and 17 (5 points): not a tie."""
    points = [12, 11, 11, 10, 10, 10, 9, 9, 9, 8, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 3, 2, 1]
    seps: list[str | None] = ["PTS"] * 22
    seps[1] = "BH"  # 2 and 3
    seps[7] = "BH/C1"  # rank 8 above rank 9
    seps[15] = "PTS"
    t = finals_by_rank_blocks(_standings([float(p) for p in points], seps), 8)
    assert [g.name for g in t.groups] == ["A", "B", "C"]
    assert t.groups[0].entries == tuple(range(1, 9))
    assert t.groups[1].entries == tuple(range(9, 17))
    assert t.groups[2].entries == tuple(range(17, 24))
    assert len(t.groups[2].seats) == 8 and t.groups[2].seats[-1].start_number == BYE and t.groups[2].seats[-1].is_bye
    assert "final C has 7 entries for 8 seats" in t.groups[2].seats[-1].why
    a_b, b_c = t.cuts
    assert (a_b.above, a_b.below, a_b.tie, a_b.separated_by) == (8, 9, True, "BH/C1")
    assert a_b.why == "8 (rank 8) above 9 (rank 9): equal on points (9), separated by BH/C1"
    assert (b_c.above, b_c.below, b_c.tie) == (16, 17, False)
    assert b_c.why == "16 (rank 16) above 17 (rank 17): more points (6 to 5)"


def test_short_last_block_merge_keep_and_limit() -> None:
    """10 players in blocks of 4: fill -> 4, 4, 2 + 2 byes; merge -> 4 and 6; keep -> 4, 4, 2;
    groups=2 -> only A and B (ranks 9-10 do not go on)."""
    st = _standings([10.0 - i for i in range(10)], ["PTS"] * 9)
    assert [len(g.seats) for g in finals_by_rank_blocks(st, 4).groups] == [4, 4, 4]
    assert [len(g.entries) for g in finals_by_rank_blocks(st, 4, short_last="merge").groups] == [4, 6]
    assert [len(g.seats) for g in finals_by_rank_blocks(st, 4, short_last="keep").groups] == [4, 4, 2]
    limited = finals_by_rank_blocks(st, 4, groups=2)
    assert [g.entries for g in limited.groups] == [(1, 2, 3, 4), (5, 6, 7, 8)] and len(limited.cuts) == 2
    with pytest.raises(StageError):
        finals_by_rank_blocks(st, 1)


def test_an_unbroken_tie_at_the_cut_is_reported() -> None:
    """Ranks 2 and 3 share the place (equal on everything) across a cut after 2: nobody separated them."""
    st = _standings([5.0, 4.0, 4.0, 3.0], ["PTS", None, "PTS"])
    cut = finals_by_rank_blocks(st, 2).cuts[0]
    assert cut.tie and cut.separated_by is None and "the organiser decides" in cut.why


def test_groups_then_a_final_with_seeded_entries() -> None:
    """Two semi-final groups, the top 2 of each qualify, plus last year's top 3 (21, 22, 23) and a
    wildcard (24). Entry 22 also played group B and finished 1st there: it keeps its seeded place,
    so B's qualifiers are its 2nd and 3rd (12 and 13). The final: 21, 22, 23, 24 (seeded, in the
    order given), then the group winners 1 (A) and 12 (B), then the seconds 2 (A) and 13 (B).
    Group A: 2 and 3 both on 8 points, separated by SB."""
    group_a = _standings([9.0, 8.0, 8.0, 5.0], ["PTS", "SB", "PTS"], tiebreaks=("SB",))
    group_b_rows = [_row(22, 1, 9), _row(12, 2, 8), _row(13, 3, 7), _row(14, 4, 6)]
    group_b = Standings(tuple(group_b_rows), ("SB",), 7, "round_robin", separated_by=("PTS", "PTS", "PTS"))
    seeded = [(21, "champion 2024"), (22, "2nd 2024"), (23, "3rd 2024"), (24, "wildcard")]
    t = groups_then_final([("A", group_a), ("B", group_b)], 2, seeded=seeded)
    (final,) = t.groups
    assert final.entries == (21, 22, 23, 24, 1, 12, 2, 13)
    assert final.seats[0].why == "seeded by the organiser: champion 2024"
    assert "seeded 22 already in the final" in final.seats[5].why
    cut_a, cut_b = t.cuts
    assert (cut_a.above, cut_a.below, cut_a.separated_by, cut_a.tie) == (2, 3, "SB", True)
    assert (cut_b.above, cut_b.below, cut_b.tie) == (13, 14, False)
    with pytest.raises(StageError, match="seeded twice"):
        groups_then_final([("A", group_a)], 2, seeded=[(21, "x"), (21, "y")])


def test_a_real_swiss_then_finals() -> None:
    """A generated 23-player, 7-round Swiss ranked by the standings core: every final group takes the
    next block of the ranking, and each cut carries the standings' own separation."""
    trf = generate(GeneratorConfig(players=23, rounds=7), seed=2029)
    st = compute_standings(standings_input_from_trf(trf, kind="swiss"))
    t = finals_by_rank_blocks(st, 8)
    order = [r.start_number for r in st.rows]
    assert [g.entries for g in t.groups] == [tuple(order[:8]), tuple(order[8:16]), tuple(order[16:])]
    assert sum(s.is_bye for s in t.groups[2].seats) == 1
    for cut, index in zip(t.cuts, (7, 15)):
        assert cut.separated_by == st.separated_by[index]
        assert cut.tie == (st.rows[index].points == st.rows[index + 1].points)


def test_group_names_and_carried_points() -> None:
    assert group_names(3) == ("A", "B", "C") and group_names(28)[-2:] == ("AA", "AB")
    assert carried_points({1: 9.0, 2: 7.0}, carry=False) == {1: 0.0, 2: 0.0}
    assert carried_points({1: 9.0}, carry=True) == {1: 9.0}
