"""Speed of the public standings, the standings page and the crosstable PDF (not a test; prints figures).

Builds a throw-away SQLite database (never the project's), generates a Swiss tournament of
``--players`` x ``--rounds`` with confirmed results, then measures:

* standings computation: the pure ranking and tie-breaks (``compute_standings``) on the
  stored tournament's input, and the whole service (history queries + ranking);
* the public standings page: queries and time, cold (nothing cached) and warm;
* the crosstable PDF build (reportlab), and its page count.

    .venv/bin/python bench/bench_pages.py [--players 300] [--rounds 11] [--repeat 5]

Goals (issue 7): standings < 100 ms, the page < 20 queries and < 300 ms, the PDF < 3 s.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="bench-pages-")
    os.environ["SQLITE_PATH"] = str(Path(workdir) / "bench.sqlite3")
    os.environ["MEDIA_ROOT"] = str(Path(workdir) / "media")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse
    from pypdf import PdfReader

    from tournaments.public.sample import create_sample_tournament
    from tournaments.reports.standings import load_results, standings_for, standings_input
    from tournaments.services.documents import build_crosstable_pdf
    from tournaments.standings import compute_standings

    call_command("migrate", verbosity=0)
    t0 = time.perf_counter()
    t = create_sample_tournament("bench", args.players, args.rounds)
    print(f"generated {args.players} players x {args.rounds} rounds in {time.perf_counter() - t0:.1f} s ({workdir})")

    results = load_results(t)
    inp = standings_input(t, results)
    pure = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        compute_standings(inp)
        pure.append(time.perf_counter() - t0)
    full = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        standings_for(t)
        full.append(time.perf_counter() - t0)
    print(f"standings computation (pure ranking + tie-breaks): median {_ms(statistics.median(pure))}  [goal < 100 ms]")
    print(f"standings service (history queries + ranking):     median {_ms(statistics.median(full))}")

    client = Client()
    url = reverse("public:standings", args=[t.slug])
    for label, clear in (("cold", True), ("warm", False)):
        times, queries = [], []
        for _ in range(args.repeat):
            if clear:
                cache.clear()
            with CaptureQueriesContext(connection) as ctx:
                t0 = time.perf_counter()
                response = client.get(url)
                times.append(time.perf_counter() - t0)
            assert response.status_code == 200, response.status_code
            queries.append(len(ctx.captured_queries))
        print(
            f"standings page ({label} cache): {max(queries)} queries, median {_ms(statistics.median(times))}"
            f"  [goal < 20 queries, < 300 ms]"
        )
    live = reverse("public:standings_live", args=[t.slug])
    etag = client.get(live)["ETag"]
    with CaptureQueriesContext(connection) as ctx:
        t0 = time.perf_counter()
        status = client.get(live, headers={"if-none-match": etag}).status_code
        elapsed = time.perf_counter() - t0
    print(f"htmx poll, nothing changed: HTTP {status}, {len(ctx.captured_queries)} query, {_ms(elapsed)}")

    pdf_times = []
    data = b""
    for _ in range(max(1, args.repeat // 2)):
        t0 = time.perf_counter()
        data = build_crosstable_pdf(t)
        pdf_times.append(time.perf_counter() - t0)
    pages = len(PdfReader(io.BytesIO(data)).pages)
    print(
        f"crosstable PDF: median {statistics.median(pdf_times):.2f} s, {pages} pages, {len(data) // 1024} KiB"
        f"  [goal < 3 s]"
    )


if __name__ == "__main__":
    main()
