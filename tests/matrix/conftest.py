"""The matrix's calls store uploads (a PDN file, built PDFs) under an isolated media folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _isolated_media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
