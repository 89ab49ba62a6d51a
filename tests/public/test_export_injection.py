"""Issue 14 item 12: the public standings export never hands a spreadsheet a formula, and a name with
control characters neither breaks the XLSX export nor gets past the player form."""

from __future__ import annotations

import csv
import io

import openpyxl
import pytest
from django.urls import reverse

from tournaments.forms import PlayerForm
from tournaments.text import sheet_title, spreadsheet_cell

EVIL = ['=HYPERLINK("http://evil.example","x")', "+1+cmd|' /C calc'!A0", "@SUM(A1:A9)", "-2+3"]


@pytest.mark.parametrize(("value", "safe"), [
    ("=1+1", "'=1+1"), ("+1+2", "'+1+2"), ("-cmd", "'-cmd"), ("@x", "'@x"), ("\t=1", "' =1"),
    ("-3", "-3"), ("+1.5", "+1.5"), ("50%", "50%"), ("Jansen, Piet", "Jansen, Piet"),
    ("Bell\x07Ringer", "BellRinger"), ("a\x00b", "ab"), (7, 7), (None, None),
])
def test_a_cell_is_plain_text_or_a_number_never_a_formula(value, safe):
    assert spreadsheet_cell(value) == safe


def test_a_sheet_title_holds_no_forbidden_character_and_at_most_31():
    assert sheet_title("Open [A]: 1/2 * ? \\ final") == "Open A 1 2 final"
    assert len(sheet_title("x" * 80)) == 31
    assert sheet_title("???") == "Standings"


def _rename(entries, names):
    for entry, name in zip(entries, names):
        entry.name = name
        entry.save()


def test_exports_neutralise_formulas_and_strip_control_characters(client, tournament, two_rounds):
    names = [*EVIL[:3], "Bell\x07Ringer, \x1bEsc"]
    _rename(two_rounds, names)
    tournament.name = "Club [Open]: 2026/27"
    tournament.save()
    base = reverse("public:standings", args=[tournament.slug])

    rows = list(csv.reader(io.StringIO(client.get(base + "?_export=csv").content.decode())))
    name_col = rows[0].index("Name")
    exported = {r[name_col] for r in rows[1:]}
    assert exported == {"'" + n for n in EVIL[:3]} | {"BellRinger, Esc"}

    response = client.get(base + "?_export=xlsx")
    assert response.status_code == 200
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    sheet = book.active
    assert sheet.title == "Club Open 2026 27"
    cells = [c for row in sheet.iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    assert {c.value for c in cells if isinstance(c.value, str) and "SUM" in c.value} == {"'@SUM(A1:A9)"}


def test_the_player_form_refuses_control_characters():
    form = PlayerForm(data={"name": "Bell\x07Ringer, Anna", "club": "DC \x1b"})
    assert not form.is_valid()
    assert "Control characters are not allowed (U+0007)." in form.errors["name"]
    assert "Control characters are not allowed (U+001B)." in form.errors["club"]
    assert PlayerForm(data={"name": "=Jansen, Piet"}).is_valid()  # odd but printable: the export copes
