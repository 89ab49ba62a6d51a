"""Every management command that takes a tournament's short name names an unknown one clearly."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


@pytest.mark.parametrize(
    "args",
    [
        ["standings", "nope"],
        ["crosstable_pdf", "nope", "-o", "/tmp/never-written.pdf"],
        ["export_trf", "nope"],
        ["export_pdn", "nope"],
        ["import_pdn", "nope", __file__],
    ],
    ids=lambda a: a[0],
)
def test_an_unknown_short_name_is_one_clear_error(db, args):
    with pytest.raises(CommandError, match="no tournament with the short name 'nope'"):
        call_command(*args)
