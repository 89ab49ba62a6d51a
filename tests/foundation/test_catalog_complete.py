"""Issue 24, item 18: every message of the program has a German, Dutch and French translation.

The messages are found as ``make messages`` finds them (Django's makemessages over a copy of the
program, GNU xgettext underneath: the test is skipped where xgettext is not installed); a message
counts as translated when ``django.po`` or one of the extra catalogs of the language translates it
(``compile_translations`` merges them). Messages xgettext cannot see (inside f-strings) are the
page crawl's business (``test_no_english``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def found(tmp_path_factory) -> polib.POFile:
    """Every message of the program, as ``make messages`` extracts it."""
    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext (xgettext) is not installed")
    tmp_path = tmp_path_factory.mktemp("messages")
    for folder in ("arbiter", "tournaments", "games", "config", "templates"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__", "migrations"))
    shutil.copy(ROOT / "manage.py", tmp_path)
    (tmp_path / "locale").mkdir()
    env = {**os.environ, "SQLITE_PATH": str(tmp_path / "db.sqlite3"), "DJANGO_SETTINGS_MODULE": "config.settings"}
    subprocess.run([sys.executable, "manage.py", "makemessages", "-l", "de", "--no-location"], cwd=tmp_path,
                   env=env, check=True, capture_output=True)
    return polib.pofile(str(tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po"))


def test_every_message_is_translated_into_german_dutch_and_french(found):
    assert len(found) > 1000
    missing = {}
    for lang in ("de", "nl", "fr"):
        known = set()
        for path in sorted((ROOT / "locale" / lang / "LC_MESSAGES").glob("*.po")):
            known |= {(e.msgctxt, e.msgid) for e in polib.pofile(str(path)) if e.translated()}
        missing[lang] = [e.msgid for e in found if (e.msgctxt, e.msgid) not in known]
    assert not any(missing.values()), f"messages without a translation: {missing}"


def test_no_message_counts_with_brackets(found):
    """"1 Partie(n)" (issue 24): a count takes ngettext's plural forms, never "game(s)"."""
    bracketed = [e.msgid for e in found if re.search(r"[a-z]\((?:s|es|n|en)\)", e.msgid + (e.msgid_plural or ""))]
    assert not bracketed, bracketed
