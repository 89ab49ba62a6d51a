"""The pairing-system registry and ``python -m tournaments.pairing --system NAME FILE -p OUT``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tournaments.pairing.model import PairingInput, PlayerRecord
from tournaments.pairing.systems import SYSTEMS, OptionError, from_trf_code, get
from tournaments.standings.tiebreaks import REGISTRY
from tournaments.trf import TrfCell, TrfPlayer, TrfTournament, write_trf
from tournaments.vocabulary import DRAUGHTS_SCORING

ROOT = Path(__file__).resolve().parent.parent.parent


def test_every_system_is_listed_with_its_kind_and_tiebreaks() -> None:
    assert set(SYSTEMS) == {"dutch", "solkoff", "rating", "resistance", "moyenne", "keizer", "berger", "berger_double"}
    kinds = {k: s.kind for k, s in SYSTEMS.items()}
    assert kinds["solkoff"] == kinds["rating"] == kinds["resistance"] == kinds["dutch"] == "swiss"
    assert (kinds["moyenne"], kinds["keizer"], kinds["berger"], kinds["berger_double"]) == (
        "moyenne", "keizer", "round_robin", "double_round_robin"
    )  # fmt: skip
    assert SYSTEMS["berger"].round_robin and not SYSTEMS["solkoff"].round_robin
    for spec in SYSTEMS.values():
        assert all(code in REGISTRY for code in spec.default_tiebreaks), spec.key


@pytest.mark.parametrize("key", sorted(SYSTEMS))
def test_every_engine_pairs_a_first_round(key: str) -> None:
    """Eight players, round 1: every engine pairs all of them on four boards."""
    inp = PairingInput(round=1, total_rounds=7, players=tuple(PlayerRecord(id=i, rating=2000 - i) for i in range(1, 9)))
    rp = SYSTEMS[key].engine(inp)
    assert sorted(x for p in rp.pairings for x in (p.white, p.black)) == list(range(1, 9))


def test_options_are_validated() -> None:
    spec = get("solkoff")
    assert spec.validate({"solkoff_variant": "median"}) == {
        "solkoff_variant": "median",
        "round1": "lot",
        "colours": "fide",
    }
    with pytest.raises(OptionError, match="not one of"):
        spec.configure({"solkoff_variant": "longest"})
    with pytest.raises(OptionError, match="unknown option"):
        spec.configure({"adjacent": True})
    keizer = get("keizer")
    opts = keizer.validate({"top_value": "40", "absence_cap": "", "max_meetings": "4", "initial_order": "3,1,2"})
    assert (opts["top_value"], opts["absence_cap"], opts["max_meetings"], opts["initial_order"]) == (
        40.0,
        None,
        4,
        (3, 1, 2),
    )
    with pytest.raises(OptionError):
        keizer.validate({"own_value_base": "maybe"})
    with pytest.raises(OptionError):
        keizer.validate({"top_value": "nan"})
    with pytest.raises(OptionError, match="unknown pairing system"):
        get("monrad")


def test_trf_codes() -> None:
    assert from_trf_code("FIDE_DUTCH_2025_BAKU") is SYSTEMS["dutch"]
    assert from_trf_code("FMJD_SWISS_RATING") is SYSTEMS["rating"]
    assert from_trf_code("DOUBLE_ROUND_ROBIN_BERGER") is SYSTEMS["berger_double"]
    assert from_trf_code("SOMETHING_ELSE") is None


def _file(tmp_path: Path, n: int = 10, cells: dict[int, list[TrfCell]] | None = None) -> Path:
    cells = cells or {}
    players = tuple(
        TrfPlayer(
            start=i,
            name=f"Player {i}",
            rating=2400 - 10 * i,
            points=sum(
                DRAUGHTS_SCORING.points(c.result, has_opponent=c.opponent is not None) for c in cells.get(i, [])
            ),
            cells=tuple(cells.get(i, [])),
        )
        for i in range(1, n + 1)
    )
    t = TrfTournament(
        players=players, total_rounds=9, initial_colour="w", scoring=DRAUGHTS_SCORING, scoring_declared=True
    )
    path = tmp_path / "event.trf"
    path.write_text(write_trf(t))
    return path


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # Lot order 1..10, halves, FIDE colours: 1-6, 7-2, 3-8, 9-4, 5-10.
        ("solkoff", "5\n1 6\n7 2\n3 8\n9 4\n5 10\n"),
        # The ratings fall with the start number: the same order.
        ("rating", "5\n1 6\n7 2\n3 8\n9 4\n5 10\n"),
        # Toernooimanager: adjacent in lot order, the higher-placed at home.
        ("resistance", "5\n1 2\n3 4\n5 6\n7 8\n9 10\n"),
        ("dutch", "5\n1 6\n7 2\n3 8\n9 4\n5 10\n"),
    ],
)
def test_cli_round_one_in_javafo_format(tmp_path: Path, name: str, expected: str) -> None:
    out = tmp_path / "out.txt"
    res = run("--system", name, str(_file(tmp_path)), "-p", str(out))
    assert res.returncode == 0, res.stderr
    assert out.read_text() == expected


def test_cli_moyenne_and_bye(tmp_path: Path) -> None:
    """Nine players, round 1, moyenne: nobody has a game, so rating order 1..9 top-down: 1-2, 3-4,
    5-6, 7-8 (colours by board: odd boards the higher-ranked White), 9 sits out (``9 0``)."""
    res = run("--system", "moyenne", str(_file(tmp_path, 9)), "-p")
    assert res.returncode == 0, res.stderr
    assert res.stdout == "5\n1 2\n4 3\n5 6\n8 7\n9 0\n"


def test_cli_options_change_the_pairing(tmp_path: Path) -> None:
    """Round 2 after 1-2, 3-4, 5-6, 7-8 drawn (odd numbers White): everyone on 1 point.
    ``--adjacent`` pairs neighbours (1-2 met: 1-3 ...); halves transposes for colours (1-6 ...).
    ``--solkoff-variant`` is accepted for solkoff and refused for other systems (exit 3)."""
    cells: dict[int, list[TrfCell]] = {}
    for w, b in ((1, 2), (3, 4), (5, 6), (7, 8)):
        cells[w] = [TrfCell(b, "w", "=")]
        cells[b] = [TrfCell(w, "b", "=")]
    path = _file(tmp_path, 8, cells)
    halves = run("--system", "resistance", str(path), "-p")
    adjacent = run("--system", "resistance", "--adjacent", str(path), "-p")
    assert halves.returncode == adjacent.returncode == 0
    assert {frozenset(map(int, line.split())) for line in adjacent.stdout.splitlines()[1:]} == {
        frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))
    }
    assert halves.stdout != adjacent.stdout
    assert run("--system", "solkoff", "--solkoff-variant", "median", str(path), "-p").returncode == 0
    bad = run("--system", "rating", "--solkoff-variant", "median", str(path), "-p")
    assert bad.returncode == 3 and "unknown option" in bad.stderr
    assert run("--system", "solkoff", "--solkoff-variant", "longest", str(path), "-p").returncode == 3
    assert run("--dutch", "--system", "rating", str(path), "-p").returncode == 3


def test_cli_check_and_generate_with_a_system(tmp_path: Path) -> None:
    """``-g`` generates a tournament paired by the chosen system; ``-c`` re-pairs it without a
    discrepancy (the engines are deterministic)."""
    out = tmp_path / "gen.trf"
    assert run("--system", "solkoff", "-g", "-o", str(out), "-s", "5").returncode == 0
    res = run("--system", "solkoff", str(out), "-c")
    assert res.returncode == 0, res.stdout + res.stderr
    assert "0 discrepancies" in res.stdout
