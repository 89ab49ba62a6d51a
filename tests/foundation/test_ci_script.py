"""The CI script's guard: a pass that ran no test (or only skipped ones) fails the run."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CI = ROOT / ".ci" / "run"


def _report(tmp_path: Path, tests: int, skipped: int = 0, failures: int = 0) -> Path:
    path = tmp_path / "report.xml"
    path.write_text(
        '<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">'
        f'<testsuite name="pytest" errors="0" failures="{failures}" skipped="{skipped}" tests="{tests}"/>'
        "</testsuites>"
    )
    return path


def _guard(report: Path, minimum: int) -> subprocess.CompletedProcess[str]:
    # Run the very function .ci/run defines, not a copy of it.
    script = f'PY="{sys.executable}"\n' + _function_source() + f'\npassed_at_least "{report}" {minimum}\n'
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)


def _function_source() -> str:
    lines = CI.read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("passed_at_least()"))
    end = next(i for i in range(start, len(lines)) if lines[i] == "}")
    return "\n".join(lines[start : end + 1])


@pytest.mark.parametrize(
    ("tests", "skipped", "failures"),
    [(0, 0, 0), (3, 3, 0), (5, 0, 1)],
    ids=["no test collected", "all skipped", "a failure"],
)
def test_a_pass_without_a_passed_test_fails(tmp_path, tests, skipped, failures):
    result = _guard(_report(tmp_path, tests, skipped, failures), 1)
    assert result.returncode != 0
    assert "FAIL" in result.stderr


def test_a_pass_with_passed_tests_succeeds(tmp_path):
    result = _guard(_report(tmp_path, 10, skipped=2), 1)
    assert result.returncode == 0, result.stderr
    assert "8 passed, 2 skipped" in result.stdout


def test_the_worker_pass_needs_both_integration_tests(tmp_path):
    assert _guard(_report(tmp_path, 1), 2).returncode != 0


def test_ci_runs_every_pass_with_errexit():
    text = CI.read_text()
    assert "set -euo pipefail" in text
    for needle in (
        "make test",
        "make lint",
        "DATABASE_URL=",
        "-m worker tests/integration",
        "-m browser",
        "-m load tests/concurrency",
    ):
        assert needle in text, needle
    # SQLite, PostgreSQL, worker, browser, load and slow passes each prove they ran tests.
    assert text.count("passed_at_least \"$ARTIFACTS/") == 6


def test_make_lint_checks_types_of_the_whole_project():
    """``make lint`` (CI step 2) runs ruff, mypy --strict on all four packages and the import contracts."""
    recipe = (ROOT / "Makefile").read_text().split("\nlint:", 1)[1].split("\n\n", 1)[0]
    for needle in ("ruff check .", "-m mypy", "lint-imports"):
        assert needle in recipe, needle
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]
    assert mypy["strict"] is True
    assert set(mypy["files"]) == {"arbiter", "tournaments", "games", "config"}
    assert "mypy_django_plugin.main" in mypy["plugins"]
