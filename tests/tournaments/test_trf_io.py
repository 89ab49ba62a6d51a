"""TRF import and export: round cells survive a round trip; bad files store nothing and name the line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.models import ResultSubmission
from tournaments.history import tournament_history
from tournaments.models import Board, Round, Tournament
from tournaments.trf import infer_initial_colour, read_trf

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "tournaments"
FILES = ["d001_n7_r5_trf26.trf", "d002_n6_r5_trfbx.trf", "d010_n19_r6_trfbx.trf", "d017_n27_r6_trf26.trf"]


def _cells(t):
    return {p.start: p.cells for p in t.players}


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("flavour", ["trf26", "trf16"])
def test_import_then_export_gives_the_same_round_cells(name, flavour, tmp_path):
    original = read_trf((FIXTURES / name).read_text(encoding="utf-8"))
    call_command("import_trf", str(FIXTURES / name), "--slug", "imported", stdout=io.StringIO())
    out = tmp_path / "out.trf"
    call_command("export_trf", "imported", "-o", str(out), "--flavour", flavour, stdout=io.StringIO())
    exported = read_trf(out.read_text(encoding="utf-8"))  # the reader also checks the points add up
    assert _cells(exported) == _cells(original)
    assert {p.start: p.points for p in exported.players} == {p.start: p.points for p in original.players}
    assert exported.total_rounds == original.total_rounds
    assert exported.initial_colour == infer_initial_colour(original)


def test_imported_results_are_confirmed_and_feed_the_history():
    call_command("import_trf", str(FIXTURES / FILES[0]), "--slug", "d1", stdout=io.StringIO())
    t = Tournament.objects.get(slug="d1")
    assert t.rounds.count() == 5 and set(t.rounds.values_list("status", flat=True)) == {"finished"}
    games = Board.objects.filter(round__tournament=t, bye_kind="").count()
    assert ResultSubmission.objects.confirmed().for_tournament(t).count() == games
    points = {p.id: p.points for p in tournament_history(t)}
    assert points[2] == 8.0 and points[7] == 3.0
    assert Round.objects.get(tournament=t, number=1).boards.filter(bye_kind="half").count() == 1


def test_a_file_with_wrong_points_stores_nothing_and_names_the_line(tmp_path):
    text = (FIXTURES / FILES[0]).read_text(encoding="utf-8").replace("  6.0    2  0000 - H", "  7.0    2  0000 - H")
    bad = tmp_path / "bad.trf"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(CommandError, match=r"line 6, field points"):
        call_command("import_trf", str(bad), "--slug", "bad", stdout=io.StringIO())
    assert not Tournament.objects.filter(slug="bad").exists()


def test_a_file_whose_pairs_disagree_stores_nothing(tmp_path):
    lines = (FIXTURES / FILES[1]).read_text(encoding="utf-8").splitlines()
    # Player 1 claims to have met 4 in round 1 with White; 4's cell says Black v 1: make 1 say Black too.
    lines[1] = lines[1].replace("    4 b 1", "    4 w 1")
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CommandError, match="round 1"):
        call_command("import_trf", str(bad), "--slug", "bad", stdout=io.StringIO())
    assert not Tournament.objects.filter(slug="bad").exists()


def test_import_refuses_an_existing_slug(tournament):
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_trf", str(FIXTURES / FILES[0]), "--slug", tournament.slug, stdout=io.StringIO())


def test_export_of_an_unknown_tournament_is_a_clear_error():
    with pytest.raises(CommandError, match="no tournament"):
        call_command("export_trf", "nope", stdout=io.StringIO())


def test_swiss_engine_reproduces_the_next_round_of_an_imported_file(make_user):
    """Import rounds 1..5 of a fixture with round 6 cut off, pair round 6 and compare with the file."""
    from tournaments.services.pairing import pair_round
    from tournaments.trf import round_pairs, truncate, write_trf

    original = read_trf((FIXTURES / FILES[2]).read_text(encoding="utf-8"))
    cut = truncate(original, 6)
    from games.services.trf_io import import_trf

    t = import_trf(write_trf(cut), slug="cut")
    rnd = pair_round(t, make_user("arb")).round
    got = {
        (b.white.start_number, b.black.start_number)
        for b in rnd.boards.select_related("white", "black")
        if not b.bye_kind
    }
    pairs, pab = round_pairs(original, 6)
    assert got == set(pairs)
    assert [b.white.start_number for b in rnd.boards.filter(bye_kind="pab")] == ([pab] if pab else [])


def test_a_last_column_of_absences_becomes_absences_of_the_next_round():
    from games.services.trf_io import import_trf
    from tournaments.trf import truncate, write_trf

    original = read_trf((FIXTURES / FILES[0]).read_text(encoding="utf-8"))
    cut = truncate(original, 5)  # round 5 cut off; player 5's "0000 - Z" there is pre-entered
    t = import_trf(write_trf(cut), slug="cut5")
    assert t.rounds.count() == 4
    assert list(t.entries.get(start_number=5).absences.values_list("round_number", "kind")) == [(5, "absent")]


def test_a_file_with_a_nul_character_is_refused_with_its_line_and_stores_nothing(tmp_path):
    lines = (FIXTURES / FILES[0]).read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("001"))
    lines[number - 1] = lines[number - 1][:16] + "\x00" + lines[number - 1][17:]
    bad = tmp_path / "nul.trf"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CommandError, match=rf"line {number}, field text: contains a NUL character"):
        call_command("import_trf", str(bad), "--slug", "nul", stdout=io.StringIO())
    assert not Tournament.objects.filter(slug="nul").exists()


@pytest.mark.parametrize("flavour", ["trf26", "trf16"])
def test_start_and_end_dates_042_052_survive_import_and_export_and_pick_the_edition(flavour, tmp_path):
    """Records 042/052 become the tournament's dates (the start date picks the C.07 edition) and are
    written back; the pure reader and writer keep them as they are."""
    first, rest = (FIXTURES / "d001_n7_r5_trf26.trf").read_text(encoding="utf-8").split("\n", 1)
    path = tmp_path / "dated.trf"
    path.write_text(f"{first}\n042 2026/02/28\n052 2026/03/02\n{rest}", encoding="utf-8")
    call_command("import_trf", str(path), "--slug", "dated", stdout=io.StringIO())
    t = Tournament.objects.get(slug="dated")
    assert (t.start_date.isoformat(), t.end_date.isoformat()) == ("2026-02-28", "2026-03-02")
    assert t.tiebreak_edition() == "2024"  # started the day before the 2026 edition applies
    out = tmp_path / "out.trf"
    call_command("export_trf", "dated", "-o", str(out), "--flavour", flavour, stdout=io.StringIO())
    text = out.read_text(encoding="utf-8")
    assert "\n042 2026/02/28\n" in text and "\n052 2026/03/02\n" in text
    exported = read_trf(text)
    assert (exported.start_date, exported.end_date) == ("2026/02/28", "2026/03/02")


@pytest.mark.parametrize(("words", "system"), [("Moyenne", "moyenne"), ("Keizer system", "keizer"),
                                               ("Double Round Robin", "berger_double"), ("", "dutch")])
def test_a_file_without_a_known_192_code_gets_the_system_its_words_name(words, system):
    """No registry code in 192: the system is the one of the kind the standings read in the file's 092/192
    words (one reading of a file's kind, ``standings.trf_input.guess_kind``); a Swiss file is a Dutch one."""
    import dataclasses

    from games.services.trf_io import import_trf
    from tournaments.trf import write_trf

    original = read_trf((FIXTURES / FILES[0]).read_text(encoding="utf-8"))
    renamed = dataclasses.replace(original, system="", tournament_type=words)
    assert import_trf(write_trf(renamed), slug=f"w-{system}").pairing_system == system
