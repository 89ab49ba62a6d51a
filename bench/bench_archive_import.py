"""Tournament archive import: time and peak memory of reading and of importing, up to the stated bounds.

    .venv/bin/python bench/bench_archive_import.py [--players 3000] [--rounds 9] [--audit 30000] [--limits]

Builds a synthetic archive in memory (a Swiss of ``--players`` players and ``--rounds`` rounds, a game
with 80 half-moves and one confirmed submission per board, ``--audit`` audit entries), then measures
with tracemalloc (Python allocations: what the import costs beyond the process itself):

* reading: the zip's checks, the streamed parse and the spooling of every row (``read_archive``);
* importing: reading plus storing it all in one transaction (``import_archive``) on a fresh SQLite
  database, then importing the same file again (the update path, nothing changes).

``--limits`` instead builds every section at its bound (``archive_schema.MAX_ROWS``, the JSON member
below ``MAX_JSON_BYTES``) and measures the reading only (storing 300,000 rows takes minutes).
``make_archive`` is shared with ``tests/fuzz/test_upload_bounds.py``.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import sys
import time
import tracemalloc
import uuid
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MB = 1024 * 1024
MOVES = " ".join(f"{i // 2 + 1}. 32-28 19-23" if i % 2 == 0 else "28x19 14x23" for i in range(40))
SHORT_MOVES = "1. 32-28 19-23 2. 28x19 14x23"  # at the bounds: every section full within MAX_JSON_BYTES


def _stamp(i: int) -> str:
    """A distinct time as the archive writes one (``isoformat`` in UTC)."""
    when = datetime.datetime(2026, 10, 1, 10, tzinfo=datetime.UTC) + datetime.timedelta(seconds=i, microseconds=i)
    return when.isoformat()


def make_document(players: int, rounds: int, audit: int, *, limits: bool = False) -> dict[str, Any]:
    """A synthetic archive document: valid for import (every reference resolves) unless ``limits``."""
    from games.services.archive_schema import MAX_ROWS
    from games.services.archive_zip import FORMAT, VERSION

    moves = MOVES
    if limits:
        players, rounds, audit = MAX_ROWS["entries"], MAX_ROWS["rounds"], MAX_ROWS["audit"]
        moves = SHORT_MOVES
    uids = [str(uuid.UUID(int=i + 1)) for i in range(players)]
    entries = [{"uid": uids[i], "start_number": i + 1, "rating": 2400 - i % 1000, "status": "active",
                "player": {"name": f"Spieler {i:05d}, Vorname", "rating": 2400 - i % 1000, "federation": "NED",
                           "club": "DC Utrecht", "fmjd_id": str(100000 + i)}} for i in range(players)]
    per_round = players // 2
    boards_wanted = MAX_ROWS["boards"] if limits else per_round * rounds
    boards, games, submissions = [], [], []
    for n in range(boards_wanted):
        rnd, number = n // max(per_round, 1) + 1, n % max(per_round, 1) + 1
        if rnd > rounds:
            break
        white, black = uids[(number * 2 - 2 + rnd) % players], uids[(number * 2 - 1 + rnd * 3) % players]
        boards.append({"round": rnd, "number": number, "white": white, "black": black, "bye_kind": ""})
        games.append({"board": [rnd, number], "moves": moves, "result": "2-0"})
        submissions.append({"game": [rnd, number], "version": 1, "result": "2-0", "moves": moves,
                            "termination": "normal", "status": "confirmed", "submitted_by": None,
                            "confirmed_by": None, "confirmed_at": _stamp(n), "created_at": _stamp(n)})
    audit_rows = [{"action": "result.enter", "actor": f"arbiter{i % 5}", "object_type": "games.Game",
                   "object_id": str(i), "object_repr": f"Game {i}", "before": "", "after": f"result=2-0 #{i}",
                   "created_at": _stamp(i)} for i in range(audit)]
    doc: dict[str, Any] = {
        "format": FORMAT, "version": VERSION, "exported_at": _stamp(0),
        "tournament": {"event_id": str(uuid.UUID(int=10**9 + players)), "slug": f"bench-{players}",
                       "name": f"Bench open {players}", "rounds_planned": max(rounds, 1)},
        "entries": entries, "rounds": [{"number": r, "status": "finished"} for r in range(1, rounds + 1)],
        "boards": boards, "games": games, "submissions": submissions, "audit": audit_rows,
        "absences": [], "prohibited_pairs": [], "draw_claims": [], "rulings": [], "links": [], "corrections": [],
        "users": [],
    }
    return doc


def make_archive(doc: dict[str, Any]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("tournament.json", json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
        zf.writestr("games.pdn", "")
    return buf.getvalue()


TRACE = [True]


def measured(work: Callable[[], Any]) -> tuple[Any, float, float]:
    """(result, seconds, peak MB of Python allocations during ``work``; 0 with ``--time-only``)."""
    if not TRACE[0]:
        start = time.perf_counter()
        out = work()
        return out, time.perf_counter() - start, 0.0
    tracemalloc.start()
    start = time.perf_counter()
    try:
        out = work()
    finally:
        seconds = time.perf_counter() - start
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return out, seconds, peak / MB


def _json_size(raw: bytes) -> int:
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        return zf.getinfo("tournament.json").file_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--audit", type=int, default=30000)
    parser.add_argument("--limits", action="store_true", help="every section at its bound; reading only")
    parser.add_argument("--time-only", action="store_true", help="no tracemalloc (it slows Python down 2-3 times)")
    args = parser.parse_args()
    TRACE[0] = not args.time_only
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    folder = Path(os.environ.get("BENCH_DIR", "/tmp/bench-archive"))
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["SQLITE_PATH"] = str(folder / "bench.sqlite3")
    (folder / "bench.sqlite3").unlink(missing_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    from games.services.archive import import_archive, read_archive

    raw = make_archive(make_document(args.players, args.rounds, args.audit, limits=args.limits))
    rows = None

    def read() -> int:
        with read_archive(raw) as doc:
            return sum(doc.counts.values())

    rows, seconds, peak = measured(read)
    print(f"archive: {len(raw) / MB:.1f} MB zip, {_json_size(raw) / MB:.1f} MB tournament.json, {rows} rows")
    print(f"read (stream, check, spool): {seconds:.1f} s, peak {peak:.1f} MB")
    if args.limits:
        return
    call_command("migrate", verbosity=0)
    report, seconds, peak = measured(lambda: import_archive(raw))
    print(f"import (new event, one transaction): {seconds:.1f} s, peak {peak:.1f} MB; {report.added}")
    report, seconds, peak = measured(lambda: import_archive(raw))
    print(f"import again (update path, unchanged={report.unchanged}): {seconds:.1f} s, peak {peak:.1f} MB")


if __name__ == "__main__":
    main()
