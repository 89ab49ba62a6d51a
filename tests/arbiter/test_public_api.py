"""The package root exports the whole public API, so users import from ``arbiter``."""

from __future__ import annotations

import pytest

import arbiter
from arbiter import claims, results, validator


def test_every_exported_name_exists() -> None:
    missing = [name for name in arbiter.__all__ if not hasattr(arbiter, name)]
    assert missing == []


def test_validator_and_claims_api_is_exported_from_the_root() -> None:
    assert arbiter.validate is validator.validate
    assert arbiter.GameRecord is validator.GameRecord
    assert arbiter.Ruling is validator.Ruling
    assert arbiter.ValidationReport is validator.ValidationReport
    assert arbiter.Irregularity is validator.Irregularity
    assert arbiter.GameInputError is validator.GameInputError
    assert arbiter.rule_on_claim is claims.rule_on_claim
    assert arbiter.ClaimRuling is claims.ClaimRuling
    assert arbiter.ClaimError is claims.ClaimError
    assert arbiter.check_result is results.check_result
    assert arbiter.ResultCheck is results.ResultCheck


def test_root_api_validates_and_rules_on_a_claim() -> None:
    report = arbiter.validate(arbiter.GameRecord(None, ["32-28", "19-23", "28x19"]))
    assert report.clean and len(report.plies) == 3
    ruling = arbiter.rule_on_claim(report, 3, "threefold_repetition")
    assert isinstance(ruling, arbiter.ClaimRuling) and not ruling.upheld


def test_report_gives_the_position_after_each_ply() -> None:
    report = arbiter.validate(arbiter.GameRecord("W:W28:B23,25", ["28x19", "25-30"]))
    assert report.clean
    assert report.fen_after(0) == "W:W28:B23,25"
    assert report.fen_after(1) == "B:W19:B25"
    assert report.fen_after(2) == "W:W19:B30"
    with pytest.raises(IndexError, match="plies 0-2"):
        report.fen_after(3)
