"""PDN import (every real file, matching, bad games) and export (standard tags, read back identically)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from arbiter import read_pdn
from arbiter.fen import to_fen
from arbiter.validator import validate
from games.models import Game, ResultSubmission
from games.services.games import game_for_board
from games.services.pdn_export import STANDARD_TAGS, export_games, game_to_pdn, tournament_games
from games.services.pdn_import import import_pdn_text, round_number
from games.services.results import enter_result
from tournaments.models import Board, Entry, Player, Round

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "pdn" / "international"
FILES = sorted(FIXTURES.glob("*.pdn"))


def tournament_from_pdn(tournament, text: str) -> int:
    """Create the entries, rounds and boards that the games of ``text`` were played on.

    Returns how many games have a board made for exactly their players (names not blank, no pair twice
    in one round), i.e. the games the importer must store."""
    read = read_pdn(text)
    entries: dict[str, Entry] = {}
    seen: set[tuple[int, str, str]] = set()
    expected = 0
    counters: dict[int, int] = {}

    def entry(name: str) -> Entry:
        if name not in entries:
            player = Player.objects.create(name=name)
            entries[name] = Entry.objects.create(tournament=tournament, player=player, start_number=len(entries) + 1)
        return entries[name]

    for g in read.games:
        white, black = g.tags.get("White", "").strip(), g.tags.get("Black", "").strip()
        if not white or not black or white in "?-" or black in "?-" or white == black:
            continue
        number = round_number(g.tags.get("Round")) or 1
        rnd, _created = Round.objects.get_or_create(tournament=tournament, number=number,
                                                    defaults={"status": "published"})
        key = (number, white, black)
        if key in seen:
            continue
        seen.add(key)
        counters[number] = counters.get(number, 0) + 1
        Board.objects.create(round=rnd, number=counters[number], white=entry(white), black=entry(black))
        expected += 1
    return expected


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_international_file_imports_game_by_game(path, tournament, arbiter):
    text = path.read_text(encoding="utf-8", errors="replace")
    boards = tournament_from_pdn(tournament, text)
    report = import_pdn_text(tournament, text, arbiter, default_round=1)
    read = read_pdn(text)
    accounted = len(report["stored"]) + len(report["doubtful"]) + len(report["unmatched"]) + len(report["errors"])
    assert accounted == report["total"] == len(read.games) + len(read.errors)
    for e in report["errors"]:
        assert e["line"] >= 1 and e["message"]
    # Stored games replay to the same position as the file's game.
    assert Game.objects.exclude(moves="").count() == len(report["stored"])
    # Every game whose players sit on a board of its round is stored; repeats wait for the arbiter.
    assert len(report["stored"]) == boards
    for item in report["stored"]:
        stored = Game.objects.get(pk=item["game_id"])
        original = next(g for g in read.games if g.index == item["index"])
        assert stored.validation["plies"] == len(validate(original, "international").plies)


def test_tournament_round_file_stores_every_game_with_its_result(tournament, arbiter):
    text = (FIXTURES / "nk_ronde_01.pdn").read_text(encoding="utf-8")
    assert tournament_from_pdn(tournament, text) == 7
    report = import_pdn_text(tournament, text, arbiter, default_round=1)
    assert len(report["stored"]) == 7 and not report["doubtful"] and not report["unmatched"]
    confirmed = ResultSubmission.objects.confirmed().for_tournament(tournament)
    assert confirmed.count() == sum(1 for g in read_pdn(text).games if g.normalised_result in ("2-0", "1-1", "0-2"))


PDN_BY_NAME = """[Event "Club"]
[Round "1"]
[White "Piet Jansen"]
[Black "mueller, juergen"]
[Result "2-0"]

1. 32-28 19-23 2. 28x19 14x23 2-0

[Event "Club"]
[Round "1"]
[White "Amelie LEFEVRE"]
[Black "Иванов, Сергей"]
[Result "1-1"]

1. 32-28 19-23 1-1

[Event "Club"]
[Round "1"]
[White "Jansen, P."]
[Black "Nobody, Else"]
[Result "0-2"]

1. 32-28 0-2

[Event "Club"]
[Round "7"]
[White "Jansen, Piet"]
[Black "Müller, Jürgen"]
[Result "0-2"]

1. 32-28 0-2

[Event "Club"]
[Round "1"]
[White "Müller, Jürgen"]
[Black "Jansen, Piet"]
[Result "0-2"]

1. 32-28 19-23 2. 99-98 0-2

