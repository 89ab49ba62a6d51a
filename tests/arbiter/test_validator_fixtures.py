"""Every real game of the PDN fixtures replays; each flag the validator raises on them is genuine."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from arbiter.detect import resolve_by_replay
from arbiter.moves import all_capture_sequences, apply_move, legal_moves
from arbiter.notation import find_moves
from arbiter.pdn import PdnGame, read_pdn
from arbiter.position import initial_position
from arbiter.validator import ValidationReport, validate

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pdn"
# The junk cases (tests/fixtures/pdn/junk) are read by test_pdn_tolerant.
FILES = sorted(p for p in FIXTURES.rglob("*.pdn") if p.parent.name != "junk")


@cache
def games(name: str) -> list[PdnGame]:
    path = next(p for p in FILES if p.name == name)
    return read_pdn(path.read_text(encoding="utf-8", errors="replace")).games


def report(name: str, index: int) -> ValidationReport:
    """Validate game ``index`` (1-based, as PdnGame.index) of fixture file ``name``."""
    return validate(next(g for g in games(name) if g.index == index))


# (file, game index) -> the plies flagged, with their kinds. Every other game must be clean.
FLAGGED = {
    ("Cat.C1.pdn", 46): [(1, "illegal_move")],
    ("schildpad.pdn", 3): [(69, "ambiguous_notation")],
    ("schildpad.pdn", 7): [(111, "ambiguous_notation")],
    # The last move, 3x26, fits 3x10x17x26 and 3x10x19x26 (different pieces taken); no later move tells.
    ("italian_campionato_2005.pdn", 46): [(26, "ambiguous_notation")],
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_game_replays_to_its_end(path: Path) -> None:
    read = read_pdn(path.read_text(encoding="utf-8", errors="replace"))
    assert read.games and not read.errors
    for g in read.games:
        # Files without a GameType: the variant is settled by replaying under each candidate, as the check does.
        r = resolve_by_replay(g) or validate(g)
        flagged = [(i.ply, i.kind) for i in r.irregularities]
        assert flagged == FLAGGED.get((path.name, g.index), []), (g.index, [i.message for i in r.irregularities])
        assert r.stopped is None and len(r.plies) == len(g.moves)
        assert r.result.status != "mismatch", r.result.message


def test_fragment_36x27_from_the_initial_position_is_genuinely_illegal() -> None:
    # Cat.C1.pdn ends with a stray "36x27 1-0" and no tags: it starts from the initial position, where
    # no capture exists at all and 36-27 is no move.
    [g] = [g for g in games("Cat.C1.pdn") if g.index == 46]
    assert g.fen is None and [m.text for m in g.moves] == ["36x27"]
    start = initial_position("international")
    assert all_capture_sequences(start) == []
    assert not any(m.from_sq == 36 and m.to_sq == 27 for m in legal_moves(start))
    [irr] = report("Cat.C1.pdn", 46).irregularities
    assert irr.required == [] and "no capture from 36 to 27" in irr.message


@pytest.mark.parametrize(("index", "ply", "played", "readings", "chosen"), [
    (3, 69, "36x16", {"36x18x7x16", "36x13x2x16"}, "36x13x2x16"),
    (7, 111, "4x24", {"4x22x33x24", "4x31x42x24"}, "4x31x42x24"),
])
def test_schildpad_short_captures_are_genuinely_ambiguous(index: int, ply: int, played: str, readings: set[str],
                                                          chosen: str) -> None:
    r = report("schildpad.pdn", index)
    [irr] = r.irregularities
    assert (irr.ply, irr.played) == (ply, played)
    before = r.position_after(ply - 1)
    fits = find_moves(before, played)
    assert len(fits) == 2 and fits[0].captures != fits[1].captures  # two legal moves, different pieces taken
    assert set(irr.params["candidates"].split(" or ")) == readings and irr.params["chosen"] == chosen
    # The other reading makes the recorded continuation impossible within a few plies.
    other = next(m for m in fits if m != r.plies[ply - 1].move)
    pos = apply_move(before, other)
    ok = 0
    for p in r.plies[ply:]:
        found = find_moves(pos, p.played)
        if not found:
            break
        pos = apply_move(pos, found[0])
        ok += 1
    assert ok < len(r.plies) - ply


def test_full_path_with_a_turning_square_is_read_without_flag() -> None:
    # Cat.C1 game 22: "2x30x11": 30 is where the king turns in 2x30x39x11; the other capture to 11
    # only passes over 30.
    r = report("Cat.C1.pdn", 22)
    assert r.clean and r.plies[10].played == "2x30x11" and r.plies[10].move.path == (2, 30, 39, 11)


def test_kurnik_game_played_on_after_a_threefold_repetition() -> None:
    r = report("kurnik.pdn", 3)
    assert r.draw is not None and (r.draw.rule, r.draw.ply, r.draw.evidence_plies) == (
        "threefold_repetition", 157, (141, 153, 157))
    assert r.position_after(141) == r.position_after(153) == r.position_after(157)
    assert all(not p.move.captures and (r.position_after(p.ply - 1).piece_at(p.move.from_sq) or "").isupper()
               for p in r.plies[141:157])  # only king moves in between: nothing irreversible
    assert len(r.plies) == 165 and r.result.status == "consistent"
