"""Issue 23, Medium 3: nobody confirms a result of a game they play, by any path.

The persona: ``player`` (White on board 1, Jansen) is also an arbiter of the tournament; an arbiter
who plays is a player on their own games (``games.permissions.is_game_arbiter``). Every path that can
make a result confirmed is tried through its view (or, for the archive, the upload page): the result
form, the quick buttons, the typed results, a forfeit, a correction decision, the confirm button, a
PDN import (a game stored from the file, and one resolved onto the board by hand) and an archive
import. Each leaves board 1 without a result confirmed by Jansen; the waiting ones are confirmed by
the opponent or another arbiter as usual.
"""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games.models import ResultSubmission
from games.services import GameError, archive_zip
from games.services.archive import export_archive
from games.services.results import confirm_version, enter_result, request_correction, submit_result
from tournaments.models import Role, TaskRun

pytestmark = pytest.mark.django_db

MOVES = "1. 32-28 19-23 2. 28x19 14x23"
# Board 1 of round 1 as a PDN file: Jansen (White) wins.
OWN_GAME = f"""[Event "Club"]
[Round "1"]
[White "Jansen, Piet"]
[Black "Müller, Jürgen"]
[Result "2-0"]

{MOVES} 2-0
"""
# The same game with the names misspelt: the import keeps it for the arbiter to place by hand.
OWN_GAME_DOUBTFUL = OWN_GAME.replace('[White "Jansen, Piet"]', '[White "Jansen, P."]')


@pytest.fixture
def playing_arbiter(player, tournament):
    Role.objects.create(tournament=tournament, user=player, kind=Role.Kind.ARBITER)
    return player


def _confirmed(game) -> ResultSubmission | None:
    return ResultSubmission.objects.confirmed().filter(game=game).first()


def _no_own_confirmation(game, user) -> None:
    """The oracle: no confirmed version of ``game`` was confirmed by ``user`` or stands for their side."""
    own = {e.pk for e in (game.board.white, game.board.black) if e.user_id == user.pk}
    for sub in ResultSubmission.objects.filter(game=game, status="confirmed"):
        assert sub.confirmed_by_id != user.pk, sub
        assert sub.submitted_by_id != user.pk and sub.submitted_for_id not in own, sub


@pytest.mark.parametrize("with_moves", [True, False], ids=["form", "quick button"])
def test_the_result_form_and_the_quick_buttons_only_send_a_waiting_result(with_moves, game, playing_arbiter, login,
                                                                         opponent):
    client = login(playing_arbiter)
    data = {"result": "2-0", "moves": MOVES, "confirm": "on"} if with_moves else {"result": "2-0"}
    client.post(reverse("games:submit", args=[game.pk]), data)
    sub = ResultSubmission.objects.get(game=game)
    assert sub.status == "pending" and _confirmed(game) is None
    # Their own confirm button is refused (403), the opponent's works.
    assert client.post(reverse("games:confirm", args=[sub.pk])).status_code == 403
    assert _confirmed(game) is None
    login(opponent).post(reverse("games:confirm", args=[sub.pk]))
    assert _confirmed(game).confirmed_by == opponent


def test_typed_results_refuse_the_arbiters_own_board(game, playing_arbiter, login):
    page = login(playing_arbiter).post(reverse("games:typed_results", args=[game.board.round.tournament.slug, 1]),
                                       {"typed": "1 2-0"}, follow=True).content.decode()
    assert "play in this game" in page
    assert not ResultSubmission.objects.filter(game=game).exists()


def test_a_forfeit_on_the_arbiters_own_game_is_refused(game, playing_arbiter, login):
    response = login(playing_arbiter).post(reverse("games:forfeit", args=[game.pk]), {"result": "+-"})
    assert response.status_code == 403
    assert not ResultSubmission.objects.filter(game=game).exists()


def test_a_correction_of_the_arbiters_own_game_is_decided_by_another_arbiter(game, playing_arbiter, arbiter,
                                                                             login):
    enter_result(game, "0-2", arbiter)
    req = request_correction(game, "2-0", "He resigned after the flag fell", user=playing_arbiter)
    response = login(playing_arbiter).post(reverse("games:decide_correction", args=[req.pk]),
                                           {"decision": "accept"})
    assert response.status_code == 403
    assert _confirmed(game).result == "0-2"
    _no_own_confirmation(game, playing_arbiter)


def test_no_service_confirms_an_own_sides_version_whatever_the_caller(game, playing_arbiter, opponent):
    """The one place a result becomes confirmed (``_confirm``) refuses it itself, so a path added
    later that forgets the check cannot confirm a player's own result."""
    sub = submit_result(game, "2-0", user=playing_arbiter)
    with pytest.raises(GameError, match="own submission"):
        confirm_version(sub, playing_arbiter)
    theirs = submit_result(game, "0-2", user=opponent)
    with pytest.raises(GameError, match="own submission"):
        confirm_version(theirs, opponent)
    assert _confirmed(game) is None
    confirm_version(theirs, playing_arbiter)  # the opponent's version: as a player may
    assert _confirmed(game).result == "0-2"


def _import(client, tournament, text, capture):
    with capture(execute=True):
        response = client.post(reverse("games:import", args=[tournament.slug]),
                               {"file": SimpleUploadedFile("round1.pdn", text.encode())})
    assert response.status_code == 302
    return TaskRun.objects.filter(kind="pdn_import").latest("pk")


