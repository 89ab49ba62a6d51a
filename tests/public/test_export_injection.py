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


# Issue 23, Low 3: a control character before the sign hid the formula from the test, then vanished
# from the cell (seen in the federation field, which an archive can fill): the test is made on the
# text as the spreadsheet sees it.
@pytest.mark.parametrize(("value", "safe"), [
    ("\x01=1+1", "'=1+1"), ("\x00@SUM(A1)", "'@SUM(A1)"), ("\x1b+cmd", "'+cmd"), ("\x7f-cmd", "'-cmd"),
    ("\x85=1", "'=1"), (" =1", "' =1"), ("\u200b=1", "'\u200b=1"), ("\ufeff@x", "'\ufeff@x"),
    ("\u200e\x01 -cmd", "'\u200e -cmd"), ("\uff1d1+1", "'\uff1d1+1"), ("\x07-3", "-3"), (" +1.5", " +1.5"),
    ("\x01", ""), ("NED", "NED"),
])
def test_a_control_or_invisible_character_before_the_sign_does_not_hide_a_formula(value, safe):
    assert spreadsheet_cell(value) == safe


def test_the_federation_of_an_archive_with_a_control_character_is_no_formula_in_either_export(
        client, tournament, two_rounds):
    """The federation column has three characters and no form check (an archive or an older row
    fills it): ``\\x01=1`` was exported as ``=1``, a formula."""
    from tournaments.models import Entry

    Entry.objects.filter(pk=two_rounds[0].pk).update(federation="\x01=1")
    Entry.objects.filter(pk=two_rounds[1].pk).update(federation="\x1f@A")
    base = reverse("public:standings", args=[tournament.slug])
    rows = list(csv.reader(io.StringIO(client.get(base + "?_export=csv").content.decode())))
    fed = rows[0].index("Fed")
    assert {r[fed] for r in rows[1:]} == {"'=1", "'@A", "NED"}
    book = openpyxl.load_workbook(io.BytesIO(client.get(base + "?_export=xlsx").content))
    cells = [c for row in book.active.iter_rows() for c in row]
    assert not [c.coordinate for c in cells if c.data_type == "f"]
    assert {c.value for c in cells if isinstance(c.value, str) and c.value.startswith("'")} == {"'=1", "'@A"}


def test_trf_and_pdn_exports_carry_no_control_character_that_starts_a_record_or_a_tag(
        client, tournament, two_rounds, chief_arbiter):
    """A line break in a federation (or in a tag kept from an imported PDN) started a record of its
    own in the TRF file and a tag of its own in the PDN file (and in the archive's games.pdn)."""
    from arbiter.pdn import read_pdn
    from games.models import Game
    from tournaments.models import Entry

    Entry.objects.filter(pk=two_rounds[0].pk).update(federation="\n01")
    game = Game.objects.filter(board__round__number=1, board__number=1).get()
    Game.objects.filter(pk=game.pk).update(pdn_tags={"Annotator": 'x"]\n[Result "0-2"]\n[Black "Forged'})
    client.force_login(chief_arbiter)
    trf = client.get(reverse("tournaments:export_trf", args=[tournament.slug, "trf16"])).content.decode()
    assert sum(line.startswith("001 ") for line in trf.splitlines()) == 4
    assert not [line for line in trf.splitlines() if line.startswith("01 ")]
    pdn = client.get(reverse("games:export_tournament", args=[tournament.slug])).content.decode()
    games = read_pdn(pdn).games
    first = next(g for g in games if g.tags["Round"] == "1" and g.tags["Board"] == "1")
    assert (first.tags["Result"], first.tags["Black"]) == ("2-0", "Müller, Jürgen")
    assert "\n" not in first.tags["Annotator"]
