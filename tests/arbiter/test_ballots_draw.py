"""Drawing openings: without replacement until the deck is used up, barred openings excluded,
reproducible from a seed and the labels already drawn."""

from __future__ import annotations

import hashlib
import re

import pytest

from arbiter.ballots import Draw, DrawError, UnknownDeck, draw, load_deck
from arbiter.ballots.draw import MAX_DRAW, order


def test_the_order_is_the_documented_hash_order() -> None:
    """Within a cycle the playable labels sort by sha256('<seed>|<deck>|<cycle>|<label>') (the module
    docstring): worked out here from hashlib directly for the two-move deck, seed 'club 2026'."""
    deck = load_deck("english-2move")
    playable = [o.label for o in deck.openings if not o.barred]
    expected = sorted(playable, key=lambda lb: hashlib.sha256(f"club 2026|english-2move|0|{lb}".encode()).hexdigest())
    assert draw(deck, 43, "club 2026").labels == tuple(expected)
    assert order(deck, "club 2026", 1) != tuple(expected)


def test_same_seed_and_history_give_the_same_draw() -> None:
    a = draw("english-3move", 10, "round 1", ["1", "2"])
    b = draw("english-3move", 10, "round 1", ("1", "2"))
    assert a == b and isinstance(a, Draw)
    assert a.deck == "english-3move" and a.seed == "round 1" and a.cycle == 0 and not a.restarted
    assert draw("english-3move", 10, 2026) == draw("english-3move", 10, "2026")
    assert draw("english-3move", 10, "round 2").labels != a.labels


def test_a_full_pass_uses_every_playable_opening_once_and_no_barred_one() -> None:
    deck = load_deck("english-3move")
    labels = draw(deck, 156, "s").labels
    assert len(set(labels)) == 156
    assert set(labels) == {o.label for o in deck.playable}
    assert not {o.label for o in deck.openings if o.barred} & set(labels)


def test_drawing_one_at_a_time_gives_the_same_labels_as_drawing_them_together() -> None:
    together = draw("idf150", 12, "seed").labels
    history: list[str] = []
    for _ in range(12):
        history.extend(draw("idf150", 1, "seed", history).labels)
    assert tuple(history) == together


def test_already_drawn_openings_are_not_drawn_again_until_the_deck_is_used_up() -> None:
    first = draw("english-2move", 40, "x")
    rest = draw("english-2move", 3, "x", first.labels)
    assert not set(rest.labels) & set(first.labels)
    assert len(set(first.labels + rest.labels)) == 43 and not rest.restarted
    # The deck is used up: the next draw starts a new cycle, in a new order.
    again = draw("english-2move", 43, "x", first.labels + rest.labels)
    assert again.cycle == 1 and not again.restarted and len(set(again.labels)) == 43


def test_a_draw_past_the_end_of_the_deck_starts_it_again() -> None:
    result = draw("english-2move", 50, "y")
    assert result.restarted and result.cycle == 0
    assert len(set(result.labels[:43])) == 43
    assert len(set(result.labels[43:])) == 7


def test_barred_labels_in_the_history_count_for_nothing_and_repeats_count_once() -> None:
    """An arbiter may have set a barred opening by hand; it does not use up a playable one."""
    plain = draw("english-3move", 5, "z", ["1"])
    assert draw("english-3move", 5, "z", ["1", "3", "1"]) == plain


def test_fresh_seed_is_returned_and_reproduces_the_draw() -> None:
    result = draw("fmjd64", 3)
    assert re.fullmatch(r"[0-9a-f]{16}", result.seed)
    assert draw("fmjd64", 3, result.seed) == result


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"count": -1}, "must be 0-10000, not -1"),
    ({"count": MAX_DRAW + 1}, "must be 0-10000, not 10001"),
    ({"count": True}, "must be 0-10000, not True"),
    ({"count": "3"}, "must be 0-10000, not '3'"),
    ({"count": 1, "seed": ""}, "seed must be 1-200 characters"),
    ({"count": 1, "seed": "s" * 201}, "seed must be 1-200 characters"),
    ({"count": 1, "seed": "s", "already_drawn": ["1", "175"]},
     "already drawn opening 2 is '175', which is not in deck english-3move"),
])
def test_bad_input_is_refused_with_a_clear_error(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(DrawError, match=re.escape(message)):
        draw("english-3move", **kwargs)  # type: ignore[arg-type]


def test_an_unknown_deck_name_is_refused() -> None:
    with pytest.raises(UnknownDeck, match="the decks are: fmjd64"):
        draw("nope", 1, "s")


def test_zero_openings() -> None:
    assert draw("idf150", 0, "s").labels == ()
