"""Garbage sent to every games endpoint gets a clear message (or a 404), never a server error."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import DrawClaim, IrregularityRuling, ResultSubmission, SubmissionLink
from tests.games.conftest import OPENING

HUGE = "9" * 5000  # more digits than int() accepts by default


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]] if response.context else []


def test_link_creation_with_a_non_number_entry_says_choose_a_player(login, arbiter, tournament, entries):
    client = login(arbiter)
    for garbage in ("abc", "", "²", HUGE, "-3", "1.5"):
        r = client.post(reverse("games:link_create", args=[tournament.slug]), {"entry": garbage}, follow=True)
        assert r.status_code == 200
        assert "Choose a player of this tournament." in messages_of(r)
    assert not SubmissionLink.objects.exists()


def test_link_creation_for_an_entry_of_another_tournament_is_refused(login, arbiter, tournament, other_tournament):
    from tournaments.models import Entry, Player

    foreign = Entry.objects.create(tournament=other_tournament, player=Player.objects.create(name="X, Y"))
    r = login(arbiter).post(reverse("games:link_create", args=[tournament.slug]), {"entry": foreign.pk}, follow=True)
    assert "Choose a player of this tournament." in messages_of(r)
    assert not SubmissionLink.objects.exists()


@pytest.mark.parametrize("asked", ["²", "abc", HUGE, "99", "0", "-1"])
def test_results_overview_of_an_odd_round_is_a_404(asked, login, arbiter, tournament, published_round):
    assert login(arbiter).get(reverse("games:results", args=[tournament.slug]), {"round": asked}).status_code == 404


@pytest.mark.parametrize("ply", [HUGE, "99999999999999999999", "1000000"])
def test_a_huge_ply_shows_the_last_position(ply, game, login, player, client):
    game.moves = OPENING
    game.save()
    r = login(player).post(reverse("games:board", args=[game.pk]), {"moves": OPENING, "ply": ply})
    assert r.status_code == 200 and 'data-ply="10"' in r.content.decode()
    r = client.get(reverse("games:board", args=[game.pk]), {"ply": ply})
    assert r.status_code == 200 and 'data-ply="10"' in r.content.decode()


@pytest.mark.parametrize("ply", ["abc", "²", "-1", "1e3"])
def test_a_ply_that_is_not_a_number_is_a_404(ply, game, client):
    assert client.get(reverse("games:board", args=[game.pk]), {"ply": ply}).status_code == 404


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"ply": "abc", "rule": ""}, "After half-move: Enter a whole number."),
        ({"ply": HUGE, "rule": ""}, "After half-move: "),
        ({"ply": "5000", "rule": ""}, "After half-move: Ensure this value is less than or equal to 2000."),
        ({"ply": "4", "rule": "no_such_rule"}, "Rule: Select a valid choice."),
        ({"ply": "50", "rule": "", "moves": OPENING}, "plies 0 to 10"),
    ],
)
def test_bad_draw_claims_get_a_message_naming_the_field(data, message, game, login, player):
    r = login(player).post(reverse("games:claim", args=[game.pk]), data, follow=True)
    assert r.status_code == 200
    assert any(message in m for m in messages_of(r)), messages_of(r)
    assert not DrawClaim.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"ply": "abc", "decision": "stands"}, "Ply: Enter a whole number."),
        ({"ply": HUGE, "decision": "stands"}, "Ply: "),
        ({"ply": "3", "decision": "maybe"}, "Decision: Select a valid choice."),
        ({"ply": "1500", "decision": "stands"}, "1500"),
        ({"ply": "2", "decision": "stands"}, "no irregularity"),
        ({"ply": "3", "decision": "corrected", "corrected_move": "\x00"}, "Corrected to: Null characters"),
        ({"ply": "0", "decision": "stands"}, "Ply: Ensure this value is greater than or equal to 1."),
        ({"ply": "4", "decision": "corrected", "corrected_move": "zz-top", "demanded_in_time": "on"}, "zz-top"),
        ({"ply": "4", "decision": "corrected", "corrected_move": "99-98", "demanded_in_time": "on"}, "99-98"),
    ],
)
def test_bad_rulings_get_a_message(data, message, game, login, arbiter):
    game.moves = "1. 32-28 19-23 2. 31-27 23x32"
    game.save()
    r = login(arbiter).post(reverse("games:ruling", args=[game.pk]), data, follow=True)
    assert r.status_code == 200
    assert any(message in m for m in messages_of(r)), messages_of(r)
    assert not IrregularityRuling.objects.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"result": "3-0"}, "Result: Select a valid choice."),
        ({"result": "2-0", "termination": "teleport"}, "How the game ended: Select a valid choice."),
        ({"result": "2-0", "moves": "32-28\x00"}, "Moves: Null characters are not allowed."),
        ({"result": "2-0", "moves": "1. 32-28 " * 3000}, "Moves: Ensure this value has at most"),
        ({}, "Result: This field is required."),
    ],
)
def test_bad_result_submissions_get_a_message(data, message, game, login, player):
    r = login(player).post(reverse("games:submit", args=[game.pk]), data, follow=True)
    assert r.status_code == 200
    assert any(message in m for m in messages_of(r)), messages_of(r)
    assert not ResultSubmission.objects.exists()


@pytest.mark.parametrize("data", [{"index": "abc", "board": "1"}, {"index": "1", "board": HUGE},
                                  {"index": "²", "board": "²"}, {}])
def test_resolving_an_import_with_garbage_says_choose_a_board(data, login, arbiter, tournament):
    from tournaments.models import TaskRun

    task = TaskRun.objects.create(tournament=tournament, kind="pdn_import", status="done",
                                  report={"doubtful": [], "unmatched": []})
    r = login(arbiter).post(reverse("games:import_resolve", args=[tournament.slug, task.pk]), data, follow=True)
    assert r.status_code == 200
    assert "Choose a board." in messages_of(r)


def test_resolving_an_import_onto_a_board_of_another_tournament_is_refused(login, arbiter, tournament,
                                                                             published_round, other_tournament):
    from games.services.pdn_import import import_pdn_text
    from tournaments.models import Board, Entry, Player, Round, TaskRun

    text = '[Round "1"]\n[White "Nobody, A"]\n[Black "Nobody, B"]\n[Result "2-0"]\n\n1. 32-28 2-0\n'
    report = import_pdn_text(tournament, text, arbiter)
    task = TaskRun.objects.create(tournament=tournament, kind="pdn_import", status="done", report=report)
    rnd = Round.objects.create(tournament=other_tournament, number=1, status="published")
    a, b = (Entry.objects.create(tournament=other_tournament, player=Player.objects.create(name=n)) for n in "AB")
    foreign = Board.objects.create(round=rnd, number=1, white=a, black=b)
    r = login(arbiter).post(reverse("games:import_resolve", args=[tournament.slug, task.pk]),
                            {"index": report["unmatched"][0]["index"], "board": foreign.pk}, follow=True)
    assert "Choose a board with a game of this tournament." in messages_of(r)


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"", "The submitted file is empty."), (None, "This field is required.")],
)
def test_empty_or_missing_pdn_upload_is_refused_on_the_form(content, message, login, arbiter, tournament, settings,
                                                             tmp_path):
    settings.MEDIA_ROOT = tmp_path
    data = {} if content is None else {"file": SimpleUploadedFile("empty.pdn", content)}
    r = login(arbiter).post(reverse("games:import", args=[tournament.slug]), data)
    assert r.status_code == 200 and message in r.content.decode()
    assert not (tmp_path / "pdn-imports").exists() or not any((tmp_path / "pdn-imports").iterdir())


def test_a_bad_round_number_on_the_upload_form_is_refused(login, arbiter, tournament, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    upload = SimpleUploadedFile("a.pdn", b"1. 32-28 *")
    r = login(arbiter).post(reverse("games:import", args=[tournament.slug]), {"file": upload, "round_number": "x"})
    assert r.status_code == 200 and "Enter a whole number." in r.content.decode()


def test_binary_pdn_upload_reports_what_could_not_be_read(login, arbiter, tournament, published_round, settings,
                                                          tmp_path, django_capture_on_commit_callbacks):
    from tournaments.models import TaskRun

    settings.MEDIA_ROOT = tmp_path
    client = login(arbiter)
    with django_capture_on_commit_callbacks(execute=True):
        r = client.post(reverse("games:import", args=[tournament.slug]),
                        {"file": SimpleUploadedFile("junk.pdn", bytes(range(256)) * 4 + b"\x00\xff" * 100)})
    task = TaskRun.objects.get(kind="pdn_import")
    assert task.status == "done" and not task.report["stored"]
    # No NUL character reaches the database (PostgreSQL refuses them in text and JSON).
    assert "\\u0000" not in json.dumps(task.report) and "\x00" not in json.dumps(task.report, ensure_ascii=False)
    page = client.get(r["Location"]).content.decode()
    assert "0 of" in page and "games stored" in page


def test_a_link_cannot_reach_a_game_of_another_tournament(client, tournament, entries, arbiter, published_round,
                                                          other_tournament):
    from games.services.games import game_for_board
    from games.services.links import create_link
    from tournaments.models import Board, Entry, Player, Round

    link = create_link(tournament, entries[3], arbiter)
    rnd = Round.objects.create(tournament=other_tournament, number=1, status="published")
    a, b = (Entry.objects.create(tournament=other_tournament, player=Player.objects.create(name=n)) for n in "AB")
    foreign = game_for_board(Board.objects.create(round=rnd, number=1, white=a, black=b))
    url = reverse("games:link_submit", args=[link.token, foreign.pk])
    assert client.post(url, {"result": "2-0"}).status_code == 404
    assert client.get(url).status_code in (404, 405)
    assert not ResultSubmission.objects.exists()


def test_a_link_submission_with_a_bad_result_says_which_field(client, tournament, entries, arbiter, other_game):
    from games.services.links import create_link

    link = create_link(tournament, entries[3], arbiter)
    r = client.post(reverse("games:link_submit", args=[link.token, other_game.pk]), {"result": "9-9"}, follow=True)
    assert "Result: Select a valid choice." in " ".join(messages_of(r))
    assert not ResultSubmission.objects.exists()


@pytest.mark.parametrize("token", ["x" * 65, "%00", "a b", "..", "revoked"])
def test_odd_tokens_are_a_404(token, client, db):
    assert client.get(f"/g/l/{token}/").status_code == 404


def test_nul_characters_in_a_pdn_file_keep_their_line_and_column():
    from games.services.pdn_import import decode_upload

    assert decode_upload(b'[Event "a\x00b"]\n1. 32-28\x00') == '[Event "a\ufffdb"]\n1. 32-28\ufffd'
    assert decode_upload("Müller\x00".encode("cp1252")) == "Müller\ufffd"


@pytest.mark.parametrize("nxt", ["abc", "0", "games:game", "javascript:alert(1)", "//evil.example/x",
                                 "https://evil.example/", "/\\evil.example/x"])
def test_a_next_parameter_that_is_not_a_local_path_falls_back_to_the_game(nxt, game, login, player):
    r = login(player).post(reverse("games:claim", args=[game.pk]), {"ply": "0", "next": nxt})
    assert r.status_code == 302 and r["Location"] == reverse("games:game", args=[game.pk])


def test_a_local_next_parameter_is_followed(game, login, player, tournament):
    mine = reverse("games:my_games", args=[tournament.slug])
    r = login(player).post(reverse("games:claim", args=[game.pk]), {"ply": "0", "next": mine})
    assert r.status_code == 302 and r["Location"] == mine
