"""Issue 30.3, done when: two servers, two databases. The laptop is this test's database; the public
server is a separate process (``manage.py runserver``) on its own SQLite file. Changes on the laptop
appear on the server; with the server stopped the laptop queues (its round page says how many changes
wait), and after the restart the server's tournament equals the laptop's exactly: the archive exported by
the server (``manage.py export_tournament``, in the server's process) equals the laptop's, audit rows
aside (the server's own record of each push; the laptop's history arrives marked imported). A wrong key,
a revoked one and another tournament's key change nothing there.
"""

from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pytest

from games.models import Game
from games.services.archive import tournament_document
from games.services.mirror import push
from games.services.results import enter_result
from tournaments.models import Board, MirrorState, Round
from tournaments.reports.mirror import mirror_status
from tournaments.versioning import game_moved

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The public server: its own SQLite file, its own process."""

    def __init__(self, tmp: Path) -> None:
        self.db = tmp / "server.sqlite3"
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}
        self.env.update(SQLITE_PATH=str(self.db), DEBUG="1", ALLOWED_HOSTS="127.0.0.1,localhost")
        self.log = tmp / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def manage(self, *args: str) -> str:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True,
                              timeout=300, check=False)
        assert done.returncode == 0, done.stderr.decode()[-2000:]
        return done.stdout.decode()

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"127.0.0.1:{self.port}", "--noreload", "--skip-checks"],
            cwd=ROOT, env=self.env, stdout=self.log.open("ab"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}/", timeout=2).close()
                return
            except OSError:
                time.sleep(0.3)
        pytest.fail(f"the server did not start; see {self.log}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None

    def export(self, slug: str, tmp: Path) -> dict:
        out = tmp / f"{slug}-server.zip"
        self.manage("export_tournament", slug, "-o", str(out))
        with zipfile.ZipFile(io.BytesIO(out.read_bytes())) as zf:
            return json.loads(zf.read("tournament.json"))


SET_UP = """
from django.contrib.auth import get_user_model
from tournaments.models import Entry, Player, Role, Tournament
from games.services.mirror import create_token
import datetime
chief = get_user_model().objects.create_user("server-chief", password="x")
out = []
for slug in ("club-open-live", "another-event"):
    t = Tournament.objects.create(slug=slug, name=slug, place="Utrecht", start_date=datetime.date(2026, 11, 20))
    Role.objects.create(tournament=t, user=chief, kind="chief_arbiter")
    out.append(create_token(t, chief, "hall")[1])
# The other event runs on the server with its own players: its key cannot take a laptop's tournament in.
Entry.objects.create(tournament=t, player=Player.objects.create(name="Server, Only"), name="Server, Only")
print("TOKENS", " ".join(out))
"""

REVOKE = """
from tournaments.models import MirrorToken
from django.contrib.auth import get_user_model
from games.services.mirror import revoke_token
for row in MirrorToken.objects.filter(tournament__slug="club-open-live"):
    revoke_token(row, get_user_model().objects.get(username="server-chief"))
"""


def _comparable(doc: dict) -> dict:
    out = {k: v for k, v in doc.items() if k not in ("audit", "exported_at")}
    out["tournament"] = {k: v for k, v in doc["tournament"].items() if k not in ("slug", "name")}
    out["users"] = [u for u in doc["users"] if u["username"] != "server-chief"]
    return out


def test_the_laptop_mirrors_to_a_second_server_queues_while_it_is_down_and_catches_up(
        tmp_path, full_tournament, chief_arbiter, entries):
    server = Server(tmp_path)
    server.manage("migrate", "--noinput")
    printed = server.manage("shell", "-c", SET_UP)
    token, foreign_token = printed.split("TOKENS ", 1)[1].split()
    server.start()
    try:
        laptop = full_tournament
        # A wrong key and another tournament's key: refused, nothing there.
        sent, message = push(laptop, server.url, token + "x")
        assert not sent and "403" in message and "403" in MirrorState.objects.get(tournament=laptop).error
        sent, message = push(laptop, server.url, foreign_token)
        assert not sent and "409" in message, message
        # The first push.
        sent, message = push(laptop, server.url, token)
        assert sent, message
        assert mirror_status(laptop)[0].ok
        assert _comparable(server.export("club-open-live", tmp_path)) == _comparable(tournament_document(laptop))
        # Nothing changed: nothing sent. A typed move (a game's version only) is sent.
        assert push(laptop, server.url, token)[0] is False
        game = Game.objects.filter(board__round__tournament=laptop).order_by("board__number").first()
        Game.objects.filter(pk=game.pk).update(moves=game.moves + " 3. 31-27")
        game_moved(game.pk)
        assert push(laptop, server.url, token)[0] is True

        # The server goes down; the arbiter goes on: a result, a round paired by hand.
        server.stop()
        last = Game.objects.filter(board__round__tournament=laptop).order_by("board__number").last()
        enter_result(last, "2-0", chief_arbiter)
        Round.objects.create(tournament=laptop, number=2)
        sent, message = push(laptop, server.url, token)
        assert not sent and "cannot be reached" in message
        status = mirror_status(laptop)[0]
        assert not status.ok and "waiting" in status.text and status.error, status

        # Back up: one push carries everything, in order.
        server.start()
        sent, message = push(laptop, server.url, token)
        assert sent, message
        assert mirror_status(laptop)[0].ok
        assert _comparable(server.export("club-open-live", tmp_path)) == _comparable(tournament_document(laptop))
        assert Board.objects.filter(round__tournament=laptop).count() >= 2

        # Revoked: refused, the server keeps what it had.
        server.manage("shell", "-c", REVOKE)
        before = server.export("club-open-live", tmp_path)
        Round.objects.create(tournament=laptop, number=3)
        sent, message = push(laptop, server.url, token, force=True)
        assert not sent and "403" in message
        assert _comparable(server.export("club-open-live", tmp_path)) == _comparable(before)
        assert [e["name"] for e in server.export("another-event", tmp_path)["entries"]] == ["Server, Only"]
    finally:
        server.stop()
