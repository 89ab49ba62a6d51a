"""Perft figures of tests/fixtures/rules/perft.json (dctl, BikDam), counted by the arbiter.

Fast suite: every figure up to FAST_LEAVES leaves; deeper figures up to SLOW_LEAVES run under
the ``slow`` marker (``pytest -m slow tests/arbiter/test_perft.py``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter import initial_position, parse_fen, perft

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "rules" / "perft.json"
FAST_LEAVES = 60_000
SLOW_LEAVES = 10_000_000


def _cases() -> list[object]:
    data = json.loads(FIXTURE.read_text())
    cases = []
    for entry in data["positions"]:
        if entry["variant"] is None:
            continue  # a variant the project does not support (kept in the file as facts)
        for field, keep in (("drop_duplicates", False), ("keep_duplicates", True)):
            for depth, leaves in enumerate(entry.get(field, []), start=1):
                if leaves > SLOW_LEAVES:
                    continue
                marks = [pytest.mark.slow] if leaves > FAST_LEAVES else []
                cases.append(pytest.param(entry["variant"], entry["fen"], depth, leaves, keep,
                                          id=f"{entry['name']}-{field}-d{depth}", marks=marks))
    return cases


@pytest.mark.parametrize(("variant", "fen", "depth", "leaves", "keep"), _cases())
def test_perft_matches_published_figure(variant: str, fen: str | None, depth: int, leaves: int,
                                        keep: bool) -> None:
    pos = parse_fen(fen, variant) if fen else initial_position(variant)
    assert perft(pos, depth, keep_duplicates=keep) == leaves


def test_fast_suite_covers_every_supported_variant() -> None:
    variants = {p.values[0] for p in _cases() if not p.marks}
    assert variants == {"international", "brazilian", "russian", "english", "german"}


def test_depth_zero_is_one_and_negative_depth_is_rejected() -> None:
    pos = initial_position("international")
    assert perft(pos, 0) == 1
    with pytest.raises(ValueError, match="depth"):
        perft(pos, -1)


def test_duplicate_capture_paths_count_once() -> None:
    # tricky_examples circular capture: two paths (clockwise / anticlockwise) of one move 33x33.
    pos = parse_fen("W:W32,33,35:B18,19,28,29")
    assert perft(pos, 1) == 1
    assert perft(pos, 1, keep_duplicates=True) == 2
