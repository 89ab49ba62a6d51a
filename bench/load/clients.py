"""Load clients on http.client: players submitting results, spectators polling standings, an arbiter.

Every client keeps its own keep-alive connection and cookies, and talks to 127.0.0.1 only. The
requests carry ``X-Forwarded-Proto: https`` as the reverse proxy would, so the production
settings (secure cookies, CSRF origin checks) are exercised as deployed.
"""

from __future__ import annotations

import http.client
import random
import re
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode

SUBMITTED = "counts once your opponent"
# Once an arbiter confirmed the game's result, players may only ask for a correction (issue 14.2).
LOCKED = "only an arbiter changes it now"
CONFIRMED = "confirmed."
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@dataclass
class Stats:
    """Thread-safe tally: latencies per request kind, errors with details, accepted actions."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def record(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.latencies[kind].append(seconds)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)

    def count(self, name: str, n: int = 1) -> None:
        with self.lock:
            self.counts[name] += n


class Http:
    """One browser-like client: a keep-alive connection to 127.0.0.1:port and a cookie jar."""

    def __init__(self, port: int, session: str | None = None) -> None:
        self.port = port
        self.origin = f"https://127.0.0.1:{port}"
        self.cookies: dict[str, str] = {"sessionid": session} if session else {}
        self.conn: http.client.HTTPConnection | None = None
        self.last_used = 0.0
        self.retries = 0  # GETs resent after the server closed a kept-alive connection

    def _connection(self) -> http.client.HTTPConnection:
        # gunicorn closes idle keep-alive connections after 5 s: reconnect before that.
        if self.conn is None or time.monotonic() - self.last_used > 3:
            if self.conn is not None:
                self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        return self.conn

    def request(self, method: str, path: str, form: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """Send one request; (status, headers, body text). Raises OSError/HTTPException on failure."""
        hdrs = {"Host": f"127.0.0.1:{self.port}", "X-Forwarded-Proto": "https", "Accept-Language": "en",
                "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()), **(headers or {})}
        body = None
        if form is not None:
            body = urlencode(form)
            hdrs.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": self.origin,
                         "Referer": self.origin + path, "X-CSRFToken": self.cookies.get("csrftoken", "")})
        if method != "GET" and self.conn is not None:
            # A POST always goes on a fresh connection: a kept-alive one may be closed by the server
            # (a recycled worker) just as we send, and a POST must never be sent twice.
            self.conn.close()
            self.conn = None
        reused = self.conn is not None
        conn = self._connection()
        try:
            conn.request(method, path, body=body, headers=hdrs)
            resp = conn.getresponse()
            text = resp.read().decode("utf-8", "replace")
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            conn.close()
            self.conn = None
            if not (reused and method == "GET"):
                raise
            # The server closed the idle kept-alive connection (gunicorn recycles a worker after
            # max_requests) before reading our GET: resend it once on a new connection, as browsers do.
            self.retries += 1
            return self.request(method, path, form, headers)
        except (OSError, http.client.HTTPException):
            conn.close()
            self.conn = None
            raise
        self.last_used = time.monotonic()
        for raw in resp.headers.get_all("Set-Cookie") or []:
            jar = SimpleCookie()
            jar.load(raw)
            for name, morsel in jar.items():
                self.cookies[name] = morsel.value
        if resp.headers.get("Connection", "").lower() == "close":
            conn.close()
            self.conn = None
        return resp.status, {k.lower(): v for k, v in resp.headers.items()}, text

    def csrf_from(self, html: str) -> str:
        match = CSRF_RE.search(html)
        return match.group(1) if match else self.cookies.get("csrftoken", "")


def nap(seconds: float, deadline: float) -> None:
    """Sleep ``seconds`` but never past the deadline: the run stops on time."""
    time.sleep(max(0.0, min(seconds, deadline - time.monotonic())))


def timed(stats: Stats, kind: str, client: Http, method: str, path: str,
          **kw: Any) -> tuple[int, dict[str, str], str]:
    """``client.request`` with its latency recorded under ``kind``; a network failure becomes RuntimeError."""
    start = time.perf_counter()
    try:
        result = client.request(method, path, **kw)
    except (OSError, http.client.HTTPException) as exc:
        stats.record(kind, time.perf_counter() - start)
        raise RuntimeError(f"{kind} {method} {path}: {type(exc).__name__}: {exc}") from exc
    stats.record(kind, time.perf_counter() - start)
    return result


def player_loop(stats: Stats, port: int, slug: str, session: str, game_id: int, deadline: float,
                think: float, rng: random.Random) -> None:
    """Open "My games", then tap result buttons until the deadline (each answer read back)."""
    client = Http(port, session)
    my_games = f"/g/t/{slug}/my/"
    try:
        status, _h, html = timed(stats, "player-page", client, "GET", my_games)
        if status != 200:
            stats.error(f"player page {my_games}: {status}")
            return
        token = client.csrf_from(html)
        nap(rng.uniform(0, think), deadline)
        locked = False
        while time.monotonic() < deadline:
            if locked:  # the result is confirmed: the player just follows "My games"
                status, _h, html = timed(stats, "player-page", client, "GET", my_games)
                if status != 200:
                    stats.error(f"player page {my_games}: {status}")
                nap(rng.uniform(0.5 * think, 1.5 * think), deadline)
                continue
            result = rng.choice(["2-0", "1-1", "0-2"])
            form = {"csrfmiddlewaretoken": token, "result": result, "termination": "normal", "moves": "",
                    "next": my_games}
            status, headers, _t = timed(stats, "submit", client, "POST", f"/g/{game_id}/submit/", form=form)
            if status != 302 or headers.get("location") != my_games:
                stats.error(f"submit game {game_id}: {status} -> {headers.get('location')}")
            else:
                status, _h, html = timed(stats, "player-page", client, "GET", my_games)
                if status == 200 and SUBMITTED in html:
                    stats.count("submissions_accepted")
                    token = client.csrf_from(html)
                elif status == 200 and LOCKED in html:
                    stats.count("submissions_after_confirmation")  # refused, as it must be
                    locked = True
                else:
                    stats.error(f"submit game {game_id}: no confirmation message (page {status})")
            nap(rng.uniform(0.5 * think, 1.5 * think), deadline)
    except RuntimeError as exc:
        stats.error(str(exc))
    finally:
        stats.count("get_retries", client.retries)


def spectator_loop(stats: Stats, port: int, slug: str, deadline: float, interval: float,
                   rng: random.Random) -> None:
    """Poll the live standings fragment like htmx does, sending the last ETag back."""
    client = Http(port)
    path = f"/t/{slug}/standings/live/"
    etag = ""
    nap(rng.uniform(0, interval), deadline)
    try:
        while time.monotonic() < deadline:
            status, headers, _t = timed(stats, "standings", client, "GET", path,
                                        headers={"If-None-Match": etag, "HX-Request": "true"} if etag else
                                        {"HX-Request": "true"})
            cached = headers.get("x-cache-status")
            if cached:  # behind nginx (--nginx): HIT, MISS, EXPIRED, UPDATING, REVALIDATED, BYPASS
                stats.count(f"nginx_{cached.lower()}")
            if status == 200:
                etag = headers.get("etag", "")
                stats.count("standings_200")
            elif status == 304:
                stats.count("standings_304")
            else:
                stats.error(f"standings: {status}")
            nap(rng.uniform(0.5 * interval, 1.5 * interval), deadline)
    except RuntimeError as exc:
        stats.error(str(exc))
    finally:
        stats.count("get_retries", client.retries)


# Moves a mover saves one ply more at a time (a legal international opening, issue 30).
LIVE_PLIES = ["32-28", "19-23", "28x19", "14x23", "37-32", "10-14", "34-30", "5-10", "40-34", "20-24"]


def live_spectator_loop(stats: Stats, port: int, slug: str, deadline: float, interval: float,
                        rng: random.Random) -> None:
    """Poll the round's live boards like static/js/live.js (a conditional request every ``interval``)."""
    _conditional_loop(stats, port, f"/t/{slug}/round/1/boards/live/", "live-boards", deadline, interval, rng)


