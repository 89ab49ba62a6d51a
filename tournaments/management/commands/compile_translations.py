"""Compile the .po catalogs in locale/ to .mo without GNU gettext (pure Python, polib)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po to .mo (no gettext tools needed)."

    def handle(self, *args, **options):
        import polib

        count = 0
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in Path(locale_dir).glob("*/LC_MESSAGES/*.po"):
                mo_path = po_path.with_suffix(".mo")
                if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
                    continue
                polib.pofile(str(po_path)).save_as_mofile(str(mo_path))
                count += 1
        self.stdout.write(f"compiled {count} catalog(s)")
