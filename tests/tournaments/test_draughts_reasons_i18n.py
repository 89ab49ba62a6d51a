"""The draughts Swiss systems' reasons and the draughts tie-break explanations in the arbiter's
language (German, Dutch, French), through the same wording code as the pages."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.pairing.fmjd import pair_rating
from tournaments.pairing.model import PairingInput, PlayerRecord
from tournaments.pairing.resistance import pair_resistance
from tournaments.reports.reasons import is_known, reason_text
from tournaments.reports.why import ties
from tournaments.standings import StandingsInput, StandingsPlayer, explain_standings
from tournaments.vocabulary import RoundRecord

NAMES = {i: f"Player {i}" for i in range(1, 11)}


def _ten_players_round_two() -> PairingInput:
    """Round 1 of ten on rating: 1-6, 7-2, 3-8, 9-4, 5-10, the top five win: round 2 has an odd
    group of winners, so 5 moves down."""
    hist: dict[int, list[RoundRecord]] = {i: [] for i in range(1, 11)}
    for w, b, code in ((1, 6, "1"), (7, 2, "0"), (3, 8, "1"), (9, 4, "0"), (5, 10, "1")):
        hist[w].append(RoundRecord(1, b, "w", code))  # type: ignore[arg-type]
        hist[b].append(RoundRecord(1, w, "b", {"1": "0", "0": "1"}[code]))  # type: ignore[arg-type]
    players = tuple(PlayerRecord(id=i, rating=2100 - 100 * i, history=tuple(h)) for i, h in hist.items())
    return PairingInput(round=2, total_rounds=9, players=players)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ("steigt aus der Punktgruppe 2 ab", "Obere gegen untere Hälfte")),
        ("nl", ("zakt af uit scoregroep 2", "Bovenste helft tegen onderste helft")),
        ("fr", ("descend du groupe de points 2", "Moitié haute contre moitié basse")),
    ],
)
def test_swiss_reasons_are_translated(language: str, words: tuple[str, str]) -> None:
    rp = pair_rating(_ten_players_round_two())
    reasons = [r for p in rp.pairings for r in p.reasons]
    assert all(is_known(r) for r in reasons)
    with translation.override(language):
        texts = [reason_text(r, NAMES) or "" for r in reasons]
    assert any(words[0] in t for t in texts), texts
    assert any(words[1] in t for t in texts), texts
    assert any("Player 5 (5)" in t for t in texts)  # players named


def test_toernooimanager_reasons_in_dutch() -> None:
    rp = pair_resistance(PairingInput(round=1, total_rounds=5, players=tuple(PlayerRecord(id=i) for i in range(1, 5))))
    with translation.override("nl"):
        texts = [reason_text(r, NAMES) for p in rp.pairings for r in p.reasons]
    assert "Kleuren: nog geen partijen, de hoger geplaatste speler krijgt de beginkleur" in texts
    assert any(t and t.startswith("Buren: plaats 1 tegen plaats 2 van 4") for t in texts)


def test_why_a_is_above_b_with_the_solkoff_family_in_german() -> None:
    """Points: 1 = 2 + 2 (PAB) = 4, 2 = 1 + 1 = 2, 3 = 0 + 1 = 1, 4 = 1 + 0 (absent) = 1. 3 and 4 tie:
    SOLK/T1 of 3 = 4 + 2 - 2 = 4, of 4 = 2 + 0 - 0 = 2; the page says 4's absence counts 0 (FMJD)."""
    hist = {
        1: (RoundRecord(1, 3, "w", "1"), RoundRecord(2, None, None, "U")),
        2: (RoundRecord(1, 4, "w", "="), RoundRecord(2, 3, "b", "=")),
        3: (RoundRecord(1, 1, "b", "0"), RoundRecord(2, 2, "w", "=")),
        4: (RoundRecord(1, 2, "b", "="), RoundRecord(2, None, None, "Z")),
    }
    players = tuple(StandingsPlayer(start_number=i, name=f"Player {i}", rounds=h) for i, h in hist.items())
    explained = explain_standings(StandingsInput(players=players, total_rounds=2, tiebreaks=("SOLK/T1", "SOLK")))
    with translation.override("de"):
        views = ties(explained)
    lines = [line for v in views for s in v.steps for pv in (s.above, s.below) for line in pv.lines]
    assert any("nicht gespielte Runde: zählt 0 (FMJD-Solkoff)" in line for line in lines), lines
    names = [s.name for v in views for s in v.steps]
    assert "Solkoff mit einem Streichwert" in names