def relay_loop(stats: Stats, port: int, slug: str, deadline: float, interval: float, rng: random.Random) -> None:
    """Poll the round's relay feed like lidraughts (every ``interval`` s, with the ETag)."""
    _conditional_loop(stats, port, f"/t/{slug}/round/1/live.pdn", "relay-feed", deadline, interval, rng)


def _conditional_loop(stats: Stats, port: int, path: str, kind: str, deadline: float, interval: float,
                      rng: random.Random) -> None:
    client = Http(port)
    etag = ""
    nap(rng.uniform(0, interval), deadline)
    try:
        while time.monotonic() < deadline:
            status, headers, _t = timed(stats, kind, client, "GET", path,
                                        headers={"If-None-Match": etag} if etag else None)
            cached = headers.get("x-cache-status")
            if cached:
                stats.count(f"nginx_{cached.lower()}")
            if status == 200:
                etag = headers.get("etag", "")
                stats.count(f"{kind}_200")
            elif status == 304:
                stats.count(f"{kind}_304")
            else:
                stats.error(f"{kind}: {status}")
            nap(rng.uniform(0.5 * interval, 1.5 * interval), deadline)
    except RuntimeError as exc:
        stats.error(str(exc))
    finally:
        stats.count("get_retries", client.retries)


def mover_loop(stats: Stats, port: int, session: str, game_id: int, deadline: float, think: float,
               rng: random.Random) -> None:
    """A player typing moves during play: "Save the moves so far" with one ply more every ``think`` s."""
    client = Http(port, session)
    page = f"/g/{game_id}/"
    try:
        status, _h, html = timed(stats, "move-page", client, "GET", page)
        if status != 200:
            stats.error(f"move entry page {page}: {status}")
            return
        token = client.csrf_from(html)
        plies = 0
        while time.monotonic() < deadline and plies < len(LIVE_PLIES):
            nap(rng.uniform(0.5 * think, 1.5 * think), deadline)
            plies += 1
            form = {"csrfmiddlewaretoken": token, "moves": " ".join(LIVE_PLIES[:plies]), "next": page}
            status, headers, _t = timed(stats, "save-moves", client, "POST", f"/g/{game_id}/moves/save/", form=form)
            if status != 302:
                stats.error(f"save moves of game {game_id}: {status}")
            else:
                stats.count("moves_save_answered")
    except RuntimeError as exc:
        stats.error(str(exc))
    finally:
        stats.count("get_retries", client.retries)


