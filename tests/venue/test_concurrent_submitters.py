"""Thirty phones submit at the same moment to the venue server on loopback: nothing is lost.

A real ``manage.py venue`` process (waitress, SQLite in WAL mode with a busy timeout, DEBUG off)
serves a 60-player round. Each of the 30 White players opens the board's result page (the URL of
its board card's QR code): 15 signed in through the login form, 15 through their private link.
Released together by a barrier, all 30 send 2-0 through the real result form; then the 30 Black
players confirm at the same moment. Read straight from the SQLite file afterwards: 30 submissions,
one per game, each confirmed by its Black player; every request was answered with the page that
says so (no error page, no "database is locked").
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.venue.hall import ROOT, Phone, csrf, form_action, start_venue, stop_venue, venue_env, wait_until_serving

GAMES = 30
PORT = 8613


@pytest.fixture
def hall(tmp_path: Path):
    db = tmp_path / "db.sqlite3"
    seeded = subprocess.run([sys.executable, str(ROOT / "tests" / "venue" / "seed_hall.py"), str(GAMES)],
                            cwd=ROOT, env=venue_env(db, tmp_path / "static"), capture_output=True, text=True,
                            timeout=300)
    assert seeded.returncode == 0, seeded.stderr
    log = tmp_path / "venue.log"
    proc = start_venue(db, tmp_path / "static", PORT, log, bind="127.0.0.1", address="127.0.0.1")
    try:
        wait_until_serving(proc, log)
        yield db, json.loads(seeded.stdout), f"http://127.0.0.1:{PORT}"
    finally:
        code = stop_venue(proc)
        text = log.read_text(encoding="utf-8", errors="replace")
        assert code == 0, text
        assert "Traceback" not in text and "database is locked" not in text, text


def _together(n: int, work) -> list[object]:
    """Run ``work(i, barrier)`` in ``n`` threads; each calls ``barrier.wait()`` just before its POST."""
    barrier = threading.Barrier(n, timeout=300)
    results: list[object] = [None] * n

    def run(i: int) -> None:
        try:
            results[i] = work(i, barrier)
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            results[i] = exc
            barrier.abort()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(600)
    return results


def test_thirty_phones_submit_at_once_and_nothing_is_lost(hall):
    db, seeded, base = hall
    slug, rnd, password = seeded["slug"], seeded["round"], seeded["password"]
    boards = seeded["boards"]
    assert len(boards) == GAMES

    def submit(i: int, barrier: threading.Barrier) -> str:
        row = boards[i]
        phone = Phone(base)
        board_path = f"/g/t/{slug}/round/{rnd}/board/{row['board']}/"
        if "white" in row:
            status, url, html, _h = phone.login(row["white"], password, board_path)
            assert status == 200 and "/submit/" in html, (status, url)
            action = form_action(html, r"/g/\d+/submit/")
        else:
            status, _url, _html, _h = phone.get(f"/g/l/{row['white_link']}/")
            assert status == 200
            status, url, html, _h = phone.get(board_path)  # the board card's QR code, on the same phone
            assert status == 200 and "/g/l/" in url, (status, url)
            action = form_action(html, r"/g/l/[A-Za-z0-9_-]+/\d+/")
        data = {"csrfmiddlewaretoken": csrf(html), "result": "2-0", "termination": "normal", "moves": ""}
        barrier.wait()
        status, _url, html, _h = phone.post(action, data)
        assert status == 200, f"board {row['board']}: {status} {html[:300]}"
        assert "counts once your opponent" in html, f"board {row['board']}: no confirmation on the page"
        return "sent"

    outcomes = _together(GAMES, submit)
    failures = [o for o in outcomes if o != "sent"]
    assert not failures, failures

    with sqlite3.connect(db) as con:
        rows = con.execute(
            "SELECT b.number, s.result, s.status, s.via_link FROM games_resultsubmission s "
            "JOIN games_game g ON g.id = s.game_id JOIN tournaments_board b ON b.id = g.board_id").fetchall()
    assert len(rows) == GAMES, f"{len(rows)} submissions stored for {GAMES} sent"
    assert sorted(r[0] for r in rows) == [b["board"] for b in boards], "one submission per board"
    assert {(r[1], r[2]) for r in rows} == {("2-0", "pending")}
    assert sum(r[3] for r in rows) == sum(1 for b in boards if "white_link" in b)

    def confirm(i: int, barrier: threading.Barrier) -> str:
        row = boards[i]
        phone = Phone(base)
        status, url, html, _h = phone.login(row["black"], password, f"/g/t/{slug}/round/{rnd}/board/{row['board']}/")
        assert status == 200, (status, url)
        action = form_action(html, r"/g/submission/\d+/confirm/")
        token = csrf(html)
        barrier.wait()
        status, _url, html, _h = phone.post(action, {"csrfmiddlewaretoken": token})
        assert status == 200 and "confirmed." in html, f"board {row['board']}: {status}"
        return "confirmed"

    outcomes = _together(GAMES, confirm)
    failures = [o for o in outcomes if o != "confirmed"]
    assert not failures, failures
    with sqlite3.connect(db) as con:
        confirmed = con.execute(
            "SELECT count(*), count(DISTINCT s.game_id) FROM games_resultsubmission s "
            "JOIN auth_user u ON u.id = s.confirmed_by_id "
            "WHERE s.status = 'confirmed' AND u.username LIKE 'hall-black-%'"
        ).fetchone()
    assert confirmed == (GAMES, GAMES)
