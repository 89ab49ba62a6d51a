"""The Docker build context: what ``docker build -f deploy/Dockerfile .`` sends to the builder.

The context is computed here as Docker computes it from the ignore file (the rules of
moby/patternmatcher ``MatchesOrParentMatches`` and buildkit's ignore-file reader, re-implemented
below from their documentation: comments and blank lines skipped, a leading ``/`` dropped, the
pattern cleaned, ``*`` and ``?`` never crossing ``/``, ``**`` any number of directories, ``!``
re-including, the last matching pattern winning, a path excluded when it or any parent directory
matches). Secrets must never be in it, at any depth: ``.env`` files (``deploy/.env`` is where the
compose set-up keeps its passwords), SQLite databases and the venue's secret key beside them,
private keys and certificates' keys.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# BuildKit reads <Dockerfile>.dockerignore next to the Dockerfile; the classic builder reads the
# context root's .dockerignore. Both must say the same.
IGNORE_FILES = (ROOT / "deploy" / "Dockerfile.dockerignore", ROOT / ".dockerignore")

SECRETS = (
    ".env",
    "deploy/.env",
    "deploy/.env.production",
    "config/.env.local",
    "some/deep/folder/.env",
    "db.sqlite3",
    "db.sqlite3-wal",
    "db.sqlite3-secret-key",
    "deploy/venue.sqlite3",
    "data/event.sqlite3-secret-key",
    "deploy/secrets/server.key",
    "deploy/tls/privkey.pem",
    "id_rsa",
    "deploy/id_ed25519",
    "media/documents/crosstable.pdf",
)
NEEDED = (
    "manage.py",
    "config/settings.py",
    "requirements.txt",
    "constraints.txt",
    "deploy/Dockerfile",
    "deploy/env.example",
    "deploy/gunicorn.conf.py",
    "deploy/healthcheck.py",
    "tournaments/models/records.py",
    "locale/de/LC_MESSAGES/django.po",
    "static/css/app.css",
)


def read_ignore_file(text: str) -> list[str]:
    """The patterns of an ignore file, as buildkit's reader returns them."""
    patterns = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        exclusion = line.startswith("!")
        if exclusion:
            line = line[1:].strip()
        line = posixpath.normpath(line)
        if len(line) > 1 and line.startswith("/"):
            line = line[1:]
        patterns.append(("!" if exclusion else "") + line)
    return patterns


def _regex(pattern: str) -> re.Pattern[str]:
    out = "^"
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "*":
            if pattern[i + 1:i + 2] == "*":
                i += 1
                if pattern[i + 1:i + 2] == "/":
                    i += 1
                out += ".*" if i + 1 >= len(pattern) else "(.*/)?"
            else:
                out += "[^/]*"
        elif ch == "?":
            out += "[^/]"
        elif ch in ".+()|{}$^":
            out += "\\" + ch
        elif ch == "\\" and i + 1 < len(pattern):
            i += 1
            out += "\\" + pattern[i]
        else:
            out += ch
        i += 1
    return re.compile(out + "$")


def excluded(path: str, patterns: list[str]) -> bool:
    """Whether Docker leaves ``path`` (slash-separated, relative to the context) out."""
    matched = False
    parents = posixpath.dirname(path).split("/") if "/" in path else []
    for raw in patterns:
        exclusion = raw.startswith("!")
        pattern = raw[1:] if exclusion else raw
        if exclusion != matched:
            continue
        regex = _regex(pattern)
        hit = bool(regex.match(path)) or any(regex.match("/".join(parents[:i + 1])) for i in range(len(parents)))
        if hit:
            matched = not exclusion
    return matched


def context(files: list[str], patterns: list[str]) -> list[str]:
    return [f for f in files if not excluded(f, patterns)]


def test_the_matcher_follows_dockers_rules():
    """Hand-checked cases of Docker's documented matching (docs: "dockerignore file")."""
    assert excluded(".env", [".env"])
    assert not excluded("deploy/.env", [".env"])  # a bare name matches at the root only
    assert excluded("deploy/.env", ["**/.env"])
    assert excluded(".env", ["**/.env"])  # "**/" matches zero directories too
    assert excluded("a/b/c.pyc", ["**/*.pyc"])
    assert excluded("media/x/y.pdf", ["media"])  # a directory takes its contents along
    assert not excluded("deploy/env.example", ["**/.env*"])
    assert not excluded("keep.key", ["*.key", "!keep.key"])
    assert excluded("temp/x.txt", ["*/x.txt"]) and not excluded("a/temp/x.txt", ["*/x.txt"])


@pytest.mark.parametrize("ignore_file", IGNORE_FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_secret_file_is_in_the_build_context_at_any_depth(ignore_file):
    patterns = read_ignore_file(ignore_file.read_text(encoding="utf-8"))
    sent = context(list(SECRETS) + list(NEEDED), patterns)
    assert [f for f in sent if f in SECRETS] == []
    assert sorted(f for f in sent if f in NEEDED) == sorted(NEEDED)


def test_the_repository_as_checked_out_sends_no_secret(tmp_path):
    """Walk this checkout with a ``deploy/.env`` planted (as the compose instructions make one) and
    list the context Docker would send: no .env, database or key file anywhere in it."""
    patterns = read_ignore_file(IGNORE_FILES[0].read_text(encoding="utf-8"))
    files = [p.relative_to(ROOT).as_posix() for p in ROOT.rglob("*")
             if p.is_file() and ".git" not in p.parts and ".venv" not in p.parts and "node_modules" not in p.parts]
    files += ["deploy/.env", "db.sqlite3", "db.sqlite3-secret-key"]
    sent = context(files, patterns)
    secret = re.compile(r"(^|/)\.env(\.[^/]*)?$|\.sqlite3|secret-key|\.(key|pem)$")
    assert [f for f in sent if secret.search(f)] == []
    assert "manage.py" in sent and "deploy/env.example" in sent


def test_both_ignore_files_say_the_same():
    first, second = (read_ignore_file(p.read_text(encoding="utf-8")) for p in IGNORE_FILES)
    assert first == second
