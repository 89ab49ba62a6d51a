"""TRF reader/writer: fixtures, line endings, round trips, error messages, pairing input."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.pairing.trf_input import to_pairing_input
from tournaments.trf import (
    TrfError,
    read_trf,
    read_trf_file,
    round_pairs,
    truncate,
    write_trf,
)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "pairing" / "dutch2025"
FILES = sorted(FIXTURES.glob("*.trf"))

HEADER26 = "012 Test\n142 3\n152 W\n162  W 2.0    D 1.0    L 0.0    A 0.0    P 2.0\n"
P1 = "001    1      Alpha, Ann                        2000                             3.0    1     2 w 1     3 b =\n"
P2 = "001    2      Beta, Bob                         1900                             1.0    2     1 b 0  0000 - H\n"
P3 = "001    3      Gamma, Cy                         1800                             3.0    3  0000 - U     1 w =\n"


def test_fixture_files_are_present() -> None:
    assert len(FILES) == 40


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_fixture_reads_and_round_trips(path: Path) -> None:
    t = read_trf_file(str(path))
    n_players = int(path.name.split("_")[1][1:])
    n_rounds = int(path.name.split("_")[2][1:])
    assert len(t.players) == n_players
    assert t.total_rounds == n_rounds
    assert t.rounds_played == n_rounds
    assert t.scoring.win == 2.0 and t.scoring.draw == 1.0 and t.scoring.pab == 2.0
    assert t.initial_colour in ("w", "b")
    assert read_trf(write_trf(t, "trf26")) == t
    back16 = read_trf(write_trf(t, "trf16"))
    assert back16.players == t.players and back16.scoring == t.scoring
    assert back16.initial_colour == t.initial_colour and back16.total_rounds == t.total_rounds


@pytest.mark.parametrize("ending", ["\n", "\r", "\r\n"])
def test_any_line_ending(ending: str) -> None:
    text = (HEADER26 + P1 + P2 + P3).replace("\n", ending)
    t = read_trf(text)
    assert [p.start for p in t.players] == [1, 2, 3]
    assert t.player(1).name == "Alpha, Ann"
    assert t.player(1).rating == 2000
    assert t.player(2).cells[1].result == "H"
    assert t.player(3).cells[0].result == "U"
    assert t.total_rounds == 3 and t.initial_colour == "w"


def test_points_mismatch_names_the_line() -> None:
    bad = P2.replace(" 1.0    2", " 2.0    2")
    with pytest.raises(TrfError) as exc:
        read_trf(HEADER26 + P1 + bad + P3)
    assert exc.value.line == 6
    assert exc.value.field == "points"
    assert "player 2" in str(exc.value) and "line 6" in str(exc.value)


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (P1.replace("    2 w 1", "    2 x 1"), "round 1 colour"),
        (P1.replace("    2 w 1", "    2 w Q"), "round 1 result"),
        (P1.replace("    2 w 1", "    9 w 1"), "round 1 opponent"),
        (P1.replace("2000", "20x0"), "rating"),
        (P1.replace(" 3.0", " 3,0"), "points"),
    ],
)
def test_field_errors(line: str, field: str) -> None:
    with pytest.raises(TrfError) as exc:
        read_trf(HEADER26 + line + P2 + P3)
    assert exc.value.line == 5
    assert exc.value.field == field


def test_duplicate_start_number() -> None:
    with pytest.raises(TrfError) as exc:
        read_trf(HEADER26 + P1 + P2 + P2.replace("Beta", "Beth"), check_points=False)
    assert exc.value.line == 7 and exc.value.field == "starting rank"


def test_bb_records_and_xxc() -> None:
    text = P1 + P2 + P3 + "XXR 3\nXXC black1\nBBW 2.0\nBBD 1.0\nBBU 2.0\n"
    t = read_trf(text)
    assert t.initial_colour == "b" and t.total_rounds == 3
    assert t.scoring.win == 2.0 and t.scoring.pab == 2.0 and t.scoring.half_bye == 1.0
    # BBW after BBU resets the PAB value.
    t2 = read_trf(text.replace("BBU 2.0\n", "").replace("XXR 3\n", "XXR 3\nBBU 1.0\n"))
    assert t2.scoring.pab == 2.0


def test_scoring_inferred_when_undeclared() -> None:
    t = read_trf(P1 + P2 + P3)
    assert not t.scoring_declared
    assert t.scoring.win == 2.0
    fide = read_trf(P1.replace(" 3.0", " 1.5") + P2.replace(" 1.0", " 0.5") + P3.replace(" 3.0", " 1.5"))
    assert fide.scoring.win == 1.0


def test_trf26_extras_round_trip() -> None:
    extra = (
        "192 FIDE_DUTCH_2025_BAKU\n202 BH,SB\n240 H 003  0001  0002\n"
        "250      02.0 001 002 0001 0002\n260 001 003 0001 0003\n"
    )
    t = read_trf(HEADER26 + extra + P1 + P2 + P3)
    assert t.baku and t.tiebreaks == ("BH", "SB")
    assert t.byes[0].players == (1, 2) and t.byes[0].round == 3
    assert {(a.player, a.round, a.points) for a in t.acceleration} == {
        (1, 1, 2.0),
        (2, 1, 2.0),
        (1, 2, 2.0),
        (2, 2, 2.0),
    }
    assert t.prohibited[0].players == frozenset({1, 3})
    assert read_trf(write_trf(t)) == t
    inp = to_pairing_input(t, 2)
    assert inp.baku_acceleration
    assert {p.id: p.accelerations for p in inp.players} == {1: (2.0, 2.0), 2: (2.0, 2.0), 3: ()}
    assert inp.prohibited == (frozenset({1, 3}),)
    inp3 = to_pairing_input(t, 3)
    assert {p.id for p in inp3.players if p.unavailable} == {1, 2}


def test_xxa_xxp_round_trip_in_trf16() -> None:
    t = read_trf(P1 + P2 + P3 + "XXR 3\nXXC white1\nBBW 2.0\nBBD 1.0\nXXA    1  2.0  1.0\nXXP 1 3\n")
    assert {(a.player, a.round, a.points) for a in t.acceleration} == {(1, 1, 2.0), (1, 2, 1.0)}
    back = read_trf(write_trf(t, "trf16"))
    assert back.acceleration == t.acceleration and back.prohibited == t.prohibited


def test_to_pairing_input_keeps_only_pre_entered_absences() -> None:
    t = read_trf_file(str(FIXTURES / "d001_n7_r5_trf26.trf"))
    inp = to_pairing_input(t, 1)
    assert inp.round == 1 and inp.total_rounds == 5 and inp.initial_colour == "b"
    assert [p.id for p in inp.players if p.unavailable] == [1]
    assert next(p for p in inp.players if p.id == 1).points == 1.0  # the pre-entered half-point bye
    assert all(not p.history for p in inp.players)
    inp5 = to_pairing_input(t, 5)
    assert [p.id for p in inp5.players if p.unavailable] == [5]
    assert all(len(p.history) == 4 for p in inp5.players)
    p3 = next(p for p in inp5.players if p.id == 3)
    assert p3.points == 2 * 1 + 1 + 2 + 0  # draw, forfeit win, loss, win: 1+2+0+2
    assert not p3.history[1].played  # the forfeit is not a game


def test_truncate_and_round_pairs() -> None:
    t = read_trf_file(str(FIXTURES / "d001_n7_r5_trf26.trf"))
    cut = truncate(t, 4)
    assert cut.rounds_played == 3
    assert read_trf(write_trf(cut)) == cut  # points were recomputed consistently
    pairs, pab = round_pairs(t, 4)
    assert pab == 4
    assert pairs == frozenset({(1, 2), (3, 5), (7, 6)})


def test_round_beyond_tournament_is_an_error() -> None:
    t = read_trf_file(str(FIXTURES / "d001_n7_r5_trf26.trf"))
    with pytest.raises(TrfError) as exc:
        to_pairing_input(t, 6)
    assert exc.value.field == "round"