def test_a_pdn_import_stores_the_arbiters_own_game_with_a_waiting_result(
        game, tournament, playing_arbiter, opponent, login, settings, tmp_path, django_capture_on_commit_callbacks):
    """The finding: the file's result was confirmed on the importing arbiter's authority, their own
    game included."""
    settings.MEDIA_ROOT = tmp_path
    task = _import(login(playing_arbiter), tournament, OWN_GAME, django_capture_on_commit_callbacks)
    stored = task.report["stored"]
    assert [s["board"] for s in stored] == [1]
    assert any("you play in this game" in w and "waits for confirmation" in w for w in stored[0]["warnings"])
    game.refresh_from_db()
    assert game.moves == MOVES  # the moves are stored
    sub = ResultSubmission.objects.get(game=game)
    assert (sub.result, sub.status, sub.submitted_for_id) == ("2-0", "pending", game.board.white_id)
    _no_own_confirmation(game, playing_arbiter)
    login(opponent).post(reverse("games:confirm", args=[sub.pk]))
    assert _confirmed(game).confirmed_by == opponent


def test_a_game_resolved_by_hand_onto_the_arbiters_own_board_waits_too(
        game, tournament, playing_arbiter, arbiter, login, settings, tmp_path, django_capture_on_commit_callbacks):
    settings.MEDIA_ROOT = tmp_path
    client = login(playing_arbiter)
    task = _import(client, tournament, OWN_GAME_DOUBTFUL, django_capture_on_commit_callbacks)
    assert not task.report["stored"] and task.report["doubtful"]
    index = task.report["doubtful"][0]["index"]
    client.post(reverse("games:import_resolve", args=[tournament.slug, task.pk]),
                {"index": index, "board": game.board.pk})
    assert ResultSubmission.objects.get(game=game).status == "pending"
    _no_own_confirmation(game, playing_arbiter)
    # Another arbiter's import of the same file confirms it, as before.
    ResultSubmission.objects.all().delete()
    other = _import(login(arbiter), tournament, OWN_GAME, django_capture_on_commit_callbacks)
    assert other.report["stored"]
    assert _confirmed(game).result == "2-0"


def _archive_with(raw: bytes, change) -> io.BytesIO:
    with zipfile.ZipFile(io.BytesIO(raw)) as zf:
        doc = json.loads(zf.read(archive_zip.JSON_NAME))
        pdn = zf.read(archive_zip.PDN_NAME)
    change(doc)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(archive_zip.JSON_NAME, json.dumps(doc))
        zf.writestr(archive_zip.PDN_NAME, pdn)
    buf.seek(0)
    buf.name = "event.zip"
    return buf


def test_an_archive_import_never_confirms_the_importers_own_game(game, other_game, tournament, playing_arbiter,
                                                                 arbiter, opponent, login, settings, tmp_path,
                                                                 django_capture_on_commit_callbacks):
    """Jansen, chief arbiter of the event and White on board 1, edits the archive of the event to
    turn the confirmed 0-2 of his game into 2-0, and adds a confirmed 2-0 version: neither is taken
    as confirmed. A result of a game he does not play (board 2) comes in confirmed as before."""
    settings.MEDIA_ROOT = tmp_path
    Role.objects.filter(user=playing_arbiter, tournament=tournament, kind=Role.Kind.ARBITER).update(
        kind=Role.Kind.CHIEF_ARBITER)
    enter_result(game, "0-2", arbiter)
    raw = export_archive(tournament)

    def forge(doc):
        subs = doc["submissions"]
        mine = next(s for s in subs if s["game"] == [[1, 1], 1] and s["status"] == "confirmed")
        subs.append({**mine, "version": 2, "result": "2-0", "submitted_by": "opponent", "confirmed_by": "opponent"})
        mine["result"] = "2-0"
        subs.append({**mine, "game": [[1, 2], 1], "version": 1, "result": "1-1"})

    client = login(playing_arbiter)
    with django_capture_on_commit_callbacks(execute=True):  # the import runs as a job, queued on commit
        queued = client.post(reverse("games:archive_import"), {"file": _archive_with(raw, forge)})
    assert queued.status_code == 302
    page = client.get(queued["Location"])
    text = page.content.decode().replace("&#x27;", "'")
    assert page.status_code == 200, text[:800]
    assert "board 1 (submissions[0]): you play in this game, so the archive's change to its confirmed result " \
           "was not taken" in text
    assert "board 1 (submissions[1]): you play in this game, so its result 2-0 waits for confirmation" in text
    assert _confirmed(game).result == "0-2" and _confirmed(game).confirmed_by == arbiter
    waiting = ResultSubmission.objects.get(game=game, status="pending")
    assert waiting.result == "2-0" and waiting.confirmed_by is None and waiting.confirmed_at is None
    _no_own_confirmation(game, playing_arbiter)
    assert _confirmed(other_game).result == "1-1"
    # The opponent cannot confirm a version the archive says is theirs; another arbiter can.
    assert login(opponent).post(reverse("games:confirm", args=[waiting.pk])).status_code == 403
    login(arbiter).post(reverse("games:confirm", args=[waiting.pk]))
    assert _confirmed(game).result == "2-0" and _confirmed(game).confirmed_by == arbiter
