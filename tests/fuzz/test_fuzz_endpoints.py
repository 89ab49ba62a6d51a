"""Fuzzing the web boundaries: CSV player import, move entry (live check and submission), PDN upload.

Each example runs in its own rolled-back transaction. The promises: never a 500, a clear message
for bad input, and nothing stored from a rejected input (rows are counted before and after).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter import read_pdn
from tests.fuzz.mutations import FIXTURES, mutated, read_fixture, split_pdn_games

WEB_FUZZ = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

CSV_TEXT = (FIXTURES / "e2e" / "players12.csv").read_text(encoding="utf-8")
PDN_GAMES = split_pdn_games(read_fixture(FIXTURES / "pdn" / "international" / "nk_ronde_01.pdn"))[:4]
MOVETEXTS = [" ".join(m.text for m in g.moves[:40]) for g in read_pdn("\n\n".join(PDN_GAMES)).games if g.moves]
MOVE_ALPHABET = list("0123456789-x ().\n*?!") + ["\u00d7", "\u2013", "\ufeff"]


def _messages(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def chief_client(chief_arbiter):
    client = Client(raise_request_exception=False)
    client.force_login(chief_arbiter)
    return client


def test_corpus_is_real():
    assert CSV_TEXT.count("\n") == 13 and len(MOVETEXTS) >= 2 and all(len(t.split()) >= 10 for t in MOVETEXTS)


# --- CSV player import -----------------------------------------------------------------------

def _post_csv(client, tournament, data: bytes):
    from tournaments.models import Entry, Player

    before = (Entry.objects.filter(tournament=tournament).count(), Player.objects.count())
    upload = SimpleUploadedFile("players.csv", data, content_type="text/csv")
    response = client.post(reverse("tournaments:import_csv", args=[tournament.slug]), {"file": upload})
    after = (Entry.objects.filter(tournament=tournament).count(), Player.objects.count())
    assert response.status_code == 302, f"{response.status_code} for {data[:200]!r}"
    msgs = _messages(response)
    assert msgs, "the arbiter is always told what happened"
    report = client.session.get(f"csv-report-{tournament.pk}")
    if report is None:  # the whole file was refused: nothing stored
        assert after == before, msgs
    else:
        assert after[0] - before[0] == len(report["imported"]), (report, msgs)
        for rejected in report["rejected"]:
            assert rejected["line"] >= 1 and rejected["reason"], rejected
    return report


@pytest.mark.django_db
@WEB_FUZZ
@given(data=st.data())
def test_csv_import_of_damaged_files_reports_lines_and_stores_only_good_rows(data, chief_client, tournament):
    text = data.draw(mutated(CSV_TEXT))
    with transaction.atomic():
        _post_csv(chief_client, tournament, text.encode("utf-8", "surrogatepass"))
        transaction.set_rollback(True)


@pytest.mark.django_db
@WEB_FUZZ
@given(blob=st.binary(max_size=600))
def test_csv_import_of_random_bytes_never_fails(blob, chief_client, tournament):
    with transaction.atomic():
        _post_csv(chief_client, tournament, blob)
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_csv_import_of_the_real_file_registers_twelve(chief_client, tournament):
    report = _post_csv(chief_client, tournament, CSV_TEXT.encode())
    assert len(report["imported"]) == 12 and not report["rejected"]


# --- move entry --------------------------------------------------------------------------------

@pytest.fixture
def move_world(published_round, player, chief_arbiter):
    from games.services.games import game_for_board

    game = game_for_board(published_round.boards.get(number=1))
    client = Client(raise_request_exception=False)
    client.force_login(player)
    return game, client


def _move_texts():
    return st.one_of(
        st.sampled_from(MOVETEXTS).flatmap(lambda t: mutated(t, max_edits=5)),
        st.text(alphabet=st.sampled_from(MOVE_ALPHABET), max_size=120),
        st.text(max_size=80),
    )


@pytest.mark.django_db
@WEB_FUZZ
@given(text=_move_texts())
def test_live_move_check_explains_every_bad_text_and_stores_nothing(text, move_world):
    from games.models import Game, ResultSubmission
    from games.services.validation import check_game

    game, client = move_world
    before = (Game.objects.values_list("moves", "validation").get(pk=game.pk), ResultSubmission.objects.count())
    response = client.post(reverse("games:check_moves", args=[game.pk]), {"moves": text})
    assert response.status_code == 200, text
    html = response.content.decode()
    chk = check_game(game, text[:20_001])
    if chk.errors or chk.stopped or any(p["irregular"] for p in chk.plies):
        assert 'class="error"' in html or "irregular-msg" in html, text
    elif chk.plies:
        assert "all legal" in html, text
    after = (Game.objects.values_list("moves", "validation").get(pk=game.pk), ResultSubmission.objects.count())
    assert after == before


@pytest.mark.django_db
@WEB_FUZZ
@given(text=_move_texts(), result=st.sampled_from(["2-0", "1-1", "0-2", "+-", "9-9", ""]),
       termination=st.sampled_from(["", "normal", "resignation", "agreement", "forfeit", "nonsense"]))
def test_result_submission_with_any_moves_is_stored_whole_or_refused_with_a_message(text, result, termination,
                                                                                      move_world):
    from games.models import ResultSubmission

    game, client = move_world
    with transaction.atomic():
        before = ResultSubmission.objects.filter(game=game).count()
        response = client.post(reverse("games:submit", args=[game.pk]),
                               {"result": result, "termination": termination, "moves": text})
        assert response.status_code == 302, (response.status_code, text)
        msgs = _messages(response)
        subs = list(ResultSubmission.objects.filter(game=game).order_by("pk"))
        assert len(subs) in (before, before + 1)
        assert msgs, "the player is told what happened"
        if len(subs) == before + 1:
            stored = subs[-1]
            assert stored.status == ResultSubmission.Status.PENDING and stored.result == result
            assert stored.moves == text.strip()
        transaction.set_rollback(True)


# --- PDN upload ----------------------------------------------------------------------------------

@pytest.mark.django_db
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_pdn_upload_of_damaged_files_never_fails_and_stores_only_clean_games(data, chief_client, tournament,
                                                                             published_round, settings,
                                                                             django_capture_on_commit_callbacks):
    from games.models import Game, ResultSubmission
    from tournaments.models import TaskRun

    settings.MEDIA_ROOT = str(Path(__file__).resolve().parent.parent.parent / "test-artifacts" / "fuzz-media")
    text = data.draw(mutated("\n\n".join(PDN_GAMES[:2]), max_edits=6))
    with transaction.atomic():
        games_before, subs_before = Game.objects.count(), ResultSubmission.objects.count()
        upload = SimpleUploadedFile("round.pdn", text.encode("utf-8", "surrogatepass"))
        with django_capture_on_commit_callbacks(execute=True):  # the import task runs inline on commit
            response = chief_client.post(reverse("games:import", args=[tournament.slug]),
                                         {"file": upload, "round_number": "1"})
        assert response.status_code in (200, 302), response.status_code
        if response.status_code == 302:
            run = TaskRun.objects.filter(tournament=tournament, kind="pdn_import").latest("pk")
            report = run.report
            stored = report.get("stored", [])
            assert run.status in ("done", "failed"), run.status
            # Names in the fixture do not match the test's players: nothing may be stored on a board.
            assert not stored and Game.objects.count() >= games_before
            for err in report.get("errors", []):
                assert err["message"] and err["line"] is not None, err
            assert ResultSubmission.objects.count() == subs_before
            page = chief_client.get(response.headers["Location"])
            assert page.status_code == 200
        transaction.set_rollback(True)


# --- draw claims and arbiter rulings ------------------------------------------------------------

_PLY = st.one_of(st.integers(min_value=-3, max_value=3000).map(str), st.text(max_size=6))


@pytest.mark.django_db
@WEB_FUZZ
@given(text=_move_texts(), ply=_PLY,
       rule=st.sampled_from(["", "threefold_repetition", "agreement", "twenty_five_move", "nonsense"]))
def test_draw_claims_with_any_input_are_judged_or_refused_with_a_message(text, ply, rule, move_world):
    from games.models import DrawClaim, ResultSubmission

    game, client = move_world
    with transaction.atomic():
        claims, subs = DrawClaim.objects.filter(game=game).count(), ResultSubmission.objects.filter(game=game).count()
        response = client.post(reverse("games:claim", args=[game.pk]), {"ply": ply, "rule": rule, "moves": text})
        assert response.status_code == 302, (response.status_code, ply, rule, text)
        assert _messages(response), "the claimant is told the ruling or why it was refused"
        new_claims = list(DrawClaim.objects.filter(game=game).order_by("pk"))[claims:]
        assert len(new_claims) <= 1
        upheld = bool(new_claims and new_claims[0].upheld)
        assert ResultSubmission.objects.filter(game=game).count() == subs + (1 if upheld else 0)
        if new_claims:
            assert new_claims[0].explanation, "a stored ruling explains itself"
        transaction.set_rollback(True)


@pytest.mark.django_db
@WEB_FUZZ
@given(text=_move_texts(), ply=_PLY, decision=st.sampled_from(["stands", "corrected", "", "bogus"]),
       corrected=st.one_of(st.just(""), st.text(alphabet=st.sampled_from(MOVE_ALPHABET), max_size=12)))
def test_arbiter_rulings_with_any_input_never_fail(text, ply, decision, corrected, published_round, chief_arbiter):
    from games.models import Game, IrregularityRuling
    from games.services.games import game_for_board

    game = game_for_board(published_round.boards.get(number=1))
    client = Client(raise_request_exception=False)
    client.force_login(chief_arbiter)
    with transaction.atomic():
        # Stored moves never hold a NUL byte (every input path refuses or cleans it, and PostgreSQL
        # cannot store one), so the set-up writes the text without it.
        Game.objects.filter(pk=game.pk).update(moves=text.replace("\x00", ""))
        before = IrregularityRuling.objects.filter(game=game).count()
        response = client.post(reverse("games:ruling", args=[game.pk]),
                               {"ply": ply, "decision": decision, "corrected_move": corrected, "comment": "fuzz"})
        assert response.status_code == 302, (response.status_code, ply, decision, corrected, text)
        assert _messages(response)
        assert IrregularityRuling.objects.filter(game=game).count() in (before, before + 1)
        transaction.set_rollback(True)
