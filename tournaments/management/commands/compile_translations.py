"""Compile the .po catalogs in locale/ to .mo without GNU gettext (pure Python, polib).

Each ``locale/<lang>/LC_MESSAGES`` folder is compiled into one ``django.mo``: ``django.po``
first, then any other ``*.po`` in that folder in name order (a later catalog's translation of
the same message wins). Extra catalogs let a piece of work carry its own translations until they
are folded into ``django.po``.
"""

from __future__ import annotations

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


def _catalogs(folder: Path) -> list[Path]:
    main = folder / "django.po"
    extra = sorted(p for p in folder.glob("*.po") if p.name != "django.po")
    return ([main] if main.exists() else []) + extra


def compile_folder(folder: Path) -> None:
    """Merge every catalog of ``folder`` into ``folder/django.mo``."""
    catalogs = _catalogs(folder)
    merged = polib.pofile(str(catalogs[0]))
    index = {(e.msgctxt, e.msgid): e for e in merged}
    for path in catalogs[1:]:
        for entry in polib.pofile(str(path)):
            if not entry.translated():
                continue
            known = index.get((entry.msgctxt, entry.msgid))
            if known is None:
                merged.append(entry)
                index[(entry.msgctxt, entry.msgid)] = entry
            else:
                known.msgstr = entry.msgstr
                known.msgstr_plural = entry.msgstr_plural
                known.flags = [f for f in known.flags if f != "fuzzy"]
    merged.save_as_mofile(str(folder / "django.mo"))


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po into django.mo (no gettext tools needed)."

    def handle(self, *args: object, **options: object) -> None:
        count = 0
        for locale_dir in settings.LOCALE_PATHS:
            for folder in sorted({p.parent for p in Path(locale_dir).glob("*/LC_MESSAGES/*.po")}):
                mo_path = folder / "django.mo"
                newest = max(p.stat().st_mtime for p in _catalogs(folder))
                if mo_path.exists() and mo_path.stat().st_mtime >= newest:
                    continue
                compile_folder(folder)
                count += 1
        self.stdout.write(f"compiled {count} catalog(s)")
