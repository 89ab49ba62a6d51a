"""Fuzzing the pure readers: PDN, FEN, move text and TRF, with random and damaged real inputs.

The promise checked here is the boundary of each reader: it either returns a result or raises its
own documented error type (with a message that names where), never anything else.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from arbiter import FenError, NotationError, UnknownVariant, parse_fen, read_pdn, to_fen
from arbiter.notation import parse_move_text
from arbiter.validator import GameInputError, validate
from tests.fuzz.mutations import FIXTURES, mutated, read_fixture, split_pdn_games
from tournaments.pairing.trf_input import to_pairing_input
from tournaments.trf import TrfError, read_trf

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PDN_FILES = sorted((FIXTURES / "pdn").rglob("*.pdn"))
TRF_FILES = sorted((FIXTURES / "pairing" / "dutch2025").glob("*.trf"))


def _pdn_snippets() -> list[str]:
    """Windows of one to three consecutive games from every real PDN fixture (small, so fuzzing stays fast)."""
    snippets: list[str] = []
    for path in PDN_FILES:
        games = split_pdn_games(read_fixture(path))
        for i in range(0, min(len(games), 6), 2):
            snippets.append("\n\n".join(games[i:i + 1 + (i % 3)]))
    return snippets


PDN_SNIPPETS = _pdn_snippets()
FENS = sorted({m.group(1) for path in PDN_FILES for m in re.finditer(r'\[FEN "([^"]*)"\]', read_fixture(path))})
TRF_TEXTS = [read_fixture(p) for p in TRF_FILES[:12]]


def test_the_fuzzing_corpus_was_found():
    assert len(PDN_FILES) >= 10 and len(PDN_SNIPPETS) >= 20
    assert len(FENS) >= 5
    assert len(TRF_TEXTS) >= 10


def _check_pdn(text: str) -> None:
    """read_pdn never raises; every game it returns validates or is refused with the validator's errors."""
    result = read_pdn(text)
    event("pdn: some game refused" if result.errors else "pdn: every game read")
    for err in result.errors:
        assert err.game >= 1 and err.line >= 0 and err.column >= 0 and err.message, err
        assert str(err).startswith(f"game {err.game}, line ")
    for game in result.games[:3]:
        try:
            report = validate(game)
        except (GameInputError, UnknownVariant) as exc:
            assert str(exc), "a refused game needs a message"
            continue
        for irregularity in report.irregularities:
            assert irregularity.message, irregularity


@FUZZ
@given(data=st.data())
def test_pdn_reader_survives_damaged_real_files(data):
    text = data.draw(st.sampled_from(PDN_SNIPPETS))
    _check_pdn(data.draw(mutated(text)))


@FUZZ
@given(text=st.text(max_size=400))
def test_pdn_reader_survives_random_text(text):
    _check_pdn(text)


@FUZZ
@given(text=st.text(alphabet=st.sampled_from(list('[]{}()"; \n.0123456789-x*WB:K%$!?\\')), max_size=300))
def test_pdn_reader_survives_syntax_soup(text):
    _check_pdn(text)


def _check_fen(text: str, profile: str = "international") -> None:
    try:
        pos = parse_fen(text, profile)
    except FenError as exc:
        event("fen: refused")
        assert str(exc)
        return
    event("fen: accepted")
    # A FEN that was accepted must survive its own round trip.
    assert to_fen(parse_fen(to_fen(pos), profile)) == to_fen(pos)


@FUZZ
@given(data=st.data())
def test_fen_parser_refuses_damaged_fens_with_fen_error(data):
    fen = data.draw(st.sampled_from(FENS))
    _check_fen(data.draw(mutated(fen, max_edits=4)))


@FUZZ
@given(text=st.text(max_size=120), profile=st.sampled_from(["international", "english", "russian", "brazilian"]))
def test_fen_parser_refuses_random_text_with_fen_error(text, profile):
    _check_fen(text, profile)


def test_fen_parser_names_unknown_variants():
    with pytest.raises(UnknownVariant):
        parse_fen(FENS[0], "no-such-variant")


@FUZZ
@given(text=st.text(alphabet=st.sampled_from(list("0123456789-x:() ?!*Kabcdefgh\u00d7")), max_size=30),
       profile=st.sampled_from(["international", "english", "russian"]))
def test_move_text_parser_raises_only_notation_error(text, profile):
    try:
        parse_move_text(text, profile)
    except NotationError as exc:
        assert str(exc)


def _check_trf(text: str) -> None:
    try:
        t = read_trf(text)
    except TrfError as exc:
        event("trf: refused")
        assert exc.field and exc.message and str(exc).startswith("TRF error: ")
        return
    try:
        to_pairing_input(t)
    except TrfError as exc:
        assert exc.message


@FUZZ
@given(data=st.data())
def test_trf_reader_survives_damaged_real_files(data):
    text = data.draw(st.sampled_from(TRF_TEXTS))
    _check_trf(data.draw(mutated(text)))


@FUZZ
@given(text=st.text(max_size=400))
def test_trf_reader_survives_random_text(text):
    _check_trf(text)


@FUZZ
@given(data=st.data())
def test_trf_reader_survives_damaged_player_records(data):
    """Edits concentrated on one 001 line: the columns of a player record are where TRF is fragile."""
    text = data.draw(st.sampled_from(TRF_TEXTS))
    lines = text.split("\n")
    idx = [i for i, line in enumerate(lines) if line.startswith("001")]
    i = data.draw(st.sampled_from(idx))
    lines[i] = data.draw(mutated(lines[i], max_edits=3))
    _check_trf("\n".join(lines))


def test_real_files_still_read_cleanly():
    """The corpus itself is valid: mutations start from inputs the readers accept."""
    for text in TRF_TEXTS:
        read_trf(text)
    for path in PDN_FILES[:5]:
        assert read_pdn(read_fixture(path)).games
