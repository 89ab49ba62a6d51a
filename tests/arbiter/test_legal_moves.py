"""Legal-move sets and notation against tests/fixtures/rules/*.jsonl (FMJD rules, random games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbiter import legal_moves, move_to_text, parse_fen

RULES = Path(__file__).resolve().parent.parent / "fixtures" / "rules"


def _load(name: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in (RULES / name).read_text().splitlines() if line.strip()]


TRAIN = _load("legal_moves_train.jsonl")
TRICKY = _load("tricky_examples.jsonl")


def _expected(record: dict[str, object]) -> dict[tuple[int, int, frozenset[int]], str]:
    moves = record["moves"]
    assert isinstance(moves, list)
    return {(m["from"], m["to"], frozenset(m["captures"])): m["notation"] for m in moves}


def _batches(n: int) -> list[object]:
    size = (len(TRAIN) + n - 1) // n
    return [pytest.param(i * size, min(len(TRAIN), (i + 1) * size), id=f"lines{i * size + 1}-{(i + 1) * size}")
            for i in range(n)]


@pytest.mark.parametrize(("lo", "hi"), _batches(8))
def test_move_sets_equal_fixture(lo: int, hi: int) -> None:
    wrong = []
    for rec in TRAIN[lo:hi]:
        pos = parse_fen(str(rec["fen"]))
        got = {m.key for m in legal_moves(pos)}
        exp = set(_expected(rec))
        if got != exp:
            wrong.append(f"{rec['fen']}: missing {exp - got}, extra {got - exp}")
    assert not wrong, "\n".join(wrong[:5])


@pytest.mark.parametrize(("lo", "hi"), _batches(8))
def test_notation_equals_fixture(lo: int, hi: int) -> None:
    wrong = []
    for rec in TRAIN[lo:hi]:
        pos = parse_fen(str(rec["fen"]))
        legal = legal_moves(pos)
        exp = _expected(rec)
        for m in legal:
            text = move_to_text(pos, m, legal)
            if m.key in exp and text != exp[m.key]:
                wrong.append(f"{rec['fen']}: {text} != {exp[m.key]}")
    assert not wrong, "\n".join(wrong[:5])


def test_fixture_has_kings_and_multiple_captures() -> None:
    # Guards that the data above exercises the hard cases, not only quiet moves.
    assert any("K" in str(r["fen"]) for r in TRAIN)
    captures = [m["captures"] for r in TRAIN for m in r["moves"]]  # type: ignore[union-attr]
    assert any(len(c) >= 3 for c in captures)


@pytest.mark.parametrize("rec", TRICKY, ids=[str(r["id"]) for r in TRICKY])
def test_tricky_examples(rec: dict[str, object]) -> None:
    pos = parse_fen(str(rec["fen"]))
    legal = legal_moves(pos)
    exp = _expected(rec)
    assert {m.key for m in legal} == set(exp), f"{rec['category']}: {rec['note']}"
    for m in legal:
        assert move_to_text(pos, m, legal) == exp[m.key], f"notation ({rec['category']}): {rec['note']}"
