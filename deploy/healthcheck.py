"""Container health check: GET /healthz on the local gunicorn, as the reverse proxy would.

Sends the first of ``ALLOWED_HOSTS`` as Host and ``X-Forwarded-Proto: https`` so that host
validation and the HTTPS redirect behave as behind the proxy. Exit 0 if the answer's first line is
"ok" (the database answers: the site works, even with Redis down; the lines after it name each
service, and the log shows them when one is down).
"""

from __future__ import annotations

import os
import sys
import urllib.request


def main() -> int:
    hosts = [h.strip().lstrip(".") for h in os.environ.get("ALLOWED_HOSTS", "").split(",") if h.strip()]
    host = next((h for h in hosts if h != "*"), "localhost")
    bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000").replace("0.0.0.0", "127.0.0.1")  # noqa: S104
    request = urllib.request.Request(
        f"http://{bind}/healthz", headers={"Host": host, "X-Forwarded-Proto": "https"}
    )
    try:
        with urllib.request.urlopen(request, timeout=4) as response:  # noqa: S310 (fixed local URL)
            body = response.read().decode("utf-8", "replace")
            ok = response.status == 200 and body.splitlines()[:1] == ["ok"]
            if ok and response.headers.get("X-Health", "ok") != "ok":
                print(body.strip(), file=sys.stderr)
    except OSError as exc:
        print(f"unhealthy: {exc}", file=sys.stderr)
        return 1
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