def arbiter_loop(stats: Stats, port: int, slug: str, session: str, player_ids: list[int], deadline: float,
                 every: float) -> None:
    """Confirm a pending player submission every ``every`` seconds (results then reach the standings)."""
    from django.db import connection

    from games.models import ResultSubmission

    client = Http(port, session)
    overview = f"/g/t/{slug}/results/"
    try:
        status, _h, html = timed(stats, "arbiter-page", client, "GET", overview)
        if status != 200:
            stats.error(f"arbiter page: {status}")
            return
        token = client.csrf_from(html)
        while time.monotonic() < deadline:
            sub = (ResultSubmission.objects.filter(status="pending", submitted_by_id__in=player_ids)
                   .order_by("?").values_list("pk", flat=True).first())
            if sub is not None:
                form = {"csrfmiddlewaretoken": token, "next": overview}
                status, headers, _t = timed(stats, "confirm", client, "POST", f"/g/submission/{sub}/confirm/",
                                            form=form)
                if status != 302:
                    stats.error(f"confirm {sub}: {status}")
                else:
                    status, _h, html = timed(stats, "arbiter-page", client, "GET", overview)
                    if status != 200:
                        stats.error(f"arbiter page after confirm: {status}")
                    else:
                        token = client.csrf_from(html)
                        stats.count("confirmations_answered")
            nap(every, deadline)
    except RuntimeError as exc:
        stats.error(str(exc))
    finally:
        stats.count("get_retries", client.retries)
        connection.close()


def check_login_rate_limit(port: int, limit: int) -> str | None:
    """``limit`` failed sign-ins over fresh connections (spread over the gunicorn workers), then the
    next attempt must be refused with 429: the counters live in the shared Redis cache, not in one
    worker's memory. Returns a problem description, or None when the limit holds."""
    client = Http(port)
    status, _h, html = client.request("GET", "/accounts/login/")
    if status != 200:
        return f"login page: {status}"
    for attempt in range(limit + 1):
        client.last_used = 0.0  # a new connection each time
        token = client.csrf_from(html)
        form = {"csrfmiddlewaretoken": token, "username": "load-nobody", "password": f"wrong-{attempt}"}
        status, _h, html = client.request("POST", "/accounts/login/", form=form)
        expected = 429 if attempt == limit else 200
        if status != expected:
            return f"failed sign-in {attempt + 1}: {status}, expected {expected}"
    return None
