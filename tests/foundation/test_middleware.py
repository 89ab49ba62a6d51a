"""Request guards: a NUL character in the address is a 404 on every database."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", ["/g/l/%00/", "/t/%00/", "/t/club-open/arbiters/%00", "/%00"])
def test_a_nul_character_in_the_path_is_a_404(client, tournament, path):
    assert client.get(path).status_code == 404


def test_ordinary_paths_are_untouched(client, tournament):
    assert client.get("/").status_code == 200
