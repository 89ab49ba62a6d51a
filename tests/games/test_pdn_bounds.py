"""Issue 14 item 8: a PDN import is bounded in games, characters per game, half-moves per game and
report size, and what is over a bound is named in the report while the rest of the file is imported."""

from __future__ import annotations

import io
import tracemalloc

import pytest
from django.urls import reverse

from arbiter.pdn import PdnError, PdnGame, iter_pdn
from games.services import pdn_import
from games.services.pdn_import import import_pdn_text
from tournaments.models import TaskRun

GAME = '[Event "x"]\n[Round "{r}"]\n[White "A{i}"]\n[Black "B{i}"]\n[Result "1-1"]\n\n1. 32-28 19-23 1-1\n\n'


def _file(n: int, round_number: int = 9) -> str:
    return "".join(GAME.format(r=round_number, i=i) for i in range(n))


def test_a_game_over_the_character_bound_is_an_error_and_the_next_game_is_read():
    long_comment = "{" + "x" * 5000 + "}"
    text = GAME.format(r=1, i=1) + GAME.format(r=1, i=2).replace("1. 32-28", f"1. 32-28 {long_comment}") \
        + GAME.format(r=1, i=3)
    items = list(iter_pdn(io.StringIO(text), max_game_chars=1000))
    assert [type(i) for i in items] == [PdnGame, PdnError, PdnGame]
    err = items[1]
    assert isinstance(err, PdnError) and err.game == 2 and err.line == 9
    assert "longer than 1000 characters" in err.message
    assert items[2].tags["White"] == "A3"


def test_the_reader_never_holds_an_oversize_game(monkeypatch):
    """One 5 MB game with a bound of 50,000 characters: the reader's peak stays far below 5 MB."""
    text_lines = ['[Round "1"]', "", "1. 32-28 19-23"] + ["{" + "y" * 998 + "}"] * 5000 + ["1-1"]
    tracemalloc.start()
    items = list(iter_pdn(iter(text_lines), max_game_chars=50_000))
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(items) == 1 and isinstance(items[0], PdnError)
    assert peak < 1_000_000, peak


def test_a_game_with_too_many_half_moves_is_refused_with_the_figures(tournament, arbiter, monkeypatch):
    monkeypatch.setattr(pdn_import, "MAX_PLIES", 1)
    report = import_pdn_text(tournament, _file(1, 1), arbiter)
    (err,) = report["errors"]
    assert err["message"] == "the game has 2 half-moves; at most 1 are read"
    assert report["total"] == 1 and not report["stored"]


def test_a_file_over_the_game_bound_reads_the_first_games_and_says_the_rest_was_not_read(
        tournament, arbiter, monkeypatch):
    monkeypatch.setattr(pdn_import, "MAX_GAMES", 5)
    report = import_pdn_text(tournament, _file(8), arbiter)
    assert report["total"] == 5
    assert len(report["unmatched"]) == 5  # round 9 does not exist: all five wait for the arbiter
    (err,) = report["errors"]
    assert err["index"] == 6 and "more than 5 games" in err["message"]


def test_only_the_first_waiting_games_keep_their_text(tournament, arbiter, monkeypatch):
    monkeypatch.setattr(pdn_import, "MAX_WAITING", 3)
    report = import_pdn_text(tournament, _file(5), arbiter)
    kept = [bool(u["pdn"]) for u in report["unmatched"]]
    assert kept == [True, True, True, False, False]


@pytest.mark.django_db
def test_the_report_page_shows_a_hundred_lines_per_section_and_pages_on(tournament, arbiter, login):
    report = import_pdn_text(tournament, _file(250), arbiter)
    task = TaskRun.objects.create(tournament=tournament, kind="pdn_import", status="done", progress=100,
                                  report={**report, "file": "big.pdn"})
    client = login(arbiter)
    url = reverse("games:import_status", args=[tournament.slug, task.pk])
    first = client.get(url).content.decode()
    assert first.count("(line ") == 100
    assert "0 of 250 games stored." in first and "?page=1" in first and "?page=-1" not in first
    last = client.get(url + "?page=2").content.decode()
    assert last.count("(line ") == 50 and "?page=1" in last and "?page=3" not in last
    # The games past MAX_WAITING (300) are not reached here; the 250 all keep their text.
    assert "import the file again" not in last
    assert client.get(url + "?page=x").status_code == 200