[Event "Broken"
[White "x"]
1. 32-28 {never closed
"""


def test_names_are_matched_across_accents_case_and_name_order(tournament, published_round, arbiter):
    report = import_pdn_text(tournament, PDN_BY_NAME, arbiter)
    stored = {(s["white"], s["black"]) for s in report["stored"]}
    # "Müller" written "mueller" is not the same spelling: only the accent-free, order-free matches are exact.
    assert ("Amelie LEFEVRE", "Иванов, Сергей") in stored
    reasons = {(d["white"], d["reason"]) for d in report["doubtful"] + report["unmatched"]}
    assert any(w == "Jansen, P." for w, _r in reasons)
    assert any("round 7 does not exist" in r for _w, r in reasons)
    assert any("other way round" in r for _w, r in reasons)
    assert report["errors"] and all(e["line"] >= 1 for e in report["errors"])


def test_doubtful_game_is_placed_by_the_arbiter(tournament, published_round, arbiter, login):
    from django.urls import reverse

    from games.services.pdn_import import resolve_game

    report = import_pdn_text(tournament, PDN_BY_NAME, arbiter)
    swapped = next(d for d in report["doubtful"] if "other way round" in d["reason"])
    board = Board.objects.get(pk=swapped["candidates"][0])
    game = resolve_game(tournament, report, swapped["index"], board.pk, arbiter)
    assert game.board == board and "32-28" in game.moves
    assert swapped["resolved"]["board"] == board.number
    # The page shows what remains to be resolved.
    assert login(arbiter).get(reverse("games:import", args=[tournament.slug])).status_code == 200


def test_existing_moves_are_never_overwritten_by_an_import(tournament, published_round, arbiter):
    g = game_for_board(published_round.boards.get(number=1))
    g.moves = "1. 34-29"
    g.save()
    text = '[Round "1"]\n[White "Jansen, Piet"]\n[Black "Müller, Jürgen"]\n[Result "2-0"]\n\n1. 32-28 2-0\n'
    report = import_pdn_text(tournament, text, arbiter)
    assert not report["stored"] and "already has other moves" in report["doubtful"][0]["reason"]
    g.refresh_from_db()
    assert g.moves == "1. 34-29"


def test_stored_game_whose_replay_stops_says_where_and_why(tournament, published_round, arbiter):
    text = ('[Round "1"]\n[White "Jansen, Piet"]\n[Black "Müller, Jürgen"]\n[Result "2-0"]\n\n'
            '1. 32-28 19-23 2. 99-98 2-0\n')
    report = import_pdn_text(tournament, text, arbiter)
    (stored,) = report["stored"]
    assert any("Move 2, White 99-98: the game cannot be replayed further" in w for w in stored["warnings"])
    assert Game.objects.get(pk=stored["game_id"]).validation["stopped"]["ply"] == 3


def test_game_of_another_variant_is_refused_with_its_line(tournament, published_round, arbiter):
    text = ('[Round "1"]\n[White "Jansen, Piet"]\n[Black "Müller, Jürgen"]\n[GameType "21"]\n'
            '[Result "1-0"]\n\n1. 11-15 1-0\n')
    report = import_pdn_text(tournament, text, arbiter)
    assert report["errors"][0]["line"] == 1
    assert "english" in report["errors"][0]["message"]
    assert not Game.objects.exclude(moves="").exists()


def test_upload_page_runs_the_import_task_and_keeps_the_report(tournament, published_round, arbiter, login,
                                                               settings, tmp_path,
                                                               django_capture_on_commit_callbacks):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from tournaments.models import TaskRun

    settings.MEDIA_ROOT = tmp_path
    client = login(arbiter)
    upload = SimpleUploadedFile("club.pdn", PDN_BY_NAME.encode("utf-8"))
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(reverse("games:import", args=[tournament.slug]), {"file": upload})
    assert r.status_code == 302
    task = TaskRun.objects.get(kind="pdn_import")
    assert task.status == "done" and task.progress == 100
    assert task.report["file"] == "club.pdn" and task.report["stored"]
    page = client.get(r["Location"]).content.decode()
    assert "Games to place" in page and "Game 6, line" in page
    # The round-7 game (no such round) may be placed on any board of the tournament.
    assert "Round 1, board 2: Lefèvre, Amélie – Иванов, Сергей" in page
    progress = client.get(r["Location"], HTTP_HX_REQUEST="true").content.decode()
    assert 'id="import-progress"' in progress and "every 1s" not in progress


def test_bad_upload_gives_a_clear_report_not_a_500(tournament, published_round, arbiter, login, settings, tmp_path,
                                                   django_capture_on_commit_callbacks):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from tournaments.models import TaskRun

    settings.MEDIA_ROOT = tmp_path
    client = login(arbiter)
    upload = SimpleUploadedFile("junk.pdn", bytes(range(256)) * 10)
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(reverse("games:import", args=[tournament.slug]), {"file": upload})
    assert r.status_code == 302
    assert TaskRun.objects.get(kind="pdn_import").status == "done"
    assert client.get(r["Location"]).status_code == 200


def _games_with_results(tournament, published_round, arbiter):
    from games.services.results import enter_result

    g1 = game_for_board(published_round.boards.get(number=1))
    g1.moves = "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 10-14"
    g1.save()
    enter_result(g1, "2-0", arbiter)
    g2 = game_for_board(published_round.boards.get(number=2))
    g2.start_fen = "W:WK47:B5,6,8,15,28,30,32,42"
    g2.moves = "1. 47x38x21x3 5-10"  # an ambiguous capture must keep its full path
    g2.save()
    enter_result(g2, "1-1", arbiter)
    return g1, g2


def test_export_has_the_standard_tags_gametype_fen_and_draughts_results(tournament, published_round, arbiter):
    g1, g2 = _games_with_results(tournament, published_round, arbiter)
    text = export_games([g1, g2])
    first, second = read_pdn(text).games
    assert list(first.tags)[:7] == list(STANDARD_TAGS)
    assert first.tags["GameType"] == "20,W,10,10,N2,0" and "FEN" not in first.tags
    assert first.tags["Result"] == "2-0" and first.result == "2-0"
    assert first.tags["White"] == "Jansen, Piet" and first.tags["Round"] == "1"
    assert first.tags["Date"] == "2026.11.20"
    assert second.tags["FEN"] == "W:WK47:B5,6,8,15,28,30,32,42" and second.result == "1-1"
    assert second.moves[0].text == "47x38x21x3"


def test_export_reads_back_identically(tournament, published_round, arbiter):
    g1, g2 = _games_with_results(tournament, published_round, arbiter)
    text = export_games(tournament_games(tournament))
    back = read_pdn(text)
    assert not back.errors
    for original, read in zip([g1, g2], back.games, strict=True):
        expected = game_to_pdn(original)
        assert read.tags == expected.tags
        assert [(m.text, m.number, m.side) for m in read.moves] == [(m.text, m.number, m.side) for m in expected.moves]
        assert read.result == expected.result
        assert to_fen(validate(read).final) == to_fen(validate(expected).final)


def test_imported_real_games_export_and_read_back(tournament, arbiter):
    text = (FIXTURES / "nk_ronde_02.pdn").read_text(encoding="utf-8")
    tournament_from_pdn(tournament, text)
    import_pdn_text(tournament, text, arbiter, default_round=1)
    games = tournament_games(tournament)
    exported = export_games(games)
    back = read_pdn(exported)
    assert len(back.games) == len(games) and not back.errors
    for g, read in zip(games, back.games, strict=True):
        assert [m.text for m in read.moves] == [m.text for m in game_to_pdn(g).moves]
        assert len(validate(read).plies) == g.validation["plies"]


def test_export_command_writes_a_file_and_import_command_reports(tournament, published_round, arbiter, tmp_path):
    _games_with_results(tournament, published_round, arbiter)
    out = tmp_path / "all.pdn"
    call_command("export_pdn", tournament.slug, "-o", str(out), stderr=io.StringIO())
    assert len(read_pdn(out.read_text(encoding="utf-8")).games) == 2
    stdout = io.StringIO()
    src = tmp_path / "in.pdn"
    src.write_text(PDN_BY_NAME, encoding="utf-8")
    call_command("import_pdn", tournament.slug, str(src), stdout=stdout)
    assert "6 games" in stdout.getvalue() and "error: game 6, line" in stdout.getvalue()
    with pytest.raises(CommandError, match="no tournament"):
        call_command("export_pdn", "nope")
    with pytest.raises(CommandError, match="cannot read"):
        call_command("import_pdn", tournament.slug, str(tmp_path / "missing.pdn"))


def test_public_download_links(client, tournament, published_round, arbiter):
    from django.urls import reverse

    g1, _g2 = _games_with_results(tournament, published_round, arbiter)
    r = client.get(reverse("games:export_tournament", args=[tournament.slug]))
    assert r.status_code == 200 and r["Content-Disposition"].endswith('.pdn"')
    assert read_pdn(r.content.decode()).games[0].tags["White"] == "Jansen, Piet"
    assert client.get(reverse("games:export_round", args=[tournament.slug, 1])).status_code == 200
    tournament.public_games = False
    tournament.save()
    assert client.get(reverse("games:export_tournament", args=[tournament.slug])).status_code == 404


def test_a_german_game_exports_and_reads_back_as_german(tournament, published_round, arbiter):
    tournament.rule_profile = "german"
    tournament.save()
    game = game_for_board(published_round.boards.get(number=1))
    game.moves = "1. 9-13 22-18"
    game.save()
    enter_result(game, "1-1", arbiter)
    back = read_pdn(export_games([game]))
    assert not back.errors
    assert back.games[0].tags["Variant"] == "german"
    assert back.games[0].variant == "german"


def _many_games(tournament, published_round, arbiter, rounds: range) -> None:
    """Round 1 and the published ``rounds`` get games with moves, a confirmed result and, on board 1,
    a ruling (so that the export reads submissions and rulings of every game)."""
    from games.services.rulings import rule_irregularity

    boards = list(published_round.boards.order_by("number"))
    for number in rounds:
        rnd = Round.objects.create(tournament=tournament, number=number, status="published")
        for b in boards:
            Board.objects.create(round=rnd, number=b.number, white=b.white, black=b.black)
    for board in Board.objects.filter(round__tournament=tournament, games__isnull=True):
        g = game_for_board(board)
        g.moves = "1. 32-28 19-23 2. 31-27 23x32" if board.number == 1 else "1. 32-28 19-23 2. 28x19 14x23"
        g.save()
        enter_result(g, "1-1", arbiter)
        if board.number == 1:
            rule_irregularity(g, 3, "stands", arbiter)


def test_exporting_a_whole_tournament_takes_a_constant_number_of_queries(tournament, published_round, arbiter,
                                                                         django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    _many_games(tournament, published_round, arbiter, range(2, 3))
    with CaptureQueriesContext(connection) as small:
        small_text = export_games(tournament_games(tournament))
    _many_games(tournament, published_round, arbiter, range(3, 9))
    assert len(small.captured_queries) <= 6, [q["sql"][:80] for q in small.captured_queries]
    with django_assert_max_num_queries(len(small.captured_queries)):
        text = export_games(tournament_games(tournament))
    assert len(read_pdn(small_text).games) == 4
    games = read_pdn(text).games
    assert len(games) == 16 and {g.result for g in games} == {"1-1"}
    # The prefetched confirmed submission is really used: its result and termination reach every game.
    assert all(g.tags["Result"] == "1-1" and "Termination" not in g.tags for g in games)


def test_a_board_without_a_game_row_is_exported_empty_and_nothing_is_written(tournament, published_round):
    assert not Game.objects.exists()
    games = read_pdn(export_games(tournament_games(tournament))).games
    assert [(g.tags["White"], g.result, len(g.moves)) for g in games] == [
        ("Jansen, Piet", "*", 0), ("Lefèvre, Amélie", "*", 0)]
    assert not Game.objects.exists()


def _uploads(media) -> list[str]:
    folder = media / "pdn-imports"
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


@pytest.mark.parametrize("fails", [False, True], ids=["done", "failed"])
def test_the_uploaded_file_is_deleted_once_the_import_has_run_and_the_report_stays(
        fails, tournament, published_round, arbiter, login, settings, tmp_path, django_capture_on_commit_callbacks):
    from unittest import mock

    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    from tournaments.models import TaskRun

    settings.MEDIA_ROOT = tmp_path
    client = login(arbiter)
    seen: list[list[str]] = []
    real = import_pdn_text

    def spy(*args, **kwargs):
        seen.append(_uploads(tmp_path))  # the file is there while the import reads it
        if fails:
            raise RuntimeError("disk on fire")
        return real(*args, **kwargs)

    with mock.patch("games.tasks.import_pdn_text", side_effect=spy), \
            django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:import", args=[tournament.slug]),
                    {"file": SimpleUploadedFile("club.pdn", PDN_BY_NAME.encode())})
    assert len(seen) == 1 and len(seen[0]) == 1
    assert _uploads(tmp_path) == []
    task = TaskRun.objects.get(kind="pdn_import")
    if fails:
        assert task.status == "failed" and "disk on fire" in task.message
    else:
        assert task.status == "done" and task.report["file"] == "club.pdn" and task.report["stored"]


def test_an_unlisted_tournament_with_public_games_can_be_downloaded_by_its_link(client, tournament, published_round,
                                                                                 arbiter):
    from django.urls import reverse

    g1, _g2 = _games_with_results(tournament, published_round, arbiter)
    tournament.is_public = False  # not listed, but the games stay public (like the game viewer)
    tournament.save()
    assert client.get(reverse("games:view", args=[g1.pk])).status_code == 200
    r = client.get(reverse("games:export_tournament", args=[tournament.slug]))
    assert r.status_code == 200 and len(read_pdn(r.content.decode()).games) == 2
    assert client.get(reverse("games:export_round", args=[tournament.slug, 1])).status_code == 200
